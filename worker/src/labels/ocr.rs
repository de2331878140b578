//! Reading the text of a photo with PaddleOCR's models (PP-OCRv6 small, as shipped in the
//! rapidocr wheel): DB text detection, the angle classifier for upside-down lines, and CTC
//! recognition. Pre- and post-processing follow rapidocr 3.10's own code (its config.yaml
//! and ch_ppocr_{det,cls,rec}) so the models see what they were trained on.
//!
//! Long on purpose: the three PaddleOCR stages with their pre- and post-processing, which
//! follow rapidocr's own code step by step and are read against it.

use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use image::{Rgb, RgbImage, imageops::FilterType};
use models::nutrition_label::TextLine;
use ort::session::Session;
use ort::value::TensorRef;
use serde::Deserialize;

use crate::recognition::{RecognitionConfig, RecognitionError, session, sha256_of};

/// The detector's input: the photo scaled so its long side is this (a multiple of 32, as
/// DB's down- and up-sampling needs). Labels fill most of a label photo; 960 keeps 8-point
/// print legible while a run stays well under a second on two cores.
const DET_LONG_SIDE: u32 = 960;
/// DB: a pixel is text when its probability is above this (rapidocr `thresh`).
const DET_THRESHOLD: f32 = 0.3;
/// A region is kept when its mean probability is at least this (rapidocr `box_thresh`).
const DET_BOX_THRESHOLD: f32 = 0.5;
/// DB shrinks text regions when it learns them; they are grown back by
/// area × ratio / perimeter on each side (rapidocr `unclip_ratio`).
const DET_UNCLIP_RATIO: f32 = 1.6;
/// Regions thinner than this (in detector pixels) are specks, not text.
const DET_MIN_SIDE: f32 = 3.0;
/// A region this many lines tall is looked at for rows run together, cut where at most
/// this share of its widest row's pixels lie.
const TALL_REGION: f32 = 1.7;
const ROW_GAP_SHARE: f32 = 0.75;
/// Above this many regions the rest are noise (rapidocr `max_candidates`).
const DET_MAX_CANDIDATES: usize = 1000;

/// The angle classifier's input, and how sure it must be before a line is turned.
const CLS_HEIGHT: u32 = 48;
const CLS_WIDTH: u32 = 192;
const CLS_TURN_ABOVE: f32 = 0.9;

/// The recogniser reads lines 48 pixels high, a batch padded to its widest line.
/// rapidocr pads every batch to at least 320 wide; for a label's many short cells ("钠",
/// "5%") that padding was most of the recognition time, and reads no better (measured on
/// the rendered labels), so batches are padded only to this.
const REC_HEIGHT: u32 = 48;
const REC_MIN_WIDTH: u32 = 96;
const REC_BATCH: usize = 6;
/// A line read with less confidence than this is dropped (rapidocr `text_score`).
const REC_MIN_SCORE: f32 = 0.5;

/// The most lines of one photo that are read, the largest first. A real label has far
/// fewer (its table, ingredients and maker, rarely 80); a wall of small print would
/// otherwise cost its sender's CPU a second or more per hundred lines.
pub const MAX_TEXT_LINES: usize = 150;
/// How long the lines of one photo may take to read: what is read by then is the answer,
/// the rest unread. A backstop behind the bound of lines: it counts time spent waiting for
/// a model another reading holds, so it is far above what a real label takes (under 2 s
/// of models on two busy cores).
pub const READ_BUDGET: Duration = Duration::from_secs(10);

/// `ocr.json`, installed beside the models by `make models`.
#[derive(Debug, Clone, Deserialize)]
pub struct OcrManifest {
    pub name: String,
    pub licence: String,
    pub detection: ModelFile,
    pub angle: ModelFile,
    pub recognition: ModelFile,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ModelFile {
    pub file: String,
    pub sha256: String,
}

impl OcrManifest {
    pub fn read(dir: &Path) -> Result<Self, String> {
        let path = dir.join("ocr.json");
        let text = std::fs::read_to_string(&path)
            .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        serde_json::from_str(&text)
            .map_err(|e| format!("{} is not an OCR manifest: {e}", path.display()))
    }

    pub fn files(&self) -> [&ModelFile; 3] {
        [&self.detection, &self.angle, &self.recognition]
    }
}

/// Sessions of one model, one per label this process may read at once.
struct Pool {
    sessions: Vec<Mutex<Session>>,
    next: AtomicUsize,
    /// The model's name in `recognition_inference_seconds` (`ocr-detection`, …).
    name: &'static str,
}

impl Pool {
    fn open(
        config: &RecognitionConfig,
        file: &Path,
        name: &'static str,
    ) -> Result<Self, RecognitionError> {
        let sessions = (0..config.sessions.max(1))
            .map(|_| session(config, file).map(Mutex::new))
            .collect::<Result<_, _>>()?;
        Ok(Pool {
            sessions,
            next: AtomicUsize::new(0),
            name,
        })
    }

    /// Runs the model on one NCHW batch; its first output, with its shape.
    fn run(&self, shape: [usize; 4], input: &[f32]) -> Result<(Vec<usize>, Vec<f32>), String> {
        let tensor =
            TensorRef::from_array_view((shape, input)).map_err(|e| format!("input tensor: {e}"))?;
        let i = self.next.fetch_add(1, Ordering::Relaxed) % self.sessions.len();
        let mut session = self.sessions[i].lock().unwrap_or_else(|e| e.into_inner());
        let started = Instant::now();
        let outputs = session
            .run(ort::inputs![tensor])
            .map_err(|e| format!("inference: {e}"))?;
        metrics::histogram!("recognition_inference_seconds", "model" => self.name)
            .record(started.elapsed().as_secs_f64());
        let (shape, data) = outputs[0]
            .try_extract_tensor::<f32>()
            .map_err(|e| format!("output: {e}"))?;
        Ok((shape.iter().map(|d| *d as usize).collect(), data.to_vec()))
    }
}

/// The three models and the recogniser's alphabet.
pub struct OcrEngine {
    pub manifest: OcrManifest,
    detector: Pool,
    angle: Pool,
    recognizer: Pool,
    /// CTC classes: 0 is the blank, then the characters of the model's `character`
    /// metadata, then a space (PaddleOCR's `use_space_char`).
    alphabet: Vec<String>,
}

impl std::fmt::Debug for OcrEngine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("OcrEngine")
            .field("models", &self.manifest.name)
            .field("alphabet", &self.alphabet.len())
            .finish()
    }
}

/// A text region found by the detector, as a rotated rectangle in photo pixels.
#[derive(Debug, Clone, Copy)]
struct Region {
    centre: (f32, f32),
    /// Unit vector along the line of text (pointing right, within 45° of horizontal).
    along: (f32, f32),
    width: f32,
    height: f32,
}

impl Region {
    fn corners(&self) -> [(f32, f32); 4] {
        let (ux, uy) = self.along;
        let (vx, vy) = (-uy, ux);
        let (hw, hh) = (self.width / 2.0, self.height / 2.0);
        let (cx, cy) = self.centre;
        let at = |a: f32, b: f32| (cx + a * ux + b * vx, cy + a * uy + b * vy);
        [at(-hw, -hh), at(hw, -hh), at(hw, hh), at(-hw, hh)]
    }
}

impl OcrEngine {
    /// Loads the models named by `dir/ocr.json`, each checked against its sha256.
    pub fn load(config: &RecognitionConfig, dir: &Path) -> Result<Self, RecognitionError> {
        let missing = RecognitionError::NotInstalled;
        let manifest = OcrManifest::read(dir).map_err(missing)?;
        for model in manifest.files() {
            let sha = sha256_of(&dir.join(&model.file)).map_err(missing)?;
            if sha != model.sha256 {
                return Err(missing(format!(
                    "{} does not have the sha256 its manifest names",
                    model.file
                )));
            }
        }
        let recognizer = Pool::open(
            config,
            &dir.join(&manifest.recognition.file),
            "ocr-recognition",
        )?;
        let characters = {
            let session = recognizer.sessions[0]
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            session
                .metadata()
                .ok()
                .and_then(|m| m.custom("character"))
                .ok_or_else(|| {
                    RecognitionError::Failed("the recogniser has no `character` metadata".into())
                })?
        };
        let mut alphabet = vec![String::new()];
        alphabet.extend(characters.lines().map(str::to_owned));
        alphabet.push(" ".into());
        Ok(OcrEngine {
            detector: Pool::open(config, &dir.join(&manifest.detection.file), "ocr-detection")?,
            angle: Pool::open(config, &dir.join(&manifest.angle.file), "ocr-angle")?,
            recognizer,
            alphabet,
            manifest,
        })
    }

    /// The lines of text in a photo, each with where it is and how sure each character
    /// is (blocking).
    pub fn read(&self, photo: &RgbImage) -> Result<Vec<TextLine>, String> {
        let regions = largest(self.detect(photo)?, MAX_TEXT_LINES);
        let deadline = Instant::now() + READ_BUDGET;
        let mut crops: Vec<RgbImage> = regions.iter().map(|r| crop(photo, r)).collect();
        self.turn_upside_down(&mut crops, deadline)?;
        let read = self.recognize(&crops, deadline)?;
        Ok(regions
            .iter()
            .zip(read)
            .filter_map(|(region, (text, confidences))| {
                let mean = confidences.iter().sum::<f32>() / confidences.len().max(1) as f32;
                (!text.trim().is_empty() && mean >= REC_MIN_SCORE).then(|| TextLine {
                    text,
                    confidences,
                    corners: region.corners(),
                })
            })
            .collect())
    }

    fn detect(&self, photo: &RgbImage) -> Result<Vec<Region>, String> {
        let (w, h) = photo.dimensions();
        let scale = DET_LONG_SIDE as f32 / w.max(h) as f32;
        let to32 = |v: u32| ((v as f32 * scale / 32.0).round() as u32).max(1) * 32;
        let (dw, dh) = (to32(w), to32(h));
        let scaled = image::imageops::resize(photo, dw, dh, FilterType::Triangle);
        // rapidocr: (x / 255 - 0.5) / 0.5 per channel, in the photo's RGB order.
        let plane = (dw * dh) as usize;
        let mut input = vec![0f32; 3 * plane];
        for (i, p) in scaled.pixels().enumerate() {
            for c in 0..3 {
                input[c * plane + i] = f32::from(p.0[c]) / 127.5 - 1.0;
            }
        }
        let (shape, map) = self
            .detector
            .run([1, 3, dh as usize, dw as usize], &input)?;
        if shape.len() != 4 || shape[2] * shape[3] != plane || map.len() != plane {
            return Err(format!("unexpected detector output shape {shape:?}"));
        }
        let (sx, sy) = (w as f32 / dw as f32, h as f32 / dh as f32);
        Ok(text_regions(&map, dw as usize, dh as usize)
            .into_iter()
            .map(|r| Region {
                centre: (r.centre.0 * sx, r.centre.1 * sy),
                // The scale is nearly the same both ways (the sides are rounded to 32).
                width: r.width * (r.along.0.abs() * sx + r.along.1.abs() * sy),
                height: r.height * (r.along.1.abs() * sx + r.along.0.abs() * sy),
                along: r.along,
            })
            .collect())
    }

    /// Turns the lines the angle model says are upside down.
    fn turn_upside_down(&self, crops: &mut [RgbImage], deadline: Instant) -> Result<(), String> {
        for batch in crops.chunks_mut(REC_BATCH) {
            if Instant::now() >= deadline {
                break;
            }
            let input = batch_input(batch.iter(), CLS_HEIGHT, CLS_WIDTH, CLS_WIDTH);
            let (shape, scores) = self.angle.run(
                [batch.len(), 3, CLS_HEIGHT as usize, CLS_WIDTH as usize],
                &input,
            )?;
            if shape != [batch.len(), 2] {
                return Err(format!("unexpected angle output shape {shape:?}"));
            }
            for (crop, p) in batch.iter_mut().zip(scores.chunks(2)) {
                if p[1] > CLS_TURN_ABOVE {
                    image::imageops::rotate180_in_place(crop);
                }
            }
        }
        Ok(())
    }

    /// Each crop's text and the confidence of each of its characters; none for those not
    /// read by `deadline`.
    fn recognize(
        &self,
        crops: &[RgbImage],
        deadline: Instant,
    ) -> Result<Vec<(String, Vec<f32>)>, String> {
        // Similar widths together: less padding per batch.
        let mut order: Vec<usize> = (0..crops.len()).collect();
        order.sort_by(|&a, &b| ratio(&crops[a]).total_cmp(&ratio(&crops[b])));
        let mut read = vec![(String::new(), Vec::new()); crops.len()];
        for batch in order.chunks(REC_BATCH) {
            if Instant::now() >= deadline {
                tracing::info!(
                    lines = crops.len(),
                    "label reading ran out of time; answering with what was read"
                );
                break;
            }
            let widest = batch
                .iter()
                .map(|&i| (REC_HEIGHT as f32 * ratio(&crops[i])).ceil() as u32)
                .max()
                .unwrap_or(REC_MIN_WIDTH)
                .max(REC_MIN_WIDTH);
            let input = batch_input(batch.iter().map(|&i| &crops[i]), REC_HEIGHT, widest, widest);
            let (shape, probabilities) = self.recognizer.run(
                [batch.len(), 3, REC_HEIGHT as usize, widest as usize],
                &input,
            )?;
            let [n, steps, classes] = shape[..] else {
                return Err(format!("unexpected recogniser output shape {shape:?}"));
            };
            if n != batch.len() || classes != self.alphabet.len() {
                return Err(format!(
                    "the recogniser has {classes} classes, its alphabet {}",
                    self.alphabet.len()
                ));
            }
            for (k, &i) in batch.iter().enumerate() {
                let rows = &probabilities[k * steps * classes..(k + 1) * steps * classes];
                read[i] = self.ctc_greedy(rows, classes);
            }
        }
        Ok(read)
    }

    /// CTC greedy decoding: the likeliest class per step, repeats merged, blanks dropped.
    fn ctc_greedy(&self, rows: &[f32], classes: usize) -> (String, Vec<f32>) {
        let mut text = String::new();
        let mut confidences = Vec::new();
        let mut previous = 0;
        for step in rows.chunks(classes) {
            let (best, p) = step
                .iter()
                .copied()
                .enumerate()
                .fold((0, f32::MIN), |a, (i, p)| if p > a.1 { (i, p) } else { a });
            if best != 0 && best != previous {
                text.push_str(&self.alphabet[best]);
                confidences.extend(std::iter::repeat_n(p, self.alphabet[best].chars().count()));
            }
            previous = best;
        }
        (text, confidences)
    }
}

/// The `most` largest of `regions` (by area), in their order.
fn largest(regions: Vec<Region>, most: usize) -> Vec<Region> {
    if regions.len() <= most {
        return regions;
    }
    let mut by_size: Vec<usize> = (0..regions.len()).collect();
    by_size.sort_by(|&a, &b| {
        let area = |r: &Region| r.width * r.height;
        area(&regions[b]).total_cmp(&area(&regions[a]))
    });
    let mut kept = by_size[..most].to_vec();
    kept.sort_unstable();
    kept.into_iter().map(|i| regions[i]).collect()
}

fn ratio(crop: &RgbImage) -> f32 {
    crop.width() as f32 / crop.height().max(1) as f32
}

/// Crops scaled to `height` (at most `max_width` wide), normalised as (x / 255 - 0.5) / 0.5
/// and padded with zeros to `width` on the right, as one NCHW batch.
fn batch_input<'a>(
    crops: impl Iterator<Item = &'a RgbImage>,
    height: u32,
    max_width: u32,
    width: u32,
) -> Vec<f32> {
    let plane = (height * width) as usize;
    let mut input = Vec::new();
    for crop in crops {
        let w = ((height as f32 * ratio(crop)).ceil() as u32).clamp(1, max_width);
        let scaled = image::imageops::resize(crop, w, height, FilterType::Triangle);
        let start = input.len();
        input.resize(start + 3 * plane, 0.0);
        for (x, y, p) in scaled.enumerate_pixels() {
            let at = (y * width + x) as usize;
            for c in 0..3 {
                input[start + c * plane + at] = f32::from(p.0[c]) / 127.5 - 1.0;
            }
        }
    }
    input
}

/// The region cut out of the photo and straightened (bilinear, edges repeated), at its own
/// resolution.
fn crop(photo: &RgbImage, region: &Region) -> RgbImage {
    let w = region.width.round().max(1.0) as u32;
    let h = region.height.round().max(1.0) as u32;
    let (ux, uy) = region.along;
    let (vx, vy) = (-uy, ux);
    let (cx, cy) = region.centre;
    RgbImage::from_fn(w, h, |x, y| {
        let a = x as f32 + 0.5 - w as f32 / 2.0;
        let b = y as f32 + 0.5 - h as f32 / 2.0;
        sample(
            photo,
            cx + a * ux + b * vx - 0.5,
            cy + a * uy + b * vy - 0.5,
        )
    })
}

fn sample(photo: &RgbImage, x: f32, y: f32) -> Rgb<u8> {
    let (w, h) = (photo.width() as i64, photo.height() as i64);
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let at =
        |xi: i64, yi: i64| photo.get_pixel(xi.clamp(0, w - 1) as u32, yi.clamp(0, h - 1) as u32);
    let (x0, y0) = (x0 as i64, y0 as i64);
    let (p00, p10, p01, p11) = (
        at(x0, y0),
        at(x0 + 1, y0),
        at(x0, y0 + 1),
        at(x0 + 1, y0 + 1),
    );
    Rgb(std::array::from_fn(|c| {
        let top = f32::from(p00.0[c]) * (1.0 - fx) + f32::from(p10.0[c]) * fx;
        let bottom = f32::from(p01.0[c]) * (1.0 - fx) + f32::from(p11.0[c]) * fx;
        (top * (1.0 - fy) + bottom * fy).round().clamp(0.0, 255.0) as u8
    }))
}

/// DB post-processing on the probability map: threshold, dilate by one pixel (rapidocr
/// `use_dilation`), connected regions, each one's rotated rectangle (its principal axis
/// from the second moments, snapped to the page's slant when the region is too round to
/// have one; rows run together cut apart), score, then grown back by the unclip
/// distance.
fn text_regions(map: &[f32], width: usize, height: usize) -> Vec<Region> {
    let mut text = vec![false; map.len()];
    for y in 0..height {
        for x in 0..width {
            // A 2×2 dilation: a pixel is text when it or its left, upper or upper-left
            // neighbour is above the threshold.
            let hot = |dx: usize, dy: usize| {
                x >= dx && y >= dy && map[(y - dy) * width + x - dx] > DET_THRESHOLD
            };
            text[y * width + x] = hot(0, 0) || hot(1, 0) || hot(0, 1) || hot(1, 1);
        }
    }
    let mut seen = vec![false; map.len()];
    let mut components: Vec<Vec<usize>> = Vec::new();
    let mut stack = Vec::new();
    for start in 0..map.len() {
        if !text[start] || seen[start] {
            continue;
        }
        let mut pixels = Vec::new();
        seen[start] = true;
        stack.push(start);
        while let Some(i) = stack.pop() {
            pixels.push(i);
            let (x, y) = ((i % width) as i64, (i / width) as i64);
            for (dx, dy) in [
                (-1, 0),
                (1, 0),
                (0, -1),
                (0, 1),
                (-1, -1),
                (1, -1),
                (-1, 1),
                (1, 1),
            ] {
                let (nx, ny) = (x + dx, y + dy);
                if nx < 0 || ny < 0 || nx >= width as i64 || ny >= height as i64 {
                    continue;
                }
                let j = ny as usize * width + nx as usize;
                if text[j] && !seen[j] {
                    seen[j] = true;
                    stack.push(j);
                }
            }
        }
        components.push(pixels);
        if components.len() >= DET_MAX_CANDIDATES {
            break;
        }
    }
    let shaped: Vec<(&Vec<usize>, Region, bool)> = components
        .iter()
        .filter(|pixels| {
            pixels.iter().map(|&i| map[i]).sum::<f32>() / pixels.len() as f32 >= DET_BOX_THRESHOLD
        })
        .map(|pixels| {
            let (region, elongated) = oriented_box(pixels, width);
            (pixels, region, elongated)
        })
        .collect();
    // The slant of the page and the height of its lines: the median of the lines long
    // enough to have a direction.
    let lines: Vec<&Region> = shaped.iter().filter(|s| s.2).map(|s| &s.1).collect();
    let median = |mut values: Vec<f32>| {
        values.sort_by(f32::total_cmp);
        values.get(values.len() / 2).copied()
    };
    let slant = median(lines.iter().map(|r| r.along.1.atan2(r.along.0)).collect()).unwrap_or(0.0);
    let line_height = median(lines.iter().map(|r| r.height).collect());
    let mut regions = Vec::new();
    for (pixels, region, elongated) in shaped {
        let upright = if elongated {
            region
        } else {
            // Too round to have a direction of its own: it runs along the page.
            fit(pixels, width, slant)
        };
        // Short words of neighbouring rows ("钠" above "钙") can run together into one
        // region: one as tall as two lines is cut where its rows part.
        let parts = match line_height {
            Some(h) if upright.height > TALL_REGION * h => split_rows(pixels, width, slant, h),
            _ => Vec::new(),
        };
        if parts.len() > 1 {
            for part in &parts {
                let (r, elongated) = oriented_box(part, width);
                regions.push(if elongated {
                    r
                } else {
                    fit(part, width, slant)
                });
            }
        } else {
            regions.push(upright);
        }
    }
    regions
        .into_iter()
        .filter_map(|region| {
            if region.width.min(region.height) < DET_MIN_SIDE {
                return None;
            }
            let grow = region.width * region.height * DET_UNCLIP_RATIO
                / (2.0 * (region.width + region.height));
            let grown = Region {
                width: region.width + 2.0 * grow,
                height: region.height + 2.0 * grow,
                ..region
            };
            (grown.width.min(grown.height) >= DET_MIN_SIDE + 2.0).then_some(grown)
        })
        .collect()
}

/// A region as tall as two lines or more cut across the page's slant where its rows
/// part: at its narrowest, away from its ends. The thin rows around that narrowing (blur
/// bridging the gap between two lines) are dropped; each part is cut again while still
/// too tall.
fn split_rows(pixels: &[usize], width: usize, slant: f32, line_height: f32) -> Vec<Vec<usize>> {
    let (sin, cos) = slant.sin_cos();
    let down = |i: usize| -((i % width) as f32) * sin + (i / width) as f32 * cos;
    let top = pixels.iter().map(|&i| down(i)).fold(f32::MAX, f32::min);
    let bin = |i: usize| (down(i) - top).round() as usize;
    let mut counts = vec![0usize; pixels.iter().map(|&i| bin(i)).max().unwrap_or(0) + 1];
    for &i in pixels {
        counts[bin(i)] += 1;
    }
    let tall = counts.len() as f32 > TALL_REGION * line_height;
    let margin = (0.6 * line_height).ceil() as usize;
    if !tall || counts.len() <= 2 * margin + 1 {
        return vec![pixels.to_vec()];
    }
    let peak = counts.iter().copied().max().unwrap_or(0) as f32;
    let (narrowest, least) = counts[margin..counts.len() - margin]
        .iter()
        .copied()
        .enumerate()
        .min_by_key(|(_, c)| *c)
        .map(|(at, c)| (at + margin, c as f32))
        .expect("the window is not empty");
    if least > ROW_GAP_SHARE * peak {
        return vec![pixels.to_vec()];
    }
    // The bridge: the rows around the narrowest below halfway between it and the peak.
    let bridge = least + 0.5 * (peak - least);
    let mut start = narrowest;
    while start > 0 && (counts[start - 1] as f32) < bridge {
        start -= 1;
    }
    let mut end = narrowest + 1;
    while end < counts.len() && (counts[end] as f32) < bridge {
        end += 1;
    }
    let (above, below): (Vec<usize>, Vec<usize>) = pixels
        .iter()
        .copied()
        .filter(|&i| !(start..end).contains(&bin(i)))
        .partition(|&i| bin(i) < start);
    [above, below]
        .iter()
        .filter(|part| !part.is_empty())
        .flat_map(|part| split_rows(part, width, slant, line_height))
        .collect()
}

/// A region's rectangle along its principal axis, and whether the region is elongated
/// enough for that axis to mean anything.
fn oriented_box(pixels: &[usize], width: usize) -> (Region, bool) {
    let n = pixels.len() as f32;
    let (mut mx, mut my) = (0f32, 0f32);
    for &i in pixels {
        mx += (i % width) as f32;
        my += (i / width) as f32;
    }
    let (mx, my) = (mx / n, my / n);
    let (mut sxx, mut syy, mut sxy) = (0f32, 0f32, 0f32);
    for &i in pixels {
        let (dx, dy) = ((i % width) as f32 - mx, (i / width) as f32 - my);
        sxx += dx * dx;
        syy += dy * dy;
        sxy += dx * dy;
    }
    let angle = 0.5 * (2.0 * sxy).atan2(sxx - syy);
    let spread = ((sxx - syy).powi(2) + 4.0 * sxy * sxy).sqrt();
    let (major, minor) = ((sxx + syy + spread) / 2.0, (sxx + syy - spread) / 2.0);
    // Lines run across the page: a region drawn out up and down is words of rows
    // stacked, not a line.
    let elongated = major > 4.0 * minor.max(1e-3) && angle.abs() < std::f32::consts::FRAC_PI_4;
    let region = fit(pixels, width, angle);
    (region, elongated)
}

/// The smallest rectangle with one side at `angle` around the pixels, its long side
/// read as the line's direction when within 45° of horizontal.
fn fit(pixels: &[usize], width: usize, angle: f32) -> Region {
    let (mut ux, mut uy) = (angle.cos(), angle.sin());
    // Text runs left to right, within 45° of horizontal.
    if ux.abs() < uy.abs() {
        (ux, uy) = (uy, -ux);
    }
    if ux < 0.0 {
        (ux, uy) = (-ux, -uy);
    }
    let (vx, vy) = (-uy, ux);
    let (mut amin, mut amax, mut bmin, mut bmax) = (f32::MAX, f32::MIN, f32::MAX, f32::MIN);
    for &i in pixels {
        let (x, y) = ((i % width) as f32 + 0.5, (i / width) as f32 + 0.5);
        let (a, b) = (x * ux + y * uy, x * vx + y * vy);
        amin = amin.min(a - 0.5);
        amax = amax.max(a + 0.5);
        bmin = bmin.min(b - 0.5);
        bmax = bmax.max(b + 0.5);
    }
    let (a, b) = ((amin + amax) / 2.0, (bmin + bmax) / 2.0);
    Region {
        centre: (a * ux + b * vx, a * uy + b * vy),
        along: (ux, uy),
        width: amax - amin,
        height: bmax - bmin,
    }
}

#[cfg(test)]
mod tests;
