//! The real binaries (`api`, `worker`) as child processes, killed when dropped.

use std::{
    net::TcpListener,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
};

pub struct Process(pub Child);

impl Drop for Process {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// Starts the binary `name` beside the test's `api` with only `env` (and PATH); its
/// output goes to `log` when given, else to the test's own.
pub fn start(name: &str, env: &[(&str, String)], log: Option<&Path>) -> Process {
    let binary = PathBuf::from(env!("CARGO_BIN_EXE_api")).with_file_name(name);
    assert!(
        binary.exists(),
        "{} is missing: build the workspace first",
        binary.display()
    );
    let mut command = Command::new(binary);
    command
        .env_clear()
        .env("PATH", std::env::var("PATH").unwrap_or_default())
        .env(
            "RUST_LOG",
            if std::env::var("TEST_LOG").is_ok() {
                "info"
            } else {
                "warn"
            },
        )
        .stdin(Stdio::null());
    if let Some(log) = log {
        let file = std::fs::File::create(log).unwrap();
        command.stdout(file.try_clone().unwrap()).stderr(file);
    }
    for (key, value) in env {
        command.env(key, value);
    }
    Process(
        command
            .spawn()
            .unwrap_or_else(|e| panic!("start {name}: {e}")),
    )
}
