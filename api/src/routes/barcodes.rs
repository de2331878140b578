//! `/images/*barcode*`: the barcodes in an uploaded photo, and the foods they name. The
//! reading and every lookup run as jobs on the workers; these handlers parse, own-check
//! and shape the answers.

use std::time::Duration;

use axum::extract::State;
use jobs::payloads::{CreateFoodFromBarcode, DetectBarcodes, SearchBarcode};
use models::ErrorCode;
use models::analysis::{BarcodeMatch, BarcodeScan, BarcodeSource, ScannedBarcode};
use models::{Barcode, UserId};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiError, ApiJson, ApiResult, Success},
    extract::Body,
    food_index::reindex,
    owned::own_image,
    params::AnalyzeInput,
    views::FoodView,
};

/// Reading a photo takes milliseconds; a lookup may wait on two outside services.
const DETECT_TIMEOUT: Duration = Duration::from_secs(30);
const LOOKUP_TIMEOUT: Duration = Duration::from_secs(20);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(detect))
        .routes(routes!(analyze_with_barcode))
        .routes(routes!(create_food))
        .routes(routes!(search_off))
        .routes(routes!(search_usda))
        .routes(routes!(search_combined))
}

/// SPEC §3 "Barcode detection".
#[derive(Serialize, ToSchema)]
struct DetectionView {
    image_id: i64,
    barcodes: Vec<ScannedBarcode>,
    food_barcodes_only: Vec<ScannedBarcode>,
    took_ms: f64,
}

impl DetectionView {
    fn new(image_id: i64, scan: BarcodeScan) -> Self {
        DetectionView {
            image_id,
            food_barcodes_only: scan
                .barcodes
                .iter()
                .filter(|b| b.is_food)
                .cloned()
                .collect(),
            barcodes: scan.barcodes,
            took_ms: scan.took_ms,
        }
    }
}

async fn scan(
    state: &AppState,
    owner: UserId,
    input: &AnalyzeInput,
) -> Result<DetectionView, ApiError> {
    let image = own_image(state, owner, input.image_id()?).await?;
    let scan = state
        .jobs
        .run(
            DetectBarcodes { image_id: image.id },
            Some(owner.get()),
            DETECT_TIMEOUT,
        )
        .await?;
    Ok(DetectionView::new(image.id, scan))
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
        (status = 404, description = "IMAGE_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR or IMAGE_PROCESSING_FAILED"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn detect(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<AnalyzeInput>,
) -> ApiResult<DetectionView> {
    Ok(ApiJson(scan(&state, user.id, &input).await?))
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

/// SPEC §7 create-food-from-barcode: `{food, is_existing}`.
#[derive(Serialize, ToSchema)]
struct CreatedView {
    food: FoodView,
    is_existing: bool,
    source: BarcodeSource,
}

async fn food_for(
    state: &AppState,
    user: UserId,
    barcode: &Barcode,
) -> Result<CreatedView, ApiError> {
    // A product no database knew, which the user created a food for.
    if let Some(own) = state
        .stores
        .foods
        .find_own_by_barcode(user, &barcode.stored_forms())
        .await?
    {
        state
            .stores
            .foods
            .record_uses(user, &[models::FoodUse::of(own.id)])
            .await?;
        return Ok(CreatedView {
            food: FoodView::new(&own, Some(user)),
            is_existing: true,
            source: BarcodeSource::Local,
        });
    }
    let made = state
        .jobs
        .run(
            CreateFoodFromBarcode {
                barcode: barcode.as_str().to_owned(),
            },
            Some(user.get()),
            LOOKUP_TIMEOUT,
        )
        .await?;
    let food = state
        .stores
        .foods
        .get(made.food_id)
        .await?
        .ok_or_else(|| ApiError::internal("the barcode's food vanished"))?;
    if !made.is_existing {
        // Searchable at once, before the index's own catch-up.
        reindex(state, &food, false).await;
    }
    state
        .stores
        .foods
        .record_uses(user, &[models::FoodUse::of(food.id)])
        .await?;
    Ok(CreatedView {
        food: FoodView::new(&food, Some(user)),
        is_existing: made.is_existing,
        source: made.source,
    })
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
        (status = 404, description = "BARCODE_NOT_FOUND"),
        (status = 422, description = "INVALID_BARCODE, NOT_A_FOOD_BARCODE or PRODUCT_REJECTED (past the sanity rules, with the reason)"),
        (status = 503, description = "BARCODE_LOOKUP_UNAVAILABLE"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn create_food(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<BarcodeInput>,
) -> ApiResult<CreatedView> {
    let barcode = input.barcode()?;
    Ok(ApiJson(food_for(&state, user.id, &barcode).await?))
}

#[derive(Serialize, ToSchema)]
struct BarcodeFoodView {
    barcode: String,
    food: FoodView,
    is_existing: bool,
    source: BarcodeSource,
}

#[derive(Serialize, ToSchema)]
struct MissingView {
    barcode: String,
    code: String,
    message: String,
}

#[derive(Serialize, ToSchema)]
struct AnalysisView {
    #[serde(flatten)]
    detection: DetectionView,
    foods: Vec<BarcodeFoodView>,
    /// Food barcodes no food could be found or made for, each with why.
    missing: Vec<MissingView>,
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
        (status = 200, description = "Barcodes and foods", body = Success<AnalysisView>),
        (status = 404, description = "IMAGE_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn analyze_with_barcode(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<AnalyzeInput>,
) -> ApiResult<AnalysisView> {
    let detection = scan(&state, user.id, &input).await?;
    let lookups = detection.food_barcodes_only.iter().map(|scanned| {
        let state = &state;
        async move {
            let result = match Barcode::parse(&scanned.data) {
                Ok(code) => food_for(state, user.id, &code).await,
                Err(e) => Err(ApiError::validation(e.0)),
            };
            (scanned.data.clone(), result)
        }
    });
    let mut foods = Vec::new();
    let mut missing = Vec::new();
    for (barcode, result) in futures::future::join_all(lookups).await {
        match result {
            Ok(made) => foods.push(BarcodeFoodView {
                barcode,
                food: made.food,
                is_existing: made.is_existing,
                source: made.source,
            }),
            Err(e) => missing.push(MissingView {
                barcode,
                code: e.code.as_str().to_owned(),
                message: e.message,
            }),
        }
    }
    Ok(ApiJson(AnalysisView {
        detection,
        foods,
        missing,
    }))
}

/// A lookup's answer: the food (stored, or as the outside database describes it).
#[derive(Serialize, ToSchema)]
struct SearchView {
    barcode: String,
    found: bool,
    food: Option<FoodView>,
    source: Option<BarcodeSource>,
    /// Why the product would be refused if saved (SPEC §9 sanity rules); empty if fine.
    issues: Vec<String>,
    /// Sources that could not be asked, and why.
    unavailable: Vec<String>,
}

async fn search(
    state: &AppState,
    user: UserId,
    input: &BarcodeInput,
    sources: &[BarcodeSource],
) -> ApiResult<SearchView> {
    let barcode = input.barcode()?;
    if sources.contains(&BarcodeSource::Local)
        && let Some(own) = state
            .stores
            .foods
            .find_own_by_barcode(user, &barcode.stored_forms())
            .await?
    {
        return Ok(ApiJson(SearchView {
            barcode: barcode.as_str().to_owned(),
            found: true,
            food: Some(FoodView::new(&own, Some(user))),
            source: Some(BarcodeSource::Local),
            issues: Vec::new(),
            unavailable: Vec::new(),
        }));
    }
    let answer = state
        .jobs
        .run(
            SearchBarcode {
                barcode: barcode.as_str().to_owned(),
                sources: sources.to_vec(),
            },
            Some(user.get()),
            LOOKUP_TIMEOUT,
        )
        .await?;
    let (food, source, issues) = match answer.found {
        None => (None, None, Vec::new()),
        Some(BarcodeMatch {
            source,
            food_id: Some(id),
            ..
        }) => {
            let food = state.stores.foods.get(id).await?;
            (
                food.map(|f| FoodView::new(&f, Some(user))),
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
    Ok(ApiJson(SearchView {
        barcode: barcode.as_str().to_owned(),
        found: food.is_some(),
        food,
        source,
        issues,
        unavailable: answer.unavailable,
    }))
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
        (status = 200, description = "Found or not", body = Success<SearchView>),
        (status = 422, description = "INVALID_BARCODE"),
        (status = 503, description = "BARCODE_LOOKUP_UNAVAILABLE"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn search_off(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<BarcodeInput>,
) -> ApiResult<SearchView> {
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
        (status = 200, description = "Found or not", body = Success<SearchView>),
        (status = 422, description = "INVALID_BARCODE"),
        (status = 503, description = "BARCODE_LOOKUP_UNAVAILABLE"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn search_usda(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<BarcodeInput>,
) -> ApiResult<SearchView> {
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
        (status = 200, description = "Found or not", body = Success<SearchView>),
        (status = 422, description = "INVALID_BARCODE"),
        (status = 503, description = "BARCODE_LOOKUP_UNAVAILABLE"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn search_combined(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<BarcodeInput>,
) -> ApiResult<SearchView> {
    search(&state, user.id, &input, &BarcodeSource::ALL).await
}
