use serde::{Deserialize, Serialize};

use crate::Job;

/// A round trip through the queue that reports progress at every step: operators use
/// it to prove that workers are consuming and that progress reaches clients.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct Probe {
    pub steps: u8,
    pub step_delay_ms: u64,
}

impl Probe {
    pub const MAX_STEPS: u8 = 20;
    pub const MAX_STEP_DELAY_MS: u64 = 5_000;

    /// Clamps caller-supplied values into a sane range.
    pub fn new(steps: u8, step_delay_ms: u64) -> Self {
        Probe {
            steps: steps.clamp(1, Self::MAX_STEPS),
            step_delay_ms: step_delay_ms.min(Self::MAX_STEP_DELAY_MS),
        }
    }
}

/// Which worker process ran the probe.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProbeReport {
    pub worker: String,
    pub pid: u32,
    pub steps: u8,
}

impl Job for Probe {
    const QUEUE: &'static str = "probe";
    type Output = ProbeReport;
}
