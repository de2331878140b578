use super::*;

/// A line of text read with full confidence, its box `x, y` (top left), `w × h`.
fn line(text: &str, x: f32, y: f32, w: f32, h: f32) -> TextLine {
    TextLine {
        text: text.into(),
        confidences: vec![0.99; text.chars().count()],
        corners: [(x, y), (x + w, y), (x + w, y + h), (x, y + h)],
    }
}

/// A table: each row's cells at the given columns.
fn table(rows: &[&[&str]]) -> Vec<TextLine> {
    let mut lines = Vec::new();
    for (r, cells) in rows.iter().enumerate() {
        for (c, cell) in cells.iter().enumerate() {
            if !cell.is_empty() {
                lines.push(line(
                    cell,
                    20.0 + 220.0 * c as f32,
                    20.0 + 50.0 * r as f32,
                    150.0,
                    30.0,
                ));
            }
        }
    }
    lines
}

fn values(reading: &LabelReading) -> Vec<Option<f64>> {
    reading.fields.iter().map(|f| f.value).collect()
}

#[test]
fn reads_a_chinese_table_per_100_g() {
    let reading = read_label(&table(&[
        &["营养成分表"],
        &["项目", "每100克(g)", "NRV%"],
        &["能量", "1580千焦(kJ)", "19%"],
        &["蛋白质", "6.5克(g)", "11%"],
        &["脂肪", "18.2克", "30%"],
        &["碳水化合物", "60.1g", "20%"],
        &["—糖", "22.0g", ""],
        &["钠", "320毫克(mg)", "16%"],
    ]));
    assert_eq!(reading.kind, LabelKind::Gb28050);
    assert_eq!(reading.basis, Some(Basis::Per100g));
    assert_eq!(
        values(&reading),
        [
            Some(377.6),
            Some(6.5),
            Some(18.2),
            Some(60.1),
            Some(320.0),
            None,
            Some(22.0)
        ]
    );
    assert_eq!(reading.field(Nutrient::Protein).certainty, Certainty::Sure);
    assert_eq!(
        reading.field(Nutrient::Fiber).certainty,
        Certainty::NotOnLabel
    );
    assert_eq!(
        reading.field(Nutrient::Calories).printed.as_deref(),
        Some("1580 kJ")
    );
}

#[test]
fn turns_a_serving_into_100_g() {
    let reading = read_label(&table(&[
        &["营养成分表"],
        &["项目", "每份(30克)", "NRV%"],
        &["能量", "480kJ", "6%"],
        &["蛋白质", "3.0g", "5%"],
        &["脂肪", "4.5g", "8%"],
        &["碳水化合物", "15.0g", "5%"],
        &["钠", "90mg", "5%"],
    ]));
    assert_eq!(reading.basis, Some(Basis::PerServing));
    assert_eq!(reading.serving_grams, Some(30.0));
    assert_eq!(
        values(&reading)[..5],
        [Some(382.4), Some(10.0), Some(15.0), Some(50.0), Some(300.0)]
    );
}

#[test]
fn a_serving_is_never_the_net_content_beside_it() {
    for (row, grams) in [
        (&["净含量:70克 每份:35克"][..], 35.0),
        (&["净含量70g", "每份35g"][..], 35.0),
        (&["每份35克 净含量70克"][..], 35.0),
        (&["Net Wt 70g", "Serving size 35g"][..], 35.0),
        (
            &["NET WT. 2.5 OZ (70g) Serving Size 1/2 pack (35g)"][..],
            35.0,
        ),
        // A single-serve pack: the serving is the net content.
        (&["Serving Size 1 package (Net Wt 35g)"][..], 35.0),
    ] {
        let mut rows: Vec<&[&str]> = vec![&["营养成分表"], row];
        rows.extend([&["能量", "800kJ", "10%"][..], &["蛋白质", "3.0g", "5%"]]);
        let reading = read_label(&table(&rows));
        assert_eq!(reading.serving_grams, Some(grams), "{row:?}");
    }
    // Net content alone says nothing of a serving.
    let reading = read_label(&table(&[
        &["营养成分表"],
        &["净含量:70克"],
        &["项目", "每100克", "NRV%"],
        &["能量", "800kJ", "10%"],
    ]));
    assert_eq!(reading.serving_grams, None);
}

#[test]
fn reads_a_us_panel_per_serving() {
    let reading = read_label(&table(&[
        &["Nutrition Facts"],
        &["8 servings per container"],
        &["Serving size", "2/3 cup (55g)"],
        &["Amount per serving"],
        &["Calories", "230"],
        &["", "", "% Daily Value*"],
        &["Total Fat 8g", "", "10%"],
        &["Saturated Fat 1g", "", "5%"],
        &["Trans Fat 0g"],
        &["Cholesterol 0mg", "", "0%"],
        &["Sodium 160mg", "", "7%"],
        &["Total Carbohydrate 37g", "", "13%"],
        &["Dietary Fiber 4g", "", "14%"],
        &["Total Sugars 12g"],
        &["Includes 10g Added Sugars", "", "20%"],
        &["Protein 3g"],
    ]));
    assert_eq!(reading.kind, LabelKind::NutritionFacts);
    assert_eq!(reading.basis, Some(Basis::PerServing));
    assert_eq!(reading.serving_grams, Some(55.0));
    assert_eq!(
        values(&reading),
        [
            Some(418.2),
            Some(5.5),
            Some(14.5),
            Some(67.3),
            Some(290.9),
            Some(7.3),
            Some(21.8)
        ]
    );
}

#[test]
fn cleans_digits_misread_as_letters_next_to_units() {
    let reading = read_label(&table(&[
        &["营养成分表"],
        &["项目", "每100g", "NRV%"],
        &["能量", "l5BO kJ", "19%"],
        &["蛋白质", "6,5g", "11%"],
        &["脂肪", "1B.2g", "30%"],
        &["碳水化合物", "S0.4g", "20%"],
        &["钠", "3lO mg", "16%"],
    ]));
    assert_eq!(
        values(&reading)[..5],
        [Some(377.6), Some(6.5), Some(18.2), Some(50.4), Some(310.0)]
    );
}

#[test]
fn a_misread_name_is_placed_by_the_tables_order() {
    let reading = read_label(&table(&[
        &["项目", "每100克", "NRV%"],
        &["能量", "1580千焦", "19%"],
        &["蛋臼贡", "6.5克", "11%"],
        &["脂肪", "18.2克", "30%"],
        &["碳水化合物", "60.1克", "20%"],
        &["钠", "320毫克", "16%"],
    ]));
    let protein = reading.field(Nutrient::Protein);
    assert_eq!(protein.value, Some(6.5));
    assert_eq!(protein.certainty, Certainty::Check);
    assert_eq!(protein.doubts, [Doubt::NameInferred]);
}

#[test]
fn saturated_fat_and_added_sugars_are_not_fat_and_sugar() {
    let reading = read_label(&table(&[
        &["营养成分表"],
        &["项目", "每100克", "NRV%"],
        &["能量", "2000千焦", "24%"],
        &["蛋白质", "6.0克", "10%"],
        &["-饱和脂肪酸", "9.0克", "45%"],
        &["脂肪", "25.0克", "42%"],
        &["碳水化合物", "50.0克", "17%"],
        &["钠", "100毫克", "5%"],
    ]));
    assert_eq!(reading.field(Nutrient::Fat).value, Some(25.0));
    let us = read_label(&table(&[
        &["Serving size", "1 bar (40g)"],
        &["Calories", "200"],
        &["Total Fat 8g"],
        &["Total Carbohydrate 28g"],
        &["Includes 10g Added Sugars"],
        &["Protein 4g"],
        &["Sodium 100mg"],
    ]));
    assert_eq!(us.field(Nutrient::Sugar).certainty, Certainty::NotOnLabel);
    assert_eq!(us.field(Nutrient::Calories).value, Some(500.0));
}

#[test]
fn values_food_cannot_hold_are_left_empty_and_flagged() {
    // "18.2" read without its point.
    let reading = read_label(&table(&[
        &["项目", "每100克", "NRV%"],
        &["能量", "1580千焦", "19%"],
        &["蛋白质", "6.5克", "11%"],
        &["脂肪", "182克", "30%"],
        &["碳水化合物", "60.1克", "20%"],
        &["钠", "320毫克", "16%"],
    ]));
    let fat = reading.field(Nutrient::Fat);
    assert_eq!((fat.value, fat.certainty), (None, Certainty::Implausible));
    assert_eq!(fat.doubts, [Doubt::OutOfRange]);
    assert_eq!(reading.field(Nutrient::Protein).value, Some(6.5));
}

#[test]
fn macros_over_100_g_clear_the_least_sure() {
    let mut lines = table(&[
        &["项目", "每100克"],
        &["能量", "1700千焦"],
        &["蛋白质", "65.0克"],
        &["脂肪", "18.0克"],
        &["碳水化合物", "30.0克"],
        &["钠", "300毫克"],
    ]);
    // The protein's first digit was faint.
    let protein = lines.iter_mut().find(|l| l.text == "65.0克").unwrap();
    protein.confidences[0] = 0.7;
    let reading = read_label(&lines);
    let field = reading.field(Nutrient::Protein);
    assert_eq!(field.value, None);
    assert!(field.doubts.contains(&Doubt::MacrosOver100), "{field:?}");
    assert_eq!(reading.field(Nutrient::Fat).value, Some(18.0));
}

#[test]
fn energy_at_odds_with_the_macros_is_cleared() {
    let reading = read_label(&table(&[
        &["项目", "每100克"],
        &["能量", "158千焦"],
        &["蛋白质", "6.5克"],
        &["脂肪", "18.2克"],
        &["碳水化合物", "60.1克"],
        &["钠", "320毫克"],
    ]));
    let energy = reading.field(Nutrient::Calories);
    assert_eq!(energy.value, None);
    assert_eq!(energy.doubts, [Doubt::EnergyMismatch]);
}

#[test]
fn faint_digits_are_not_used() {
    let mut lines = table(&[
        &["项目", "每100克"],
        &["能量", "1580千焦"],
        &["钠", "320毫克"],
    ]);
    lines.last_mut().unwrap().confidences[1] = 0.2;
    let reading = read_label(&lines);
    let sodium = reading.field(Nutrient::Sodium);
    assert_eq!((sodium.value, sodium.certainty), (None, Certainty::Unread));
    assert_eq!(sodium.doubts, [Doubt::Faint]);
    assert_eq!(reading.field(Nutrient::Protein).doubts, [Doubt::NotFound]);
}

#[test]
fn per_serving_without_a_serving_size_is_not_converted() {
    let reading = read_label(&table(&[
        &["Nutrition Facts"],
        &["Amount per serving"],
        &["Calories", "230"],
        &["Protein 3g"],
    ]));
    let protein = reading.field(Nutrient::Protein);
    assert_eq!(
        (protein.value, protein.doubts.as_slice()),
        (None, &[Doubt::NoServingSize][..])
    );
}

#[test]
fn the_per_100_column_is_read_beside_a_serving_column() {
    let reading = read_label(&table(&[
        &["项目", "每100克", "每份(25克)", "NRV%"],
        &["能量", "2000千焦", "500千焦", "6%"],
        &["蛋白质", "8.0克", "2.0克", "3%"],
        &["脂肪", "24.0克", "6.0克", "10%"],
        &["碳水化合物", "60.0克", "15.0克", "5%"],
        &["钠", "400毫克", "100毫克", "5%"],
    ]));
    assert_eq!(reading.basis, Some(Basis::Per100g));
    assert_eq!(
        values(&reading)[..5],
        [Some(478.0), Some(8.0), Some(24.0), Some(60.0), Some(400.0)]
    );
}

#[test]
fn a_tilted_photo_keeps_its_rows() {
    // Rows 40 px apart on a page turned by 8°: far right cells sit lower than the
    // next row's left ones.
    let (sin, cos) = 8f32.to_radians().sin_cos();
    let turn = |x: f32, y: f32| (x * cos - y * sin, x * sin + y * cos);
    let mut lines = Vec::new();
    for (r, (name, value)) in [
        ("能量", "900千焦"),
        ("蛋白质", "5.0克"),
        ("脂肪", "10.0克"),
        ("碳水化合物", "30.0克"),
        ("钠", "50毫克"),
    ]
    .iter()
    .enumerate()
    {
        for (text, x) in [(*name, 0.0), (*value, 400.0)] {
            let y = 40.0 * r as f32;
            let corners = [
                turn(x, y),
                turn(x + 150.0, y),
                turn(x + 150.0, y + 28.0),
                turn(x, y + 28.0),
            ];
            lines.push(TextLine {
                text: text.into(),
                confidences: vec![0.98; text.chars().count()],
                corners,
            });
        }
    }
    lines.push(line("每100克", 380.0, -60.0, 150.0, 28.0));
    let reading = read_label(&lines);
    assert_eq!(
        values(&reading)[..5],
        [Some(215.1), Some(5.0), Some(10.0), Some(30.0), Some(50.0)]
    );
}

#[test]
fn a_value_run_into_its_percentage_is_split_by_its_daily_value() {
    let reading = read_label(&table(&[
        &["Serving size 1 cup (200g)"],
        &["Calories 420"],
        &["Total Fat 8g 10%"],
        &["Total Carbohydrate 8029%"],
        &["Protein 9g"],
        &["Sodium 160mg 7%"],
    ]));
    let carbs = reading.field(Nutrient::Carbs);
    assert_eq!(carbs.value, Some(40.0));
    assert_eq!(carbs.certainty, Certainty::Check);
    // 1 g and 729 % fits no daily value, nor does 80 g and 9 %: only one split does.
    assert_eq!(
        value_run_into_share(&readings(&glyphs("17263%")), Nutrient::Carbs).map(|r| r.value),
        Some(172.0)
    );
    assert_eq!(
        value_run_into_share(&readings(&glyphs("9999%")), Nutrient::Carbs),
        None
    );
}

fn glyphs(text: &str) -> Vec<Glyph> {
    text.chars()
        .map(|c| Glyph {
            c,
            confidence: 1.0,
            x: 0.0,
        })
        .collect()
}

#[test]
fn numbers_and_units_in_a_row() {
    let glyphs: Vec<Glyph> =
        "Calories 145 Calories from Fat 40 Og 1,580 kJ 2,5g 12% 135lories 22OCalories"
            .chars()
            .map(|c| Glyph {
                c,
                confidence: 1.0,
                x: 0.0,
            })
            .collect();
    let found: Vec<(f64, Option<Unit>)> = readings(&glyphs)
        .iter()
        .map(|r| (r.value, r.unit))
        .collect();
    assert_eq!(
        found,
        [
            (145.0, None),
            (40.0, None),
            (0.0, Some(Unit::Gram)),
            (1580.0, Some(Unit::Kj)),
            (2.5, Some(Unit::Gram)),
            (12.0, Some(Unit::Percent)),
            (135.0, None),
            (220.0, None),
        ]
    );
}

#[test]
fn a_us_panels_calories_printed_larger_than_their_name_are_read_from_the_row_beside() {
    let panel = |calorie_rows: &[&[&str]]| {
        let mut rows: Vec<&[&str]> = vec![
            &["Nutrition Facts"],
            &["11 servings per container"],
            &["Serving size", "1/4 cup (36g)"],
        ];
        rows.extend_from_slice(calorie_rows);
        rows.extend_from_slice(&[
            &["", "", "% Daily Value*"],
            &["Total Fat 1.1g", "", "1%"],
            &["Sodium 25mg", "", "1%"],
            &["Total Carbohydrate 6g", "", "2%"],
            &["Total Sugars 5g"],
            &["Protein 1g"],
        ]);
        read_label(&table(&rows))
    };
    // The number, taller than "Calories", read as a row of its own above it, or within
    // "Amount per serving".
    for rows in [
        &[&["Amount per serving"][..], &["", "38"], &["Calories"]][..],
        &[&["Amount per serving", "38"][..], &["Calories"]][..],
        &[&["Amount per serving"][..], &["Calories"], &["", "38"]][..],
    ] {
        let reading = panel(rows);
        let calories = reading.field(Nutrient::Calories);
        // 38 kcal a 36 g serving.
        assert_eq!(calories.value, Some(105.6), "{:?}", reading.rows);
        assert!(calories.doubts.contains(&Doubt::NameInferred));
    }
    // "11 servings per container" is no calorie count.
    let reading = panel(&[&["11 servings per container"], &["Calories"]]);
    assert_eq!(reading.field(Nutrient::Calories).value, None);
}
