use models::analysis::LabelRead;
use models::nutrition_label::{Basis, LabelField, LabelKind};
use serde::Serialize;
use utoipa::ToSchema;

/// A label as read: every field of the food per 100 g, each with how sure the reading
/// is and, when empty or doubtful, why.
#[derive(Serialize, ToSchema)]
pub(crate) struct LabelView {
    /// Whether a nutrition table was found at all.
    found: bool,
    kind: LabelKind,
    basis: Option<Basis>,
    serving_grams: Option<f64>,
    /// The barcode sent with the photo, canonical, to keep on the food.
    barcode: Option<String>,
    fields: Vec<LabelField>,
    /// The rows of text read, top to bottom.
    rows: Vec<String>,
    took_ms: f64,
}

impl From<LabelRead> for LabelView {
    fn from(read: LabelRead) -> Self {
        LabelView {
            found: read.label.found_anything(),
            kind: read.label.kind,
            basis: read.label.basis,
            serving_grams: read.label.serving_grams,
            barcode: read.barcode,
            fields: read.label.fields,
            rows: read.label.rows,
            took_ms: read.took_ms,
        }
    }
}
