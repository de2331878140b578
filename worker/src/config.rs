//! The workers' configuration, read from the environment once, at start-up, by the
//! binary that runs them: [`Config`] is the `worker` binary's whole configuration, and
//! [`WorkerConfig`] the workers' own settings, also part of the API's configuration for
//! the workers it runs in-process. Nothing else in the workers reads the environment.

use std::{net::SocketAddr, path::PathBuf, time::Duration};

use platform::config::{DataPlaces, HostPort, Secret, Vars, Within};
use platform::usda::UsdaConfig;
use serde::Deserialize;

use crate::barcodes::openfoodfacts::{self, OffConfig};
use crate::recognition::{self, ExecutionProvider, RecognitionConfig, vision::VisionConfig};

/// The `worker` binary's configuration: the shared database and Redis, and the workers'
/// settings.
#[derive(Debug, Clone)]
pub struct Config {
    /// `DATABASE_URL` (required): the fleet's PostgreSQL.
    pub database_url: Secret,
    /// `REDIS_URL` (required): the queue and the progress bus.
    pub redis_url: Secret,
    /// `REDIS_NAMESPACE`: prefix of Redis keys and channels.
    pub redis_namespace: String,
    /// `DATA_DIR` (the mail outbox when no SMTP relay is configured) and `BLOB_URL` (the
    /// photo store, shared with the API: `file://…` or `s3://bucket?…`).
    pub places: DataPlaces,
    /// USDA FoodData Central: `USDA_BASE_URL`, `USDA_API_KEY` (DEMO_KEY by default).
    pub usda: UsdaConfig,
    /// `WORKER_METRICS_ADDR`: where this worker serves `GET /metrics` (off when unset).
    pub metrics_addr: Option<SocketAddr>,
    pub workers: WorkerConfig,
}

impl Config {
    pub fn from_env() -> Result<Self, String> {
        Self::read(&Vars::from_env())
    }

    pub fn read(vars: &Vars) -> Result<Self, String> {
        #[derive(Deserialize)]
        struct Environment {
            database_url: Option<Secret>,
            redis_url: Option<Secret>,
            redis_namespace: Option<String>,
            worker_metrics_addr: Option<HostPort>,
        }
        let environment: Environment = vars.extract()?;
        Ok(Config {
            database_url: environment.database_url.ok_or("DATABASE_URL is required")?,
            redis_url: environment
                .redis_url
                .ok_or("REDIS_URL is required for a worker")?,
            redis_namespace: environment
                .redis_namespace
                .unwrap_or_else(|| jobs::DEFAULT_NAMESPACE.into()),
            places: DataPlaces::read(vars)?,
            usda: UsdaConfig::read(vars)?,
            metrics_addr: environment.worker_metrics_addr.map(|addr| addr.0),
            workers: WorkerConfig::read(vars)?,
        })
    }
}

/// Worker settings, with defaults that suit the embedded mode.
#[derive(Debug, Clone)]
pub struct WorkerConfig {
    /// Jobs of one queue run at most this many at a time in this process.
    pub concurrency: usize,
    /// How often workers say they are alive. A job held by a worker that missed a
    /// few heartbeats (it crashed or was killed) is run again by another worker.
    pub heartbeat: Duration,
    /// `smtp://host:port` (or `smtps://`), perhaps with credentials; unset means the outbox.
    pub smtp_url: Option<Secret>,
    pub mail_from: String,
    /// `PUBLIC_URL`: the web app's address, which the links in mail open.
    pub public_url: String,
    /// Open Food Facts: `OFF_BASE_URL`, `OFF_TIMEOUT_MS`, `OFF_USER_AGENT`.
    pub off: OffConfig,
    /// Recognition models: `MODELS_DIR`, `ORT_DYLIB_PATH`, `DETECTOR_MODEL`, `RECOGNITION_EP`.
    pub recognition: RecognitionConfig,
    /// Photos never confirmed nor saved in a meal are removed once this old
    /// (`UNCONFIRMED_UPLOADS_KEPT_DAYS`, default 30).
    pub unconfirmed_uploads_kept_for: Duration,
    /// `HOSTNAME` (the container's), which names the workers of this process.
    pub host_name: String,
    /// `WORKER_QUEUES`: the queues this process takes.
    pub queues: QueueSelection,
    /// `DECODE_MEMORY_MB`: the memory the photos this process decodes may hold together
    /// (see `photo::DecodeRoom`); the API refuses a photo that would take more.
    pub decode_memory_bytes: u64,
}

/// Which queues a worker process takes (`WORKER_QUEUES`): `all` (the default), `gpu`
/// (the recognition and label jobs, `jobs::GPU_QUEUES`), `cpu` (every other queue), or
/// queue names separated by commas.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub enum QueueSelection {
    #[default]
    All,
    Only(Vec<&'static str>),
}

impl QueueSelection {
    pub fn parse(text: &str) -> Result<Self, String> {
        let pick = |keep: &dyn Fn(&str) -> bool| {
            QueueSelection::Only(jobs::QUEUES.iter().copied().filter(|q| keep(q)).collect())
        };
        Ok(match text.trim() {
            "" | "all" => QueueSelection::All,
            "gpu" => pick(&|q| jobs::GPU_QUEUES.contains(&q)),
            "cpu" => pick(&|q| !jobs::GPU_QUEUES.contains(&q)),
            names => {
                let mut only = Vec::new();
                for name in names.split(',').map(str::trim).filter(|n| !n.is_empty()) {
                    let queue = jobs::QUEUES.iter().find(|q| **q == name).ok_or_else(|| {
                        format!(
                            "WORKER_QUEUES: no queue is called {name:?} (all, gpu, cpu, or some of {})",
                            jobs::QUEUES.join(", ")
                        )
                    })?;
                    only.push(*queue);
                }
                if only.is_empty() {
                    return Err("WORKER_QUEUES names no queue".into());
                }
                QueueSelection::Only(only)
            }
        })
    }

    pub fn takes(&self, queue: &str) -> bool {
        match self {
            QueueSelection::All => true,
            QueueSelection::Only(queues) => queues.contains(&queue),
        }
    }
}

impl std::fmt::Display for QueueSelection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QueueSelection::All => f.write_str("all"),
            QueueSelection::Only(queues) => f.write_str(&queues.join(",")),
        }
    }
}

/// The variables the workers read, typed, with the defaults of the embedded mode.
#[derive(Deserialize)]
#[serde(default)]
struct Environment {
    worker_concurrency: Within<1, 256>,
    worker_heartbeat_secs: Option<Within<1, 600>>,
    smtp_url: Option<Secret>,
    mail_from: String,
    public_url: String,
    off_base_url: String,
    off_timeout_ms: Option<Within<1, 600_000>>,
    off_user_agent: String,
    models_dir: PathBuf,
    ort_dylib_path: PathBuf,
    detector_model: String,
    gate_model: String,
    recognition_ep: ExecutionProvider,
    recognition_sessions: Option<Sessions>,
    recognition_threads: Option<Within<1, 64>>,
    recognition_gpu_memory_mb: Option<Within<64, 81_920>>,
    recognition_batch: Option<Within<1, 64>>,
    dish_classifier: Option<String>,
    vision_api_url: Option<String>,
    vision_api_key: Option<Secret>,
    vision_model: String,
    vision_timeout_ms: Option<Within<1, 600_000>>,
    unconfirmed_uploads_kept_days: Within<1, 3650>,
    hostname: String,
    worker_queues: String,
    decode_memory_mb: Within<1, 1_048_576>,
}

impl Default for Environment {
    fn default() -> Self {
        Environment {
            worker_concurrency: Within(2),
            worker_heartbeat_secs: None,
            smtp_url: None,
            mail_from: "Calorie Tracker <no-reply@calorie.localhost>".into(),
            public_url: "http://127.0.0.1:8080".into(),
            off_base_url: openfoodfacts::DEFAULT_BASE_URL.into(),
            off_timeout_ms: None,
            off_user_agent: openfoodfacts::DEFAULT_USER_AGENT.into(),
            models_dir: recognition::DEFAULT_MODELS_DIR.into(),
            ort_dylib_path: recognition::DEFAULT_ORT_LIBRARY.into(),
            detector_model: recognition::DEFAULT_DETECTOR.into(),
            gate_model: recognition::DEFAULT_GATE.into(),
            recognition_ep: ExecutionProvider::Cpu,
            recognition_sessions: None,
            recognition_threads: None,
            recognition_gpu_memory_mb: None,
            recognition_batch: None,
            dish_classifier: None,
            vision_api_url: None,
            vision_api_key: None,
            vision_model: recognition::vision::DEFAULT_MODEL.into(),
            vision_timeout_ms: None,
            unconfirmed_uploads_kept_days: Within(30),
            hostname: "local".into(),
            worker_queues: String::new(),
            decode_memory_mb: Within(platform::photo::DEFAULT_DECODE_MEMORY / platform::photo::MB),
        }
    }
}

/// `RECOGNITION_SESSIONS`: one session all slots share, or one per slot.
#[derive(Deserialize, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "kebab-case")]
enum Sessions {
    Shared,
    PerSlot,
}

fn millis(ms: Option<Within<1, 600_000>>, default: Duration) -> Duration {
    ms.map_or(default, |ms| Duration::from_millis(ms.get()))
}

impl WorkerConfig {
    pub fn from_env() -> Result<Self, String> {
        Self::read(&Vars::from_env())
    }

    pub fn read(vars: &Vars) -> Result<Self, String> {
        let environment: Environment = vars.extract()?;
        let concurrency = environment.worker_concurrency.count();
        let recognition = recognition_config(&environment, concurrency);
        Ok(WorkerConfig {
            concurrency,
            heartbeat: environment
                .worker_heartbeat_secs
                .map_or(jobs::DEFAULT_HEARTBEAT, |s| Duration::from_secs(s.get())),
            smtp_url: environment.smtp_url,
            mail_from: environment.mail_from,
            public_url: environment.public_url,
            off: OffConfig {
                base_url: environment.off_base_url,
                timeout: millis(environment.off_timeout_ms, openfoodfacts::DEFAULT_TIMEOUT),
                user_agent: environment.off_user_agent,
            },
            recognition,
            unconfirmed_uploads_kept_for: Duration::from_secs(
                environment.unconfirmed_uploads_kept_days.get() * 24 * 3600,
            ),
            host_name: environment.hostname,
            queues: QueueSelection::parse(&environment.worker_queues)?,
            decode_memory_bytes: environment.decode_memory_mb.get() * platform::photo::MB,
        })
    }

    /// Names this process's workers in probe reports and worker registrations.
    pub fn worker_name(&self) -> String {
        format!("{}-{}", self.host_name, std::process::id())
    }
}

/// `concurrency` images may be analysed at once: on the CPU one session each (or one
/// shared, `RECOGNITION_SESSIONS=shared`), the cores shared among the sessions unless
/// `RECOGNITION_THREADS` says otherwise; on CUDA one session per model, shared.
fn recognition_config(environment: &Environment, concurrency: usize) -> RecognitionConfig {
    let execution = environment.recognition_ep;
    let cuda = execution == ExecutionProvider::Cuda;
    let shared = environment
        .recognition_sessions
        .map_or(cuda, |sessions| sessions == Sessions::Shared);
    let sessions = if shared { 1 } else { concurrency.max(1) };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let vision = environment
        .vision_api_url
        .clone()
        .map(|base_url| VisionConfig {
            base_url,
            api_key: environment.vision_api_key.clone(),
            model: environment.vision_model.clone(),
            timeout: millis(
                environment.vision_timeout_ms,
                recognition::vision::DEFAULT_TIMEOUT,
            ),
        });
    RecognitionConfig {
        models_dir: environment.models_dir.clone(),
        ort_library: environment.ort_dylib_path.clone(),
        detector: environment.detector_model.clone(),
        gate: environment.gate_model.clone(),
        execution,
        sessions,
        gpu_memory_bytes: environment
            .recognition_gpu_memory_mb
            .map_or(recognition::DEFAULT_GPU_MEMORY, |mb| {
                mb.count() * 1024 * 1024
            }),
        threads: environment
            .recognition_threads
            .map_or((cores / sessions).max(1), Within::count),
        batch: environment
            .recognition_batch
            .map_or(if cuda { 8 } else { 1 }, Within::count),
        one_shape: cuda,
        classifier: environment.dish_classifier.clone(),
        vision,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use platform::config::ExposeSecret;

    #[test]
    fn defaults_are_the_readmes() {
        let config = Config::read(&Vars::of([
            ("DATABASE_URL", "postgres://calorie:pw@db/calorie"),
            ("REDIS_URL", "redis://redis:6379"),
        ]))
        .unwrap();
        assert_eq!(config.redis_namespace, "calorie");
        assert_eq!(config.places.data_dir, std::path::PathBuf::from("data"));
        assert_eq!(config.usda.api_key.expose_secret(), "DEMO_KEY");
        assert_eq!(config.usda.timeout, Duration::from_millis(4000));
        let workers = config.workers;
        assert_eq!(workers.concurrency, 2);
        assert_eq!(workers.heartbeat, jobs::DEFAULT_HEARTBEAT);
        assert_eq!(workers.off.base_url, "https://world.openfoodfacts.org");
        assert_eq!(workers.off.timeout, Duration::from_millis(4000));
        assert_eq!(
            workers.recognition.models_dir,
            std::path::PathBuf::from(".models")
        );
        assert_eq!(
            workers.recognition.ort_library,
            std::path::PathBuf::from(".ort/libonnxruntime.so.1.31.1")
        );
        assert_eq!(workers.recognition.detector, "yolox-nano");
        assert_eq!(workers.recognition.execution, ExecutionProvider::Cpu);
        assert!(workers.recognition.vision.is_none());
        assert_eq!(
            workers.unconfirmed_uploads_kept_for,
            Duration::from_secs(30 * 24 * 3600)
        );
        assert_eq!(workers.host_name, "local");
    }

    #[test]
    fn a_worker_needs_its_database_and_redis() {
        let missing = Config::read(&Vars::of([("DATABASE_URL", "postgres://db/x")]));
        assert_eq!(missing.unwrap_err(), "REDIS_URL is required for a worker");
        let blank = Config::read(&Vars::of([
            ("DATABASE_URL", " "),
            ("REDIS_URL", "redis://r"),
        ]));
        assert_eq!(blank.unwrap_err(), "DATABASE_URL is required");
    }

    #[test]
    fn numbers_out_of_range_are_refused_by_name() {
        let refused = WorkerConfig::read(&Vars::of([("WORKER_CONCURRENCY", "0")]));
        assert_eq!(
            refused.unwrap_err(),
            "WORKER_CONCURRENCY must be 1 to 256, not \"0\""
        );
    }

    #[test]
    fn values_that_do_not_read_as_their_type_are_refused_by_name() {
        let refused = |name: &str, value: &str| {
            Config::read(&Vars::of([
                ("DATABASE_URL", "postgres://db/x"),
                ("REDIS_URL", "redis://r"),
                (name, value),
            ]))
            .unwrap_err()
        };
        assert_eq!(
            refused("RECOGNITION_EP", "gpu"),
            "RECOGNITION_EP must be cpu or cuda, not \"gpu\""
        );
        assert_eq!(
            refused("WORKER_METRICS_ADDR", "localhost"),
            "WORKER_METRICS_ADDR must be host:port, not \"localhost\""
        );
        assert_eq!(
            refused("OFF_TIMEOUT_MS", "soon"),
            "OFF_TIMEOUT_MS must be 1 to 600000, not \"soon\""
        );
        assert_eq!(
            refused("WORKER_HEARTBEAT_SECS", "-3"),
            "WORKER_HEARTBEAT_SECS must be 1 to 600, not \"-3\""
        );
        // A secret of digits stays text, and blanks around a value are not part of it.
        let config = Config::read(&Vars::of([
            ("DATABASE_URL", "postgres://db/x"),
            ("REDIS_URL", "redis://r"),
            ("USDA_API_KEY", "12345"),
            ("WORKER_CONCURRENCY", " 8 "),
        ]))
        .unwrap();
        assert_eq!(config.usda.api_key.expose_secret(), "12345");
        assert_eq!(config.workers.concurrency, 8);
    }

    #[test]
    fn secrets_never_show_in_debug_output() {
        let config = Config::read(&Vars::of([
            ("DATABASE_URL", "postgres://calorie:db-password@db/calorie"),
            ("REDIS_URL", "redis://:redis-password@redis:6379"),
            ("SMTP_URL", "smtp://mail:smtp-password@relay:25"),
            ("USDA_API_KEY", "usda-key"),
            ("VISION_API_URL", "http://vision"),
            ("VISION_API_KEY", "vision-key"),
            ("BLOB_URL", "s3://photos?secret_access_key=store-secret"),
        ]))
        .unwrap();
        let shown = format!("{config:?}");
        for secret in [
            "store-secret",
            "db-password",
            "redis-password",
            "smtp-password",
            "usda-key",
            "vision-key",
        ] {
            assert!(!shown.contains(secret), "{secret} in {shown}");
        }
        assert!(shown.contains("REDACTED"));
    }

    #[test]
    fn workers_take_all_queues_or_the_gpus_or_the_rest() {
        let read = |value: &str| {
            WorkerConfig::read(&Vars::of([("WORKER_QUEUES", value)])).map(|c| c.queues)
        };
        let all = read("all").unwrap();
        assert!(jobs::QUEUES.iter().all(|q| all.takes(q)));
        assert_eq!(read("").unwrap(), all);

        let gpu = read("gpu").unwrap();
        let cpu = read("cpu").unwrap();
        for queue in jobs::QUEUES {
            // Every queue is taken by exactly one of the two kinds.
            assert_ne!(gpu.takes(queue), cpu.takes(queue), "{queue}");
        }
        assert!(gpu.takes("detect-foods") && gpu.takes("read-label"));
        assert!(cpu.takes("lookup-nutrition") && cpu.takes("send-mail"));

        let some = read("probe, send-mail").unwrap();
        assert!(some.takes("probe") && some.takes("send-mail") && !some.takes("detect-foods"));
        let refused = read("probe,detect_foods").unwrap_err();
        assert!(refused.contains("\"detect_foods\""), "{refused}");
        assert!(read(" , ").is_err());
    }

    #[test]
    fn on_cuda_slots_share_one_session_whose_arena_is_bounded() {
        let read = |vars: &[(&str, &str)]| WorkerConfig::read(&Vars::of(vars.iter().copied()));
        let cuda = read(&[
            ("RECOGNITION_EP", "cuda"),
            ("WORKER_CONCURRENCY", "16"),
            ("RECOGNITION_GPU_MEMORY_MB", "512"),
        ])
        .unwrap()
        .recognition;
        assert_eq!(cuda.sessions, 1);
        assert_eq!(cuda.batch, 8);
        assert!(cuda.one_shape);
        // The options reach the provider each session registers.
        let options = format!("{:?}", recognition::cuda_provider(&cuda));
        assert!(options.contains("gpu_mem_limit"), "{options}");
        assert!(
            options.contains(&(512usize * 1024 * 1024).to_string()),
            "{options}"
        );
        assert!(options.contains("arena_extend_strategy"), "{options}");
        assert!(options.contains("kSameAsRequested"), "{options}");
        assert!(options.contains("HEURISTIC"), "{options}");

        let cpu = read(&[("WORKER_CONCURRENCY", "4")]).unwrap().recognition;
        assert_eq!((cpu.sessions, cpu.batch, cpu.one_shape), (4, 1, false));
        let shared = read(&[
            ("WORKER_CONCURRENCY", "4"),
            ("RECOGNITION_SESSIONS", "shared"),
        ]);
        assert_eq!(shared.unwrap().recognition.sessions, 1);
        let refused = read(&[("RECOGNITION_SESSIONS", "many")]).unwrap_err();
        assert!(refused.contains("shared or per-slot"), "{refused}");
    }
}
