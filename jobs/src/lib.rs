//! The job plumbing shared by the API and the workers: typed payloads on named queues,
//! a queue facade over SQLite (embedded) or Redis (fleet), and the progress bus.

pub mod board_log;
mod bus;
mod facade;
pub mod payloads;
mod queue;
pub mod sweeper;

use serde::{Serialize, de::DeserializeOwned};

pub use bus::{BusMessage, ProgressBus};
pub use facade::{
    EnqueueHold, Jobs, JobsError, Outcome, Recorded, current_state, outcome_of, to_the_end,
};
pub use models::{JobFailure, JobId, JobProgress, JobStatus, JobStep};
pub use queue::{
    DEFAULT_HEARTBEAT, DEFAULT_NAMESPACE, LIVE_WITHIN, QueueBackend, QueueKind, task_id,
};

/// A typed job payload bound to one named queue. Queue names are part of the stored
/// data, so they are spelled out rather than derived from Rust type paths.
pub trait Job: Serialize + DeserializeOwned + Clone + Send + Sync + Unpin + 'static {
    const QUEUE: &'static str;
    /// What a completed job reports back, stored as its result.
    type Output: Serialize + DeserializeOwned + Send + 'static;
}

/// What travels on a queue: the payload plus the id of its job run record.
#[derive(Debug, Clone, serde::Serialize, serde::Deserialize)]
pub struct Queued<J> {
    pub job_id: JobId,
    pub payload: J,
}

/// How many times a transient failure is retried before the job fails for good.
pub const MAX_RETRIES: usize = 3;

/// Calls `$m!(…, Probe, SendMail)` with every job type of the product: the one list
/// read by the workers (which need a handler for each, or do not compile), the job
/// board and `QUEUES`.
#[macro_export]
macro_rules! every_job {
    ($m:ident!($($pre:tt)*)) => {
        $m!($($pre)* $crate::payloads::Probe, $crate::payloads::SendMail, $crate::payloads::FetchUsdaFood, $crate::payloads::ImportFoods, $crate::payloads::NormalisePhoto, $crate::payloads::DetectFoods, $crate::payloads::EstimatePortions, $crate::payloads::LookupNutrition, $crate::payloads::DetectBarcodes, $crate::payloads::SearchBarcode, $crate::payloads::CreateFoodFromBarcode, $crate::payloads::ReadLabel)
    };
}

macro_rules! queue_names {
    ($($job:ty),+) => {
        &[$(<$job as Job>::QUEUE),+]
    };
}

/// Every queue of the product.
pub const QUEUES: &[&str] = every_job!(queue_names!());

/// The queues whose jobs run the ONNX models (photos of plates, labels): what a GPU
/// worker takes (`WORKER_QUEUES=gpu`), and CPU workers beside it leave (`cpu`).
pub const GPU_QUEUES: &[&str] = queue_names!(payloads::DetectFoods, payloads::ReadLabel);

/// The queues of the jobs someone not signed in can start (a USDA food's nutrients): an
/// owner-less job of these is followed on the public API by whoever holds its id. Every
/// other owner-less job is the admin's or the product's, seen on the admin listener.
pub const PUBLIC_QUEUES: &[&str] = queue_names!(payloads::FetchUsdaFood);

/// The queues of the work a person's photo costs the workers (an analysis and its
/// portion stage, a barcode or label reading): what an account's share of the workers
/// bounds.
pub const PHOTO_QUEUES: &[&str] = queue_names!(
    payloads::DetectFoods,
    payloads::EstimatePortions,
    payloads::DetectBarcodes,
    payloads::ReadLabel
);
