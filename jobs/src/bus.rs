//! The progress bus: an in-process broadcast in the embedded mode, relayed over Redis
//! pub/sub in the fleet so events cross processes. Every process subscribes once and
//! fans messages out locally; receivers filter by job.

use std::time::Duration;

use futures::StreamExt;
use models::analysis::AnalysisEvent;
use models::{JobId, JobProgress};
use redis::AsyncCommands;
use serde::{Deserialize, Serialize};
use tokio::sync::{broadcast, oneshot};

use crate::JobsError;

const LOCAL_CAPACITY: usize = 1024;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum BusMessage {
    Progress(JobProgress),
    CancelRequested {
        job_id: JobId,
    },
    /// A job was put on `queue`: idle workers of that queue look for it at once
    /// instead of at their next poll.
    Enqueued {
        queue: String,
    },
    /// Foods were added, changed or deleted: every process that holds a search index
    /// brings it up to date from the store.
    FoodsChanged,
    /// An event of a photo's analysis was recorded (it is in the store too).
    Analysis {
        image_id: i64,
        event: AnalysisEvent,
    },
}

#[derive(Clone)]
pub struct ProgressBus {
    local: broadcast::Sender<BusMessage>,
    redis: Option<(redis::aio::ConnectionManager, String)>,
}

impl std::fmt::Debug for ProgressBus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let kind = if self.redis.is_some() {
            "redis"
        } else {
            "in-process"
        };
        write!(f, "ProgressBus({kind})")
    }
}

impl ProgressBus {
    pub fn in_process() -> Self {
        ProgressBus {
            local: broadcast::channel(LOCAL_CAPACITY).0,
            redis: None,
        }
    }

    /// Connects to Redis and returns once this process is subscribed, so nothing
    /// published afterwards is missed. The subscription reconnects on its own.
    pub async fn redis(url: &str, namespace: &str) -> Result<Self, JobsError> {
        let client = redis::Client::open(url)?;
        let publisher = client.get_connection_manager().await?;
        let channel = format!("{namespace}:bus");
        let local = broadcast::channel(LOCAL_CAPACITY).0;
        let (ready_tx, ready_rx) = oneshot::channel();
        tokio::spawn(relay_from_redis(
            client,
            channel.clone(),
            local.downgrade(),
            ready_tx,
        ));
        ready_rx
            .await
            .map_err(|_| JobsError::Queue("progress bus subscription ended".into()))??;
        Ok(ProgressBus {
            local,
            redis: Some((publisher, channel)),
        })
    }

    pub async fn publish(&self, message: BusMessage) -> Result<(), JobsError> {
        match &self.redis {
            Some((conn, channel)) => {
                let payload =
                    serde_json::to_string(&message).map_err(|e| JobsError::Queue(e.to_string()))?;
                let mut conn = conn.clone();
                let _receivers: i64 = conn.publish(channel, payload).await?;
            }
            // No receivers is normal: nobody may be watching this job.
            None => drop(self.local.send(message)),
        }
        Ok(())
    }

    pub fn subscribe(&self) -> broadcast::Receiver<BusMessage> {
        self.local.subscribe()
    }
}

async fn relay_from_redis(
    client: redis::Client,
    channel: String,
    local: broadcast::WeakSender<BusMessage>,
    ready: oneshot::Sender<Result<(), JobsError>>,
) {
    let mut ready = Some(ready);
    loop {
        let subscribed = async {
            let mut pubsub = client.get_async_pubsub().await?;
            pubsub.subscribe(&channel).await?;
            Ok::<_, redis::RedisError>(pubsub)
        }
        .await;
        match subscribed {
            Ok(mut pubsub) => {
                if let Some(ready) = ready.take() {
                    let _ = ready.send(Ok(()));
                }
                let mut messages = pubsub.on_message();
                while let Some(msg) = messages.next().await {
                    let decoded = msg
                        .get_payload::<String>()
                        .map_err(|e| e.to_string())
                        .and_then(|p| {
                            serde_json::from_str::<BusMessage>(&p).map_err(|e| e.to_string())
                        });
                    // Every bus of this process is gone: stop relaying.
                    let Some(local) = local.upgrade() else { return };
                    match decoded {
                        Ok(message) => drop(local.send(message)),
                        Err(e) => tracing::warn!(error = %e, "ignoring a malformed bus message"),
                    }
                }
                tracing::warn!("progress bus subscription lost; reconnecting");
            }
            Err(e) => {
                if let Some(ready) = ready.take() {
                    let _ = ready.send(Err(e.into()));
                    return;
                }
                tracing::warn!(error = %e, "progress bus cannot reach Redis; retrying");
            }
        }
        if local.upgrade().is_none() {
            return;
        }
        tokio::time::sleep(Duration::from_secs(1)).await;
    }
}
