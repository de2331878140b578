//! Food recognition models: loaded once per worker process, on first use, from the model
//! directory `make models` fills; run off the async threads. Without a model (or without
//! the ONNX Runtime library) recognition says so rather than guessing.

pub mod classifier;
pub mod detector;
pub mod gate;
pub mod manifest;
pub mod model;
pub mod reading;
pub mod vision;

use std::path::{Path, PathBuf};
use std::sync::{Arc, OnceLock};

use ort::ep;
use ort::session::{Session, builder::GraphOptimizationLevel};
use sha2::{Digest, Sha256};
use tokio::sync::OnceCell;

pub use classifier::Classifier;
pub use detector::Detector;
pub use gate::{Gate, GateReading};
pub use manifest::ModelManifest;

/// The message of SPEC-less honesty: no model, no result.
pub const NOT_INSTALLED: &str = "recognition model not installed";

/// `RECOGNITION_EP`: `cpu` or `cuda`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ExecutionProvider {
    Cpu,
    /// CUDA when ONNX Runtime has it (the onnxruntime-gpu wheel's library); else the CPU.
    Cuda,
}

/// Where the models and the runtime are, and how to run them.
#[derive(Debug, Clone)]
pub struct RecognitionConfig {
    /// `MODELS_DIR`: manifests and model files (default `.models`).
    pub models_dir: PathBuf,
    /// `ORT_DYLIB_PATH`: the ONNX Runtime shared library (default `.ort/libonnxruntime.so.1.31.1`).
    pub ort_library: PathBuf,
    /// `DETECTOR_MODEL`: the manifest name of the detector (default `yolox-nano`).
    pub detector: String,
    /// `GATE_MODEL`: the manifest name of the food/not-food gate and embedding model
    /// (default `efficientnet-lite0`); it must have a dish head trained on its embedding.
    pub gate: String,
    /// `RECOGNITION_EP`: `cpu` (default) or `cuda`.
    pub execution: ExecutionProvider,
    /// Sessions of each model: one per image this process may analyse at once (the
    /// CPU's default), or 1 shared by every slot (`RECOGNITION_SESSIONS=shared`, the
    /// default on CUDA: a GPU runs one batch at a time anyway, and each session holds a
    /// memory arena of its own).
    pub sessions: usize,
    /// `RECOGNITION_GPU_MEMORY_MB`: the most device memory one session's CUDA arena may
    /// take (768 MiB by default: the detector and the gate together stay under 2 GiB).
    pub gpu_memory_bytes: usize,
    /// Threads each session uses.
    pub threads: usize,
    /// `RECOGNITION_BATCH`: at most this many photos waiting for the same model run as
    /// one batch (models that take any batch size; see `model::Batcher`). 1 turns it
    /// off, the default on the CPU, where each photo has a session of its own; 8 on CUDA.
    pub batch: usize,
    /// Whether every batch is filled up to `batch` and each session reads one such batch
    /// at load, so that a model sees a single input shape (on CUDA, the default there,
    /// each new shape costs seconds; see `OnnxModel::one_shape`).
    pub one_shape: bool,
    /// `DISH_CLASSIFIER`: the manifest name of an optional dish classifier (off by default).
    pub classifier: Option<String>,
    /// An optional OpenAI-compatible vision endpoint (off by default).
    pub vision: Option<vision::VisionConfig>,
}

/// Where `make models` puts the models and their manifests.
pub const DEFAULT_MODELS_DIR: &str = ".models";
/// Where `make models` puts the ONNX Runtime library.
pub const DEFAULT_ORT_LIBRARY: &str = ".ort/libonnxruntime.so.1.31.1";
pub const DEFAULT_DETECTOR: &str = "yolox-nano";
pub const DEFAULT_GATE: &str = reading::IMAGENET_BACKBONE;
/// One session's CUDA arena at most, by default.
pub const DEFAULT_GPU_MEMORY: usize = 768 * 1024 * 1024;
/// A detector's copy that takes a batch of images (`scripts/batch-model.py`, made by
/// `make models`) is its manifest name with this suffix; GPU workers batch with it.
pub const BATCH_VARIANT: &str = "-batch";

impl RecognitionConfig {
    /// Whether the detector, the gate model and the runtime are present (cheap; loads
    /// nothing, builds no client).
    pub fn installed(&self) -> bool {
        self.has_model(&self.detector) && self.has_model(&self.gate) && self.ort_library.is_file()
    }

    /// Whether the models directory holds the manifest `name` and its model file.
    pub fn has_model(&self, name: &str) -> bool {
        ModelManifest::read(&self.models_dir.join(format!("{name}.json")))
            .map(|m| self.models_dir.join(m.file).is_file())
            .unwrap_or(false)
    }

    /// The defaults for the models `make models` installed under `project` (its `.models`
    /// and `.ort`), on the CPU, one session of `threads` threads: tests and benchmarks.
    pub fn installed_at(project: &Path, threads: usize) -> Self {
        RecognitionConfig {
            models_dir: project.join(DEFAULT_MODELS_DIR),
            ort_library: project.join(DEFAULT_ORT_LIBRARY),
            detector: DEFAULT_DETECTOR.into(),
            gate: DEFAULT_GATE.into(),
            execution: ExecutionProvider::Cpu,
            sessions: 1,
            gpu_memory_bytes: DEFAULT_GPU_MEMORY,
            threads,
            batch: 1,
            one_shape: false,
            classifier: None,
            vision: None,
        }
    }
}

#[derive(Debug, Clone, thiserror::Error)]
pub enum RecognitionError {
    /// No model, no runtime library, or a model that does not match its manifest.
    #[error("{NOT_INSTALLED}: {0}")]
    NotInstalled(String),
    #[error("recognition failed: {0}")]
    Failed(String),
}

/// The recognition models of this process.
#[derive(Debug)]
pub struct Recognizer {
    config: RecognitionConfig,
    detector: OnceCell<Result<Arc<Detector>, RecognitionError>>,
    classifier: OnceCell<Result<Arc<Classifier>, RecognitionError>>,
    gate: OnceCell<Result<Arc<Gate>, RecognitionError>>,
    vision: Option<vision::VisionClient>,
}

impl Recognizer {
    pub fn new(config: RecognitionConfig) -> Self {
        Recognizer {
            vision: config.vision.clone().map(vision::VisionClient::new),
            config,
            detector: OnceCell::new(),
            classifier: OnceCell::new(),
            gate: OnceCell::new(),
        }
    }

    /// The optional dish classifier, when one is configured (loaded on first use).
    pub async fn classifier(&self) -> Option<Result<Arc<Classifier>, RecognitionError>> {
        let name = self.config.classifier.clone()?;
        Some(
            self.classifier
                .get_or_init(|| async {
                    let config = self.config.clone();
                    tokio::task::spawn_blocking(move || {
                        load_model(&config, &name, "classification")
                            .map(|m| Arc::new(Classifier::new(m)))
                    })
                    .await
                    .map_err(|e| RecognitionError::Failed(format!("model loading panicked: {e}")))
                    .and_then(|r| r)
                })
                .await
                .clone(),
        )
    }

    /// The gate and embedding model, loaded on first use (once; a failure is remembered).
    pub async fn gate(&self) -> Result<Arc<Gate>, RecognitionError> {
        self.gate
            .get_or_init(|| async {
                let config = self.config.clone();
                let loaded = tokio::task::spawn_blocking(move || {
                    load_model(&config, &config.gate, "gate").and_then(|m| {
                        Gate::new(m)
                            .map(Arc::new)
                            .map_err(RecognitionError::NotInstalled)
                    })
                })
                .await
                .map_err(|e| RecognitionError::Failed(format!("model loading panicked: {e}")))
                .and_then(|r| r);
                if let Err(e) = &loaded {
                    tracing::warn!(error = %e, "gate model unavailable");
                }
                loaded
            })
            .await
            .clone()
    }

    /// The optional vision endpoint, when one is configured.
    pub fn vision(&self) -> Option<&vision::VisionClient> {
        self.vision.as_ref()
    }

    pub fn config(&self) -> &RecognitionConfig {
        &self.config
    }

    /// Whether the detector and the gate model are present (cheap; loads nothing).
    pub fn installed(&self) -> bool {
        self.config.installed()
    }

    /// The detector, loaded on first use (once; a failure is remembered). Where photos
    /// run in batches (`RECOGNITION_BATCH` above 1), its copy that takes a batch is used
    /// when `make models` made one; a detector exported for one image at a time runs
    /// them one by one.
    pub async fn detector(&self) -> Result<Arc<Detector>, RecognitionError> {
        self.detector
            .get_or_init(|| async {
                let config = self.config.clone();
                let loaded = tokio::task::spawn_blocking(move || {
                    let batched = format!("{}{BATCH_VARIANT}", config.detector);
                    let name = if config.batch > 1 && config.has_model(&batched) {
                        &batched
                    } else {
                        &config.detector
                    };
                    load_model(&config, name, "detection").map(|m| Arc::new(Detector::new(m)))
                })
                .await
                .map_err(|e| RecognitionError::Failed(format!("model loading panicked: {e}")))
                .and_then(|r| r);
                match &loaded {
                    Ok(d) => tracing::info!(model = d.name(), "detector loaded"),
                    Err(e) => tracing::warn!(error = %e, "detector unavailable"),
                }
                loaded
            })
            .await
            .clone()
    }
}

/// ONNX Runtime allows one environment per process; every session shares it.
fn runtime(library: &Path) -> Result<ort::environment::Environment, RecognitionError> {
    static RUNTIME: OnceLock<Result<ort::environment::Environment, String>> = OnceLock::new();
    RUNTIME
        .get_or_init(|| {
            if !library.is_file() {
                return Err(format!(
                    "no ONNX Runtime library at {} (make models installs it)",
                    library.display()
                ));
            }
            ort::init_from(library)
                .map_err(|e| format!("cannot load {}: {e}", library.display()))?
                .with_name("calorie-tracker")
                .with_telemetry(false)
                .build()
                .map_err(|e| e.to_string())
        })
        .clone()
        .map_err(RecognitionError::NotInstalled)
}

pub(crate) fn sha256_of(path: &Path) -> Result<String, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    Ok(Sha256::digest(&bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect())
}

/// A model of the models directory, checked against its manifest's sha256.
fn load_model(
    config: &RecognitionConfig,
    name: &str,
    task: &str,
) -> Result<model::OnnxModel, RecognitionError> {
    let missing = RecognitionError::NotInstalled;
    let manifest_path = config.models_dir.join(format!("{name}.json"));
    let manifest = ModelManifest::read(&manifest_path).map_err(missing)?;
    if manifest.task != task {
        return Err(missing(format!(
            "{} is a {} model, not {task}",
            manifest.name, manifest.task
        )));
    }
    let file = config.models_dir.join(&manifest.file);
    let sha = sha256_of(&file).map_err(missing)?;
    if sha != manifest.sha256 {
        return Err(missing(format!(
            "{} does not have the sha256 its manifest names",
            file.display()
        )));
    }
    let labels: Vec<String> = std::fs::read_to_string(config.models_dir.join(&manifest.labels))
        .map_err(|e| missing(format!("labels {}: {e}", manifest.labels)))?
        .lines()
        .map(|l| l.trim().to_owned())
        .filter(|l| !l.is_empty())
        .collect();
    let (sessions, providers): (Vec<_>, Vec<_>) = (0..config.sessions)
        .map(|_| session_on(config, &file))
        .collect::<Result<Vec<_>, _>>()?
        .into_iter()
        .unzip();
    let model = model::OnnxModel::new(manifest, labels, sessions).batching(config.batch);
    // A GPU worker whose sessions were left on the CPU gains nothing from blank images.
    let on_cpu = providers.contains(&"cpu") && config.execution == ExecutionProvider::Cuda;
    if !config.one_shape || on_cpu {
        return Ok(model);
    }
    // Warming up is an optimisation: a model that fails it still reads photos (and says
    // why the next run fails, if it does).
    let (model, warmed) = model.one_shape();
    if let Err(e) = warmed {
        tracing::warn!(model = %file.display(), error = %e, "the warm-up run failed");
    }
    Ok(model)
}

/// A session of a model file on the shared runtime, with the configured threads and
/// execution provider (every ONNX model of the workers is opened here).
pub(crate) fn session(
    config: &RecognitionConfig,
    file: &Path,
) -> Result<Session, RecognitionError> {
    session_on(config, file).map(|(session, _)| session)
}

/// A session as [`session`] opens it, and the provider it runs on (`cuda` or `cpu`).
fn session_on(
    config: &RecognitionConfig,
    file: &Path,
) -> Result<(Session, &'static str), RecognitionError> {
    let environment = runtime(&config.ort_library)?;
    let failed = |e: ort::Error| RecognitionError::Failed(format!("{}: {e}", file.display()));
    let mut builder = Session::builder(&environment).map_err(failed)?;
    builder = builder
        .with_optimization_level(GraphOptimizationLevel::Level3)
        .map_err(|e| failed(e.into()))?
        .with_intra_threads(config.threads)
        .map_err(|e| failed(e.into()))?;
    let provider = match config.execution {
        ExecutionProvider::Cuda if on_cuda_or_cpu(config, &mut builder) => "cuda",
        _ => "cpu",
    };
    let session = builder.commit_from_file(file).map_err(failed)?;
    let model = file
        .file_stem()
        .map_or_else(String::new, |s| s.to_string_lossy().into_owned());
    metrics::gauge!("recognition_sessions", "model" => model, "provider" => provider)
        .increment(1.0);
    Ok((session, provider))
}

/// The CUDA execution provider as configured: its arena bounded, and grown only by what
/// is asked for (the default doubles it, and a 16-slot process held 27.5 GB). cuDNN picks
/// its convolution algorithms by heuristic: the default search benchmarks every algorithm,
/// with as much scratch memory as it likes, for each new input shape, and batches of
/// photos come in every size from one to `RECOGNITION_BATCH`.
pub fn cuda_provider(config: &RecognitionConfig) -> ep::CUDA {
    ep::CUDA::default()
        .with_memory_limit(config.gpu_memory_bytes)
        .with_arena_extend_strategy(ep::ArenaExtendStrategy::SameAsRequested)
        .with_conv_algorithm_search(ep::cuda::ConvAlgorithmSearch::Heuristic)
}

/// Puts a session on the GPU when CUDA can be used here (and says so); otherwise it
/// stays on the CPU, and the first such session says why in the log (a GPU worker
/// started on a machine with no GPU visible, or with the CPU build of ONNX Runtime,
/// still does its work).
fn on_cuda_or_cpu(
    config: &RecognitionConfig,
    builder: &mut ort::session::builder::SessionBuilder,
) -> bool {
    use ort::ep::ExecutionProvider as _;
    static FELL_BACK: std::sync::Once = std::sync::Once::new();
    let refused = match ep::CUDA::is_available() {
        Ok(true) => match cuda_provider(config).register(builder) {
            Ok(()) => return true,
            Err(e) => e.to_string(),
        },
        Ok(false) => "this ONNX Runtime library was built without CUDA".into(),
        Err(e) => e.to_string(),
    };
    FELL_BACK.call_once(|| {
        tracing::warn!(reason = %refused, "RECOGNITION_EP=cuda, but CUDA cannot be used here: recognition runs on the CPU");
    });
    false
}
