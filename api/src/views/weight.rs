use chrono::{DateTime, NaiveDate, Utc};
use models::weight::WeightRecord;
use serde::Serialize;
use utoipa::ToSchema;

/// A body weight record.
#[derive(Serialize, ToSchema)]
pub(crate) struct WeightView {
    id: i64,
    date: NaiveDate,
    weight: f64,
    notes: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<&WeightRecord> for WeightView {
    fn from(r: &WeightRecord) -> Self {
        WeightView {
            id: r.id,
            date: r.date,
            weight: r.weight,
            notes: r.notes.clone(),
            created_at: r.created_at,
            updated_at: r.updated_at,
        }
    }
}
