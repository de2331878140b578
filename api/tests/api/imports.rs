//! Imports as jobs from the admin side, on the real samples in ../shared/data: an Open
//! Food Facts export and a USDA FoodData Central branded sample. Products that fail the
//! sanity rules are kept out with a reason that can be listed; imported foods are
//! searchable; importing again writes nothing new.

use models::testing::shared_data;
use serde_json::{Value, json};

use crate::support::{self, ADMIN_TOKEN, Options, TestApp, spawn_app, wait_finished};

async fn import(app: &TestApp, source: &str, path: &std::path::Path) -> Value {
    let response = app
        .client
        .post(format!("{}/imports", app.admin))
        .bearer_auth(ADMIN_TOKEN)
        .json(&json!({"source": source, "path": path}))
        .send()
        .await
        .unwrap();
    let (status, body) = support::json_of(response).await;
    assert_eq!(status, 200, "{body}");
    let job_id = body["data"]["job_id"].as_str().unwrap().to_owned();
    let job = wait_finished(app, &job_id).await;
    assert_eq!(job["status"], "completed", "{job}");
    job["result"].clone()
}

async fn rejections(app: &TestApp, import_id: &str) -> Value {
    let response = app
        .client
        .get(format!(
            "{}/imports/{import_id}/rejections?page_size=1000",
            app.admin
        ))
        .bearer_auth(ADMIN_TOKEN)
        .send()
        .await
        .unwrap();
    support::json_of(response).await.1["data"].clone()
}

async fn search_until(app: &TestApp, query: &str, found: impl Fn(&Value) -> bool) -> bool {
    for _ in 0..100 {
        let (_, body) = app
            .get(&format!("/foods/search/?query={query}&page_size=50"))
            .await;
        if body["data"]["foods"].as_array().unwrap().iter().any(&found) {
            return true;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    false
}

#[tokio::test]
async fn an_open_food_facts_export_is_imported_with_its_rejections_listed() {
    let Some(file) = shared_data("openfoodfacts/off_sample_us_fr_2019.tsv") else {
        return;
    };
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let report = import(&app, "off", &file).await;
    let (read, accepted, rejected) = (
        report["read"].as_u64().unwrap(),
        report["accepted"].as_u64().unwrap(),
        report["rejected"].as_u64().unwrap(),
    );
    assert_eq!(read, accepted + rejected, "{report}");
    assert!(accepted > 500 && rejected > 0, "{report}");
    // This export has energy in kJ only: it is converted, not rejected.
    assert!(report["reasons"]["no energy value"].as_u64().unwrap_or(0) < rejected);

    let listed = rejections(&app, report["import_id"].as_str().unwrap()).await;
    assert_eq!(listed["total"].as_u64().unwrap(), rejected);
    let first = &listed["rejections"][0];
    assert!(
        first["source_key"].as_str().unwrap().starts_with("off:")
            && !first["reason"].as_str().unwrap().is_empty()
    );
    assert!(listed["rejections"].as_array().unwrap().iter().all(|r| {
        let reason = r["reason"].as_str().unwrap();
        [
            "Unusual",
            "Total macronutrients",
            "no energy value",
            "no name",
            "invalid barcode",
            "duplicate barcode",
        ]
        .iter()
        .any(|k| reason.contains(k))
    }));

    // An accepted product is searchable, with its barcode and grade.
    assert!(
        search_until(&app, "macarons", |f| {
            f["data_source"] == "openfoodfacts"
                && f["barcode"] == "0066909100203"
                && f["brand"] == "Yves Thurie's"
        })
        .await,
        "an imported product is found"
    );

    // Again: nothing is rewritten.
    let again = import(&app, "off", &file).await;
    assert_eq!(
        (again["accepted"].clone(), again["written"].clone()),
        (report["accepted"].clone(), json!(0))
    );
}

#[tokio::test]
async fn a_usda_release_is_imported_and_bad_paths_fail_clearly() {
    let Some(dir) = shared_data("usda/fdc_branded_sample") else {
        return;
    };
    let Some(app) = spawn_app(Options::default()).await else {
        return;
    };
    let report = import(&app, "usda", &dir).await;
    let accepted = report["accepted"].as_u64().unwrap();
    assert!(accepted > 4000, "{report}");
    assert!(report["reasons"]["no energy value"].as_u64().unwrap() > 0);
    assert!(
        search_until(&app, "pitted%20dates", |f| f["data_source"] == "usda"
            && f["fdc_id"].is_number())
        .await,
        "CALIFORNIA WHOLE PITTED DATES is found"
    );

    // A path that is not there, a source that does not exist, and no token.
    let response = app
        .client
        .post(format!("{}/imports", app.admin))
        .bearer_auth(ADMIN_TOKEN)
        .json(&json!({"source": "off", "path": "/nonexistent/file.tsv"}))
        .send()
        .await
        .unwrap();
    let (_, body) = support::json_of(response).await;
    let job = wait_finished(&app, body["data"]["job_id"].as_str().unwrap()).await;
    assert_eq!(
        (job["status"].clone(), job["error"]["code"].clone()),
        (json!("failed"), json!("IMPORT_NOT_FOUND")),
        "{job}"
    );
    for (auth, body, status) in [
        (true, json!({"source": "csv", "path": "/tmp"}), 422),
        (true, json!({"source": "off", "path": " "}), 422),
        (false, json!({"source": "off", "path": "/tmp"}), 401),
    ] {
        let mut request = app
            .client
            .post(format!("{}/imports", app.admin))
            .json(&body);
        if auth {
            request = request.bearer_auth(ADMIN_TOKEN);
        }
        let got = request.send().await.unwrap().status().as_u16();
        assert_eq!(got, status, "{body}");
    }
}
