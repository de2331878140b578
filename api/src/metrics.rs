//! Prometheus metrics: HTTP requests and latencies, and job queue depths.

use std::time::Instant;

use crate::AppState;
use axum::{
    extract::{MatchedPath, Request},
    middleware::Next,
    response::Response,
};

/// Counts every request and times it, labelled by route pattern (never the raw path,
/// which would explode the number of series).
pub async fn track(request: Request, next: Next) -> Response {
    let method = request.method().to_string();
    let route = request.extensions().get::<MatchedPath>().map_or_else(
        || fallback_label(request.uri().path()),
        |p| p.as_str().to_owned(),
    );
    let started = Instant::now();
    let response = next.run(request).await;
    let status = response.status().as_u16().to_string();
    let labels = [("method", method), ("route", route), ("status", status)];
    metrics::counter!("http_requests_total", &labels).increment(1);
    metrics::histogram!("http_request_duration_seconds", &labels)
        .record(started.elapsed().as_secs_f64());
    response
}

fn fallback_label(path: &str) -> String {
    if path.starts_with("/api/") {
        "/api/unmatched".into()
    } else {
        "/web".into()
    }
}

/// Renders the metrics, refreshing the queues' figures first: per queue and status,
/// how many jobs are unfinished (`job_queue_depth`) and how old the oldest is
/// (`job_oldest_age_seconds`); per queue, the live worker processes (`job_workers`)
/// and the autoscaling signal, queued jobs per live worker (`job_queue_depth_per_worker`;
/// with no worker, the queued count itself).
pub async fn render(state: &AppState) -> String {
    let handle = platform::telemetry::metrics();
    let now = chrono::Utc::now();
    match state.jobs.store().unfinished_by_queue().await {
        Ok(depths) => {
            for queue in jobs::QUEUES {
                for status in [
                    jobs::JobStatus::Queued,
                    jobs::JobStatus::Running,
                    jobs::JobStatus::Retrying,
                ] {
                    let depth = depths
                        .iter()
                        .find(|d| d.queue == *queue && d.status == status);
                    let labels = [("queue", *queue), ("status", status.as_str())];
                    metrics::gauge!("job_queue_depth", &labels)
                        .set(depth.map_or(0.0, |d| d.count as f64));
                    let age = depth.map_or(0.0, |d| {
                        (now - d.oldest).num_milliseconds().max(0) as f64 / 1000.0
                    });
                    metrics::gauge!("job_oldest_age_seconds", &labels).set(age);
                }
                let workers = match state
                    .jobs
                    .queue()
                    .live_workers(queue, jobs::LIVE_WITHIN)
                    .await
                {
                    Ok(live) => live.len(),
                    Err(e) => {
                        tracing::warn!(error = %e, queue, "cannot count live workers");
                        continue;
                    }
                };
                let queued = depths
                    .iter()
                    .find(|d| d.queue == *queue && d.status == jobs::JobStatus::Queued)
                    .map_or(0, |d| d.count) as f64;
                metrics::gauge!("job_workers", "queue" => *queue).set(workers as f64);
                metrics::gauge!("job_queue_depth_per_worker", "queue" => *queue)
                    .set(queued / workers.max(1) as f64);
            }
        }
        Err(e) => tracing::warn!(error = %e, "cannot read queue depths"),
    }
    handle.render()
}
