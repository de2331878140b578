//! `/images/*`: photos of plates. Upload (checked, turned upright, kept without its
//! metadata), analysis by the recognition jobs (streamed or awaited), the results, the
//! user's confirmation and corrections, a meal from them, the list, and deletion with
//! the file.

use axum::{
    Extension,
    extract::{DefaultBodyLimit, Multipart, State, multipart::MultipartRejection},
    http::StatusCode,
    response::{IntoResponse, Response},
};
use models::analysis::StoredAnalysis;
use models::upload::UploadedImage;
use serde::Deserialize;
use serde_json::Value;
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{RefOr, schema::Schema},
};
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use crate::error::Success;
use crate::openapi::{self, FormField};
use crate::{
    AppState, analysis,
    auth::AuthUser,
    drafting::{LineInput, MealFields, MealInput, save_meal},
    error::{ApiError, ApiJson, ApiResult},
    extract::{self, Body, Clock, LastEventId, Path, Query},
    owned::{image_not_found, own_image},
    params::{AnalyzeInput, PageParams},
    photo,
    sse::sse,
    views::{Accepted, CancelledView, Deleted, ImagePage, ImageView, MealView, ResultsView},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload).layer(DefaultBodyLimit::max(photo::MAX_UPLOAD_FORM_BYTES)))
        .routes(routes!(analyze_stream))
        .routes(routes!(events))
        .routes(routes!(cancel))
        .routes(routes!(analyze))
        .routes(routes!(confirm))
        .routes(routes!(create_meal))
        .routes(routes!(list))
        .routes(routes!(results))
        .routes(routes!(remove))
}

const MAX_NOTES_CHARS: usize = 500;

/// The form `upload` reads: the photo, and optional notes.
struct PhotoForm;

impl PartialSchema for PhotoForm {
    fn schema() -> RefOr<Schema> {
        openapi::multipart_form(&[("image", FormField::File), ("notes", FormField::Text)])
    }
}

impl ToSchema for PhotoForm {}

#[utoipa::path(
    post,
    path = "/images/upload",
    tag = "images",
    operation_id = "images_upload",
    summary = "Upload a photo (multipart: field image, optional notes naming foods such as \"rice, egg\"). The type is read from the bytes (JPEG, PNG, WebP), at most 10 MB and 50 megapixels, and by default at most 192 MB to decode (width × height × channels × bytes per sample, with the decoder's own working memory: a 50-megapixel 8-bit photo fits, a 16-bit or transparent one of that size does not); only its header is read here: the photo is kept as sent and a worker then turns it upright by its EXIF orientation, scales it and keeps it as a JPEG without metadata (an analysis or barcode reading that comes first does this first): {id, processing_status, keywords, notes, width, height (as it is kept, upright)}. A photo whose header reads but whose picture does not decode is refused when it is analysed (INVALID_IMAGE in the analysis). By default each account may send 30 photos (uploads and label readings together) per 10 minutes and keep 1 GB of photos, and photos never confirmed nor saved in a meal are deleted after 30 days.",
    request_body(content = inline(PhotoForm), content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The image", body = Success<ImageView>),
        (status = 401, description = "Not signed in"),
        (status = 413, description = "IMAGE_TOO_LARGE (the file), or UPLOAD_QUOTA_EXCEEDED: the account's kept photos are at their quota; delete some to upload new ones"),
        (status = 415, description = "UNSUPPORTED_IMAGE, or MULTIPART_REQUIRED when the body is not multipart"),
        (status = 422, description = "INVALID_IMAGE, or IMAGE_TOO_LARGE (too many pixels, or too much memory to decode)"),
        (status = 429, description = "RATE_LIMITED: too many photos from this account; Retry-After says when to try again"),
        (status = 503, description = "PHOTO_STORE_UNAVAILABLE: the photo store cannot be reached, the photo was not kept"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn upload(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    counted: Option<Extension<photo::Counted>>,
    form: Result<Multipart, MultipartRejection>,
) -> Result<impl IntoResponse, ApiError> {
    let mut form = form.map_err(photo::multipart_required)?;
    let admitted = photo::admit(&state, user.id, counted.map(|c| c.0)).await?;
    // Full already: refused before the photo is read, let alone decoded.
    photo::room_to_keep(&state, user.id).await?;
    let bad_form = photo::unreadable_form;
    let mut bytes = None;
    let mut notes = None;
    while let Some(field) = form.next_field().await.map_err(bad_form)? {
        match field.name() {
            Some("image") => bytes = Some(field.bytes().await.map_err(bad_form)?),
            Some("notes") => {
                let text = field.text().await.map_err(bad_form)?;
                if text.chars().count() > MAX_NOTES_CHARS {
                    return Err(ApiError::validation(format!(
                        "notes can be at most {MAX_NOTES_CHARS} characters"
                    )));
                }
                if extract::refused_text(&text) {
                    return Err(extract::control_character_refused("notes"));
                }
                notes = Some(text.trim().to_owned()).filter(|t| !t.is_empty());
            }
            _ => {}
        }
    }
    let bytes =
        bytes.ok_or_else(|| ApiError::validation("Please choose an image (the field `image`)"))?;
    let header = admitted.check(&bytes)?;
    let image = photo::keep(&state, user.id, bytes, header, notes).await?;
    Ok((StatusCode::CREATED, ApiJson(ImageView::from(&image))))
}

/// Starts the analysis of the caller's image unless one runs; the image as it is now.
async fn start_analysis(
    state: &AppState,
    user: &models::User,
    input: &AnalyzeInput,
) -> Result<UploadedImage, ApiError> {
    let image = own_image(state, user.id, input.image_id()?).await?;
    analysis::recognition_installed(state)?;
    analysis::start(state, user, image).await
}

/// Starts the analysis unless one runs, then relays it: `text/event-stream` of `data:`
/// lines, each an [`AnalysisUpdate`](models::analysis::AnalysisUpdate).
#[utoipa::path(
    post,
    path = "/images/analyze-stream",
    tag = "images",
    operation_id = "images_analyze_stream",
    summary = "Analyse {image_id}: starts the analysis unless one runs for the image (then attaches to it), and relays it as text/event-stream: the events so far (after Last-Event-ID when sent), then each new one, of data: {step, progress, message, foods, portions, stage_1, stage_2, stage_3, error} lines; steps start, food_detection, food_detection_complete, portion_estimation, complete or error. Each event's id grows within the image. The analysis runs on the workers: closing the stream changes nothing (POST /images/{id}/cancel stops it).",
    request_body(content = inline(AnalyzeInput), example = json!({"image_id": 1})),
    params(("Last-Event-ID" = Option<i64>, Header, description = "The last event id received")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The event stream: each data line is one AnalysisUpdate", content_type = "text/event-stream", body = models::analysis::AnalysisUpdate),
        (status = 404, description = "IMAGE_NOT_FOUND"),
        (status = 503, description = "RECOGNITION_UNAVAILABLE: recognition model not installed"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn analyze_stream(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    LastEventId(after): LastEventId,
    Body(input): Body<AnalyzeInput>,
) -> Result<Response, ApiError> {
    if after > 0 {
        // A client that has events resumes what it followed: nothing starts again.
        let image = own_image(&state, user.id, input.image_id()?).await?;
        return analysis::relay(&state, image, after);
    }
    let image = start_analysis(&state, &user, &input).await?;
    Ok(sse(
        analysis::follow(state.clone(), image, after),
        state.stopped(),
    )
    .into_response())
}

/// The analysis of an image as it happens, without starting one.
#[utoipa::path(
    get,
    path = "/images/{id}/events",
    tag = "images",
    operation_id = "images_events",
    summary = "The events of the image's latest analysis as text/event-stream (the same data lines as analyze-stream): those recorded so far, after Last-Event-ID when sent, then each new one until complete or error. Starts nothing; 204 when Last-Event-ID is already the final event.",
    params(
        ("id" = i64, Path, description = "Image id"),
        ("Last-Event-ID" = Option<i64>, Header, description = "The last event id received"),
    ),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The event stream: each data line is one AnalysisUpdate", content_type = "text/event-stream", body = models::analysis::AnalysisUpdate),
        (status = 204, description = "The client has the final event already"),
        (status = 404, description = "IMAGE_NOT_FOUND, or ANALYSIS_NOT_STARTED: the photo has not been analysed"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn events(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
    LastEventId(after): LastEventId,
) -> Result<Response, ApiError> {
    let image = own_image(&state, user.id, id).await?;
    analysis::relay(&state, image, after)
}

/// SPEC's Cancel: the only way an analysis stops before its end.
#[utoipa::path(
    post,
    path = "/images/{id}/cancel",
    tag = "images",
    operation_id = "images_cancel",
    summary = "Cancel the image's running analysis: its streams end with step error, code CANCELLED (\"Analysis cancelled by user\"), and its status becomes cancelled. data.cancelled is false when none was running.",
    params(("id" = i64, Path, description = "Image id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Whether an analysis was cancelled", body = Success<CancelledView>),
        (status = 404, description = "IMAGE_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn cancel(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<CancelledView> {
    let image = own_image(&state, user.id, id).await?;
    let cancelled = analysis::cancel(&state, image).await?;
    Ok(ApiJson(CancelledView { cancelled }))
}

/// The analysis, awaited a moment: SPEC `data: {status, keywords}` plus the results and
/// stages when it ends within about 2 s; else 202, where to follow it and where its
/// results will be.
#[utoipa::path(
    post,
    path = "/images/analyze",
    tag = "images",
    operation_id = "images_analyze",
    summary = "Analyse {image_id} (or attach to its running analysis) and wait about 2 s: {image_id, status, keywords, results, stage_1, stage_2, stage_3} when it ended by then; else 202 {status: processing, progress, message, events: its event stream, result: the results to read once it ends}.",
    request_body(content = inline(AnalyzeInput), example = json!({"image_id": 1})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The results", body = Success<ResultsView>),
        (status = 202, description = "Still under way", body = Success<Accepted>),
        (status = 404, description = "IMAGE_NOT_FOUND"),
        (status = 503, description = "RECOGNITION_UNAVAILABLE"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn analyze(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<AnalyzeInput>,
) -> Result<Response, ApiError> {
    let image = start_analysis(&state, &user, &input).await?;
    let id = image.id;
    match analysis::await_end(&state, image, state.config.answer_within).await? {
        analysis::Awaited::Running { progress, message } => {
            Ok(Accepted::analysis(id, progress, message.as_deref()).into_response())
        }
        analysis::Awaited::Ended => {
            let image = own_image(&state, user.id, id).await?;
            Ok(ApiJson(ResultsView::from(&image)).into_response())
        }
    }
}

#[utoipa::path(
    get,
    path = "/images/{id}/results",
    tag = "images",
    operation_id = "images_results",
    summary = "The latest analysis of an image: {image_id, processing_status, keywords, results (food, grams, per_100g, nutrition, validation {isValid, dataQuality, issues, confidence}), stage_1, stage_2, stage_3, confirmed, corrections, error}.",
    params(("id" = i64, Path, description = "Image id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The results", body = Success<ResultsView>),
        (status = 404, description = "IMAGE_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn results(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<ResultsView> {
    let image = own_image(&state, user.id, id).await?;
    Ok(ApiJson(ResultsView::from(&image)))
}

#[derive(Deserialize, ToSchema)]
struct ConfirmInput {
    image_id: Option<i64>,
    /// The test page's name for the image.
    result_id: Option<i64>,
    is_confirmed: Option<bool>,
    corrections: Option<Value>,
}

/// Records that the user checked the results, with their corrections (kept).
#[utoipa::path(
    post,
    path = "/images/confirm",
    tag = "images",
    operation_id = "images_confirm",
    summary = "Confirm the results of {image_id or result_id}, with corrections (kept): {is_confirmed, corrections}.",
    request_body(content = inline(ConfirmInput), example = json!({"image_id": 1, "is_confirmed": true})),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The results", body = Success<ResultsView>),
        (status = 404, description = "IMAGE_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn confirm(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Body(input): Body<ConfirmInput>,
) -> ApiResult<ResultsView> {
    let id = input
        .image_id
        .or(input.result_id)
        .ok_or_else(|| ApiError::validation("image_id is required"))?;
    if let Some(corrections) = &input.corrections
        && !(corrections.is_array() || corrections.is_object())
    {
        return Err(ApiError::validation(
            "corrections must be a list or an object",
        ));
    }
    let before = own_image(&state, user.id, id).await?;
    let image = state
        .stores
        .images
        .confirm(
            user.id,
            id,
            input.is_confirmed.unwrap_or(true),
            input.corrections.as_ref(),
        )
        .await?
        .ok_or_else(image_not_found)?;
    if image.confirmed {
        analysis::remember(&state, user.id, &image, input.corrections.as_ref()).await?;
    }
    if image.confirmed {
        analysis::count_settled(&before, input.corrections.as_ref());
    }
    Ok(ApiJson(ResultsView::from(&image)))
}

#[derive(Deserialize, ToSchema)]
struct MealFromImage {
    image_id: Option<i64>,
    meal_type: Option<String>,
    date: Option<String>,
    meal_name: Option<String>,
    /// The foods to save, as corrected: `[{food_id, quantity}]`; by default the results.
    foods: Option<Vec<Value>>,
}

/// A meal of the recognised foods (their corrected grams when the client sends them).
/// Foods with no stored values (an unknown food's defaults) are left out, and said so.
#[utoipa::path(
    post,
    path = "/images/create-meal",
    tag = "images",
    operation_id = "images_create_meal",
    summary = "A meal of the recognised foods: {image_id, meal_type?, date?, meal_name?, foods? ([{food_id, quantity}], by default the results)}.",
    request_body(content = inline(MealFromImage), example = json!({"image_id": 1, "meal_type": "lunch", "date": "2026-01-15"})),
    security(("bearer" = [])),
    responses(
        (status = 201, description = "The meal", body = Success<MealView>),
        (status = 404, description = "IMAGE_NOT_FOUND or FOOD_NOT_FOUND"),
        (status = 422, description = "VALIDATION_ERROR"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn create_meal(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Clock(clock): Clock,
    Body(input): Body<MealFromImage>,
) -> Result<impl IntoResponse, ApiError> {
    let id = input
        .image_id
        .ok_or_else(|| ApiError::validation("image_id is required"))?;
    let image = own_image(&state, user.id, id).await?;
    // A meal saved from the photo says what it showed: the foods the client sent are
    // the user's corrections; the recognised foods are what the memory keeps anyway.
    let (lines, corrections) = match input.foods {
        Some(foods) => (
            LineInput::list_from_json(&foods)?,
            Some(serde_json::json!({ "foods": foods })),
        ),
        // A food the recogniser is unsure of, or a whole pizza's slices, waits for the
        // user's answer.
        None => (
            StoredAnalysis::of(&image)
                .settled_foods()
                .filter_map(|f| Some(LineInput::grams(f.food_id?, f.estimated_grams)))
                .collect(),
            None,
        ),
    };
    if lines.is_empty() {
        return Err(ApiError::validation(
            "No recognised food to save: analyse the image first, or add foods by hand",
        ));
    }
    let meal = MealFields {
        name: input.meal_name,
        date: input.date,
        meal_type: input.meal_type,
        notes: None,
        foods: Some(lines),
    };
    let meal = MealInput::parse(&state, &user, clock, meal).await?;
    let saved = save_meal(&state, &user, clock, meal).await?;
    state.stores.images.link_meal(user.id, id, saved.id).await?;
    analysis::remember(&state, user.id, &image, corrections.as_ref()).await?;
    // A meal saved from the photo settles it, as a confirmation does.
    analysis::count_settled(&image, corrections.as_ref());
    Ok((StatusCode::CREATED, ApiJson(saved)))
}

#[utoipa::path(
    get,
    path = "/images/list",
    tag = "images",
    operation_id = "images_list",
    summary = "Your images, newest first: {images, page, page_size, total}.",
    params(PageParams),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of images", body = Success<ImagePage>),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn list(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Query(params): Query<PageParams>,
) -> ApiResult<ImagePage> {
    let page = params.page()?;
    let (images, total) = state
        .stores
        .images
        .list(user.id, page.offset, page.size)
        .await?;
    Ok(ApiJson(ImagePage {
        images: images.iter().map(ImageView::from).collect(),
        page: page.number,
        page_size: page.size,
        total,
    }))
}

/// Removes the record and its file.
#[utoipa::path(
    delete,
    path = "/images/{id}/delete",
    tag = "images",
    operation_id = "images_remove",
    summary = "Delete an image and its file.",
    params(("id" = i64, Path, description = "Image id")),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Success<Deleted>),
        (status = 404, description = "IMAGE_NOT_FOUND"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn remove(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    Path(id): Path<i64>,
) -> ApiResult<Deleted> {
    let image = state
        .stores
        .images
        .delete(user.id, id)
        .await?
        .ok_or_else(image_not_found)?;
    state.blobs.remove(&image.file_path).await;
    Ok(ApiJson(Deleted { id, deleted: true }))
}
