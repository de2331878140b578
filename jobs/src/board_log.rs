//! The job board's log: the events of the jobs as they run, which the board's Logs page
//! streams (`/api/v1/events` on the admin listener) and whose stream the board's status
//! reads as the health of the system.
//!
//! Every process writes its events through [`layer`] into its own [`broadcaster`]. In
//! the embedded default the workers run inside the API, so the board sees them there. In
//! the fleet each worker process [`publish`]es what its broadcaster receives on Redis,
//! and the API [`relay`]s it into its own broadcaster, so the board of any API replica
//! shows the events of every worker.

use std::sync::{Arc, LazyLock, Mutex};
use std::time::Duration;

use apalis_board_api::sse::{TracingBroadcaster, TracingSubscriber};
use futures::StreamExt;
use redis::AsyncCommands;
use tracing_subscriber::{Layer, filter::filter_fn, registry::LookupSpan};

use crate::JobsError;

/// The board reads the events inside a job's span: apalis's `task` span, with the task's
/// id and attempt. Events from the workers' own code inside it are shown in it; spans of
/// their own would hide the task's (the board cannot read them), so only apalis's spans
/// are kept here.
fn shown(metadata: &tracing::Metadata<'_>) -> bool {
    let from = |prefix: &str| metadata.target().starts_with(prefix);
    if metadata.is_span() {
        from("apalis")
    } else {
        from("apalis") || from("worker")
    }
}

/// This process's broadcaster: the board's stream takes its clients from it.
pub fn broadcaster() -> &'static Arc<Mutex<TracingBroadcaster>> {
    static BROADCASTER: LazyLock<Arc<Mutex<TracingBroadcaster>>> =
        LazyLock::new(TracingBroadcaster::create);
    &BROADCASTER
}

/// The tracing layer that writes the jobs' events into [`broadcaster`], as JSON lines
/// the board reads.
pub fn layer<S>() -> impl Layer<S> + Send + Sync + 'static
where
    S: tracing::Subscriber + for<'a> LookupSpan<'a>,
{
    TracingSubscriber::new(broadcaster())
        .layer()
        .with_filter(filter_fn(shown))
}

fn channel(namespace: &str) -> String {
    format!("{namespace}:board-log")
}

/// A fleet worker: sends what this process's broadcaster receives to Redis, for the
/// API's board. Best effort: an event that finds Redis away is not kept.
pub async fn publish(redis_url: &str, namespace: &str) -> Result<(), JobsError> {
    let mut conn = redis::Client::open(redis_url)?
        .get_connection_manager()
        .await?;
    let channel = channel(namespace);
    let mut entries = lock(broadcaster()).new_client();
    tokio::spawn(async move {
        while let Some(Ok(entry)) = entries.next().await {
            let Ok(json) = serde_json::to_string(&entry) else {
                continue;
            };
            let _: Result<i64, _> = conn.publish(&channel, json).await;
        }
    });
    Ok(())
}

/// The fleet's API: puts the workers' events from Redis into this process's
/// broadcaster, from now on; the subscription comes back after Redis does.
pub fn relay(redis_url: &str, namespace: &str) -> Result<(), JobsError> {
    let client = redis::Client::open(redis_url)?;
    let channel = channel(namespace);
    tokio::spawn(async move {
        loop {
            if let Ok(mut pubsub) = client.get_async_pubsub().await
                && pubsub.subscribe(&channel).await.is_ok()
            {
                let mut messages = pubsub.on_message();
                while let Some(message) = messages.next().await {
                    let entry = message
                        .get_payload::<String>()
                        .ok()
                        .and_then(|json| serde_json::from_str(&json).ok());
                    if let Some(entry) = entry {
                        // No reader of the board's stream is not a fault.
                        let _ = lock(broadcaster()).send(&entry);
                    }
                }
            }
            tokio::time::sleep(Duration::from_secs(1)).await;
        }
    });
    Ok(())
}

fn lock(broadcaster: &Mutex<TracingBroadcaster>) -> std::sync::MutexGuard<'_, TracingBroadcaster> {
    broadcaster
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}
