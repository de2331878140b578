use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::Pool;

use super::DB;
use super::engine::Engine;
use super::{ImageStore, StoreError, decode_json};
use models::analysis::{AnalysisChange, AnalysisEvent};
use models::job::JobId;
use models::recogniser::{embedding_bytes, embedding_from_bytes};
use models::upload::{
    NewImage, PhotoMemory, ProcessingStatus, RememberedPhoto, Stage, UploadedImage,
};
use models::user::UserId;

#[derive(Debug)]
pub(super) struct SqlImages(pub Pool<DB>);

#[derive(sqlx::FromRow)]
struct ImageRow {
    image_id: i64,
    user_id: i64,
    file_path: String,
    content_type: String,
    width: i32,
    height: i32,
    byte_size: i64,
    notes: Option<String>,
    processing_status: String,
    stage_1: Option<String>,
    stage_2: Option<String>,
    stage_3: Option<String>,
    error_message: Option<String>,
    error_code: Option<String>,
    confirmed: bool,
    corrections: Option<String>,
    meal_id: Option<i64>,
    analysis_job: Option<String>,
    analysis_seq: i64,
    normalised: bool,
    created_at: DateTime<Utc>,
    updated_at: DateTime<Utc>,
}

impl TryFrom<ImageRow> for UploadedImage {
    type Error = StoreError;
    fn try_from(row: ImageRow) -> Result<Self, StoreError> {
        Ok(UploadedImage {
            id: row.image_id,
            owner: UserId::from_i64(row.user_id),
            file_path: row.file_path,
            content_type: row.content_type,
            width: u32::try_from(row.width).unwrap_or_default(),
            height: u32::try_from(row.height).unwrap_or_default(),
            byte_size: u64::try_from(row.byte_size).unwrap_or_default(),
            notes: row.notes,
            status: ProcessingStatus::parse(&row.processing_status).map_err(StoreError::Corrupt)?,
            stage_1: decode_json("stage_1", row.stage_1)?,
            stage_2: decode_json("stage_2", row.stage_2)?,
            stage_3: decode_json("stage_3", row.stage_3)?,
            error: row
                .error_message
                .map(|m| (m, row.error_code.unwrap_or_default())),
            confirmed: row.confirmed,
            corrections: decode_json("corrections", row.corrections)?,
            meal_id: row.meal_id,
            analysis_job: row
                .analysis_job
                .map(|id| {
                    id.parse()
                        .map_err(|e| StoreError::Corrupt(format!("analysis_job {id:?}: {e}")))
                })
                .transpose()?,
            analysis_seq: row.analysis_seq,
            normalised: row.normalised,
            created_at: row.created_at,
            updated_at: row.updated_at,
        })
    }
}

macro_rules! image_columns {
    () => {
        "image_id, user_id, file_path, content_type, width, height, byte_size, notes, \
         processing_status, stage_1, stage_2, stage_3, error_message, error_code, confirmed, \
         corrections, meal_id, analysis_job, analysis_seq, normalised, created_at, updated_at"
    };
}

/// Stores a stage's result in its column, if the job ($3) is the stage running now.
fn set_stage_statement(stage: Stage) -> &'static str {
    match stage {
        Stage::Detection => {
            "update uploaded_image set stage_1 = $2 where image_id = $1 and analysis_job = $3"
        }
        Stage::Portions => {
            "update uploaded_image set stage_2 = $2 where image_id = $1 and analysis_job = $3"
        }
        Stage::Nutrition => {
            "update uploaded_image set stage_3 = $2 where image_id = $1 and analysis_job = $3"
        }
    }
}

/// Keeps an upload unless the owner's kept photos and it would take more than the quota
/// ($9), in one statement.
const CREATE_WITHIN_QUOTA: &str = concat!(
    "insert into uploaded_image (user_id, file_path, content_type, width, height, \
     byte_size, notes, processing_status, normalised, created_at, updated_at) \
     select $1, $2, $3, $4, $5, $6, $7, 'uploaded', false, $8, $8 \
     where (select coalesce(sum(byte_size), 0) from uploaded_image \
            where user_id = $1) + $6 <= $9 \
     returning ",
    image_columns!()
);

const NORMALISED: &str = "update uploaded_image set normalised = true, content_type = $2, \
     width = $3, height = $4, byte_size = $5, updated_at = $6 where image_id = $1";

const STORED_BYTES: &str = "select cast(coalesce(sum(byte_size), 0) as bigint) \
     from uploaded_image where user_id = $1";

const PRUNE_UNCONFIRMED: &str = concat!(
    "delete from uploaded_image where image_id in (\
     select image_id from uploaded_image \
     where created_at < $1 and not confirmed and meal_id is null \
     order by image_id limit $2) returning ",
    image_columns!()
);

const GET: &str = concat!(
    "select ",
    image_columns!(),
    " from uploaded_image where image_id = $1"
);

const OWN: &str = concat!(
    "select ",
    image_columns!(),
    " from uploaded_image where user_id = $1 order by image_id desc limit $2 offset $3"
);

const OWN_COUNT: &str = "select count(*) from uploaded_image where user_id = $1";

const DELETE: &str = concat!(
    "delete from uploaded_image where image_id = $1 and user_id = $2 returning ",
    image_columns!()
);

/// A new analysis whose first stage is $3, if the stage job recorded is $2 (both null
/// when none runs): the earlier one's results are forgotten.
const BEGIN_ANALYSIS: &str = "update uploaded_image set analysis_job = $3, \
     analysis_seq = analysis_seq + 1, processing_status = 'processing', stage_1 = null, \
     stage_2 = null, stage_3 = null, error_message = null, error_code = null, \
     updated_at = $4 where image_id = $1 and analysis_job is not distinct from $2 \
     returning analysis_seq";

/// The earlier analyses' events, once a new one has begun.
const FORGET_EVENTS: &str = "delete from analysis_event where image_id = $1 and seq < $2";

/// An event of the stage $2: the stage goes on.
const NEXT_EVENT: &str = "update uploaded_image set analysis_seq = analysis_seq + 1, \
     updated_at = $3 where image_id = $1 and analysis_job = $2 returning analysis_seq";

/// The stage $2 hands over to the job $3.
const HAND_OVER: &str = "update uploaded_image set analysis_seq = analysis_seq + 1, \
     analysis_job = $3, updated_at = $4 where image_id = $1 and analysis_job = $2 \
     returning analysis_seq";

/// The analysis of stage $2 ends, as the final event says.
const END_ANALYSIS: &str = "update uploaded_image set analysis_seq = analysis_seq + 1, \
     analysis_job = null, processing_status = $3, error_message = $4, error_code = $5, \
     updated_at = $6 where image_id = $1 and analysis_job = $2 returning analysis_seq";

const RECORD_EVENT: &str =
    "insert into analysis_event (image_id, seq, event, created_at) values ($1, $2, $3, $4)";

const EVENTS_AFTER: &str =
    "select event from analysis_event where image_id = $1 and seq > $2 order by seq";

/// Corrections are kept when none are sent.
const CONFIRM: &str = concat!(
    "update uploaded_image set confirmed = $3, \
     corrections = coalesce($4, corrections), updated_at = $5 \
     where image_id = $1 and user_id = $2 returning ",
    image_columns!()
);

const LINK_MEAL: &str = "update uploaded_image set meal_id = $3, updated_at = $4 \
     where image_id = $1 and user_id = $2";

const KEEP_EMBEDDING: &str = "insert into photo_memory (image_id, user_id, embedding, backbone) \
     select image_id, user_id, $2, $3 from uploaded_image where image_id = $1 \
     on conflict (image_id) do update set embedding = excluded.embedding, backbone = excluded.backbone";

const REMEMBER: &str = "update photo_memory set foods = $3, remembered_at = $4 \
     where image_id = $1 and user_id = $2";

const MEMORIES: &str = "select image_id, embedding, foods from photo_memory \
     where user_id = $1 and backbone = $2 and foods is not null order by image_id";

const MEMORY: &str = "select m.image_id, i.created_at, m.foods from photo_memory m \
     join uploaded_image i on i.image_id = m.image_id \
     where m.image_id = $1 and m.user_id = $2 and m.foods is not null";

const STALE_MEMORIES: &str = "select m.image_id, i.file_path from photo_memory m \
     join uploaded_image i on i.image_id = m.image_id \
     where m.user_id = $1 and m.backbone <> $2 and m.foods is not null \
     order by m.image_id desc limit $3";

const MEMORY_STAMP: &str = "select count(*), cast(coalesce(sum(image_id), 0) as bigint) \
     from photo_memory where user_id = $1 and backbone = $2 and foods is not null";

#[async_trait]
impl ImageStore for SqlImages {
    #[tracing::instrument(skip_all, fields(owner = image.owner.get()), level = "debug")]
    async fn create(
        &self,
        image: &NewImage,
        quota_bytes: u64,
    ) -> Result<Option<UploadedImage>, StoreError> {
        let row: Option<ImageRow> = sqlx::query_as(CREATE_WITHIN_QUOTA)
            .bind(image.owner.get())
            .bind(&image.file_path)
            .bind(&image.content_type)
            .bind(i32::try_from(image.width).unwrap_or(i32::MAX))
            .bind(i32::try_from(image.height).unwrap_or(i32::MAX))
            .bind(i64::try_from(image.byte_size).unwrap_or(i64::MAX))
            .bind(&image.notes)
            .bind(Utc::now())
            .bind(i64::try_from(quota_bytes).unwrap_or(i64::MAX))
            .fetch_optional(&self.0)
            .await?;
        row.map(UploadedImage::try_from).transpose()
    }

    #[tracing::instrument(skip_all, fields(id = id), level = "debug")]
    async fn normalised(&self, id: i64, kept: &NewImage) -> Result<bool, StoreError> {
        let done = sqlx::query(NORMALISED)
            .bind(id)
            .bind(&kept.content_type)
            .bind(i32::try_from(kept.width).unwrap_or(i32::MAX))
            .bind(i32::try_from(kept.height).unwrap_or(i32::MAX))
            .bind(i64::try_from(kept.byte_size).unwrap_or(i64::MAX))
            .bind(Utc::now())
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get()), level = "debug")]
    async fn stored_bytes(&self, owner: UserId) -> Result<u64, StoreError> {
        let (total,): (i64,) = sqlx::query_as(STORED_BYTES)
            .bind(owner.get())
            .fetch_one(&self.0)
            .await?;
        Ok(u64::try_from(total).unwrap_or_default())
    }

    #[tracing::instrument(skip_all, fields(limit = limit), level = "debug")]
    async fn prune_unconfirmed(
        &self,
        before: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<UploadedImage>, StoreError> {
        let rows: Vec<ImageRow> = sqlx::query_as(PRUNE_UNCONFIRMED)
            .bind(before)
            .bind(limit)
            .fetch_all(&self.0)
            .await?;
        rows.into_iter().map(UploadedImage::try_from).collect()
    }

    #[tracing::instrument(skip_all, fields(id = id), level = "debug")]
    async fn get(&self, id: i64) -> Result<Option<UploadedImage>, StoreError> {
        let row: Option<ImageRow> = sqlx::query_as(GET).bind(id).fetch_optional(&self.0).await?;
        row.map(UploadedImage::try_from).transpose()
    }

    #[tracing::instrument(
        skip_all,
        fields(owner = owner.get(), offset = offset, limit = limit),
        level = "debug"
    )]
    async fn list(
        &self,
        owner: UserId,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<UploadedImage>, i64), StoreError> {
        let rows: Vec<ImageRow> = sqlx::query_as(OWN)
            .bind(owner.get())
            .bind(limit)
            .bind(offset)
            .fetch_all(&self.0)
            .await?;
        let (total,): (i64,) = sqlx::query_as(OWN_COUNT)
            .bind(owner.get())
            .fetch_one(&self.0)
            .await?;
        let images = rows
            .into_iter()
            .map(UploadedImage::try_from)
            .collect::<Result<_, _>>()?;
        Ok((images, total))
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn delete(&self, owner: UserId, id: i64) -> Result<Option<UploadedImage>, StoreError> {
        let row: Option<ImageRow> = sqlx::query_as(DELETE)
            .bind(id)
            .bind(owner.get())
            .fetch_optional(&self.0)
            .await?;
        row.map(UploadedImage::try_from).transpose()
    }

    #[tracing::instrument(skip_all, fields(id = id, job = %job), level = "debug")]
    async fn begin_analysis(
        &self,
        id: i64,
        replacing: Option<JobId>,
        job: JobId,
        start: &AnalysisEvent,
    ) -> Result<Option<AnalysisEvent>, StoreError> {
        let now = Utc::now();
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        let begun: Option<(i64,)> = sqlx::query_as(BEGIN_ANALYSIS)
            .bind(id)
            .bind(replacing.map(|j| j.to_string()))
            .bind(job.to_string())
            .bind(now)
            .fetch_optional(&mut *tx)
            .await?;
        let Some((seq,)) = begun else {
            return Ok(None);
        };
        sqlx::query(FORGET_EVENTS)
            .bind(id)
            .bind(seq)
            .execute(&mut *tx)
            .await?;
        let event = record_event(&mut tx, id, seq, start, now).await?;
        tx.commit().await?;
        Ok(Some(event))
    }

    #[tracing::instrument(skip_all, fields(id = id, job = %job, change = ?change), level = "debug")]
    async fn advance_analysis(
        &self,
        id: i64,
        job: JobId,
        change: AnalysisChange,
        event: &AnalysisEvent,
        result: Option<(Stage, &serde_json::Value)>,
    ) -> Result<Option<AnalysisEvent>, StoreError> {
        let now = Utc::now();
        let mut tx = self.0.begin_with(DB::BEGIN_WRITE).await?;
        if let Some((stage, value)) = result {
            // Not the stage running now: the statement below changes nothing either.
            sqlx::query(set_stage_statement(stage))
                .bind(id)
                .bind(value.to_string())
                .bind(job.to_string())
                .execute(&mut *tx)
                .await?;
        }
        let moved = match change {
            AnalysisChange::Stays => sqlx::query_as(NEXT_EVENT)
                .bind(id)
                .bind(job.to_string())
                .bind(now),
            AnalysisChange::HandsOver(next) => sqlx::query_as(HAND_OVER)
                .bind(id)
                .bind(job.to_string())
                .bind(next.to_string())
                .bind(now),
            AnalysisChange::Ends => {
                let status = event.ends_as().ok_or_else(|| {
                    StoreError::Corrupt(format!("{:?} does not end an analysis", event.step))
                })?;
                let error = event.error();
                sqlx::query_as(END_ANALYSIS)
                    .bind(id)
                    .bind(job.to_string())
                    .bind(status.as_str())
                    .bind(error.map(|e| e.0.to_owned()))
                    .bind(error.map(|e| e.1.to_owned()))
                    .bind(now)
            }
        };
        let moved: Option<(i64,)> = moved.fetch_optional(&mut *tx).await?;
        let Some((seq,)) = moved else {
            return Ok(None);
        };
        let event = record_event(&mut tx, id, seq, event, now).await?;
        tx.commit().await?;
        Ok(Some(event))
    }

    #[tracing::instrument(skip_all, fields(id = id, after = after), level = "debug")]
    async fn analysis_events(&self, id: i64, after: i64) -> Result<Vec<AnalysisEvent>, StoreError> {
        let rows: Vec<(String,)> = sqlx::query_as(EVENTS_AFTER)
            .bind(id)
            .bind(after)
            .fetch_all(&self.0)
            .await?;
        // One written by another version (a step this one does not know, in the middle
        // of a rolling upgrade) is left out rather than ending every listener's stream.
        Ok(rows
            .into_iter()
            .filter_map(|(event,)| {
                serde_json::from_str(&event)
                    .inspect_err(|e| tracing::warn!(image = id, error = %e, "an analysis event does not read"))
                    .ok()
            })
            .collect())
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn confirm(
        &self,
        owner: UserId,
        id: i64,
        confirmed: bool,
        corrections: Option<&serde_json::Value>,
    ) -> Result<Option<UploadedImage>, StoreError> {
        let row: Option<ImageRow> = sqlx::query_as(CONFIRM)
            .bind(id)
            .bind(owner.get())
            .bind(confirmed)
            .bind(corrections.map(serde_json::Value::to_string))
            .bind(Utc::now())
            .fetch_optional(&self.0)
            .await?;
        row.map(UploadedImage::try_from).transpose()
    }

    #[tracing::instrument(
        skip_all,
        fields(owner = owner.get(), id = id, meal_id = meal_id),
        level = "debug"
    )]
    async fn link_meal(&self, owner: UserId, id: i64, meal_id: i64) -> Result<(), StoreError> {
        sqlx::query(LINK_MEAL)
            .bind(id)
            .bind(owner.get())
            .bind(meal_id)
            .bind(Utc::now())
            .execute(&self.0)
            .await?;
        Ok(())
    }

    #[tracing::instrument(skip_all, fields(id = id), level = "debug")]
    async fn keep_embedding(
        &self,
        id: i64,
        backbone: &str,
        embedding: &[f32],
    ) -> Result<(), StoreError> {
        sqlx::query(KEEP_EMBEDDING)
            .bind(id)
            .bind(embedding_bytes(embedding))
            .bind(backbone)
            .execute(&self.0)
            .await?;
        Ok(())
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn remember(
        &self,
        owner: UserId,
        id: i64,
        foods: &serde_json::Value,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(REMEMBER)
            .bind(id)
            .bind(owner.get())
            .bind(foods.to_string())
            .bind(Utc::now())
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected() > 0)
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get()), level = "debug")]
    async fn memories(
        &self,
        owner: UserId,
        backbone: &str,
    ) -> Result<Vec<RememberedPhoto>, StoreError> {
        let rows: Vec<(i64, Vec<u8>, String)> = sqlx::query_as(MEMORIES)
            .bind(owner.get())
            .bind(backbone)
            .fetch_all(&self.0)
            .await?;
        Ok(rows
            .into_iter()
            .filter_map(|(image_id, bytes, foods)| {
                let foods = serde_json::from_str(&foods).unwrap_or_default();
                Some(RememberedPhoto {
                    image_id,
                    embedding: embedding_from_bytes(&bytes)?,
                    main_food: RememberedPhoto::main_food_of(&foods),
                })
            })
            .collect())
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get(), id = id), level = "debug")]
    async fn memory(&self, owner: UserId, id: i64) -> Result<Option<PhotoMemory>, StoreError> {
        let row: Option<(i64, DateTime<Utc>, String)> = sqlx::query_as(MEMORY)
            .bind(id)
            .bind(owner.get())
            .fetch_optional(&self.0)
            .await?;
        row.map(|(image_id, eaten_at, foods)| {
            Ok(PhotoMemory {
                image_id,
                eaten_at,
                foods: decode_json("photo_memory.foods", Some(foods))?.unwrap_or_default(),
            })
        })
        .transpose()
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get()), level = "debug")]
    async fn stale_memories(
        &self,
        owner: UserId,
        backbone: &str,
        limit: i64,
    ) -> Result<Vec<(i64, String)>, StoreError> {
        Ok(sqlx::query_as(STALE_MEMORIES)
            .bind(owner.get())
            .bind(backbone)
            .bind(limit)
            .fetch_all(&self.0)
            .await?)
    }

    #[tracing::instrument(skip_all, fields(owner = owner.get()), level = "debug")]
    async fn memory_stamp(&self, owner: UserId, backbone: &str) -> Result<(i64, i64), StoreError> {
        let stamp: (i64, i64) = sqlx::query_as(MEMORY_STAMP)
            .bind(owner.get())
            .bind(backbone)
            .fetch_one(&self.0)
            .await?;
        Ok(stamp)
    }
}

/// Keeps an event under its number; answers it numbered.
async fn record_event(
    tx: &mut sqlx::Transaction<'_, DB>,
    id: i64,
    seq: i64,
    event: &AnalysisEvent,
    now: DateTime<Utc>,
) -> Result<AnalysisEvent, StoreError> {
    let event = AnalysisEvent {
        seq,
        ..event.clone()
    };
    let stored = serde_json::to_string(&event).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    sqlx::query(RECORD_EVENT)
        .bind(id)
        .bind(seq)
        .bind(stored)
        .bind(now)
        .execute(&mut **tx)
        .await?;
    Ok(event)
}
