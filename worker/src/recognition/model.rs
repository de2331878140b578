//! An ONNX model and its manifest: the image put into the model's input exactly as the
//! manifest says (size, letterbox, colour order, normalisation), and its sessions: one
//! per image this process may run at once (the CPU's way), or one shared by every slot
//! (a GPU's). Photos that wait for the same model may run as one batch ([`Batcher`]).

use std::collections::HashMap;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Condvar, Mutex};
use std::time::Instant;

use image::{RgbImage, imageops::FilterType};
use ort::session::Session;
use ort::value::TensorRef;

use super::manifest::{ColourOrder, Letterbox, ModelManifest};

pub struct OnnxModel {
    pub manifest: ModelManifest,
    pub labels: Vec<String>,
    sessions: Vec<Mutex<Session>>,
    next: AtomicUsize,
    /// Present when inputs that wait together run as one batch.
    batcher: Option<Batcher>,
    /// Whether every batch is filled up to the batcher's size (a GPU's way, see
    /// [`OnnxModel::one_shape`]).
    padded: bool,
}

/// An output's shape and values.
pub type Tensor = (Vec<usize>, Vec<f32>);

/// One output of one image: its name, its shape (the first dimension 1) and its values.
#[derive(Debug, Clone, PartialEq)]
pub struct Output {
    pub name: String,
    pub shape: Vec<usize>,
    pub data: Vec<f32>,
}

/// One image's outputs, in the model's order.
#[derive(Debug, Clone, PartialEq)]
pub struct Outputs(pub Vec<Output>);

impl Outputs {
    /// The first output, with its shape.
    fn first(self) -> Result<Tensor, String> {
        let first = self.0.into_iter().next().ok_or("the model has no output")?;
        Ok((first.shape, first.data))
    }

    /// The named outputs' values, in that order.
    fn named(self, names: &[&str]) -> Result<Vec<Vec<f32>>, String> {
        let mut outputs = self.0;
        names
            .iter()
            .map(|name| {
                let at = outputs
                    .iter()
                    .position(|o| o.name == *name)
                    .ok_or_else(|| format!("the model has no output {name}"))?;
                Ok(outputs.swap_remove(at).data)
            })
            .collect()
    }
}

impl std::fmt::Debug for OnnxModel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OnnxModel")
            .field("model", &self.manifest.name)
            .field("sessions", &self.sessions.len())
            .field("batch", &self.batcher.as_ref().map_or(1, |b| b.most))
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
            batcher: None,
            padded: false,
        }
    }

    /// Gives the model's sessions one input shape, and pays for it now. On CUDA each new
    /// input shape costs a session seconds (cuDNN chooses and builds its convolutions
    /// again): batches of every size from one to eight took about 1.5 s each on an H100,
    /// and the GPU was 5 % busy. So each batch is filled up with blank images to the
    /// batcher's size (their outputs are dropped), and each session reads one such batch
    /// as the model loads (with a worker's first photo), so that no later batch meets a
    /// new shape. The model comes back whatever the warm-up's outcome.
    pub fn one_shape(mut self) -> (Self, Result<(), String>) {
        self.padded = self.batcher.is_some();
        let images = self.batcher.as_ref().map_or(1, |b| b.most);
        let spec = &self.manifest.input;
        let blank = vec![0.0f32; images * 3 * (spec.width * spec.height) as usize];
        let warmed =
            (0..self.sessions.len()).try_for_each(|_| self.session_run(&blank, images, |_| Ok(())));
        (self, warmed)
    }

    /// How many sessions the model has (one shared, or one per slot).
    pub fn sessions(&self) -> usize {
        self.sessions.len()
    }

    /// Runs up to `most` waiting inputs as one batch, when the model takes any batch size
    /// (its input's first dimension is dynamic); a model exported for one image at a
    /// time (the YOLOX detector) keeps running them one by one.
    pub fn batching(mut self, most: usize) -> Self {
        let dynamic = self.sessions.first().is_some_and(|session| {
            let session = session.lock().unwrap_or_else(|e| e.into_inner());
            session
                .inputs()
                .first()
                .and_then(|input| input.dtype().tensor_shape())
                .is_some_and(|shape| shape.first().is_some_and(|n| *n < 0))
        });
        let name = self.manifest.name.clone();
        self.batcher = (most > 1 && dynamic).then(|| Batcher::new(most).measured(name));
        self
    }

    /// Whether inputs waiting together run as one batch.
    pub fn batches(&self) -> bool {
        self.batcher.is_some()
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

    /// Runs the model on `images` prepared inputs laid end to end, and reads its outputs
    /// with `read`.
    fn session_run<R>(
        &self,
        input: &[f32],
        images: usize,
        read: impl FnOnce(&ort::session::SessionOutputs<'_>) -> Result<R, String>,
    ) -> Result<R, String> {
        let spec = &self.manifest.input;
        let shape = [images, 3, spec.height as usize, spec.width as usize];
        let tensor =
            TensorRef::from_array_view((shape, input)).map_err(|e| format!("input tensor: {e}"))?;
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.sessions.len();
        let mut session = self.sessions[i].lock().unwrap_or_else(|e| e.into_inner());
        let started = Instant::now();
        let outputs = session
            .run(ort::inputs![spec.name.as_str() => tensor])
            .map_err(|e| format!("inference: {e}"))?;
        metrics::histogram!("recognition_inference_seconds", "model" => self.manifest.name.clone())
            .record(started.elapsed().as_secs_f64());
        read(&outputs)
    }

    /// Runs the model on a prepared input; its first output, with its shape. With a
    /// batcher, the input may run in one batch with others waiting for the model.
    pub fn run(&self, input: &[f32]) -> Result<Tensor, String> {
        self.infer(input.to_vec())?.first()
    }

    /// Runs the model on a prepared input; the named outputs, in that order.
    pub fn run_outputs(&self, input: &[f32], names: &[&str]) -> Result<Vec<Vec<f32>>, String> {
        self.infer(input.to_vec())?.named(names)
    }

    /// Runs the model on several prepared inputs of one caller (the crops of one photo);
    /// each one's first output, with its shape. With a batcher they wait together.
    pub fn run_each(&self, inputs: Vec<Vec<f32>>) -> Vec<Result<Tensor, String>> {
        match &self.batcher {
            Some(batcher) => batcher
                .run_many(inputs, |inputs| self.run_together(inputs))
                .into_iter()
                .map(|outputs| outputs?.first())
                .collect(),
            None => inputs.into_iter().map(|input| self.run(&input)).collect(),
        }
    }

    /// The outputs of one prepared input, alone or in a batch with others.
    fn infer(&self, input: Vec<f32>) -> Result<Outputs, String> {
        match &self.batcher {
            Some(batcher) => batcher.run(input, |inputs| self.run_together(inputs)),
            None => self
                .run_together(std::slice::from_ref(&input))?
                .pop()
                .ok_or_else(|| "the model gave no outputs".to_owned()),
        }
    }

    /// Runs several prepared inputs as one batch; each one's outputs, in order.
    fn run_together(&self, inputs: &[Vec<f32>]) -> Result<Vec<Outputs>, String> {
        let real = inputs.len();
        let images = match &self.batcher {
            Some(batcher) if self.padded => real.max(batcher.most),
            _ => real,
        };
        let spec = &self.manifest.input;
        let mut together = inputs.concat();
        together.resize(images * 3 * (spec.width * spec.height) as usize, 0.0);
        let all: Vec<(String, Vec<usize>, Vec<f32>)> =
            self.session_run(&together, images, |outputs| {
                outputs
                    .iter()
                    .map(|(name, value)| {
                        let (shape, data) = value
                            .try_extract_tensor::<f32>()
                            .map_err(|e| format!("output {name}: {e}"))?;
                        let shape = shape.iter().map(|d| *d as usize).collect();
                        Ok((name.to_owned(), shape, data.to_vec()))
                    })
                    .collect()
            })?;
        // Each output holds the images' results one after another, along its first
        // dimension; of a padded batch only the real images' are kept.
        let not_batched = |(_, shape, _): &&(String, Vec<usize>, Vec<f32>)| {
            images > 1 && shape.first() != Some(&images)
        };
        if let Some((name, shape, _)) = all.iter().find(not_batched) {
            return Err(format!(
                "output {name} has the shape {shape:?}, not one result per image of {images}"
            ));
        }
        Ok((0..real)
            .map(|i| {
                Outputs(
                    all.iter()
                        .map(|(name, shape, data)| {
                            let each = data.len() / images;
                            let mut one = shape.clone();
                            if let Some(first) = one.first_mut() {
                                *first = 1;
                            }
                            Output {
                                name: name.clone(),
                                shape: one,
                                data: data[i * each..(i + 1) * each].to_vec(),
                            }
                        })
                        .collect(),
                )
            })
            .collect())
    }

    pub fn label(&self, class: usize) -> String {
        self.labels
            .get(class)
            .cloned()
            .unwrap_or_else(|| format!("class {class}"))
    }
}

/// Runs inputs that wait for the same model as one batch, without making any input wait
/// for company: whoever finds the model idle runs everything waiting at that moment (up
/// to `most`), and inputs that arrive meanwhile go together in the next run, started by
/// one of their own callers. On a GPU one batch of n photos costs little more than one
/// photo; on the CPU each photo has a session of its own, so this is off there.
pub(crate) struct Batcher<T = Outputs> {
    most: usize,
    state: Mutex<Waiting<T>>,
    turn: Condvar,
    /// The model it batches for, naming its metrics (none in unit tests).
    model: Option<String>,
}

struct Waiting<T> {
    next_ticket: u64,
    /// Each input with its ticket and when it began to wait.
    queued: Vec<(u64, Vec<f32>, Instant)>,
    done: HashMap<u64, Result<T, String>>,
    running: bool,
}

impl<T> Default for Waiting<T> {
    fn default() -> Self {
        Waiting {
            next_ticket: 0,
            queued: Vec::new(),
            done: HashMap::new(),
            running: false,
        }
    }
}

impl<T: Clone> Batcher<T> {
    pub(crate) fn new(most: usize) -> Self {
        Batcher {
            most: most.max(1),
            state: Mutex::default(),
            turn: Condvar::new(),
            model: None,
        }
    }

    /// Records each batch's size and how long its inputs waited for it
    /// (`recognition_batch_size`, `recognition_batch_wait_seconds`), by model.
    pub(crate) fn measured(mut self, model: String) -> Self {
        self.model = Some(model);
        self
    }

    /// `input`'s outcome from `run_batch`, which gets the inputs of one batch and
    /// answers each one's outcome in the same order (blocking).
    pub(crate) fn run(
        &self,
        input: Vec<f32>,
        run_batch: impl Fn(&[Vec<f32>]) -> Result<Vec<T>, String>,
    ) -> Result<T, String> {
        self.run_many(vec![input], run_batch)
            .pop()
            .unwrap_or_else(|| Err("no outcome".into()))
    }

    /// Each input's outcome, in order: one caller's several inputs (the crops of one
    /// photo) wait together, and go in the same batch when there is room.
    pub(crate) fn run_many(
        &self,
        inputs: Vec<Vec<f32>>,
        run_batch: impl Fn(&[Vec<f32>]) -> Result<Vec<T>, String>,
    ) -> Vec<Result<T, String>> {
        let lock = || self.state.lock().unwrap_or_else(|e| e.into_inner());
        let mut state = lock();
        let mut mine = Vec::with_capacity(inputs.len());
        for input in inputs {
            let ticket = state.next_ticket;
            state.next_ticket += 1;
            state.queued.push((ticket, input, Instant::now()));
            mine.push(ticket);
        }
        loop {
            if mine.iter().all(|ticket| state.done.contains_key(ticket)) {
                return mine
                    .iter()
                    .map(|ticket| state.done.remove(ticket).expect("checked above"))
                    .collect();
            }
            if state.running || state.queued.is_empty() {
                state = self.turn.wait(state).unwrap_or_else(|e| e.into_inner());
                continue;
            }
            let take = state.queued.len().min(self.most);
            let mut tickets = Vec::with_capacity(take);
            let mut inputs = Vec::with_capacity(take);
            for (ticket, input, waiting_since) in state.queued.drain(..take) {
                if let Some(model) = &self.model {
                    metrics::histogram!("recognition_batch_wait_seconds", "model" => model.clone())
                        .record(waiting_since.elapsed().as_secs_f64());
                }
                tickets.push(ticket);
                inputs.push(input);
            }
            if let Some(model) = &self.model {
                metrics::histogram!("recognition_batch_size", "model" => model.clone())
                    .record(inputs.len() as f64);
            }
            state.running = true;
            drop(state);
            let outcomes = match run_batch(&inputs) {
                Ok(each) if each.len() == inputs.len() => each.into_iter().map(Ok).collect(),
                Ok(each) => vec![
                    Err(format!(
                        "a batch of {} gave {} results",
                        inputs.len(),
                        each.len()
                    ));
                    inputs.len()
                ],
                Err(e) => vec![Err(e); inputs.len()],
            };
            state = lock();
            state.running = false;
            state.done.extend(tickets.into_iter().zip(outcomes));
            self.turn.notify_all();
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Barrier};

    use super::*;

    #[test]
    fn inputs_waiting_together_run_as_one_batch_and_each_gets_its_own_answer() {
        let batcher = Arc::new(Batcher::new(4));
        let batches = Arc::new(Mutex::new(Vec::new()));
        let start = Arc::new(Barrier::new(6));
        let callers: Vec<_> = (0..6)
            .map(|i| {
                let (batcher, batches, start) = (batcher.clone(), batches.clone(), start.clone());
                std::thread::spawn(move || {
                    start.wait();
                    batcher.run(vec![i as f32], |inputs| {
                        batches.lock().unwrap().push(inputs.len());
                        // Slow enough that the others queue up behind the first batch.
                        std::thread::sleep(std::time::Duration::from_millis(50));
                        Ok(inputs.iter().map(|x| vec![vec![x[0] * 10.0]]).collect())
                    })
                })
            })
            .collect();
        for (i, caller) in callers.into_iter().enumerate() {
            assert_eq!(caller.join().unwrap().unwrap(), vec![vec![i as f32 * 10.0]]);
        }
        let batches = batches.lock().unwrap();
        assert_eq!(batches.iter().sum::<usize>(), 6);
        assert!(batches.iter().all(|n| *n <= 4), "{batches:?}");
        assert!(batches.len() < 6, "some ran together: {batches:?}");
    }

    #[test]
    fn a_failed_batch_fails_each_of_its_inputs_and_the_next_one_runs() {
        let batcher = Batcher::new(8);
        let failed = batcher.run(vec![1.0], |_| Err("inference: out of memory".into()));
        assert_eq!(failed.unwrap_err(), "inference: out of memory");
        let fine = batcher.run(vec![2.0], |inputs| Ok(vec![vec![inputs[0].clone()]; 1]));
        assert_eq!(fine.unwrap(), vec![vec![2.0]]);
    }

    #[test]
    fn one_callers_inputs_go_in_as_few_batches_as_fit_and_come_back_in_order() {
        let batcher = Batcher::new(2);
        let batches = Mutex::new(Vec::new());
        let answers = batcher.run_many((0..5).map(|i| vec![i as f32]).collect(), |inputs| {
            batches.lock().unwrap().push(inputs.len());
            Ok(inputs.iter().map(|x| x[0] * 10.0).collect())
        });
        let answers: Vec<f32> = answers.into_iter().map(Result::unwrap).collect();
        assert_eq!(answers, vec![0.0, 10.0, 20.0, 30.0, 40.0]);
        assert_eq!(*batches.lock().unwrap(), vec![2, 2, 1]);
    }
}
