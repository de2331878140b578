use models::analysis::LabelRead;
use serde::{Deserialize, Serialize};

use crate::Job;

/// Reads the nutrition label in a photo the API checked and put in the photo store for
/// this job, which removes it once it has ended. The answer stays with the job.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ReadLabel {
    /// Its key in the photo store.
    pub file_path: String,
    /// The barcode sent with the photo (canonical), given back with the reading.
    #[serde(default)]
    pub barcode: Option<String>,
}

impl Job for ReadLabel {
    const QUEUE: &'static str = "read-label";
    type Output = LabelRead;
}
