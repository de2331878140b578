//! The foods the product ships: USDA's generic databases (derived by
//! scripts/derive-usda.py) and the Chinese dish library.

use std::collections::{HashMap, HashSet};

use models::catalogue;
use models::generic::{self, Dish, UsdaFood, UsdaRelease};

fn usda() -> Vec<UsdaFood> {
    generic::usda_foods().expect("data/usda/foods.tsv parses")
}

fn dishes() -> Vec<Dish> {
    generic::dishes(&catalogue::entries().unwrap(), &usda()).expect("the dish library parses")
}

fn has_cjk(text: &str) -> bool {
    text.chars().any(|c| ('\u{4e00}'..='\u{9fff}').contains(&c))
}

#[test]
fn every_sr_legacy_food_is_shipped_merged_or_in_the_catalogue() {
    let foods = usda();
    let covered: HashSet<i64> = foods
        .iter()
        .flat_map(|f| std::iter::once(f.fdc_id).chain(f.merged.iter().copied()))
        .chain(
            catalogue::entries()
                .unwrap()
                .iter()
                .filter_map(|e| match e.reference {
                    catalogue::Reference::Usda { fdc_id } => Some(fdc_id),
                    _ => None,
                }),
        )
        .collect();
    // SR Legacy's FDC ids are 167512..=175304 (7,793 foods, none without energy).
    let sr = (167_512..=175_304)
        .filter(|id| covered.contains(id))
        .count();
    assert!(sr >= 7_700, "only {sr} SR Legacy foods are covered");
    let by_release = |r: UsdaRelease| foods.iter().filter(|f| f.release == r).count();
    assert!(by_release(UsdaRelease::SrLegacy) > 7_000);
    assert!(by_release(UsdaRelease::Fndds) > 5_000);
    assert!(by_release(UsdaRelease::Foundation) > 100);
    // One food per source key.
    let ids: HashSet<i64> = foods.iter().map(|f| f.fdc_id).collect();
    assert_eq!(ids.len(), foods.len());
}

#[test]
fn a_nutrient_the_source_does_not_give_is_unknown_never_zero() {
    let foods = usda();
    let fndds: Vec<&UsdaFood> = foods
        .iter()
        .filter(|f| f.release == UsdaRelease::Fndds)
        .collect();
    assert!(
        fndds
            .iter()
            .all(|f| f.unknown.fiber && f.unknown.sugar && f.unknown.sodium)
    );
    // SR Legacy gives them: most SR foods know them (those whose SR26 values did not
    // agree with FoodData Central are unknown, see PROVENANCE).
    let sr_sodium = foods
        .iter()
        .filter(|f| f.release == UsdaRelease::SrLegacy && !f.unknown.sodium)
        .count();
    assert!(sr_sodium > 5_400, "{sr_sodium}");
    // Where SR Legacy gives one, it is kept.
    assert!(foods.iter().any(|f| f.release == UsdaRelease::SrLegacy
        && !f.unknown.sodium
        && f.nutrients.sodium > 1000.0));
}

#[test]
fn sr_foods_have_household_measures() {
    let foods = usda();
    let with_portions = foods
        .iter()
        .filter(|f| f.release == UsdaRelease::SrLegacy && !f.portions.is_empty())
        .count();
    assert!(with_portions > 5_500, "{with_portions}");
    let egg = foods
        .iter()
        .find(|f| f.name_en == "Egg, whole, raw, fresh")
        .unwrap();
    assert!(
        egg.portions
            .iter()
            .any(|p| p.name.contains("large") && (45.0..55.0).contains(&p.grams))
    );
}

#[test]
fn portions_taken_from_a_like_food_are_marked_approximate() {
    let foods = usda();
    let find = |name: &str| foods.iter().find(|f| f.name_en == name).unwrap();
    // FNDDS's toast has no measures of its own: its slices are a sibling's, about so much.
    let toast = find("Bread, whole wheat, toasted");
    assert!(
        toast.portions.iter().any(|p| p.name == "1 slice"),
        "{:?}",
        toast.portions
    );
    assert!(toast.portions.iter().all(|p| p.approximate));
    // SR's own are weighed for the food.
    let weighed = find("Bread, whole-wheat, commercially prepared, toasted");
    assert!(!weighed.portions.is_empty() && weighed.portions.iter().all(|p| !p.approximate));
    let marked = foods
        .iter()
        .filter(|f| f.portions.iter().any(|p| p.approximate))
        .count();
    assert!(
        (400..600).contains(&marked),
        "{marked} foods borrowed their portions"
    );
}

#[test]
fn duplicates_are_merged() {
    let foods = usda();
    let mut names = HashSet::new();
    for f in &foods {
        assert!(
            names.insert(f.name_en.to_lowercase()),
            "{} twice",
            f.name_en
        );
    }
    assert!(foods.iter().map(|f| f.merged.len()).sum::<usize>() > 300);
}

#[test]
fn everyday_foods_have_chinese_names_and_pinyin() {
    let foods = usda();
    // The survey foods are what people report eating: every one has both names.
    for f in foods.iter().filter(|f| f.release == UsdaRelease::Fndds) {
        let zh = f
            .name_zh
            .as_deref()
            .unwrap_or_else(|| panic!("{} has no Chinese name", f.name_en));
        assert!(has_cjk(zh), "{}: {zh}", f.name_en);
        let pinyin = f.pinyin.as_deref().unwrap_or_default();
        assert!(!pinyin.trim().is_empty(), "{} has no pinyin", f.name_en);
    }
    // Every Chinese name has pinyin, whatever its source.
    for f in &foods {
        if f.name_zh.is_some() {
            assert!(f.pinyin.is_some(), "{} has no pinyin", f.name_en);
        }
    }
    let named = foods.iter().filter(|f| f.name_zh.is_some()).count()
        + catalogue::entries().unwrap().len()
        + dishes().len();
    assert!(named >= 3_000, "{named} foods have Chinese names");
}

#[test]
fn the_dish_library_has_the_dishes_people_log() {
    let dishes = dishes();
    assert!(dishes.len() >= 400, "{} dishes", dishes.len());
    let keys: HashSet<&str> = dishes.iter().map(|d| d.key.as_str()).collect();
    assert_eq!(keys.len(), dishes.len(), "dish keys are unique");
    // A dish of the library, or a food of the catalogue (饺子 is one already).
    let catalogue = catalogue::entries().unwrap();
    let names: HashSet<&str> = dishes
        .iter()
        .flat_map(|d| {
            std::iter::once(d.name_zh.as_str()).chain(d.aliases.iter().map(String::as_str))
        })
        .chain(catalogue.iter().map(|e| e.name_zh.as_str()))
        .collect();
    for dish in [
        "油条",
        "煎饼果子",
        "小笼包",
        "烧卖",
        "肠粉",
        "牛肉面",
        "炸酱面",
        "担担面",
        "米线",
        "凉皮",
        "螺蛳粉",
        "酸辣粉",
        "汤圆",
        "鱼香肉丝",
        "回锅肉",
        "糖醋排骨",
        "紫菜蛋花汤",
        "红烧肉",
        "麻婆豆腐",
        "番茄炒蛋",
        "西红柿炒鸡蛋",
        "宫保鸡丁",
        "豆浆",
        "粽子",
        "月饼",
        "肉夹馍",
        "手抓饼",
        "饺子",
        "馄饨",
        "珍珠奶茶",
    ] {
        assert!(names.contains(dish), "{dish} is missing");
    }
    // One name, one food: a dish does not repeat a catalogue food, nor another dish.
    let catalogue_zh: HashSet<&str> = catalogue.iter().map(|e| e.name_zh.as_str()).collect();
    let mut seen = HashSet::new();
    for d in &dishes {
        for name in std::iter::once(&d.name_zh).chain(&d.aliases) {
            assert!(
                !catalogue_zh.contains(name.as_str()),
                "{}: {name} is a catalogue food",
                d.key
            );
            assert!(
                seen.insert(name.to_lowercase()),
                "{}: {name} names two dishes",
                d.key
            );
        }
    }
    for d in &dishes {
        assert!(
            has_cjk(&d.name_zh) && !d.name_en.is_empty() && !d.pinyin.is_empty(),
            "{}",
            d.key
        );
        let kcal = d.nutrients.calories;
        assert!(
            (10.0..=650.0).contains(&kcal),
            "{} works out to {kcal} kcal/100 g",
            d.key
        );
        assert!(!d.servings.is_empty());
    }
}

/// The dish library's values against independent measurements of the same dishes:
/// USDA's FNDDS and SR (restaurant) Chinese dishes, read from the public release
/// (../shared/data). Home recipes and American restaurant versions differ in oil and
/// sauce, so one dish may be off by up to 120 % of energy (kung pao chicken: the
/// American survey food carries more vegetables and less oil and peanut); the library as
/// a whole must be within 20 % on median. Soups are compared only where the share of
/// broth is alike (USDA's wonton soup is mostly broth, a bowl of 馄饨 mostly wontons).
#[test]
fn dishes_agree_with_independent_measurements() {
    let Some(path) = models::testing::shared_data("usda/fdc_macros_per100g.csv") else {
        return;
    };
    let text = std::fs::read_to_string(path).unwrap();
    let measured: HashMap<i64, (String, f64)> = models::testing::csv_records(&text)
        .into_iter()
        .skip(1)
        .filter_map(|r| Some((r[0].parse().ok()?, (r[1].clone(), r[2].parse().ok()?))))
        .collect();
    let mut errors = Vec::new();
    let mut outliers = Vec::new();
    for d in dishes().iter().filter(|d| d.compare_fdc_id.is_some()) {
        let id = d.compare_fdc_id.unwrap();
        let (name, kcal) = measured
            .get(&id)
            .unwrap_or_else(|| panic!("{}: compare fdc:{id} is not a USDA food", d.key));
        let error = (d.nutrients.calories - kcal) / kcal;
        println!(
            "{:<32} {:>5.0} kcal/100 g vs {:>5.0} {name}",
            d.key, d.nutrients.calories, kcal
        );
        if error.abs() > 1.20 {
            outliers.push(format!(
                "{} {:.0} vs {name} {kcal:.0}",
                d.key, d.nutrients.calories
            ));
        }
        errors.push(error.abs());
    }
    assert!(
        outliers.is_empty(),
        "off by more than 120 %:\n{}",
        outliers.join("\n")
    );
    assert!(
        errors.len() >= 20,
        "only {} dishes have a comparison",
        errors.len()
    );
    errors.sort_by(f64::total_cmp);
    let median = errors[errors.len() / 2];
    println!(
        "{} dishes compared, median energy error {:.0} %",
        errors.len(),
        100.0 * median
    );
    assert!(median <= 0.20, "median error {median:.2}");
}

#[test]
fn everyday_foods_without_measures_of_their_own_offer_a_siblings() {
    let foods = usda();
    let portions_of = |name: &str| -> Vec<String> {
        foods
            .iter()
            .find(|f| f.name_en == name)
            .unwrap_or_else(|| panic!("{name} is shipped"))
            .portions
            .iter()
            .map(|p| p.name.clone())
            .collect()
    };
    // Survey foods: their record has no household measures, their SR sibling has.
    assert!(
        portions_of("Bread, whole wheat, toasted")
            .iter()
            .any(|p| p.contains("slice"))
    );
    assert!(
        portions_of("Bread, whole wheat, with raisins")
            .iter()
            .any(|p| p.contains("slice"))
    );
    // A part of an animal never takes the measures of the whole one.
    for food in foods.iter().filter(|f| f.name_en.contains("wing")) {
        assert!(
            food.portions.iter().all(|p| !p.name.contains("bird")),
            "{} offers {:?}",
            food.name_en,
            food.portions
        );
    }
}

/// SR26's highest value of each of the 24 per 100 g (`nutrient_bounds.tsv`, category
/// `*`, derived by scripts/derive-usda.py): no food holds more, so no shipped one may.
#[test]
fn no_shipped_food_holds_more_of_a_nutrient_than_any_food_does() {
    let bounds = include_str!("../data/usda/nutrient_bounds.tsv");
    let highest: HashMap<&str, f64> = bounds
        .lines()
        .skip(1)
        .filter_map(|line| match line.split('\t').collect::<Vec<_>>()[..] {
            ["*", key, bound] => Some((key, bound.parse().expect("a number"))),
            _ => None,
        })
        .collect();
    assert_eq!(highest.len(), 24, "a bound for each of the 24");
    let mut checked = 0;
    for food in generic::shipped_foods() {
        for (m, value) in food.micronutrients.known() {
            assert!(
                value <= highest[m.key()] * 1.001,
                "{}: {} {value} per 100 g, more than any food holds ({})",
                food.name,
                m.key(),
                highest[m.key()]
            );
            checked += 1;
        }
    }
    assert!(checked > 100_000, "{checked} values checked");
}

/// Issue 49, 9: a value of the source that cannot be right is dropped, not shipped, and
/// an everyday food whose own record gives none takes its SR equivalent's.
#[test]
fn a_slip_in_the_source_is_dropped_and_an_everyday_food_is_filled_from_its_equivalent() {
    use models::micronutrients::Micronutrient;
    let foods = generic::shipped_foods();
    let named = |name: &str| {
        foods
            .iter()
            .find(|f| f.name == name)
            .unwrap_or_else(|| panic!("{name} is shipped"))
    };
    // SR26's frozen entree gives 1.333 mg of riboflavin in 100 g, ten times what lasagna
    // with meat sauce holds: a 283 g serving showed 3.8 mg, three days' worth.
    let spaghetti = named("Spaghetti with meat sauce");
    let riboflavin = spaghetti.micronutrients.get(Micronutrient::Riboflavin);
    assert!(riboflavin.is_none_or(|mg| mg < 0.5), "{riboflavin:?}");
    assert!(spaghetti.micronutrients.known().count() >= 20);
    // FNDDS's banana gives no vitamins; SR Legacy's "Bananas, raw" does.
    let banana = foods
        .iter()
        .find(|f| f.name == "Banana, raw" && f.fdc_id.is_some_and(|id| id >= 2_300_000))
        .expect("FNDDS's banana is shipped");
    assert_eq!(banana.micronutrients.known().count(), 24);
    assert_eq!(
        banana.micronutrients.get(Micronutrient::Potassium),
        Some(358.0)
    );
}
