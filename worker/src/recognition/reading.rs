//! What the photo recogniser makes of a photo, and how sure it is: the candidates of the
//! three models (our dish head over the gate model's embedding, the gate model's own
//! ImageNet food classes, the COCO detector's foods) merged per food, a calibrated score
//! for each, the food/not-food gate, and the visual memory of a user's confirmed photos.
//! Everything here is arithmetic on model outputs; running the models is `gate`'s and
//! `detector`'s. What a reading is (`PhotoReading`) is the domain's (`models::recogniser`).
//!
//! Long on purpose: one reading of a photo: the three models' candidates, their merge and
//! calibration, the dish head and the visual memory are one scoring, tuned together
//! against the same evaluation.

use std::collections::HashMap;
use std::sync::OnceLock;

use models::learned::{IMAGENET_CUTS, LearnedCuts};
use models::recogniser::{
    Candidate, CandidateSource, EMBEDDING_LEN, LIKELY, MAX_ALTERNATIVES, PhotoReading, SURE,
    SeenFood, dot, unit_vector,
};
use models::recognition::{Detection, food_class};
use serde::Deserialize;

#[cfg(test)]
mod tests;

/// The dish heads `scripts/train-dish-head.py` trains (see its docstring for the data), one
/// per gate model, since a head reads one backbone's embedding, each with the cuts from
/// which the visual memory offers a taught food in that backbone's memory vectors. A
/// backbone fine-tuned on food photos (`scripts/train-backbone.py`) joins this table with its
/// own head and cuts once it beats ImageNet's (BENCHMARKS, issue 46: the first one did not).
const DISH_HEADS: [(&str, &str, LearnedCuts); 1] = [(
    IMAGENET_BACKBONE,
    include_str!("../../data/dish_head.json"),
    IMAGENET_CUTS,
)];
/// The gate model as ImageNet trained it.
pub const IMAGENET_BACKBONE: &str = "efficientnet-lite0";
/// What each class of the models stands for among the shipped foods.
const CLASS_FOODS: &str = include_str!("../../data/recognition_foods.tsv");

/// A candidate weaker than this is not worth a tap.
const MIN_CANDIDATE: f32 = 0.02;
/// The detector's confidence is an objectness × class score, not a probability that the
/// name is right; on our labelled photos it runs ahead of its accuracy, so it is scaled.
/// It finds fruit and pizza slices on a table well, but on a close-up of a Chinese dish it
/// sees "pizza" or "cake" in a box as big as the plate with up to 0.9: a box over half the
/// photo counts for little.
const DETECTOR_WEIGHT: f32 = 0.8;
const DETECTOR_WHOLE_PLATE_WEIGHT: f32 = 0.2;
const WHOLE_PLATE: f32 = 0.5;
/// ImageNet's food classes name fruit and vegetables well and prepared dishes poorly
/// (红烧肉 reads as consommé), so a class's probability counts for less than a dish's.
const IMAGENET_WEIGHT: f32 = 0.6;
/// A detected food other than the plate's main one is listed when the detector is this
/// sure of it and another model sees it too (a banana beside an apple).
const SECOND_FOOD_MIN: f32 = 0.6;
const SECOND_FOOD_SEEN: f32 = 0.02;
/// The dish head this sure, on a photo like its training photos, names a dish even where
/// ImageNet sees little food (a close-up of 蚝油生菜).
const DISH_GATE: f32 = 0.35;
/// What the head's dishes count for on a photo it says is none of them.
const UNKNOWN_DISH_WEIGHT: f32 = 0.4;
/// Where a food the models do not vouch for is capped: a question, never "Probably".
const QUESTION_CAP: f32 = LIKELY - 0.05;
/// The head's best dish this likely, on a photo it knows, speaks against another food
/// that the detector or ImageNet names alone (spaghetti the detector reads as pizza).
const HEAD_DISAGREES: f32 = 0.3;
/// The features of the head's familiarity, in the order of its weights.
const FAMILIARITY_FEATURES: [&str; 6] = [
    "log_max_probability",
    "margin",
    "feature_rms",
    "nearest_prototype_cosine",
    "top_prototype_cosine",
    "imagenet_agreement",
];
/// The gate: summed ImageNet probability of food classes and table settings (plate, soup
/// bowl, wok …) from which a photo shows food. Food photos here score 0.44–0.98.
pub const FOOD_GATE: f32 = 0.15;

/// What the three models saw, as probabilities.
#[derive(Debug, Clone, Copy)]
pub struct Sight<'a> {
    pub detections: &'a [Detection],
    /// The gate model's softmax over ImageNet's 1,000 classes.
    pub imagenet: &'a [f32],
    /// The dish head's calibrated probabilities, in `DishHead::classes` order.
    pub dishes: &'a [f32],
    /// Width × height of the photo the detections are in.
    pub image_area: f32,
    /// The photo looks like none of the dish head's training photos.
    pub dish_unknown: bool,
    /// The probability that the photo shows one of the head's dishes at all
    /// (`DishHead::familiarity`).
    pub familiarity: f32,
}

/// The classes that stand for shipped foods (and those that only say "food").
struct ClassFoods {
    foods: HashMap<String, Option<String>>,
    imagenet_food: Vec<usize>,
}

fn class_foods() -> &'static ClassFoods {
    static TABLE: OnceLock<ClassFoods> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut foods = HashMap::new();
        let mut imagenet_food = Vec::new();
        for line in CLASS_FOODS.lines().filter(|l| !l.starts_with('#')).skip(1) {
            let (label, food) = line.split_once('\t').unwrap_or((line, ""));
            if let Some(index) = label.strip_prefix("imagenet:") {
                imagenet_food.push(index.parse().expect("an ImageNet index"));
            }
            let food = Some(food.trim().to_owned()).filter(|f| !f.is_empty());
            foods.insert(label.to_owned(), food);
        }
        ClassFoods {
            foods,
            imagenet_food,
        }
    })
}

/// Every (label, food key) the recogniser can name, for checks against the stored foods.
pub fn class_food_keys() -> Vec<(String, String)> {
    let mut keys: Vec<(String, String)> = class_foods()
        .foods
        .iter()
        .filter_map(|(label, food)| food.clone().map(|f| (label.clone(), f)))
        .collect();
    keys.sort();
    keys
}

fn food_of_label(label: &str) -> Option<String> {
    class_foods().foods.get(label).cloned().flatten()
}

/// The gate's food probability: ImageNet's food classes and table settings together.
pub fn food_probability(imagenet: &[f32]) -> f32 {
    class_foods()
        .imagenet_food
        .iter()
        .filter_map(|i| imagenet.get(*i))
        .sum()
}

/// Models naming the same food are more than the strongest alone, but they share blind
/// spots, so each other one counts half: 1 − (1 − best) · Π (1 − other / 2).
fn agree(best: f32, others: &[f32]) -> f32 {
    1.0 - (1.0 - best) * others.iter().map(|o| 1.0 - 0.5 * o).product::<f32>()
}

/// Candidates merged per food: the strongest source names it, the others add to it.
fn merge(candidates: Vec<Candidate>) -> Vec<Candidate> {
    let mut merged: Vec<(Candidate, Vec<f32>)> = Vec::new();
    for c in candidates {
        match merged.iter_mut().find(|(m, _)| m.food_key == c.food_key) {
            Some((m, others)) if c.score > m.score => others.push(std::mem::replace(m, c).score),
            Some((_, others)) => others.push(c.score),
            None => merged.push((c, Vec::new())),
        }
    }
    let mut out: Vec<Candidate> = merged
        .into_iter()
        .map(|(mut c, others)| {
            c.score = agree(c.score, &others);
            c
        })
        .collect();
    out.sort_by(|a, b| b.score.total_cmp(&a.score));
    out
}

/// Lowers each food to what the models that may vouch for it say, and at most to just
/// below LIKELY, so it is asked about. The head vouches for its dishes on a photo of one
/// of its dishes, for nothing on a photo it does not know; the detector and ImageNet
/// vouch for their foods, together, or alone unless the head, on a photo it knows, names
/// another food.
fn vouched(
    mut ranked: Vec<Candidate>,
    candidates: &[Candidate],
    head: &DishHead,
    sight: &Sight<'_>,
    familiar: bool,
) -> Vec<Candidate> {
    let head_food = sight
        .dishes
        .iter()
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(b.1))
        .filter(|(_, p)| familiar && **p >= HEAD_DISAGREES)
        .and_then(|(i, _)| food_of_label(&format!("dish:{}", head.classes[i])));
    let mut capped = false;
    for food in ranked.iter_mut().filter(|c| c.score > QUESTION_CAP) {
        let by_head = candidates
            .iter()
            .any(|c| c.food_key == food.food_key && c.source == CandidateSource::DishModel);
        if by_head && familiar {
            continue;
        }
        let mut others: Vec<f32> = candidates
            .iter()
            .filter(|c| c.food_key == food.food_key && c.source != CandidateSource::DishModel)
            .map(|c| c.score)
            .collect();
        others.sort_by(|a, b| b.total_cmp(a));
        let contradicted =
            others.len() == 1 && head_food.as_ref().is_some_and(|f| *f != food.food_key);
        let vouched = match others.split_first() {
            Some((best, rest)) if !contradicted => agree(*best, rest),
            _ => 0.0,
        };
        let score = food.score.min(vouched.max(QUESTION_CAP));
        capped |= score < food.score;
        food.score = score;
    }
    if capped {
        ranked.sort_by(|a, b| b.score.total_cmp(&a.score));
    }
    ranked
}

/// What a photo shows, read with the shipped dish head.
pub fn read_photo(sight: Sight<'_>) -> PhotoReading {
    read_photo_with(DishHead::get(), sight)
}

/// What a photo shows: the plate's main food with its alternatives, other foods the
/// detector is fairly sure of, and whether there is food at all. `sight.dishes` are
/// `head`'s.
pub fn read_photo_with(head: &DishHead, sight: Sight<'_>) -> PhotoReading {
    let food_probability = food_probability(sight.imagenet);
    let mut candidates = Vec::new();
    // On a photo unlike any of its dishes' the head's dishes are questions (`vouched`);
    // on one like none of its training photos at all they are weak alternatives.
    let familiar = sight.familiarity >= head.familiar_cut();
    let dish_weight = if sight.dish_unknown {
        UNKNOWN_DISH_WEIGHT
    } else {
        1.0
    };
    for (class, p) in head.classes.iter().zip(sight.dishes) {
        let label = format!("dish:{class}");
        if *p >= MIN_CANDIDATE
            && let Some(food_key) = food_of_label(&label)
        {
            candidates.push(Candidate {
                label,
                food_key,
                score: *p * dish_weight,
                source: CandidateSource::DishModel,
            });
        }
    }
    for index in &class_foods().imagenet_food {
        let p = sight.imagenet.get(*index).copied().unwrap_or(0.0);
        let label = format!("imagenet:{index}");
        if p >= MIN_CANDIDATE
            && let Some(food_key) = food_of_label(&label)
        {
            candidates.push(Candidate {
                label,
                food_key,
                score: p * IMAGENET_WEIGHT,
                source: CandidateSource::Imagenet,
            });
        }
    }
    // Each detected kind of food once, at its best box, with its count.
    let mut counts: HashMap<&str, (u32, f32, f32)> = HashMap::new();
    for d in sight.detections {
        if let Some(class) = food_class(&d.label) {
            let weight = if d.bbox.area() > WHOLE_PLATE * sight.image_area.max(1.0) {
                DETECTOR_WHOLE_PLATE_WEIGHT
            } else {
                DETECTOR_WEIGHT
            };
            let entry = counts.entry(class.catalogue_key).or_insert((0, 0.0, 0.0));
            entry.0 += 1;
            entry.1 = entry.1.max(d.confidence * weight);
            entry.2 = entry.2.max(d.confidence);
        }
    }
    // (food, boxes, weighted score, raw confidence)
    let mut detected: Vec<(&str, u32, f32, f32)> = counts
        .into_iter()
        .map(|(key, (n, score, raw))| (key, n, score, raw))
        .collect();
    detected.sort_by(|a, b| b.2.total_cmp(&a.2).then(a.0.cmp(b.0)));
    let label_of = |key: &str| {
        models::recognition::FOOD_CLASSES
            .iter()
            .find(|c| c.catalogue_key == key)
            .map_or_else(|| key.to_owned(), |c| format!("coco:{}", c.label))
    };
    for (key, _, score, _) in &detected {
        candidates.push(Candidate {
            label: label_of(key),
            food_key: (*key).to_owned(),
            score: *score,
            source: CandidateSource::Detector,
        });
    }
    // What the other models see of a food, for a detected second food to be believed.
    let seen_elsewhere = |key: &str| {
        candidates
            .iter()
            .filter(|c| c.food_key == key && c.source != CandidateSource::Detector)
            .map(|c| c.score)
            .fold(0.0f32, f32::max)
    };
    let second_foods: Vec<(&str, u32)> = detected
        .iter()
        .filter(|d| {
            d.2 >= SECOND_FOOD_MIN * DETECTOR_WEIGHT && seen_elsewhere(d.0) >= SECOND_FOOD_SEEN
        })
        .map(|d| (d.0, d.1))
        .collect();
    let ranked = vouched(
        merge(candidates.clone()),
        &candidates,
        head,
        &sight,
        familiar,
    );
    let detector_food = detected.iter().map(|d| d.3).fold(0.0f32, f32::max);
    let dish_max = if sight.dish_unknown {
        0.0
    } else {
        sight.dishes.iter().copied().fold(0.0f32, f32::max)
    };
    let food_found = food_probability >= FOOD_GATE || detector_food >= 0.5 || dish_max >= DISH_GATE;
    let mut foods = Vec::new();
    if food_found && let Some(main) = ranked.first() {
        let count = detected
            .iter()
            .find(|d| d.0 == main.food_key)
            .map_or(1, |d| d.1);
        let offered = ranked.iter().take(MAX_ALTERNATIVES + 1).cloned().collect();
        foods.push(SeenFood {
            candidates: with_alternatives(offered, head, sight.dishes, dish_weight),
            count,
        });
        // A second kind of food the detector is fairly sure of (a banana beside an apple).
        for (key, n) in second_foods.iter().filter(|d| d.0 != main.food_key) {
            let found = ranked.iter().find(|c| c.food_key == *key).cloned();
            foods.push(SeenFood {
                candidates: with_alternatives(
                    found.into_iter().collect(),
                    head,
                    sight.dishes,
                    dish_weight,
                ),
                count: *n,
            });
        }
    }
    PhotoReading {
        food_found,
        food_probability: (food_probability * 1000.0).round() / 1000.0,
        foods,
    }
}

/// Alternatives a food not named as sure always has: a question offers at least this
/// many answers of one tap each.
pub const MIN_ALTERNATIVES: usize = 3;

/// A food not named as sure, with at least [`MIN_ALTERNATIVES`]: where the models offered
/// fewer, the head's next most likely dishes, however unlikely, fill them up.
fn with_alternatives(
    mut candidates: Vec<Candidate>,
    head: &DishHead,
    dishes: &[f32],
    dish_weight: f32,
) -> Vec<Candidate> {
    if candidates.first().is_some_and(|c| c.score >= SURE) || candidates.len() > MIN_ALTERNATIVES {
        return candidates;
    }
    let mut next: Vec<(usize, f32)> = dishes.iter().copied().enumerate().collect();
    next.sort_by(|a, b| b.1.total_cmp(&a.1));
    for (class, p) in next {
        if candidates.len() > MIN_ALTERNATIVES {
            break;
        }
        let label = format!("dish:{}", head.classes[class]);
        if let Some(food_key) = food_of_label(&label)
            && !candidates.iter().any(|c| c.food_key == food_key)
        {
            candidates.push(Candidate {
                label,
                food_key,
                score: (p * dish_weight * 1000.0).round() / 1000.0,
                source: CandidateSource::DishModel,
            });
        }
    }
    candidates
}

pub fn softmax(logits: &[f32]) -> Vec<f32> {
    let max = logits.iter().copied().fold(f32::MIN, f32::max);
    let exps: Vec<f32> = logits.iter().map(|l| (l - max).exp()).collect();
    let sum: f32 = exps.iter().sum();
    exps.iter().map(|e| e / sum).collect()
}

#[derive(Deserialize)]
struct DishHeadFile {
    classes: Vec<String>,
    feature_mean: Vec<f32>,
    feature_scale: Vec<f32>,
    bias: Vec<f32>,
    /// `weights[class][feature]`.
    weights: Vec<Vec<f32>>,
    /// Softmax temperature fitted on held-out training folds (1 when absent).
    #[serde(default)]
    temperature: Option<f32>,
    /// Features are the embedding followed by the log-softmax of the 1,000 logits.
    #[serde(default)]
    use_logits: bool,
    /// When the photo is none of the head's dishes.
    #[serde(default)]
    ood: Option<OutOfDishes>,
    /// How likely a photo is one of the head's dishes at all.
    #[serde(default)]
    familiarity: Option<FamiliarityFile>,
}

#[derive(Deserialize)]
struct FamiliarityFile {
    features: Vec<String>,
    weights: Vec<f32>,
    bias: f32,
    cut: f32,
    /// `prototypes[class]`: the class's training photos' mean logits, centred.
    prototypes: Vec<Vec<f32>>,
}

/// A logistic regression over what the head makes of a photo (how peaked, how far from
/// its training photos and from each dish's typical logits, whether ImageNet names the
/// same food), fitted on photos of dishes a head never saw: the probability that the photo
/// is one of its dishes. `scripts/train-dish-head.py` computes the same features.
#[derive(Debug)]
struct Familiarity {
    weights: [f32; FAMILIARITY_FEATURES.len()],
    bias: f32,
    cut: f32,
    /// Unit vectors, one per class.
    prototypes: Vec<Vec<f32>>,
}

/// The head's rule for "none of my dishes": its best dish too unlikely, or features far
/// from any training photo's (cuts from the training photos' own spread).
#[derive(Debug, Clone, Copy, Deserialize)]
pub struct OutOfDishes {
    pub max_probability_below: f32,
    pub feature_rms_above: f32,
}

/// A softmax layer over the gate model's embedding that names 41 dishes.
#[derive(Debug)]
pub struct DishHead {
    pub classes: Vec<String>,
    mean: Vec<f32>,
    scale: Vec<f32>,
    bias: Vec<f32>,
    weights: Vec<f32>,
    temperature: f32,
    use_logits: bool,
    ood: Option<OutOfDishes>,
    familiarity: Option<Familiarity>,
    /// When the visual memory offers a taught food, in this backbone's memory vectors.
    pub cuts: LearnedCuts,
}

impl DishHead {
    /// The shipped head of the default gate model (parsed once).
    pub fn get() -> &'static DishHead {
        DishHead::of_backbone(IMAGENET_BACKBONE).expect("the default backbone has a head")
    }

    /// The shipped head that reads the embedding of the gate model `name`, if there is one.
    pub fn of_backbone(name: &str) -> Option<&'static DishHead> {
        static HEADS: OnceLock<Vec<DishHead>> = OnceLock::new();
        let heads = HEADS.get_or_init(|| {
            DISH_HEADS
                .iter()
                .map(|(backbone, text, cuts)| DishHead {
                    cuts: *cuts,
                    ..DishHead::parse(text)
                        .unwrap_or_else(|e| panic!("the dish head of {backbone}: {e}"))
                })
                .collect()
        });
        DISH_HEADS
            .iter()
            .position(|(backbone, _, _)| *backbone == name)
            .map(|i| &heads[i])
    }

    pub fn parse(text: &str) -> Result<Self, String> {
        let file: DishHeadFile =
            serde_json::from_str(text).map_err(|e| format!("not a dish head: {e}"))?;
        let features = file.feature_mean.len();
        let expected = EMBEDDING_LEN + if file.use_logits { 1000 } else { 0 };
        if features != expected
            || file.feature_scale.len() != features
            || file.weights.len() != file.classes.len()
            || file.bias.len() != file.classes.len()
            || file.weights.iter().any(|w| w.len() != features)
        {
            return Err("the dish head's shapes do not match".into());
        }
        let familiarity = match file.familiarity {
            None => None,
            Some(f) => {
                let classes = file.classes.len();
                if f.features != FAMILIARITY_FEATURES
                    || f.prototypes.len() != classes
                    || f.prototypes.iter().any(|p| p.len() != classes)
                {
                    return Err("the dish head's familiarity does not match".into());
                }
                Some(Familiarity {
                    weights: f.weights.try_into().map_err(|_| "familiarity weights")?,
                    bias: f.bias,
                    cut: f.cut,
                    prototypes: f.prototypes.iter().map(|p| unit_vector(p)).collect(),
                })
            }
        };
        Ok(DishHead {
            classes: file.classes,
            mean: file.feature_mean,
            scale: file.feature_scale,
            bias: file.bias,
            weights: file.weights.into_iter().flatten().collect(),
            temperature: file.temperature.unwrap_or(1.0).max(1e-3),
            use_logits: file.use_logits,
            ood: file.ood,
            familiarity,
            cuts: IMAGENET_CUTS,
        })
    }

    /// The probability that a photo shows one of the head's dishes at all, from its
    /// embedding and ImageNet probabilities (1 for a head without the rule).
    pub fn familiarity(&self, embedding: &[f32], imagenet: &[f32]) -> f32 {
        let Some(rule) = &self.familiarity else {
            return 1.0;
        };
        let z = self.standardise(embedding);
        let logits = self.logits_of(&z);
        let scaled: Vec<f32> = logits.iter().map(|l| l / self.temperature).collect();
        let p = softmax(&scaled);
        let (best, p1) = p
            .iter()
            .copied()
            .enumerate()
            .max_by(|a, b| a.1.total_cmp(&b.1))
            .unwrap_or((0, 0.0));
        let p2 = p
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != best)
            .map(|(_, v)| *v)
            .fold(0.0f32, f32::max);
        let rms = (z.iter().map(|v| v * v).sum::<f32>() / z.len().max(1) as f32).sqrt();
        let mean = logits.iter().sum::<f32>() / logits.len().max(1) as f32;
        let centred: Vec<f32> = logits.iter().map(|l| l - mean).collect();
        let unit = unit_vector(&centred);
        let cosines: Vec<f32> = rule.prototypes.iter().map(|p| dot(p, &unit)).collect();
        let nearest = cosines.iter().copied().fold(f32::MIN, f32::max);
        let agreement =
            food_of_label(&format!("dish:{}", self.classes[best])).map_or(0.0, |food| {
                class_foods()
                    .imagenet_food
                    .iter()
                    .filter(|i| food_of_label(&format!("imagenet:{i}")).as_ref() == Some(&food))
                    .filter_map(|i| imagenet.get(*i))
                    .sum()
            });
        let features = [
            p1.max(1e-6).ln(),
            p1 - p2,
            rms,
            nearest,
            cosines[best],
            agreement,
        ];
        let x = rule.bias + dot(&rule.weights, &features);
        1.0 / (1.0 + (-x).exp())
    }

    /// The familiarity from which the head's dishes may be named without a question.
    pub fn familiar_cut(&self) -> f32 {
        self.familiarity.as_ref().map_or(0.0, |f| f.cut)
    }

    /// Whether the photo looks like none of the photos the head learned from (the rms cut
    /// of its "none of my dishes" rule): packaging, a desk, a face. Its other cut, a low
    /// best probability, needs no flag: such dishes are weak candidates by themselves.
    pub fn unfamiliar(&self, embedding: &[f32]) -> bool {
        let Some(rule) = self.ood else {
            return false;
        };
        let z = self.standardise(embedding);
        let rms = (z.iter().map(|v| v * v).sum::<f32>() / z.len().max(1) as f32).sqrt();
        rms > rule.feature_rms_above
    }

    /// The embedding standardised by the head's feature mean and scale.
    pub fn standardise(&self, embedding: &[f32]) -> Vec<f32> {
        embedding
            .iter()
            .zip(self.mean.iter().zip(&self.scale))
            .map(|(x, (m, s))| (x - m) / s)
            .collect()
    }

    /// Calibrated probability of each dish, from one photo's embedding and logits.
    pub fn probabilities(&self, embedding: &[f32], logits: &[f32]) -> Vec<f32> {
        let mut features: Vec<f32> = embedding.to_vec();
        if self.use_logits {
            let max = logits.iter().copied().fold(f32::MIN, f32::max);
            let log_sum = logits.iter().map(|l| (l - max).exp()).sum::<f32>().ln() + max;
            features.extend(logits.iter().map(|l| l - log_sum));
        }
        let z = self.standardise(&features);
        let logits: Vec<f32> = self
            .logits_of(&z)
            .iter()
            .map(|l| l / self.temperature)
            .collect();
        softmax(&logits)
    }

    /// The head's logit per dish for standardised features (the embedding's part alone
    /// when the head also reads ImageNet's logits).
    pub fn logits_of(&self, z: &[f32]) -> Vec<f32> {
        let n = self.mean.len();
        self.bias
            .iter()
            .enumerate()
            .map(|(c, b)| {
                dot(
                    &self.weights[c * n..c * n + z.len().min(n)],
                    &z[..z.len().min(n)],
                ) + b
            })
            .collect()
    }
}

/// What the visual memory compares: the embedding standardised as `head` (the dish head
/// of the backbone that made it) reads it, so every feature counts by how much it varies
/// between photos, and the head's dish logits (what tells dishes apart), each at length 1,
/// side by side.
pub fn memory_vector_with(head: &DishHead, embedding: &[f32]) -> Vec<f32> {
    let z = head.standardise(embedding);
    let mut v = unit_vector(&z);
    v.extend(unit_vector(&head.logits_of(&z)));
    unit_vector(&v)
}

/// The most similar of `memories` (unit vectors, one after another in one slice) to the
/// unit vector `query`: its index and cosine similarity.
pub fn nearest(query: &[f32], memories: &[f32]) -> Option<(usize, f32)> {
    let n = query.len();
    if n == 0 {
        return None;
    }
    memories
        .chunks_exact(n)
        .map(|m| dot(m, query))
        .enumerate()
        .max_by(|a, b| a.1.total_cmp(&b.1))
}
