//! Every store on one engine's pool.

use std::sync::Arc;

use sqlx::Pool;

use super::{DB, foods, idempotency, images, jobs, meals, recipes, users, weights};
use crate::Stores;

pub(crate) fn stores(pool: &Pool<DB>) -> Stores {
    let accounts = Arc::new(users::SqlAccounts(pool.clone()));
    Stores {
        jobs: Arc::new(jobs::SqlJobs(pool.clone())),
        users: accounts.clone(),
        sessions: accounts,
        foods: Arc::new(foods::SqlFoods(pool.clone())),
        meals: Arc::new(meals::SqlMeals(pool.clone())),
        weights: Arc::new(weights::SqlWeights(pool.clone())),
        images: Arc::new(images::SqlImages(pool.clone())),
        recipes: Arc::new(recipes::SqlRecipes(pool.clone())),
        idempotency: Arc::new(idempotency::SqlIdempotency(pool.clone())),
    }
}
