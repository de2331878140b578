use super::*;
use models::recogniser::{Certainty, CertaintyLevel, embedding_bytes, embedding_from_bytes};
use models::recognition::BoundingBox;

fn seen(label: &str, confidence: f32) -> Detection {
    Detection {
        label: label.into(),
        confidence,
        bbox: BoundingBox {
            x: 0.0,
            y: 0.0,
            width: 10.0,
            height: 10.0,
        },
    }
}

fn imagenet_with(index: usize, p: f32) -> Vec<f32> {
    let mut probs = vec![(1.0 - p) / 999.0; 1000];
    probs[index] = p;
    probs
}

#[test]
fn the_shipped_head_reads() {
    let head = DishHead::get();
    assert_eq!(head.classes.len(), 41);
    let p = head.probabilities(&vec![0.0; EMBEDDING_LEN], &vec![0.0; 1000]);
    assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-4);
}

#[test]
fn agreeing_models_make_a_sure_food() {
    let head = DishHead::get();
    let mut dishes = vec![0.0; head.classes.len()];
    dishes[head.classes.iter().position(|c| c == "pizza").unwrap()] = 0.7;
    let imagenet = imagenet_with(963, 0.7);
    let detections = [seen("pizza", 0.9), seen("pizza", 0.8)];
    let reading = read_photo(Sight {
        detections: &detections,
        imagenet: &imagenet,
        dishes: &dishes,
        image_area: 100.0 * 100.0,
        dish_unknown: false,
        familiarity: 1.0,
    });
    assert!(reading.food_found);
    let main = &reading.foods[0];
    assert_eq!(main.candidates[0].food_key, "pizza-cheese");
    assert_eq!(main.count, 2);
    let score = main.candidates[0].score;
    assert!(score > 0.8 && score < 1.0, "{score}");
    assert_eq!(
        Certainty::new(score, main.candidates[0].source).level,
        CertaintyLevel::Sure
    );
}

#[test]
fn no_food_in_a_photo_of_a_desk() {
    let dishes = vec![1.0 / 41.0; 41];
    let unknown = true;
    let imagenet = imagenet_with(527, 0.9); // desktop computer
    let reading = read_photo(Sight {
        detections: &[seen("laptop", 0.9)],
        imagenet: &imagenet,
        dishes: &dishes,
        image_area: 100.0 * 100.0,
        dish_unknown: unknown,
        familiarity: 0.0,
    });
    assert!(!reading.food_found);
    assert!(reading.foods.is_empty());
}

#[test]
fn a_weak_guess_is_a_question_with_alternatives() {
    let head = DishHead::get();
    let mut dishes = vec![0.0; head.classes.len()];
    let at = |name: &str| head.classes.iter().position(|c| c == name).unwrap();
    dishes[at("红烧肉")] = 0.35;
    dishes[at("梅菜扣肉")] = 0.3;
    dishes[at("回锅肉")] = 0.2;
    let imagenet = imagenet_with(923, 0.5); // a plate
    let reading = read_photo(Sight {
        detections: &[seen("carrot", 0.3)],
        imagenet: &imagenet,
        dishes: &dishes,
        image_area: 100.0 * 100.0,
        dish_unknown: false,
        familiarity: 1.0,
    });
    let main = &reading.foods[0];
    assert_eq!(main.candidates[0].food_key, "dish-hongshao-rou");
    assert_eq!(
        Certainty::new(main.candidates[0].score, CandidateSource::DishModel).level,
        CertaintyLevel::Unsure
    );
    let keys: Vec<&str> = main
        .candidates
        .iter()
        .map(|c| c.food_key.as_str())
        .collect();
    assert_eq!(
        &keys[..4],
        [
            "dish-hongshao-rou",
            "dish-meicai-kourou",
            "carrot",
            "dish-huiguo-rou"
        ]
    );
    // The carrot is an alternative, not a second food.
    assert_eq!(reading.foods.len(), 1);
}

#[test]
fn a_second_food_the_detector_is_sure_of() {
    let dishes = vec![0.0; 41];
    let mut imagenet = imagenet_with(954, 0.8);
    imagenet[948] = 0.1; // Granny Smith
    let reading = read_photo(Sight {
        detections: &[seen("banana", 0.9), seen("apple", 0.8), seen("carrot", 0.9)],
        imagenet: &imagenet,
        dishes: &dishes,
        image_area: 100.0 * 100.0,
        dish_unknown: false,
        familiarity: 1.0,
    });
    let keys: Vec<&str> = reading
        .foods
        .iter()
        .map(|f| f.candidates[0].food_key.as_str())
        .collect();
    // The carrot no other model sees stays an alternative.
    assert_eq!(keys, ["banana", "apple"]);
}

#[test]
fn a_question_always_offers_at_least_three_answers() {
    let head = DishHead::get();
    let mut dishes = vec![0.0; head.classes.len()];
    let at = |name: &str| head.classes.iter().position(|c| c == name).unwrap();
    dishes[at("饺子")] = 0.01;
    dishes[at("包子")] = 0.005;
    let imagenet = imagenet_with(923, 0.5); // a plate
    let reading = read_photo(Sight {
        detections: &[seen("carrot", 0.5)],
        imagenet: &imagenet,
        dishes: &dishes,
        image_area: 100.0 * 100.0,
        dish_unknown: false,
        familiarity: 1.0,
    });
    let main = &reading.foods[0];
    assert_eq!(main.candidates[0].food_key, "carrot");
    let keys: Vec<&str> = main
        .candidates
        .iter()
        .map(|c| c.food_key.as_str())
        .collect();
    assert!(keys.len() > MIN_ALTERNATIVES, "{keys:?}");
    // The head's likeliest dishes first, each once.
    assert_eq!(&keys[1..3], ["jiaozi", "dish-baozi-zhurou"]);
    let mut unique = keys.clone();
    unique.dedup();
    assert_eq!(unique.len(), keys.len());
}

fn main_level(reading: &PhotoReading) -> (String, CertaintyLevel) {
    let main = &reading.foods[0].candidates[0];
    (
        main.food_key.clone(),
        Certainty::new(main.score, main.source).level,
    )
}

#[test]
fn a_peaked_head_on_a_dish_it_does_not_know_is_a_question() {
    let head = DishHead::get();
    let at = |name: &str| head.classes.iter().position(|c| c == name).unwrap();
    let mut dishes = vec![0.001; head.classes.len()];
    // Fried chicken read as 糖醋排骨 94 %, on a photo just short of familiar.
    dishes[at("糖醋排骨")] = 0.94;
    let imagenet = imagenet_with(923, 0.5); // a plate
    let sight = |familiarity| Sight {
        detections: &[],
        imagenet: &imagenet,
        dishes: &dishes,
        image_area: 100.0 * 100.0,
        dish_unknown: false,
        familiarity,
    };
    let unknown = read_photo(sight(head.familiar_cut() - 0.01));
    assert!(unknown.food_found);
    assert_eq!(
        main_level(&unknown),
        ("dish-tangcu-paigu".into(), CertaintyLevel::Unsure)
    );
    // The same head's answer on a photo of one of its dishes is shown.
    let known = read_photo(sight(0.97));
    assert_eq!(
        main_level(&known),
        ("dish-tangcu-paigu".into(), CertaintyLevel::Sure)
    );
}

#[test]
fn an_embedding_far_from_every_prototype_is_a_question_however_peaked_the_head() {
    let head = DishHead::get();
    // One feature 50 standard deviations out, not far enough for the rms cut: the head
    // says spring rolls at 0.62, "Probably" by itself (scripts/train-dish-head.py's
    // features: cosine 0.42 to the nearest dish's prototype, familiarity 0.197).
    let mut z = vec![0.0; EMBEDDING_LEN];
    z[2] = 50.0;
    let embedding: Vec<f32> = z
        .iter()
        .zip(head.mean.iter().zip(&head.scale))
        .map(|(z, (m, s))| m + z * s)
        .collect();
    let imagenet = vec![0.001; 1000];
    let dishes = head.probabilities(&embedding, &[]);
    let best = dishes.iter().copied().fold(0.0f32, f32::max);
    assert!(best > LIKELY, "{best}");
    assert!(!head.unfamiliar(&embedding));
    let familiarity = head.familiarity(&embedding, &imagenet);
    assert!((familiarity - 0.197).abs() < 0.01, "{familiarity}");
    let reading = read_photo(Sight {
        detections: &[],
        imagenet: &imagenet,
        dishes: &dishes,
        image_area: 100.0 * 100.0,
        dish_unknown: false,
        familiarity,
    });
    for food in &reading.foods {
        let c = &food.candidates[0];
        assert!(
            Certainty::new(c.score, c.source).needs_confirmation,
            "{c:?}"
        );
    }
}

#[test]
fn the_detector_alone_does_not_overrule_the_head() {
    let head = DishHead::get();
    let at = |name: &str| head.classes.iter().position(|c| c == name).unwrap();
    let mut dishes = vec![0.01; head.classes.len()];
    dishes[at("spaghetti bolognese")] = 0.5;
    let imagenet = imagenet_with(923, 0.5); // a plate
    let detections = [seen("pizza", 0.95)];
    let sight = |dishes| Sight {
        detections: &detections,
        imagenet: &imagenet,
        dishes,
        image_area: 100.0 * 100.0,
        dish_unknown: false,
        familiarity: head.familiar_cut().max(0.9),
    };
    // Pizza by the detector alone (0.76) while the head sees spaghetti: a question,
    // with the spaghetti among the first choices.
    let reading = read_photo(sight(&dishes));
    let main = &reading.foods[0];
    assert_eq!(
        Certainty::new(main.candidates[0].score, main.candidates[0].source).level,
        CertaintyLevel::Unsure
    );
    assert!(
        main.candidates
            .iter()
            .take(3)
            .any(|c| c.food_key == "spaghetti-meat-sauce")
    );
    // Where the head sees nothing in particular, the detector's pizza stands.
    let flat = vec![1.0 / 41.0; 41];
    assert_eq!(
        main_level(&read_photo(sight(&flat))),
        ("pizza-cheese".into(), CertaintyLevel::Likely)
    );
}

#[test]
fn two_other_models_agreeing_stay_sure_on_a_plate_the_head_does_not_know() {
    let head = DishHead::get();
    let mut dishes = vec![0.001; head.classes.len()];
    dishes[head.classes.iter().position(|c| c == "pancakes").unwrap()] = 0.9;
    let imagenet = imagenet_with(954, 0.9); // banana
    let reading = read_photo(Sight {
        detections: &[seen("banana", 0.95)],
        imagenet: &imagenet,
        dishes: &dishes,
        image_area: 100.0 * 100.0,
        dish_unknown: false,
        familiarity: 0.1,
    });
    assert_eq!(
        main_level(&reading),
        ("banana".into(), CertaintyLevel::Sure)
    );
}

#[test]
fn levels_and_words() {
    assert_eq!(CertaintyLevel::of(0.86), CertaintyLevel::Sure);
    assert_eq!(CertaintyLevel::of(0.62), CertaintyLevel::Likely);
    let unsure = Certainty::new(0.31, CandidateSource::DishModel);
    assert!(unsure.needs_confirmation);
    assert_eq!(unsure.level, CertaintyLevel::Unsure);
}

#[test]
fn nearest_memory() {
    let a = unit_vector(&[1.0, 0.0, 0.0]);
    let b = unit_vector(&[0.0, 1.0, 0.0]);
    let memories: Vec<f32> = [a.clone(), b].concat();
    let query = unit_vector(&[0.9, 0.1, 0.0]);
    let (i, similarity) = nearest(&query, &memories).unwrap();
    assert_eq!(i, 0);
    assert!(similarity > 0.99);
    assert_eq!(nearest(&query, &[]), None);
    let bytes = embedding_bytes(&vec![0.5; EMBEDDING_LEN]);
    assert_eq!(embedding_from_bytes(&bytes).unwrap()[7], 0.5);
    assert_eq!(embedding_from_bytes(&bytes[1..]), None);
}
