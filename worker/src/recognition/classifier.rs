//! An optional dish classifier: any ONNX image classifier with a labels file (Food-101
//! and the like) names the dish when COCO's ten foods cannot.

use image::RgbImage;

use super::manifest::Decoder;
use super::model::OnnxModel;
use super::reading::softmax;

/// A dish is named only when the classifier is at least this sure of it.
pub const MIN_PROBABILITY: f32 = 0.5;

#[derive(Debug)]
pub struct Classifier {
    model: OnnxModel,
}

impl Classifier {
    pub fn new(model: OnnxModel) -> Self {
        Classifier { model }
    }

    pub fn name(&self) -> &str {
        &self.model.manifest.name
    }

    /// The dish in `image` and how sure the model is, when it is sure enough (blocking).
    pub fn classify(&self, image: &RgbImage) -> Result<Option<(String, f32)>, String> {
        if self.model.manifest.output.decoder != Decoder::Classes {
            return Err(format!("{} is not a classifier", self.name()));
        }
        let (input, _) = self.model.prepare(image);
        let (dims, scores) = self.model.run(&input)?;
        if dims.iter().product::<usize>() != scores.len() || scores.is_empty() {
            return Err(format!("unexpected classifier output shape {dims:?}"));
        }
        let probabilities = if self.model.manifest.output.softmax {
            softmax(&scores)
        } else {
            scores
        };
        let (best, p) = probabilities
            .iter()
            .copied()
            .enumerate()
            .fold((0, f32::MIN), |a, (i, p)| if p > a.1 { (i, p) } else { a });
        // Food-101 style labels ("fried_rice") read as words.
        let label = self.model.label(best).replace('_', " ");
        Ok((p >= MIN_PROBABILITY).then_some((label, p)))
    }
}
