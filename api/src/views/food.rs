use chrono::{DateTime, Utc};
use models::micronutrients::{Coverage, Micronutrients};
use models::recipe::PerServing;
use models::recognition::counts_items;
use models::{Food, FoodSource, Portion, UnknownNutrients, UserId};
use serde::Serialize;
use store::{SearchHistoryEntry, UsedFood};
use utoipa::ToSchema;

use crate::{AppState, error::ApiError};

/// A food as every call returns it (SPEC §3 "Food"), per 100 g.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct FoodView {
    pub id: Option<i64>,
    pub name: String,
    pub name_zh: Option<String>,
    pub pinyin: Option<String>,
    pub brand: Option<String>,
    pub barcode: Option<String>,
    pub image_url: Option<String>,
    pub nutrition_grade: Option<String>,
    pub calories_per_100g: f64,
    pub protein_per_100g: f64,
    pub fat_per_100g: f64,
    pub carbs_per_100g: f64,
    /// `null` when the food's source does not give it (unknown, not 0).
    pub fiber_per_100g: Option<f64>,
    pub sugar_per_100g: Option<f64>,
    pub sodium_per_100g: Option<f64>,
    /// Vitamins, minerals and fats per 100 g: every key, `null` when the source does not
    /// give it; the whole object `null` when the source gives none (most branded
    /// products). Left out of a search's answers, which list 20 foods and stay as quick
    /// as before: the food's own page (`GET /foods/{id}/`) has them.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(value_type = Option<Micronutrients>)]
    pub micronutrients: Option<Option<Micronutrients>>,
    /// For a dish worked out from a recipe, the share of its ingredients' grams each
    /// value comes from; left out when every value it has is whole.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub micronutrient_coverage: Option<Coverage>,
    pub serving_size: u32,
    pub serving_unit: &'static str,
    pub portions: Vec<Portion>,
    /// Its first portion is one item counted on a plate ("1 piece", "1 个", "1 slice"),
    /// not a measure ("1 bowl", "100 g"): a photo's food taken from the search is asked
    /// how many, as the recognised ones are.
    pub served_by_item: bool,
    pub is_custom: bool,
    pub is_recipe: bool,
    /// A recipe's servings and its values per serving.
    pub per_serving: Option<PerServing>,
    /// Whether the signed-in viewer starred it.
    pub is_favorite: bool,
    pub is_usda: bool,
    pub fdc_id: Option<i64>,
    pub usda_description: Option<String>,
    pub description: Option<String>,
    pub data_source: FoodSource,
    pub data_quality: String,
    pub ingredients: Option<String>,
    pub category: Option<String>,
    /// A drink (its category is one of drinks): a volume of it is counted as water when
    /// no portion gives its density, and the app says so.
    pub is_drink: bool,
    pub is_owner: bool,
    pub created_at: Option<DateTime<Utc>>,
}

impl FoodView {
    /// A stored food as `viewer` sees it, without looking up their star.
    pub fn new(food: &Food, viewer: Option<UserId>) -> FoodView {
        let mut view = FoodView::unsaved(&food.food);
        view.id = Some(food.id);
        view.is_owner = food.owned_by(viewer);
        view.per_serving = PerServing::of(food);
        view.created_at = Some(food.created_at);
        view
    }

    /// The view of one food with the viewer's star.
    pub async fn with_star(
        state: &AppState,
        food: &Food,
        viewer: Option<UserId>,
    ) -> Result<FoodView, ApiError> {
        let mut views = FoodView::with_stars(state, std::slice::from_ref(food), viewer).await?;
        Ok(views.remove(0))
    }

    /// Views of `foods` with the viewer's stars, looked up at once.
    pub async fn with_stars(
        state: &AppState,
        foods: &[Food],
        viewer: Option<UserId>,
    ) -> Result<Vec<FoodView>, ApiError> {
        let starred = match viewer {
            Some(user) if !foods.is_empty() => {
                let ids: Vec<i64> = foods.iter().map(|f| f.id).collect();
                state.stores.foods.favorites_among(user, &ids).await?
            }
            _ => Vec::new(),
        };
        Ok(foods
            .iter()
            .map(|f| {
                let mut view = FoodView::new(f, viewer);
                view.is_favorite = starred.contains(&f.id);
                view
            })
            .collect())
    }

    /// As a list of search hits shows it: without the micronutrients, which the food's
    /// own page gives.
    pub fn summary(mut self) -> FoodView {
        self.micronutrients = None;
        self.micronutrient_coverage = None;
        self
    }

    /// A food not (yet) stored, such as a USDA search hit.
    pub fn unsaved(f: &models::NewFood) -> FoodView {
        let n = &f.nutrients;
        let is_usda = f.source() == FoodSource::Usda;
        FoodView {
            id: None,
            name: f.name.clone(),
            name_zh: f.name_zh.clone(),
            pinyin: f.pinyin.clone(),
            brand: f.brand.clone(),
            barcode: f.barcode.clone(),
            image_url: f.image_url.clone(),
            nutrition_grade: f.nutrition_grade.clone(),
            calories_per_100g: n.calories,
            protein_per_100g: n.protein,
            fat_per_100g: n.fat,
            carbs_per_100g: n.carbs,
            fiber_per_100g: UnknownNutrients::shown(f.unknown.fiber, n.fiber),
            sugar_per_100g: UnknownNutrients::shown(f.unknown.sugar, n.sugar),
            sodium_per_100g: UnknownNutrients::shown(f.unknown.sodium, n.sodium),
            micronutrients: Some(
                (!f.micronutrients.is_unknown()).then(|| f.micronutrients.rounded()),
            ),
            micronutrient_coverage: f.micronutrients.partial_coverage(),
            serving_size: 100,
            serving_unit: "g",
            portions: f.portions.clone(),
            served_by_item: f
                .portions
                .first()
                .is_some_and(|p| p.grams > 0.0 && counts_items(p)),
            is_custom: f.source() == FoodSource::Custom,
            is_recipe: f.source() == FoodSource::Recipe,
            per_serving: None,
            is_favorite: false,
            is_usda,
            fdc_id: f.fdc_id,
            usda_description: if is_usda { f.description.clone() } else { None },
            description: f.description.clone(),
            data_source: f.source(),
            data_quality: f.data_quality.clone(),
            ingredients: f.ingredients.clone(),
            category: f.category.clone(),
            is_drink: f.is_drink(),
            is_owner: false,
            created_at: None,
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct SearchResults {
    pub query: String,
    pub foods: Vec<FoodView>,
    pub took_ms: f64,
    /// The first food matches every word of the query; when false the foods are only
    /// the closest there are ("No exact match for 红烧肉 — closest:").
    pub exact: bool,
}

#[derive(Serialize, ToSchema)]
pub struct HistoryView {
    history: Vec<HistoryEntry>,
}

#[derive(Serialize, ToSchema)]
struct HistoryEntry {
    query: String,
    searched_at: DateTime<Utc>,
    count: i32,
}

impl From<Vec<SearchHistoryEntry>> for HistoryView {
    fn from(history: Vec<SearchHistoryEntry>) -> Self {
        HistoryView {
            history: history
                .into_iter()
                .map(|h| HistoryEntry {
                    query: h.query,
                    searched_at: h.searched_at,
                    count: h.count,
                })
                .collect(),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct FoodPage {
    pub foods: Vec<FoodView>,
    pub page: i64,
    pub page_size: i64,
    pub total: i64,
}

#[derive(Serialize, ToSchema)]
pub struct DeleteImpact {
    pub removed_from_meals: bool,
    pub meal_count: i64,
    pub meal_foods_count: i64,
}

#[derive(Serialize, ToSchema)]
pub struct FoodList {
    pub foods: Vec<FoodView>,
}

#[derive(Serialize, ToSchema)]
pub struct Starred {
    pub food: FoodView,
}

/// A food the user logged before, with what they logged last time.
#[derive(Serialize, ToSchema)]
pub struct UsedFoodView {
    #[serde(flatten)]
    food: FoodView,
    uses: i64,
    last_used_at: DateTime<Utc>,
    last_quantity: f64,
    last_amount: Option<String>,
}

impl UsedFoodView {
    /// Each of `foods` with its use among `used`, in the order of `foods`; a food with no
    /// use there is left out.
    pub fn list(foods: Vec<FoodView>, used: &[UsedFood]) -> Vec<UsedFoodView> {
        foods
            .into_iter()
            .filter_map(|food| {
                let u = used.iter().find(|u| Some(u.food_id) == food.id)?;
                let (last_quantity, last_amount) = match u.last_quantity {
                    Some(grams) => (grams, u.last_amount.clone()),
                    None => food.never_logged_amount(),
                };
                Some(UsedFoodView {
                    uses: u.uses,
                    last_used_at: u.used_at,
                    last_quantity,
                    last_amount,
                    food,
                })
            })
            .collect()
    }
}

impl FoodView {
    /// What a food never logged with a quantity (only created or saved) is offered at: a
    /// person's own food's first portion, the way its owner said it is eaten (a label's
    /// serving size, "1 serving", a recipe's one serving), else 100 g, as the web app's
    /// food card starts (`startingAmount`).
    fn never_logged_amount(&self) -> (f64, Option<String>) {
        match self.portions.first() {
            Some(portion) if (self.is_custom || self.is_recipe) && portion.grams > 0.0 => {
                (portion.grams, Some(portion.name.clone()))
            }
            _ => (100.0, None),
        }
    }
}

#[derive(Serialize, ToSchema)]
pub struct RecentFoods {
    pub recent: Vec<UsedFoodView>,
    pub frequent: Vec<UsedFoodView>,
}
