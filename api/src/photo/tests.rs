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
    assert_eq!(
        prepare(&text).unwrap_err().code.as_str(),
        "UNSUPPORTED_IMAGE"
    );
    assert_eq!(
        prepare(b"%PDF-1.7 ...").unwrap_err().code.as_str(),
        "UNSUPPORTED_IMAGE"
    );
    assert_eq!(prepare(&[]).unwrap_err().code.as_str(), "INVALID_IMAGE");
}

#[test]
fn refuses_a_truncated_picture() {
    let mut bytes = png(64, 64);
    bytes.truncate(bytes.len() / 2);
    assert_eq!(prepare(&bytes).unwrap_err().code.as_str(), "INVALID_IMAGE");
    let mut jpeg = Vec::new();
    image::RgbImage::from_pixel(64, 64, image::Rgb([1, 2, 3]))
        .write_to(&mut Cursor::new(&mut jpeg), ImageFormat::Jpeg)
        .unwrap();
    assert!(prepare(&jpeg).is_ok());
    jpeg.truncate(jpeg.len() - 10);
    assert_eq!(prepare(&jpeg).unwrap_err().code.as_str(), "INVALID_IMAGE");
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
        decoded: 8160 * 6120 * 3,
        decoder_extra: 0,
        input: 10_000_000,
    };
    assert!(phone.working_bytes() < DEFAULT_DECODE_MEMORY);
}

#[test]
fn a_deep_picture_is_kept_as_8_bit_rgb() {
    let kept = prepare(&deep_png(3000, 1000)).unwrap();
    assert_eq!((kept.width, kept.height), (2048, 682));
    let back = image::load_from_memory(&kept.jpeg).unwrap();
    assert_eq!(back.color(), image::ColorType::Rgb8);
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

#[tokio::test]
async fn the_budget_lets_photos_wait_for_room_then_says_busy() {
    let budget = Arc::new(DecodeBudget::new(10 * MB, Duration::from_millis(200)));
    let held = budget.try_reserve(8 * MB).unwrap();
    // Room for a small one beside it, not for another big one.
    assert!(budget.try_reserve(2 * MB).is_some());
    let refused = budget.reserve(someone(), 4 * MB).await.unwrap_err();
    assert_eq!(
        (refused.status(), refused.code.as_str(), refused.retry_after),
        (StatusCode::SERVICE_UNAVAILABLE, "SERVER_BUSY", Some(5))
    );
    // One that waits gets the room when it is given back.
    let waiting = tokio::spawn({
        let budget = budget.clone();
        async move { budget.reserve(someone(), 4 * MB).await.map(drop) }
    });
    tokio::time::sleep(Duration::from_millis(50)).await;
    drop(held);
    waiting.await.unwrap().unwrap();
    // More than the whole budget takes all of it.
    assert!(budget.try_reserve(100 * MB).is_some());
}

fn someone() -> UserId {
    UserId::from_i64(1)
}

#[tokio::test]
async fn one_account_s_burst_waits_behind_its_own_photos_not_before_others() {
    let budget = Arc::new(DecodeBudget::new(10 * MB, Duration::from_secs(5)));
    let (burst, other) = (UserId::from_i64(1), UserId::from_i64(2));
    let held = budget.try_reserve(10 * MB).unwrap();
    let (order, mut served) = tokio::sync::mpsc::unbounded_channel();
    let send = |who: UserId, name: &'static str| {
        let budget = budget.clone();
        let order = order.clone();
        tokio::spawn(async move {
            let room = budget.reserve(who, 10 * MB).await;
            order.send((name, room.is_ok())).unwrap();
            // Decoding takes a moment; then the room is given back.
            tokio::time::sleep(Duration::from_millis(20)).await;
        })
    };
    // Eight photos of one account, then one of another...
    for _ in 0..8 {
        send(burst, "burst");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    send(other, "other");
    tokio::time::sleep(Duration::from_millis(50)).await;
    drop(held);
    // ...which goes after the burst's photos that have a turn, not after all eight;
    // past its line's bound the burst is told at once to come back.
    let mut answers = Vec::new();
    while answers.len() < 9 {
        answers.push(served.recv().await.unwrap());
    }
    let at = answers
        .iter()
        .position(|(name, _)| *name == "other")
        .unwrap();
    let other_served = answers[at].1;
    let before: Vec<_> = answers[..at].iter().filter(|(_, ok)| *ok).collect();
    assert!(other_served, "{answers:?}");
    assert!(before.len() <= TURNS_PER_ACCOUNT, "{answers:?}");
    let refused = answers.iter().filter(|(_, ok)| !ok).count();
    assert_eq!(
        refused,
        8 - TURNS_PER_ACCOUNT - WAITING_PER_ACCOUNT,
        "{answers:?}"
    );
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
    assert_eq!(refused.code.as_str(), "IMAGE_TOO_LARGE");
    assert!(started.elapsed() < std::time::Duration::from_secs(1));
}
