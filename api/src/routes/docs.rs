//! The OpenAPI document of `/api/v1` and a page to browse it, served by us (no CDN).

use axum::{
    Json, Router,
    response::{Html, IntoResponse},
    routing::get,
};
use serde_json::{Value, json};

use crate::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/openapi.json", get(|| async { Json(openapi_document()) }))
        .route(
            "/docs",
            get(|| async { Html(include_str!("docs.html")).into_response() }),
        )
}

/// One documented operation.
struct Operation {
    method: &'static str,
    path: &'static str,
    tag: &'static str,
    summary: &'static str,
    params: &'static [(&'static str, &'static str, &'static str)],
    responses: &'static [(u16, &'static str)],
    content_type: &'static str,
}

const JSON: &str = "application/json";

const OPERATIONS: &[Operation] = &[
    Operation {
        method: "get",
        path: "/health",
        tag: "ops",
        summary: "Liveness: the process answers, with its version.",
        params: &[],
        responses: &[(200, "Alive")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/health/ready",
        tag: "ops",
        summary: "Readiness: database and queue answer; names the mode, database, queue, bus and where workers run.",
        params: &[],
        responses: &[
            (200, "Ready"),
            (503, "A dependency is unreachable (code NOT_READY)"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/jobs/{id}/",
        tag: "jobs",
        summary: "A job run: status, attempts, latest progress, result or error.",
        params: &[("id", "path", "Job id (UUID)")],
        responses: &[
            (200, "The job"),
            (400, "Not a job id"),
            (404, "No such job"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/jobs/{id}/events/",
        tag: "jobs",
        summary: "Server-sent events of the job's progress: the current state first, then each newer event until a terminal one (completed, failed, cancelled). Each event's id is its sequence number; send Last-Event-ID to resume.",
        params: &[
            ("id", "path", "Job id (UUID)"),
            (
                "Last-Event-ID",
                "header",
                "Sequence number of the last event received",
            ),
        ],
        responses: &[
            (200, "text/event-stream of progress events"),
            (404, "No such job"),
        ],
        content_type: "text/event-stream",
    },
    Operation {
        method: "post",
        path: "/jobs/{id}/cancel/",
        tag: "jobs",
        summary: "Stops the job: a queued job never runs, a running one stops at its next step. data.cancelled is false when it had already finished.",
        params: &[("id", "path", "Job id (UUID)")],
        responses: &[(200, "Cancellation recorded"), (404, "No such job")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/openapi.json",
        tag: "ops",
        summary: "This document.",
        params: &[],
        responses: &[(200, "OpenAPI 3.1 document")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/docs",
        tag: "ops",
        summary: "A page to browse this document.",
        params: &[],
        responses: &[(200, "HTML page")],
        content_type: "text/html",
    },
];

pub fn openapi_document() -> Value {
    let mut paths = serde_json::Map::new();
    for op in OPERATIONS {
        let parameters: Vec<Value> = op
            .params
            .iter()
            .map(|(name, location, description)| {
                json!({"name": name, "in": location, "required": *location == "path",
                       "description": description, "schema": {"type": "string"}})
            })
            .collect();
        let responses: serde_json::Map<String, Value> = op
            .responses
            .iter()
            .map(|(status, description)| {
                let schema = if *status < 400 {
                    json!({"$ref": "#/components/schemas/Success"})
                } else {
                    json!({"$ref": "#/components/schemas/Failure"})
                };
                let content_type = if *status < 400 { op.content_type } else { JSON };
                (
                    status.to_string(),
                    json!({"description": description,
                           "content": {content_type: {"schema": schema}}}),
                )
            })
            .collect();
        let entry = paths
            .entry(op.path)
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("path items are objects");
        entry.insert(
            op.method.into(),
            json!({"tags": [op.tag], "summary": op.summary,
                   "parameters": parameters, "responses": responses}),
        );
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Calorie tracker API",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Every answer is an envelope {success, data, error: {message, code}}. Paths accept a trailing slash or none. Send Authorization: Bearer <access token> where a call needs a user."
        },
        "servers": [{"url": "/api/v1"}],
        "paths": paths,
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
            "schemas": {
                "Success": {"type": "object", "required": ["success", "data"],
                    "properties": {"success": {"const": true}, "data": {}, "error": {"type": "null"}}},
                "Failure": {"type": "object", "required": ["success", "error"],
                    "properties": {"success": {"const": false}, "data": {"type": "null"},
                        "error": {"type": "object", "required": ["message", "code"],
                            "properties": {"message": {"type": "string"}, "code": {"type": "string"}}}}}
            }
        }
    })
}
