//! What the server writes to its log, at its most talkative, never holds a secret: no
//! password, no token, no mailed link's token, no signing secret.

use std::time::Duration;

use serde_json::{Value, json};

use crate::support::process::{free_port, start};

async fn post(client: &reqwest::Client, base: &str, path: &str, body: Value) -> (u16, Value) {
    let response = client
        .post(format!("{base}/api/v1{path}"))
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn the_log_holds_no_password_token_or_secret() {
    let dir = tempfile::tempdir().unwrap();
    let log = dir.path().join("server.log");
    let port = free_port();
    let secret = "log-test-signing-secret-of-at-least-32-chars";
    let _server = start(
        "api",
        &[
            ("RUST_LOG", "debug".into()),
            (
                "DATABASE_URL",
                format!("sqlite://{}/calorie.db?mode=rwc", dir.path().display()),
            ),
            ("DATA_DIR", dir.path().display().to_string()),
            ("BIND_ADDR", format!("127.0.0.1:{port}")),
            ("ADMIN_BIND_ADDR", format!("127.0.0.1:{}", free_port())),
            ("JWT_SECRET", secret.into()),
            ("WEB_DIR", dir.path().join("no-web").display().to_string()),
        ],
        Some(&log),
    );
    let base = format!("http://127.0.0.1:{port}");
    let _ = rustls::crypto::ring::default_provider().install_default();
    let client = reqwest::Client::new();
    let mut ready = false;
    for _ in 0..300 {
        if let Ok(r) = client
            .get(format!("{base}/api/v1/health/ready"))
            .send()
            .await
            && r.status().is_success()
        {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(
        ready,
        "{}",
        std::fs::read_to_string(&log).unwrap_or_default()
    );

    let password = "Sunrise2026-secret";
    let (status, signed_up) = post(
        &client,
        &base,
        "/auth/register/",
        json!({"username": "quiet", "email": "quiet@example.com", "password": password, "nickname": "q"}),
    )
    .await;
    assert_eq!(status, 201, "{signed_up}");
    let (status, logged_in) = post(
        &client,
        &base,
        "/auth/login/",
        json!({"username": "quiet", "password": password}),
    )
    .await;
    assert_eq!(status, 200, "{logged_in}");
    let (_, wrong) = post(
        &client,
        &base,
        "/auth/login/",
        json!({"username": "quiet", "password": "Wrong-guess-2026"}),
    )
    .await;
    assert_eq!(wrong["success"], false);
    let refresh = logged_in["data"]["refresh"].as_str().unwrap().to_owned();
    let (status, refreshed) = post(
        &client,
        &base,
        "/auth/refresh/",
        json!({"refresh": refresh}),
    )
    .await;
    assert_eq!(status, 200, "{refreshed}");
    // Reusing a refresh token is logged (it ends the session), without the token.
    post(
        &client,
        &base,
        "/auth/refresh/",
        json!({"refresh": refresh}),
    )
    .await;
    let (status, _) = post(
        &client,
        &base,
        "/auth/password-reset/",
        json!({"email": "quiet@example.com"}),
    )
    .await;
    assert_eq!(status, 200);

    // The mails (verification, reset) are written by the in-process workers.
    let outbox = dir.path().join("outbox");
    let mut mails = Vec::new();
    for _ in 0..100 {
        mails = std::fs::read_dir(&outbox)
            .map(|d| {
                d.flatten()
                    .map(|e| std::fs::read_to_string(e.path()).unwrap())
                    .collect()
            })
            .unwrap_or_default();
        if mails.len() >= 2 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(mails.len() >= 2, "verification and reset mails are written");
    // Links are /verify-email/{token} and /reset-password/{token}, quoted-printable.
    let mailed_tokens: Vec<String> = mails
        .iter()
        .flat_map(|m| {
            let text = m.replace("=\r\n", "");
            ["/verify-email/", "/reset-password/"]
                .iter()
                .flat_map(|route| {
                    text.split(route)
                        .skip(1)
                        .map(|t| {
                            t.chars()
                                .take_while(|c| c.is_ascii_alphanumeric() || *c == '-' || *c == '_')
                                .collect::<String>()
                        })
                        .collect::<Vec<_>>()
                })
                .collect::<Vec<_>>()
        })
        .filter(|t| t.len() >= 16)
        .collect();
    assert!(
        !mailed_tokens.is_empty(),
        "the mails carry links: {mails:?}"
    );

    tokio::time::sleep(Duration::from_millis(300)).await;
    let written = std::fs::read_to_string(&log).unwrap();
    assert!(
        written.contains("DEBUG") || written.contains("INFO"),
        "the log is talkative: {written}"
    );
    let secrets = [
        password.to_owned(),
        "Wrong-guess-2026".to_owned(),
        secret.to_owned(),
        signed_up["data"]["access"].as_str().unwrap().to_owned(),
        signed_up["data"]["refresh"].as_str().unwrap().to_owned(),
        logged_in["data"]["access"].as_str().unwrap().to_owned(),
        refresh,
        refreshed["data"]["refresh"].as_str().unwrap().to_owned(),
    ]
    .into_iter()
    .chain(mailed_tokens);
    for secret in secrets {
        assert!(
            !written.contains(&secret),
            "the log holds a secret ({}…)",
            &secret[..8]
        );
    }
}
