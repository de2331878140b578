//! An account's share of the photo work the workers do (analyses, barcode and label
//! readings). Each account may have at most [`UNFINISHED_PER_ACCOUNT`] such jobs queued
//! or running at once: a burst from one account is refused past that, so it never sits
//! in the queues ahead of other people's photos, and a person's own photos still go
//! through a few at a time. (What an account may send in all is the photo budget of
//! [`crate::photo::count_work`].)

use jobs::{Job, Recorded};
use models::{ErrorCode, UserId};

use crate::{AppState, error::ApiError};

/// Photo jobs one account may have queued or running at once: a meal's photo with its
/// barcode and label besides, and one to spare.
pub const UNFINISHED_PER_ACCOUNT: i64 = 4;

/// Records `payload` for `owner` (to be enqueued, or discarded) when the account's share
/// allows one more. It is counted after it is recorded, its own record included, so
/// requests racing each other cannot all pass together.
pub async fn record<J: Job>(
    state: &AppState,
    payload: J,
    owner: UserId,
) -> Result<Recorded<J>, ApiError> {
    let recorded = state.jobs.record(payload, Some(owner.get())).await?;
    let unfinished = state.jobs.store().unfinished_of_owner(owner.get()).await;
    let unfinished: i64 = match unfinished {
        Ok(by_queue) => by_queue
            .iter()
            .filter(|(queue, _)| jobs::PHOTO_QUEUES.contains(&queue.as_str()))
            .map(|(_, count)| count)
            .sum(),
        Err(e) => {
            state.jobs.discard(recorded).await;
            return Err(e.into());
        }
    };
    if unfinished > UNFINISHED_PER_ACCOUNT {
        state.jobs.discard(recorded).await;
        return Err(ApiError {
            retry_after: Some(2),
            ..ApiError::new(
                ErrorCode::RateLimited,
                format!(
                    "{} of your photos are still being read; try again when one is done",
                    unfinished - 1
                ),
            )
        });
    }
    Ok(recorded)
}
