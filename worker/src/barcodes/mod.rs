//! Barcodes: reading them from photos, and finding the food a barcode names in the
//! foods kept here, Open Food Facts and USDA FoodData Central's branded foods.

pub mod openfoodfacts;
pub mod reader;

use std::time::Duration;

use jobs::BusMessage;
use jobs::JobStep;
use models::analysis::{BarcodeProduct, BarcodeSource, FoodFromBarcode};
use models::import::{Outcome, judge};
use models::{Barcode, ErrorCode, UserId};
use serde_json::Map;
use store::FoodUse;

use platform::outside;

use crate::{JobContext, JobError, WorkerDeps, handlers::store_fault};
use openfoodfacts::OffError;

/// What one source says of a barcode.
pub(crate) enum Answer {
    /// Kept here already.
    Stored(i64),
    /// Described by an outside database, not kept yet.
    Product(Box<BarcodeProduct>),
    NotFound,
    /// The source could not be asked (down, slow, rate limiting us), or not by this
    /// service now: `spent` is when its budget of ours has room again.
    Unavailable {
        why: String,
        spent: Option<Duration>,
    },
}

impl Answer {
    fn unavailable(why: impl std::fmt::Display, spent: Option<Duration>) -> Self {
        Answer::Unavailable {
            why: why.to_string(),
            spent,
        }
    }
}

/// What `source` says of `barcode`, asked for `account` (whose share of an outside
/// source's budget the read counts against).
pub(crate) async fn ask(
    deps: &WorkerDeps,
    source: BarcodeSource,
    barcode: &Barcode,
    account: Option<i64>,
) -> Result<Answer, JobError> {
    Ok(match source {
        BarcodeSource::Local => {
            match deps
                .stores
                .foods
                .find_by_barcode(&barcode.stored_forms())
                .await
                .map_err(store_fault)?
            {
                Some(food) => Answer::Stored(food.id),
                None => Answer::NotFound,
            }
        }
        BarcodeSource::OpenFoodFacts => match deps.off.product(barcode.as_str(), account).await {
            Ok(Some(product)) => Answer::Product(Box::new(product)),
            Ok(None) => Answer::NotFound,
            Err(e @ OffError::BudgetSpent { retry_after }) => {
                Answer::unavailable(e, Some(retry_after))
            }
            Err(e) => Answer::unavailable(e, None),
        },
        BarcodeSource::Usda => match deps
            .usda
            .by_barcode(barcode, account.map(outside::account).as_deref())
            .await
        {
            Ok(Some(food)) => {
                let f = food.to_food();
                Answer::Product(Box::new(BarcodeProduct {
                    name: f.name,
                    brand: f.brand,
                    barcode: barcode.as_str().to_owned(),
                    image_url: None,
                    nutrition_grade: None,
                    nutrients: f.nutrients,
                    ingredients: f.ingredients,
                    fdc_id: f.fdc_id,
                    source: models::FoodSource::Usda,
                }))
            }
            Ok(None) => Answer::NotFound,
            Err(e @ platform::usda::UsdaError::BudgetSpent { retry_after }) => {
                Answer::unavailable(e, Some(retry_after))
            }
            Err(e) => Answer::unavailable(e, None),
        },
    })
}

/// The API parsed it; a job from elsewhere may not have.
pub(crate) fn parse(barcode: &str) -> Result<Barcode, JobError> {
    Barcode::parse(barcode).map_err(|e| JobError::permanent(ErrorCode::InvalidBarcode, e.0))
}

/// Finds or creates the food of a barcode for the job's user: their own food with that
/// barcode, then the foods kept here, then Open Food Facts, then USDA branded foods (one
/// food per barcode, also when requests race). The food counts as used by the user.
pub(crate) async fn food_for(
    deps: &WorkerDeps,
    ctx: &JobContext,
    barcode: &Barcode,
) -> Result<FoodFromBarcode, JobError> {
    if !barcode.is_food() {
        return Err(JobError::permanent(
            ErrorCode::NotAFoodBarcode,
            format!("{barcode} is a book or periodical code (ISBN/ISSN), not a food"),
        ));
    }
    let user = ctx.user_id().map(UserId::from_i64);
    // A product no database knew, which the user created a food for.
    let own = match user {
        Some(user) => deps
            .stores
            .foods
            .find_own_by_barcode(user, &barcode.stored_forms())
            .await
            .map_err(store_fault)?
            .map(|food| food.id),
        None => None,
    };
    let kept = match own {
        Some(food_id) => Some(food_id),
        None => match ask(deps, BarcodeSource::Local, barcode, None).await? {
            Answer::Stored(food_id) => Some(food_id),
            _ => None,
        },
    };
    if let Some(food_id) = kept {
        let found = FoodFromBarcode {
            food_id,
            is_existing: true,
            source: BarcodeSource::Local,
        };
        return used(deps, user, found).await;
    }
    let mut refused = None;
    let mut unavailable = Vec::new();
    // When every source that could not be asked was held back by a budget of ours.
    let mut only_spent: Option<Duration> = None;
    for source in [BarcodeSource::OpenFoodFacts, BarcodeSource::Usda] {
        ctx.progress(
            JobStep::BarcodeLookup,
            30,
            format!("Asking {source:?}"),
            Map::new(),
        )
        .await?;
        let product = match ask(deps, source, barcode, ctx.user_id()).await? {
            Answer::Product(product) => product,
            Answer::Unavailable { why, spent } => {
                only_spent = match (unavailable.is_empty(), spent) {
                    (true, Some(wait)) => Some(wait),
                    (false, Some(wait)) => only_spent.map(|w| w.min(wait)),
                    (_, None) => None,
                };
                unavailable.push(why);
                continue;
            }
            Answer::Stored(_) | Answer::NotFound => continue,
        };
        // A product past the sanity rules is not kept; another source may describe
        // it properly, else the caller hears why.
        let food = match judge(product.to_food()) {
            Outcome::Food(food) => food,
            Outcome::Rejected(r) => {
                refused.get_or_insert(format!(
                    "{} ({barcode}) was refused: {}",
                    if r.name.is_empty() {
                        "The product"
                    } else {
                        &r.name
                    },
                    r.reason
                ));
                continue;
            }
        };
        let foods = &deps.stores.foods;
        foods.upsert_shared(&[*food]).await.map_err(store_fault)?;
        // Whoever stored first wins a race: every request answers with the same food.
        let Answer::Stored(food_id) = ask(deps, BarcodeSource::Local, barcode, None).await? else {
            return Err(JobError::Transient("the new food was not stored".into()));
        };
        if let Err(e) = deps.jobs.bus().publish(BusMessage::FoodsChanged).await {
            tracing::debug!(error = %e, "could not announce the new food; indexes catch up on their own");
        }
        return used(
            deps,
            user,
            FoodFromBarcode {
                food_id,
                is_existing: false,
                source,
            },
        )
        .await;
    }
    Err(match (refused, unavailable.is_empty()) {
        (Some(why), _) => JobError::permanent(ErrorCode::ProductRejected, why),
        // Ours to refuse for now (429 with Retry-After), not a service failing (503).
        (None, false) if only_spent.is_some() => JobError::for_now(
            ErrorCode::RateLimited,
            format!(
                "Barcode {barcode} could not be looked up for now: {}",
                unavailable.join("; ")
            ),
            only_spent.unwrap_or_default(),
        ),
        (None, false) => JobError::permanent(
            ErrorCode::BarcodeLookupUnavailable,
            format!(
                "No food is kept here for barcode {barcode}, and it could not be looked up: {}",
                unavailable.join("; ")
            ),
        ),
        (None, true) => JobError::permanent(
            ErrorCode::BarcodeNotFound,
            format!("No food information found for barcode {barcode}"),
        ),
    })
}

/// The food counts as used by the user (their quick foods list it).
async fn used(
    deps: &WorkerDeps,
    user: Option<UserId>,
    found: FoodFromBarcode,
) -> Result<FoodFromBarcode, JobError> {
    if let Some(user) = user {
        deps.stores
            .foods
            .record_uses(user, &[FoodUse::of(found.food_id)])
            .await
            .map_err(store_fault)?;
    }
    Ok(found)
}
