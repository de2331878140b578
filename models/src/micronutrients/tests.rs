use super::*;

#[test]
fn keys_are_the_issues_and_read_back() {
    let keys: Vec<&str> = Micronutrient::ALL.iter().map(|m| m.key()).collect();
    assert_eq!(keys.len(), 24);
    assert_eq!(keys[0], "vitamin_a_ug");
    assert_eq!(keys[23], "polyunsaturated_fat_g");
    for m in Micronutrient::ALL {
        assert_eq!(Micronutrient::from_key(m.key()), Some(m));
        let unit = m.unit().as_str().replace('µ', "u");
        assert!(m.key().ends_with(&format!("_{unit}")), "{m}");
    }
}

#[test]
fn a_column_keeps_unknown_apart_from_zero_and_a_recipes_coverage() {
    let mut values = Micronutrients::UNKNOWN
        .with(Micronutrient::VitaminC, 53.2)
        .with(Micronutrient::VitaminD, 0.0);
    values.coverage[Micronutrient::VitaminC.index()] = Some(0.8);
    let column = values.to_column().unwrap();
    let back = Micronutrients::from_column(Some(&column));
    assert_eq!(back.get(Micronutrient::VitaminC), Some(53.2));
    assert_eq!(back.coverage(Micronutrient::VitaminC), 0.8);
    assert_eq!(back.get(Micronutrient::VitaminD), Some(0.0));
    assert_eq!(back.coverage(Micronutrient::VitaminD), 1.0);
    assert_eq!(back.get(Micronutrient::Iron), None);
    assert_eq!(Micronutrients::UNKNOWN.to_column(), None);
}

#[test]
fn json_has_every_key_and_null_for_unknown() {
    let values = Micronutrients::UNKNOWN.with(Micronutrient::Calcium, 113.0);
    let json = serde_json::to_value(values).unwrap();
    assert_eq!(json.as_object().unwrap().len(), 24);
    assert_eq!(json["calcium_mg"], 113.0);
    assert!(json["iron_mg"].is_null());
    let typed: Micronutrients = serde_json::from_str(r#"{"iron_mg": 2.7}"#).unwrap();
    assert_eq!(typed.get(Micronutrient::Iron), Some(2.7));
    assert!(serde_json::from_str::<Micronutrients>(r#"{"iron": 2.7}"#).is_err());
    assert!(
        serde_json::from_str::<Micronutrients>(r#"{"iron_mg": 9000}"#)
            .unwrap()
            .checked()
            .is_err()
    );
}

#[test]
fn a_dish_sums_what_its_ingredients_give_and_says_how_much_of_it_that_is() {
    let tomato = Micronutrients::UNKNOWN
        .with(Micronutrient::VitaminC, 14.0)
        .with(Micronutrient::Iron, 0.3);
    let egg = Micronutrients::UNKNOWN.with(Micronutrient::Iron, 1.8);
    let oil = Micronutrients::UNKNOWN;
    // 300 g raw cooks down to 250 g.
    let dish = Micronutrients::cooked(&[(tomato, 200.0), (egg, 50.0), (oil, 50.0)], 250.0);
    // 28 mg of vitamin C in 250 g, from the tomato: 200 of 300 g.
    assert!((dish.get(Micronutrient::VitaminC).unwrap() - 11.2).abs() < 1e-9);
    assert!((dish.coverage(Micronutrient::VitaminC) - 2.0 / 3.0).abs() < 1e-9);
    // Iron from tomato and egg: 0.6 + 0.9 mg in 250 g, 250 of 300 g.
    assert!((dish.get(Micronutrient::Iron).unwrap() - 0.6).abs() < 1e-9);
    assert_eq!(dish.get(Micronutrient::Calcium), None);
    assert!(dish.is_partial());
}

#[test]
fn totals_add_up_with_coverage_and_survive_storage() {
    let orange = Micronutrients::UNKNOWN.with(Micronutrient::VitaminC, 53.2);
    let rice = Micronutrients::UNKNOWN.with(Micronutrient::VitaminC, 0.0);
    let mut day = MicronutrientTotals::default();
    day.add(&orange, 150.0);
    day.add(&rice, 150.0);
    day.add(&Micronutrients::UNKNOWN, 100.0);
    assert!((day.amount(Micronutrient::VitaminC).unwrap() - 79.8).abs() < 1e-9);
    assert!((day.coverage(Micronutrient::VitaminC) - 0.75).abs() < 1e-9);
    assert_eq!(day.amount(Micronutrient::Iron), None);
    assert_eq!(day.coverage(Micronutrient::Iron), 0.0);
    let back = MicronutrientTotals::from_column(day.to_column().as_deref());
    // Stored as f32: 7 significant digits, more than any table gives.
    assert!((back.amount(Micronutrient::VitaminC).unwrap() - 79.8).abs() < 1e-4);
    assert_eq!(back.coverage(Micronutrient::VitaminC), 0.75);
    assert_eq!(back.amount(Micronutrient::Iron), None);
    assert_eq!(back.grams, 400.0);
    assert_eq!(MicronutrientTotals::default().to_column(), None);
    assert_eq!(
        MicronutrientTotals::from_column(Some(b"short")),
        MicronutrientTotals::default()
    );
}

#[test]
fn rounding_keeps_three_significant_digits() {
    assert_eq!(Micronutrient::rounded(53.2), 53.2);
    assert_eq!(Micronutrient::rounded(0.0456), 0.0456);
    assert_eq!(Micronutrient::rounded(1234.5), 1235.0);
    assert_eq!(Micronutrient::rounded(2.714), 2.71);
}
