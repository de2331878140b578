//! An account's share of the photo work the workers do (analyses, barcode and label
//! readings). Each account may have at most [`UNFINISHED_PER_ACCOUNT`] such jobs queued
//! or running at once: a burst from one account is refused past that, so it never sits
//! in the queues ahead of other people's photos, and a person's own photos still go
//! through a few at a time. (What an account may send in all is the photo budget of
//! [`crate::photo::count_work`].)

use jobs::{Job, JobId, Recorded};
use models::{ErrorCode, UserId};

use crate::{AppState, error::ApiError, photo};

/// Photo jobs one account may have queued or running at once: a meal's photo with its
/// barcode and label besides, and one to spare.
pub const UNFINISHED_PER_ACCOUNT: i64 = 4;

/// Whether the work was counted against the account's photo budget already (a photo
/// sent is counted before its body is read), or is counted once it is within the share.
pub enum Budget {
    AlreadyCounted,
    ToCount,
}

/// Records `payload` for `owner` (to be enqueued, or discarded) when the account's share
/// allows one more, and then its budget. The share is counted after the job is recorded,
/// its own record included, so requests racing each other cannot all pass together; the
/// budget only once the share allows it, so a refused call costs none of it.
pub async fn record<J: Job>(
    state: &AppState,
    payload: J,
    owner: UserId,
    budget: Budget,
) -> Result<Recorded<J>, ApiError> {
    let recorded = state.jobs.record(payload, Some(owner.get())).await?;
    let allowed = match within_share(state, owner).await {
        Ok(()) if matches!(budget, Budget::ToCount) => photo::count_work(state, owner).await,
        other => other,
    };
    match allowed {
        Ok(()) => Ok(recorded),
        Err(refused) => {
            state.jobs.discard(recorded).await;
            Err(refused)
        }
    }
}

/// Whether the account's unfinished photo jobs, a new one included, are within its share.
async fn within_share(state: &AppState, owner: UserId) -> Result<(), ApiError> {
    let by_queue = state.jobs.store().unfinished_of_owner(owner.get()).await?;
    let unfinished: i64 = by_queue
        .iter()
        .filter(|(queue, _)| jobs::PHOTO_QUEUES.contains(&queue.as_str()))
        .map(|(_, count)| count)
        .sum();
    if unfinished > UNFINISHED_PER_ACCOUNT {
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
    Ok(())
}

/// [`record`]s `payload` and puts it on its queue, both, even if the caller goes away.
pub async fn queue<J: Job>(
    state: &AppState,
    payload: J,
    owner: UserId,
    budget: Budget,
) -> Result<JobId, ApiError> {
    let state = state.clone();
    jobs::to_the_end(async move {
        let recorded = record(&state, payload, owner, budget).await?;
        Ok(state.jobs.enqueue(recorded).await?)
    })
    .await
}
