use super::*;

fn png(width: u32, height: u32) -> Vec<u8> {
    let picture = image::RgbImage::from_pixel(width, height, image::Rgb([200, 100, 50]));
    let mut out = Vec::new();
    picture
        .write_to(&mut Cursor::new(&mut out), ImageFormat::Png)
        .unwrap();
    out
}

fn code(bytes: &[u8]) -> &'static str {
    inspect(bytes).unwrap_err().code().as_str()
}

#[test]
fn refuses_what_is_not_an_image_whatever_its_name() {
    let text = b"GIF87a? no: just text pretending to be a picture".to_vec();
    assert_eq!(code(&text), "UNSUPPORTED_IMAGE");
    assert_eq!(code(b"%PDF-1.7 ..."), "UNSUPPORTED_IMAGE");
    assert_eq!(code(&[]), "INVALID_IMAGE");
    assert_eq!(
        inspect(&vec![0xFF; MAX_UPLOAD_BYTES + 1]).unwrap_err(),
        PhotoRefusal::FileTooBig
    );
}

#[test]
fn refuses_a_truncated_jpeg() {
    let mut jpeg = Vec::new();
    image::RgbImage::from_pixel(64, 64, image::Rgb([1, 2, 3]))
        .write_to(&mut Cursor::new(&mut jpeg), ImageFormat::Jpeg)
        .unwrap();
    assert!(inspect(&jpeg).is_ok());
    jpeg.truncate(jpeg.len() - 10);
    assert_eq!(code(&jpeg), "INVALID_IMAGE");
}

#[test]
fn says_the_upright_size_it_is_kept_at() {
    let wide = inspect(&png(4096, 1024)).unwrap();
    assert_eq!((wide.width, wide.height), (4096, 1024));
    assert_eq!(wide.kept_upright(), (2048, 512));
    assert_eq!(wide.content_type(), "image/png");
    let turned = Header {
        orientation: Orientation::Rotate90,
        ..wide
    };
    assert_eq!(turned.kept_upright(), (512, 2048));
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

/// A uniform 16-bit RGBA PNG written a row at a time: a few hundred KB, however large.
fn deep_png(width: u32, height: u32) -> Vec<u8> {
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, width, height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Sixteen);
    let mut writer = encoder.write_header().unwrap();
    let mut rows = writer.stream_writer().unwrap();
    let row = [0x12u8, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xff, 0xff].repeat(width as usize);
    for _ in 0..height {
        std::io::Write::write_all(&mut rows, &row).unwrap();
    }
    rows.finish().unwrap();
    writer.finish().unwrap();
    out
}

#[test]
fn the_header_says_what_decoding_takes_in_bytes_not_pixels() {
    let rgb = inspect(&png(300, 200)).unwrap();
    assert_eq!(rgb.decoded_bytes(), 300 * 200 * 3);
    let deep = inspect(&deep_png(300, 200)).unwrap();
    assert_eq!(deep.decoded_bytes(), 300 * 200 * 8);
    assert!(deep.working_bytes() > rgb.working_bytes());
    // The picture: under 50 megapixels, but 400 MB decoded.
    let worst = inspect(&deep_png(7071, 7071)).unwrap();
    assert_eq!(worst.decoded_bytes(), 7071 * 7071 * 8);
    assert!(worst.working_bytes() > DEFAULT_DECODE_MEMORY);
    // A 50-megapixel phone photo (8-bit RGB) fits.
    let phone = Header {
        format: ImageFormat::Jpeg,
        width: 8160,
        height: 6120,
        orientation: Orientation::NoTransforms,
        decoded: 8160 * 6120 * 3,
        decoder_extra: 0,
        input: 10_000_000,
    };
    assert!(phone.working_bytes() < DEFAULT_DECODE_MEMORY);
    assert!(phone.within(DEFAULT_DECODE_MEMORY).is_ok());
    let refused = worst.within(DEFAULT_DECODE_MEMORY).unwrap_err();
    assert_eq!(refused.code().as_str(), "IMAGE_TOO_LARGE");
    assert!(refused.to_string().contains("7071 × 7071"), "{refused}");
}

#[test]
fn a_progressive_jpeg_counts_its_coefficients() {
    let mut jpeg = Vec::new();
    image::RgbImage::from_pixel(160, 96, image::Rgb([1, 2, 3]))
        .write_to(&mut Cursor::new(&mut jpeg), ImageFormat::Jpeg)
        .unwrap();
    // The encoder writes a baseline frame with every component in its one scan.
    assert_eq!(jpeg_coefficient_bytes(&jpeg), Some(0));
    // The same header marked progressive: each 8 × 8 block of each component (no
    // subsampling here) holds 64 coefficients of 2 bytes until the last scan.
    let sof = jpeg.windows(2).position(|w| w == [0xFF, 0xC0]).unwrap();
    jpeg[sof + 1] = 0xC2;
    assert_eq!(
        jpeg_coefficient_bytes(&jpeg),
        Some((160 / 8) * (96 / 8) * 3 * 128)
    );
    assert_eq!(jpeg_coefficient_bytes(&jpeg[..sof + 6]), None);
}

#[test]
fn a_webp_counts_what_its_decoder_holds() {
    let mut lossless = Vec::new();
    image::RgbImage::from_pixel(8, 8, image::Rgb([1, 2, 3]))
        .write_to(&mut Cursor::new(&mut lossless), ImageFormat::WebP)
        .unwrap();
    assert_eq!(webp_bytes_per_pixel(&lossless), 4);
    let chunk =
        |fourcc: &[u8], data: &[u8]| [fourcc, &(data.len() as u32).to_le_bytes(), data].concat();
    let riff = |chunks: &[Vec<u8>]| [b"RIFF\0\0\0\0WEBP".to_vec(), chunks.concat()].concat();
    let extended = |flags: u8| chunk(b"VP8X", &[flags, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
    let lossy = chunk(b"VP8 ", &[0; 10]);
    assert_eq!(webp_bytes_per_pixel(&riff(std::slice::from_ref(&lossy))), 2);
    let with_alpha = [extended(0x10), chunk(b"ALPH", &[0; 4]), lossy];
    assert_eq!(webp_bytes_per_pixel(&riff(&with_alpha)), 8);
    let animation = [extended(0x12), chunk(b"ANIM", &[0; 6])];
    assert_eq!(webp_bytes_per_pixel(&riff(&animation)), 14);
}

#[test]
fn refuses_a_bomb_from_its_header() {
    // A valid PNG header claiming 50,000 × 50,000 pixels, with almost no data behind it.
    let mut bytes = png(1, 1);
    bytes[16..20].copy_from_slice(&50_000u32.to_be_bytes());
    bytes[20..24].copy_from_slice(&50_000u32.to_be_bytes());
    let crc = crc32(&bytes[12..29]);
    bytes[29..33].copy_from_slice(&crc.to_be_bytes());
    assert_eq!(inspect(&bytes).unwrap_err(), PhotoRefusal::TooManyPixels);
}
