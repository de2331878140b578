//! Accounts end to end over HTTP: sign-up, sign-in, sessions, mailed links, profile,
//! account settings, and the bad inputs and attacks each must refuse.
//!
//! Long on purpose: one file per area of the API: sign-up, sessions, mailed links and
//! settings share the account and mail listener set-up, and each attack case stands
//! beside the route it attacks.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::{
    self, Options, PASSWORD, TestApp, get_as, login, register, send_as, spawn_app,
};

/// The newest of at least `count` mails to `to` that contain `marker`, from the
/// outbox, with quoted-printable soft breaks undone.
async fn mail_to(app: &TestApp, to: &str, marker: &str, count: usize) -> String {
    let outbox = app.data_dir.path().join("outbox");
    for _ in 0..100 {
        let mut mails: Vec<(std::time::SystemTime, String)> = std::fs::read_dir(&outbox)
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|entry| {
                let raw = std::fs::read_to_string(entry.path()).ok()?;
                let text = raw
                    .replace("=\r\n", "")
                    .replace("=\n", "")
                    .replace("=3D", "=");
                let modified = entry.metadata().ok()?.modified().ok()?;
                (text.contains(&format!("To: {to}")) && text.contains(marker))
                    .then_some((modified, text))
            })
            .collect();
        if mails.len() >= count {
            mails.sort();
            return mails.pop().unwrap().1;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no mail number {count} to {to}");
}

fn link_token(mail: &str, route: &str) -> String {
    let start = mail
        .find(route)
        .unwrap_or_else(|| panic!("{route} in {mail}"))
        + route.len();
    mail[start..]
        .chars()
        .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
        .collect()
}

/// A mail request answers 200 and the same whether or not `known` has an account and
/// `unknown` has none, so that nobody can find out who has one.
async fn answers_alike(app: &TestApp, path: &str, known: &str, unknown: &str) {
    let known = app.post(path, &json!({"email": known})).await;
    let unknown = app.post(path, &json!({"email": unknown})).await;
    assert_eq!(known.0, 200);
    assert_eq!(
        known, unknown,
        "the same answer whether or not the account exists"
    );
}

fn error_code(body: &Value) -> &str {
    body["error"]["code"].as_str().unwrap_or_default()
}

#[tokio::test]
async fn sign_up_signs_in_and_mails_a_verification_link() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let session = register(&app, "xiaoming").await;
    assert_eq!(session.user["username"], "xiaoming");
    assert_eq!(session.user["nickname"], "小明");
    assert_eq!(session.user["email_verified"], false);
    assert!(session.user["id"].as_i64().unwrap() < (1 << 53));
    let (status, me) = get_as(&app, "/auth/user/", &session.access).await;
    assert_eq!(status, 200);
    assert_eq!(me["data"]["email"], "xiaoming@example.com");

    let mail = mail_to(&app, "xiaoming@example.com", "/verify-email/", 1).await;
    assert!(mail.contains("Verify your email"), "{mail}");
    let token = link_token(&mail, "http://127.0.0.1:8080/verify-email/");
    assert!(token.len() >= 40);

    let (status, verified) = app
        .post("/auth/verify-email/", &json!({"token": token}))
        .await;
    assert_eq!(status, 200, "{verified}");
    assert_eq!(verified["data"]["user"]["email_verified"], true);
    let access = verified["data"]["token"].as_str().unwrap();
    assert!(verified["data"]["refresh_token"].is_string());
    let (status, me) = get_as(&app, "/auth/user/", access).await;
    assert_eq!(
        (status, me["data"]["email_verified"].clone()),
        (200, Value::Bool(true))
    );

    // Single use: opened again, it says the address is verified, and signs no one in.
    let (status, again) = app
        .post("/auth/verify-email/", &json!({"token": token}))
        .await;
    assert_eq!(
        (status, error_code(&again)),
        (409, "EMAIL_ALREADY_VERIFIED")
    );
    assert_eq!(
        again["error"]["message"],
        "This email address is already verified"
    );
    assert!(again["data"].is_null(), "{again}");
    // A link that was never sent is still an invalid one.
    let (status, forged) = app
        .post(
            "/auth/verify-email/",
            &json!({"token": format!("{token}x")}),
        )
        .await;
    assert_eq!((status, error_code(&forged)), (400, "INVALID_TOKEN"));
    assert_eq!(forged["error"]["message"], "Invalid verification link");
}

#[tokio::test]
async fn sign_up_refuses_bad_and_duplicate_details() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    register(&app, "wanghong").await;
    register(&app, "coxa").await;
    let app = &app;
    let attempt = move |username: &'static str, email: &'static str, password: &'static str| async move {
        app.post(
            "/auth/register/",
            &json!({"username": username, "email": email, "password": password, "nickname": "x"}),
        )
        .await
    };
    let cases = [
        (
            attempt("WangHong", "other@example.com", PASSWORD).await,
            409,
            "USERNAME_TAKEN",
        ),
        (
            attempt("wanghong2", "WANGHONG@example.com", PASSWORD).await,
            409,
            "EMAIL_TAKEN",
        ),
        // Look-alikes: full-width letters are the same name and address; a Cyrillic а
        // among Latin letters, or an invisible space in an address, is refused.
        (
            attempt("ｗａｎｇｈｏｎｇ", "other@example.com", PASSWORD).await,
            409,
            "USERNAME_TAKEN",
        ),
        (
            attempt("wanghong3", "ｗａｎｇｈｏｎｇ@example.com", PASSWORD).await,
            409,
            "EMAIL_TAKEN",
        ),
        (
            attempt("wаnghong", "other@example.com", PASSWORD).await,
            422,
            "VALIDATION_ERROR",
        ),
        (
            attempt("wanghong4", "wang\u{200B}hong@example.com", PASSWORD).await,
            422,
            "VALIDATION_ERROR",
        ),
        (
            attempt("newuser", "new@example.com", "short1A").await,
            422,
            "VALIDATION_ERROR",
        ),
        (
            attempt("newuser", "new@example.com", "alllowercase1").await,
            422,
            "VALIDATION_ERROR",
        ),
        (
            attempt("newuser", "not-an-email", PASSWORD).await,
            422,
            "VALIDATION_ERROR",
        ),
        (
            attempt("", "new@example.com", PASSWORD).await,
            422,
            "VALIDATION_ERROR",
        ),
        // Wholly Cyrillic, and drawn like "coxa".
        (
            attempt("соха", "other@example.com", PASSWORD).await,
            409,
            "USERNAME_TAKEN",
        ),
    ];
    let errors: Vec<Value> = cases
        .into_iter()
        .map(|((status, body), want_status, want_code)| {
            assert_eq!(
                (status, error_code(&body)),
                (want_status, want_code),
                "{body}"
            );
            body["error"].clone()
        })
        .collect();
    assert_eq!(
        errors[4]["message"],
        "Username may not mix Latin, Cyrillic and Greek letters"
    );
    assert_eq!(
        errors[6]["message"],
        "Password must be at least 8 characters long"
    );
    assert_eq!(
        errors[7]["message"],
        "Password must contain at least one uppercase letter"
    );
    // Each refusal of a field's rule names the field and the rule, for the form to say
    // in its own language; a taken name is its code's.
    let broken = |e: &Value| (e["field"].clone(), e["rule"].clone());
    for (i, field, rule) in [
        (4, "username", "mixed_alphabets"),
        (5, "email", "invisible"),
        (6, "password", "length"),
        (7, "password", "uppercase"),
        (8, "email", "invalid"),
        (9, "username", "required"),
    ] {
        assert_eq!(
            broken(&errors[i]),
            (json!(field), json!(rule)),
            "{}",
            errors[i]
        );
    }
    assert!(errors[10].get("field").is_none(), "{}", errors[10]);
    // Typed in full-width, as a Chinese keyboard may, the name still signs in.
    let (status, body) = support::login(app, "ｗａｎｇｈｏｎｇ", PASSWORD).await;
    assert_eq!(status, 200, "{body}");
    let (status, body) = app
        .post("/auth/register/", &json!({"username": "x", "email": 5}))
        .await;
    assert_eq!((status, error_code(&body)), (422, "VALIDATION_ERROR"));
}

#[tokio::test]
async fn login_by_username_or_email_and_refuses_wrong_details_alike() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    register(&app, "lihua").await;
    for name in ["lihua", "LiHua", "lihua@example.com"] {
        let (status, body) = login(&app, name, PASSWORD).await;
        assert_eq!(status, 200, "{name}: {body}");
        assert!(body["data"]["access"].is_string() && body["data"]["refresh"].is_string());
        assert_eq!(body["data"]["user"]["username"], "lihua");
    }
    let (status, wrong) = login(&app, "lihua", "Sunrise2025").await;
    let (status2, unknown) = login(&app, "nobody", PASSWORD).await;
    assert_eq!((status, status2), (401, 401));
    assert_eq!(
        wrong["error"], unknown["error"],
        "no hint which part was wrong"
    );
    assert_eq!(wrong["error"]["message"], "Invalid credentials");
    let (status, body) = login(&app, " ", PASSWORD).await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (422, Some("Please enter username"))
    );
}

#[tokio::test]
async fn refresh_tokens_rotate_and_a_reused_one_ends_the_session() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let first = register(&app, "zhaolei").await;
    let (status, rotated) = app
        .post("/auth/refresh/", &json!({"refresh": first.refresh}))
        .await;
    assert_eq!(status, 200, "{rotated}");
    let second_refresh = rotated["data"]["refresh"].as_str().unwrap().to_owned();
    assert_ne!(second_refresh, first.refresh);
    let (status, _) = get_as(
        &app,
        "/auth/user/",
        rotated["data"]["access"].as_str().unwrap(),
    )
    .await;
    assert_eq!(status, 200);

    // The spent token comes back: someone else has it. The whole family ends.
    let (status, reused) = app
        .post("/auth/refresh/", &json!({"refresh": first.refresh}))
        .await;
    assert_eq!((status, error_code(&reused)), (401, "TOKEN_REUSED"));
    let (status, after) = app
        .post("/auth/refresh/", &json!({"refresh": second_refresh}))
        .await;
    assert_eq!((status, error_code(&after)), (401, "TOKEN_REUSED"));

    let (status, bogus) = app
        .post("/auth/refresh/", &json!({"refresh": "nonsense"}))
        .await;
    assert_eq!((status, error_code(&bogus)), (401, "INVALID_TOKEN"));
}

#[tokio::test]
async fn logout_ends_the_session() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let session = register(&app, "sunli").await;
    let (status, body) = app
        .post("/auth/logout/", &json!({"refresh_token": session.refresh}))
        .await;
    assert_eq!(
        (status, body["data"]["logged_out"].clone()),
        (200, Value::Bool(true))
    );
    let (status, _) = app
        .post("/auth/refresh/", &json!({"refresh": session.refresh}))
        .await;
    assert_eq!(status, 401);
    // An unknown token: the same answer, so it tells nothing.
    let (status, _) = app
        .post("/auth/logout/", &json!({"refresh_token": "unknown"}))
        .await;
    assert_eq!(status, 200);

    // `refresh`, the name login answers with, ends a session as well.
    let other = login(&app, "sunli", PASSWORD).await.1;
    let other_refresh = other["data"]["refresh"].as_str().unwrap();
    let (status, _) = app
        .post("/auth/logout/", &json!({"refresh": other_refresh}))
        .await;
    assert_eq!(status, 200);
    let (status, ended) = app
        .post("/auth/refresh/", &json!({"refresh": other_refresh}))
        .await;
    assert_eq!(status, 401, "{ended}");

    // No token: a clear refusal, not a logout that did nothing.
    for body in [
        json!({}),
        json!({"refresh_token": " "}),
        json!({"token": "x"}),
    ] {
        let (status, refused) = app.post("/auth/logout/", &body).await;
        assert_eq!((status, error_code(&refused)), (422, "VALIDATION_ERROR"));
    }
}

#[tokio::test]
async fn a_reused_refresh_token_ends_the_family_whichever_request_wins() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let session = register(&app, "racer").await;
    for trial in 0..10 {
        let (_, fresh) = login(&app, "racer", PASSWORD).await;
        let token = fresh["data"]["refresh"].as_str().unwrap().to_owned();
        let body = json!({"refresh": token});
        let answers =
            futures::future::join_all((0..4).map(|_| app.post("/auth/refresh/", &body))).await;
        let reused = answers
            .iter()
            .filter(|(status, body)| *status == 401 && error_code(body) == "TOKEN_REUSED")
            .count();
        assert!(reused >= 3, "trial {trial}: {answers:?}");
        // Whoever won, its new token belongs to a family that has ended.
        for (status, body) in answers.iter().filter(|(status, _)| *status == 200) {
            let next = body["data"]["refresh"].as_str().unwrap();
            let (again, refused) = app.post("/auth/refresh/", &json!({"refresh": next})).await;
            assert_eq!(again, 401, "trial {trial}: {status} {body} then {refused}");
        }
    }
    // Other sessions of the user go on.
    let (status, _) = get_as(&app, "/auth/user/", &session.access).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn forged_expired_and_misused_tokens_are_refused() {
    use jsonwebtoken::{Algorithm, EncodingKey, Header, encode};
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let session = register(&app, "zhoujie").await;
    let id = session.user["id"].as_i64().unwrap().to_string();
    let now = chrono::Utc::now().timestamp();
    let sign = |secret: &str, claims: Value| {
        encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &EncodingKey::from_secret(secret.as_bytes()),
        )
        .unwrap()
    };
    let b64 = |v: &Value| {
        use base64::Engine;
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string())
    };
    let claims = json!({"sub": id, "iat": now, "exp": now + 600, "typ": "access"});
    let unsigned = format!(
        "{}.{}.",
        b64(&json!({"alg": "none", "typ": "JWT"})),
        b64(&claims)
    );
    let cases = [
        (
            "another key",
            sign("another-secret-that-is-long-enough-32", claims.clone()),
            "INVALID_TOKEN",
        ),
        ("alg none", unsigned, "INVALID_TOKEN"),
        (
            "expired",
            sign(
                support::TEST_JWT_SECRET,
                json!({"sub": id, "iat": now - 3600, "exp": now - 1800, "typ": "access"}),
            ),
            "TOKEN_EXPIRED",
        ),
        (
            "not an access token",
            sign(
                support::TEST_JWT_SECRET,
                json!({"sub": id, "iat": now, "exp": now + 600, "typ": "refresh"}),
            ),
            "INVALID_TOKEN",
        ),
        ("a refresh token", session.refresh.clone(), "INVALID_TOKEN"),
        ("garbage", "abc.def.ghi".into(), "INVALID_TOKEN"),
    ];
    for (what, token, code) in cases {
        let (status, body) = get_as(&app, "/auth/user/", &token).await;
        assert_eq!((status, error_code(&body)), (401, code), "{what}: {body}");
    }
    let (status, body) = app.get("/auth/user/").await;
    assert_eq!((status, error_code(&body)), (401, "NOT_AUTHENTICATED"));
    // The genuine token still works.
    let (status, _) = get_as(&app, "/auth/user/", &session.access).await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn password_reset_by_mailed_link_ends_every_session() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let session = register(&app, "chenjing").await;
    answers_alike(
        &app,
        "/auth/password-reset/",
        "ChenJing@example.com",
        "ghost@example.com",
    )
    .await;
    let (status, body) = app
        .post("/auth/password-reset/", &json!({"email": "  "}))
        .await;
    assert_eq!(
        (status, body["error"]["message"].as_str()),
        (422, Some("Please enter your email address"))
    );

    let mail = mail_to(&app, "chenjing@example.com", "/reset-password/", 1).await;
    assert!(mail.contains("Reset your password"), "{mail}");
    let token = link_token(&mail, "/reset-password/");

    let (status, weak) = app
        .post(
            "/auth/password-reset-confirm/",
            &json!({"token": token, "password": "Abcdefgh"}),
        )
        .await;
    assert_eq!(
        (status, weak["error"]["message"].as_str()),
        (422, Some("Password must contain at least one number"))
    );
    let (status, done) = app
        .post(
            "/auth/password-reset-confirm/",
            &json!({"token": token, "password": "Moonlight77"}),
        )
        .await;
    assert_eq!(status, 200, "{done}");

    assert_eq!(login(&app, "chenjing", PASSWORD).await.0, 401);
    assert_eq!(login(&app, "chenjing", "Moonlight77").await.0, 200);
    let (status, _) = app
        .post("/auth/refresh/", &json!({"refresh": session.refresh}))
        .await;
    assert_eq!(status, 401, "old sessions ended");

    let (status, reused) = app
        .post(
            "/auth/password-reset-confirm/",
            &json!({"token": token, "password": "Another88x"}),
        )
        .await;
    assert_eq!((status, error_code(&reused)), (400, "INVALID_TOKEN"));
    assert_eq!(reused["error"]["message"], "Invalid password reset link");
    let (status, missing) = app
        .post(
            "/auth/password-reset-confirm/",
            &json!({"password": "Another88x"}),
        )
        .await;
    assert_eq!((status, error_code(&missing)), (400, "INVALID_TOKEN"));
}

#[tokio::test]
async fn expired_links_say_so() {
    use sha2::{Digest, Sha256};
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let session = register(&app, "expired").await;
    let user_id = models::UserId::from_i64(session.user["id"].as_i64().unwrap());
    for (purpose, path, body) in [
        (
            "verify_email",
            "/auth/verify-email/",
            json!({"token": "old-verify-link"}),
        ),
        (
            "reset_password",
            "/auth/password-reset-confirm/",
            json!({"token": "old-reset-link", "password": "Moonlight77"}),
        ),
    ] {
        let token = body["token"].as_str().unwrap();
        let token_hash = Sha256::digest(token.as_bytes())
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect();
        app.state
            .stores
            .sessions
            .insert_one_time(&models::OneTimeToken {
                token_hash,
                user_id,
                purpose: purpose.into(),
                expires_at: chrono::Utc::now() - chrono::Duration::minutes(1),
                used_at: None,
            })
            .await
            .unwrap();
        let (status, answer) = app.post(path, &body).await;
        assert_eq!(
            (status, error_code(&answer)),
            (400, "TOKEN_EXPIRED"),
            "{purpose}: {answer}"
        );
    }
    // The password did not change.
    assert_eq!(login(&app, "expired", PASSWORD).await.0, 200);
}

#[tokio::test]
async fn resend_verification_answers_the_same_for_anyone() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    register(&app, "resend").await;
    answers_alike(
        &app,
        "/auth/resend-verification/",
        "resend@example.com",
        "nobody@example.com",
    )
    .await;
    mail_to(&app, "resend@example.com", "/verify-email/", 2).await;
}

#[tokio::test]
async fn profiles_start_with_defaults_and_validate_edits() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let session = register(&app, "profiler").await;
    let (status, body) = get_as(&app, "/users/profile/", &session.access).await;
    assert_eq!(status, 200);
    assert_eq!(
        body["data"],
        json!({"user": {"username": "profiler", "email": "profiler@example.com", "nickname": "小明"},
               "profile": {"date_of_birth": null, "gender": "male", "height": 175.0, "weight": 70.0,
                           "daily_calorie_goal": 2000, "activity_level": null,
                           "macro_goal_unit": null, "protein_goal": null, "fat_goal": null,
                           "carbs_goal": null, "body_data_set": false,
                           "weight_aim_kg_per_week": null}})
    );
    let (app_ref, access) = (&app, &session.access);
    let put = move |body: Value| async move {
        send_as(
            app_ref,
            reqwest::Method::PUT,
            "/users/profile/",
            access,
            &body,
        )
        .await
    };
    // A nickname or a goal is no body data: the defaults are still not the person's.
    let (status, body) = put(json!({"nickname": "小明", "daily_calorie_goal": 2000})).await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["profile"]["body_data_set"], false);
    let (status, body) = put(
        json!({"nickname": "明明", "date_of_birth": "1995-04-12", "gender": "female",
                                     "height": 165.5, "weight": 55.2, "daily_calorie_goal": 1800}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["profile"]["height"], 165.5);
    assert_eq!(body["data"]["user"]["nickname"], "明明");
    assert_eq!(body["data"]["profile"]["body_data_set"], true);

    let (status, bad) = put(json!({"height": 20, "weight": "heavy"})).await;
    assert_eq!((status, error_code(&bad)), (422, "VALIDATION_ERROR"));
    let (status, bad) =
        put(json!({"height": 20, "daily_calorie_goal": 99999, "date_of_birth": "2099-01-01"}))
            .await;
    assert_eq!(status, 422);
    let message = bad["error"]["message"].as_str().unwrap();
    for field in ["height", "daily_calorie_goal", "date_of_birth"] {
        assert!(message.contains(field), "{message}");
    }
    let (_, unchanged) = get_as(&app, "/users/profile/", &session.access).await;
    assert_eq!(
        unchanged["data"]["profile"]["height"], 165.5,
        "nothing half-saved"
    );
    assert_eq!(unchanged["data"]["profile"]["body_data_set"], true);

    // Goals: an activity level and macro goals in percent that add up to 100.
    let (status, body) = put(
        json!({"activity_level": "very_active", "macro_goal_unit": "percent",
        "protein_goal": 30, "fat_goal": 25, "carbs_goal": 45.4}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    let profile = &body["data"]["profile"];
    assert_eq!(profile["activity_level"], "very_active");
    assert_eq!(profile["macro_goal_unit"], "percent");
    assert_eq!(profile["carbs_goal"], 45.4);
    let (_, read) = get_as(&app, "/users/profile/", &session.access).await;
    assert_eq!(&read["data"]["profile"], profile);

    // Each refusal names its field and changes nothing.
    for (body, field) in [
        (json!({"protein_goal": 40}), "add up to 100"),
        (json!({"activity_level": "couch"}), "activity_level"),
        (json!({"macro_goal_unit": "oz"}), "macro_goal_unit"),
        (
            json!({"macro_goal_unit": "g", "protein_goal": 1200}),
            "protein_goal",
        ),
        (json!({"fat_goal": null}), "fat_goal"),
        (json!({"weight": 1.5}), "weight"),
        (json!({"weight": 700}), "weight"),
        (json!({"height": 280}), "height"),
        (json!({"daily_calorie_goal": 400}), "daily_calorie_goal"),
        (json!({"date_of_birth": "1880-01-01"}), "130 years"),
        (json!({"date_of_birth": "2999-01-01"}), "date_of_birth"),
    ] {
        let (status, bad) = put(body.clone()).await;
        assert_eq!(
            (status, error_code(&bad)),
            (422, "VALIDATION_ERROR"),
            "{body}"
        );
        let message = bad["error"]["message"].as_str().unwrap();
        assert!(message.contains(field), "{body}: {message}");
    }
    let (_, read) = get_as(&app, "/users/profile/", &session.access).await;
    assert_eq!(&read["data"]["profile"], profile, "refusals change nothing");

    // Grams, then null clears them all.
    let (status, body) = put(
        json!({"macro_goal_unit": "g", "protein_goal": 120, "fat_goal": 60,
        "carbs_goal": 250, "weight": 2.5}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["profile"]["protein_goal"], 120.0);
    let (status, body) = put(json!({"activity_level": null, "macro_goal_unit": null,
        "protein_goal": null, "fat_goal": null, "carbs_goal": null}))
    .await;
    assert_eq!(status, 200, "{body}");
    for field in [
        "activity_level",
        "macro_goal_unit",
        "protein_goal",
        "fat_goal",
        "carbs_goal",
    ] {
        assert_eq!(body["data"]["profile"][field], Value::Null, "{field}");
    }
    let (status, _) = app.get("/users/profile/").await;
    assert_eq!(status, 401);
}

#[tokio::test]
async fn changing_the_password_ends_other_sessions() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let phone = register(&app, "twodevices").await;
    let (_, laptop) = login(&app, "twodevices", PASSWORD).await;
    let laptop_refresh = laptop["data"]["refresh"].as_str().unwrap().to_owned();
    let (app_ref, access) = (&app, &phone.access);
    let change = move |current: &'static str, new: &'static str| async move {
        send_as(
            app_ref,
            reqwest::Method::POST,
            "/users/change-password/",
            access,
            &json!({"current_password": current, "new_password": new}),
        )
        .await
    };
    let (status, wrong) = change("Wrong2026x", "Moonlight77").await;
    assert_eq!(
        (
            status,
            error_code(&wrong),
            wrong["error"]["message"].as_str()
        ),
        (401, "WRONG_PASSWORD", Some("Current password is incorrect"))
    );
    let (status, weak) = change(PASSWORD, "moonlight").await;
    assert_eq!((status, error_code(&weak)), (422, "VALIDATION_ERROR"));
    // The rule broken is the new password's, by the name the request gives it.
    assert_eq!(
        (&weak["error"]["field"], &weak["error"]["rule"]),
        (&json!("new_password"), &json!("uppercase")),
        "{weak}"
    );
    let (status, fresh) = change(PASSWORD, "Moonlight77").await;
    assert_eq!(status, 200, "{fresh}");
    let new_refresh = fresh["data"]["refresh"].as_str().unwrap();
    assert_eq!(
        app.post("/auth/refresh/", &json!({"refresh": laptop_refresh}))
            .await
            .0,
        401
    );
    assert_eq!(
        app.post("/auth/refresh/", &json!({"refresh": phone.refresh}))
            .await
            .0,
        401
    );
    assert_eq!(
        app.post("/auth/refresh/", &json!({"refresh": new_refresh}))
            .await
            .0,
        200
    );
    assert_eq!(login(&app, "twodevices", "Moonlight77").await.0, 200);
}

#[tokio::test]
async fn users_export_their_data_and_delete_their_account() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let session = register(&app, "leaving").await;
    let other = register(&app, "staying").await;

    let export = app
        .client
        .get(app.url("/users/export/"))
        .bearer_auth(&session.access)
        .send()
        .await
        .unwrap();
    assert_eq!(export.status(), 200);
    assert!(
        export.headers()["content-disposition"]
            .to_str()
            .unwrap()
            .contains("attachment")
    );
    let data: Value = export.json().await.unwrap();
    assert_eq!(data["user"]["username"], "leaving");
    assert_eq!(data["profile"]["daily_calorie_goal"], 2000);
    assert!(data["meals"].is_array());
    let csv = app
        .client
        .get(app.url("/users/export/meals.csv"))
        .bearer_auth(&session.access)
        .send()
        .await
        .unwrap();
    assert!(
        csv.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/csv")
    );
    assert!(
        csv.text()
            .await
            .unwrap()
            .starts_with("meal_id,date,time,meal_type")
    );

    // Issue 48: names a spreadsheet would run as formulas are exported as text.
    let (status, created) = send_as(
        &app,
        reqwest::Method::POST,
        "/foods/create/",
        &session.access,
        &json!({"name": "=cmd|' /C calc'!A0", "calories": 100}),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let food = created["data"]["id"].as_i64().unwrap();
    let (status, meal) = send_as(
        &app,
        reqwest::Method::POST,
        "/meals/create/",
        &session.access,
        &json!({"name": "+SUM(1+1)", "meal_type": "lunch", "foods": [{"food_id": food, "quantity": 100}]}),
    )
    .await;
    assert_eq!(status, 201, "{meal}");
    let csv = app
        .client
        .get(app.url("/users/export/meals.csv"))
        .bearer_auth(&session.access)
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let row = csv.lines().nth(1).unwrap();
    assert!(row.contains(",'+SUM(1+1),"), "{row}");
    assert!(row.contains(",'=cmd|' /C calc'!A0,"), "{row}");
    assert!(
        !csv.contains(",=") && !csv.contains(",+") && !csv.contains(",\"="),
        "{csv}"
    );

    let (app_ref, access) = (&app, &session.access);
    let delete = move |password: &'static str| async move {
        send_as(
            app_ref,
            reqwest::Method::DELETE,
            "/users/account/",
            access,
            &json!({"password": password}),
        )
        .await
    };
    // Said as a wrong password, not as a wrong username or password.
    let (status, refused) = delete("Wrong2026x").await;
    assert_eq!((status, error_code(&refused)), (401, "WRONG_PASSWORD"));
    let (status, deleted) = delete(PASSWORD).await;
    assert_eq!(
        (status, deleted["data"]["deleted"].clone()),
        (200, Value::Bool(true))
    );

    let (status, gone) = get_as(&app, "/auth/user/", &session.access).await;
    assert_eq!((status, error_code(&gone)), (401, "INVALID_TOKEN"));
    assert_eq!(login(&app, "leaving", PASSWORD).await.0, 401);
    assert_eq!(
        app.post("/auth/refresh/", &json!({"refresh": session.refresh}))
            .await
            .0,
        401
    );
    // Its job runs (the mails sent to it) are gone too.
    let left = app
        .state
        .jobs
        .store()
        .delete_for_owner(session.user["id"].as_i64().unwrap())
        .await
        .unwrap();
    assert_eq!(left, 0);
    // Other accounts are untouched.
    assert_eq!(get_as(&app, "/auth/user/", &other.access).await.0, 200);
}

#[tokio::test]
async fn a_users_jobs_are_visible_to_that_user_only() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let owner = register(&app, "jobowner").await;
    let stranger = register(&app, "stranger").await;
    let job = app
        .state
        .jobs
        .push(
            jobs::payloads::Probe::new(1, 0),
            Some(owner.user["id"].as_i64().unwrap()),
        )
        .await
        .unwrap();
    let path = format!("/jobs/{job}/");
    assert_eq!(get_as(&app, &path, &owner.access).await.0, 200);
    assert_eq!(get_as(&app, &path, &stranger.access).await.0, 404);
    assert_eq!(app.get(&path).await.0, 404);
    let cancel = format!("/jobs/{job}/cancel/");
    let (status, _) = send_as(
        &app,
        reqwest::Method::POST,
        &cancel,
        &stranger.access,
        &json!({}),
    )
    .await;
    assert_eq!(status, 404, "nobody else may cancel it");
    // A bad token is refused, not taken as anonymous.
    assert_eq!(get_as(&app, &path, "garbage").await.0, 401);
}

#[tokio::test]
async fn sign_in_and_mail_requests_are_rate_limited() {
    let few = api::Limit::per(3, Duration::from_secs(60));
    let Some(app) = spawn_app(Options {
        rate_limits: api::RateLimits {
            login_per_account: few,
            mail_per_account: few,
            ..support::generous_limits()
        },
        ..Options::default()
    })
    .await
    else {
        return;
    };
    register(&app, "limited").await;
    for _ in 0..3 {
        assert_eq!(login(&app, "limited", "Wrong2026x").await.0, 401);
    }
    let response = app
        .client
        .post(app.url("/auth/login/"))
        .json(&json!({"username": "LIMITED", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry_after));
    let (status, body) = support::json_of(response).await;
    assert_eq!((status, error_code(&body)), (429, "RATE_LIMITED"));
    // Another account is not affected by this one's limit.
    assert_eq!(login(&app, "someone-else", PASSWORD).await.0, 401);
    // The email names the same account: the same budget.
    let (status, body) = login(&app, "limited@example.com", "Wrong2026x").await;
    assert_eq!((status, error_code(&body)), (429, "RATE_LIMITED"));
    // The owner, from another address, still signs in: a stranger's wrong guesses
    // cannot lock them out.
    let elsewhere = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap();
    for name in ["limited", "limited@example.com"] {
        let response = elsewhere
            .post(app.url("/auth/login/"))
            .json(&json!({"username": name, "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        let (status, body) = support::json_of(response).await;
        assert_eq!(status, 200, "{name}: {body}");
    }
    // A right password spends nothing of the budget.
    for _ in 0..4 {
        let response = elsewhere
            .post(app.url("/auth/login/"))
            .json(&json!({"username": "limited", "password": PASSWORD}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    }

    for _ in 0..3 {
        assert_eq!(
            app.post(
                "/auth/password-reset/",
                &json!({"email": "limited@example.com"})
            )
            .await
            .0,
            200
        );
    }
    let (status, body) = app
        .post(
            "/auth/password-reset/",
            &json!({"email": "Limited@Example.com"}),
        )
        .await;
    assert_eq!((status, error_code(&body)), (429, "RATE_LIMITED"));
}

#[tokio::test]
async fn verification_mail_goes_through_a_real_smtp_relay() {
    let smtp = support::smtp::Listener::start().await;
    let Some(app) = support::spawn_app_mailing_to(&smtp).await else {
        return;
    };
    register(&app, "smtpuser").await;
    let mut received = Vec::new();
    for _ in 0..100 {
        received = smtp.received().await;
        if !received.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    assert_eq!(received.len(), 1, "one mail over SMTP");
    assert_eq!(
        received[0].recipients,
        vec!["<smtpuser@example.com>".to_owned()]
    );
    let data = received[0].data.replace("=\n", "").replace("=3D", "=");
    let token = link_token(&data, "/verify-email/");
    let (status, _) = app
        .post("/auth/verify-email/", &json!({"token": token}))
        .await;
    assert_eq!(status, 200);
}

#[tokio::test]
async fn text_with_control_characters_is_refused_the_same_on_both_engines() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let ann = register(&app, "ann").await;
    let refused = |status: u16, body: &Value, field: &str| {
        assert_eq!(status, 422, "{field}: {body}");
        assert_eq!(body["error"]["code"], "VALIDATION_ERROR", "{body}");
        let message = body["error"]["message"].as_str().unwrap();
        assert!(message.starts_with(&format!("{field}: ")), "{message}");
    };
    // A NUL in a sign-up or a sign-in (PostgreSQL cannot store one; SQLite would).
    let (status, body) = app
        .post(
            "/auth/register/",
            &json!({"username": "bob\u{0}", "email": "bob@example.com", "password": PASSWORD}),
        )
        .await;
    refused(status, &body, "username");
    let (status, body) = app
        .post(
            "/auth/register/",
            &json!({"username": "bob", "email": "bob@example.com", "password": PASSWORD,
                    "nickname": "Bob\u{7}"}),
        )
        .await;
    refused(status, &body, "nickname");
    let (status, body) = app
        .post(
            "/auth/login/",
            &json!({"username": "ann\u{0}", "password": PASSWORD}),
        )
        .await;
    refused(status, &body, "username");
    // Deep in a body, the path names the field.
    let meal = json!({"date": "2026-11-20", "meal_type": "lunch",
                      "foods": [{"quick_add": {"name": "Tea\u{0}", "calories": 40}}]});
    let (status, body) = send_as(
        &app,
        reqwest::Method::POST,
        "/meals/create/",
        &ann.access,
        &meal,
    )
    .await;
    refused(status, &body, "foods[0].quick_add.name");
    // In a path, a query, and an upload's notes.
    let (status, body) = get_as(&app, "/jobs/job%00one/", &ann.access).await;
    refused(status, &body, "id");
    let (status, body) = app.get("/foods/search/?query=rice%00").await;
    refused(status, &body, "query");
    let photo = {
        let mut out = Vec::new();
        image::RgbImage::from_pixel(64, 48, image::Rgb([200, 180, 40]))
            .write_to(&mut std::io::Cursor::new(&mut out), image::ImageFormat::Png)
            .unwrap();
        out
    };
    let (status, body) = support::upload(&app, &ann, photo, "plate.png", Some("rice\u{1}")).await;
    refused(status, &body, "notes");
    // Tabs and line breaks are text, and are kept.
    let (status, saved) = send_as(
        &app,
        reqwest::Method::POST,
        "/meals/record-weight/",
        &ann.access,
        &json!({"date": "2026-11-20", "weight": 64.5, "notes": "after a run\n\tand a shower"}),
    )
    .await;
    assert_eq!(status, 201, "{saved}");
    assert_eq!(saved["data"]["notes"], "after a run\n\tand a shower");
}

#[tokio::test]
async fn no_link_token_address_or_password_is_kept_in_a_job() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let session = register(&app, "guarded").await;
    let address = "guarded@example.com";
    let first = mail_to(&app, address, "/verify-email/", 1).await;
    app.post("/auth/resend-verification/", &json!({"email": address}))
        .await;
    let second = mail_to(&app, address, "/verify-email/", 2).await;
    app.post("/auth/password-reset/", &json!({"email": address}))
        .await;
    let reset = mail_to(&app, address, "/reset-password/", 1).await;
    let tokens = [
        link_token(&first, "/verify-email/"),
        link_token(&second, "/verify-email/"),
        link_token(&reset, "/reset-password/"),
    ];
    assert_ne!(tokens[0], tokens[1], "each mail has a link of its own");
    let (status, body) = app
        .post(
            "/auth/password-reset-confirm/",
            &json!({"token": tokens[2], "password": "Moonlight77"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    // The two verification links still work: the mails carry them, nothing else does.
    let (status, _) = app
        .post("/auth/verify-email/", &json!({"token": tokens[1]}))
        .await;
    assert_eq!(status, 200);

    let user_id = session.user["id"].as_i64().unwrap();
    let stored = support::stored_job_data(&app).await;
    let mail_jobs = stored
        .iter()
        .filter(|text| text.contains(&format!("\"user_id\":{user_id}")))
        .count();
    assert!(mail_jobs >= 3, "the three mail jobs are stored: {stored:?}");
    for text in &stored {
        for secret in tokens.iter().map(String::as_str).chain([
            "verify-email/",
            "reset-password/",
            address,
            PASSWORD,
            "Moonlight77",
        ]) {
            assert!(!text.contains(secret), "{secret:?} is kept in {text}");
        }
    }
}

async fn sign_up(app: &TestApp, username: &str, email: &str) -> (u16, Value) {
    app.post(
        "/auth/register/",
        &json!({"username": username, "email": email, "password": PASSWORD, "nickname": "x"}),
    )
    .await
}

/// Issue 48: no two accounts look alike, whichever is made first, however close together
/// (the skeletons are unique columns, checked inside the insert), with invisible fillers,
/// rare look-alike letters, or a Cyrillic letter in an address; accounts made before are
/// keyed at start and look-alikes among them reported.
#[tokio::test]
async fn look_alike_accounts_are_refused_in_either_order_and_in_a_race() {
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    // All-Cyrillic first, then its Latin twin; Latin first, then its Cyrillic twin.
    for (first, second) in [("сауеаух", "cayeayx"), ("payee", "рауее")] {
        let (status, body) = sign_up(&app, first, &format!("{}@example.com", first.len())).await;
        assert_eq!(status, 201, "{first}: {body}");
        let (status, body) = sign_up(&app, second, "twin@example.com").await;
        assert_eq!(
            (status, error_code(&body)),
            (409, "USERNAME_TAKEN"),
            "{second}: {body}"
        );
    }
    // Both twins at the same moment: one account, every round.
    for round in 0..10 {
        let latin = format!("cayeayx{round}");
        let cyrillic = format!("сауеаух{round}");
        let (latin_mail, cyrillic_mail) = (
            format!("latin{round}@example.com"),
            format!("cyrillic{round}@example.com"),
        );
        let (a, b) = tokio::join!(
            sign_up(&app, &latin, &latin_mail),
            sign_up(&app, &cyrillic, &cyrillic_mail),
        );
        let made = [a.0, b.0].iter().filter(|&&s| s == 201).count();
        assert_eq!(made, 1, "round {round}: {} {} / {} {}", a.0, a.1, b.0, b.1);
    }
    // Invisible fillers and a small capital are no part of a name.
    let (status, _) = sign_up(&app, "xecodgc", "x1@example.com").await;
    assert_eq!(status, 201);
    for name in [
        "xecodgc\u{3164}",
        "xecodgc\u{115F}",
        "xecodgc\u{1160}",
        "xecodgc\u{FFA0}",
        "ᴀdmins",
    ] {
        let (status, body) = sign_up(&app, name, "x2@example.com").await;
        assert_eq!(
            (status, error_code(&body)),
            (422, "VALIDATION_ERROR"),
            "{name:?}: {body}"
        );
    }
    // A Cyrillic а in the address is the same address.
    let (status, _) = sign_up(&app, "annlee", "ann@example.com").await;
    assert_eq!(status, 201);
    let (status, body) = sign_up(&app, "annlee2", "\u{0430}nn@example.com").await;
    assert_eq!((status, error_code(&body)), (409, "EMAIL_TAKEN"), "{body}");

    // Accounts made before the skeletons were kept (two that look alike among them) are
    // keyed, the later look-alike reported; no new account takes either look.
    let forget = "update app_user set username_skeleton = null, \
                  username_capitals_skeleton = null, email_skeleton = null";
    let rename = "update app_user set username = 'рауее', username_key = 'рауее' \
                  where username_key = 'annlee'";
    match &app.state.db {
        store::Database::Sqlite(pool) => {
            sqlx::query(forget).execute(pool).await.unwrap();
            sqlx::query(rename).execute(pool).await.unwrap();
        }
        store::Database::Postgres(pool) => {
            sqlx::query(forget).execute(pool).await.unwrap();
            sqlx::query(rename).execute(pool).await.unwrap();
        }
    }
    let reported = app.state.stores.users.key_skeletons().await.unwrap();
    let names: Vec<&str> = reported.iter().map(|r| r.username.as_str()).collect();
    assert_eq!(names, ["рауее"], "{reported:?}");
    let (status, body) = sign_up(&app, "cayeayx7x", "z@example.com").await;
    assert_eq!(status, 201, "{body}");
    let (status, body) = sign_up(&app, "payee", "z2@example.com").await;
    assert_eq!(
        (status, error_code(&body)),
        (409, "USERNAME_TAKEN"),
        "{body}"
    );
    assert!(app.state.stores.users.key_skeletons().await.unwrap().len() == 1);
}
