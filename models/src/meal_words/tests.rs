use super::*;

/// Grams of a said dish of a food with `portions` and nothing else known of it.
fn grams(said: &SaidDish, portions: &[Portion], drink: bool, category: Option<&str>) -> f64 {
    grams_of(
        said,
        &Measures {
            portions,
            drink,
            category,
            ..Measures::default()
        },
    )
}

/// A few foods by their names, as the index would know them.
fn naming(words: &str) -> Naming {
    const EXACT: [&str; 9] = [
        "米饭",
        "鸡蛋",
        "toast",
        "egg",
        "eggs",
        "fish and chips",
        "和牛",
        "三杯鸡",
        "milk",
    ];
    if EXACT.contains(&words) {
        Naming::Exact
    } else if ["rice", "chicken", "面条", "牛肉面", "coffee"].contains(&words) {
        Naming::Found
    } else {
        Naming::Unknown
    }
}

fn read(text: &str) -> Vec<(String, f64, Option<String>)> {
    said_dishes(text, &naming)
        .into_iter()
        .map(|d| (d.dish, d.count, d.unit))
        .collect()
}

fn dish(name: &str, count: f64, unit: Option<&str>) -> (String, f64, Option<String>) {
    (name.to_owned(), count, unit.map(str::to_owned))
}

#[test]
fn chinese_dishes_run_on_after_each_amount_and_split_on_conjunctions() {
    let both = vec![dish("米饭", 1.0, Some("碗")), dish("鸡蛋", 2.0, Some("个"))];
    assert_eq!(read("一碗米饭两个鸡蛋"), both);
    assert_eq!(read("早饭吃了一碗米饭和两个鸡蛋"), both);
    assert_eq!(read("一碗米饭，两个鸡蛋。"), both);
    assert_eq!(read("一碗米饭、两个鸡蛋"), both);
    assert_eq!(read("中午吃了一碗米饭还有两个鸡蛋"), both);
    assert_eq!(
        read("二两饺子加一杯豆浆"),
        vec![dish("饺子", 2.0, Some("两")), dish("豆浆", 1.0, Some("杯"))]
    );
    assert_eq!(read("十二个饺子"), vec![dish("饺子", 12.0, Some("个"))]);
    assert_eq!(read("半斤牛肉面"), vec![dish("牛肉面", 0.5, Some("斤"))]);
    assert_eq!(read("米饭"), vec![dish("米饭", 1.0, None)]);
    assert_eq!(read("200克米饭"), vec![dish("米饭", 200.0, Some("克"))]);
    assert_eq!(
        read("米饭一碗鸡蛋两个"),
        vec![dish("米饭", 1.0, Some("碗")), dish("鸡蛋", 2.0, Some("个"))]
    );
}

#[test]
fn english_dishes_split_on_and_with_plus_and_commas() {
    assert_eq!(
        read("2 eggs and a slice of toast"),
        vec![dish("eggs", 2.0, None), dish("toast", 1.0, Some("slice"))]
    );
    assert_eq!(
        read("For lunch I had rice with chicken, plus a cup of coffee"),
        vec![
            dish("rice", 1.0, None),
            dish("chicken", 1.0, None),
            dish("coffee", 1.0, Some("cup"))
        ]
    );
    assert_eq!(read("200g rice"), vec![dish("rice", 200.0, Some("g"))]);
    assert_eq!(
        read("two slices of toast"),
        vec![dish("toast", 2.0, Some("slice"))]
    );
    assert_eq!(
        read("half a cup of milk"),
        vec![dish("milk", 0.5, Some("cup"))]
    );
}

#[test]
fn one_food_named_with_a_conjunction_or_a_number_stays_whole() {
    assert_eq!(
        read("fish and chips"),
        vec![dish("fish and chips", 1.0, None)]
    );
    assert_eq!(read("和牛"), vec![dish("和牛", 1.0, None)]);
    assert_eq!(read("三杯鸡"), vec![dish("三杯鸡", 1.0, None)]);
    assert_eq!(read("一份三杯鸡"), vec![dish("三杯鸡", 1.0, Some("份"))]);
}

#[test]
fn words_that_only_say_when_are_no_dish() {
    assert!(read("早饭吃了").is_empty());
    assert!(read("for lunch I had").is_empty());
    assert!(read("   ").is_empty());
}

#[test]
fn grams_come_from_the_foods_portions_then_household_measures() {
    let portion = |grams: f64, name: &str, zh: &str| Portion {
        grams,
        name: name.into(),
        name_zh: Some(zh.into()),
        approximate: false,
    };
    let rice = [
        portion(150.0, "1 bowl", "1 碗"),
        portion(158.0, "1 cup", "1 杯"),
    ];
    let egg = [portion(50.0, "1 large", "1 个（大）")];
    let jiaozi = [portion(22.0, "1 piece", "1 个")];
    let said = |text: &str| said_dishes(text, &naming).remove(0);
    assert_eq!(grams(&said("一碗米饭"), &rice, false, None), 150.0);
    assert_eq!(grams(&said("两个鸡蛋"), &egg, false, None), 100.0);
    assert_eq!(grams(&said("2 eggs"), &egg, false, None), 100.0);
    assert_eq!(grams(&said("米饭"), &rice, false, None), 150.0);
    assert_eq!(grams(&said("200g rice"), &rice, false, None), 200.0);
    // Dumplings have no bowl: a household bowl.
    assert_eq!(grams(&said("一碗饺子"), &jiaozi, false, None), 250.0);
    assert_eq!(grams(&said("十个饺子"), &jiaozi, false, None), 220.0);
    // A drink with no portion of its own: a cup counted as water.
    assert_eq!(grams(&said("一杯牛奶"), &[], true, None), 236.6);
    assert_eq!(grams(&said("米饭一碗"), &rice, false, None), 150.0);
    // A food without a cup weighs its like foods' usual cup: dry cereal is light.
    assert_eq!(category_cup_grams("breakfast-cereals", 379.0), Some(41.0));
    // Cooked, it is as heavy as water.
    assert_eq!(category_cup_grams("breakfast-cereals", 71.0), Some(240.0));
    let cereal = |text: &str| {
        grams_of(
            &said(text),
            &Measures {
                category: Some("breakfast-cereals"),
                kcal: 379.0,
                ..Measures::default()
            },
        )
    };
    assert_eq!(cereal("a bowl of cereal"), 61.5);
    assert_eq!(cereal("a cup of cereal"), 41.0);
    assert_eq!(cereal("一碗麦片"), 61.5);
    // A category too small to say keeps the household bowl.
    assert_eq!(category_cup_grams("condiments", 100.0), None);
    // Crisps, candy and cakes agree on no cup: the household bowl.
    assert_eq!(category_cup_grams("sweets-snacks", 536.0), None);
    assert_eq!(
        grams(&said("一碗饺子"), &jiaozi, false, Some("condiments")),
        250.0
    );
    // A handful: a quarter of the food's cup, else about an ounce.
    let almonds = [portion(143.0, "1 cup, whole", "1 杯（整粒）")];
    assert_eq!(
        grams(&said("a handful of almonds"), &almonds, false, None),
        35.8
    );
    assert_eq!(grams(&said("一把花生"), &[], false, None), 30.0);
    let grapes = [portion(151.0, "1 cup", "1 杯")];
    let fruit = |kcal: f64| Measures {
        portions: &grapes,
        category: Some("fruit"),
        kcal,
        ..Measures::default()
    };
    assert_eq!(grams_of(&said("a handful of grapes"), &fruit(69.0)), 75.5);
    // Dried fruit is a quarter of a cup, as nuts are.
    assert_eq!(grams_of(&said("a handful of raisins"), &fruit(299.0)), 37.8);
    assert_eq!(grams(&said("2 handfuls of nuts"), &[], false, None), 60.0);
}

#[test]
fn a_mass_or_volume_after_the_dish_is_its_amount() {
    assert_eq!(
        read("oatmeal 50g, a banana and 250 ml milk"),
        vec![
            dish("oatmeal", 50.0, Some("g")),
            dish("banana", 1.0, None),
            dish("milk", 250.0, Some("ml")),
        ]
    );
    assert_eq!(read("milk 250 ml"), vec![dish("milk", 250.0, Some("ml"))]);
}

#[test]
fn something_on_something_else_is_two_foods() {
    assert_eq!(
        read("2 tbsp peanut butter on toast"),
        vec![
            dish("peanut butter", 2.0, Some("tbsp")),
            dish("toast", 1.0, None)
        ]
    );
}

#[test]
fn the_opening_words_say_which_meal_it_was() {
    assert_eq!(said_meal_type("午饭吃了一碗米饭"), Some(MealType::Lunch));
    assert_eq!(
        said_meal_type("我早餐喝了一杯牛奶"),
        Some(MealType::Breakfast)
    );
    assert_eq!(said_meal_type("夜宵一碗面"), Some(MealType::Snack));
    assert_eq!(
        said_meal_type("For lunch I had a sandwich"),
        Some(MealType::Lunch)
    );
    assert_eq!(
        said_meal_type("dinner: rice and fish"),
        Some(MealType::Dinner)
    );
    assert_eq!(said_meal_type("一碗米饭两个鸡蛋"), None);
    assert_eq!(
        said_meal_type("2 eggs and a slice of toast with a lunch box"),
        None
    );
}

#[test]
fn what_is_added_to_a_dish_is_said_so() {
    let added: Vec<(String, bool)> = said_dishes("coffee with milk", &naming)
        .into_iter()
        .map(|d| (d.dish, d.added))
        .collect();
    assert_eq!(
        added,
        vec![("coffee".to_owned(), false), ("milk".to_owned(), true)]
    );
    let joined: Vec<bool> = said_dishes("rice and eggs", &naming)
        .into_iter()
        .map(|d| d.added)
        .collect();
    assert_eq!(joined, vec![false, false]);
    assert!(said_dishes("咖啡加牛奶", &naming)[1].added);
}

#[test]
fn a_count_typed_after_the_dish_is_its_amount() {
    assert_eq!(read("beef tacos x2"), vec![dish("beef tacos", 2.0, None)]);
    assert_eq!(read("饺子 ×10"), vec![dish("饺子", 10.0, None)]);
    // Not a count: a word with an x in it.
    assert_eq!(read("mixed nuts"), vec![dish("mixed nuts", 1.0, None)]);
}

#[test]
fn a_large_one_is_bigger_than_the_food_s_one_item() {
    let medium = [Portion {
        grams: 173.0,
        name: "1 medium".into(),
        name_zh: None,
        approximate: false,
    }];
    let said = |text: &str| said_dishes(text, &naming).remove(0);
    assert_eq!(
        grams(&said("one large baked potato"), &medium, false, None),
        224.9
    );
    assert_eq!(
        grams(&said("a small baked potato"), &medium, false, None),
        129.8
    );
    let sized = [
        medium[0].clone(),
        Portion {
            grams: 299.0,
            name: "1 large".into(),
            name_zh: None,
            approximate: false,
        },
    ];
    assert_eq!(
        grams(&said("one large baked potato"), &sized, false, None),
        299.0
    );
    assert_eq!(form_of_container("can"), Some("canned"));
}

#[test]
fn one_of_a_thing_without_a_portion_weighs_what_such_things_usually_weigh() {
    let said = |text: &str| said_dishes(text, &naming).remove(0);
    let bar = |name| Measures {
        name,
        ..Measures::default()
    };
    assert_eq!(grams_of(&said("a protein bar"), &bar("Protein bar")), 41.0);
    assert_eq!(grams_of(&said("2 protein bars"), &bar("Protein bar")), 82.0);
    // Only where the food found is such a thing: muesli is not a bar.
    assert_eq!(grams_of(&said("a protein bar"), &bar("Muesli")), 100.0);
    // Plurals are the thing too.
    let sandwich = Measures {
        name: "Sandwiches, egg salad",
        ..Measures::default()
    };
    assert_eq!(grams_of(&said("2 sandwiches"), &sandwich), 310.0);
    // A food with a portion of its own keeps it; a bar said without an amount is 100 g.
    let serving = [Portion {
        grams: 60.0,
        name: "1 serving".into(),
        name_zh: None,
        approximate: false,
    }];
    let own = Measures {
        portions: &serving,
        name: "Protein bar",
        ..Measures::default()
    };
    assert_eq!(grams_of(&said("a protein bar"), &own), 60.0);
    assert_eq!(grams_of(&said("protein bar"), &bar("Protein bar")), 100.0);
}
