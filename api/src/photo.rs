//! An uploaded photo made safe to keep: its type read from its bytes (never from the
//! header the client sent), its size, pixel count and decoded size bounded before anything
//! is decoded (no decompression bombs), decoded within a memory budget shared by every
//! photo being decoded, turned upright as its EXIF orientation says, scaled to a sensible
//! size and stored as a JPEG without its metadata (a phone photo's EXIF can carry where it
//! was taken).
//!
//! Every photo a client sends (an upload, a label to read) goes the same way: the
//! account's upload rate ([`admit`]), then [`Admitted::prepare`].
//!
//! Long on purpose: one pipeline of checks an upload passes in order (type, size, pixel
//! count, decode budget, orientation, scale, re-encode); each check depends on the one
//! before it.

use std::{
    collections::HashMap,
    io::Cursor,
    sync::{
        Arc, Mutex,
        atomic::{AtomicUsize, Ordering},
    },
    time::Duration,
};

use axum::http::StatusCode;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};
use models::ErrorCode;
use models::UserId;
use models::upload::{NewImage, UploadedImage};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::{AppState, error::ApiError};

/// SPEC §5, §9: at most 10 MB.
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
/// A photo's whole form: the photo, its field headers and the notes.
pub const MAX_UPLOAD_FORM_BYTES: usize = MAX_UPLOAD_BYTES + 64 * 1024;
/// Larger photos are refused before decoding: 50 megapixels, 20,000 pixels a side.
pub const MAX_PIXELS: u64 = 50_000_000;
pub const MAX_SIDE: u32 = 20_000;
/// What is kept: the long edge at most this (a detector reads 416 or 640 pixels).
pub const KEPT_LONG_EDGE: u32 = 2048;
const JPEG_QUALITY: u8 = 88;
const MB: u64 = 1024 * 1024;
/// The memory photos being decoded may hold at once, and so also the most one photo may
/// take: a 50-megapixel phone photo (8-bit RGB, 150 MB decoded) takes about 170 MB, so it
/// is accepted, while 16-bit samples or an alpha channel hold fewer pixels in as many
/// bytes (7071 × 7071 of 16-bit RGBA is 400 MB decoded, and refused). Eight such photos
/// sent at once are decoded one after another within it.
pub const DEFAULT_DECODE_MEMORY: u64 = 192 * MB;
/// What a decoder may allocate for itself beside the picture: the PNG decoder's chunks (an
/// ICC profile inflated, text) and rows. A zlib bomb in an ICC profile stops there.
const DECODER_OWN_MEMORY: u64 = 8 * MB;
/// Photos waiting for room beyond this many are answered 503 at once: each holds its
/// upload (up to 10 MB) while it waits.
const MAX_WAITING: usize = 16;
/// Photos of one account that are decoded or wait for room at once. Its others wait
/// behind them in the account's own line, so one account's burst takes at most this many
/// places in the shared line, and other people's photos are never behind more than that
/// from each account.
const TURNS_PER_ACCOUNT: usize = 2;
/// Photos waiting in one account's own line beyond this many are answered 503 at once.
const WAITING_PER_ACCOUNT: usize = 4;
/// What a busy answer asks the client to wait.
const BUSY_RETRY_AFTER_SECS: u64 = 5;

/// A photo ready to store.
#[derive(Debug)]
pub struct PreparedPhoto {
    pub jpeg: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

pub fn not_an_image() -> ApiError {
    ApiError::new(
        ErrorCode::UnsupportedImage,
        "Please select an image file (JPEG, PNG or WebP)",
    )
}

/// A body that is not multipart at all (no boundary, another type): the envelope, not
/// axum's text.
pub fn multipart_required(e: axum::extract::multipart::MultipartRejection) -> ApiError {
    ApiError::new(
        ErrorCode::MultipartRequired,
        format!(
            "Send the photo as multipart/form-data with a field named image ({})",
            e.body_text()
        ),
    )
}

/// A multipart form that breaks off or runs over the size limit.
pub fn unreadable_form(e: axum::extract::multipart::MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        too_big()
    } else if crate::serve::arrived_too_slowly(&e) {
        crate::extract::too_slow()
    } else {
        ApiError::bad_request(format!("The upload could not be read: {}", e.body_text()))
    }
}

pub fn too_big() -> ApiError {
    ApiError::new(
        ErrorCode::ImageFileTooLarge,
        "Image file size cannot exceed 10MB",
    )
}

/// What a photo's header says, read before anything is decoded.
#[derive(Debug, Clone, Copy)]
pub struct Header {
    format: ImageFormat,
    width: u32,
    height: u32,
    /// width × height × channels × bytes per sample.
    decoded: u64,
    /// What the decoder holds beside the picture (a JPEG's coefficients, a WebP's planes,
    /// a PNG's chunks and rows).
    decoder_extra: u64,
    /// The upload's copy the decoder keeps (JPEG, WebP; a PNG is read in place).
    input: u64,
}

impl Header {
    /// The decoded picture's size: width × height × channels × bytes per sample.
    pub fn decoded_bytes(&self) -> u64 {
        self.decoded
    }

    /// The most memory preparing the photo holds at once (`examples/photo_memory.rs`
    /// measures it): the input's copy, the decoded picture and what its decoder holds
    /// beside it, then the scaled picture (of the decoded type), its 8-bit RGB copy and
    /// the turned one, and the JPEG written.
    pub fn working_bytes(&self) -> u64 {
        let (kept_width, kept_height) = kept_size(self.width, self.height);
        let kept_pixels = u64::from(kept_width) * u64::from(kept_height);
        let pixels = u64::from(self.width) * u64::from(self.height);
        let scaled = self.decoded * kept_pixels / pixels.max(1);
        self.input + self.decoded + self.decoder_extra + scaled + 3 * 3 * kept_pixels
    }
}

/// The size a picture is kept at: its long edge at most `KEPT_LONG_EDGE`, its aspect kept.
fn kept_size(width: u32, height: u32) -> (u32, u32) {
    let long = width.max(height);
    if long <= KEPT_LONG_EDGE {
        return (width, height);
    }
    let scale = |side: u32| {
        u32::try_from(u64::from(side) * u64::from(KEPT_LONG_EDGE) / u64::from(long))
            .unwrap_or(1)
            .max(1)
    };
    (scale(width), scale(height))
}

fn reader(bytes: &[u8], format: ImageFormat) -> ImageReader<Cursor<&[u8]>> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(DECODER_OWN_MEMORY);
    reader.limits(limits);
    reader
}

fn unreadable(e: image::ImageError) -> ApiError {
    match e {
        image::ImageError::Limits(_) => pixels_refused(),
        other => ApiError::new(
            ErrorCode::InvalidImage,
            format!("The image could not be read: {other}"),
        ),
    }
}

/// Reads and checks what the header says (type, size, pixels, decoded size) without
/// decoding the picture; cheap.
pub fn inspect(bytes: &[u8]) -> Result<Header, ApiError> {
    if bytes.is_empty() {
        return Err(ApiError::new(
            ErrorCode::InvalidImage,
            "The image file is empty",
        ));
    }
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(too_big());
    }
    let format = image::guess_format(bytes).map_err(|_| not_an_image())?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP
    ) {
        return Err(not_an_image());
    }
    if format == ImageFormat::Jpeg && !jpeg_is_complete(bytes) {
        return Err(ApiError::new(
            ErrorCode::InvalidImage,
            "The image could not be read: the JPEG file is truncated",
        ));
    }
    // The header alone says how big the picture is: refuse a bomb before decoding it.
    let decoder = reader(bytes, format).into_decoder().map_err(unreadable)?;
    let (width, height) = decoder.dimensions();
    let pixels = u64::from(width) * u64::from(height);
    if pixels > MAX_PIXELS || width == 0 || height == 0 {
        return Err(pixels_refused());
    }
    let decoded = decoder.total_bytes();
    let decoder_extra = match format {
        ImageFormat::Jpeg => jpeg_coefficient_bytes(bytes).ok_or_else(|| {
            ApiError::new(
                ErrorCode::InvalidImage,
                "The image could not be read: the JPEG header is malformed",
            )
        })?,
        ImageFormat::WebP => webp_bytes_per_pixel(bytes) * pixels,
        _ => DECODER_OWN_MEMORY,
    };
    Ok(Header {
        format,
        width,
        height,
        decoded,
        decoder_extra,
        input: if format == ImageFormat::Png {
            0
        } else {
            bytes.len() as u64
        },
    })
}

/// Checks and normalises an upload, whatever memory it takes (blocking). Requests go
/// through [`Admitted::prepare`], which waits for room in the decode budget first.
pub fn prepare(bytes: &[u8]) -> Result<PreparedPhoto, ApiError> {
    decode(bytes, &inspect(bytes)?)
}

/// Decodes the picture, scales it down first (a thumbnail of the decoded type, without the
/// full-size float copy a filtered resize makes), then turns and converts only what is
/// kept.
fn decode(bytes: &[u8], header: &Header) -> Result<PreparedPhoto, ApiError> {
    let mut decoder = reader(bytes, header.format)
        .into_decoder()
        .map_err(unreadable)?;
    let orientation = decoder.orientation().map_err(unreadable)?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(unreadable)?;
    let (width, height) = kept_size(picture.width(), picture.height());
    if (width, height) != (picture.width(), picture.height()) {
        picture = picture.thumbnail_exact(width, height);
    }
    let mut picture = DynamicImage::ImageRgb8(picture.into_rgb8());
    picture.apply_orientation(orientation);
    let rgb = picture.into_rgb8();
    let mut jpeg = Vec::with_capacity(rgb.len() / 8);
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
        .encode_image(&rgb)
        .map_err(ApiError::internal)?;
    Ok(PreparedPhoto {
        jpeg,
        width: rgb.width(),
        height: rgb.height(),
    })
}

/// The memory that photos being decoded hold together, and how long a photo waits for its
/// share. A photo reserves its working memory (from its header) until its decode ends,
/// even when its client has gone: many small photos are decoded together, a big one waits
/// for room.
#[derive(Debug)]
pub struct DecodeBudget {
    /// One permit per MiB.
    room: Arc<Semaphore>,
    total: u64,
    wait: Duration,
    waiting: AtomicUsize,
    /// Each account's own line, while it has photos in it.
    lines: Arc<Mutex<HashMap<UserId, Arc<AccountLine>>>>,
}

/// One account's place in the budget: its turns, and how many of its photos wait for one.
#[derive(Debug)]
struct AccountLine {
    turns: Arc<Semaphore>,
    waiting: AtomicUsize,
}

/// An account's line, held by one of its photos; the line is forgotten with its last.
#[derive(Debug)]
struct InLine {
    owner: UserId,
    line: Arc<AccountLine>,
    lines: Arc<Mutex<HashMap<UserId, Arc<AccountLine>>>>,
}

impl Drop for InLine {
    fn drop(&mut self) {
        let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        // The map's and this one: no other photo of the account holds it.
        if Arc::strong_count(&self.line) == 2 {
            lines.remove(&self.owner);
        }
    }
}

/// Room reserved in the budget; given back when dropped.
#[derive(Debug)]
pub struct Reserved {
    _room: OwnedSemaphorePermit,
    _turn: Option<(OwnedSemaphorePermit, InLine)>,
}

impl DecodeBudget {
    pub fn new(total_bytes: u64, wait: Duration) -> Self {
        let total = total_bytes.div_ceil(MB).clamp(1, u64::from(u32::MAX));
        DecodeBudget {
            room: Arc::new(Semaphore::new(total as usize)),
            total: total * MB,
            wait,
            waiting: AtomicUsize::new(0),
            lines: Arc::default(),
        }
    }

    /// The most one photo may take (all of it).
    pub fn total_bytes(&self) -> u64 {
        self.total
    }

    /// Reserves `bytes` (at most the whole budget) at once, or `None` when there is no
    /// room now.
    pub fn try_reserve(&self, bytes: u64) -> Option<Reserved> {
        let permits = u32::try_from(bytes.div_ceil(MB).min(self.total / MB)).ok()?;
        self.room
            .clone()
            .try_acquire_many_owned(permits)
            .ok()
            .map(|room| Reserved {
                _room: room,
                _turn: None,
            })
    }

    /// Reserves `bytes` for a photo of `owner`: first one of the account's turns, then
    /// the room, waiting for both as long as the budget's wait; 503 `SERVER_BUSY` with
    /// Retry-After past it, or when too many photos wait already (in all, or of this
    /// account).
    async fn reserve(&self, owner: UserId, bytes: u64) -> Result<Reserved, ApiError> {
        let permits =
            u32::try_from(bytes.div_ceil(MB).min(self.total / MB)).map_err(ApiError::internal)?;
        let deadline = tokio::time::Instant::now() + self.wait;
        let in_line = self.line_of(owner);
        let turn = match in_line.line.turns.clone().try_acquire_owned() {
            Ok(turn) => turn,
            Err(_) => {
                let line = &in_line.line;
                let _waiting = Waiting::counted(&line.waiting, WAITING_PER_ACCOUNT)?;
                let turns = line.turns.clone().acquire_owned();
                match tokio::time::timeout_at(deadline, turns).await {
                    Ok(Ok(turn)) => turn,
                    Ok(Err(closed)) => return Err(ApiError::internal(closed)),
                    Err(_) => return Err(busy()),
                }
            }
        };
        let turn = Some((turn, in_line));
        if let Ok(room) = self.room.clone().try_acquire_many_owned(permits) {
            return Ok(Reserved {
                _room: room,
                _turn: turn,
            });
        }
        let _waiting = Waiting::counted(&self.waiting, MAX_WAITING)?;
        let room = self.room.clone().acquire_many_owned(permits);
        match tokio::time::timeout_at(deadline, room).await {
            Ok(Ok(room)) => Ok(Reserved {
                _room: room,
                _turn: turn,
            }),
            Ok(Err(closed)) => Err(ApiError::internal(closed)),
            Err(_) => Err(busy()),
        }
    }

    /// `owner`'s line, made when it has none.
    fn line_of(&self, owner: UserId) -> InLine {
        let mut lines = self.lines.lock().unwrap_or_else(|e| e.into_inner());
        let line = lines
            .entry(owner)
            .or_insert_with(|| {
                Arc::new(AccountLine {
                    turns: Arc::new(Semaphore::new(TURNS_PER_ACCOUNT)),
                    waiting: AtomicUsize::new(0),
                })
            })
            .clone();
        InLine {
            owner,
            line,
            lines: self.lines.clone(),
        }
    }
}

/// One photo counted among those waiting, while it waits.
struct Waiting<'a>(&'a AtomicUsize);

impl<'a> Waiting<'a> {
    /// Counts one more waiting photo, or says busy when `most` wait already.
    fn counted(waiting: &'a AtomicUsize, most: usize) -> Result<Self, ApiError> {
        if waiting.fetch_add(1, Ordering::SeqCst) >= most {
            waiting.fetch_sub(1, Ordering::SeqCst);
            return Err(busy());
        }
        Ok(Waiting(waiting))
    }
}

impl Drop for Waiting<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

fn busy() -> ApiError {
    ApiError {
        retry_after: Some(BUSY_RETRY_AFTER_SECS),
        ..ApiError::new(
            ErrorCode::ServerBusy,
            format!(
                "Too many photos are being processed right now; please try again in \
                 {BUSY_RETRY_AFTER_SECS} seconds"
            ),
        )
    }
}

/// A photo of this account may be sent now (see [`admit`]).
pub struct Admitted<'a> {
    state: &'a AppState,
    owner: UserId,
}

/// Counts a piece of photo work against the account's budget (photos sent, analyses,
/// barcode and label readings together): 429 `RATE_LIMITED` with Retry-After past it.
pub async fn count_work(state: &AppState, owner: UserId) -> Result<(), ApiError> {
    let limit = state.config.rate_limits.upload_per_account;
    state
        .limiter
        .check(&format!("upload:{}", owner.get()), limit)
        .await
        .map_err(|refused| ApiError {
            message: format!(
                "Too many photos sent or read: at most {} every {} minutes; try again in {} seconds",
                limit.calls,
                limit.window.as_secs().div_ceil(60),
                refused.retry_after.unwrap_or(1)
            ),
            ..refused
        })
}

/// The routes whose body is a photo's form (multipart, up to [`MAX_UPLOAD_FORM_BYTES`]),
/// by their path: what an `Idempotency-Key` may make the server read of them, and only
/// once the account is admitted. A test holds it to the OpenAPI document.
pub const FORM_ROUTES: &[&str] = &["/images/upload", "/labels/read"];

/// A photo counted against its account's budget already, before its body was read (by
/// the `Idempotency-Key` layer): the route does not count it twice.
#[derive(Debug, Clone, Copy)]
pub struct Counted(pub UserId);

/// Counts a photo against the account's budget ([`count_work`]), before its body is read,
/// unless it was `counted` for this account already.
pub async fn admit(
    state: &AppState,
    owner: UserId,
    counted: Option<Counted>,
) -> Result<Admitted<'_>, ApiError> {
    if !counted.is_some_and(|Counted(whose)| whose == owner) {
        count_work(state, owner).await?;
    }
    Ok(Admitted { state, owner })
}

impl Admitted<'_> {
    /// Checks the header, waits for room in the decode budget, and prepares the photo off
    /// the async threads. A photo that would take more than the whole budget is refused
    /// (422 `IMAGE_TOO_LARGE`).
    pub async fn prepare(
        self,
        bytes: impl AsRef<[u8]> + Send + 'static,
    ) -> Result<PreparedPhoto, ApiError> {
        let header = inspect(bytes.as_ref())?;
        let budget = &self.state.photos;
        let working = header.working_bytes();
        if working > budget.total_bytes() {
            return Err(decoded_refused(&header, budget.total_bytes()));
        }
        let room = budget.reserve(self.owner, working).await?;
        tokio::task::spawn_blocking(move || {
            let prepared = decode(bytes.as_ref(), &header);
            drop(room);
            prepared
        })
        .await
        .map_err(ApiError::internal)?
    }
}

/// Whether a JPEG's last scan is followed by its end marker. The decoder would fill a
/// truncated image with grey rather than fail, so a half-uploaded photo is caught here.
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let last_scan = bytes.windows(2).rposition(|w| w == [0xFF, 0xDA]);
    match last_scan {
        Some(at) => bytes[at..].windows(2).any(|w| w == [0xFF, 0xD9]),
        None => false,
    }
}

/// What zune-jpeg holds beside the picture: nothing for a baseline JPEG whose first scan
/// has every component (it is decoded a row of blocks at a time), else every block's
/// coefficients (16 bits each) until the last scan. `None` for a malformed header.
fn jpeg_coefficient_bytes(bytes: &[u8]) -> Option<u64> {
    /// A JPEG frame's header.
    struct Frame {
        progressive: bool,
        width: u64,
        height: u64,
        /// Each component's (horizontal, vertical) sampling factors.
        sampling: Vec<(u64, u64)>,
    }
    let byte = |at: usize| bytes.get(at).copied();
    let mut frame: Option<Frame> = None;
    let mut at = 2;
    loop {
        while byte(at)? == 0xFF && byte(at + 1)? == 0xFF {
            at += 1;
        }
        if byte(at)? != 0xFF {
            return None;
        }
        let marker = byte(at + 1)?;
        if matches!(marker, 0x01 | 0xD0..=0xD7) {
            at += 2;
            continue;
        }
        let length = usize::from(u16::from_be_bytes([byte(at + 2)?, byte(at + 3)?]));
        let segment = bytes.get(at + 4..at + 2 + length)?;
        match marker {
            0xC0..=0xCF if !matches!(marker, 0xC4 | 0xC8 | 0xCC) => {
                let height = u64::from(u16::from_be_bytes([*segment.get(1)?, *segment.get(2)?]));
                let width = u64::from(u16::from_be_bytes([*segment.get(3)?, *segment.get(4)?]));
                let count = usize::from(*segment.get(5)?);
                let sampling = segment
                    .get(6..6 + 3 * count)?
                    .chunks_exact(3)
                    .map(|c| (u64::from(c[1] >> 4).max(1), u64::from(c[1] & 15).max(1)))
                    .collect();
                let progressive = matches!(marker, 0xC2 | 0xC6 | 0xCA | 0xCE);
                frame = Some(Frame {
                    progressive,
                    width,
                    height,
                    sampling,
                });
            }
            0xDA => {
                let Frame {
                    progressive,
                    width,
                    height,
                    sampling,
                } = frame?;
                let in_first_scan = usize::from(*segment.first()?);
                if !progressive && in_first_scan == sampling.len() {
                    return Some(0);
                }
                let h_max = sampling.iter().map(|s| s.0).max()?;
                let v_max = sampling.iter().map(|s| s.1).max()?;
                let blocks_across = width.div_ceil(8 * h_max);
                let blocks_down = height.div_ceil(8 * v_max);
                let per_block: u64 = sampling.iter().map(|(h, v)| h * v * 64 * 2).sum();
                return Some(blocks_across * blocks_down * per_block);
            }
            0xD9 => return None,
            _ => {}
        }
        at += 2 + length;
    }
}

/// What image-webp holds per pixel beside the picture (measured, rounded up): the colour
/// planes of a lossy frame (1.5 bytes); a frame of 32-bit pixels for a lossless one without
/// alpha; for a lossy one with alpha, its alpha plane decoded as a lossless frame too; for
/// an animation, the first frame, its alpha and the canvas.
fn webp_bytes_per_pixel(bytes: &[u8]) -> u64 {
    const ALPHA: u8 = 0x10;
    const ANIMATION: u8 = 0x02;
    let mut flags = 0;
    let mut at = 12;
    while let Some(chunk) = bytes.get(at..at + 8) {
        match &chunk[..4] {
            b"VP8X" => flags = bytes.get(at + 8).copied().unwrap_or(0xFF),
            _ if flags & ANIMATION != 0 => return 14,
            b"VP8L" => return 4,
            b"VP8 " if flags & ALPHA != 0 => return 8,
            b"VP8 " => return 2,
            _ => {}
        }
        let size = u32::from_le_bytes([chunk[4], chunk[5], chunk[6], chunk[7]]) as usize;
        at += 8 + size + size % 2;
    }
    // A frame the walk did not find: assume the most.
    14
}

fn decoded_refused(header: &Header, most: u64) -> ApiError {
    ApiError::new(
        ErrorCode::ImageTooLarge,
        format!(
            "The image is too large to process: {} × {} pixels of its kind take {} MB to \
             decode, and at most {} MB is allowed (a 50-megapixel photo of 8-bit colour \
             fits; 16-bit samples, transparency or a progressive JPEG take more)",
            header.width,
            header.height,
            header.working_bytes().div_ceil(MB),
            most / MB
        ),
    )
}

fn pixels_refused() -> ApiError {
    ApiError::new(
        ErrorCode::ImageTooLarge,
        format!(
            "The image has too many pixels (at most {} megapixels, {MAX_SIDE} pixels a side)",
            MAX_PIXELS / 1_000_000
        ),
    )
}

/// 413 `UPLOAD_QUOTA_EXCEEDED` when the account keeps as many photos as it may already:
/// checked before a photo is read, let alone decoded.
pub async fn room_to_keep(state: &AppState, owner: UserId) -> Result<(), ApiError> {
    let quota = state.config.uploads.quota_bytes;
    let stored = state.stores.images.stored_bytes(owner).await?;
    if stored >= quota {
        return Err(quota_exceeded(stored, quota));
    }
    Ok(())
}

/// Keeps a prepared photo of `owner` in the photo store and its record, within the
/// account's quota (413 `UPLOAD_QUOTA_EXCEEDED` past it). Nothing half-saved: no record
/// without its file, no file without its record.
pub async fn keep(
    state: &AppState,
    owner: UserId,
    prepared: PreparedPhoto,
    notes: Option<String>,
) -> Result<UploadedImage, ApiError> {
    let quota = state.config.uploads.quota_bytes;
    let image = NewImage {
        owner,
        file_path: platform::uploads::new_upload_path(owner),
        content_type: "image/jpeg".into(),
        width: prepared.width,
        height: prepared.height,
        byte_size: prepared.jpeg.len() as u64,
        notes,
    };
    state.blobs.put(&image.file_path, prepared.jpeg).await?;
    let stored = state.stores.images.create(&image, quota).await;
    match stored {
        Ok(Some(image)) => Ok(image),
        Ok(None) => {
            state.blobs.remove(&image.file_path).await;
            let stored = state.stores.images.stored_bytes(owner).await?;
            Err(quota_exceeded(stored + image.byte_size, quota))
        }
        Err(e) => {
            state.blobs.remove(&image.file_path).await;
            Err(e.into())
        }
    }
}

/// 413 `UPLOAD_QUOTA_EXCEEDED`: the account keeps as many photos as it may.
fn quota_exceeded(needed: u64, quota: u64) -> ApiError {
    let mb = |bytes: u64| bytes.div_ceil(1024 * 1024);
    ApiError::new(
        ErrorCode::UploadQuotaExceeded,
        format!(
            "Your photos would take {} MB of the {} MB an account may keep; delete photos \
             you no longer need (their meals stay) to upload new ones",
            mb(needed),
            mb(quota)
        ),
    )
}

#[cfg(test)]
mod tests;
