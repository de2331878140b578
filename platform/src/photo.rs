//! What a photo's own bytes say about it before anything is decoded: its type (never the
//! one its sender declared), its pixel count and the memory decoding it would take. The
//! API refuses from this what no worker should decode (a decompression bomb, a file that
//! is not a picture, a half-sent JPEG) and answers at once; the workers' `NormalisePhoto`
//! job decodes what passes (`worker::photo`).
//!
//! Only the image crate's header readers run here, never a decoder's pixels.
//!
//! Long on purpose: the JPEG and WebP walks that say what each decoder holds beside the
//! picture are part of the one reading of a header.

use std::io::Cursor;

use image::{ImageDecoder, ImageFormat, ImageReader, Limits, metadata::Orientation};
use models::ErrorCode;

/// SPEC §5, §9: at most 10 MB.
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
/// Larger photos are refused before decoding: 50 megapixels, 20,000 pixels a side.
pub const MAX_PIXELS: u64 = 50_000_000;
pub const MAX_SIDE: u32 = 20_000;
/// What is kept: the long edge at most this (a detector reads 416 or 640 pixels).
pub const KEPT_LONG_EDGE: u32 = 2048;
pub const MB: u64 = 1024 * 1024;
/// The memory photos being decoded may hold at once in one worker process, and so also
/// the most one photo may take: a 50-megapixel phone photo (8-bit RGB, 150 MB decoded)
/// takes about 170 MB, so it is accepted, while 16-bit samples or an alpha channel hold
/// fewer pixels in as many bytes (7071 × 7071 of 16-bit RGBA is 400 MB decoded, and
/// refused). Photos beyond it wait for room in the worker, one after another.
pub const DEFAULT_DECODE_MEMORY: u64 = 192 * MB;
/// What a decoder may allocate for itself beside the picture: the PNG decoder's chunks (an
/// ICC profile inflated, text) and rows. A zlib bomb in an ICC profile stops there.
pub const DECODER_OWN_MEMORY: u64 = 8 * MB;

/// Why a photo is refused, each with the code and words its sender is answered.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PhotoRefusal {
    #[error("The image file is empty")]
    Empty,
    #[error("Image file size cannot exceed 10MB")]
    FileTooBig,
    #[error("Please select an image file (JPEG, PNG or WebP)")]
    NotAnImage,
    #[error("The image could not be read: {0}")]
    Unreadable(String),
    #[error(
        "The image has too many pixels (at most {} megapixels, {MAX_SIDE} pixels a side)",
        MAX_PIXELS / 1_000_000
    )]
    TooManyPixels,
    #[error(
        "The image is too large to process: {width} × {height} pixels of its kind take \
         {needed_mb} MB to decode, and at most {most_mb} MB is allowed (a 50-megapixel \
         photo of 8-bit colour fits; 16-bit samples, transparency or a progressive JPEG \
         take more)"
    )]
    TooMuchMemory {
        width: u32,
        height: u32,
        needed_mb: u64,
        most_mb: u64,
    },
    #[error("Image processing failed, please try again ({0})")]
    NotWritten(String),
}

impl PhotoRefusal {
    pub fn code(&self) -> ErrorCode {
        match self {
            PhotoRefusal::Empty | PhotoRefusal::Unreadable(_) => ErrorCode::InvalidImage,
            PhotoRefusal::FileTooBig => ErrorCode::ImageFileTooLarge,
            PhotoRefusal::NotAnImage => ErrorCode::UnsupportedImage,
            PhotoRefusal::TooManyPixels | PhotoRefusal::TooMuchMemory { .. } => {
                ErrorCode::ImageTooLarge
            }
            PhotoRefusal::NotWritten(_) => ErrorCode::ImageProcessingFailed,
        }
    }
}

/// What a photo's header says, read before anything is decoded.
#[derive(Debug, Clone, Copy)]
pub struct Header {
    pub format: ImageFormat,
    /// As stored, before its orientation is applied.
    pub width: u32,
    pub height: u32,
    /// How the picture is turned to be shown upright (EXIF).
    pub orientation: Orientation,
    /// width × height × channels × bytes per sample.
    pub decoded: u64,
    /// What the decoder holds beside the picture (a JPEG's coefficients, a WebP's planes,
    /// a PNG's chunks and rows).
    pub decoder_extra: u64,
    /// The upload's copy the decoder keeps (JPEG, WebP; a PNG is read in place).
    pub input: u64,
}

impl Header {
    /// The decoded picture's size: width × height × channels × bytes per sample.
    pub fn decoded_bytes(&self) -> u64 {
        self.decoded
    }

    /// The most memory normalising the photo holds at once (`api/examples/photo_memory.rs`
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

    /// The size it is kept at, upright: its long edge at most [`KEPT_LONG_EDGE`].
    pub fn kept_upright(&self) -> (u32, u32) {
        let (width, height) = kept_size(self.width, self.height);
        if turns_sideways(self.orientation) {
            (height, width)
        } else {
            (width, height)
        }
    }

    /// The MIME type of the format read from its bytes.
    pub fn content_type(&self) -> &'static str {
        self.format.to_mime_type()
    }

    /// [`PhotoRefusal::TooMuchMemory`] when decoding it would take more than `most`.
    pub fn within(self, most: u64) -> Result<Self, PhotoRefusal> {
        if self.working_bytes() > most {
            return Err(PhotoRefusal::TooMuchMemory {
                width: self.width,
                height: self.height,
                needed_mb: self.working_bytes().div_ceil(MB),
                most_mb: most / MB,
            });
        }
        Ok(self)
    }
}

fn turns_sideways(orientation: Orientation) -> bool {
    matches!(
        orientation,
        Orientation::Rotate90
            | Orientation::Rotate270
            | Orientation::Rotate90FlipH
            | Orientation::Rotate270FlipH
    )
}

/// The size a picture is kept at: its long edge at most `KEPT_LONG_EDGE`, its aspect kept.
pub fn kept_size(width: u32, height: u32) -> (u32, u32) {
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

/// A reader of `bytes` as `format` that no picture can make allocate past the limits.
pub fn reader(bytes: &[u8], format: ImageFormat) -> ImageReader<Cursor<&[u8]>> {
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = Limits::default();
    limits.max_image_width = Some(MAX_SIDE);
    limits.max_image_height = Some(MAX_SIDE);
    limits.max_alloc = Some(DECODER_OWN_MEMORY);
    reader.limits(limits);
    reader
}

/// A decoder's error in the words its sender is answered.
pub fn unreadable(e: image::ImageError) -> PhotoRefusal {
    match e {
        image::ImageError::Limits(_) => PhotoRefusal::TooManyPixels,
        other => PhotoRefusal::Unreadable(other.to_string()),
    }
}

/// Reads and checks what the header says (type, size, pixels, decoded size) without
/// decoding the picture; cheap.
pub fn inspect(bytes: &[u8]) -> Result<Header, PhotoRefusal> {
    if bytes.is_empty() {
        return Err(PhotoRefusal::Empty);
    }
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(PhotoRefusal::FileTooBig);
    }
    let format = image::guess_format(bytes).map_err(|_| PhotoRefusal::NotAnImage)?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP
    ) {
        return Err(PhotoRefusal::NotAnImage);
    }
    if format == ImageFormat::Jpeg && !jpeg_is_complete(bytes) {
        return Err(PhotoRefusal::Unreadable(
            "the JPEG file is truncated".into(),
        ));
    }
    // The header alone says how big the picture is: refuse a bomb before decoding it.
    let mut decoder = reader(bytes, format).into_decoder().map_err(unreadable)?;
    let (width, height) = decoder.dimensions();
    let pixels = u64::from(width) * u64::from(height);
    if pixels > MAX_PIXELS || width == 0 || height == 0 {
        return Err(PhotoRefusal::TooManyPixels);
    }
    let orientation = decoder.orientation().map_err(unreadable)?;
    let decoded = decoder.total_bytes();
    let decoder_extra = match format {
        ImageFormat::Jpeg => jpeg_coefficient_bytes(bytes)
            .ok_or_else(|| PhotoRefusal::Unreadable("the JPEG header is malformed".into()))?,
        ImageFormat::WebP => webp_bytes_per_pixel(bytes) * pixels,
        _ => DECODER_OWN_MEMORY,
    };
    Ok(Header {
        format,
        width,
        height,
        orientation,
        decoded,
        decoder_extra,
        input: if format == ImageFormat::Png {
            0
        } else {
            bytes.len() as u64
        },
    })
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

#[cfg(test)]
mod tests;
