//! Configuration: defaults suited to `make run`, overridden by environment variables,
//! read once at start-up (the in-process workers' part by `worker::WorkerConfig`).

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use anyhow::Context;
pub use platform::config::Secret;
use platform::config::{DataPlaces, Vars};
use platform::usda::UsdaConfig;

use crate::{
    rate_limit::{Limit, RateLimits},
    serve::ConnectionLimits,
};

#[derive(Debug, Clone)]
pub struct Config {
    pub bind_addr: SocketAddr,
    pub admin_bind_addr: SocketAddr,
    /// `sqlite://…` (embedded default) or `postgres://…` (fleet).
    pub database_url: Secret,
    /// Set: the fleet (Redis queue and bus, separate workers). Unset: embedded.
    pub redis_url: Option<Secret>,
    /// Prefix of Redis queue and channel names, so deployments can share a server.
    pub redis_namespace: String,
    /// Run the workers inside the API process (default: only in the embedded mode; a
    /// build without the `embedded-workers` feature has none to run).
    pub embedded_workers: bool,
    /// The built web app (`web/dist`).
    pub web_dir: PathBuf,
    /// Opens the admin listener (job board, metrics) when set.
    pub admin_token: Option<Secret>,
    /// Origins allowed to call the API from a browser (the Vite dev server).
    pub cors_origins: Vec<String>,
    /// Largest JSON body accepted, in bytes.
    pub json_body_limit: usize,
    /// Signs access tokens. Unset in the embedded default: one is made and kept in
    /// `DATA_DIR/jwt-secret`. The fleet's API processes must share one.
    pub jwt_secret: Option<Secret>,
    pub rate_limits: RateLimits,
    pub connections: ConnectionLimits,
    /// Account exports this process writes at once (`EXPORTS_AT_ONCE`); more are refused
    /// with 503 `EXPORT_BUSY`.
    pub exports_at_once: usize,
    pub uploads: UploadLimits,
    /// How long an unfinished job may go untouched before the sweeper checks whether
    /// its queue lost it (`JOB_SWEEP_GRACE_SECS`, default 120). Longer
    /// than a few worker heartbeats.
    pub job_sweep_grace: Duration,
    /// How long a call waits for work it handed to the workers (a photo's analysis, a
    /// USDA food fetched on first use, a barcode looked up abroad, a label read) before it
    /// answers 202 with where to follow the work (`ANSWER_WITHIN_MS`, default 2000): no
    /// request waits on a job for longer.
    pub answer_within: Duration,
    /// `DATA_DIR` (the embedded default's files) and `BLOB_URL` (the photo store).
    pub places: DataPlaces,
    /// USDA FoodData Central, for live search (fetches run as jobs).
    pub usda: UsdaConfig,
    /// The in-process workers' settings.
    #[cfg(feature = "embedded-workers")]
    pub worker: worker::WorkerConfig,
}

/// What photos may cost: disk per account, and memory while they are decoded.
#[derive(Debug, Clone, Copy)]
pub struct UploadLimits {
    /// The most one account's kept photos may take on disk (`UPLOAD_QUOTA_MB`).
    pub quota_bytes: u64,
    /// The memory that photos being decoded at once may hold (`DECODE_MEMORY_MB`); a
    /// photo waits for room (see `photo::DecodeBudget`).
    pub decode_memory_bytes: u64,
    /// How long a photo waits for that room before the answer is 503 `SERVER_BUSY`.
    pub decode_wait: Duration,
}

impl Default for UploadLimits {
    fn default() -> Self {
        UploadLimits {
            // About 2,000 kept photos (a phone photo is kept as a JPEG of 300-600 KB):
            // years of photographed meals, since photos never confirmed are pruned.
            quota_bytes: 1024 * MB,
            decode_memory_bytes: crate::photo::DEFAULT_DECODE_MEMORY,
            decode_wait: Duration::from_secs(10),
        }
    }
}

const MB: u64 = 1024 * 1024;

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        Self::read(&Vars::from_env())
    }

    pub fn read(vars: &Vars) -> anyhow::Result<Self> {
        let var = |name: &str| vars.get(name);
        let addr = |name: &str, default: &str| -> anyhow::Result<SocketAddr> {
            let value = var(name).unwrap_or_else(|| default.into());
            value
                .parse()
                .with_context(|| format!("{name} must be host:port, not {value:?}"))
        };
        let redis_url = var("REDIS_URL").map(Secret::new);
        let embedded_workers = match var("EMBEDDED_WORKERS").as_deref() {
            Some("1" | "true" | "yes") => true,
            Some("0" | "false" | "no") => false,
            Some(other) => anyhow::bail!("EMBEDDED_WORKERS must be true or false, not {other:?}"),
            None => redis_url.is_none(),
        };
        anyhow::ensure!(
            cfg!(feature = "embedded-workers") || !embedded_workers,
            "this API was built without in-process workers (the embedded-workers feature): \
             set REDIS_URL and run worker processes, or EMBEDDED_WORKERS=false"
        );
        Ok(Config {
            bind_addr: addr("BIND_ADDR", "127.0.0.1:8080")?,
            admin_bind_addr: addr("ADMIN_BIND_ADDR", "127.0.0.1:8081")?,
            database_url: Secret::new(
                var("DATABASE_URL").unwrap_or_else(|| "sqlite://data/calorie.db".into()),
            ),
            redis_url,
            redis_namespace: var("REDIS_NAMESPACE")
                .unwrap_or_else(|| jobs::DEFAULT_NAMESPACE.into()),
            embedded_workers,
            web_dir: var("WEB_DIR").unwrap_or_else(|| "web/dist".into()).into(),
            admin_token: var("ADMIN_TOKEN").map(Secret::new),
            cors_origins: var("CORS_ORIGINS")
                .unwrap_or_else(|| "http://localhost:5173,http://127.0.0.1:5173".into())
                .split(',')
                .map(|o| o.trim().to_owned())
                .filter(|o| !o.is_empty())
                .collect(),
            json_body_limit: 1024 * 1024,
            jwt_secret: var("JWT_SECRET").map(Secret::new),
            rate_limits: RateLimits {
                register_per_ip: Limit::per(
                    positive(vars, "REGISTER_LIMIT_PER_HOUR")?
                        .unwrap_or(RateLimits::default().register_per_ip.calls),
                    Duration::from_secs(3600),
                ),
                login_per_ip: Limit::per(
                    positive(vars, "LOGIN_LIMIT_PER_5_MIN")?
                        .unwrap_or(RateLimits::default().login_per_ip.calls),
                    Duration::from_secs(300),
                ),
                upload_per_account: Limit::per(
                    positive(vars, "UPLOADS_PER_10_MIN")?
                        .unwrap_or(RateLimits::default().upload_per_account.calls),
                    Duration::from_secs(600),
                ),
                ..RateLimits::default()
            },
            connections: connection_limits(vars)?,
            exports_at_once: positive(vars, "EXPORTS_AT_ONCE")?
                .map_or(crate::export::DEFAULT_AT_ONCE, |n| {
                    usize::try_from(n).unwrap_or(usize::MAX)
                }),
            uploads: UploadLimits {
                quota_bytes: megabytes(vars, "UPLOAD_QUOTA_MB")?
                    .unwrap_or(UploadLimits::default().quota_bytes),
                decode_memory_bytes: megabytes(vars, "DECODE_MEMORY_MB")?
                    .unwrap_or(UploadLimits::default().decode_memory_bytes),
                ..UploadLimits::default()
            },
            job_sweep_grace: Duration::from_secs(
                positive(vars, "JOB_SWEEP_GRACE_SECS")?.map_or(120, u64::from),
            ),
            answer_within: Duration::from_millis(
                vars.number("ANSWER_WITHIN_MS", 0..=10_000)
                    .map_err(anyhow::Error::msg)?
                    .unwrap_or(2_000),
            ),
            places: DataPlaces::read(vars),
            usda: UsdaConfig::read(vars),
            #[cfg(feature = "embedded-workers")]
            worker: worker::WorkerConfig::read(vars).map_err(anyhow::Error::msg)?,
        })
    }
}

impl Config {
    /// The token-signing secret: configured, or (embedded only) kept in the data
    /// directory so sessions survive a restart.
    pub fn signing_secret(&self) -> anyhow::Result<Vec<u8>> {
        if let Some(secret) = &self.jwt_secret {
            anyhow::ensure!(
                secret.expose().len() >= 32,
                "JWT_SECRET must be at least 32 characters"
            );
            return Ok(secret.expose().as_bytes().to_vec());
        }
        anyhow::ensure!(
            self.redis_url.is_none(),
            "JWT_SECRET is required in the fleet: every API process must sign with the same key"
        );
        let data_dir = &self.places.data_dir;
        let path = data_dir.join("jwt-secret");
        if let Ok(existing) = std::fs::read_to_string(&path)
            && existing.trim().len() >= 32
        {
            return Ok(existing.trim().as_bytes().to_vec());
        }
        std::fs::create_dir_all(data_dir)
            .with_context(|| format!("cannot create {}", data_dir.display()))?;
        let secret = crate::auth::random_token();
        write_private(&path, &secret)
            .with_context(|| format!("cannot write {}", path.display()))?;
        tracing::info!(path = %path.display(), "created a token-signing secret");
        Ok(secret.into_bytes())
    }
}

#[cfg(unix)]
fn write_private(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    use std::{io::Write, os::unix::fs::OpenOptionsExt};
    let mut file = std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(text.as_bytes())
}

#[cfg(not(unix))]
fn write_private(path: &std::path::Path, text: &str) -> std::io::Result<()> {
    std::fs::write(path, text)
}

/// A positive number from the environment (the per-address limits among them: how many
/// calls one client address may make in the limit's window, raised behind a shared NAT
/// or proxy, where many people share one).
fn positive(vars: &Vars, name: &str) -> anyhow::Result<Option<u32>> {
    vars.get(name)
        .map(|value| {
            value
                .trim()
                .parse()
                .ok()
                .filter(|n| *n > 0)
                .with_context(|| format!("{name} must be a positive number, not {value:?}"))
        })
        .transpose()
}

/// `CONNECTION_TIMEOUT_SECS`, `REQUEST_DEADLINE_SECS`, `UPLOAD_DEADLINE_SECS`,
/// `MAX_CONNECTIONS`, `MAX_CONNECTIONS_PER_ADDRESS` and `MAX_ARRIVING_PER_ADDRESS`, each
/// defaulting to [`ConnectionLimits::default`].
fn connection_limits(vars: &Vars) -> anyhow::Result<ConnectionLimits> {
    let default = ConnectionLimits::default();
    let count = |n: u32| usize::try_from(n).unwrap_or(usize::MAX);
    let seconds = |name, default| -> anyhow::Result<Duration> {
        Ok(positive(vars, name)?.map_or(default, |s| Duration::from_secs(s.into())))
    };
    Ok(ConnectionLimits {
        timeout: seconds("CONNECTION_TIMEOUT_SECS", default.timeout)?,
        request: seconds("REQUEST_DEADLINE_SECS", default.request)?,
        upload: seconds("UPLOAD_DEADLINE_SECS", default.upload)?,
        max: positive(vars, "MAX_CONNECTIONS")?.map_or(default.max, count),
        per_address: positive(vars, "MAX_CONNECTIONS_PER_ADDRESS")?
            .map_or(default.per_address, count),
        arriving_per_address: positive(vars, "MAX_ARRIVING_PER_ADDRESS")?
            .map_or(default.arriving_per_address, count),
    })
}

/// A size in MiB from the environment, in bytes.
fn megabytes(vars: &Vars, name: &str) -> anyhow::Result<Option<u64>> {
    Ok(positive(vars, name)?.map(|mb| u64::from(mb) * MB))
}
