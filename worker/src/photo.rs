//! A photo made what the product keeps: decoded within the memory this process gives
//! decoding, turned upright as its EXIF orientation says, scaled to a sensible size and
//! stored again as a JPEG without its metadata. The API stored the photo as it was sent,
//! after its header passed (`platform::photo::inspect`); the `NormalisePhoto` job does
//! this, and a stage that reads the photo before that job has run does it first.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use image::DynamicImage;
use models::ErrorCode;
use models::upload::{NewImage, UploadedImage};
use platform::photo::{Header, MB, PhotoRefusal, inspect, reader, unreadable};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use crate::handlers::{photo_of, store_fault};
use crate::{JobError, WorkerDeps};

const JPEG_QUALITY: u8 = 88;

/// A photo as it is kept.
#[derive(Debug)]
pub struct NormalisedPhoto {
    pub jpeg: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

/// Checks the header again (the bytes are the sender's) and normalises the photo,
/// whatever memory it takes (blocking). Jobs go through [`DecodeRoom::normalise`].
pub fn normalise(bytes: &[u8]) -> Result<NormalisedPhoto, PhotoRefusal> {
    decode(bytes, &inspect(bytes)?)
}

/// Decodes the picture, scales it down first (a thumbnail of the decoded type, without the
/// full-size float copy a filtered resize makes), then turns and converts only what is
/// kept. A JPEG that is already as kept (the web app sends its photos shrunk to the kept
/// size, upright, as 8-bit colour JPEGs) is kept as it came, less its metadata: decoding
/// and writing it again would cost the most CPU of the whole step and lose quality.
fn decode(bytes: &[u8], header: &Header) -> Result<NormalisedPhoto, PhotoRefusal> {
    let as_kept = header.format == image::ImageFormat::Jpeg
        && header.orientation == image::metadata::Orientation::NoTransforms
        && platform::photo::kept_size(header.width, header.height) == (header.width, header.height);
    if let Some(jpeg) = as_kept
        .then(|| jpeg_without_metadata(bytes, header.width, header.height))
        .flatten()
    {
        return Ok(NormalisedPhoto {
            jpeg,
            width: header.width,
            height: header.height,
        });
    }
    written_again(bytes, header)
}

/// Normalises by decoding and writing the photo again, whatever it is: what a photo to
/// be turned or scaled takes (and, before, every photo; `benches/normalise.rs` sets the
/// two side by side).
pub fn normalised_by_writing(bytes: &[u8]) -> Result<NormalisedPhoto, PhotoRefusal> {
    written_again(bytes, &inspect(bytes)?)
}

fn written_again(bytes: &[u8], header: &Header) -> Result<NormalisedPhoto, PhotoRefusal> {
    let decoder = reader(bytes, header.format)
        .into_decoder()
        .map_err(unreadable)?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(unreadable)?;
    let (width, height) = platform::photo::kept_size(picture.width(), picture.height());
    if (width, height) != (picture.width(), picture.height()) {
        picture = picture.thumbnail_exact(width, height);
    }
    let mut picture = DynamicImage::ImageRgb8(picture.into_rgb8());
    picture.apply_orientation(header.orientation);
    let rgb = picture.into_rgb8();
    let mut jpeg = Vec::with_capacity(rgb.len() / 8);
    image::codecs::jpeg::JpegEncoder::new_with_quality(&mut jpeg, JPEG_QUALITY)
        .encode_image(&rgb)
        .map_err(|e| PhotoRefusal::NotWritten(e.to_string()))?;
    Ok(NormalisedPhoto {
        jpeg,
        width: rgb.width(),
        height: rgb.height(),
    })
}

/// A JPEG's own bytes without what is not the picture: EXIF (where and when it was taken,
/// the camera), XMP, IPTC, comments, thumbnails, and anything after its end (a phone's
/// second picture). Kept: the JFIF header, the colour profile, Adobe's colour transform
/// and every table and scan. None where it is not a plain picture this product keeps as
/// it is: not 8-bit grey or YCbCr colour (1 or 3 components), or not whole.
fn jpeg_without_metadata(bytes: &[u8], width: u32, height: u32) -> Option<Vec<u8>> {
    const SOI: u8 = 0xD8;
    const EOI: u8 = 0xD9;
    const SOS: u8 = 0xDA;
    if bytes.get(..2)? != [0xFF, SOI] {
        return None;
    }
    let mut kept = Vec::with_capacity(bytes.len());
    kept.extend_from_slice(&bytes[..2]);
    let mut at = 2;
    let mut frames = 0;
    loop {
        // Fill bytes (0xFF repeated) may come before a marker.
        while bytes.get(at) == Some(&0xFF) && bytes.get(at + 1) == Some(&0xFF) {
            at += 1;
        }
        let (&ff, &marker) = (bytes.get(at)?, bytes.get(at + 1)?);
        let length = usize::from(u16::from_be_bytes([
            *bytes.get(at + 2)?,
            *bytes.get(at + 3)?,
        ]));
        if ff != 0xFF || length < 2 {
            return None;
        }
        let segment = bytes.get(at..at + 2 + length)?;
        let body = &segment[4..];
        let keep = match marker {
            // Start of a baseline or extended frame, once: 8-bit samples, grey or YCbCr,
            // of the size the header said.
            0xC0 | 0xC1 => {
                frames += 1;
                let side = |i: usize| {
                    Some(u32::from(u16::from_be_bytes([
                        *body.get(i)?,
                        *body.get(i + 1)?,
                    ])))
                };
                let plain = *body.first()? == 8
                    && (side(3)?, side(1)?) == (width, height)
                    && matches!(*body.get(5)?, 1 | 3);
                if !plain || frames > 1 {
                    return None;
                }
                true
            }
            // Tables (quantisation, Huffman, restarts) and the scan.
            0xDB | 0xC4 | 0xDD | SOS => true,
            // JFIF's header, without a thumbnail (which may show what was cropped out).
            0xE0 => body.starts_with(b"JFIF\0") && length == 16,
            0xE2 => body.starts_with(b"ICC_PROFILE\0"),
            // Adobe's colour transform.
            0xEE => true,
            // EXIF, XMP, IPTC, comments and the rest of the applications' own.
            0xE1..=0xEF | 0xFE => false,
            // Progressive, lossless, hierarchical or arithmetic-coded frames, and markers
            // that do not belong here: written again instead.
            _ => return None,
        };
        if keep {
            kept.extend_from_slice(segment);
        }
        at += 2 + length;
        if marker == SOS {
            break;
        }
    }
    if frames != 1 {
        return None;
    }
    // The one scan to the end of the picture: inside it 0xFF is followed by 0x00 (a
    // stuffed byte) or a restart marker; anything else before the end (a second scan, a
    // segment between scans) and the photo is written again instead.
    let scan = &bytes[at..];
    let mut i = 0;
    while i + 1 < scan.len() {
        if scan[i] == 0xFF {
            match scan[i + 1] {
                EOI => {
                    kept.extend_from_slice(&scan[..i + 2]);
                    return Some(kept);
                }
                0x00 | 0xD0..=0xD7 | 0xFF => {}
                _ => return None,
            }
        }
        i += 1;
    }
    None
}

/// The memory the photos this process decodes hold together. A photo reserves what its
/// header says it takes until its decode ends; many small photos are decoded together, a
/// big one waits for room. (The API refused every photo that would take more than all of
/// it; one that does anyway, under a smaller setting here, takes all of it.)
#[derive(Debug)]
pub struct DecodeRoom {
    /// One permit per MiB.
    room: Arc<Semaphore>,
    total_mb: u32,
    /// One lock per photo being normalised, so two jobs of one photo decode it once.
    photos: Mutex<HashMap<i64, Arc<tokio::sync::Mutex<()>>>>,
}

impl DecodeRoom {
    pub fn new(total_bytes: u64) -> Self {
        let total_mb = u32::try_from(total_bytes.div_ceil(MB).max(1)).unwrap_or(u32::MAX >> 3);
        DecodeRoom {
            room: Arc::new(Semaphore::new(total_mb as usize)),
            total_mb,
            photos: Mutex::default(),
        }
    }

    async fn reserve(&self, bytes: u64) -> OwnedSemaphorePermit {
        let mb = u32::try_from(bytes.div_ceil(MB).max(1))
            .unwrap_or(u32::MAX)
            .min(self.total_mb);
        self.room
            .clone()
            .acquire_many_owned(mb)
            .await
            .expect("the decode room is never closed")
    }

    /// Normalises `bytes` once there is room, off the async threads.
    pub async fn normalise(&self, bytes: Vec<u8>) -> Result<NormalisedPhoto, JobError> {
        let header = inspect(&bytes).map_err(refused)?;
        let room = self.reserve(header.working_bytes()).await;
        tokio::task::spawn_blocking(move || {
            let normalised = decode(&bytes, &header);
            drop(room);
            normalised
        })
        .await
        .map_err(|e| JobError::Transient(format!("normalising the photo panicked: {e}")))?
        .map_err(refused)
    }

    /// The lock of one photo's normalising, forgotten when no one holds it.
    fn lock_of(&self, image_id: i64) -> Arc<tokio::sync::Mutex<()>> {
        let mut photos = self.photos.lock().unwrap_or_else(|e| e.into_inner());
        photos.retain(|_, lock| Arc::strong_count(lock) > 1);
        photos.entry(image_id).or_default().clone()
    }
}

/// A photo no worker can make anything of: the job fails for good, in the sender's words.
fn refused(why: PhotoRefusal) -> JobError {
    JobError::permanent(why.code(), why.to_string())
}

/// The kept photo of `image`, normalised first if it is not yet (and then stored so),
/// as one job at a time in this process does it for one photo.
pub async fn kept_photo(deps: &WorkerDeps, image: &UploadedImage) -> Result<Vec<u8>, JobError> {
    if image.normalised {
        return photo_of(deps, &image.file_path).await;
    }
    let lock = deps.decoding.lock_of(image.id);
    let _normalising = lock.lock().await;
    let image = crate::handlers::image_of(deps, image.id).await?;
    let sent = photo_of(deps, &image.file_path).await?;
    if image.normalised {
        return Ok(sent);
    }
    let kept = deps.decoding.normalise(sent).await?;
    let record = NewImage {
        owner: image.owner,
        file_path: image.file_path.clone(),
        content_type: "image/jpeg".into(),
        width: kept.width,
        height: kept.height,
        byte_size: kept.jpeg.len() as u64,
        notes: image.notes.clone(),
    };
    // The file first: a record that says normalised always has its JPEG. A worker that
    // dies between the two leaves the JPEG and a record that does not say so yet: the
    // next job decodes the JPEG again, which has no EXIF left to turn it twice.
    deps.blobs
        .put(&image.file_path, kept.jpeg.clone())
        .await
        .map_err(|e| JobError::Transient(format!("photo store: {e}")))?;
    let recorded = deps
        .stores
        .images
        .normalised(image.id, &record)
        .await
        .map_err(store_fault)?;
    if !recorded {
        // The photo (or its account) was deleted while it was normalised, after its
        // files were removed: what was just written goes too.
        deps.blobs.remove(&image.file_path).await;
        return Err(JobError::permanent(
            ErrorCode::ImageNotFound,
            format!("Image {} was deleted", image.id),
        ));
    }
    Ok(kept.jpeg)
}

#[cfg(test)]
mod tests {
    use std::io::Cursor;

    use image::ImageFormat;

    use super::*;

    fn png(width: u32, height: u32) -> Vec<u8> {
        let picture = image::RgbImage::from_pixel(width, height, image::Rgb([200, 100, 50]));
        let mut out = Vec::new();
        picture
            .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
            .unwrap();
        out
    }

    #[test]
    fn keeps_a_jpeg_of_a_good_picture() {
        let kept = normalise(&png(64, 48)).unwrap();
        assert_eq!((kept.width, kept.height), (64, 48));
        assert_eq!(image::guess_format(&kept.jpeg).unwrap(), ImageFormat::Jpeg);
    }

    #[test]
    fn scales_a_large_picture_down() {
        let kept = normalise(&png(4096, 1024)).unwrap();
        assert_eq!((kept.width, kept.height), (2048, 512));
    }

    #[test]
    fn a_picture_whose_data_is_damaged_is_refused_when_decoded() {
        let mut bytes = png(64, 64);
        bytes.truncate(bytes.len() / 2);
        assert_eq!(
            normalise(&bytes).unwrap_err().code().as_str(),
            "INVALID_IMAGE"
        );
    }

    #[test]
    fn a_deep_picture_is_kept_as_8_bit_rgb() {
        let mut deep = Vec::new();
        image::DynamicImage::ImageRgba16(image::ImageBuffer::from_pixel(
            3000,
            1000,
            image::Rgba([0x1234, 0x5678, 0x9abc, 0xffff]),
        ))
        .write_to(&mut Cursor::new(&mut deep), ImageFormat::Png)
        .unwrap();
        let kept = normalise(&deep).unwrap();
        assert_eq!((kept.width, kept.height), (2048, 682));
        let back = image::load_from_memory(&kept.jpeg).unwrap();
        assert_eq!(back.color(), image::ColorType::Rgb8);
    }

    /// A JPEG as the web app sends one, with an EXIF block (a place and a camera), a
    /// comment and a second picture after its end, as phones append.
    fn jpeg_with_metadata(width: u32, height: u32, orientation: u8) -> Vec<u8> {
        let picture = image::RgbImage::from_fn(width, height, |x, y| {
            image::Rgb([(x % 256) as u8, (y % 256) as u8, 90])
        });
        let mut plain = Vec::new();
        image::codecs::jpeg::JpegEncoder::new_with_quality(&mut plain, 80)
            .encode_image(&picture)
            .unwrap();
        // EXIF: a little-endian TIFF with one entry, the orientation, and the words of a
        // place that must not be kept.
        let mut exif = b"Exif\0\0II*\0\x08\0\0\0\x01\0\x12\x01\x03\0\x01\0\0\0".to_vec();
        exif.extend_from_slice(&[orientation, 0, 0, 0, 0, 0, 0, 0]);
        exif.extend_from_slice(b"GPS 31.2304N 121.4737E");
        let segment = |marker: u8, body: &[u8]| {
            let mut s = vec![0xFF, marker];
            s.extend_from_slice(&u16::try_from(body.len() + 2).unwrap().to_be_bytes());
            s.extend_from_slice(body);
            s
        };
        let mut jpeg = plain[..2].to_vec();
        jpeg.extend(segment(0xE1, &exif));
        jpeg.extend(segment(0xFE, b"shot at home"));
        jpeg.extend_from_slice(&plain[2..]);
        jpeg.extend_from_slice(&plain);
        jpeg
    }

    #[test]
    fn a_jpeg_already_as_kept_is_kept_as_it_came_less_its_metadata() {
        let sent = jpeg_with_metadata(640, 480, 1);
        let kept = normalise(&sent).unwrap();
        assert_eq!((kept.width, kept.height), (640, 480));
        let has = |bytes: &[u8], what: &[u8]| bytes.windows(what.len()).any(|w| w == what);
        assert!(has(&sent, b"GPS") && has(&sent, b"shot at home"));
        assert!(!has(&kept.jpeg, b"GPS") && !has(&kept.jpeg, b"Exif"));
        assert!(!has(&kept.jpeg, b"shot at home"));
        // Not written again: the same scans, byte for byte, and nothing after their end.
        assert!(
            kept.jpeg.len() < sent.len() / 2 + 100,
            "{} of {}",
            kept.jpeg.len(),
            sent.len()
        );
        assert!(kept.jpeg.ends_with(&[0xFF, 0xD9]));
        let back = image::load_from_memory(&kept.jpeg).unwrap().to_rgb8();
        let again = image::load_from_memory(&sent).unwrap().to_rgb8();
        assert_eq!(back, again, "the same pixels");
    }

    #[test]
    fn a_jpeg_to_be_turned_or_scaled_is_written_again() {
        // Turned (EXIF orientation 6, a quarter turn): upright now, without its EXIF.
        let kept = normalise(&jpeg_with_metadata(64, 48, 6)).unwrap();
        assert_eq!((kept.width, kept.height), (48, 64));
        assert!(!kept.jpeg.windows(3).any(|w| w == b"GPS"));
        let kept = normalise(&jpeg_with_metadata(3000, 1000, 1)).unwrap();
        assert_eq!((kept.width, kept.height), (2048, 682));
    }

    #[test]
    fn a_jpeg_that_is_not_whole_or_plain_is_not_kept_as_it_came() {
        let sent = jpeg_with_metadata(64, 48, 1);
        let first_end = sent.windows(2).position(|w| w == [0xFF, 0xD9]).unwrap();
        assert!(
            jpeg_without_metadata(&sent[..first_end], 64, 48).is_none(),
            "no end"
        );
        assert!(
            jpeg_without_metadata(&sent, 64, 49).is_none(),
            "not its size"
        );
        assert!(jpeg_without_metadata(b"\xFF\xD8\xFF\xE0\x00\x01", 1, 1).is_none());
        assert!(jpeg_without_metadata(b"\xFF\xD8\xFF\xE0\x00\x10JFIF", 1, 1).is_none());
        assert!(jpeg_without_metadata(&png(8, 8), 8, 8).is_none());
        // A grey JPEG is plain too.
        let grey = image::GrayImage::from_pixel(32, 32, image::Luma([120]));
        let mut jpeg = Vec::new();
        image::codecs::jpeg::JpegEncoder::new(&mut jpeg)
            .encode_image(&grey)
            .unwrap();
        assert_eq!(jpeg_without_metadata(&jpeg, 32, 32).unwrap(), jpeg);
    }

    #[tokio::test]
    async fn photos_wait_for_room_to_decode() {
        let room = Arc::new(DecodeRoom::new(10 * MB));
        let held = room.reserve(8 * MB).await;
        // Room for a small one beside it.
        drop(room.reserve(2 * MB).await);
        // A big one waits until the room is given back.
        let waiting = tokio::spawn({
            let room = room.clone();
            async move { drop(room.reserve(4 * MB).await) }
        });
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        assert!(!waiting.is_finished());
        drop(held);
        waiting.await.unwrap();
        // More than the whole room takes all of it.
        drop(room.reserve(100 * MB).await);
    }
}
