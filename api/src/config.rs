//! Configuration: defaults suited to `make run`, overridden by environment variables.

use std::{fmt, net::SocketAddr, path::PathBuf};

use anyhow::Context;
use worker::WorkerConfig;

/// A value that never shows up in logs or debug output.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

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
    /// Run the workers inside the API process (default: only in the embedded mode).
    pub embedded_workers: bool,
    /// The built web app (`web/dist`).
    pub web_dir: PathBuf,
    /// Opens the admin listener (job board, metrics) when set.
    pub admin_token: Option<Secret>,
    /// Origins allowed to call the API from a browser (the Vite dev server).
    pub cors_origins: Vec<String>,
    /// Largest JSON body accepted, in bytes.
    pub json_body_limit: usize,
    pub worker: WorkerConfig,
}

impl Config {
    pub fn from_env() -> anyhow::Result<Self> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
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
        Ok(Config {
            bind_addr: addr("BIND_ADDR", "127.0.0.1:8080")?,
            admin_bind_addr: addr("ADMIN_BIND_ADDR", "127.0.0.1:8081")?,
            database_url: Secret::new(
                var("DATABASE_URL").unwrap_or_else(|| "sqlite://data/calorie.db".into()),
            ),
            redis_url,
            redis_namespace: var("REDIS_NAMESPACE").unwrap_or_else(|| "calorie".into()),
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
            worker: WorkerConfig::from_env().map_err(anyhow::Error::msg)?,
        })
    }
}
