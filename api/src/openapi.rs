//! What the generated OpenAPI document needs beyond the handlers' own attributes: the
//! envelope on every answer, the shared headers, multipart forms, and the finished
//! document handed to its route. Shared by the route files, so none imports another.

use std::sync::Arc;

use serde_json::{Value, json};
use utoipa::{
    PartialSchema,
    openapi::{
        ObjectBuilder, OpenApi, RefOr, Type,
        schema::{KnownFormat, Schema, SchemaFormat},
    },
};

use crate::error::Failure;

/// The finished document, handed to its route by `routes::router`.
#[derive(Clone)]
pub struct Published(pub Arc<Value>);

/// A field of a multipart form: the file itself (required) or a line of text.
#[derive(Clone, Copy, PartialEq)]
pub enum FormField {
    File,
    Text,
}

/// The schema of a multipart form, for a handler that reads its fields one by one.
pub fn multipart_form(fields: &[(&str, FormField)]) -> RefOr<Schema> {
    let mut form = ObjectBuilder::new().schema_type(Type::Object);
    for &(name, field) in fields {
        let property = match field {
            FormField::File => ObjectBuilder::new()
                .schema_type(Type::String)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Binary))),
            FormField::Text => ObjectBuilder::new().schema_type(Type::String),
        };
        form = form.property(name, property);
        if field == FormField::File {
            form = form.required(name);
        }
    }
    form.into()
}

/// What every creating POST says of `Idempotency-Key`.
const IDEMPOTENCY: &str = "Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried.";

const DESCRIPTION: &str = "Every answer is an envelope {success, data, error: {message, code}}. Paths accept a trailing slash or none. Send Authorization: Bearer <access token> where a call needs a user. A signed-in POST (a save, a copy, a quick add, a custom food, a recipe, a weight, an upload) may send Idempotency-Key so that a retry creates nothing twice.";

/// The operations as the handlers describe them, completed with what the layers around
/// every handler add: the failure envelope (`ApiError`), `Idempotency-Key`
/// (`idempotency::layer`), the bearer scheme (`AuthUser`) and the paths' trailing slash.
pub fn finish(operations: OpenApi) -> Value {
    let mut document = serde_json::to_value(operations).unwrap_or_else(|_| json!({}));
    let paths = document["paths"].as_object().cloned().unwrap_or_default();
    let paths: serde_json::Map<String, Value> = paths
        .into_iter()
        .map(|(path, mut item)| {
            let documented = documented_path(&path, &item);
            if let Some(operations) = item.as_object_mut() {
                for (method, operation) in operations.iter_mut() {
                    complete(method, &documented, operation);
                }
            }
            (documented, item)
        })
        .collect();
    document["paths"] = Value::Object(paths);
    document["info"] = json!({
        "title": "Calorie tracker API",
        "version": env!("CARGO_PKG_VERSION"),
        "description": DESCRIPTION,
    });
    document["servers"] = json!([{"url": "/api/v1"}]);
    let components = &mut document["components"];
    components["securitySchemes"] =
        json!({"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}});
    components["schemas"]["Failure"] =
        serde_json::to_value(Failure::schema()).unwrap_or_else(|_| json!({}));
    document
}

/// The areas' paths end in a slash, as the spec writes them (a request may send it or
/// not); the service's own pages (tag `ops`) and file names keep their form.
fn documented_path(route: &str, item: &Value) -> String {
    let own_page = item
        .as_object()
        .into_iter()
        .flat_map(|operations| operations.values())
        .any(|operation| operation["tags"][0] == "ops");
    let file_name = route
        .rsplit('/')
        .next()
        .is_some_and(|last| last.contains('.'));
    if own_page || file_name {
        route.to_owned()
    } else {
        format!("{route}/")
    }
}

fn complete(method: &str, path: &str, operation: &mut Value) {
    let failure = json!({"application/json": {"schema": {"$ref": "#/components/schemas/Failure"}}});
    let responses = &mut operation["responses"];
    if let Some(responses) = responses.as_object_mut() {
        for (status, response) in responses.iter_mut() {
            if status.parse::<u16>().is_ok_and(|status| status >= 400) {
                response["content"] = failure.clone();
            }
        }
    }
    // Any other status is a failure in the envelope too (401, 413, 429, …).
    responses["default"] = json!({"description": "A failure", "content": failure});
    if operation.get("parameters").is_none() {
        operation["parameters"] = json!([]);
    }
    let idempotent = method == "post"
        && !path.starts_with("/auth/")
        && !path.trim_end_matches('/').ends_with("-stream");
    if idempotent {
        if let Some(parameters) = operation["parameters"].as_array_mut() {
            parameters.push(
                json!({"name": "Idempotency-Key", "in": "header", "required": false,
                "description": IDEMPOTENCY,
                "schema": {"type": "string", "pattern": "^[!-~]{1,255}$"}}),
            );
        }
        for (status, description) in [
            (
                "409",
                "IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After)",
            ),
            (
                "422",
                "INVALID_IDEMPOTENCY_KEY, or IDEMPOTENCY_KEY_REUSED for another request",
            ),
        ] {
            if let Some(responses) = operation["responses"].as_object_mut() {
                responses
                    .entry(status)
                    .or_insert_with(|| json!({"description": description, "content": failure}));
            }
        }
    }
}
