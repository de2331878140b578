//! One contract for the uploaded-image store, run on SQLite and on PostgreSQL.

use models::analysis::{AnalysisChange, AnalysisEvent, AnalysisStep};
use models::upload::{NewImage, ProcessingStatus, Stage};
use models::{JobId, UserId};
use serde_json::json;
use store::Stores;
use store::testing::user;

store::store_contract!(
    an_image_keeps_its_stages_and_status,
    images_list_newest_first_and_delete_for_their_owner_only,
    confirmation_keeps_corrections,
    the_quota_bounds_what_an_owner_keeps,
    photos_never_confirmed_are_pruned_once_old,
);

const NO_QUOTA: u64 = u64::MAX;

fn upload(owner: UserId, n: u32) -> NewImage {
    NewImage {
        owner,
        file_path: format!("uploads/{}/{n}.jpg", owner.get()),
        content_type: "image/jpeg".into(),
        width: 640 + n,
        height: 480,
        byte_size: 56_509,
        notes: Some("rice, egg".into()),
    }
}

async fn an_image_keeps_its_stages_and_status(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let image = stores
        .images
        .create(&upload(ann, 1), NO_QUOTA)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(image.status, ProcessingStatus::Uploaded);
    assert_eq!((image.width, image.height), (641, 480));
    assert_eq!(image.notes.as_deref(), Some("rice, egg"));
    assert_eq!((image.analysis_job, image.analysis_seq), (None, 0));
    let images = &stores.images;
    let (detect, estimate) = (JobId::new(), JobId::new());
    let start = AnalysisEvent::new(AnalysisStep::Start, "Analysis started");
    let begun = images
        .begin_analysis(image.id, None, detect, &start)
        .await
        .unwrap()
        .expect("nothing runs yet");
    assert_eq!(begun.seq, 1);
    // One analysis at a time: another start is refused while this one runs.
    assert!(
        images
            .begin_analysis(image.id, None, JobId::new(), &start)
            .await
            .unwrap()
            .is_none()
    );
    let detections = json!({"food_types": [{"name": "banana", "confidence": 0.9}]});
    let detected = AnalysisEvent::new(AnalysisStep::FoodDetectionComplete, "Found");
    let result = Some((Stage::Detection, &detections));
    // Only the stage running now stores its result, records events and hands over.
    assert!(
        images
            .advance_analysis(
                image.id,
                estimate,
                AnalysisChange::HandsOver(detect),
                &detected,
                result
            )
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(images.get(image.id).await.unwrap().unwrap().stage_1, None);
    let handover = AnalysisChange::HandsOver(estimate);
    let handed = images
        .advance_analysis(image.id, detect, handover, &detected, result)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(handed.seq, 2);
    // A repeat of the first stage (its worker died after handing over) changes nothing.
    let again = AnalysisChange::HandsOver(JobId::new());
    let other = json!({"food_types": []});
    assert!(
        images
            .advance_analysis(
                image.id,
                detect,
                again,
                &detected,
                Some((Stage::Detection, &other))
            )
            .await
            .unwrap()
            .is_none()
    );
    let running = images.get(image.id).await.unwrap().unwrap();
    assert_eq!(running.status, ProcessingStatus::Processing);
    assert_eq!(running.analysis_job, Some(estimate));
    let failed = AnalysisEvent::failed("no model", "RECOGNITION_UNAVAILABLE");
    images
        .advance_analysis(image.id, estimate, AnalysisChange::Ends, &failed, None)
        .await
        .unwrap()
        .unwrap();
    let read = images.get(image.id).await.unwrap().unwrap();
    assert_eq!(read.stage(Stage::Detection), Some(&detections));
    assert_eq!(read.stage(Stage::Portions), None);
    assert_eq!(read.status, ProcessingStatus::Failed);
    assert_eq!(
        read.error,
        Some(("no model".into(), "RECOGNITION_UNAVAILABLE".into()))
    );
    assert_eq!((read.analysis_job, read.analysis_seq), (None, 3));
    let steps = |events: Vec<AnalysisEvent>| -> Vec<(i64, AnalysisStep)> {
        events.into_iter().map(|e| (e.seq, e.step)).collect()
    };
    assert_eq!(
        steps(images.analysis_events(image.id, 0).await.unwrap()),
        [
            (1, AnalysisStep::Start),
            (2, AnalysisStep::FoodDetectionComplete),
            (3, AnalysisStep::Error)
        ]
    );
    assert_eq!(
        steps(images.analysis_events(image.id, 2).await.unwrap()),
        [(3, AnalysisStep::Error)]
    );
    // A new analysis starts from nothing; its events number on.
    let again = images
        .begin_analysis(image.id, None, JobId::new(), &start)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(again.seq, 4);
    let again = images.get(image.id).await.unwrap().unwrap();
    assert_eq!(
        (again.status, again.stage_1, again.error),
        (ProcessingStatus::Processing, None, None)
    );
    assert_eq!(
        steps(images.analysis_events(image.id, 0).await.unwrap()),
        [(4, AnalysisStep::Start)]
    );
    // A stage job known to be dead is replaced by naming it.
    let stuck = again.analysis_job;
    assert!(
        images
            .begin_analysis(image.id, stuck, JobId::new(), &start)
            .await
            .unwrap()
            .is_some()
    );
}

async fn images_list_newest_first_and_delete_for_their_owner_only(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    for n in 0..3 {
        stores
            .images
            .create(&upload(ann, n), NO_QUOTA)
            .await
            .unwrap()
            .unwrap();
    }
    let (page, total) = stores.images.list(ann, 0, 2).await.unwrap();
    assert_eq!((page.len(), total), (2, 3));
    assert_eq!(page[0].width, 642, "newest first");
    assert!(stores.images.list(bob, 0, 10).await.unwrap().0.is_empty());
    let id = page[0].id;
    assert!(stores.images.delete(bob, id).await.unwrap().is_none());
    let gone = stores.images.delete(ann, id).await.unwrap().unwrap();
    assert_eq!(gone.file_path, format!("uploads/{}/2.jpg", ann.get()));
    assert!(stores.images.get(id).await.unwrap().is_none());
}

async fn confirmation_keeps_corrections(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    let image = stores
        .images
        .create(&upload(ann, 1), NO_QUOTA)
        .await
        .unwrap()
        .unwrap();
    let corrections = json!([{"name": "Banana", "estimated_grams": 150}]);
    assert!(
        stores
            .images
            .confirm(bob, image.id, true, Some(&corrections))
            .await
            .unwrap()
            .is_none()
    );
    let confirmed = stores
        .images
        .confirm(ann, image.id, true, Some(&corrections))
        .await
        .unwrap()
        .unwrap();
    assert!(confirmed.confirmed);
    assert_eq!(confirmed.corrections, Some(corrections.clone()));
    let unconfirmed = stores
        .images
        .confirm(ann, image.id, false, None)
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        unconfirmed.corrections,
        Some(corrections),
        "kept when none are sent"
    );
}

async fn the_quota_bounds_what_an_owner_keeps(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    // Two photos of 56,509 bytes fit in 120,000; a third does not, nor does one of Bob's
    // count against Ann.
    let quota = 120_000;
    for n in 0..2 {
        assert!(
            stores
                .images
                .create(&upload(ann, n), quota)
                .await
                .unwrap()
                .is_some()
        );
    }
    assert!(
        stores
            .images
            .create(&upload(ann, 2), quota)
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(stores.images.stored_bytes(ann).await.unwrap(), 113_018);
    assert_eq!(stores.images.list(ann, 0, 10).await.unwrap().1, 2);
    assert!(
        stores
            .images
            .create(&upload(bob, 0), quota)
            .await
            .unwrap()
            .is_some()
    );
    assert_eq!(stores.images.stored_bytes(bob).await.unwrap(), 56_509);
    // Deleting one makes room again.
    let (page, _) = stores.images.list(ann, 0, 1).await.unwrap();
    stores.images.delete(ann, page[0].id).await.unwrap();
    assert!(
        stores
            .images
            .create(&upload(ann, 3), quota)
            .await
            .unwrap()
            .is_some()
    );
}

async fn photos_never_confirmed_are_pruned_once_old(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let mut ids = Vec::new();
    for n in 0..3 {
        let image = stores
            .images
            .create(&upload(ann, n), NO_QUOTA)
            .await
            .unwrap()
            .unwrap();
        ids.push(image.id);
    }
    stores
        .images
        .confirm(ann, ids[1], true, None)
        .await
        .unwrap();
    let now = chrono::Utc::now();
    // Nothing is old yet.
    let week_ago = now - chrono::Duration::days(7);
    assert!(
        stores
            .images
            .prune_unconfirmed(week_ago, 10)
            .await
            .unwrap()
            .is_empty()
    );
    // Later, the two never confirmed go (one batch at a time), the confirmed one stays.
    let later = now + chrono::Duration::minutes(1);
    let first = stores.images.prune_unconfirmed(later, 1).await.unwrap();
    let rest = stores.images.prune_unconfirmed(later, 10).await.unwrap();
    let mut pruned: Vec<i64> = first.iter().chain(&rest).map(|i| i.id).collect();
    pruned.sort_unstable();
    assert_eq!(pruned, vec![ids[0], ids[2]]);
    assert_eq!(first[0].file_path, format!("uploads/{}/0.jpg", ann.get()));
    assert!(stores.images.get(ids[1]).await.unwrap().is_some());
    assert!(stores.images.get(ids[0]).await.unwrap().is_none());
}
