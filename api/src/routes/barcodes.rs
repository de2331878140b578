//! `/images/*barcode*`: the barcodes in an uploaded photo, and the foods they name. The
//! reading and every lookup run as jobs on the workers; these handlers parse and
//! own-check, and answer within about 2 s (else 202: see `job_answers`).

use axum::{
    extract::State,
    response::{IntoResponse, Response},
};
use jobs::payloads::{CreateFoodFromBarcode, DetectBarcodes, SearchBarcode};
use models::ErrorCode;
use models::analysis::BarcodeSource;
use models::{Barcode, UserId};
use serde::Deserialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiError, ApiJson, Success},
    extract::Body,
    job_answers::{answer, answer_queued},
    owned::own_image,
    params::AnalyzeInput,
    photo_work::{self, Budget},
    views::{Accepted, BarcodeFoodsView, BarcodeSearchView, CreatedView, DetectionView, FoodView},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(detect))
        .routes(routes!(analyze_with_barcode))
        .routes(routes!(create_food))
        .routes(routes!(search_off))
        .routes(routes!(search_usda))
        .routes(routes!(search_combined))
}

/// Reads the caller's photo on a worker, and finds the food of each food code when asked.
async fn scan(
    state: &AppState,
    owner: UserId,
    input: &AnalyzeInput,
    find_foods: bool,
) -> Result<Response, ApiError> {
    let image = own_image(state, owner, input.image_id()?).await?;
    let job = DetectBarcodes {
        image_id: image.id,
        find_foods,
    };
    let job_id = photo_work::queue(state, job, owner, Budget::ToCount).await?;
    answer_queued::<DetectBarcodes>(state, job_id, Some(owner)).await
}

#[utoipa::path(
    post,
    path = "/images/detect-barcodes",
    tag = "barcodes",
    operation_id = "barcodes_detect",
    summary = "Read the barcodes in {image_id}: {image_id, barcodes: [{data, formatted_data, type, text, is_food}], food_barcodes_only}. EAN-13, EAN-8, UPC-A (type UPC) and UPC-E are food codes, data is their canonical GTIN (UPC-A with a leading 0, UPC-E expanded); books (ISBN) and other formats (QR_CODE, CODE_128…) are listed with is_food false.",
    request_body(content = inline(AnalyzeInput), example = json!({"image_id": 1})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The barcodes (possibly none)", body = Success<DetectionView>),
        (status = 202, description = "Still under way: follow events, then GET result", body = Success<Accepted>),
        (status = 404, description = "IMAGE_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR, IMAGE_PROCESSING_FAILED, or INVALID_IMAGE when the photo does not decode"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn detect(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<AnalyzeInput>,
) -> Result<Response, ApiError> {
    scan(&state, user.id, &input, false).await
}

#[derive(Deserialize, ToSchema)]
struct BarcodeInput {
    barcode: Option<serde_json::Value>,
    /// How it was printed, when the caller knows (eight digits are EAN-8 or UPC-E).
    #[serde(rename = "type")]
    kind: Option<String>,
}

impl BarcodeInput {
    fn barcode(&self) -> Result<Barcode, ApiError> {
        let text = match &self.barcode {
            Some(serde_json::Value::String(s)) => s.clone(),
            // A code sent as a JSON number has lost any leading zero; the check digit
            // then decides whether what is left is still a code.
            Some(serde_json::Value::Number(n)) => n.to_string(),
            Some(_) => return Err(ApiError::validation("barcode must be a string of digits")),
            None => return Err(ApiError::validation("barcode is required")),
        };
        let kind = self.kind.as_deref().and_then(models::BarcodeKind::parse);
        match kind {
            Some(kind) => Barcode::read(kind, &text),
            None => Barcode::parse(&text),
        }
        .map_err(|e| ApiError::new(ErrorCode::InvalidBarcode, e.0))
    }
}

#[utoipa::path(
    post,
    path = "/images/create-food-from-barcode",
    tag = "barcodes",
    operation_id = "barcodes_create_food",
    summary = "Find or create the food of {barcode, type?}: the foods kept here first (imported Open Food Facts and USDA branded data included), then Open Food Facts, then USDA branded foods. One food per barcode. {food, is_existing, source}.",
    request_body(content = inline(BarcodeInput), example = json!({"barcode": "4006381333931", "type": "EAN-13"})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The food", body = Success<CreatedView>),
        (status = 202, description = "Still under way (a lookup abroad): follow events, then GET result", body = Success<Accepted>),
        (status = 404, description = "BARCODE_NOT_FOUND"),
        (status = 422, description = "INVALID_BARCODE, NOT_A_FOOD_BARCODE or PRODUCT_REJECTED (past the sanity rules, with the reason)"),
        (status = 429, description = "RATE_LIMITED: the account's share of this service's Open Food Facts or USDA lookups is spent for now and no source could be asked; Retry-After says when to try again"),
        (status = 503, description = "BARCODE_LOOKUP_UNAVAILABLE: Open Food Facts or USDA failed, or is rate limiting this service"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn create_food(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<BarcodeInput>,
) -> Result<Response, ApiError> {
    let barcode = input.barcode()?;
    let job = CreateFoodFromBarcode {
        barcode: barcode.as_str().to_owned(),
    };
    answer(&state, job, Some(user.id)).await
}

/// Reads the photo, then finds or creates the food of each food barcode in it.
#[utoipa::path(
    post,
    path = "/images/analyze-with-barcode",
    tag = "barcodes",
    operation_id = "barcodes_analyze_with_barcode",
    summary = "Read the barcodes in {image_id} and find or create the food of each food barcode: the detection fields plus foods [{barcode, food, is_existing, source}] and missing [{barcode, code, message}].",
    request_body(content = inline(AnalyzeInput), example = json!({"image_id": 1})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Barcodes and foods", body = Success<BarcodeFoodsView>),
        (status = 202, description = "Still under way: follow events, then GET result", body = Success<Accepted>),
        (status = 404, description = "IMAGE_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn analyze_with_barcode(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<AnalyzeInput>,
) -> Result<Response, ApiError> {
    scan(&state, user.id, &input, true).await
}

/// The user's own food with the barcode (kept here, so no job), else the sources asked
/// by a job.
async fn search(
    state: &AppState,
    user: UserId,
    input: &BarcodeInput,
    sources: &[BarcodeSource],
) -> Result<Response, ApiError> {
    let barcode = input.barcode()?;
    if sources.contains(&BarcodeSource::Local)
        && let Some(own) = state
            .stores
            .foods
            .find_own_by_barcode(user, &barcode.stored_forms())
            .await?
    {
        return Ok(ApiJson(BarcodeSearchView {
            barcode: barcode.as_str().to_owned(),
            found: true,
            food: Some(FoodView::new(&own, Some(user))),
            source: Some(BarcodeSource::Local),
            issues: Vec::new(),
            unavailable: Vec::new(),
        })
        .into_response());
    }
    let job = SearchBarcode {
        barcode: barcode.as_str().to_owned(),
        sources: sources.to_vec(),
    };
    answer(state, job, Some(user)).await
}

#[utoipa::path(
    post,
    path = "/images/search-openfoodfacts-barcode",
    tag = "barcodes",
    operation_id = "barcodes_search_off",
    summary = "Look {barcode} up on Open Food Facts without keeping it: {barcode, found, food, source, issues, unavailable}.",
    request_body(content = inline(BarcodeInput), example = json!({"barcode": "4006381333931", "type": "EAN-13"})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Found or not", body = Success<BarcodeSearchView>),
        (status = 202, description = "Still under way: follow events, then GET result", body = Success<Accepted>),
        (status = 422, description = "INVALID_BARCODE"),
        (status = 503, description = "BARCODE_LOOKUP_UNAVAILABLE"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn search_off(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<BarcodeInput>,
) -> Result<Response, ApiError> {
    search(&state, user.id, &input, &[BarcodeSource::OpenFoodFacts]).await
}

#[utoipa::path(
    post,
    path = "/images/search-usda-barcode",
    tag = "barcodes",
    operation_id = "barcodes_search_usda",
    summary = "Look {barcode} up among USDA FoodData Central branded foods (gtinUpc in its printed forms) without keeping it.",
    request_body(content = inline(BarcodeInput), example = json!({"barcode": "4006381333931", "type": "EAN-13"})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Found or not", body = Success<BarcodeSearchView>),
        (status = 202, description = "Still under way: follow events, then GET result", body = Success<Accepted>),
        (status = 422, description = "INVALID_BARCODE"),
        (status = 503, description = "BARCODE_LOOKUP_UNAVAILABLE"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn search_usda(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<BarcodeInput>,
) -> Result<Response, ApiError> {
    search(&state, user.id, &input, &[BarcodeSource::Usda]).await
}

#[utoipa::path(
    post,
    path = "/images/search-barcode-combined",
    tag = "barcodes",
    operation_id = "barcodes_search_combined",
    summary = "Look {barcode} up here, then on Open Food Facts, then USDA: the first that knows it.",
    request_body(content = inline(BarcodeInput), example = json!({"barcode": "4006381333931", "type": "EAN-13"})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Found or not", body = Success<BarcodeSearchView>),
        (status = 202, description = "Still under way: follow events, then GET result", body = Success<Accepted>),
        (status = 422, description = "INVALID_BARCODE"),
        (status = 503, description = "BARCODE_LOOKUP_UNAVAILABLE"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn search_combined(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<BarcodeInput>,
) -> Result<Response, ApiError> {
    search(&state, user.id, &input, &BarcodeSource::ALL).await
}
