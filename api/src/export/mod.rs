//! Downloads written while the client reads them (the account exports): a bounded
//! number at once, at most one per user, each holding a few chunks in memory however
//! long the user's history is. The meals are read a page at a time ([`write_meals`]) and
//! written as the JSON document ([`JsonExport`]) or CSV rows ([`csv_rows`]).

use std::{
    collections::HashSet,
    future::Future,
    io,
    sync::{Arc, Mutex, PoisonError},
    time::Duration,
};

use axum::body::{Body, Bytes};
use models::ErrorCode;
use models::{Meal, User, UserId};
use store::{MealCursor, MealStore, StoreError};
use tokio::sync::{OwnedSemaphorePermit, Semaphore, mpsc};

use crate::{AppState, error::ApiError};

mod csv_file;
mod json_file;
mod own_foods;

pub use csv_file::{csv_header, csv_rows};
pub use json_file::JsonExport;
pub use own_foods::OwnFoods;

/// Exports one API process writes at once unless `EXPORTS_AT_ONCE` says otherwise. Each
/// holds a few chunks in memory and one database connection while it reads a page, so
/// the bound is about the database's and the CPU's share, not memory.
pub const DEFAULT_AT_ONCE: usize = 4;

/// What is written is sent in chunks of about this size.
pub const CHUNK_BYTES: usize = 64 * 1024;

/// Chunks written ahead of what the client has taken: enough to keep the connection
/// busy while the next page is read, few enough that a slow client costs little.
const CHUNKS_AHEAD: usize = 4;

/// How long a chunk may wait for the client to take it before the export gives up its
/// place (a client that stopped reading but keeps the connection open).
const STALL_LIMIT: Duration = Duration::from_secs(60);

/// The slowest a client may read an export, on average, once `SLOW_START` has passed: a
/// phone on a poor mobile link reads faster than this, and a client that reads a trickle
/// (one chunk a minute, say) gives its place back instead of holding it for half an hour.
const MIN_BYTES_PER_SECOND: u64 = 8 * 1024;

/// How long an export may take to get going before its reading rate is held to
/// `MIN_BYTES_PER_SECOND`.
const SLOW_START: Duration = Duration::from_secs(30);

/// The longest one export may take: a client reading a trickle cannot keep a place for
/// ever. A 250,000-line history takes seconds to write; over a slow link, uncompressed,
/// a few minutes.
const TIME_LIMIT: Duration = Duration::from_secs(30 * 60);

/// What a refused export is told to wait before trying again, in seconds.
const RETRY_AFTER_S: u64 = 10;

/// The exports running in this process.
#[derive(Debug)]
pub struct Exports {
    places: Arc<Semaphore>,
    users: Mutex<HashSet<UserId>>,
}

impl Exports {
    pub fn new(at_once: usize) -> Arc<Self> {
        Arc::new(Exports {
            places: Arc::new(Semaphore::new(at_once)),
            users: Mutex::new(HashSet::new()),
        })
    }

    /// A place for one of `user`'s exports, or the answer to give when there is none:
    /// 429 while the user's previous export still runs, 503 while all places are taken;
    /// both with Retry-After.
    pub fn start(self: &Arc<Self>, user: UserId) -> Result<ExportPermit, ApiError> {
        if !self.running().insert(user) {
            return Err(ApiError {
                retry_after: Some(RETRY_AFTER_S),
                ..ApiError::new(
                    ErrorCode::ExportInProgress,
                    "Your previous export is still being written; try again when it has finished",
                )
            });
        }
        match self.places.clone().try_acquire_owned() {
            Ok(place) => Ok(ExportPermit {
                exports: self.clone(),
                user,
                _place: place,
            }),
            Err(_) => {
                self.running().remove(&user);
                Err(ApiError {
                    retry_after: Some(RETRY_AFTER_S),
                    ..ApiError::new(
                        ErrorCode::ExportBusy,
                        "Too many exports are being written right now; try again shortly",
                    )
                })
            }
        }
    }

    fn running(&self) -> std::sync::MutexGuard<'_, HashSet<UserId>> {
        // The set stays whole whatever panicked while holding it.
        self.users.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

/// One running export's place; given back when dropped.
#[derive(Debug)]
pub struct ExportPermit {
    exports: Arc<Exports>,
    user: UserId,
    _place: OwnedSemaphorePermit,
}

impl Drop for ExportPermit {
    fn drop(&mut self) {
        self.exports.running().remove(&self.user);
    }
}

/// Why an export stopped before its end.
#[derive(Debug, thiserror::Error)]
pub enum Interruption {
    #[error("the store failed: {0}")]
    Store(#[from] StoreError),
    #[error("cannot write the export: {0}")]
    Render(#[from] serde_json::Error),
    #[error("cannot write the export: {0}")]
    RenderCsv(#[from] csv::Error),
    #[error("the client went away")]
    ClientGone,
    #[error("the client took nothing for {STALL_LIMIT:?}")]
    Stalled,
    #[error("the client read slower than {MIN_BYTES_PER_SECOND} bytes a second")]
    TooSlow,
    #[error("the export ran past {TIME_LIMIT:?}")]
    TimeLimit,
    #[error("the server is shutting down")]
    ShuttingDown,
}

enum Piece {
    Chunk(Bytes),
    /// Everything was written: the body may end.
    End,
}

/// Where an export writes: a buffer sent to the client a chunk at a time.
pub struct ChunkWriter {
    /// The export's place, given back before the body ends, whether it ends whole or
    /// cut short (fields drop in order): a client that has read to the end, or seen the
    /// download fail, may start its next export at once.
    place: Option<ExportPermit>,
    buffer: Vec<u8>,
    to_client: mpsc::Sender<Piece>,
    /// When the export began, and how much the client has been handed since.
    started: tokio::time::Instant,
    sent: u64,
}

impl ChunkWriter {
    /// What is written and not sent yet.
    pub fn buffer(&mut self) -> &mut Vec<u8> {
        &mut self.buffer
    }

    /// Sends what is written once it makes a chunk, waiting while the client is behind.
    pub async fn send_full_chunk(&mut self) -> Result<(), Interruption> {
        if self.buffer.len() >= CHUNK_BYTES {
            self.send_buffer().await?;
        }
        Ok(())
    }

    async fn send_buffer(&mut self) -> Result<(), Interruption> {
        let chunk = Bytes::from(std::mem::replace(
            &mut self.buffer,
            Vec::with_capacity(CHUNK_BYTES + CHUNK_BYTES / 4),
        ));
        self.send(Piece::Chunk(chunk)).await
    }

    /// Hands `piece` to the client's side, which must take it within `STALL_LIMIT` and
    /// in time to keep the export's average rate at `MIN_BYTES_PER_SECOND`.
    async fn send(&mut self, piece: Piece) -> Result<(), Interruption> {
        let size = match &piece {
            Piece::Chunk(bytes) => bytes.len() as u64,
            Piece::End => 0,
        };
        let stalled = tokio::time::Instant::now() + STALL_LIMIT;
        // The bytes handed over before this piece, at the slowest rate allowed.
        let too_slow = self.started
            + SLOW_START
            + Duration::from_secs_f64(self.sent as f64 / MIN_BYTES_PER_SECOND as f64);
        let (deadline, late) = if too_slow < stalled {
            (too_slow, Interruption::TooSlow)
        } else {
            (stalled, Interruption::Stalled)
        };
        match tokio::time::timeout_at(deadline, self.to_client.send(piece)).await {
            Ok(Ok(())) => {
                self.sent += size;
                Ok(())
            }
            Ok(Err(_)) => Err(Interruption::ClientGone),
            Err(_) => Err(late),
        }
    }

    /// Sends the rest, gives the export's place back, then ends the body.
    async fn finish(mut self) -> Result<(), Interruption> {
        if !self.buffer.is_empty() {
            self.send_buffer().await?;
        }
        self.place = None;
        self.send(Piece::End).await
    }
}

/// A response body that `write` fills while the client reads it. `write` runs in a task
/// of its own, its writer holding `permit`, and is stopped when the client goes away or
/// stops reading, at `TIME_LIMIT` and when the server shuts down.
///
/// Once the body has started, the status (200) is sent and an error cannot change it. So
/// an export that stops before its end (a store failure, a shutdown) ends the body with
/// an error: the server then aborts the connection instead of ending the body properly,
/// and the client sees a failed download, never a shorter file that looks whole.
pub fn streamed<W, F>(
    permit: ExportPermit,
    stopped: impl Future<Output = ()> + Send + 'static,
    write: W,
) -> Body
where
    W: FnOnce(ChunkWriter) -> F + Send + 'static,
    F: Future<Output = Result<ChunkWriter, Interruption>> + Send + 'static,
{
    let (to_client, from_writer) = mpsc::channel(CHUNKS_AHEAD);
    let user = permit.user;
    let writer = ChunkWriter {
        place: Some(permit),
        buffer: Vec::with_capacity(CHUNK_BYTES + CHUNK_BYTES / 4),
        to_client,
        started: tokio::time::Instant::now(),
        sent: 0,
    };
    tokio::spawn(async move {
        let run = async move { write(writer).await?.finish().await };
        let outcome = tokio::select! {
            outcome = run => outcome,
            () = stopped => Err(Interruption::ShuttingDown),
            () = tokio::time::sleep(TIME_LIMIT) => Err(Interruption::TimeLimit),
        };
        match outcome {
            Ok(()) => tracing::debug!(%user, "export written"),
            Err(Interruption::ClientGone) => {
                tracing::debug!(%user, "export abandoned by the client")
            }
            Err(e @ (Interruption::Store(_) | Interruption::Render(_))) => {
                tracing::error!(%user, error = %e, "export cut short");
            }
            Err(e) => tracing::warn!(%user, error = %e, "export cut short"),
        }
    });
    let pieces = futures::stream::unfold(Some(from_writer), |from_writer| async move {
        let mut from_writer = from_writer?;
        match from_writer.recv().await {
            Some(Piece::Chunk(bytes)) => Some((Ok(bytes), Some(from_writer))),
            Some(Piece::End) => None,
            // The writer stopped without writing the end (see above).
            None => Some((
                Err(io::Error::other("the export stopped before its end")),
                None,
            )),
        }
    });
    // Fused: the gzip encoder asks its body again after the end, which an unfold may
    // not be (it panics).
    Body::from_stream(futures::StreamExt::fuse(pieces))
}

/// Meals an export reads from the store at a time: what it holds in memory besides the
/// chunks on their way (at most `MAX_MEAL_FOODS` lines each), and few enough queries
/// for a long history (a page of 4-line meals is about 0.6 MB of JSON, 55 KB of CSV).
const PAGE: i64 = 200;

/// Writes every meal of the owner, oldest first, a page at a time: `first` (already
/// read), then the pages after it.
pub async fn write_meals(
    meals: &dyn MealStore,
    owner: UserId,
    first: Vec<Meal>,
    out: &mut ChunkWriter,
    mut write: impl FnMut(&Meal, &mut Vec<u8>) -> Result<(), Interruption> + Send,
) -> Result<(), Interruption> {
    let mut page = first;
    loop {
        for meal in &page {
            write(meal, out.buffer())?;
            out.send_full_chunk().await?;
        }
        match page.last() {
            Some(last) if page.len() as i64 == PAGE => {
                let after = MealCursor::after(last);
                page = meals.page_after(owner, Some(after), PAGE).await?;
            }
            _ => return Ok(()),
        }
    }
}

/// Starts one of the user's exports: its place among those running, and its first page
/// of meals, read before the answer starts so that a failure here is still an error
/// answer.
pub async fn start(state: &AppState, user: &User) -> Result<(ExportPermit, Vec<Meal>), ApiError> {
    let permit = state.exports.start(user.id)?;
    let first = state.stores.meals.page_after(user.id, None, PAGE).await?;
    Ok((permit, first))
}

#[cfg(test)]
mod tests {
    use axum::http::StatusCode;
    use futures::StreamExt;

    use super::*;

    fn user(id: i64) -> UserId {
        UserId::from_i64(id)
    }

    #[test]
    fn one_export_per_user_and_a_bounded_number_in_all() {
        let exports = Exports::new(2);
        let ann = exports.start(user(1)).unwrap();
        let again = exports.start(user(1)).unwrap_err();
        assert_eq!(
            (again.status(), again.code.as_str(), again.retry_after),
            (
                StatusCode::TOO_MANY_REQUESTS,
                "EXPORT_IN_PROGRESS",
                Some(10)
            )
        );
        let bob = exports.start(user(2)).unwrap();
        let full = exports.start(user(3)).unwrap_err();
        assert_eq!(
            (full.status(), full.code.as_str(), full.retry_after),
            (StatusCode::SERVICE_UNAVAILABLE, "EXPORT_BUSY", Some(10))
        );
        drop(ann);
        let _carl = exports.start(user(3)).expect("ann's place is free again");
        drop(bob);
        let _ann = exports.start(user(1)).expect("and ann may export again");
    }

    async fn read(body: Body) -> (Vec<u8>, Option<String>) {
        let mut stream = body.into_data_stream();
        let mut read = Vec::new();
        while let Some(chunk) = stream.next().await {
            match chunk {
                Ok(bytes) => read.extend_from_slice(&bytes),
                Err(e) => return (read, Some(e.to_string())),
            }
        }
        (read, None)
    }

    #[tokio::test]
    async fn a_whole_export_ends_and_gives_its_place_back() {
        let exports = Exports::new(1);
        let permit = exports.start(user(1)).unwrap();
        let body = streamed(permit, std::future::pending(), |mut out| async move {
            for _ in 0..3 {
                out.buffer().extend_from_slice(&[b'x'; CHUNK_BYTES]);
                out.send_full_chunk().await?;
            }
            out.buffer().extend_from_slice(b"end");
            Ok(out)
        });
        let (read, error) = read(body).await;
        assert_eq!((read.len(), error), (3 * CHUNK_BYTES + 3, None));
        assert!(read.ends_with(b"xend"));
        exports
            .start(user(2))
            .expect("the place is given back before the body ends");
    }

    #[tokio::test]
    async fn an_export_that_fails_midway_ends_in_an_error_not_a_short_file() {
        let exports = Exports::new(1);
        let permit = exports.start(user(1)).unwrap();
        let body = streamed(permit, std::future::pending(), |mut out| async move {
            out.buffer().extend_from_slice(&[b'x'; CHUNK_BYTES]);
            out.send_full_chunk().await?;
            Err(StoreError::Corrupt("a page".into()).into())
        });
        let (read, error) = read(body).await;
        assert_eq!(read.len(), CHUNK_BYTES, "what was sent before the failure");
        assert!(error.is_some(), "then the body fails");
        exports
            .start(user(1))
            .expect("the place is given back before the body fails");
    }

    /// An export of `chunks` full chunks, read by a client that waits `between` after
    /// each chunk it takes (time paused: the waits cost nothing). What it read, and
    /// whether the body failed.
    async fn read_slowly(chunks: usize, between: Duration) -> (usize, bool, bool) {
        let exports = Exports::new(1);
        let permit = exports.start(user(1)).unwrap();
        let body = streamed(permit, std::future::pending(), move |mut out| async move {
            for _ in 0..chunks {
                out.buffer().extend_from_slice(&[b'x'; CHUNK_BYTES]);
                out.send_full_chunk().await?;
            }
            Ok(out)
        });
        let mut stream = body.into_data_stream();
        let (mut read, mut failed) = (0, false);
        while let Some(chunk) = stream.next().await {
            match chunk {
                Ok(bytes) => read += bytes.len(),
                Err(_) => {
                    failed = true;
                    break;
                }
            }
            tokio::time::sleep(between).await;
        }
        let place_free = exports.start(user(2)).is_ok();
        (read, failed, place_free)
    }

    #[tokio::test(start_paused = true)]
    async fn a_client_reading_a_trickle_gives_its_place_back() {
        // One chunk every 20 s: 3 KiB a second, under the least allowed, yet never a
        // 60 s stall.
        let (read, failed, place_free) = read_slowly(40, Duration::from_secs(20)).await;
        assert!(failed, "the export is cut short");
        assert!(read < 40 * CHUNK_BYTES, "{read}");
        assert!(place_free);
        // One chunk every 2 s (32 KiB a second) is read to the end.
        let (read, failed, _) = read_slowly(40, Duration::from_secs(2)).await;
        assert_eq!((read, failed), (40 * CHUNK_BYTES, false));
    }

    #[tokio::test]
    async fn a_shutdown_cuts_the_export_short() {
        let exports = Exports::new(1);
        let permit = exports.start(user(1)).unwrap();
        let body = streamed(permit, std::future::ready(()), |out| async move {
            std::future::pending::<()>().await;
            Ok(out)
        });
        let (read, error) = read(body).await;
        assert!(read.is_empty() && error.is_some());
    }
}
