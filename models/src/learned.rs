//! What a user's own answers teach the recogniser. Every confirmed or corrected photo is a
//! labelled example: what it looked like (its memory vector) and the food it showed. The
//! examples of one food, averaged, are that food's prototype for this user; a new photo
//! close to a prototype is offered that food, among the first three after one example and
//! first after three. Examples are the user's only, and go with the photo and the account.
//!
//! The exact-photo memory (`MEMORY_MATCH`) recognises the same plate again; a prototype
//! is looser and recognises the user's dish on another plate.

use serde::{Deserialize, Serialize};

use crate::certainty::{CandidateSource, Certainty, LIKELY};
use crate::recogniser::{MEMORY_MATCH, dot, unit_vector};

/// From this similarity to a food's prototype the food is offered among the first three,
/// after one example. A prototype of more examples is nearer the middle of every photo,
/// so its cut is higher ([`offer_from`]). Chosen with simulated users on dishes the head
/// never saw (`recognition_eval`): a taught dish fires on another dish's photo for at most
/// 2 % of photos at each cut.
pub const LEARNED_OFFER: f32 = 0.60;
/// The cut for a food of [`EXAMPLES_TO_NAME_FIRST`] examples or more.
pub const LEARNED_OFFER_MANY: f32 = 0.66;
/// From this similarity, with enough examples, the food is named first.
pub const LEARNED_FIRST: f32 = 0.68;
/// Examples of a food before it may be named first on a likeness short of the same plate.
pub const EXAMPLES_TO_NAME_FIRST: u32 = 3;
/// Most learned foods kept with one photo's analysis.
pub const MAX_MATCHES: usize = 3;

/// One food the user taught, and how much a photo looks like its examples.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct LearnedMatch {
    pub food_id: i64,
    /// Cosine similarity of the photo to the food's prototype.
    pub similarity: f32,
    /// The user's confirmed photos of the food.
    pub examples: u32,
}

/// Where a learned food goes among a photo's suggestions.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Place {
    First,
    AmongFirstThree,
}

impl LearnedMatch {
    /// Named first when it is the same plate again, or a dish taught often enough and this
    /// close; else among the first three when close enough; else not offered.
    pub fn place(&self) -> Option<Place> {
        if self.similarity >= MEMORY_MATCH
            || (self.examples >= EXAMPLES_TO_NAME_FIRST && self.similarity >= LEARNED_FIRST)
        {
            Some(Place::First)
        } else if self.similarity >= offer_from(self.examples) {
            Some(Place::AmongFirstThree)
        } else {
            None
        }
    }

    /// How sure the product is of it: the same plate again is "probably" this food; a
    /// likeness of the user's dish, however often taught, is asked about.
    pub fn certainty(&self) -> Certainty {
        let score = if self.similarity >= MEMORY_MATCH {
            LIKELY + (self.similarity - MEMORY_MATCH).max(0.0) * 0.5
        } else {
            // Below LIKELY, rising with the likeness and the examples.
            let examples = (self.examples.min(5) as f32) / 5.0;
            0.3 + 0.25 * examples + (self.similarity - offer_from(self.examples)).max(0.0)
        };
        Certainty::new(score.min(LIKELY + 0.15), CandidateSource::Learned)
    }
}

/// The similarity from which a food of `examples` examples is offered.
pub fn offer_from(examples: u32) -> f32 {
    if examples >= EXAMPLES_TO_NAME_FIRST {
        LEARNED_OFFER_MANY
    } else {
        LEARNED_OFFER
            + (LEARNED_OFFER_MANY - LEARNED_OFFER) * (examples.saturating_sub(1) as f32)
                / (EXAMPLES_TO_NAME_FIRST - 1) as f32
    }
}

/// The prototypes of one user's foods: the mean of each food's example vectors.
#[derive(Debug, Clone, Default)]
pub struct Prototypes {
    foods: Vec<(i64, u32)>,
    /// Unit vectors, one after another, in `foods` order.
    vectors: Vec<f32>,
    dimension: usize,
}

impl Prototypes {
    /// From labelled examples: (food id, unit memory vector).
    pub fn of<'a>(examples: impl IntoIterator<Item = (i64, &'a [f32])>) -> Self {
        let mut sums: Vec<(i64, u32, Vec<f32>)> = Vec::new();
        let mut dimension = 0;
        for (food_id, vector) in examples {
            if dimension == 0 {
                dimension = vector.len();
            }
            if vector.len() != dimension || dimension == 0 {
                continue;
            }
            match sums.iter_mut().find(|(id, _, _)| *id == food_id) {
                Some((_, n, sum)) => {
                    *n += 1;
                    sum.iter_mut().zip(vector).for_each(|(s, v)| *s += v);
                }
                None => sums.push((food_id, 1, vector.to_vec())),
            }
        }
        let mut prototypes = Prototypes {
            foods: Vec::with_capacity(sums.len()),
            vectors: Vec::with_capacity(sums.len() * dimension),
            dimension,
        };
        for (food_id, n, sum) in sums {
            prototypes.foods.push((food_id, n));
            prototypes.vectors.extend(unit_vector(&sum));
        }
        prototypes
    }

    pub fn is_empty(&self) -> bool {
        self.foods.is_empty()
    }

    /// The user's foods a photo (its unit memory vector) may be, most alike first: those
    /// close enough to be offered, at most [`MAX_MATCHES`].
    pub fn matches(&self, query: &[f32]) -> Vec<LearnedMatch> {
        let mut found: Vec<LearnedMatch> = self
            .likeness(query)
            .into_iter()
            .filter(|m| m.place().is_some())
            .collect();
        found.sort_by(|a, b| b.similarity.total_cmp(&a.similarity));
        found.truncate(MAX_MATCHES);
        found
    }

    /// How alike the photo is to each of the user's foods, in the order they were taught.
    pub fn likeness(&self, query: &[f32]) -> Vec<LearnedMatch> {
        if query.len() != self.dimension || self.dimension == 0 {
            return Vec::new();
        }
        self.vectors
            .chunks_exact(self.dimension)
            .zip(&self.foods)
            .map(|(v, (food_id, examples))| LearnedMatch {
                food_id: *food_id,
                // Of two unit vectors: their dot product.
                similarity: (dot(v, query) * 1000.0).round() / 1000.0,
                examples: *examples,
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::certainty::CertaintyLevel;

    /// A unit vector at `similarity` to the first axis, leaning to the second.
    fn at(similarity: f32) -> Vec<f32> {
        vec![similarity, (1.0 - similarity * similarity).sqrt(), 0.0, 0.0]
    }

    const DISH: [f32; 4] = [1.0, 0.0, 0.0, 0.0];
    const OTHER: [f32; 4] = [0.0, 0.0, 1.0, 0.0];

    #[test]
    fn a_food_taught_once_is_offered_and_three_times_named_first() {
        // A new photo of the dish: alike, not the same plate.
        let photo = at(0.69);
        let once = Prototypes::of([(7, DISH.as_slice()), (9, OTHER.as_slice())]);
        let found = once.matches(&photo);
        assert_eq!(found.len(), 1, "{found:?}");
        assert_eq!((found[0].food_id, found[0].examples), (7, 1));
        assert_eq!(found[0].place(), Some(Place::AmongFirstThree));
        let thrice = Prototypes::of([
            (7, DISH.as_slice()),
            (7, DISH.as_slice()),
            (9, OTHER.as_slice()),
            (7, DISH.as_slice()),
        ]);
        let found = thrice.matches(&photo);
        assert_eq!((found[0].food_id, found[0].examples), (7, 3));
        assert_eq!(found[0].place(), Some(Place::First));
        // Named first, still a question: a likeness is not the same plate.
        assert_eq!(found[0].certainty().level, CertaintyLevel::Unsure);
        assert_eq!(found[0].certainty().source, CandidateSource::Learned);
        // Less alike: not named first however often taught, and then not offered.
        assert_eq!(
            thrice.matches(&at(0.67))[0].place(),
            Some(Place::AmongFirstThree)
        );
        assert!(thrice.matches(&at(0.5)).is_empty());
    }

    #[test]
    fn the_same_plate_again_is_first_and_probable_and_strangers_are_not_offered() {
        let learned = Prototypes::of([(7, DISH.as_slice())]);
        let again = learned.matches(&at(0.9));
        assert_eq!(again[0].place(), Some(Place::First));
        assert_eq!(again[0].certainty().level, CertaintyLevel::Likely);
        assert!(learned.matches(&OTHER).is_empty());
        assert!(learned.matches(&[1.0, 0.0]).is_empty(), "another dimension");
        assert!(Prototypes::default().matches(&DISH).is_empty());
    }

    #[test]
    fn a_prototype_is_the_mean_of_its_examples() {
        let learned = Prototypes::of([(7, DISH.as_slice()), (7, at(0.0).as_slice())]);
        // Halfway between the two examples.
        let found = learned.matches(&at(std::f32::consts::FRAC_1_SQRT_2));
        assert!((found[0].similarity - 1.0).abs() < 1e-3, "{found:?}");
    }
}
