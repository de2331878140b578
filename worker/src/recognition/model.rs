//! An ONNX model and its manifest: the image put into the model's input exactly as the
//! manifest says (size, letterbox, colour order, normalisation), and a pool of sessions,
//! one per image this process may run at once.

use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use image::{RgbImage, imageops::FilterType};
use ort::session::Session;
use ort::value::TensorRef;

use super::manifest::{ColourOrder, Letterbox, ModelManifest};

pub struct OnnxModel {
    pub manifest: ModelManifest,
    pub labels: Vec<String>,
    sessions: Vec<Mutex<Session>>,
    next: AtomicUsize,
}

impl std::fmt::Debug for OnnxModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnnxModel")
            .field("model", &self.manifest.name)
            .field("sessions", &self.sessions.len())
            .finish()
    }
}

/// Where the scaled image sits in the model's input.
#[derive(Debug, Clone, Copy)]
pub struct Placement {
    pub ratio: f32,
    pub pad_x: f32,
    pub pad_y: f32,
}

impl OnnxModel {
    pub fn new(manifest: ModelManifest, labels: Vec<String>, sessions: Vec<Session>) -> Self {
        OnnxModel {
            manifest,
            labels,
            sessions: sessions.into_iter().map(Mutex::new).collect(),
            next: AtomicUsize::new(0),
        }
    }

    /// The letterboxed image as an NCHW float tensor, normalised as the manifest says.
    pub fn prepare(&self, image: &RgbImage) -> (Vec<f32>, Placement) {
        let spec = &self.manifest.input;
        if spec.letterbox == Letterbox::CentreCrop {
            return (
                self.centre_crop(image),
                Placement {
                    ratio: 1.0,
                    pad_x: 0.0,
                    pad_y: 0.0,
                },
            );
        }
        let (w, h) = (spec.width as usize, spec.height as usize);
        let ratio = (spec.width as f32 / image.width() as f32)
            .min(spec.height as f32 / image.height() as f32);
        let (nw, nh) = match spec.letterbox {
            Letterbox::Stretch => (spec.width, spec.height),
            _ => (
                ((image.width() as f32 * ratio).round() as u32).clamp(1, spec.width),
                ((image.height() as f32 * ratio).round() as u32).clamp(1, spec.height),
            ),
        };
        let scaled = image::imageops::resize(image, nw, nh, FilterType::Triangle);
        let (pad_x, pad_y) = match spec.letterbox {
            Letterbox::Center => ((spec.width - nw) / 2, (spec.height - nh) / 2),
            _ => (0, 0),
        };
        let pad = f32::from(spec.pad);
        let mut input = vec![0.0f32; 3 * w * h];
        for (c, plane) in input.chunks_mut(w * h).enumerate() {
            plane.fill(self.normalise(c, pad));
        }
        self.fill(&mut input, &scaled, pad_x, pad_y);
        (
            input,
            Placement {
                ratio,
                pad_x: pad_x as f32,
                pad_y: pad_y as f32,
            },
        )
    }

    fn normalise(&self, channel: usize, value: f32) -> f32 {
        let spec = &self.manifest.input;
        (value * spec.scale - spec.mean[channel]) / spec.std[channel]
    }

    /// Writes `pixels` into the input at (x, y), in the model's colour order.
    fn fill(&self, input: &mut [f32], pixels: &RgbImage, x0: u32, y0: u32) {
        let spec = &self.manifest.input;
        let (w, h) = (spec.width as usize, spec.height as usize);
        let order: [usize; 3] = match spec.colour {
            ColourOrder::Rgb => [0, 1, 2],
            ColourOrder::Bgr => [2, 1, 0],
        };
        for (x, y, pixel) in pixels.enumerate_pixels() {
            let (x, y) = ((x + x0) as usize, (y + y0) as usize);
            if x >= w || y >= h {
                continue;
            }
            for (c, source) in order.iter().enumerate() {
                input[c * w * h + y * w + x] = self.normalise(c, f32::from(pixel.0[*source]));
            }
        }
    }

    /// The shorter side scaled to 8/7 of the input's, the centre cut to the input's size.
    fn centre_crop(&self, image: &RgbImage) -> Vec<f32> {
        let spec = &self.manifest.input;
        let side = (spec.width.max(spec.height) as f32 * 8.0 / 7.0).round();
        let scale = side / image.width().min(image.height()).max(1) as f32;
        let nw = ((image.width() as f32 * scale).round() as u32).max(spec.width);
        let nh = ((image.height() as f32 * scale).round() as u32).max(spec.height);
        let scaled = image::imageops::resize(image, nw, nh, FilterType::Triangle);
        let (left, top) = ((nw - spec.width) / 2, (nh - spec.height) / 2);
        let crop =
            image::imageops::crop_imm(&scaled, left, top, spec.width, spec.height).to_image();
        let mut input = vec![0.0f32; 3 * (spec.width * spec.height) as usize];
        self.fill(&mut input, &crop, 0, 0);
        input
    }

    /// Runs the model on a prepared input and reads its outputs with `read`.
    fn session_run<R>(
        &self,
        input: &[f32],
        read: impl FnOnce(&ort::session::SessionOutputs<'_>) -> Result<R, String>,
    ) -> Result<R, String> {
        let spec = &self.manifest.input;
        let shape = [1usize, 3, spec.height as usize, spec.width as usize];
        let tensor =
            TensorRef::from_array_view((shape, input)).map_err(|e| format!("input tensor: {e}"))?;
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.sessions.len();
        let mut session = self.sessions[i].lock().unwrap_or_else(|e| e.into_inner());
        let outputs = session
            .run(ort::inputs![spec.name.as_str() => tensor])
            .map_err(|e| format!("inference: {e}"))?;
        read(&outputs)
    }

    /// Runs the model on a prepared input; its first output, with its shape.
    pub fn run(&self, input: &[f32]) -> Result<(Vec<usize>, Vec<f32>), String> {
        self.session_run(input, |outputs| {
            let (shape, data) = outputs[0]
                .try_extract_tensor::<f32>()
                .map_err(|e| format!("output: {e}"))?;
            Ok((shape.iter().map(|d| *d as usize).collect(), data.to_vec()))
        })
    }

    /// Runs the model on a prepared input; the named outputs, in that order.
    pub fn run_outputs(&self, input: &[f32], names: &[&str]) -> Result<Vec<Vec<f32>>, String> {
        self.session_run(input, |outputs| {
            names
                .iter()
                .map(|name| {
                    let value = outputs
                        .get(*name)
                        .ok_or_else(|| format!("the model has no output {name}"))?;
                    let (_, data) = value
                        .try_extract_tensor::<f32>()
                        .map_err(|e| format!("output {name}: {e}"))?;
                    Ok(data.to_vec())
                })
                .collect()
        })
    }

    pub fn label(&self, class: usize) -> String {
        self.labels
            .get(class)
            .cloned()
            .unwrap_or_else(|| format!("class {class}"))
    }
}
