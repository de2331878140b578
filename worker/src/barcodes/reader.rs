//! Reading barcodes from photos with rxing. A plain pass over the whole image reads
//! most codes in a few milliseconds; only when it finds nothing are harder passes tried
//! (sharpened for soft focus, smoothed for noise and moiré, turned a few degrees for a
//! tilted code), and their reads must agree between two binarizers, because a
//! transformed image can make a wrong code whose check digit happens to fit.

use std::collections::HashSet;

use image::{GrayImage, Luma, imageops};
use imageproc::geometric_transformations::{Interpolation, rotate_about_center};
use models::analysis::ScannedBarcode;
use models::{Barcode, BarcodeKind};
use rxing::{
    BarcodeFormat, Binarizer, BinaryBitmap, DecodeHints, Luma8LuminanceSource,
    MultiUseMultiFormatReader, RXingResult,
    common::{GlobalHistogramBinarizer, HybridBinarizer},
    multi::{GenericMultipleBarcodeReader, MultipleBarcodeReader},
};

/// Phone photos are scaled down to this (longest side) first: codes stay readable
/// and a 12-megapixel photo is not scanned at full size.
const MAX_SIDE: u32 = 1600;

/// Formats read: the retail ones that name food, and the common others, listed but
/// not looked up.
fn formats() -> HashSet<BarcodeFormat> {
    HashSet::from([
        BarcodeFormat::EAN_13,
        BarcodeFormat::EAN_8,
        BarcodeFormat::UPC_A,
        BarcodeFormat::UPC_E,
        BarcodeFormat::CODE_128,
        BarcodeFormat::CODE_39,
        BarcodeFormat::ITF,
        BarcodeFormat::QR_CODE,
        BarcodeFormat::DATA_MATRIX,
    ])
}

fn hints() -> DecodeHints {
    DecodeHints {
        TryHarder: Some(true),
        // Light bars on a dark pack.
        AlsoInverted: Some(true),
        PossibleFormats: Some(formats()),
        ..DecodeHints::default()
    }
}

fn decode<B: Binarizer>(binarizer: B) -> Vec<RXingResult> {
    let mut bitmap = BinaryBitmap::new(binarizer);
    // Splits the image around each code found, so several codes in one photo are read.
    let mut reader = GenericMultipleBarcodeReader::new(MultiUseMultiFormatReader::default());
    reader
        .decode_multiple_with_hints(&mut bitmap, &hints())
        .unwrap_or_default()
}

fn source(image: &GrayImage) -> Option<Luma8LuminanceSource> {
    let (w, h) = image.dimensions();
    Luma8LuminanceSource::new(image.as_raw().clone(), w, h).ok()
}

type Read = (BarcodeFormat, String);

fn reads(results: Vec<RXingResult>) -> Vec<Read> {
    results
        .into_iter()
        .map(|r| (*r.getBarcodeFormat(), r.getText().to_owned()))
        .collect()
}

fn plain(image: &GrayImage) -> Vec<Read> {
    source(image).map_or_else(Vec::new, |s| reads(decode(HybridBinarizer::new(s))))
}

/// Reads both binarizers agree on.
fn agreed(image: &GrayImage) -> Vec<Read> {
    let Some(hybrid) = source(image).map(|s| reads(decode(HybridBinarizer::new(s)))) else {
        return Vec::new();
    };
    if hybrid.is_empty() {
        return hybrid;
    }
    let global = source(image).map_or_else(Vec::new, |s| {
        reads(decode(GlobalHistogramBinarizer::new(s)))
    });
    hybrid.into_iter().filter(|r| global.contains(r)).collect()
}

/// The harder passes, in the order tried; each copy is made only when the ones before it
/// read nothing.
const HARDER_PASSES: [fn(&GrayImage) -> GrayImage; 4] = [
    |image| imageops::unsharpen(image, 2.0, 10),
    |image| imageops::blur(image, 1.0),
    |image| turned(image, 5.0),
    |image| turned(image, -5.0),
];

fn turned(image: &GrayImage, degrees: f32) -> GrayImage {
    rotate_about_center(
        image,
        degrees.to_radians(),
        Interpolation::Bilinear,
        Luma([255]),
    )
}

fn kind_of(format: BarcodeFormat) -> Option<BarcodeKind> {
    Some(match format {
        BarcodeFormat::EAN_13 => BarcodeKind::Ean13,
        BarcodeFormat::EAN_8 => BarcodeKind::Ean8,
        BarcodeFormat::UPC_A => BarcodeKind::UpcA,
        BarcodeFormat::UPC_E => BarcodeKind::UpcE,
        _ => return None,
    })
}

/// One entry per product: the same code read twice (or as UPC-A and as EAN-13) is
/// listed once.
fn scanned(reads: Vec<Read>) -> Vec<ScannedBarcode> {
    let mut out: Vec<ScannedBarcode> = Vec::new();
    for (format, text) in reads {
        let entry = match kind_of(format).and_then(|k| Barcode::read(k, &text).ok()) {
            Some(code) => ScannedBarcode {
                data: code.as_str().to_owned(),
                formatted_data: code.formatted(),
                kind: code.kind().name().to_owned(),
                is_food: code.is_food(),
                text,
            },
            None => ScannedBarcode {
                data: text.clone(),
                formatted_data: text.clone(),
                kind: format!("{format:?}"),
                is_food: false,
                text,
            },
        };
        if !out
            .iter()
            .any(|b| b.data == entry.data && b.is_food == entry.is_food)
        {
            out.push(entry);
        }
    }
    out
}

/// Every barcode in a photo, food codes normalised. An image with none gives an empty
/// list; an undecodable file is an error.
pub fn read_barcodes(bytes: &[u8]) -> Result<(Vec<ScannedBarcode>, (u32, u32)), String> {
    let decoded =
        image::load_from_memory(bytes).map_err(|e| format!("cannot decode the image: {e}"))?;
    let size = (decoded.width(), decoded.height());
    let decoded = if decoded.width().max(decoded.height()) > MAX_SIDE {
        decoded.resize(MAX_SIDE, MAX_SIDE, imageops::FilterType::Triangle)
    } else {
        decoded
    };
    let gray = decoded.to_luma8();
    let mut found = plain(&gray);
    if found.is_empty() {
        found = HARDER_PASSES
            .iter()
            .map(|pass| agreed(&pass(&gray)))
            .find(|reads| !reads.is_empty())
            .unwrap_or_default();
    }
    Ok((scanned(found), size))
}
