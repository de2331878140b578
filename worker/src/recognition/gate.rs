//! The gate model (efficientnet_lite0, ImageNet-1k): in one pass it says whether a photo
//! shows food at all (its food classes), names fruit, vegetables and a few dishes, and
//! gives the embedding our dish head and the visual memory read. Each gate model has the
//! dish head trained on its own embedding (`DishHead::of_backbone`).

use image::RgbImage;
use models::recogniser::{EMBEDDING_LEN, PhotoReading};
use models::recognition::Detection;

use super::model::OnnxModel;
use super::reading::{DishHead, Sight, read_photo_with, softmax};

#[derive(Debug)]
pub struct Gate {
    model: OnnxModel,
    head: &'static DishHead,
}

/// One photo as the gate model sees it.
#[derive(Debug, Clone)]
pub struct GateReading {
    pub logits: Vec<f32>,
    /// Softmax of the logits over ImageNet's 1,000 classes.
    pub imagenet: Vec<f32>,
    /// The pooled features before the last layer (1,280 values).
    pub embedding: Vec<f32>,
    /// The dish head that reads this model's embedding.
    pub head: &'static DishHead,
}

impl Gate {
    /// The gate model with the dish head trained on its embedding (none: not usable).
    pub fn new(model: OnnxModel) -> Result<Self, String> {
        let head = DishHead::of_backbone(&model.manifest.name).ok_or_else(|| {
            format!(
                "no dish head reads the embedding of {}",
                model.manifest.name
            )
        })?;
        Ok(Gate { model, head })
    }

    pub fn name(&self) -> &str {
        &self.model.manifest.name
    }

    /// The dish head that reads this model's embedding.
    pub fn head(&self) -> &'static DishHead {
        self.head
    }

    /// Whether photos waiting for the gate run as one batch (`RECOGNITION_BATCH`).
    pub fn batches(&self) -> bool {
        self.model.batches()
    }

    /// How many sessions of the model this process holds.
    pub fn sessions(&self) -> usize {
        self.model.sessions()
    }

    /// The photo's ImageNet probabilities and embedding (blocking).
    pub fn read(&self, image: &RgbImage) -> Result<GateReading, String> {
        let (input, _) = self.model.prepare(image);
        let mut outputs = self.model.run_outputs(&input, &["logits", "embedding"])?;
        let embedding = outputs.pop().unwrap_or_default();
        let logits = outputs.pop().unwrap_or_default();
        if logits.len() != self.model.labels.len() || embedding.len() != EMBEDDING_LEN {
            return Err(format!(
                "unexpected gate outputs: {} logits, {} embedding values",
                logits.len(),
                embedding.len()
            ));
        }
        Ok(GateReading {
            imagenet: softmax(&logits),
            logits,
            embedding,
            head: self.head,
        })
    }
}

impl GateReading {
    /// What the photo shows, from this reading, the dish head over its embedding and the
    /// detector's `detections` in a photo of `width` × `height` pixels.
    pub fn read_photo(&self, detections: &[Detection], width: u32, height: u32) -> PhotoReading {
        self.read_photo_with(self.head, detections, width, height)
    }

    /// The same with another dish head (the evaluation's heads trained without some dishes).
    pub fn read_photo_with(
        &self,
        head: &DishHead,
        detections: &[Detection],
        width: u32,
        height: u32,
    ) -> PhotoReading {
        let dishes = head.probabilities(&self.embedding, &self.logits);
        read_photo_with(
            head,
            Sight {
                detections,
                imagenet: &self.imagenet,
                dishes: &dishes,
                image_area: width as f32 * height as f32,
                dish_unknown: head.unfamiliar(&self.embedding),
                familiarity: head.familiarity(&self.embedding, &self.imagenet),
            },
        )
    }
}
