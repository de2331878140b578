use models::analysis::LabelRead;
use serde::{Deserialize, Serialize};

use crate::Job;

/// Reads the nutrition label in a photo the API checked and put in the data directory
/// for this job (it removes it once the job has ended).
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ReadLabel {
    /// Relative to the data directory.
    pub file_path: String,
}

impl Job for ReadLabel {
    const QUEUE: &'static str = "read-label";
    type Output = LabelRead;
}
