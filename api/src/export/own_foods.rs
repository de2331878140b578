//! The foods a person made, as the JSON export writes them after the meals: custom
//! foods, recipes and stars, each read whole (a person makes hundreds, not millions).

use std::sync::Arc;

use models::UserId;
use serde::Serialize;
use store::{FoodStore, RecipeStore, StoreError};

use crate::AppState;
use crate::views::{FoodView, RecipeView};

/// Foods and recipes read at a time.
const PAGE: i64 = 500;

/// A starred food, named so that an import elsewhere can tell it is the same food.
#[derive(Debug, Serialize)]
pub struct Star {
    food_id: i64,
    name: String,
    name_zh: Option<String>,
}

pub struct OwnFoods {
    foods: Arc<dyn FoodStore>,
    recipes: Arc<dyn RecipeStore>,
}

impl OwnFoods {
    pub fn of(state: &AppState) -> OwnFoods {
        OwnFoods {
            foods: state.stores.foods.clone(),
            recipes: state.stores.recipes.clone(),
        }
    }

    /// The owner's custom foods, oldest first.
    pub async fn foods(&self, owner: UserId) -> Result<Vec<FoodView>, StoreError> {
        let mut all = Vec::new();
        loop {
            let (page, total) = self
                .foods
                .list_custom(owner, all.len() as i64, PAGE)
                .await?;
            let done = page.is_empty() || all.len() + page.len() >= total as usize;
            all.extend(page.iter().map(|f| FoodView::new(f, Some(owner))));
            if done {
                break;
            }
        }
        all.reverse();
        Ok(all)
    }

    /// The owner's recipes, oldest first.
    pub async fn recipes(&self, owner: UserId) -> Result<Vec<RecipeView>, StoreError> {
        let mut all = Vec::new();
        loop {
            let (page, total) = self.recipes.list(owner, all.len() as i64, PAGE).await?;
            let done = page.is_empty() || all.len() + page.len() >= total as usize;
            all.extend(page.iter().map(RecipeView::from));
            if done {
                break;
            }
        }
        all.reverse();
        Ok(all)
    }

    /// The owner's starred foods.
    pub async fn favorites(&self, owner: UserId) -> Result<Vec<Star>, StoreError> {
        let ids = self.foods.favorites(owner, i64::from(u16::MAX)).await?;
        let foods = self.foods.get_many(&ids).await?;
        Ok(foods
            .into_iter()
            .map(|f| Star {
                food_id: f.id,
                name: f.food.name,
                name_zh: f.food.name_zh,
            })
            .collect())
    }
}
