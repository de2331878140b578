//! One contract for the account stores (users, sessions, links), run on SQLite and on
//! PostgreSQL.

use chrono::{Duration, NaiveDate, Utc};
use models::{Email, Gender, NewUser, OneTimeToken, Profile, RefreshToken, Username};
use store::{StoreError, Stores};

store::store_contract!(
    users_are_found_by_username_or_email_in_any_case,
    usernames_and_emails_are_unique_regardless_of_case,
    profiles_start_with_the_defaults_and_round_trip,
    passwords_and_verification_are_stored,
    deleting_a_user_removes_sessions_and_links,
    refresh_tokens_revoke_once_and_by_family,
    one_time_tokens_are_used_once,
);

fn new_user(username: &str, email: &str) -> NewUser {
    NewUser {
        username: Username::parse(username).unwrap(),
        email: Email::parse(email).unwrap(),
        nickname: "Hua".into(),
        password_hash: "$argon2id$fake".into(),
    }
}

fn refresh(stores_user: models::UserId, hash: &str, family: &str) -> RefreshToken {
    RefreshToken {
        token_hash: hash.into(),
        user_id: stores_user,
        family_id: family.into(),
        expires_at: Utc::now() + Duration::days(30),
        revoked_at: None,
    }
}

async fn users_are_found_by_username_or_email_in_any_case(stores: Stores) {
    let created = stores
        .users
        .create(&new_user("Li_Hua", "Li.Hua@Example.com"))
        .await
        .unwrap();
    assert_eq!(created.username, "Li_Hua");
    assert!(!created.email_verified);
    for login in [
        "li_hua",
        "LI_HUA",
        "li.hua@example.com",
        " Li.Hua@EXAMPLE.com ",
    ] {
        let found = stores.users.find_by_login(login).await.unwrap();
        assert_eq!(found.map(|u| u.id), Some(created.id), "{login}");
    }
    assert_eq!(
        stores
            .users
            .find_by_email("LI.HUA@example.com")
            .await
            .unwrap()
            .map(|u| u.id),
        Some(created.id)
    );
    assert!(
        stores
            .users
            .find_by_email("li_hua")
            .await
            .unwrap()
            .is_none()
    );
    assert!(
        stores
            .users
            .find_by_login("nobody")
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        stores.users.get(created.id).await.unwrap().unwrap(),
        created
    );
}

async fn usernames_and_emails_are_unique_regardless_of_case(stores: Stores) {
    stores
        .users
        .create(&new_user("wang", "wang@example.com"))
        .await
        .unwrap();
    let same_name = stores
        .users
        .create(&new_user("WANG", "other@example.com"))
        .await;
    assert!(
        matches!(&same_name, Err(StoreError::Conflict(c)) if c == "username"),
        "{same_name:?}"
    );
    let same_email = stores
        .users
        .create(&new_user("wang2", "WANG@example.com"))
        .await;
    assert!(
        matches!(&same_email, Err(StoreError::Conflict(c)) if c == "email"),
        "{same_email:?}"
    );
}

async fn profiles_start_with_the_defaults_and_round_trip(stores: Stores) {
    let user = stores
        .users
        .create(&new_user("zhang", "zhang@example.com"))
        .await
        .unwrap();
    assert_eq!(user.profile, Profile::default());
    let profile = Profile {
        date_of_birth: NaiveDate::from_ymd_opt(1992, 2, 29),
        gender: Gender::Female,
        height: 162.5,
        weight: 51.3,
        daily_calorie_goal: 1750,
        activity_level: Some("lightly_active".into()),
        macro_goal_unit: Some("g".into()),
        protein_goal: Some(90.0),
        fat_goal: Some(55.5),
        carbs_goal: Some(210.0),
        body_data_set: true,
        weight_aim_kg_per_week: Some(-0.25),
    };
    let updated = stores
        .users
        .update_profile(user.id, "小张", &profile)
        .await
        .unwrap();
    assert_eq!(updated.profile, profile);
    assert_eq!(updated.nickname, "小张");
    assert_eq!(
        stores.users.get(user.id).await.unwrap().unwrap().profile,
        profile
    );
    let missing = stores
        .users
        .update_profile(models::UserId::new(), "x", &profile)
        .await;
    assert!(matches!(missing, Err(StoreError::NotFound)));
}

async fn passwords_and_verification_are_stored(stores: Stores) {
    let user = stores
        .users
        .create(&new_user("chen", "chen@example.com"))
        .await
        .unwrap();
    stores
        .users
        .set_password(user.id, "$argon2id$new")
        .await
        .unwrap();
    assert!(
        stores
            .users
            .mark_email_verified(user.id)
            .await
            .unwrap()
            .email_verified
    );
    let loaded = stores.users.get(user.id).await.unwrap().unwrap();
    assert_eq!(loaded.password_hash, "$argon2id$new");
    assert!(loaded.email_verified);
}

async fn deleting_a_user_removes_sessions_and_links(stores: Stores) {
    let user = stores
        .users
        .create(&new_user("zhao", "zhao@example.com"))
        .await
        .unwrap();
    stores
        .sessions
        .insert_refresh(&refresh(user.id, "r1", "f1"))
        .await
        .unwrap();
    let link = OneTimeToken {
        token_hash: "o1".into(),
        user_id: user.id,
        purpose: "verify_email".into(),
        expires_at: Utc::now() + Duration::hours(24),
        used_at: None,
    };
    stores.sessions.insert_one_time(&link).await.unwrap();
    assert!(stores.users.delete(user.id).await.unwrap());
    assert!(stores.users.get(user.id).await.unwrap().is_none());
    assert!(stores.sessions.get_refresh("r1").await.unwrap().is_none());
    assert!(stores.sessions.get_one_time("o1").await.unwrap().is_none());
    assert!(!stores.users.delete(user.id).await.unwrap());
}

async fn refresh_tokens_revoke_once_and_by_family(stores: Stores) {
    let user = stores
        .users
        .create(&new_user("sun", "sun@example.com"))
        .await
        .unwrap();
    for (hash, family) in [("a1", "fa"), ("a2", "fa"), ("b1", "fb"), ("c1", "fc")] {
        stores
            .sessions
            .insert_refresh(&refresh(user.id, hash, family))
            .await
            .unwrap();
    }
    let stored = stores.sessions.get_refresh("a1").await.unwrap().unwrap();
    assert_eq!((stored.user_id, stored.family_id.as_str()), (user.id, "fa"));
    assert!(stored.revoked_at.is_none());
    assert!(
        stores
            .sessions
            .rotate_refresh("a1", &refresh(user.id, "a3", "fa"))
            .await
            .unwrap()
    );
    assert!(
        !stores
            .sessions
            .rotate_refresh("a1", &refresh(user.id, "a4", "fa"))
            .await
            .unwrap(),
        "only once"
    );
    assert!(
        stores.sessions.get_refresh("a4").await.unwrap().is_none(),
        "a refused rotation stores nothing"
    );
    assert!(
        stores
            .sessions
            .get_refresh("a1")
            .await
            .unwrap()
            .unwrap()
            .revoked_at
            .is_some()
    );
    assert_eq!(stores.sessions.revoke_family("fa").await.unwrap(), 2);
    assert_eq!(
        stores
            .sessions
            .revoke_user_sessions(user.id, Some("fc"))
            .await
            .unwrap(),
        1
    );
    assert!(
        stores
            .sessions
            .get_refresh("b1")
            .await
            .unwrap()
            .unwrap()
            .revoked_at
            .is_some()
    );
    assert!(
        stores
            .sessions
            .get_refresh("c1")
            .await
            .unwrap()
            .unwrap()
            .revoked_at
            .is_none()
    );
    assert!(stores.sessions.get_refresh("zz").await.unwrap().is_none());
}

async fn one_time_tokens_are_used_once(stores: Stores) {
    let user = stores
        .users
        .create(&new_user("qian", "qian@example.com"))
        .await
        .unwrap();
    let expires_at = Utc::now() + Duration::hours(1);
    let link = OneTimeToken {
        token_hash: "reset-1".into(),
        user_id: user.id,
        purpose: "reset_password".into(),
        expires_at,
        used_at: None,
    };
    stores.sessions.insert_one_time(&link).await.unwrap();
    let loaded = stores
        .sessions
        .get_one_time("reset-1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(loaded.purpose, "reset_password");
    assert_eq!(loaded.expires_at.timestamp(), expires_at.timestamp());
    assert!(stores.sessions.consume_one_time("reset-1").await.unwrap());
    assert!(!stores.sessions.consume_one_time("reset-1").await.unwrap());
    assert!(
        stores
            .sessions
            .get_one_time("reset-1")
            .await
            .unwrap()
            .unwrap()
            .used_at
            .is_some()
    );
}
