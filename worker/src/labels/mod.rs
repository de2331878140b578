//! Nutrition labels read from a photo: PaddleOCR's models find and read the lines of
//! text (`ocr`), `reader` makes a food's values of them. The models are
//! loaded once per process, on first use, from `MODELS_DIR/ocr` (`make models`); without
//! them reading a label says so rather than guessing.

pub mod ocr;
pub mod reader;

use std::path::PathBuf;
use std::sync::Arc;

use image::RgbImage;
use models::nutrition_label::LabelReading;
use tokio::sync::OnceCell;

pub use ocr::{MAX_TEXT_LINES, OcrEngine};
use reader::read_label;

use crate::recognition::{RecognitionConfig, RecognitionError};

/// The message of a process without the OCR models.
pub const NOT_INSTALLED: &str = "label reading models not installed";

/// The OCR models of this process.
#[derive(Debug)]
pub struct LabelReader {
    config: RecognitionConfig,
    engine: OnceCell<Result<Arc<OcrEngine>, RecognitionError>>,
}

impl LabelReader {
    pub fn new(config: RecognitionConfig) -> Self {
        LabelReader {
            config,
            engine: OnceCell::new(),
        }
    }

    /// Where `make models` puts the OCR models and their manifest.
    pub fn models_dir(&self) -> PathBuf {
        self.config.models_dir.join("ocr")
    }

    /// Whether the manifest, its model files and the runtime are present (cheap; loads
    /// nothing).
    pub fn installed(&self) -> bool {
        let dir = self.models_dir();
        ocr::OcrManifest::read(&dir)
            .map(|m| m.files().iter().all(|f| dir.join(&f.file).is_file()))
            .unwrap_or(false)
            && self.config.ort_library.is_file()
    }

    /// The engine, loaded on first use (once; a failure is remembered).
    pub async fn engine(&self) -> Result<Arc<OcrEngine>, RecognitionError> {
        self.engine
            .get_or_init(|| async {
                let config = self.config.clone();
                let dir = self.models_dir();
                let loaded = tokio::task::spawn_blocking(move || {
                    OcrEngine::load(&config, &dir).map(Arc::new)
                })
                .await
                .map_err(|e| RecognitionError::Failed(format!("model loading panicked: {e}")))
                .and_then(|r| r);
                match &loaded {
                    Ok(engine) => {
                        tracing::info!(models = %engine.manifest.name, "label reader loaded")
                    }
                    Err(e) => tracing::warn!(error = %e, "label reader unavailable"),
                }
                loaded
            })
            .await
            .clone()
    }
}

/// The nutrition label in a photo (blocking: run it off the async threads).
pub fn read(engine: &OcrEngine, photo: &RgbImage) -> Result<LabelReading, String> {
    Ok(read_label(&engine.read(photo)?))
}
