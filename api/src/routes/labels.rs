//! `/labels/read`: a photo of a nutrition label (a Chinese 营养成分表 or a US Nutrition
//! Facts panel) read into a custom food's values per 100 g, for the user to check and
//! save. The photo is checked like any upload, read by the `ReadLabel` job on the workers,
//! and not kept.

use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Multipart, State, multipart::MultipartRejection};
use jobs::payloads::ReadLabel;
use models::ErrorCode;
use models::analysis::LabelRead;
use models::nutrition_label::{Basis, LabelField, LabelKind};
use models::{Barcode, UserId};
use serde::Serialize;
use utoipa::{
    PartialSchema, ToSchema,
    openapi::{RefOr, schema::Schema},
};
use utoipa_axum::{
    router::{OpenApiRouter, UtoipaMethodRouterExt},
    routes,
};

use crate::openapi::{self, FormField};
use crate::{
    AppState,
    auth::AuthUser,
    error::{ApiError, ApiJson, ApiResult, Success},
    photo,
};

/// Reading takes about a second; the first read of a process also loads the models.
const READ_TIMEOUT: Duration = Duration::from_secs(60);

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(
        // Room for the photo and its field headers, and the barcode.
        routes!(read).layer(DefaultBodyLimit::max(photo::MAX_UPLOAD_BYTES + 64 * 1024)),
    )
}

/// A label as read: every field of the food per 100 g, each with how sure the reading
/// is and, when empty or doubtful, why.
#[derive(Serialize, ToSchema)]
struct LabelView {
    /// Whether a nutrition table was found at all.
    found: bool,
    kind: LabelKind,
    basis: Option<Basis>,
    serving_grams: Option<f64>,
    /// The barcode sent with the photo, canonical, to keep on the food.
    barcode: Option<String>,
    fields: Vec<LabelField>,
    /// The rows of text read, top to bottom.
    rows: Vec<String>,
    took_ms: f64,
}

/// SPEC: without the models there is no reading, never a made-up one. Only this process's
/// own workers can be checked here; a fleet's workers fail the job with the same code.
fn label_reading_installed(state: &AppState) -> Result<(), ApiError> {
    let reader = worker::labels::LabelReader::new(state.config.worker.recognition.clone());
    if !state.config.embedded_workers || reader.installed() {
        Ok(())
    } else {
        Err(ApiError::new(
            ErrorCode::LabelReadingUnavailable,
            worker::labels::NOT_INSTALLED,
        ))
    }
}

/// The photo (field `image`) and the barcode (field `barcode`, optional) of a form.
async fn photo_and_barcode(
    form: Result<Multipart, MultipartRejection>,
) -> Result<(Vec<u8>, Option<Barcode>), ApiError> {
    let mut form = form.map_err(photo::multipart_required)?;
    let bad_form = photo::unreadable_form;
    let mut bytes = None;
    let mut barcode = None;
    while let Some(field) = form.next_field().await.map_err(bad_form)? {
        match field.name() {
            Some("image") => bytes = Some(field.bytes().await.map_err(bad_form)?.to_vec()),
            Some("barcode") => {
                let text = field.text().await.map_err(bad_form)?;
                if !text.trim().is_empty() {
                    barcode = Some(
                        Barcode::parse(text.trim())
                            .map_err(|e| ApiError::new(ErrorCode::InvalidBarcode, e.0))?,
                    );
                }
            }
            _ => {}
        }
    }
    let bytes = bytes.ok_or_else(|| {
        ApiError::validation("Please choose a photo of the label (the field `image`)")
    })?;
    Ok((bytes, barcode))
}

/// The form `read` reads: the photo, and optional barcode.
struct LabelForm;

impl PartialSchema for LabelForm {
    fn schema() -> RefOr<Schema> {
        openapi::multipart_form(&[("image", FormField::File), ("barcode", FormField::Text)])
    }
}

impl ToSchema for LabelForm {}

#[utoipa::path(
    post,
    path = "/labels/read",
    tag = "labels",
    operation_id = "labels_read",
    summary = "Read a photo of a nutrition label (multipart: field image, optional barcode): a Chinese 营养成分表 or a US Nutrition Facts panel, checked like an upload (and counted in the account's upload rate) and not kept. {found, kind (gb28050|nutrition_facts|unknown), basis (per100g|per100ml|per_serving), serving_grams, barcode, fields: [{nutrient (calories|protein|fat|carbs|sodium|fiber|sugar), value per 100 g (kcal, g, sodium mg; null when unread or implausible), printed, certainty (sure|check|unread|implausible|not_on_label), confidence, doubts}], rows, took_ms}.",
    request_body(content = inline(LabelForm), content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The label as read", body = Success<LabelView>),
        (status = 401, description = "Not signed in"),
        (status = 413, description = "IMAGE_TOO_LARGE"),
        (status = 415, description = "UNSUPPORTED_IMAGE, or MULTIPART_REQUIRED when the body is not multipart"),
        (status = 422, description = "INVALID_IMAGE, IMAGE_TOO_LARGE (too many pixels, or too much memory to decode), INVALID_BARCODE or no image"),
        (status = 429, description = "RATE_LIMITED: too many photos from this account (uploads and label readings together); Retry-After says when to try again"),
        (status = 503, description = "LABEL_READING_UNAVAILABLE: label reading models not installed; SERVER_BUSY: too many photos are being decoded right now (Retry-After); PHOTO_STORE_UNAVAILABLE: the photo store cannot be reached"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn read(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    form: Result<Multipart, MultipartRejection>,
) -> ApiResult<LabelView> {
    let admitted = photo::admit(&state, user.id).await?;
    let (bytes, barcode) = photo_and_barcode(form).await?;
    let prepared = admitted.prepare(bytes).await?;
    label_reading_installed(&state)?;
    let read = read_on_a_worker(&state, user.id, prepared.jpeg).await?;
    Ok(ApiJson(LabelView {
        found: read.label.found_anything(),
        kind: read.label.kind,
        basis: read.label.basis,
        serving_grams: read.label.serving_grams,
        barcode: barcode.map(|b| b.as_str().to_owned()),
        fields: read.label.fields,
        rows: read.label.rows,
        took_ms: read.took_ms,
    }))
}

/// Puts the photo where the workers find it for as long as the job runs.
async fn read_on_a_worker(
    state: &AppState,
    owner: UserId,
    jpeg: Vec<u8>,
) -> Result<LabelRead, ApiError> {
    let relative = worker::uploads::new_label_path(owner);
    state.blobs.put(&relative, jpeg).await?;
    let read = state
        .jobs
        .run(
            ReadLabel {
                file_path: relative.clone(),
            },
            Some(owner.get()),
            READ_TIMEOUT,
        )
        .await;
    state.blobs.remove(&relative).await;
    Ok(read?)
}
