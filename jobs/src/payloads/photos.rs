use serde::{Deserialize, Serialize};

use crate::Job;

/// Makes an uploaded photo what the product keeps: decoded within the worker's memory
/// budget, turned upright as its EXIF orientation says, scaled to a sensible size and
/// stored again as a JPEG without its metadata (a phone photo's EXIF can say where it was
/// taken). The upload stores the photo as it was sent and queues this; a stage that
/// reads the photo before it has run normalises it first, so either may come first.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct NormalisePhoto {
    pub image_id: i64,
}

impl Job for NormalisePhoto {
    const QUEUE: &'static str = "normalise-photo";
    type Output = ();
}
