//! How much memory normalising one uploaded photo takes: `cargo run --release -p api
//! --example photo_memory -- FILE...` prints, for each file, its header's decoded size, the
//! working memory a worker's decode room reserves for it, and the peak resident memory
//! normalising added (each file in a fresh process, with the server's allocator).

use std::time::Instant;

#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// A `/proc/self/status` field, in bytes.
fn status_bytes(field: &str) -> u64 {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix(field))
        .and_then(|rest| {
            rest.trim()
                .trim_end_matches("kB")
                .trim()
                .parse::<u64>()
                .ok()
        })
        .map_or(0, |kb| kb * 1024)
}

fn mb(bytes: u64) -> f64 {
    bytes as f64 / 1_000_000.0
}

fn main() {
    let files: Vec<String> = std::env::args().skip(1).collect();
    if let [file] = files.as_slice() {
        let bytes = std::fs::read(file).expect("a readable file");
        let resident = status_bytes("VmRSS:");
        let started = Instant::now();
        let header = platform::photo::inspect(&bytes);
        let outcome = worker::photo::normalise(&bytes);
        let peak = status_bytes("VmHWM:");
        let (decoded, reserved) = header
            .as_ref()
            .map_or((0, 0), |h| (h.decoded_bytes(), h.working_bytes()));
        println!(
            "{file}: decoded {:.1} MB, reserved {:.1} MB, peak +{:.1} MB, {:.2} s, {}",
            mb(decoded),
            mb(reserved),
            mb(peak.saturating_sub(resident)),
            started.elapsed().as_secs_f64(),
            match outcome {
                Ok(photo) => format!("kept {}x{}", photo.width, photo.height),
                Err(e) => e.to_string(),
            }
        );
        return;
    }
    // One process per file, so that one file's peak is not another's.
    let me = std::env::current_exe().expect("the example's path");
    for file in files {
        let status = std::process::Command::new(&me)
            .arg(&file)
            .status()
            .expect("the example runs");
        assert!(status.success(), "{file}: {status}");
    }
}
