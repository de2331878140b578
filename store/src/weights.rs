use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};
use sqlx::Pool;

use super::DB;
use super::{StoreError, WeightStore};
use models::user::UserId;
use models::weight::{BodyWeight, WeightRecord};

#[derive(Debug)]
pub(super) struct SqlWeights(pub Pool<DB>);

#[derive(sqlx::FromRow)]
struct WeightRow {
    body_weight_id: i64,
    user_id: i64,
    local_date: NaiveDate,
    weight: f64,
    notes: Option<String>,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl From<WeightRow> for WeightRecord {
    fn from(row: WeightRow) -> Self {
        WeightRecord {
            id: row.body_weight_id,
            owner: UserId::from_i64(row.user_id),
            date: row.local_date,
            weight: row.weight,
            notes: row.notes,
            created_at: row.created_at,
            updated_at: row.updated_at,
        }
    }
}

/// A second record for the same day replaces the first.
const RECORD: &str = "insert into body_weight (user_id, local_date, weight, notes, \
     created_at, updated_at) values ($1, $2, $3, $4, $5, $5) \
     on conflict (user_id, local_date) do update set weight = excluded.weight, \
     notes = excluded.notes, updated_at = excluded.updated_at returning \
     body_weight_id, user_id, local_date, weight, notes, created_at, updated_at";

const BETWEEN: &str = "select \
     body_weight_id, user_id, local_date, weight, notes, created_at, updated_at \
     from body_weight where user_id = $1 and local_date >= $2 and local_date <= $3 \
     order by local_date";

const LATEST: &str = "select \
     body_weight_id, user_id, local_date, weight, notes, created_at, updated_at \
     from body_weight where user_id = $1 order by local_date desc limit 1";

const DELETE: &str = "delete from body_weight where body_weight_id = $1 and user_id = $2";

#[async_trait]
impl WeightStore for SqlWeights {
    #[tracing::instrument(skip_all, fields(owner = owner.get(), %date), level = "debug")]
    async fn record(
        &self,
        owner: UserId,
        date: NaiveDate,
        weight: BodyWeight,
        notes: Option<&str>,
    ) -> Result<WeightRecord, StoreError> {
        let row: WeightRow = sqlx::query_as(RECORD)
            .bind(owner.get())
            .bind(date)
            .bind(weight.kg())
            .bind(notes)
            .bind(Utc::now())
            .fetch_one(&self.0)
            .await?;
        Ok(row.into())
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get()), level = "debug")]
    async fn between(
        &self,
        owner: UserId,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<Vec<WeightRecord>, StoreError> {
        let rows: Vec<WeightRow> = sqlx::query_as(BETWEEN)
            .bind(owner.get())
            .bind(first)
            .bind(last)
            .fetch_all(&self.0)
            .await?;
        Ok(rows.into_iter().map(WeightRecord::from).collect())
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get()), level = "debug")]
    async fn latest(&self, owner: UserId) -> Result<Option<WeightRecord>, StoreError> {
        let row: Option<WeightRow> = sqlx::query_as(LATEST)
            .bind(owner.get())
            .fetch_optional(&self.0)
            .await?;
        Ok(row.map(WeightRecord::from))
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn delete(&self, owner: UserId, id: i64) -> Result<bool, StoreError> {
        let done = sqlx::query(DELETE)
            .bind(id)
            .bind(owner.get())
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected() == 1)
    }
}
