//! Barcode reading on ../shared/data/images/barcodes, side by side with zbarimg (Debian
//! zbar-tools) on the same files in the same run: right, wrong and missed reads, and the
//! median time per image (ours inside the worker's reader, best of 5 per image; zbarimg
//! as a process, start included, as it would be used).
//!
//!     cargo run --release -p worker --example barcode_bench [DIR]

use std::path::PathBuf;
use std::process::Command;
use std::time::Instant;

use models::{Barcode, BarcodeKind};
use worker::barcodes::reader::read_barcodes;

#[derive(Default)]
struct Tally {
    right: usize,
    wrong: Vec<String>,
    missed: Vec<String>,
    ms: Vec<f64>,
}

impl Tally {
    fn add(&mut self, file: &str, expected: &str, read: &[String], ms: f64) {
        self.ms.push(ms);
        if read.iter().any(|r| r == expected) {
            self.right += 1;
        } else if read.is_empty() {
            self.missed.push(file.to_owned());
        }
        self.wrong.extend(
            read.iter()
                .filter(|r| *r != expected)
                .map(|r| format!("{file}→{r}")),
        );
    }

    fn median(&self) -> f64 {
        let mut ms = self.ms.clone();
        ms.sort_by(f64::total_cmp);
        ms.get(ms.len() / 2).copied().unwrap_or(f64::NAN)
    }

    fn report(&self, name: &str, total: usize) {
        println!(
            "{name:10} right {:2}/{total}  wrong {}  missed {}  median {:.1} ms  max {:.1} ms",
            self.right,
            self.wrong.len(),
            self.missed.len(),
            self.median(),
            self.ms.iter().copied().fold(0.0, f64::max),
        );
        if !self.wrong.is_empty() {
            println!("           wrong: {}", self.wrong.join(", "));
        }
        if !self.missed.is_empty() {
            println!("           missed: {}", self.missed.join(", "));
        }
    }
}

/// zbarimg prints UPC-A as EAN-13 and UPC-E expanded: both are our canonical form.
fn canonical(text: &str) -> String {
    Barcode::parse(text).map_or_else(|_| text.to_owned(), |b| b.as_str().to_owned())
}

fn main() {
    let dir = std::env::args()
        .nth(1)
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../shared/data/images/barcodes")
        });
    let manifest = std::fs::read_to_string(dir.join("manifest.csv"))
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.join("manifest.csv").display()));
    let zbar = Command::new("zbarimg").arg("--version").output().is_ok();
    let (mut ours, mut theirs) = (Tally::default(), Tally::default());
    let mut total = 0;
    for line in manifest.lines().skip(1) {
        let f: Vec<&str> = line.split(',').collect();
        let (file, format, expected) = (f[0], f[1], f[2]);
        let kind = match format {
            "EAN_13" => BarcodeKind::Ean13,
            "EAN_8" => BarcodeKind::Ean8,
            "UPC_A" => BarcodeKind::UpcA,
            _ => BarcodeKind::UpcE,
        };
        let expected = Barcode::read(kind, expected).unwrap().as_str().to_owned();
        let bytes = std::fs::read(dir.join(file)).unwrap();
        total += 1;

        let mut best = f64::MAX;
        let mut read = Vec::new();
        for _ in 0..5 {
            let started = Instant::now();
            let (codes, _) = read_barcodes(&bytes).unwrap();
            best = best.min(started.elapsed().as_secs_f64() * 1000.0);
            read = codes.into_iter().map(|c| c.data).collect();
        }
        ours.add(file, &expected, &read, best);

        if zbar {
            let started = Instant::now();
            let out = Command::new("zbarimg")
                .args(["-q", "--raw"])
                .arg(dir.join(file))
                .output()
                .unwrap();
            let ms = started.elapsed().as_secs_f64() * 1000.0;
            let read: Vec<String> = String::from_utf8_lossy(&out.stdout)
                .lines()
                .map(canonical)
                .collect();
            theirs.add(file, &expected, &read, ms);
        }
    }
    ours.report("rxing", total);
    if zbar {
        theirs.report("zbarimg", total);
    } else {
        println!("zbarimg    not installed (apt-get install zbar-tools) — not compared");
    }
}
