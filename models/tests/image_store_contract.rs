//! One contract for the uploaded-image store, run on SQLite and on PostgreSQL.

use models::upload::{NewImage, ProcessingStatus, Stage};
use models::{Email, NewUser, Stores, UserId, Username};
use serde_json::json;

models::store_contract!(
    an_image_keeps_its_stages_and_status,
    images_list_newest_first_and_delete_for_their_owner_only,
    confirmation_keeps_corrections,
);

async fn user(stores: &Stores, name: &str) -> UserId {
    stores
        .users
        .create(&NewUser {
            username: Username::parse(name).unwrap(),
            email: Email::parse(&format!("{name}@example.com")).unwrap(),
            nickname: name.into(),
            password_hash: "$argon2id$fake".into(),
        })
        .await
        .unwrap()
        .id
}

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
    let image = stores.images.create(&upload(ann, 1)).await.unwrap();
    assert_eq!(image.status, ProcessingStatus::Uploaded);
    assert_eq!((image.width, image.height), (641, 480));
    assert_eq!(image.notes.as_deref(), Some("rice, egg"));
    let detections = json!({"food_types": [{"name": "banana", "confidence": 0.9}]});
    stores.images.reset_analysis(image.id).await.unwrap();
    stores
        .images
        .set_stage(image.id, Stage::Detection, &detections)
        .await
        .unwrap();
    stores
        .images
        .set_status(
            image.id,
            ProcessingStatus::Failed,
            Some(("no model", "RECOGNITION_UNAVAILABLE")),
        )
        .await
        .unwrap();
    let read = stores.images.get(image.id).await.unwrap().unwrap();
    assert_eq!(read.stage(Stage::Detection), Some(&detections));
    assert_eq!(read.stage(Stage::Portions), None);
    assert_eq!(read.status, ProcessingStatus::Failed);
    assert_eq!(
        read.error,
        Some(("no model".into(), "RECOGNITION_UNAVAILABLE".into()))
    );
    // A new analysis starts from nothing.
    stores.images.reset_analysis(image.id).await.unwrap();
    let again = stores.images.get(image.id).await.unwrap().unwrap();
    assert_eq!(
        (again.status, again.stage_1, again.error),
        (ProcessingStatus::Processing, None, None)
    );
}

async fn images_list_newest_first_and_delete_for_their_owner_only(stores: Stores) {
    let ann = user(&stores, "ann").await;
    let bob = user(&stores, "bob").await;
    for n in 0..3 {
        stores.images.create(&upload(ann, n)).await.unwrap();
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
    let image = stores.images.create(&upload(ann, 1)).await.unwrap();
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
