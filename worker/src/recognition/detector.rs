//! An object detector in ONNX Runtime: the image letterboxed into the model's input as
//! its manifest says, the raw output decoded into boxes, overlapping boxes of a class
//! merged (non-maximum suppression).

use image::RgbImage;
use models::recognition::{BoundingBox, Detection, food_class};

use super::manifest::Decoder;
use super::model::{OnnxModel, Placement};

/// Boxes below this score are dropped.
pub const SCORE_THRESHOLD: f32 = 0.25;
/// Boxes of one class overlapping more than this are the same object.
pub const NMS_IOU: f32 = 0.45;
/// A second, closer look goes into at most this many bowls and cups.
pub const MAX_SECOND_LOOKS: usize = 3;

#[derive(Debug)]
pub struct Detector {
    model: OnnxModel,
}

impl Detector {
    pub fn new(model: OnnxModel) -> Self {
        Detector { model }
    }

    pub fn name(&self) -> &str {
        &self.model.manifest.name
    }

    /// Whether photos waiting for the detector run as one batch (`RECOGNITION_BATCH`, with
    /// the copy of the model that takes a batch).
    pub fn batches(&self) -> bool {
        self.model.batches()
    }

    /// How many sessions of the model this process holds.
    pub fn sessions(&self) -> usize {
        self.model.sessions()
    }

    /// Objects in `image`, looking again, enlarged, inside each bowl or cup where the first
    /// look found no food (at most `MAX_SECOND_LOOKS`): the carrots in a bowl and the
    /// broccoli on a far plate that one pass over the whole picture misses.
    pub fn detect_thoroughly(&self, image: &RgbImage) -> Result<Vec<Detection>, String> {
        let mut found = self.detect(image)?;
        let empty: Vec<BoundingBox> = found
            .iter()
            .filter(|d| matches!(d.label.as_str(), "bowl" | "cup"))
            .filter(|vessel| {
                !found
                    .iter()
                    .any(|f| food_class(&f.label).is_some() && contains(&vessel.bbox, &f.bbox))
            })
            .take(MAX_SECOND_LOOKS)
            .map(|d| d.bbox)
            .collect();
        let (w, h) = image.dimensions();
        // Each vessel and a margin around it, as a picture of its own; the pictures of
        // one photo are read together (one batch, where the model batches).
        let mut offsets = Vec::new();
        let mut crops = Vec::new();
        for vessel in empty {
            let margin_x = vessel.width * 0.1;
            let margin_y = vessel.height * 0.1;
            let x = (vessel.x - margin_x).max(0.0) as u32;
            let y = (vessel.y - margin_y).max(0.0) as u32;
            let cw = ((vessel.width + 2.0 * margin_x) as u32).min(w - x).max(1);
            let ch = ((vessel.height + 2.0 * margin_y) as u32).min(h - y).max(1);
            if cw < 16 || ch < 16 {
                continue;
            }
            offsets.push((x as f32, y as f32));
            crops.push(image::imageops::crop_imm(image, x, y, cw, ch).to_image());
        }
        for ((x, y), seen) in offsets.into_iter().zip(self.detect_each(&crops)?) {
            for mut d in seen {
                if food_class(&d.label).is_none() {
                    continue;
                }
                d.bbox.x += x;
                d.bbox.y += y;
                found.push(d);
            }
        }
        found.sort_by(|a, b| b.confidence.total_cmp(&a.confidence));
        let mut kept: Vec<Detection> = Vec::new();
        for d in found {
            // The same object seen twice, whole or in part.
            let duplicate = kept.iter().any(|k| {
                k.label == d.label
                    && (k.bbox.iou(&d.bbox) > NMS_IOU
                        || contains(&k.bbox, &d.bbox)
                        || contains(&d.bbox, &k.bbox))
            });
            if !duplicate {
                kept.push(d);
            }
        }
        Ok(kept)
    }

    /// Objects in `image` (blocking: call it off the async threads).
    pub fn detect(&self, image: &RgbImage) -> Result<Vec<Detection>, String> {
        let mut found = self.detect_each(std::slice::from_ref(image))?;
        Ok(found.pop().unwrap_or_default())
    }

    /// Objects in each of `images`, read together.
    fn detect_each(&self, images: &[RgbImage]) -> Result<Vec<Vec<Detection>>, String> {
        let (inputs, placements): (Vec<Vec<f32>>, Vec<Placement>) =
            images.iter().map(|image| self.model.prepare(image)).unzip();
        self.model
            .run_each(inputs)
            .into_iter()
            .zip(placements)
            .zip(images)
            .map(|((output, placement), image)| {
                let (dims, data) = output?;
                self.decode(&dims, &data, placement, image)
            })
            .collect()
    }

    fn decode(
        &self,
        dims: &[usize],
        data: &[f32],
        placement: Placement,
        image: &RgbImage,
    ) -> Result<Vec<Detection>, String> {
        let raw = match self.model.manifest.output.decoder {
            Decoder::Yolox => self.decode_yolox(dims, data)?,
            Decoder::Yolov8 => self.decode_yolov8(dims, data)?,
            Decoder::Classes => {
                return Err(format!("{} is a classifier, not a detector", self.name()));
            }
        };
        Ok(self.finish(raw, placement, image.width(), image.height()))
    }

    /// `[1, anchors, 5 + classes]`, anchors laid out stride by stride, row by row.
    fn decode_yolox(&self, dims: &[usize], data: &[f32]) -> Result<Vec<Raw>, String> {
        let (anchors, width) = match dims {
            [1, a, w] if *w > 5 => (*a, *w),
            other => return Err(format!("unexpected YOLOX output shape {other:?}")),
        };
        let spec = &self.model.manifest.input;
        let mut grid = Vec::with_capacity(anchors);
        for &stride in &self.model.manifest.output.strides {
            let (gw, gh) = (spec.width / stride, spec.height / stride);
            for gy in 0..gh {
                for gx in 0..gw {
                    grid.push((gx as f32, gy as f32, stride as f32));
                }
            }
        }
        if grid.len() != anchors {
            return Err(format!(
                "the strides give {} anchors, the model {anchors}",
                grid.len()
            ));
        }
        let mut raw = Vec::new();
        for (row, (gx, gy, stride)) in data.chunks_exact(width).zip(grid) {
            let objectness = row[4];
            if objectness < SCORE_THRESHOLD {
                continue;
            }
            let (class, score) = best_class(&row[5..]);
            let score = objectness * score;
            if score < SCORE_THRESHOLD {
                continue;
            }
            let (w, h) = (row[2].exp() * stride, row[3].exp() * stride);
            raw.push(Raw {
                cx: (row[0] + gx) * stride,
                cy: (row[1] + gy) * stride,
                w,
                h,
                class,
                score,
            });
        }
        Ok(raw)
    }

    /// `[1, 4 + classes, anchors]`: one column per anchor.
    fn decode_yolov8(&self, dims: &[usize], data: &[f32]) -> Result<Vec<Raw>, String> {
        let (channels, anchors) = match dims {
            [1, c, a] if *c > 4 => (*c, *a),
            other => return Err(format!("unexpected YOLOv8 output shape {other:?}")),
        };
        let at = |c: usize, i: usize| data[c * anchors + i];
        let mut raw = Vec::new();
        for i in 0..anchors {
            let (mut class, mut score) = (0, f32::MIN);
            for c in 4..channels {
                let s = at(c, i);
                if s > score {
                    (class, score) = (c - 4, s);
                }
            }
            if score < SCORE_THRESHOLD {
                continue;
            }
            raw.push(Raw {
                cx: at(0, i),
                cy: at(1, i),
                w: at(2, i),
                h: at(3, i),
                class,
                score,
            });
        }
        Ok(raw)
    }

    /// Boxes back in the image's pixels, overlaps merged, best first.
    fn finish(&self, mut raw: Vec<Raw>, at: Placement, width: u32, height: u32) -> Vec<Detection> {
        raw.sort_by(|a, b| b.score.total_cmp(&a.score));
        let mut kept: Vec<(usize, Detection)> = Vec::new();
        for r in raw {
            let x0 = ((r.cx - r.w / 2.0 - at.pad_x) / at.ratio).clamp(0.0, width as f32);
            let y0 = ((r.cy - r.h / 2.0 - at.pad_y) / at.ratio).clamp(0.0, height as f32);
            let x1 = ((r.cx + r.w / 2.0 - at.pad_x) / at.ratio).clamp(0.0, width as f32);
            let y1 = ((r.cy + r.h / 2.0 - at.pad_y) / at.ratio).clamp(0.0, height as f32);
            let bbox = BoundingBox {
                x: x0,
                y: y0,
                width: x1 - x0,
                height: y1 - y0,
            };
            if bbox.area() <= 1.0 {
                continue;
            }
            if kept
                .iter()
                .any(|(class, d)| *class == r.class && d.bbox.iou(&bbox) > NMS_IOU)
            {
                continue;
            }
            kept.push((
                r.class,
                Detection {
                    label: self.model.label(r.class),
                    confidence: (r.score * 1000.0).round() / 1000.0,
                    bbox,
                },
            ));
        }
        kept.into_iter().map(|(_, d)| d).collect()
    }
}

/// A decoded box in the model's input pixels, before suppression.
struct Raw {
    cx: f32,
    cy: f32,
    w: f32,
    h: f32,
    class: usize,
    score: f32,
}

/// Whether most of `inner` lies inside `outer` (a tile's view of part of an object).
fn contains(outer: &BoundingBox, inner: &BoundingBox) -> bool {
    let left = outer.x.max(inner.x);
    let top = outer.y.max(inner.y);
    let right = (outer.x + outer.width).min(inner.x + inner.width);
    let bottom = (outer.y + outer.height).min(inner.y + inner.height);
    let overlap = (right - left).max(0.0) * (bottom - top).max(0.0);
    inner.area() > 0.0 && overlap / inner.area() > 0.8
}

fn best_class(scores: &[f32]) -> (usize, f32) {
    scores.iter().copied().enumerate().fold(
        (0, f32::MIN),
        |best, (i, s)| if s > best.1 { (i, s) } else { best },
    )
}
