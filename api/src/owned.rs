//! The caller's own records by id. Another user's record is as missing as one that
//! never was: the same 404, so ids reveal nothing.

use models::ErrorCode;
use models::upload::UploadedImage;
use models::{Meal, UserId};

use crate::{AppState, error::ApiError};

pub(crate) fn meal_not_found() -> ApiError {
    ApiError::new(ErrorCode::MealNotFound, "Meal not found")
}

/// The caller's meal, or the same 404 whether it is missing or someone else's.
pub(crate) async fn own_meal(state: &AppState, owner: UserId, id: i64) -> Result<Meal, ApiError> {
    state
        .stores
        .meals
        .get(owner, id)
        .await?
        .ok_or_else(meal_not_found)
}

pub(crate) fn image_not_found() -> ApiError {
    ApiError::new(ErrorCode::ImageNotFound, "Image not found")
}

/// The caller's image; another user's is as missing as one that never was.
pub(crate) async fn own_image(
    state: &AppState,
    owner: UserId,
    id: i64,
) -> Result<UploadedImage, ApiError> {
    state
        .stores
        .images
        .get(id)
        .await?
        .filter(|image| image.owner == owner)
        .ok_or_else(image_not_found)
}
