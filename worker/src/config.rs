use std::{path::PathBuf, time::Duration};

/// Worker settings, read from the environment with defaults that suit the embedded mode.
#[derive(Clone)]
pub struct WorkerConfig {
    /// Jobs of one queue run at most this many at a time in this process.
    pub concurrency: usize,
    /// How often workers say they are alive. A job held by a worker that missed a
    /// few heartbeats (it crashed or was killed) is run again by another worker.
    pub heartbeat: Duration,
    /// Where outbox mail goes when no SMTP relay is configured.
    pub data_dir: PathBuf,
    /// `smtp://host:port` (or `smtps://`); unset means the outbox.
    pub smtp_url: Option<String>,
    pub mail_from: String,
    /// Base URL of the web app, for links in mail.
    pub public_url: String,
    /// USDA FoodData Central: `USDA_BASE_URL`, `USDA_API_KEY` (DEMO_KEY by default).
    pub usda: crate::usda::UsdaConfig,
    /// Open Food Facts: `OFF_BASE_URL`, `OFF_TIMEOUT_MS`, `OFF_USER_AGENT`.
    pub off: crate::barcodes::openfoodfacts::OffConfig,
    /// Recognition models: `MODELS_DIR`, `ORT_DYLIB_PATH`, `DETECTOR_MODEL`, `RECOGNITION_EP`.
    pub recognition: crate::recognition::RecognitionConfig,
    /// Photos never confirmed nor saved in a meal are removed once this old
    /// (`UNCONFIRMED_UPLOADS_KEPT_DAYS`, default 30).
    pub unconfirmed_uploads_kept_for: Duration,
}

impl WorkerConfig {
    pub fn from_env() -> Result<Self, String> {
        let var = |name: &str| std::env::var(name).ok().filter(|v| !v.trim().is_empty());
        let concurrency = match var("WORKER_CONCURRENCY") {
            Some(v) => v
                .parse::<usize>()
                .ok()
                .filter(|n| (1..=256).contains(n))
                .ok_or_else(|| format!("WORKER_CONCURRENCY must be 1 to 256, not {v:?}"))?,
            None => 2,
        };
        let heartbeat = match var("WORKER_HEARTBEAT_SECS") {
            Some(v) => v
                .parse::<u64>()
                .ok()
                .filter(|s| (1..=600).contains(s))
                .map(Duration::from_secs)
                .ok_or_else(|| format!("WORKER_HEARTBEAT_SECS must be 1 to 600, not {v:?}"))?,
            None => jobs::DEFAULT_HEARTBEAT,
        };
        let kept_days = match var("UNCONFIRMED_UPLOADS_KEPT_DAYS") {
            Some(v) => v
                .parse::<u64>()
                .ok()
                .filter(|d| (1..=3650).contains(d))
                .ok_or_else(|| {
                    format!("UNCONFIRMED_UPLOADS_KEPT_DAYS must be 1 to 3650, not {v:?}")
                })?,
            None => 30,
        };
        Ok(WorkerConfig {
            concurrency,
            heartbeat,
            data_dir: var("DATA_DIR").unwrap_or_else(|| "data".into()).into(),
            smtp_url: var("SMTP_URL"),
            mail_from: var("MAIL_FROM")
                .unwrap_or_else(|| "Calorie Tracker <no-reply@calorie.localhost>".into()),
            public_url: var("PUBLIC_URL").unwrap_or_else(|| "http://127.0.0.1:8080".into()),
            usda: crate::usda::UsdaConfig::from_env(),
            off: crate::barcodes::openfoodfacts::OffConfig::from_env(),
            recognition: crate::recognition::RecognitionConfig::from_env(concurrency)?,
            unconfirmed_uploads_kept_for: Duration::from_secs(kept_days * 24 * 3600),
        })
    }
}

impl std::fmt::Debug for WorkerConfig {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WorkerConfig")
            .field("concurrency", &self.concurrency)
            .field("heartbeat", &self.heartbeat)
            .field("data_dir", &self.data_dir)
            // The relay URL may carry credentials.
            .field(
                "smtp_url",
                &self.smtp_url.as_deref().map(models::db::redact),
            )
            .field("mail_from", &self.mail_from)
            .field("public_url", &self.public_url)
            .field("recognition", &self.recognition)
            .field(
                "unconfirmed_uploads_kept_for",
                &self.unconfirmed_uploads_kept_for,
            )
            .finish()
    }
}
