//! Normalising a photo (the `NormalisePhoto` step), over the JPEGs of
//! ../shared/data/images/food as the web app sends them (shrunk to the kept size, upright,
//! no EXIF): kept as they came less their metadata, against decoding and writing them
//! again as every photo was before. Without the photos it says so and measures nothing.

use std::hint::black_box;
use std::path::Path;

use criterion::{Criterion, criterion_group, criterion_main};
use worker::photo::{normalise, normalised_by_writing};

fn photos() -> Vec<Vec<u8>> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/images/food");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("normalise: skipped, {} is missing", dir.display());
        return Vec::new();
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| Some(e.ok()?.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "jpg"))
        .collect();
    paths.sort();
    paths
        .iter()
        .filter_map(|p| std::fs::read(p).ok())
        // As the app sends them: at most the kept size (the others it shrinks first).
        .filter(|bytes| {
            image::ImageReader::new(std::io::Cursor::new(bytes))
                .with_guessed_format()
                .ok()
                .and_then(|r| r.into_dimensions().ok())
                .is_some_and(|(w, h)| w.max(h) <= platform::photo::KEPT_LONG_EDGE)
        })
        .collect()
}

fn normalising(c: &mut Criterion) {
    let photos = photos();
    if photos.is_empty() {
        return;
    }
    let mut group = c.benchmark_group(format!("normalise {} photos", photos.len()));
    group.bench_function("kept as sent, less metadata", |b| {
        b.iter(|| {
            for photo in &photos {
                black_box(normalise(photo).unwrap());
            }
        })
    });
    group.bench_function("decoded and written again", |b| {
        b.iter(|| {
            for photo in &photos {
                black_box(normalised_by_writing(photo).unwrap());
            }
        })
    });
    group.finish();
}

criterion_group! {
    name = benches;
    config = Criterion::default().sample_size(20);
    targets = normalising
}
criterion_main!(benches);
