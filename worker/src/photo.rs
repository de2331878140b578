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
/// kept.
fn decode(bytes: &[u8], header: &Header) -> Result<NormalisedPhoto, PhotoRefusal> {
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
