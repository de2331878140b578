//! The real binaries (`api`, `worker`) as child processes, killed when dropped.

use std::{
    net::TcpListener,
    path::{Path, PathBuf},
    process::{Child, Command, Stdio},
    time::{Duration, Instant},
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
    start_in(name, env, log, None)
}

/// `start` with the working directory `cwd` (the test's own when `None`).
pub fn start_in(
    name: &str,
    env: &[(&str, String)],
    log: Option<&Path>,
    cwd: Option<&Path>,
) -> Process {
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
    if let Some(cwd) = cwd {
        command.current_dir(cwd);
    }
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

/// Starts a program of this machine (found on PATH, like `redis-server`) with `args`;
/// its output goes to `log` when given, else nowhere.
pub fn start_program(program: &str, args: &[&str], log: Option<&Path>) -> Process {
    let mut command = Command::new(program);
    command.args(args).stdin(Stdio::null());
    match log {
        Some(log) => {
            let file = std::fs::File::create(log).unwrap();
            command.stdout(file.try_clone().unwrap()).stderr(file);
        }
        None => {
            command.stdout(Stdio::null()).stderr(Stdio::null());
        }
    }
    Process(
        command
            .spawn()
            .unwrap_or_else(|e| panic!("start {program}: {e}")),
    )
}

/// Whether `program` can be run here.
pub fn on_path(program: &str) -> bool {
    std::env::var_os("PATH")
        .is_some_and(|paths| std::env::split_paths(&paths).any(|dir| dir.join(program).is_file()))
}

/// Waits until `GET {base}/api/v1/health/ready/` answers 200; false after `within`.
pub async fn wait_ready(client: &reqwest::Client, base: &str, within: Duration) -> bool {
    let url = format!("{base}/api/v1/health/ready/");
    let deadline = Instant::now() + within;
    while Instant::now() < deadline {
        if let Ok(Ok(response)) =
            tokio::time::timeout(Duration::from_secs(2), client.get(&url).send()).await
            && response.status() == 200
        {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    false
}

/// The last `lines` lines of a log file, for failure messages.
pub fn tail(log: &Path, lines: usize) -> String {
    let text = std::fs::read_to_string(log).unwrap_or_default();
    let all: Vec<&str> = text.lines().collect();
    all[all.len().saturating_sub(lines)..].join("\n")
}

/// A Redis server of the test's own (never the machine's shared one), without
/// persistence, on a free port; killed when dropped.
pub struct PrivateRedis {
    pub port: u16,
    process: Option<Process>,
    dir: tempfile::TempDir,
}

impl PrivateRedis {
    /// `None` (after `unavailable`) when `redis-server` is not installed.
    pub async fn start() -> Option<PrivateRedis> {
        if !on_path("redis-server") {
            models::testing::unavailable("redis-server (for a private Redis)");
            return None;
        }
        let mut redis = PrivateRedis {
            port: free_port(),
            process: None,
            dir: tempfile::tempdir().unwrap(),
        };
        redis.run().await;
        Some(redis)
    }

    pub fn url(&self) -> String {
        format!("redis://127.0.0.1:{}", self.port)
    }

    async fn run(&mut self) {
        let port = self.port.to_string();
        let dir = self.dir.path().display().to_string();
        let log = self.dir.path().join("redis.log");
        let args = [
            "--port",
            &port,
            "--bind",
            "127.0.0.1",
            "--dir",
            &dir,
            "--save",
            "",
            "--appendonly",
            "no",
        ];
        // The port may still be held for a moment by the server just killed.
        for _ in 0..20 {
            let mut process = start_program("redis-server", &args, Some(&log));
            for _ in 0..50 {
                if self.ping().await {
                    self.process = Some(process);
                    return;
                }
                if let Ok(Some(_)) = process.0.try_wait() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            drop(process);
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        panic!("redis-server did not start: {}", tail(&log, 20));
    }

    pub async fn ping(&self) -> bool {
        super::redis_answers(&self.url(), Duration::from_secs(1)).await
    }

    /// `kill -9`: everything it held is gone.
    pub fn kill(&mut self) {
        drop(self.process.take());
    }

    /// Starts it again, empty, on the same port.
    pub async fn restart(&mut self) {
        self.kill();
        self.run().await;
    }
}

/// An S3-compatible server of the test's own: `s3s-fs` (from crates.io, installed by
/// `.ci/run`), serving a temporary folder with one bucket, with credentials; killed
/// when dropped. What it stores is plain files under `objects()`.
pub struct S3Server {
    pub port: u16,
    pub bucket: String,
    _process: Process,
    dir: tempfile::TempDir,
}

impl S3Server {
    const ACCESS_KEY: &str = "fleet-test";
    const SECRET_KEY: &str = "fleet-test-secret";

    /// `None` (after `unavailable`) when `s3s-fs` is not installed.
    pub async fn start(bucket: &str) -> Option<S3Server> {
        if !on_path("s3s-fs") {
            models::testing::unavailable(
                "s3s-fs, an S3-compatible server (cargo install s3s-fs --features binary)",
            );
            return None;
        }
        let dir = tempfile::tempdir().unwrap();
        std::fs::create_dir(dir.path().join(bucket)).unwrap();
        let root = dir.path().display().to_string();
        let log = dir.path().join("s3s-fs.log");
        for _ in 0..5 {
            let port = free_port();
            let port_text = port.to_string();
            let args = [
                "--host",
                "127.0.0.1",
                "--port",
                &port_text,
                "--access-key",
                Self::ACCESS_KEY,
                "--secret-key",
                Self::SECRET_KEY,
                &root,
            ];
            let mut process = start_program("s3s-fs", &args, Some(&log));
            for _ in 0..100 {
                if std::net::TcpStream::connect(("127.0.0.1", port)).is_ok() {
                    return Some(S3Server {
                        port,
                        bucket: bucket.to_owned(),
                        _process: process,
                        dir,
                    });
                }
                if let Ok(Some(_)) = process.0.try_wait() {
                    break;
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        }
        panic!("s3s-fs did not start: {}", tail(&log, 20));
    }

    /// The `BLOB_URL` of its bucket, credentials included.
    pub fn blob_url(&self) -> String {
        format!(
            "s3://{}?endpoint=http://127.0.0.1:{}&region=us-east-1&allow_http=true\
             &access_key_id={}&secret_access_key={}",
            self.bucket,
            self.port,
            Self::ACCESS_KEY,
            Self::SECRET_KEY
        )
    }

    /// The keys of the objects in its bucket.
    pub fn objects(&self) -> Vec<String> {
        fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
            for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
                let path = entry.path();
                if path.is_dir() {
                    walk(&path, out);
                } else {
                    out.push(path);
                }
            }
        }
        let root = self.dir.path().join(&self.bucket);
        let mut files = Vec::new();
        walk(&root, &mut files);
        let mut keys: Vec<String> = files
            .iter()
            .map(|f| f.strip_prefix(&root).unwrap().display().to_string())
            .collect();
        keys.sort();
        keys
    }
}

/// A PostgreSQL cluster of the test's own (never the machine's shared server): a
/// temporary directory, trust authentication, a free port. As root it runs as the
/// `postgres` user. Stopped (immediately) when dropped.
pub struct PrivatePostgres {
    pub port: u16,
    bin: PathBuf,
    dir: tempfile::TempDir,
    as_postgres: bool,
}

impl PrivatePostgres {
    /// `None` (after `unavailable`) when no PostgreSQL server binaries are installed
    /// or a cluster cannot be made here.
    pub fn start() -> Option<PrivatePostgres> {
        let Some(bin) = postgres_bin() else {
            models::testing::unavailable("PostgreSQL server binaries (initdb, pg_ctl)");
            return None;
        };
        let as_postgres = Command::new("id")
            .arg("-u")
            .output()
            .is_ok_and(|o| String::from_utf8_lossy(&o.stdout).trim() == "0");
        let dir = tempfile::tempdir().unwrap();
        if as_postgres {
            let chowned = Command::new("chown")
                .args(["postgres:", &dir.path().display().to_string()])
                .status()
                .is_ok_and(|s| s.success());
            if !chowned {
                models::testing::unavailable("a postgres user to run a private cluster");
                return None;
            }
        }
        let cluster = PrivatePostgres {
            port: free_port(),
            bin,
            dir,
            as_postgres,
        };
        let data = cluster.data().display().to_string();
        let made = cluster.run(
            "initdb",
            &[
                "-D",
                &data,
                "-A",
                "trust",
                "-U",
                "postgres",
                "-E",
                "UTF8",
                "--no-sync",
            ],
        );
        if !made {
            models::testing::unavailable("a private PostgreSQL cluster (initdb failed)");
            return None;
        }
        assert!(cluster.pg_ctl("start"), "{}", cluster.log());
        Some(cluster)
    }

    fn data(&self) -> PathBuf {
        self.dir.path().join("data")
    }

    pub fn log(&self) -> String {
        tail(&self.dir.path().join("postgres.log"), 30)
    }

    pub fn url(&self, database: &str) -> String {
        format!("postgres://postgres@127.0.0.1:{}/{database}", self.port)
    }

    fn run(&self, program: &str, args: &[&str]) -> bool {
        let program = self.bin.join(program);
        let mut command = if self.as_postgres {
            let mut c = Command::new("runuser");
            c.args(["-u", "postgres", "--"]).arg(program);
            c
        } else {
            Command::new(program)
        };
        command
            .args(args)
            .current_dir(self.dir.path())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .is_ok_and(|s| s.success())
    }

    /// `pg_ctl start`, `restart -m fast` or `stop -m immediate`, waiting for it.
    fn pg_ctl(&self, action: &str) -> bool {
        let data = self.data().display().to_string();
        let log = self.dir.path().join("postgres.log").display().to_string();
        let options = format!(
            "-p {} -k {} -c listen_addresses=127.0.0.1 -c fsync=off",
            self.port,
            self.dir.path().display()
        );
        let mut args = vec!["-D", &data, "-l", &log, "-w", "-t", "30"];
        match action {
            "restart" => args.extend(["-m", "fast", "restart", "-o", &options]),
            "stop" => args.extend(["-m", "immediate", "stop"]),
            _ => args.extend(["start", "-o", &options]),
        }
        self.run("pg_ctl", &args)
    }

    /// `pg_ctl restart -m fast`: every connection is cut, the server comes back.
    pub fn restart(&self) {
        assert!(self.pg_ctl("restart"), "{}", self.log());
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        self.pg_ctl("stop");
    }
}

/// The newest `/usr/lib/postgresql/*/bin` holding `initdb` and `pg_ctl`, else the
/// directory of an `initdb` on PATH.
fn postgres_bin() -> Option<PathBuf> {
    let mut versions: Vec<(u32, PathBuf)> = std::fs::read_dir("/usr/lib/postgresql")
        .into_iter()
        .flatten()
        .flatten()
        .filter_map(|entry| {
            let version = entry.file_name().to_str()?.parse().ok()?;
            Some((version, entry.path().join("bin")))
        })
        .filter(|(_, bin)| bin.join("initdb").is_file() && bin.join("pg_ctl").is_file())
        .collect();
    versions.sort();
    versions.pop().map(|(_, bin)| bin).or_else(|| {
        std::env::split_paths(&std::env::var_os("PATH")?)
            .find(|dir| dir.join("initdb").is_file() && dir.join("pg_ctl").is_file())
    })
}
