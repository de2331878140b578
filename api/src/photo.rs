//! A photo a client sends (an upload, a label to read), checked before it is kept: the
//! account's upload rate ([`admit`]), then its header ([`Admitted::check`]: its type read
//! from its bytes, never from the header the client sent, its size, pixel count and the
//! memory decoding it would take, so no decompression bomb reaches a worker), then the
//! account's quota. Nothing is decoded here: the photo is stored as it was sent and the
//! workers' `NormalisePhoto` job makes it what is kept (upright, scaled, a JPEG without
//! its metadata; `worker::photo`).

use axum::http::StatusCode;
use jobs::payloads::NormalisePhoto;
use models::upload::{NewImage, UploadedImage};
use models::{ErrorCode, UserId};
use platform::photo::{Header, MAX_UPLOAD_BYTES, PhotoRefusal};

use crate::{AppState, error::ApiError};

/// A photo's whole form: the photo, its field headers and the notes.
pub const MAX_UPLOAD_FORM_BYTES: usize = MAX_UPLOAD_BYTES + 64 * 1024;

impl From<PhotoRefusal> for ApiError {
    fn from(why: PhotoRefusal) -> Self {
        ApiError::new(why.code(), why.to_string())
    }
}

/// A body that is not multipart at all (no boundary, another type): the envelope, not
/// axum's text.
pub fn multipart_required(e: axum::extract::multipart::MultipartRejection) -> ApiError {
    ApiError::new(
        ErrorCode::MultipartRequired,
        format!(
            "Send the photo as multipart/form-data with a field named image ({})",
            e.body_text()
        ),
    )
}

/// A multipart form that breaks off or runs over the size limit.
pub fn unreadable_form(e: axum::extract::multipart::MultipartError) -> ApiError {
    if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
        PhotoRefusal::FileTooBig.into()
    } else if crate::serve::arrived_too_slowly(&e) {
        crate::extract::too_slow()
    } else {
        ApiError::bad_request(format!("The upload could not be read: {}", e.body_text()))
    }
}

/// A photo of this account may be sent now (see [`admit`]).
pub struct Admitted<'a> {
    state: &'a AppState,
    owner: UserId,
}

/// Counts a piece of photo work against the account's budget (photos sent, analyses,
/// barcode and label readings together): 429 `RATE_LIMITED` with Retry-After past it.
pub async fn count_work(state: &AppState, owner: UserId) -> Result<(), ApiError> {
    let limit = state.config.rate_limits.upload_per_account;
    state
        .limiter
        .check(&format!("upload:{}", owner.get()), limit)
        .await
        .map_err(|refused| ApiError {
            message: format!(
                "Too many photos sent or read: at most {} every {} minutes; try again in {} seconds",
                limit.calls,
                limit.window.as_secs().div_ceil(60),
                refused.retry_after.unwrap_or(1)
            ),
            ..refused
        })
}

/// The routes whose body is a photo's form (multipart, up to [`MAX_UPLOAD_FORM_BYTES`]),
/// by their path: what an `Idempotency-Key` may make the server read of them, and only
/// once the account is admitted. A test holds it to the OpenAPI document.
pub const FORM_ROUTES: &[&str] = &["/images/upload", "/labels/read"];

/// A photo counted against its account's budget already, before its body was read (by
/// the `Idempotency-Key` layer): the route does not count it twice.
#[derive(Debug, Clone, Copy)]
pub struct Counted(pub UserId);

/// Counts a photo against the account's budget ([`count_work`]), before its body is read,
/// unless it was `counted` for this account already.
pub async fn admit(
    state: &AppState,
    owner: UserId,
    counted: Option<Counted>,
) -> Result<Admitted<'_>, ApiError> {
    if !counted.is_some_and(|Counted(whose)| whose == owner) {
        count_work(state, owner).await?;
    }
    Ok(Admitted { state, owner })
}

impl Admitted<'_> {
    /// Reads and checks the header (cheap; nothing is decoded): 415 `UNSUPPORTED_IMAGE`,
    /// 413 and 422 `IMAGE_TOO_LARGE` (too many pixels, or more memory to decode than a
    /// worker gives all its photos, `DECODE_MEMORY_MB`), 422 `INVALID_IMAGE`.
    pub fn check(&self, bytes: &[u8]) -> Result<Header, ApiError> {
        let most = self.state.config.uploads.decode_memory_bytes;
        Ok(platform::photo::inspect(bytes)?.within(most)?)
    }

    pub fn owner(&self) -> UserId {
        self.owner
    }
}

/// 413 `UPLOAD_QUOTA_EXCEEDED` when the account keeps as many photos as it may already:
/// checked before a photo is read, let alone decoded.
pub async fn room_to_keep(state: &AppState, owner: UserId) -> Result<(), ApiError> {
    let quota = state.config.uploads.quota_bytes;
    let stored = state.stores.images.stored_bytes(owner).await?;
    if stored >= quota {
        return Err(quota_exceeded(stored, quota));
    }
    Ok(())
}

/// Keeps a checked photo of `owner` as it was sent, in the photo store and its record,
/// within the account's quota (413 `UPLOAD_QUOTA_EXCEEDED` past it), and queues its
/// `NormalisePhoto` job. All of it or none, even if the client goes away: no record
/// without its file and its job, no file without its record.
pub async fn keep(
    state: &AppState,
    owner: UserId,
    sent: axum::body::Bytes,
    header: Header,
    notes: Option<String>,
) -> Result<UploadedImage, ApiError> {
    let (width, height) = header.kept_upright();
    let image = NewImage {
        owner,
        file_path: platform::uploads::new_upload_path(owner),
        content_type: header.content_type().into(),
        width,
        height,
        byte_size: sent.len() as u64,
        notes,
    };
    let state = state.clone();
    jobs::to_the_end(async move {
        let quota = state.config.uploads.quota_bytes;
        state.blobs.put(&image.file_path, sent).await?;
        let stored = match state.stores.images.create(&image, quota).await {
            Ok(Some(stored)) => stored,
            Ok(None) => {
                state.blobs.remove(&image.file_path).await;
                let kept = state.stores.images.stored_bytes(owner).await?;
                return Err(quota_exceeded(kept + image.byte_size, quota));
            }
            Err(e) => {
                state.blobs.remove(&image.file_path).await;
                return Err(e.into());
            }
        };
        let normalise = NormalisePhoto {
            image_id: stored.id,
        };
        if let Err(e) = state.jobs.push(normalise, Some(owner.get())).await {
            let _ = state.stores.images.delete(owner, stored.id).await;
            state.blobs.remove(&image.file_path).await;
            return Err(e.into());
        }
        Ok(stored)
    })
    .await
}

/// 413 `UPLOAD_QUOTA_EXCEEDED`: the account keeps as many photos as it may.
fn quota_exceeded(needed: u64, quota: u64) -> ApiError {
    let mb = |bytes: u64| bytes.div_ceil(1024 * 1024);
    ApiError::new(
        ErrorCode::UploadQuotaExceeded,
        format!(
            "Your photos would take {} MB of the {} MB an account may keep; delete photos \
             you no longer need (their meals stay) to upload new ones",
            mb(needed),
            mb(quota)
        ),
    )
}
