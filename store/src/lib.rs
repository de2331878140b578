//! The product's persistence: store traits, one per area, each with a SQLite and a PostgreSQL implementation.
//! The SQL is written once where both engines accept it, and each store's file once,
//! compiled for each engine ([`sqlite`], [`postgres`]), so the two implementations
//! cannot drift apart.
//!
//! Long on purpose: every store trait, one per area, in one place: the contract each
//! engine's implementation and the contract tests follow.

use std::sync::Arc;

use async_trait::async_trait;
use chrono::{DateTime, NaiveDate, Utc};

pub use db::{Database, DatabaseError, Engine};
use models::token::{OneTimeToken, RefreshToken};
use models::{
    analysis::{AnalysisChange, AnalysisEvent},
    food::{Food, FoodSearchRow, FoodSource, NewFood},
    import::Rejection,
    job::{JobFailure, JobId, JobProgress, JobRecord, JobStatus, NewJob, QueueDepth, StaleJob},
    meal::{Grams, Meal, MealIntake, MealLine, MealType, NewMeal},
    recipe::{NewRecipe, Recipe},
    statistics::TopFood,
    upload::{NewImage, PhotoMemory, RememberedPhoto, Stage, UploadedImage},
    user::{NewUser, Profile, User, UserId},
    weight::{BodyWeight, WeightRecord},
};

pub mod db;
mod engine;
mod meal_statistics;
mod postgres;
mod sqlite;
#[cfg(feature = "testing")]
pub mod testing;

pub use meal_statistics::gather_meal_statistics;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    #[error("conflict: {0}")]
    Conflict(String),
    /// A rule of the product checked where a racing request cannot slip past it (inside
    /// the writing transaction); the message is for the user.
    #[error("{0}")]
    Refused(String),
    #[error("database error: {0}")]
    Database(#[from] sqlx::Error),
    #[error("stored data is corrupt: {0}")]
    Corrupt(String),
    /// A recipe that cannot be stored as given (a loop, or beyond the bounds).
    #[error("{0}")]
    Recipe(#[from] models::recipe::RecipeRefused),
}

/// Job runs: their status, latest progress and outcome.
#[async_trait]
pub trait JobStore: Send + Sync + std::fmt::Debug {
    async fn create(&self, job: &NewJob) -> Result<JobRecord, StoreError>;
    async fn get(&self, id: JobId) -> Result<Option<JobRecord>, StoreError>;
    /// Marks an attempt as started by `worker`. Refused (`Ok(false)`) once the job is
    /// terminal, so a cancelled job that a queue still hands out does not run.
    async fn start_attempt(
        &self,
        id: JobId,
        attempt: i32,
        worker: &str,
    ) -> Result<bool, StoreError>;
    /// Stores `progress` as the latest state unless a newer event is already stored;
    /// a terminal event also settles status, result and error. Returns whether it was
    /// stored.
    async fn record_progress(&self, progress: &JobProgress) -> Result<bool, StoreError>;
    /// Asks a job to stop. Returns false when it had already finished.
    async fn request_cancel(&self, id: JobId) -> Result<bool, StoreError>;
    async fn unfinished_by_queue(&self) -> Result<Vec<QueueDepth>, StoreError>;
    /// The jobs of `queues` with one of `statuses`, the most recently changed first, a
    /// page of `limit` after the first `skip`.
    async fn recent(
        &self,
        queues: &[&str],
        statuses: &[JobStatus],
        skip: i64,
        limit: i64,
    ) -> Result<Vec<JobRecord>, StoreError>;
    /// How many jobs each queue has had, by status, finished ones included.
    async fn count_by_queue(&self) -> Result<Vec<(String, JobStatus, i64)>, StoreError>;
    /// How many jobs each queue was given on each of the last 7 days (UTC), oldest
    /// first, today last.
    async fn created_per_day(
        &self,
        now: DateTime<Utc>,
    ) -> Result<Vec<(String, [i64; 7])>, StoreError>;
    /// Unfinished jobs with a payload, untouched since `before`, oldest first.
    async fn stale(&self, before: DateTime<Utc>, limit: i64) -> Result<Vec<StaleJob>, StoreError>;
    /// Puts a stale job back to `queued` for its queue to hand out again, unless it
    /// moved on since `before` (a worker started it, or it finished). True when it did.
    async fn requeue(&self, id: JobId, before: DateTime<Utc>) -> Result<bool, StoreError>;
    /// How many jobs of each queue a user has not seen finish (queued, running or
    /// retrying).
    async fn unfinished_of_owner(
        &self,
        owner_user_id: i64,
    ) -> Result<Vec<(String, i64)>, StoreError>;
    /// Forgets every job run of a user (account deletion).
    async fn delete_for_owner(&self, owner_user_id: i64) -> Result<u64, StoreError>;
    /// Claims the run of a scheduled task that is due at `now`, and makes it due again
    /// at `next_run`: true for exactly one caller however many processes ask, so work
    /// on a schedule runs once per period in the whole fleet.
    async fn claim_schedule(
        &self,
        task: &str,
        now: DateTime<Utc>,
        next_run: DateTime<Utc>,
    ) -> Result<bool, StoreError>;
}

/// Users and their profiles. Usernames and emails are unique regardless of case.
#[async_trait]
pub trait UserStore: Send + Sync + std::fmt::Debug {
    /// Fails with `Conflict("username")` or `Conflict("email")` when taken.
    async fn create(&self, user: &NewUser) -> Result<User, StoreError>;
    async fn get(&self, id: UserId) -> Result<Option<User>, StoreError>;
    /// By username or email, either in any case.
    async fn find_by_login(&self, login: &str) -> Result<Option<User>, StoreError>;
    async fn find_by_email(&self, email: &str) -> Result<Option<User>, StoreError>;
    async fn update_profile(
        &self,
        id: UserId,
        nickname: &str,
        profile: &Profile,
    ) -> Result<User, StoreError>;
    async fn set_password(&self, id: UserId, password_hash: &str) -> Result<(), StoreError>;
    /// Returns the verified user (`NotFound` when the account is gone).
    async fn mark_email_verified(&self, id: UserId) -> Result<User, StoreError>;
    /// Removes the user and everything that hangs off it.
    async fn delete(&self, id: UserId) -> Result<bool, StoreError>;
    /// Keeps the skeletons of the accounts made before they were kept; returns those
    /// drawn like an earlier account (left unkeyed, to be looked at).
    async fn key_skeletons(&self) -> Result<Vec<LookAlike>, StoreError>;
}

/// An account drawn like an earlier one, found when the accounts were keyed.
#[derive(Debug, Clone, PartialEq)]
pub struct LookAlike {
    pub id: UserId,
    pub username: String,
}

/// Sessions (refresh tokens) and single-use links.
#[async_trait]
pub trait SessionStore: Send + Sync + std::fmt::Debug {
    async fn insert_refresh(&self, token: &RefreshToken) -> Result<(), StoreError>;
    async fn get_refresh(&self, token_hash: &str) -> Result<Option<RefreshToken>, StoreError>;
    /// Spends one token and stores the next of its family, atomically; false (and
    /// nothing stored) when it was already spent: a reuse.
    async fn rotate_refresh(
        &self,
        spent_hash: &str,
        next: &RefreshToken,
    ) -> Result<bool, StoreError>;
    async fn revoke_family(&self, family_id: &str) -> Result<u64, StoreError>;
    /// Ends every session of a user, but the family given.
    async fn revoke_user_sessions(
        &self,
        user_id: UserId,
        except_family: Option<&str>,
    ) -> Result<u64, StoreError>;
    async fn insert_one_time(&self, token: &OneTimeToken) -> Result<(), StoreError>;
    async fn get_one_time(&self, token_hash: &str) -> Result<Option<OneTimeToken>, StoreError>;
    /// Marks a link used; false when it already was (so two uses cannot both win).
    async fn consume_one_time(&self, token_hash: &str) -> Result<bool, StoreError>;
}

/// A query a user ran, most recent first in the history.
#[derive(Debug, Clone, PartialEq)]
pub struct SearchHistoryEntry {
    pub query: String,
    pub searched_at: DateTime<Utc>,
    pub count: i32,
}

/// One use of a food: what was logged (a meal line's grams and amount), so the next
/// time is one click. Creating, copying or scanning a food is a use without a quantity:
/// the food is the user's (their searches rank it higher) but not eaten (Recent leaves
/// it out until it is logged).
#[derive(Debug, Clone, PartialEq)]
pub struct FoodUse {
    pub food_id: i64,
    pub grams: Option<f64>,
    pub amount: Option<String>,
}

impl FoodUse {
    pub fn of(food_id: i64) -> Self {
        FoodUse {
            food_id,
            grams: None,
            amount: None,
        }
    }
}

/// A food a user has used: how often, when last, and what they logged last.
#[derive(Debug, Clone, PartialEq)]
pub struct UsedFood {
    pub food_id: i64,
    pub uses: i64,
    pub used_at: DateTime<Utc>,
    pub last_quantity: Option<f64>,
    pub last_amount: Option<String>,
}

/// How a user's used foods are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UsedOrder {
    /// Last used first.
    Recent,
    /// Most used first, foods used at least twice.
    Frequent,
}

/// Foods of every source, a user's searches and the foods they use.
#[async_trait]
pub trait FoodStore: Send + Sync + std::fmt::Debug {
    /// `Conflict("source_key")` when a food with its source key exists.
    async fn insert(&self, food: &NewFood) -> Result<Food, StoreError>;
    /// Inserts shared foods (catalogue, imports) or updates those whose source key is
    /// already there, in one transaction. Returns how many rows were written (unchanged
    /// foods are not rewritten).
    async fn upsert_shared(&self, foods: &[NewFood]) -> Result<u64, StoreError>;
    /// Seeds the shipped foods, `foods()`, as `upsert_shared` does, and records
    /// `fingerprint` with them in one transaction; unless `fingerprint` is already the
    /// one recorded, when `foods` is not called at all and this is `None`. Concurrent
    /// seedings converge: the last to commit leaves its foods and its fingerprint.
    async fn seed_shipped(
        &self,
        fingerprint: &str,
        foods: &(dyn Fn() -> Vec<NewFood> + Send + Sync),
    ) -> Result<Option<u64>, StoreError>;
    async fn get(&self, id: i64) -> Result<Option<Food>, StoreError>;
    /// The foods of `ids` that exist, in no particular order.
    async fn get_many(&self, ids: &[i64]) -> Result<Vec<Food>, StoreError>;
    /// The shared food (not a user's custom food) stored under any of `codes`, in the
    /// order given (the canonical barcode first), oldest first among equals.
    async fn find_by_barcode(&self, codes: &[String]) -> Result<Option<Food>, StoreError>;
    /// The user's own custom food with one of `codes`, the canonical barcode first: a
    /// product no database knows, which the user created for its barcode.
    async fn find_own_by_barcode(
        &self,
        user: UserId,
        codes: &[String],
    ) -> Result<Option<Food>, StoreError>;
    async fn find_by_source_key(
        &self,
        source: FoodSource,
        key: &str,
    ) -> Result<Option<Food>, StoreError>;
    /// Changes the owner's custom food and, in the same transaction, works out again every
    /// recipe made with it; `None` when there is no such food of theirs.
    async fn update_custom(
        &self,
        id: i64,
        owner: UserId,
        food: &NewFood,
    ) -> Result<Option<Food>, StoreError>;
    async fn delete_custom(&self, id: i64, owner: UserId) -> Result<bool, StoreError>;
    /// The owner's custom foods, newest first, and how many there are.
    async fn list_custom(
        &self,
        owner: UserId,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Food>, i64), StoreError>;
    /// Live foods in id order after `after_id`, for building the search index in pages.
    async fn search_rows(
        &self,
        after_id: i64,
        limit: i64,
    ) -> Result<Vec<FoodSearchRow>, StoreError>;
    /// Every food changed (or deleted) at or after `since_ms`.
    async fn changed_since(&self, since_ms: i64) -> Result<Vec<FoodSearchRow>, StoreError>;
    /// Remembers a search made `at`: a write that lands after a later search's (they are
    /// recorded in the background) does not make it the latest.
    async fn record_search(
        &self,
        user: UserId,
        query: &str,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError>;
    async fn search_history(
        &self,
        user: UserId,
        limit: i64,
    ) -> Result<Vec<SearchHistoryEntry>, StoreError>;
    /// Counts uses of foods by a user (logged in a meal, created, copied), one per use
    /// listed, in one statement; the last use listed of a food is what it remembers.
    async fn record_uses(&self, user: UserId, uses: &[FoodUse]) -> Result<(), StoreError>;
    /// The user's most used foods.
    async fn used_foods(&self, user: UserId, limit: i64) -> Result<Vec<i64>, StoreError>;
    /// The user's used foods in `order`, with what they logged last.
    async fn used_food_details(
        &self,
        user: UserId,
        order: UsedOrder,
        limit: i64,
    ) -> Result<Vec<UsedFood>, StoreError>;
    /// Stars a food for the user (`true`) or takes the star away; both idempotent.
    async fn set_favorite(
        &self,
        user: UserId,
        food_id: i64,
        favorite: bool,
    ) -> Result<(), StoreError>;
    /// The user's starred foods, newest star first.
    async fn favorites(&self, user: UserId, limit: i64) -> Result<Vec<i64>, StoreError>;
    /// Which of `ids` the user starred.
    async fn favorites_among(&self, user: UserId, ids: &[i64]) -> Result<Vec<i64>, StoreError>;
    async fn record_rejections(
        &self,
        import_id: &str,
        rejected: &[Rejection],
    ) -> Result<(), StoreError>;
    /// What an import kept out (by source key), and how many in all.
    async fn rejections(
        &self,
        import_id: &str,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Rejection>, i64), StoreError>;
}

/// Which of a user's meals: eaten within a span of time, of one meal type.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct MealFilter {
    pub during: Option<std::ops::Range<DateTime<Utc>>>,
    pub meal_type: Option<MealType>,
}

/// Where a walk through a user's meals, oldest first, has got to: the last meal read.
/// Meals are walked in the order (eaten at, id), which no two meals share, so a walk
/// reads every meal once even when many were eaten at the same moment.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MealCursor {
    eaten_at_ms: i64,
    meal_id: i64,
}

impl MealCursor {
    /// The walk goes on after this meal.
    pub fn after(meal: &Meal) -> Self {
        MealCursor {
            eaten_at_ms: meal.eaten_at.timestamp_millis(),
            meal_id: meal.id,
        }
    }
}

/// Meals with their lines. Every call is scoped to the owner: another user's meal is as
/// absent as a missing one.
#[async_trait]
pub trait MealStore: Send + Sync + std::fmt::Debug {
    async fn create(&self, meal: &NewMeal) -> Result<Meal, StoreError>;
    /// All of them or, on any error, none (a meal plan).
    async fn create_many(&self, meals: &[NewMeal]) -> Result<Vec<Meal>, StoreError>;
    async fn get(&self, owner: UserId, id: i64) -> Result<Option<Meal>, StoreError>;
    /// Replaces a meal's fields and lines at once; `None` when the owner has no such meal.
    async fn replace(
        &self,
        owner: UserId,
        id: i64,
        meal: &NewMeal,
    ) -> Result<Option<Meal>, StoreError>;
    async fn delete(&self, owner: UserId, id: i64) -> Result<bool, StoreError>;
    async fn add_line(
        &self,
        owner: UserId,
        meal_id: i64,
        line: &MealLine,
    ) -> Result<Option<Meal>, StoreError>;
    /// The line's meal after the change.
    async fn set_line_quantity(
        &self,
        owner: UserId,
        line_id: i64,
        quantity: Grams,
        amount: Option<&str>,
    ) -> Result<Option<Meal>, StoreError>;
    /// The line's meal after the change; `Conflict` when it is the meal's last line.
    async fn delete_line(&self, owner: UserId, line_id: i64) -> Result<Option<Meal>, StoreError>;
    /// One line of the owner's meals.
    async fn line(&self, owner: UserId, line_id: i64) -> Result<Option<MealLine>, StoreError>;
    /// A page of meals, newest first, and how many match in all.
    async fn list(
        &self,
        owner: UserId,
        filter: &MealFilter,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Meal>, i64), StoreError>;
    /// Up to `limit` of the owner's meals with their lines, oldest first, from the first
    /// one (`None`) or after `after`: every meal, a page at a time, in memory bounded by
    /// the page (the exports). A meal saved or moved while the walk goes on is read as
    /// it is at that moment, or not at all when it moved behind the cursor.
    async fn page_after(
        &self,
        owner: UserId,
        after: Option<MealCursor>,
        limit: i64,
    ) -> Result<Vec<Meal>, StoreError>;
    /// Every matching meal, oldest first (statistics).
    async fn between(&self, owner: UserId, filter: &MealFilter) -> Result<Vec<Meal>, StoreError>;
    /// What each matching meal held, oldest first, without its lines (statistics).
    async fn intakes(
        &self,
        owner: UserId,
        filter: &MealFilter,
    ) -> Result<Vec<MealIntake>, StoreError>;
    /// The foods of the matching meals that brought the most calories.
    async fn top_foods(
        &self,
        owner: UserId,
        filter: &MealFilter,
        limit: i64,
    ) -> Result<Vec<TopFood>, StoreError>;
    /// When the owner's first and last meals were eaten.
    async fn first_and_last(
        &self,
        owner: UserId,
    ) -> Result<Option<(DateTime<Utc>, DateTime<Utc>)>, StoreError>;
    /// How many of the owner's meals, and lines, use a food.
    async fn food_use(&self, owner: UserId, food_id: i64) -> Result<(i64, i64), StoreError>;
}

/// Body weight, one record per local day of the owner's.
#[async_trait]
pub trait WeightStore: Send + Sync + std::fmt::Debug {
    /// A second record for the day replaces the first.
    async fn record(
        &self,
        owner: UserId,
        date: NaiveDate,
        weight: BodyWeight,
        notes: Option<&str>,
    ) -> Result<WeightRecord, StoreError>;
    /// Records of days `first..=last`, oldest first.
    async fn between(
        &self,
        owner: UserId,
        first: NaiveDate,
        last: NaiveDate,
    ) -> Result<Vec<WeightRecord>, StoreError>;
    async fn latest(&self, owner: UserId) -> Result<Option<WeightRecord>, StoreError>;
    async fn delete(&self, owner: UserId, id: i64) -> Result<bool, StoreError>;
}

/// Uploaded photos and their analysis. `get` reads any image (the workers' view); the
/// API checks the owner itself, answering 404 for another user's image.
#[async_trait]
pub trait ImageStore: Send + Sync + std::fmt::Debug {
    /// Keeps the record of an upload unless the owner's kept photos and this one would
    /// take more than `quota_bytes` (`None` then). The check and the insert are one
    /// statement: on SQLite no two uploads pass it together; on PostgreSQL the few of one
    /// account running at the same moment may.
    async fn create(
        &self,
        image: &NewImage,
        quota_bytes: u64,
    ) -> Result<Option<UploadedImage>, StoreError>;
    /// Records that the image's photo is now kept normalised, as `kept` says (its type,
    /// size and bytes; its owner, path and notes are not changed). False when the image is
    /// gone.
    async fn normalised(&self, id: i64, kept: &NewImage) -> Result<bool, StoreError>;
    /// What the owner's kept photos take, in bytes (the sum of their files).
    async fn stored_bytes(&self, owner: UserId) -> Result<u64, StoreError>;
    /// Removes up to `limit` records of photos uploaded before `before` that were never
    /// confirmed nor saved in a meal, and answers them (their files are the caller's to
    /// remove).
    async fn prune_unconfirmed(
        &self,
        before: DateTime<Utc>,
        limit: i64,
    ) -> Result<Vec<UploadedImage>, StoreError>;
    async fn get(&self, id: i64) -> Result<Option<UploadedImage>, StoreError>;
    /// The owner's images, newest first, and how many there are.
    async fn list(
        &self,
        owner: UserId,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<UploadedImage>, i64), StoreError>;
    /// Removes the owner's image record and answers it (its file is the caller's to remove).
    async fn delete(&self, owner: UserId, id: i64) -> Result<Option<UploadedImage>, StoreError>;
    /// Starts an analysis whose first stage is `job`, recording its first event, unless
    /// an analysis runs: only when the stage job recorded now is `replacing` (`None`: no
    /// analysis runs; else a stage job known to be dead). The earlier analysis's stages,
    /// error and events are forgotten. Answers the event as recorded (with its `seq`), or
    /// `None` when another analysis runs (or the image is gone).
    async fn begin_analysis(
        &self,
        id: i64,
        replacing: Option<JobId>,
        job: JobId,
        start: &AnalysisEvent,
    ) -> Result<Option<AnalysisEvent>, StoreError>;
    /// Records an event of the analysis whose stage job is `job`, with the stage's result
    /// when it is done, and moves the analysis on as `change` says (an ending sets the
    /// image's status from the event), all at once. Nothing is recorded, and `None`
    /// answered, when `job` is not the stage running now: a stale or repeated job, an
    /// analysis cancelled or started anew meanwhile.
    async fn advance_analysis(
        &self,
        id: i64,
        job: JobId,
        change: AnalysisChange,
        event: &AnalysisEvent,
        result: Option<(Stage, &serde_json::Value)>,
    ) -> Result<Option<AnalysisEvent>, StoreError>;
    /// The events of the image's analysis numbered after `after`, in order (one that does
    /// not read, written by another version, is left out).
    async fn analysis_events(&self, id: i64, after: i64) -> Result<Vec<AnalysisEvent>, StoreError>;
    /// Records the user's confirmation and corrections (kept when none are sent).
    async fn confirm(
        &self,
        owner: UserId,
        id: i64,
        confirmed: bool,
        corrections: Option<&serde_json::Value>,
    ) -> Result<Option<UploadedImage>, StoreError>;
    async fn link_meal(&self, owner: UserId, id: i64, meal_id: i64) -> Result<(), StoreError>;
    /// Keeps the embedding the gate model `backbone` made of an analysed photo, for its
    /// owner's visual memory.
    async fn keep_embedding(
        &self,
        id: i64,
        backbone: &str,
        embedding: &[f32],
    ) -> Result<(), StoreError>;
    /// The foods the owner confirmed the photo shows; false when it has no embedding.
    async fn remember(
        &self,
        owner: UserId,
        id: i64,
        foods: &serde_json::Value,
    ) -> Result<bool, StoreError>;
    /// The owner's remembered photos whose embedding the gate model `backbone` made: each
    /// one's embedding and main food (another backbone's embeddings do not compare).
    async fn memories(
        &self,
        owner: UserId,
        backbone: &str,
    ) -> Result<Vec<RememberedPhoto>, StoreError>;
    /// One remembered photo of the owner's, with its foods.
    async fn memory(&self, owner: UserId, id: i64) -> Result<Option<PhotoMemory>, StoreError>;
    /// The owner's remembered photos whose embedding another gate model made (newest
    /// first, at most `limit`): (image id, stored file), to embed again with `backbone`.
    async fn stale_memories(
        &self,
        owner: UserId,
        backbone: &str,
        limit: i64,
    ) -> Result<Vec<(i64, String)>, StoreError>;
    /// Changes whenever the set of the owner's remembered photos of `backbone` does (a
    /// cache's key).
    async fn memory_stamp(&self, owner: UserId, backbone: &str) -> Result<(i64, i64), StoreError>;
}

/// Recipes: a user's foods made of other foods.
#[async_trait]
pub trait RecipeStore: Send + Sync + std::fmt::Debug {
    /// Stores the recipe and its food, worked out from the ingredients' current values.
    /// The ingredients must be foods the owner may see. `Recipe(_)` when it would go
    /// beyond the bounds of [`models::recipe`].
    async fn create(&self, recipe: &NewRecipe) -> Result<Recipe, StoreError>;
    async fn get(&self, owner: UserId, id: i64) -> Result<Option<Recipe>, StoreError>;
    /// The owner's recipes, newest first, and how many there are.
    async fn list(
        &self,
        owner: UserId,
        offset: i64,
        limit: i64,
    ) -> Result<(Vec<Recipe>, i64), StoreError>;
    /// Replaces the owner's recipe and works out again, once each, every recipe that
    /// contains it. `Recipe(Cycle)` when it would contain itself, through any recipe, and
    /// `Recipe(_)` when it would go beyond the bounds of [`models::recipe`].
    async fn replace(
        &self,
        owner: UserId,
        id: i64,
        recipe: &NewRecipe,
    ) -> Result<Option<Recipe>, StoreError>;
    /// Marks the recipe's food deleted; meals that logged it keep their lines.
    async fn delete(&self, owner: UserId, id: i64) -> Result<bool, StoreError>;
    /// Works out again, once each, the recipes above the foods that changed at or after
    /// `since_ms` (an import or the catalogue seeding rewrote shared foods), in short
    /// transactions. Returns how many.
    async fn refresh_changed_since(&self, since_ms: i64) -> Result<usize, StoreError>;
}

/// A request an `Idempotency-Key` stands for: what it was, and its answer once it has one
/// (none while it runs).
#[derive(Debug, Clone)]
pub struct KeptRequest {
    /// What makes a repeat the same request (method, path, query, time zone and body).
    pub request_hash: String,
    pub answer: Option<KeptAnswer>,
    pub created_at: DateTime<Utc>,
}

/// An answer kept to be given again.
#[derive(Debug, Clone, PartialEq)]
pub struct KeptAnswer {
    pub status: u16,
    pub content_type: Option<String>,
    pub body: String,
}

/// The requests the owners' `Idempotency-Key`s stand for, one per owner and key.
#[async_trait]
pub trait IdempotencyStore: Send + Sync + std::fmt::Debug {
    /// Forgets the keys first used before `before`.
    async fn prune(&self, before: DateTime<Utc>) -> Result<(), StoreError>;
    /// Marks the owner's key as running the request of `request_hash`; false when the
    /// owner has the key already.
    async fn claim(
        &self,
        owner: UserId,
        key: &str,
        request_hash: &str,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError>;
    async fn get(&self, owner: UserId, key: &str) -> Result<Option<KeptRequest>, StoreError>;
    /// Forgets the owner's key, so that it can be used again.
    async fn release(&self, owner: UserId, key: &str) -> Result<(), StoreError>;
    /// Keeps the answer of the request the owner's key runs.
    async fn answer(&self, owner: UserId, key: &str, answer: &KeptAnswer)
    -> Result<(), StoreError>;
}

/// Every store of the product, chosen once from the database engine.
#[derive(Debug, Clone)]
pub struct Stores {
    pub jobs: Arc<dyn JobStore>,
    pub users: Arc<dyn UserStore>,
    pub sessions: Arc<dyn SessionStore>,
    pub foods: Arc<dyn FoodStore>,
    pub meals: Arc<dyn MealStore>,
    pub weights: Arc<dyn WeightStore>,
    pub images: Arc<dyn ImageStore>,
    pub recipes: Arc<dyn RecipeStore>,
    pub idempotency: Arc<dyn IdempotencyStore>,
}

impl Stores {
    pub fn new(db: &Database) -> Self {
        match db {
            Database::Sqlite(pool) => sqlite::open::stores(pool),
            Database::Postgres(pool) => postgres::open::stores(pool),
        }
    }
}

/// Writes meals with the ids given (`(id, meal)`), many rows a statement, in one
/// transaction: for filling a database for a benchmark, where storing one meal at a time
/// would take hours. The ids must be free; on PostgreSQL the caller moves the identity
/// past them.
pub async fn bulk_insert_meals(db: &Database, meals: &[(i64, NewMeal)]) -> Result<(), StoreError> {
    match db {
        Database::Sqlite(pool) => sqlite::meals::bulk_insert(pool, meals).await,
        Database::Postgres(pool) => postgres::meals::bulk_insert(pool, meals).await,
    }
}

fn decode_json<T: serde::de::DeserializeOwned>(
    column: &str,
    text: Option<String>,
) -> Result<Option<T>, StoreError> {
    text.map(|t| serde_json::from_str(&t))
        .transpose()
        .map_err(|e| StoreError::Corrupt(format!("{column}: {e}")))
}

fn failure(message: Option<String>, code: Option<String>) -> Option<JobFailure> {
    match (message, code) {
        (Some(message), code) => Some(JobFailure {
            message,
            code: code.unwrap_or_else(|| "JOB_FAILED".into()),
            retry_after_secs: None,
        }),
        _ => None,
    }
}

fn parse_status(text: &str) -> Result<JobStatus, StoreError> {
    text.parse().map_err(StoreError::Corrupt)
}
