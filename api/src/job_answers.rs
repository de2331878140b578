//! Calls whose work runs on the workers (reading barcodes and labels, looking barcodes
//! up abroad, fetching USDA foods), answered without holding the request: a call queues
//! its job and waits at most `ANSWER_WITHIN_MS` (2 s). Its answer is then the call's own view of
//! the job's output, or 202 with where to follow the job; `GET /jobs/{id}/result` gives
//! that same view once the job is done. Each job's view is defined once, here.

use std::future::Future;

use axum::response::{IntoResponse, Response};
use jobs::payloads::{
    CreateFoodFromBarcode, DetectBarcodes, FetchUsdaFood, ReadLabel, SearchBarcode, UsdaNutrition,
};
use jobs::{Job, JobId, Outcome};
use models::analysis::{BarcodeMatch, BarcodeScan, BarcodeSearch, FoodFromBarcode, LabelRead};
use models::{ErrorCode, JobRecord, UserId};
use serde::Serialize;

use crate::food_index::learn;
use crate::food_lookup::food_not_found;
use crate::views::{
    Accepted, BarcodeFoodView, BarcodeFoodsView, BarcodeSearchView, CreatedView, DetectionView,
    FoodView, LabelView, MissingView,
};
use crate::{
    AppState,
    error::{ApiError, ApiJson},
};

/// A job whose output a call answers with.
pub(crate) trait Answered: Job {
    type View: Serialize + Send;

    /// The call's answer, for `viewer`, who asked.
    fn view(
        state: &AppState,
        viewer: Option<UserId>,
        output: Self::Output,
    ) -> impl Future<Output = Result<Self::View, ApiError>> + Send;
}

/// Queues the job and waits briefly for its outcome (a failure is the call's error).
pub(crate) async fn run_briefly<J: Job>(
    state: &AppState,
    payload: J,
    owner: Option<UserId>,
) -> Result<Outcome<J::Output>, ApiError> {
    let job_id = state.jobs.push(payload, owner.map(UserId::get)).await?;
    briefly::<J>(state, job_id).await
}

/// The queued job's outcome, waited for as long as a call waits (`ANSWER_WITHIN_MS`).
async fn briefly<J: Job>(state: &AppState, job_id: JobId) -> Result<Outcome<J::Output>, ApiError> {
    Ok(state
        .jobs
        .outcome_within::<J>(job_id, state.config.answer_within)
        .await?)
}

/// The call's answer: the job's view when it ended in time, else 202 with where to
/// follow it and where its answer will be.
pub(crate) async fn answer<J: Answered>(
    state: &AppState,
    payload: J,
    owner: Option<UserId>,
) -> Result<Response, ApiError> {
    let job_id = state.jobs.push(payload, owner.map(UserId::get)).await?;
    answer_queued::<J>(state, job_id, owner).await
}

/// [`answer`] for a job already queued.
pub(crate) async fn answer_queued<J: Answered>(
    state: &AppState,
    job_id: JobId,
    owner: Option<UserId>,
) -> Result<Response, ApiError> {
    match briefly::<J>(state, job_id).await? {
        Outcome::Done(output) => Ok(ApiJson(J::view(state, owner, output).await?).into_response()),
        Outcome::Pending(progress) => Ok(Accepted::job(&progress, true).into_response()),
    }
}

/// `GET /jobs/{id}/result`: the answer of the call that queued the job, once it is done
/// (202 again while it runs; its failure as the call's error).
pub(crate) async fn result_of(state: &AppState, record: JobRecord) -> Result<Response, ApiError> {
    let queue = record.queue.as_str();
    if queue == ReadLabel::QUEUE {
        rendered::<ReadLabel>(state, record).await
    } else if queue == DetectBarcodes::QUEUE {
        rendered::<DetectBarcodes>(state, record).await
    } else if queue == CreateFoodFromBarcode::QUEUE {
        rendered::<CreateFoodFromBarcode>(state, record).await
    } else if queue == SearchBarcode::QUEUE {
        rendered::<SearchBarcode>(state, record).await
    } else if queue == FetchUsdaFood::QUEUE {
        rendered::<FetchUsdaFood>(state, record).await
    } else {
        // Jobs no call answers with (mail, imports, probes): their result as stored.
        let last = jobs::current_state(&record);
        if !last.is_terminal() {
            return Ok(Accepted::job(&last, true).into_response());
        }
        let result: serde_json::Value = jobs::outcome_of(last)?;
        Ok(ApiJson(result).into_response())
    }
}

async fn rendered<J: Answered>(state: &AppState, record: JobRecord) -> Result<Response, ApiError> {
    let viewer = record.owner_user_id.map(UserId::from_i64);
    let last = jobs::current_state(&record);
    if !last.is_terminal() {
        return Ok(Accepted::job(&last, true).into_response());
    }
    let output = jobs::outcome_of::<J::Output>(last)?;
    Ok(ApiJson(J::view(state, viewer, output).await?).into_response())
}

impl Answered for ReadLabel {
    type View = LabelView;

    async fn view(_: &AppState, _: Option<UserId>, read: LabelRead) -> Result<LabelView, ApiError> {
        Ok(read.into())
    }
}

impl Answered for FetchUsdaFood {
    type View = UsdaNutrition;

    async fn view(
        _: &AppState,
        _: Option<UserId>,
        fetched: UsdaNutrition,
    ) -> Result<UsdaNutrition, ApiError> {
        Ok(fetched)
    }
}

/// The food a barcode job found or made, as the viewer sees it. A food just made is
/// searchable here at once.
async fn food_view(
    state: &AppState,
    viewer: Option<UserId>,
    found: &FoodFromBarcode,
) -> Result<FoodView, ApiError> {
    let food = state
        .stores
        .foods
        .get(found.food_id)
        .await?
        .ok_or_else(food_not_found)?;
    if !found.is_existing {
        learn(state, &food);
    }
    Ok(FoodView::new(&food, viewer))
}

impl Answered for CreateFoodFromBarcode {
    type View = CreatedView;

    async fn view(
        state: &AppState,
        viewer: Option<UserId>,
        made: FoodFromBarcode,
    ) -> Result<CreatedView, ApiError> {
        Ok(CreatedView {
            food: food_view(state, viewer, &made).await?,
            is_existing: made.is_existing,
            source: made.source,
        })
    }
}

/// The barcodes of a photo; with the food of each food barcode when they were asked for.
#[derive(Serialize)]
#[serde(untagged)]
pub(crate) enum ScanView {
    Barcodes(DetectionView),
    WithFoods(BarcodeFoodsView),
}

impl Answered for DetectBarcodes {
    type View = ScanView;

    async fn view(
        state: &AppState,
        viewer: Option<UserId>,
        scan: BarcodeScan,
    ) -> Result<ScanView, ApiError> {
        let detection = DetectionView::from(&scan);
        let Some(lookups) = scan.foods else {
            return Ok(ScanView::Barcodes(detection));
        };
        let mut foods = Vec::new();
        let mut missing = Vec::new();
        for lookup in lookups {
            match lookup.food {
                Ok(found) => foods.push(BarcodeFoodView {
                    food: food_view(state, viewer, &found).await?,
                    barcode: lookup.barcode,
                    is_existing: found.is_existing,
                    source: found.source,
                }),
                Err(failure) => missing.push(MissingView {
                    barcode: lookup.barcode,
                    code: failure.code,
                    message: failure.message,
                }),
            }
        }
        Ok(ScanView::WithFoods(BarcodeFoodsView {
            detection,
            foods,
            missing,
        }))
    }
}

impl Answered for SearchBarcode {
    type View = BarcodeSearchView;

    async fn view(
        state: &AppState,
        viewer: Option<UserId>,
        answer: BarcodeSearch,
    ) -> Result<BarcodeSearchView, ApiError> {
        let (food, source, issues) = match answer.found {
            None => (None, None, Vec::new()),
            Some(BarcodeMatch {
                source,
                food_id: Some(id),
                ..
            }) => {
                let food = state.stores.foods.get(id).await?;
                (
                    food.map(|f| FoodView::new(&f, viewer)),
                    Some(source),
                    Vec::new(),
                )
            }
            Some(BarcodeMatch {
                source,
                product: Some(product),
                ..
            }) => {
                let food = product.to_food();
                let issues = match models::import::judge(food.clone()) {
                    models::import::Outcome::Food(_) => Vec::new(),
                    models::import::Outcome::Rejected(r) => vec![r.reason],
                };
                (Some(FoodView::unsaved(&food)), Some(source), issues)
            }
            Some(_) => (None, None, Vec::new()),
        };
        if food.is_none() && !answer.unavailable.is_empty() {
            return Err(ApiError::new(
                ErrorCode::BarcodeLookupUnavailable,
                answer.unavailable.join("; "),
            ));
        }
        Ok(BarcodeSearchView {
            barcode: answer.barcode,
            found: food.is_some(),
            food,
            source,
            issues,
            unavailable: answer.unavailable,
        })
    }
}
