//! The photos kept in the photo store ([`Blobs`]), and what removes them: a deleted
//! photo, a deleted account, and, on a schedule, photos never confirmed and label photos
//! that no reading removed.
//!
//! Layout (keys in the store; in the embedded default, paths under the data directory): `uploads/<user id>/<uuid>.jpg` for the
//! photos of plates (one record each), `labels/<user id>/<uuid>.jpg` for a label photo
//! while its reading job runs.

use std::time::Duration;

use chrono::{DateTime, TimeDelta, Utc};
use models::UserId;
use store::{StoreError, Stores};
use tokio::sync::watch;

use crate::blobs::{BlobError, Blobs};

/// Where a new photo of the owner's plate goes.
pub fn new_upload_path(owner: UserId) -> String {
    format!(
        "uploads/{}/{}.jpg",
        owner.get(),
        uuid::Uuid::new_v4().simple()
    )
}

/// Where a label photo of the owner's waits for its reading.
pub fn new_label_path(owner: UserId) -> String {
    format!(
        "labels/{}/{}.jpg",
        owner.get(),
        uuid::Uuid::new_v4().simple()
    )
}

/// The folders that hold only the owner's files.
fn owner_dirs(owner: UserId) -> [String; 2] {
    [
        format!("uploads/{}", owner.get()),
        format!("labels/{}", owner.get()),
    ]
}

/// Removes every photo of a deleted account (its records are gone first, so nothing
/// refers to them any more).
pub async fn remove_owner_files(blobs: &Blobs, owner: UserId) -> Result<(), BlobError> {
    for dir in owner_dirs(owner) {
        blobs.remove_under(&dir).await?;
    }
    Ok(())
}

/// How many records one pruning statement removes (a long backlog goes in batches).
const PRUNE_BATCH: i64 = 500;

/// Removes the photos uploaded before `before` that were never confirmed nor saved in a
/// meal, records first, then their files. Answers how many went.
pub async fn prune_unconfirmed(
    stores: &Stores,
    blobs: &Blobs,
    before: DateTime<Utc>,
) -> Result<usize, StoreError> {
    let mut pruned = 0;
    loop {
        let gone = stores.images.prune_unconfirmed(before, PRUNE_BATCH).await?;
        for image in &gone {
            blobs.remove(&image.file_path).await;
        }
        pruned += gone.len();
        if gone.len() < PRUNE_BATCH as usize {
            return Ok(pruned);
        }
    }
}

/// How long a label photo may wait for its reading. A reading removes its photo however it
/// ends; one left longer was abandoned between being kept and being queued (the caller
/// hung up, the process died), and nothing else would ever remove it.
pub const LABEL_PHOTO_KEPT: Duration = Duration::from_secs(3600);

/// Removes the label photos kept before `before`. Answers how many went.
pub async fn prune_label_photos(blobs: &Blobs, before: DateTime<Utc>) -> Result<usize, BlobError> {
    blobs.remove_under_older_than("labels", before).await
}

/// The scheduled task's name, as claimed in the store.
const PRUNE_TASK: &str = "prune-unconfirmed-uploads";
/// One pruning per hour in the whole fleet is timely enough for a 30-day age.
const PRUNE_EVERY: Duration = Duration::from_secs(3600);
/// How often a worker asks whether the pruning is due.
const CHECK_EVERY: Duration = Duration::from_secs(600);

/// Prunes photos never confirmed once they are `kept_for` old, and label photos left
/// behind once they are [`LABEL_PHOTO_KEPT`] old, once per period in the whole fleet (whichever worker claims the period), until `stop` turns true. A pruning
/// under way is finished before stopping, so no record goes without its file.
pub async fn prune_on_schedule(
    stores: Stores,
    blobs: Blobs,
    kept_for: Duration,
    mut stop: watch::Receiver<bool>,
) {
    let mut tick = tokio::time::interval(CHECK_EVERY);
    loop {
        tokio::select! {
            _ = stop.wait_for(|stop| *stop) => return,
            _ = tick.tick() => {}
        }
        let now = Utc::now();
        let next = now + TimeDelta::from_std(PRUNE_EVERY).unwrap_or(TimeDelta::MAX);
        match stores.jobs.claim_schedule(PRUNE_TASK, now, next).await {
            Ok(true) => {}
            Ok(false) => continue,
            Err(e) => {
                tracing::warn!(error = %e, "could not claim the pruning of uploads");
                continue;
            }
        }
        let before = now - TimeDelta::from_std(kept_for).unwrap_or(TimeDelta::MAX);
        match prune_unconfirmed(&stores, &blobs, before).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(photos = n, "pruned photos never confirmed"),
            Err(e) => tracing::warn!(error = %e, "could not prune photos never confirmed"),
        }
        let before = now - TimeDelta::from_std(LABEL_PHOTO_KEPT).unwrap_or(TimeDelta::MAX);
        match prune_label_photos(&blobs, before).await {
            Ok(0) => {}
            Ok(n) => tracing::info!(photos = n, "pruned label photos left behind"),
            Err(e) => tracing::warn!(error = %e, "could not prune label photos left behind"),
        }
    }
}
