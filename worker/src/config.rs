//! The workers' configuration, read from the environment once, at start-up, by the
//! binary that runs them: [`Config`] is the `worker` binary's whole configuration, and
//! [`WorkerConfig`] the workers' own settings, also part of the API's configuration for
//! the workers it runs in-process. Nothing else in the workers reads the environment.

use std::time::Duration;

use platform::config::{DataPlaces, Secret, Vars};
use platform::usda::UsdaConfig;

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
    pub metrics_addr: Option<std::net::SocketAddr>,
    pub workers: WorkerConfig,
}

impl Config {
    pub fn from_env() -> Result<Self, String> {
        Self::read(&Vars::from_env())
    }

    pub fn read(vars: &Vars) -> Result<Self, String> {
        Ok(Config {
            database_url: vars
                .get("DATABASE_URL")
                .ok_or("DATABASE_URL is required")?
                .into(),
            redis_url: vars
                .get("REDIS_URL")
                .ok_or("REDIS_URL is required for a worker")?
                .into(),
            redis_namespace: vars
                .get("REDIS_NAMESPACE")
                .unwrap_or_else(|| jobs::DEFAULT_NAMESPACE.into()),
            places: DataPlaces::read(vars),
            usda: UsdaConfig::read(vars),
            metrics_addr: vars
                .get("WORKER_METRICS_ADDR")
                .map(|addr| {
                    addr.trim()
                        .parse()
                        .map_err(|_| format!("WORKER_METRICS_ADDR must be host:port, not {addr:?}"))
                })
                .transpose()?,
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

impl WorkerConfig {
    pub fn from_env() -> Result<Self, String> {
        Self::read(&Vars::from_env())
    }

    pub fn read(vars: &Vars) -> Result<Self, String> {
        let concurrency = vars.number("WORKER_CONCURRENCY", 1..=256)?.unwrap_or(2);
        let heartbeat = vars
            .number("WORKER_HEARTBEAT_SECS", 1..=600)?
            .map_or(jobs::DEFAULT_HEARTBEAT, Duration::from_secs);
        let kept_days: u64 = vars
            .number("UNCONFIRMED_UPLOADS_KEPT_DAYS", 1..=3650)?
            .unwrap_or(30);
        Ok(WorkerConfig {
            concurrency,
            heartbeat,
            smtp_url: vars.get("SMTP_URL").map(Secret::from),
            mail_from: vars
                .get("MAIL_FROM")
                .unwrap_or_else(|| "Calorie Tracker <no-reply@calorie.localhost>".into()),
            public_url: vars
                .get("PUBLIC_URL")
                .unwrap_or_else(|| "http://127.0.0.1:8080".into()),
            off: off_config(vars),
            recognition: recognition_config(vars, concurrency)?,
            unconfirmed_uploads_kept_for: Duration::from_secs(kept_days * 24 * 3600),
            host_name: vars.get("HOSTNAME").unwrap_or_else(|| "local".into()),
            queues: QueueSelection::parse(&vars.get("WORKER_QUEUES").unwrap_or_default())?,
        })
    }

    /// Names this process's workers in probe reports and worker registrations.
    pub fn worker_name(&self) -> String {
        format!("{}-{}", self.host_name, std::process::id())
    }
}

fn off_config(vars: &Vars) -> OffConfig {
    OffConfig {
        base_url: vars
            .get("OFF_BASE_URL")
            .unwrap_or_else(|| openfoodfacts::DEFAULT_BASE_URL.into()),
        timeout: vars
            .millis("OFF_TIMEOUT_MS")
            .unwrap_or(openfoodfacts::DEFAULT_TIMEOUT),
        user_agent: vars
            .get("OFF_USER_AGENT")
            .unwrap_or_else(|| openfoodfacts::DEFAULT_USER_AGENT.into()),
    }
}

/// `concurrency` images may be analysed at once: on the CPU one session each (or one
/// shared, `RECOGNITION_SESSIONS=shared`), the cores shared among the sessions unless
/// `RECOGNITION_THREADS` says otherwise; on CUDA one session per model, shared.
fn recognition_config(vars: &Vars, concurrency: usize) -> Result<RecognitionConfig, String> {
    let execution = match vars.get("RECOGNITION_EP").as_deref() {
        None | Some("cpu") => ExecutionProvider::Cpu,
        Some("cuda") => ExecutionProvider::Cuda,
        Some(other) => {
            return Err(format!("RECOGNITION_EP must be cpu or cuda, not {other:?}"));
        }
    };
    let shared = match vars.get("RECOGNITION_SESSIONS").as_deref() {
        None => execution == ExecutionProvider::Cuda,
        Some("shared") => true,
        Some("per-slot") => false,
        Some(other) => {
            return Err(format!(
                "RECOGNITION_SESSIONS must be shared or per-slot, not {other:?}"
            ));
        }
    };
    let sessions = if shared { 1 } else { concurrency.max(1) };
    let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
    let threads = vars
        .number("RECOGNITION_THREADS", 1..=64)?
        .unwrap_or((cores / sessions).max(1));
    let vision = vars.get("VISION_API_URL").map(|base_url| VisionConfig {
        base_url,
        api_key: vars.get("VISION_API_KEY").map(Secret::from),
        model: vars
            .get("VISION_MODEL")
            .unwrap_or_else(|| recognition::vision::DEFAULT_MODEL.into()),
        timeout: vars
            .millis("VISION_TIMEOUT_MS")
            .unwrap_or(recognition::vision::DEFAULT_TIMEOUT),
    });
    Ok(RecognitionConfig {
        models_dir: vars
            .get("MODELS_DIR")
            .unwrap_or_else(|| recognition::DEFAULT_MODELS_DIR.into())
            .into(),
        ort_library: vars
            .get("ORT_DYLIB_PATH")
            .unwrap_or_else(|| recognition::DEFAULT_ORT_LIBRARY.into())
            .into(),
        detector: vars
            .get("DETECTOR_MODEL")
            .unwrap_or_else(|| recognition::DEFAULT_DETECTOR.into()),
        gate: vars
            .get("GATE_MODEL")
            .unwrap_or_else(|| recognition::DEFAULT_GATE.into()),
        execution,
        sessions,
        gpu_memory_bytes: vars
            .number("RECOGNITION_GPU_MEMORY_MB", 64..=81_920)?
            .map_or(recognition::DEFAULT_GPU_MEMORY, |mb: usize| {
                mb * 1024 * 1024
            }),
        threads,
        batch: vars.number("RECOGNITION_BATCH", 1..=64)?.unwrap_or(
            if execution == ExecutionProvider::Cuda {
                8
            } else {
                1
            },
        ),
        one_shape: execution == ExecutionProvider::Cuda,
        classifier: vars.get("DISH_CLASSIFIER"),
        vision,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_are_the_readmes() {
        let config = Config::read(&Vars::of([
            ("DATABASE_URL", "postgres://calorie:pw@db/calorie"),
            ("REDIS_URL", "redis://redis:6379"),
        ]))
        .unwrap();
        assert_eq!(config.redis_namespace, "calorie");
        assert_eq!(config.places.data_dir, std::path::PathBuf::from("data"));
        assert_eq!(config.usda.api_key.expose(), "DEMO_KEY");
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
        assert!(shown.contains("[redacted]"));
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
