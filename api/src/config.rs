//! Configuration: defaults suited to `make run`, overridden by environment variables,
//! read once at start-up (the in-process workers' part by `worker::WorkerConfig`).

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use anyhow::Context;
pub use platform::config::Secret;
use platform::config::{DataPlaces, ExposeSecret, HostPort, Positive, Vars, Within};
use platform::usda::UsdaConfig;
use serde::Deserialize;

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
    /// The memory a worker's photos being decoded at once may hold (`DECODE_MEMORY_MB`,
    /// read by the workers too): a photo that would take more is refused at upload.
    pub decode_memory_bytes: u64,
}

impl Default for UploadLimits {
    fn default() -> Self {
        UploadLimits {
            // About 2,000 kept photos (a phone photo is kept as a JPEG of 300-600 KB):
            // years of photographed meals, since photos never confirmed are pruned.
            quota_bytes: 1024 * MB,
            decode_memory_bytes: platform::photo::DEFAULT_DECODE_MEMORY,
        }
    }
}

const MB: u64 = 1024 * 1024;

/// The variables the API reads, typed; an unset one takes the default that
/// [`Config::read`] gives it.
#[derive(Deserialize)]
struct Environment {
    bind_addr: Option<HostPort>,
    admin_bind_addr: Option<HostPort>,
    database_url: Option<Secret>,
    redis_url: Option<Secret>,
    redis_namespace: Option<String>,
    embedded_workers: Option<bool>,
    web_dir: Option<PathBuf>,
    admin_token: Option<Secret>,
    cors_origins: Option<String>,
    jwt_secret: Option<Secret>,
    register_limit_per_hour: Option<Positive>,
    login_limit_per_5_min: Option<Positive>,
    uploads_per_10_min: Option<Positive>,
    connection_timeout_secs: Option<Positive>,
    request_deadline_secs: Option<Positive>,
    upload_deadline_secs: Option<Positive>,
    max_connections: Option<Positive>,
    max_connections_per_address: Option<Positive>,
    max_arriving_per_address: Option<Positive>,
    listen_backlog: Option<Within<128, 65_535>>,
    exports_at_once: Option<Positive>,
    upload_quota_mb: Option<Positive>,
    decode_memory_mb: Option<Positive>,
    job_sweep_grace_secs: Option<Positive>,
    answer_within_ms: Option<Within<0, 10_000>>,
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        Self::read(&Vars::from_env())
    }

    pub fn read(vars: &Vars) -> anyhow::Result<Self> {
        let env: Environment = vars.extract().map_err(anyhow::Error::msg)?;
        let embedded_workers = env.embedded_workers.unwrap_or(env.redis_url.is_none());
        anyhow::ensure!(
            cfg!(feature = "embedded-workers") || !embedded_workers,
            "this API was built without in-process workers (the embedded-workers feature): \
             set REDIS_URL and run worker processes, or EMBEDDED_WORKERS=false"
        );
        let address = |set: Option<HostPort>, default: [u8; 4], port| {
            set.map_or(SocketAddr::from((default, port)), |addr| addr.0)
        };
        let limit = |set: Option<Positive>, default: Limit| {
            set.map_or(default, |calls| Limit::per(calls.as_u32(), default.window))
        };
        let seconds =
            |set: Option<Positive>, default| set.map_or(default, |s| Duration::from_secs(s.get()));
        let megabytes = |set: Option<Positive>, default| set.map_or(default, |mb| mb.get() * MB);
        let rate_limits = RateLimits::default();
        let connections = ConnectionLimits::default();
        let uploads = UploadLimits::default();
        Ok(Config {
            bind_addr: address(env.bind_addr, [127, 0, 0, 1], 8080),
            admin_bind_addr: address(env.admin_bind_addr, [127, 0, 0, 1], 8081),
            database_url: env
                .database_url
                .unwrap_or_else(|| "sqlite://data/calorie.db".into()),
            redis_url: env.redis_url,
            redis_namespace: env
                .redis_namespace
                .unwrap_or_else(|| jobs::DEFAULT_NAMESPACE.into()),
            embedded_workers,
            web_dir: env.web_dir.unwrap_or_else(|| "web/dist".into()),
            admin_token: env.admin_token,
            cors_origins: env
                .cors_origins
                .as_deref()
                .unwrap_or("http://localhost:5173,http://127.0.0.1:5173")
                .split(',')
                .map(|o| o.trim().to_owned())
                .filter(|o| !o.is_empty())
                .collect(),
            json_body_limit: 1024 * 1024,
            jwt_secret: env.jwt_secret,
            rate_limits: RateLimits {
                register_per_ip: limit(env.register_limit_per_hour, rate_limits.register_per_ip),
                login_per_ip: limit(env.login_limit_per_5_min, rate_limits.login_per_ip),
                upload_per_account: limit(env.uploads_per_10_min, rate_limits.upload_per_account),
                ..rate_limits
            },
            connections: ConnectionLimits {
                timeout: seconds(env.connection_timeout_secs, connections.timeout),
                request: seconds(env.request_deadline_secs, connections.request),
                upload: seconds(env.upload_deadline_secs, connections.upload),
                max: env.max_connections.map_or(connections.max, Within::count),
                per_address: env
                    .max_connections_per_address
                    .map_or(connections.per_address, Within::count),
                arriving_per_address: env
                    .max_arriving_per_address
                    .map_or(connections.arriving_per_address, Within::count),
                backlog: env.listen_backlog.map_or(connections.backlog, |b| {
                    u32::try_from(b.get()).unwrap_or(u32::MAX)
                }),
            },
            exports_at_once: env
                .exports_at_once
                .map_or(crate::export::DEFAULT_AT_ONCE, Within::count),
            uploads: UploadLimits {
                quota_bytes: megabytes(env.upload_quota_mb, uploads.quota_bytes),
                decode_memory_bytes: megabytes(env.decode_memory_mb, uploads.decode_memory_bytes),
            },
            job_sweep_grace: seconds(env.job_sweep_grace_secs, Duration::from_secs(120)),
            answer_within: Duration::from_millis(env.answer_within_ms.map_or(2_000, Within::get)),
            places: DataPlaces::read(vars).map_err(anyhow::Error::msg)?,
            usda: UsdaConfig::read(vars).map_err(anyhow::Error::msg)?,
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
                secret.expose_secret().len() >= 32,
                "JWT_SECRET must be at least 32 characters"
            );
            return Ok(secret.expose_secret().as_bytes().to_vec());
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

#[cfg(test)]
mod tests {
    use super::*;

    fn read(vars: &[(&str, &str)]) -> Result<Config, String> {
        Config::read(&Vars::of(vars.iter().copied())).map_err(|e| e.to_string())
    }

    #[test]
    fn defaults_are_the_embedded_ones() {
        let config = read(&[]).unwrap();
        assert_eq!(config.bind_addr.to_string(), "127.0.0.1:8080");
        assert_eq!(
            config.database_url.expose_secret(),
            "sqlite://data/calorie.db"
        );
        assert!(config.redis_url.is_none());
        assert_eq!(config.rate_limits.login_per_ip.calls, 30);
        assert_eq!(config.answer_within, Duration::from_secs(2));
        assert_eq!(config.uploads.quota_bytes, 1024 * MB);
        assert_eq!(config.cors_origins.len(), 2);
    }

    #[test]
    fn settings_are_read_and_bad_ones_refused_by_name() {
        let config = read(&[
            ("BIND_ADDR", "0.0.0.0:9000"),
            ("LOGIN_LIMIT_PER_5_MIN", "300"),
            ("UPLOAD_QUOTA_MB", "5"),
            ("EMBEDDED_WORKERS", "no"),
            ("ANSWER_WITHIN_MS", "0"),
        ])
        .unwrap();
        assert_eq!(config.bind_addr.to_string(), "0.0.0.0:9000");
        assert_eq!(config.rate_limits.login_per_ip.calls, 300);
        assert_eq!(
            config.rate_limits.login_per_ip.window,
            Duration::from_secs(300)
        );
        assert_eq!(config.uploads.quota_bytes, 5 * MB);
        assert!(!config.embedded_workers);
        assert_eq!(config.answer_within, Duration::ZERO);

        let refused = |name: &str, value: &str| read(&[(name, value)]).unwrap_err();
        assert_eq!(
            refused("BIND_ADDR", "8080"),
            "BIND_ADDR must be host:port, not \"8080\""
        );
        assert_eq!(
            refused("LOGIN_LIMIT_PER_5_MIN", "0"),
            "LOGIN_LIMIT_PER_5_MIN must be a positive number, not \"0\""
        );
        assert_eq!(
            refused("EMBEDDED_WORKERS", "maybe"),
            "EMBEDDED_WORKERS must be true or false, not \"maybe\""
        );
        assert_eq!(
            refused("ANSWER_WITHIN_MS", "60000"),
            "ANSWER_WITHIN_MS must be 0 to 10000, not \"60000\""
        );
    }
}
