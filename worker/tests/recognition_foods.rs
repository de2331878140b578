//! The photo recogniser names only foods the product ships: every class of the dish head
//! and of the other models that stands for a food (worker/data/recognition_foods.tsv) is
//! one of the shipped catalogue or USDA foods.

use std::collections::HashSet;

use models::generic;
use models::recogniser::food_source_of;
use worker::recognition::reading::{DishHead, class_food_keys};

#[test]
fn every_food_the_photo_recogniser_names_is_shipped() {
    let shipped: HashSet<(models::FoodSource, String)> = generic::shipped_foods()
        .into_iter()
        .filter_map(|f| Some((f.source?, f.source_key?)))
        .collect();
    let named = class_food_keys();
    // All 41 dishes of the head, and ImageNet's fruit, vegetables and dishes.
    assert!(
        named.len() >= 41 + 35,
        "{} classes name a food",
        named.len()
    );
    for (label, key) in named {
        let source = food_source_of(&key);
        assert!(
            shipped.contains(&(source, key.clone())),
            "{label} names {key}, which is not a shipped food"
        );
    }
    for class in &DishHead::get().classes {
        assert!(
            class_food_keys()
                .iter()
                .any(|(label, _)| *label == format!("dish:{class}")),
            "the dish head's class {class} names a food"
        );
    }
}
