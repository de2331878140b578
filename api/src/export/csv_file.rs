//! The meals export as CSV, one row per food.

use models::{LocalClock, Meal, micronutrients::Micronutrient};

/// Writes CSV records to `out` (fields quoted where they hold a separator, a quote or a
/// line break).
fn csv_writer(out: &mut Vec<u8>) -> csv::Writer<&mut Vec<u8>> {
    csv::WriterBuilder::new()
        .has_headers(false)
        .buffer_capacity(1024)
        .from_writer(out)
}

/// The columns of the CSV export: the meal, the food (named in English and Chinese), its
/// macronutrients with fibre, sugar and sodium, then every
/// micronutrient key (what the quantity holds; empty where the food does not give it).
pub fn csv_header(out: &mut Vec<u8>) -> csv::Result<()> {
    let meal_and_food = [
        "meal_id",
        "date",
        "time",
        "meal_type",
        "meal_name",
        "food_name",
        "food_name_zh",
        "quantity_g",
        "calories",
        "protein_g",
        "fat_g",
        "carbs_g",
        "fiber_g",
        "sugar_g",
        "sodium_mg",
    ];
    let micronutrients = Micronutrient::ALL.iter().map(|m| m.key());
    csv_writer(out).write_record(meal_and_food.into_iter().chain(micronutrients))
}

/// Text a spreadsheet shows as text, never runs: a cell that starts with `=`, `+`, `-`,
/// `@`, a tab or a carriage return is a formula to Excel and its kin (a food named
/// `=cmd|' /C calc'!A0` from Open Food Facts would reach every user), so it gets a
/// leading `'` (OWASP's rule for CSV injection).
fn as_text(cell: &str) -> String {
    match cell.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{cell}"),
        _ => cell.to_owned(),
    }
}

/// A meal's rows of the CSV export, one per food.
pub fn csv_rows(meal: &Meal, clock: LocalClock, out: &mut Vec<u8>) -> csv::Result<()> {
    let mut writer = csv_writer(out);
    for food in &meal.foods {
        let amount = food.line.amount();
        let grams = food.line.quantity.get();
        let meal_and_food = [
            meal.id.to_string(),
            clock.date_of(meal.eaten_at).to_string(),
            clock.time_of(meal.eaten_at).format("%H:%M").to_string(),
            meal.meal_type.to_string(),
            as_text(meal.name.as_deref().unwrap_or_default()),
            as_text(&food.line.food_name),
            as_text(food.line.food_name_zh.as_deref().unwrap_or_default()),
            grams.to_string(),
            amount.calories.to_string(),
            amount.protein.to_string(),
            amount.fat.to_string(),
            amount.carbs.to_string(),
            amount.fiber.to_string(),
            amount.sugar.to_string(),
            amount.sodium.to_string(),
        ];
        let micronutrients = Micronutrient::ALL.iter().map(|&m| {
            food.line
                .micronutrients
                .get(m)
                .map_or_else(String::new, |per_100g| {
                    Micronutrient::rounded(per_100g * grams / 100.0).to_string()
                })
        });
        writer.write_record(meal_and_food.into_iter().chain(micronutrients))?;
    }
    writer.flush()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::as_text;

    #[test]
    fn a_cell_a_spreadsheet_would_run_is_written_as_text() {
        for formula in [
            "=cmd|' /C calc'!A0",
            "+SUM(1+1)",
            "-2+3",
            "@SUM(A1)",
            "\tx",
            "\rx",
        ] {
            assert_eq!(as_text(formula), format!("'{formula}"));
        }
        for text in ["Rice", "米饭", "1/2 cup", "", "a=b"] {
            assert_eq!(as_text(text), text);
        }
    }
}
