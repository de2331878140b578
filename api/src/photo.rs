//! An uploaded photo made safe to keep: its type read from its bytes (never from the
//! header the client sent), its size and pixel count bounded before anything is decoded
//! (no decompression bombs), decoded under a memory limit, turned upright as its EXIF
//! orientation says, scaled to a sensible size and stored as a JPEG without its metadata
//! (a phone photo's EXIF can carry where it was taken).

use std::io::Cursor;

use axum::http::StatusCode;
use image::{DynamicImage, ImageDecoder, ImageFormat, ImageReader, Limits};

use crate::error::ApiError;

/// SPEC §5, §9: at most 10 MB.
pub const MAX_UPLOAD_BYTES: usize = 10 * 1024 * 1024;
/// Larger photos are refused before decoding: 50 megapixels, 20,000 pixels a side.
pub const MAX_PIXELS: u64 = 50_000_000;
pub const MAX_SIDE: u32 = 20_000;
/// What is kept: the long edge at most this (a detector reads 416 or 640 pixels).
pub const KEPT_LONG_EDGE: u32 = 2048;
const JPEG_QUALITY: u8 = 88;
/// A decode may not allocate more than this.
const DECODE_MEMORY: u64 = 512 * 1024 * 1024;

/// A photo ready to store.
#[derive(Debug)]
pub struct PreparedPhoto {
    pub jpeg: Vec<u8>,
    pub width: u32,
    pub height: u32,
}

fn refuse(status: StatusCode, code: &'static str, message: impl Into<String>) -> ApiError {
    ApiError::new(status, code, message)
}

pub fn not_an_image() -> ApiError {
    refuse(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "UNSUPPORTED_IMAGE",
        "Please select an image file (JPEG, PNG or WebP)",
    )
}

/// A body that is not multipart at all (no boundary, another type): the envelope, not
/// axum's text.
pub fn multipart_required(e: axum::extract::multipart::MultipartRejection) -> ApiError {
    ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "MULTIPART_REQUIRED",
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
    } else {
        ApiError::bad_request(format!("The upload could not be read: {}", e.body_text()))
    }
}

pub fn too_big() -> ApiError {
    refuse(
        StatusCode::PAYLOAD_TOO_LARGE,
        "IMAGE_TOO_LARGE",
        "Image file size cannot exceed 10MB",
    )
}

/// Checks and normalises an upload (blocking: run it off the async threads).
pub fn prepare(bytes: &[u8]) -> Result<PreparedPhoto, ApiError> {
    if bytes.is_empty() {
        return Err(refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            "INVALID_IMAGE",
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
        return Err(refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            "INVALID_IMAGE",
            "The image could not be read: the JPEG file is truncated",
        ));
    }
    let unreadable = |e: image::ImageError| {
        refuse(
            StatusCode::UNPROCESSABLE_ENTITY,
            "INVALID_IMAGE",
            format!("The image could not be read: {e}"),
        )
    };
    let reader = || {
        let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
        let mut limits = Limits::default();
        limits.max_image_width = Some(MAX_SIDE);
        limits.max_image_height = Some(MAX_SIDE);
        limits.max_alloc = Some(DECODE_MEMORY);
        reader.limits(limits);
        reader
    };
    // The header alone says how big the picture is: refuse a bomb before decoding it.
    let (width, height) = reader().into_dimensions().map_err(|e| match e {
        image::ImageError::Limits(_) => pixels_refused(),
        other => unreadable(other),
    })?;
    if u64::from(width) * u64::from(height) > MAX_PIXELS || width == 0 || height == 0 {
        return Err(pixels_refused());
    }
    let mut decoder = reader().into_decoder().map_err(unreadable)?;
    let orientation = decoder.orientation().map_err(unreadable)?;
    let mut picture = DynamicImage::from_decoder(decoder).map_err(|e| match e {
        image::ImageError::Limits(_) => pixels_refused(),
        other => unreadable(other),
    })?;
    picture.apply_orientation(orientation);
    if picture.width().max(picture.height()) > KEPT_LONG_EDGE {
        picture = picture.resize(
            KEPT_LONG_EDGE,
            KEPT_LONG_EDGE,
            image::imageops::FilterType::Triangle,
        );
    }
    let rgb = picture.to_rgb8();
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

/// Whether a JPEG's last scan is followed by its end marker. The decoder would fill a
/// truncated image with grey rather than fail, so a half-uploaded photo is caught here.
fn jpeg_is_complete(bytes: &[u8]) -> bool {
    let last_scan = bytes.windows(2).rposition(|w| w == [0xFF, 0xDA]);
    match last_scan {
        Some(at) => bytes[at..].windows(2).any(|w| w == [0xFF, 0xD9]),
        None => false,
    }
}

fn pixels_refused() -> ApiError {
    refuse(
        StatusCode::UNPROCESSABLE_ENTITY,
        "IMAGE_TOO_LARGE",
        format!(
            "The image has too many pixels (at most {} megapixels, {MAX_SIDE} pixels a side)",
            MAX_PIXELS / 1_000_000
        ),
    )
}

#[cfg(test)]
mod tests {
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
        let kept = prepare(&png(64, 48)).unwrap();
        assert_eq!((kept.width, kept.height), (64, 48));
        assert_eq!(image::guess_format(&kept.jpeg).unwrap(), ImageFormat::Jpeg);
    }

    #[test]
    fn scales_a_large_picture_down() {
        let kept = prepare(&png(4096, 1024)).unwrap();
        assert_eq!((kept.width, kept.height), (2048, 512));
    }

    #[test]
    fn refuses_what_is_not_an_image_whatever_its_name() {
        let text = b"GIF87a? no: just text pretending to be a picture".to_vec();
        assert_eq!(prepare(&text).unwrap_err().code, "UNSUPPORTED_IMAGE");
        assert_eq!(
            prepare(b"%PDF-1.7 ...").unwrap_err().code,
            "UNSUPPORTED_IMAGE"
        );
        assert_eq!(prepare(&[]).unwrap_err().code, "INVALID_IMAGE");
    }

    #[test]
    fn refuses_a_truncated_picture() {
        let mut bytes = png(64, 64);
        bytes.truncate(bytes.len() / 2);
        assert_eq!(prepare(&bytes).unwrap_err().code, "INVALID_IMAGE");
        let mut jpeg = Vec::new();
        image::RgbImage::from_pixel(64, 64, image::Rgb([1, 2, 3]))
            .write_to(&mut Cursor::new(&mut jpeg), ImageFormat::Jpeg)
            .unwrap();
        assert!(prepare(&jpeg).is_ok());
        jpeg.truncate(jpeg.len() - 10);
        assert_eq!(prepare(&jpeg).unwrap_err().code, "INVALID_IMAGE");
    }

    /// CRC-32 (IEEE), to write a valid PNG chunk by hand.
    fn crc32(bytes: &[u8]) -> u32 {
        let mut crc = !0u32;
        for &b in bytes {
            crc ^= u32::from(b);
            for _ in 0..8 {
                crc = if crc & 1 == 1 {
                    (crc >> 1) ^ 0xEDB8_8320
                } else {
                    crc >> 1
                };
            }
        }
        !crc
    }

    #[test]
    fn refuses_a_bomb_from_its_header() {
        // A valid PNG header claiming 50,000 × 50,000 pixels, with almost no data behind it.
        let mut bytes = png(1, 1);
        bytes[16..20].copy_from_slice(&50_000u32.to_be_bytes());
        bytes[20..24].copy_from_slice(&50_000u32.to_be_bytes());
        let crc = crc32(&bytes[12..29]);
        bytes[29..33].copy_from_slice(&crc.to_be_bytes());
        let started = std::time::Instant::now();
        let refused = prepare(&bytes).unwrap_err();
        assert_eq!(refused.code, "IMAGE_TOO_LARGE");
        assert!(started.elapsed() < std::time::Duration::from_secs(1));
    }
}
