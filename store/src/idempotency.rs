use async_trait::async_trait;
use chrono::{DateTime, Utc};
use sqlx::Pool;

use super::DB;
use super::{IdempotencyStore, KeptAnswer, KeptRequest, StoreError};
use models::user::UserId;

#[derive(Debug)]
pub(super) struct SqlIdempotency(pub Pool<DB>);

type KeptRow = (
    String,
    Option<i32>,
    Option<String>,
    Option<String>,
    DateTime<Utc>,
);

const PRUNE: &str = "delete from idempotency_key where created_at < $1";

const CLAIM: &str = "insert into idempotency_key \
     (user_id, idempotency_key, request_hash, created_at) values ($1, $2, $3, $4) \
     on conflict do nothing";

const GET: &str = "select request_hash, status, content_type, body, created_at \
     from idempotency_key where user_id = $1 and idempotency_key = $2";

const RELEASE: &str = "delete from idempotency_key where user_id = $1 and idempotency_key = $2";

const ANSWER: &str = "update idempotency_key set status = $3, content_type = $4, body = $5 \
     where user_id = $1 and idempotency_key = $2";

#[async_trait]
impl IdempotencyStore for SqlIdempotency {
    async fn prune(&self, before: DateTime<Utc>) -> Result<(), StoreError> {
        sqlx::query(PRUNE).bind(before).execute(&self.0).await?;
        Ok(())
    }

    async fn claim(
        &self,
        owner: UserId,
        key: &str,
        request_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let done = sqlx::query(CLAIM)
            .bind(owner.get())
            .bind(key)
            .bind(request_hash)
            .bind(now)
            .execute(&self.0)
            .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn get(&self, owner: UserId, key: &str) -> Result<Option<KeptRequest>, StoreError> {
        let row: Option<KeptRow> = sqlx::query_as(GET)
            .bind(owner.get())
            .bind(key)
            .fetch_optional(&self.0)
            .await?;
        Ok(row.map(
            |(request_hash, status, content_type, body, created_at)| KeptRequest {
                request_hash,
                answer: status.map(|status| KeptAnswer {
                    status: u16::try_from(status).unwrap_or(200),
                    content_type,
                    body: body.unwrap_or_default(),
                }),
                created_at,
            },
        ))
    }

    async fn release(&self, owner: UserId, key: &str) -> Result<(), StoreError> {
        sqlx::query(RELEASE)
            .bind(owner.get())
            .bind(key)
            .execute(&self.0)
            .await?;
        Ok(())
    }

    async fn answer(
        &self,
        owner: UserId,
        key: &str,
        answer: &KeptAnswer,
    ) -> Result<(), StoreError> {
        sqlx::query(ANSWER)
            .bind(owner.get())
            .bind(key)
            .bind(i32::from(answer.status))
            .bind(answer.content_type.as_deref())
            .bind(answer.body.as_str())
            .execute(&self.0)
            .await?;
        Ok(())
    }
}
