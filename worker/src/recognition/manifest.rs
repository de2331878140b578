//! A model's manifest: its file and checksum, and exactly how it wants its input and
//! how its output reads (worker/models/*.json, installed beside the model by
//! `make models`).

use std::path::Path;

use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
pub struct ModelManifest {
    pub name: String,
    pub task: String,
    pub file: String,
    pub sha256: String,
    pub labels: String,
    pub input: InputSpec,
    pub output: OutputSpec,
    pub licence: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
pub enum ColourOrder {
    #[serde(rename = "RGB")]
    Rgb,
    #[serde(rename = "BGR")]
    Bgr,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Letterbox {
    /// The scaled image at the top left, padding right and below (older YOLOX).
    TopLeft,
    /// The scaled image centred, padding on both sides (Ultralytics).
    Center,
    /// The image resized to the input's size, its proportions not kept (classifiers).
    Stretch,
    /// The shorter side scaled to 8/7 of the input, then the centre cut out (ImageNet's
    /// 256 → 224 evaluation crop).
    CentreCrop,
}

#[derive(Debug, Clone, Deserialize)]
pub struct InputSpec {
    pub name: String,
    pub width: u32,
    pub height: u32,
    /// Only NCHW is supported.
    pub layout: String,
    pub colour: ColourOrder,
    /// Pixel values are multiplied by this, then `(v - mean) / std` per channel.
    pub scale: f32,
    pub mean: [f32; 3],
    pub std: [f32; 3],
    pub letterbox: Letterbox,
    pub pad: u8,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Decoder {
    /// `[1, anchors, 5 + classes]`: grid offsets, log sizes, objectness, class scores.
    Yolox,
    /// `[1, 4 + classes, anchors]`: centre and size in input pixels, class scores.
    Yolov8,
    /// `[1, classes]`: a score per class (a dish classifier).
    Classes,
}

#[derive(Debug, Clone, Deserialize)]
pub struct OutputSpec {
    pub decoder: Decoder,
    #[serde(default)]
    pub strides: Vec<u32>,
    /// For classifiers: the scores are logits, to be turned into probabilities.
    #[serde(default)]
    pub softmax: bool,
}

impl ModelManifest {
    pub fn read(path: &Path) -> Result<Self, String> {
        let text = std::fs::read_to_string(path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        let manifest: ModelManifest = serde_json::from_str(&text)
            .map_err(|e| format!("{} is not a model manifest: {e}", path.display()))?;
        if manifest.input.layout != "NCHW" {
            return Err(format!("{}: only NCHW input is supported", manifest.name));
        }
        Ok(manifest)
    }
}
