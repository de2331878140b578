//! Every built-in catalogue entry against the reference it names: USDA FoodData Central
//! (SR Legacy, survey and Foundation foods) or the China Food Composition Tables. A real
//! deviation fails; fields a reference lacks (China-table sugar, some USDA fibre) are
//! authored and not checked.

use std::collections::HashMap;

use models::catalogue::{self, Reference};
use models::testing::{csv_records, shared_data};

/// Reference values per 100 g by name; absent when the reference lacks the field.
type Values = HashMap<&'static str, f64>;

fn table(path: &std::path::Path) -> (Vec<String>, Vec<Vec<String>>) {
    let text = std::fs::read_to_string(path).unwrap();
    let mut records = csv_records(&text);
    let header = records.remove(0);
    (header, records)
}

fn number(text: &str) -> Option<f64> {
    match text.trim() {
        "Tr" => Some(0.0),
        t => t.parse().ok(),
    }
}

fn usda_references() -> Option<HashMap<i64, Vec<Values>>> {
    let mut out: HashMap<i64, Vec<Values>> = HashMap::new();
    let derived = shared_data("usda/derived_sr_legacy_per100g.csv")?;
    let (h, rows) = table(&derived);
    let col = |name: &str| h.iter().position(|c| c == name).unwrap();
    let cols = [
        ("kcal", col("energy_kcal")),
        ("protein", col("protein_g")),
        ("fat", col("fat_g")),
        ("carbs", col("carbohydrate_g")),
        ("fiber", col("fiber_g_sr26")),
        ("sugar", col("sugar_g_sr26")),
        ("sodium", col("sodium_mg_sr26")),
    ];
    for row in rows {
        let values = cols
            .iter()
            .filter_map(|(k, c)| number(&row[*c]).map(|v| (*k, v)))
            .collect();
        out.entry(row[0].parse().unwrap()).or_default().push(values);
    }
    let macros = shared_data("usda/fdc_macros_per100g.csv")?;
    let (h, rows) = table(&macros);
    let col = |name: &str| h.iter().position(|c| c == name).unwrap();
    let cols = [
        ("kcal", col("calories")),
        ("protein", col("proteinInGrams")),
        ("fat", col("fatInGrams")),
        ("carbs", col("carbohydratesInGrams")),
    ];
    for row in rows {
        let values = cols
            .iter()
            .filter_map(|(k, c)| number(&row[*c]).map(|v| (*k, v)))
            .collect();
        out.entry(row[0].parse().unwrap()).or_default().push(values);
    }
    Some(out)
}

fn china_references() -> Option<HashMap<String, Values>> {
    let path = shared_data("china_fct/china_fct6_merged.csv")?;
    let (h, rows) = table(&path);
    let col = |name: &str| h.iter().position(|c| c == name).unwrap();
    let cols = [
        ("kcal", col("energyKCal")),
        ("protein", col("protein")),
        ("fat", col("fat")),
        ("carbs", col("CHO")),
        ("fiber", col("dietaryFiber")),
        ("sodium", col("Na")),
    ];
    let code = col("foodCode");
    Some(
        rows.into_iter()
            .map(|row| {
                let values = cols
                    .iter()
                    .filter_map(|(k, c)| number(&row[*c]).map(|v| (*k, v)))
                    .collect();
                (row[code].trim().to_owned(), values)
            })
            .collect(),
    )
}

/// A value deviates when it is off by more than 3 % and by more than a rounding step
/// (1 g; 5 kcal or 5 mg).
fn deviates(field: &str, ours: f64, reference: f64) -> bool {
    let step: f64 = if matches!(field, "kcal" | "sodium") {
        5.0
    } else {
        1.0
    };
    (ours - reference).abs() > step.max(0.03 * reference.abs())
}

#[test]
fn every_entry_matches_its_reference() {
    let (Some(usda), Some(china)) = (usda_references(), china_references()) else {
        return;
    };
    let entries = catalogue::entries().unwrap();
    let mut problems = Vec::new();
    for e in &entries {
        let n = &e.nutrients;
        let ours: [(&str, f64); 7] = [
            ("kcal", n.calories),
            ("protein", n.protein),
            ("fat", n.fat),
            ("carbs", n.carbs),
            ("fiber", n.fiber),
            ("sugar", n.sugar),
            ("sodium", n.sodium),
        ];
        let candidates: Vec<&Values> = match &e.reference {
            Reference::Usda { fdc_id } => usda
                .get(fdc_id)
                .map(|v| v.iter().collect())
                .unwrap_or_default(),
            Reference::ChinaFct { code } => china.get(code).into_iter().collect(),
        };
        if candidates.is_empty() {
            problems.push(format!("{}: reference {:?} not found", e.key, e.reference));
            continue;
        }
        for reference in candidates {
            for (field, value) in ours {
                if let Some(r) = reference.get(field)
                    && deviates(field, value, *r)
                {
                    problems.push(format!(
                        "{}: {field} {value} but the reference says {r}",
                        e.key
                    ));
                }
            }
        }
    }
    assert!(
        problems.is_empty(),
        "{} deviations:\n{}",
        problems.len(),
        problems.join("\n")
    );
}

#[test]
fn the_catalogue_is_complete_and_consistent() {
    let entries = catalogue::entries().unwrap();
    assert!(entries.len() >= 500, "{} entries", entries.len());
    let mut keys = std::collections::HashSet::new();
    let mut names = std::collections::HashSet::new();
    for e in &entries {
        assert!(keys.insert(&e.key), "duplicate key {}", e.key);
        assert!(
            names.insert(e.name_en.to_lowercase()),
            "duplicate name {}",
            e.name_en
        );
        let cjk = e
            .name_zh
            .chars()
            .filter(|c| {
                ('\u{4e00}'..='\u{9fff}').contains(c) || ('\u{3400}'..='\u{4dbf}').contains(c)
            })
            .count();
        assert_eq!(
            e.pinyin.split_whitespace().count(),
            cjk,
            "{}: pinyin {:?} for {}",
            e.key,
            e.pinyin,
            e.name_zh
        );
        // Water and tea have no energy; otherwise the sanity rules of SPEC §5 hold.
        let issues: Vec<_> = e
            .nutrients
            .issues()
            .into_iter()
            .filter(|i| !(e.nutrients.calories == 0.0 && *i == "Unusual calorie content"))
            .collect();
        assert!(issues.is_empty(), "{}: {issues:?}", e.key);
        assert!(!e.portions.is_empty(), "{} has no portions", e.key);
    }
    for staple in [
        "米饭", "馒头", "面条", "豆腐", "鸡蛋", "白菜", "包子", "饺子",
    ] {
        assert!(
            entries.iter().any(|e| e.name_zh.starts_with(staple)),
            "{staple} is missing"
        );
    }
}
