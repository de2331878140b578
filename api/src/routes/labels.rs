//! `/labels/read`: a photo of a nutrition label (a Chinese 营养成分表 or a US Nutrition
//! Facts panel) read into a custom food's values per 100 g, for the user to check and
//! save. The photo is checked like any upload, read by the `ReadLabel` job on the workers,
//! and not kept; the reading stays with the job, so a client that comes back for it
//! (`GET /jobs/{id}/result`) does not have the photo read again.

use axum::{
    Extension,
    extract::{DefaultBodyLimit, Multipart, State, multipart::MultipartRejection},
    response::Response,
};
use jobs::payloads::ReadLabel;
use models::Barcode;
use models::ErrorCode;
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
    error::{ApiError, Success},
    job_answers::answer_queued,
    photo,
    photo_work::{self, Budget},
    views::{Accepted, LabelView},
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(
        // Room for the photo and its field headers, and the barcode.
        routes!(read).layer(DefaultBodyLimit::max(photo::MAX_UPLOAD_FORM_BYTES)),
    )
}

/// SPEC: without the models there is no reading, never a made-up one. Only the workers
/// of this process can be checked here; a fleet's workers fail the job with the same code.
fn label_reading_installed(state: &AppState) -> Result<(), ApiError> {
    #[cfg(feature = "embedded-workers")]
    if let Some(why) = crate::embedded::label_reading_missing(&state.config) {
        return Err(ApiError::new(ErrorCode::LabelReadingUnavailable, why));
    }
    let _ = state;
    Ok(())
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
    summary = "Read a photo of a nutrition label (multipart: field image, optional barcode): a Chinese 营养成分表 or a US Nutrition Facts panel, checked like an upload (and counted in the account's upload rate) and not kept. {found, kind (gb28050|nutrition_facts|unknown), basis (per100g|per100ml|per_serving), serving_grams, barcode, fields: [{nutrient (calories|protein|fat|carbs|sodium|fiber|sugar), value per 100 g (kcal, g, sodium mg; null when unread or implausible), printed, certainty (sure|check|unread|implausible|not_on_label), confidence, doubts}], rows, took_ms}. Read on a worker: when the reading takes longer than about 2 s, 202 with the job to follow and GET /jobs/{id}/result for the answer.",
    request_body(content = inline(LabelForm), content_type = "multipart/form-data"),
    security(("bearer" = [])),
    responses(
        (status = 200, description = "The label as read", body = Success<LabelView>),
        (status = 202, description = "Still being read: follow events, then GET result (the photo is not read twice)", body = Success<Accepted>),
        (status = 401, description = "Not signed in"),
        (status = 413, description = "IMAGE_TOO_LARGE"),
        (status = 415, description = "UNSUPPORTED_IMAGE, or MULTIPART_REQUIRED when the body is not multipart"),
        (status = 422, description = "INVALID_IMAGE, IMAGE_TOO_LARGE (too many pixels, or too much memory to decode), INVALID_BARCODE or no image"),
        (status = 429, description = "RATE_LIMITED: too many photos from this account (uploads and label readings together); Retry-After says when to try again"),
        (status = 503, description = "LABEL_READING_UNAVAILABLE: label reading models not installed; PHOTO_STORE_UNAVAILABLE: the photo store cannot be reached"),
    ),
)]
#[tracing::instrument(skip_all, fields(user_id = user.id.get()))]
async fn read(
    State(state): State<AppState>,
    AuthUser(user): AuthUser,
    counted: Option<Extension<photo::Counted>>,
    form: Result<Multipart, MultipartRejection>,
) -> Result<Response, ApiError> {
    let admitted = photo::admit(&state, user.id, counted.map(|c| c.0)).await?;
    let (bytes, barcode) = photo_and_barcode(form).await?;
    admitted.check(&bytes)?;
    label_reading_installed(&state)?;
    // The photo waits in the photo store for the job, which removes it however it ends.
    // Until the job is queued this call removes it, even when it is dropped because its
    // client hung up (the hourly pruning is the last resort).
    let file_path = platform::uploads::new_label_path(user.id);
    state.blobs.put(&file_path, bytes).await?;
    let unclaimed = state.blobs.unclaimed(&file_path);
    let job = ReadLabel {
        file_path,
        barcode: barcode.map(|b| b.as_str().to_owned()),
    };
    // The photo was counted against the budget when it was sent.
    let job_id = photo_work::queue(&state, job, user.id, Budget::AlreadyCounted).await?;
    unclaimed.claimed();
    answer_queued::<ReadLabel>(&state, job_id, Some(user.id)).await
}
