//! What a photo shows once its analysis and the user's answers are put together: the
//! foods its answers name (keywords, in English and Chinese), and the foods and grams
//! the memory of a confirmed photo keeps for the next photo that looks the same.

use serde_json::Value;

use super::stages::{ConfirmedFood, StoredAnalysis};
use crate::food::Food;
use crate::upload::UploadedImage;
use crate::user::UserId;

/// A food a photo shows, named in English and, where known, in Chinese.
#[derive(Debug, Clone, PartialEq)]
pub struct ShownFood {
    pub name: String,
    pub name_zh: Option<String>,
}

/// The foods a photo shows, as far as anyone is sure: the user's confirmed foods, else
/// the recognised foods that are not questions, else (while the analysis runs) the kinds
/// of food detected.
pub fn shown_foods(image: &UploadedImage, analysis: &StoredAnalysis) -> Vec<ShownFood> {
    let confirmed: Vec<ShownFood> = image
        .corrections
        .as_ref()
        .and_then(|c| c.get("foods"))
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .filter_map(|food| {
            let name = food.get("name").and_then(Value::as_str)?;
            let food_id = food.get("food_id").and_then(Value::as_i64);
            // A confirmation sent before it carried `name_zh`: the food the analysis
            // offered under that id has it.
            let name_zh = food
                .get("name_zh")
                .and_then(Value::as_str)
                .map(str::to_owned)
                .or_else(|| food_id.and_then(|id| chinese_name_in(analysis, id)));
            Some(ShownFood {
                name: name.to_owned(),
                name_zh,
            })
        })
        .collect();
    if !confirmed.is_empty() {
        return confirmed;
    }
    match (&analysis.nutrition, &analysis.detection) {
        (Some(_), _) => analysis
            .sure_foods()
            .map(|f| ShownFood {
                name: f.name.clone(),
                name_zh: f.name_zh.clone(),
            })
            .collect(),
        (None, Some(detected)) => detected
            .food_types
            .iter()
            .map(|t| ShownFood {
                name: t.name.clone(),
                name_zh: t.name_zh.clone(),
            })
            .collect(),
        (None, None) => Vec::new(),
    }
}

/// The Chinese name of the stored food `food_id` among the analysis's foods and their
/// alternatives.
fn chinese_name_in(analysis: &StoredAnalysis, food_id: i64) -> Option<String> {
    analysis
        .foods()
        .iter()
        .flat_map(|f| {
            std::iter::once((f.food_id, &f.name_zh))
                .chain(f.alternatives.iter().map(|a| (a.food_id, &a.name_zh)))
        })
        .find(|(id, _)| *id == Some(food_id))
        .and_then(|(_, name_zh)| name_zh.clone())
}

/// The English names of the foods the photo shows ([`shown_foods`]).
pub fn keywords(image: &UploadedImage, analysis: &StoredAnalysis) -> Vec<String> {
    shown_foods(image, analysis)
        .into_iter()
        .map(|f| f.name)
        .collect()
}

/// Most foods one photo's memory keeps.
const MAX_REMEMBERED_FOODS: usize = 20;

/// Most grams of one food the memory keeps.
const MAX_REMEMBERED_GRAMS: f64 = 5000.0;

/// The stored foods and grams a confirmed photo's memory is to keep: those the user says
/// it shows (`corrections.foods`, else the recognised foods the user was not asked
/// about), with a plausible weight, at most [`MAX_REMEMBERED_FOODS`].
pub fn foods_to_remember(image: &UploadedImage, corrections: Option<&Value>) -> Vec<(i64, f64)> {
    let corrected = corrections
        .and_then(|c| c.get("foods"))
        .and_then(Value::as_array);
    let lines: Vec<(i64, f64)> = match corrected {
        Some(foods) => foods
            .iter()
            .filter_map(|f| {
                Some((
                    f.get("food_id")?.as_i64()?,
                    f.get("grams").or_else(|| f.get("quantity"))?.as_f64()?,
                ))
            })
            .collect(),
        None => StoredAnalysis::of(image)
            .settled_foods()
            .filter_map(|f| Some((f.food_id?, f.estimated_grams)))
            .collect(),
    };
    lines
        .into_iter()
        .filter(|(_, grams)| grams.is_finite() && *grams > 0.0 && *grams <= MAX_REMEMBERED_GRAMS)
        .take(MAX_REMEMBERED_FOODS)
        .collect()
}

/// Whether the foods confirmed are other than the analysis offered: another food than
/// its first guess, one added or left out, or grams changed by more than a tenth (and a
/// gram). A confirmation without changes is the offer answered as it was.
pub fn confirmed_with_changes(image: &UploadedImage, corrections: Option<&Value>) -> bool {
    // No foods sent: taken as offered (its questions left unanswered, not answered).
    if corrections.and_then(|c| c.get("foods")).is_none() {
        return false;
    }
    let mut offered: Vec<(i64, f64)> = StoredAnalysis::of(image)
        .foods()
        .iter()
        .filter_map(|f| Some((f.food_id?, f.estimated_grams)))
        .collect();
    let mut confirmed = foods_to_remember(image, corrections);
    if offered.len() != confirmed.len() {
        return true;
    }
    let order = |a: &(i64, f64), b: &(i64, f64)| a.0.cmp(&b.0).then(a.1.total_cmp(&b.1));
    offered.sort_by(order);
    confirmed.sort_by(order);
    offered
        .iter()
        .zip(&confirmed)
        .any(|(o, c)| o.0 != c.0 || (o.1 - c.1).abs() > (0.1 * o.1).max(1.0))
}

impl ConfirmedFood {
    /// The foods of `lines` (from [`foods_to_remember`]) among the stored `foods`, only
    /// those `owner` may see, named as stored.
    pub fn visible(lines: &[(i64, f64)], foods: &[Food], owner: UserId) -> Vec<ConfirmedFood> {
        lines
            .iter()
            .filter_map(|(id, grams)| {
                let food = foods
                    .iter()
                    .find(|f| f.id == *id && f.visible_to(Some(owner)))?;
                Some(ConfirmedFood {
                    food_id: food.id,
                    name: food.food.name.clone(),
                    grams: *grams,
                })
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn confirmed(corrections: Value) -> UploadedImage {
        UploadedImage {
            confirmed: true,
            corrections: Some(corrections),
            ..UploadedImage::default()
        }
    }

    #[test]
    fn the_users_foods_are_shown_and_remembered_with_plausible_grams() {
        let corrections = json!({"foods": [
            {"food_id": 3, "name": "Rice", "name_zh": "米饭", "grams": 150.0},
            {"food_id": 4, "name": "Egg", "quantity": 50.0},
            {"food_id": 5, "name": "Soup", "grams": 0.0},
            {"food_id": 6, "name": "Cake", "grams": 9000.0},
        ]});
        let image = confirmed(corrections.clone());
        let analysis = StoredAnalysis::of(&image);
        let shown = shown_foods(&image, &analysis);
        assert_eq!(shown[0].name_zh.as_deref(), Some("米饭"));
        assert_eq!(keywords(&image, &analysis), ["Rice", "Egg", "Soup", "Cake"]);
        assert_eq!(
            foods_to_remember(&image, Some(&corrections)),
            [(3, 150.0), (4, 50.0)]
        );
    }
}
