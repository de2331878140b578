use super::*;

#[test]
fn a_size_is_not_made_plural() {
    let medium = crate::food::Portion {
        grams: 118.0,
        name: "1 medium".into(),
        name_zh: Some("1 根（中等）".into()),
        approximate: false,
    };
    assert_eq!(
        serving_estimate(2, Some(&medium), 100.0).1,
        "2 medium, about 235 g"
    );
    let egg = crate::food::Portion {
        grams: 50.0,
        name: "1 large egg".into(),
        name_zh: None,
        approximate: false,
    };
    assert_eq!(
        serving_estimate(3, Some(&egg), 100.0).1,
        "3 large eggs, about 150 g"
    );
}

#[test]
fn items_are_counted_and_measures_are_not() {
    let portion = |name: &str, zh: Option<&str>| crate::food::Portion {
        grams: 10.0,
        name: name.into(),
        name_zh: zh.map(Into::into),
        approximate: false,
    };
    for item in [
        portion("1 pancake (4 in)", Some("1 张（小）")),
        portion("1 piece", Some("1 个")),
        portion("1 medium", None),
        portion("1 slice", None),
        portion("1 large egg", None),
        portion("1 bun", Some("一个")),
    ] {
        assert!(counts_items(&item), "{item:?}");
    }
    for measure in [
        portion("1 bowl", Some("1 碗")),
        portion("1 small bowl", None),
        portion("1 cup, sliced", Some("1 杯（切片）")),
        portion("1 serving (for 200 ml)", Some("1 份（冲 200 毫升）")),
        portion("1 fl oz", None),
        portion("100 g", None),
        portion("1 plate (15 dumplings)", Some("1 盘（15 个）")),
    ] {
        assert!(!counts_items(&measure), "{measure:?}");
    }
}

#[test]
fn boxes_overlap() {
    let a = BoundingBox {
        x: 0.0,
        y: 0.0,
        width: 10.0,
        height: 10.0,
    };
    let b = BoundingBox {
        x: 5.0,
        y: 0.0,
        width: 10.0,
        height: 10.0,
    };
    assert!((a.iou(&b) - 50.0 / 150.0).abs() < 1e-6);
    assert_eq!(a.iou(&BoundingBox { x: 20.0, ..a }), 0.0);
}

#[test]
fn servings_count_units_and_stay_sane() {
    let slice = crate::food::Portion {
        grams: 107.0,
        name: "1 slice".into(),
        name_zh: Some("1 块".into()),
        approximate: false,
    };
    assert_eq!(
        serving_estimate(2, Some(&slice), 100.0),
        (
            215.0,
            "2 slices, about 215 g".into(),
            "2 块，约 215 克".into()
        )
    );
    assert_eq!(
        serving_estimate(1, Some(&slice), 100.0).1,
        "1 slice, about 105 g"
    );
    let bowl = crate::food::Portion {
        grams: 450.0,
        name: "1 bowl".into(),
        name_zh: Some("一碗".into()),
        approximate: false,
    };
    // Forty boxes of one food are a detector's mistake: at most a plateful.
    let (grams, words, words_zh) = serving_estimate(40, Some(&bowl), 100.0);
    assert_eq!(grams, MAX_FOOD_GRAMS);
    assert_eq!(words, "12 bowls, about 1200 g");
    assert_eq!(words_zh, "12 碗，约 1200 克");
    let cup = crate::food::Portion {
        grams: 240.0,
        name: "1 cup (240 ml)".into(),
        name_zh: None,
        approximate: false,
    };
    assert_eq!(
        serving_estimate(2, Some(&cup), 100.0).1,
        "2 × 1 cup (240 ml), about 480 g"
    );
    assert_eq!(serving_estimate(1, None, 61.0).1, "about 60 g");
    assert_eq!(serving_estimate(3, None, 60.0).2, "3 个，约 180 克");
    assert_eq!(plate_warning(900.0, 1200.0), None);
    assert_eq!(plate_warning(1600.0, 900.0), Some((1600.0, 900.0)));
}

#[test]
fn confidence_follows_the_data() {
    let ok = Nutrients {
        calories: 89.0,
        protein: 1.1,
        fat: 0.3,
        carbs: 22.8,
        ..Default::default()
    };
    let check = check_nutrition(&ok, DataQuality::Usda);
    assert!(check.is_valid);
    assert_eq!(check.confidence, Confidence::High);
    let odd = Nutrients {
        calories: 950.0,
        ..ok
    };
    let check = check_nutrition(&odd, DataQuality::Usda);
    assert_eq!(
        (check.is_valid, check.confidence),
        (false, Confidence::Medium)
    );
    assert_eq!(check.issues, ["Unusual calorie content"]);
    let default = check_nutrition(&Nutrients::UNKNOWN_FOOD, DataQuality::Default);
    assert_eq!(
        (default.is_valid, default.confidence),
        (false, Confidence::Low)
    );
}

#[test]
fn every_food_class_is_a_catalogue_food() {
    let foods = crate::catalogue::foods();
    for class in FOOD_CLASSES {
        assert!(
            foods
                .iter()
                .any(|f| f.source_key.as_deref() == Some(class.catalogue_key)),
            "{} is in the catalogue",
            class.catalogue_key
        );
    }
}

#[test]
fn hints_from_notes() {
    assert_eq!(note_hints("rice, egg"), ["rice", "egg"]);
    assert_eq!(note_hints("米饭，鸡蛋、 青菜"), ["米饭", "鸡蛋", "青菜"]);
    assert!(note_hints("  ").is_empty());
}

#[test]
fn a_round_food_filling_the_photo_in_one_near_square_box_is_seen_whole() {
    let seen = |label: &str, width: f32, height: f32| Detection {
        label: label.into(),
        confidence: 0.9,
        bbox: BoundingBox {
            x: 10.0,
            y: 10.0,
            width,
            height,
        },
    };
    // A pizza seen from a little above: wider than tall, most of a 1024 × 768 photo; or
    // held up at a slant, a quarter of the photo (578 × 332, as in a photo of the data).
    let whole = seen("pizza", 800.0, 600.0);
    assert_eq!(
        slices_seen_whole("pizza-cheese", std::slice::from_ref(&whole), 1024, 768),
        Some(8)
    );
    assert_eq!(
        slices_seen_whole("cake-sponge", &[seen("cake", 600.0, 600.0)], 800, 800),
        Some(8)
    );
    assert_eq!(
        slices_seen_whole("pizza-cheese", &[seen("pizza", 578.0, 332.0)], 768, 1024),
        Some(8)
    );
    // A wedge is narrow; a small pie is one of several things on the table.
    assert_eq!(
        slices_seen_whole("pizza-cheese", &[seen("pizza", 700.0, 250.0)], 1024, 768),
        None
    );
    assert_eq!(
        slices_seen_whole("pizza-cheese", &[seen("pizza", 200.0, 200.0)], 1024, 768),
        None
    );
    // Two boxes are two things (slices, or pizzas): not one whole.
    assert_eq!(
        slices_seen_whole("pizza-cheese", &[whole.clone(), whole.clone()], 1024, 768),
        None
    );
    // A food not eaten by the slice, or a weak box, is never whole.
    assert_eq!(
        slices_seen_whole("donut-glazed", &[seen("donut", 800.0, 600.0)], 1024, 768),
        None
    );
    let faint = Detection {
        confidence: 0.2,
        ..whole
    };
    assert_eq!(slices_seen_whole("pizza-cheese", &[faint], 1024, 768), None);
}

#[test]
fn a_whole_offered_as_an_alternative_is_one_slice_and_a_serving_names_its_slices() {
    let whole = PortionEstimate {
        name: "Pizza, cheese".into(),
        name_zh: Some("芝士披萨".into()),
        estimated_grams: 855.0,
        cooking_method: "baked".into(),
        portion_description: "a whole one (8 slices), about 855 g".into(),
        portion_description_zh: Some("整个（8 块），约 855 克".into()),
        count: 8,
        catalogue_key: Some("pizza-cheese".into()),
        food_id: Some(6),
        basis: "serving".into(),
        certainty: None,
        alternatives: Vec::new(),
        count_basis: Some(CountBasis::Whole),
        grams_per_item: Some(107.0),
        learned_examples: None,
    };
    let slice = whole.clone().as_alternative();
    assert_eq!(
        (slice.count, slice.count_basis, slice.estimated_grams),
        (1, Some(CountBasis::Assumed), 107.0)
    );
    assert_eq!(slice.portion_description, "1 slice, about 107 g");
    // Anything else is offered as it is.
    let counted = PortionEstimate {
        count_basis: Some(CountBasis::Counted),
        ..whole
    };
    assert_eq!(counted.clone().as_alternative(), counted);
    assert_eq!(slices_named("1 slice (1/12 cake)"), Some(12));
    assert_eq!(slices_named("1 slice (1/8 of 18 oz cake)"), Some(8));
    assert_eq!(slices_named("1 slice (14 in pizza)"), None);
}
