//! The fingerprint of the shipped foods (`generic::SHIPPED_FOODS_FINGERPRINT`): a hash of
//! everything that makes them, the data under `data/`, the code under `src/` that reads
//! and derives them, and the locked dependencies. A start of the API seeds them only
//! when the database holds another fingerprint; any change here seeds them once more,
//! which writes only the foods that changed.

use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

fn files_under(dir: &Path, found: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    for entry in entries {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            files_under(&path, found);
        } else {
            found.push(path);
        }
    }
}

fn main() {
    let here = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    let mut files = Vec::new();
    for dir in ["data", "src"] {
        println!("cargo:rerun-if-changed={dir}");
        files_under(&here.join(dir), &mut files);
    }
    let lock = here.join("../Cargo.lock");
    if lock.exists() {
        println!("cargo:rerun-if-changed=../Cargo.lock");
        files.push(lock);
    }
    files.sort();
    let mut hash = Sha256::new();
    for file in &files {
        let name = file.strip_prefix(&here).unwrap_or(file).to_string_lossy();
        let bytes = std::fs::read(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
        hash.update((name.len() as u64).to_le_bytes());
        hash.update(name.as_bytes());
        hash.update((bytes.len() as u64).to_le_bytes());
        hash.update(&bytes);
    }
    let digest = hash.finalize();
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    println!("cargo:rustc-env=SHIPPED_FOODS_FINGERPRINT={hex}");
}
