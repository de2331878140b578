//! A photo's analysis as the API sees it: it starts one (records its first event and
//! queues its first stage), relays the events the workers record, ends one the user
//! cancels, and remembers what a confirmed photo shows. DESIGN: the workers own
//! everything in between (the `worker` crate's `analysis` module): no request waits on a
//! stage, and a listener that leaves, or an API process that dies, changes nothing for
//! the analysis.

use std::time::Duration;

use axum::{
    http::StatusCode,
    response::{IntoResponse, Response},
};
use futures::{Stream, StreamExt};
use jobs::payloads::DetectFoods;
use jobs::{BusMessage, JobId};
use models::ErrorCode;
use models::analysis::{
    AnalysisChange, AnalysisEvent, AnalysisStep, AnalysisUpdate, ConfirmedFood,
    confirmed_with_changes, foods_to_remember,
};
use models::upload::UploadedImage;
use models::{User, UserId};
use serde_json::{Value, json};
use tokio::sync::broadcast::error::RecvError;

use crate::{
    AppState,
    error::ApiError,
    photo_work::{self, Budget},
    sse::sse,
};

/// How often a listener re-reads the stored events, in case a bus message was lost.
const RESYNC_EVERY: Duration = Duration::from_secs(2);
/// How long an analysis may say nothing before a listener checks that its stage job is
/// still alive (a stage that could not record how it ended would leave it for ever).
const QUIET_FOR: Duration = Duration::from_secs(10);

/// One event as a listener receives it: its number and its data.
pub type WireEvent = (i64, AnalysisUpdate);

/// SPEC: without a model there is no analysis, never a made-up one. Only the workers of
/// this process can be checked here (the embedded default); a fleet's workers fail the
/// job with the same code when theirs are missing.
pub fn recognition_installed(state: &AppState) -> Result<(), ApiError> {
    #[cfg(feature = "embedded-workers")]
    if let Some(why) = crate::embedded::recognition_missing(&state.config) {
        return Err(ApiError::new(ErrorCode::RecognitionUnavailable, why));
    }
    let _ = state;
    Ok(())
}

/// Starts the analysis of `image` unless one runs (then the caller attaches to it).
/// Answers the image as it is now. A caller that goes away meanwhile changes nothing:
/// an analysis recorded is queued with it.
pub async fn start(
    state: &AppState,
    user: &User,
    image: UploadedImage,
) -> Result<UploadedImage, ApiError> {
    let state = state.clone();
    let owner = user.id;
    jobs::to_the_end(async move { start_now(&state, owner, image).await }).await
}

async fn start_now(
    state: &AppState,
    owner: UserId,
    image: UploadedImage,
) -> Result<UploadedImage, ApiError> {
    let images = &state.stores.images;
    let mut image = image;
    // Another request may start it at the same moment: then this one attaches.
    for _ in 0..3 {
        let replacing = match image.analysis_job {
            Some(job) if stage_alive(state, job).await? => return Ok(image),
            other => other,
        };
        // Attaching costs nothing; starting counts against the account's photo work.
        let job = DetectFoods { image_id: image.id };
        let recorded = photo_work::record(state, job, owner, Budget::ToCount).await?;
        let job = recorded.id();
        let first = AnalysisEvent::new(AnalysisStep::Start, "Analysis started")
            .with("image_id", json!(image.id));
        let begun = match images
            .begin_analysis(image.id, replacing, job, &first)
            .await
        {
            Ok(begun) => begun,
            Err(e) => {
                state.jobs.discard(recorded).await;
                return Err(e.into());
            }
        };
        match begun {
            Some(first) => {
                let seq = first.seq;
                state.jobs.announce_analysis(image.id, first).await;
                if let Err(e) = state.jobs.enqueue(recorded).await {
                    let failed = AnalysisEvent::failed(
                        "The analysis could not be queued; please try again",
                        ErrorCode::EnqueueFailed.as_str(),
                    );
                    end(state, image.id, job, &failed).await?;
                    return Err(e.into());
                }
                // Its stages are read as their events come: what a relay needs is here.
                return Ok(UploadedImage {
                    analysis_job: Some(job),
                    analysis_seq: seq,
                    ..image
                });
            }
            None => {
                state.jobs.discard(recorded).await;
                image = reread(state, image.owner, image.id).await?;
            }
        }
    }
    Ok(image)
}

/// Whether the stage job an image names is still to run or running. One that ended
/// without moving the analysis on (its worker could not record why) leaves the analysis
/// to be started anew.
async fn stage_alive(state: &AppState, job: JobId) -> Result<bool, ApiError> {
    Ok(state
        .jobs
        .store()
        .get(job)
        .await?
        .is_some_and(|record| !record.status.is_terminal()))
}

async fn reread(state: &AppState, owner: UserId, id: i64) -> Result<UploadedImage, ApiError> {
    crate::owned::own_image(state, owner, id).await
}

/// Records the final event of the analysis whose stage job is `job`, if it still runs.
async fn end(
    state: &AppState,
    image_id: i64,
    job: JobId,
    event: &AnalysisEvent,
) -> Result<bool, ApiError> {
    let ended = state
        .stores
        .images
        .advance_analysis(image_id, job, AnalysisChange::Ends, event, None)
        .await?;
    match ended {
        Some(event) => {
            state.jobs.announce_analysis(image_id, event).await;
            Ok(true)
        }
        None => Ok(false),
    }
}

/// SPEC's Cancel: ends the image's running analysis and stops its stage's job. False
/// when none runs.
pub async fn cancel(state: &AppState, image: UploadedImage) -> Result<bool, ApiError> {
    let mut image = image;
    // The analysis may move to its next stage meanwhile: then that stage is the one.
    for _ in 0..3 {
        let Some(job) = image.analysis_job else {
            return Ok(false);
        };
        if end(state, image.id, job, &AnalysisEvent::cancelled()).await? {
            metrics::counter!("analysis_outcomes_total", "outcome" => "cancelled").increment(1);
            // The analysis is over whatever the job does now; this only saves its work.
            if let Err(e) = state.jobs.cancel(job).await {
                tracing::warn!(%job, error = %e, "cannot stop a cancelled analysis's job");
            }
            return Ok(true);
        }
        image = reread(state, image.owner, image.id).await?;
    }
    Ok(false)
}

/// How an analysis awaited a moment stands ([`await_end`]).
pub enum Awaited {
    /// Complete, or cancelled: the results are the image's.
    Ended,
    /// Still under way: how far it got, as its latest event says.
    Running {
        progress: Option<u64>,
        message: Option<String>,
    },
}

/// Follows the image's analysis for at most `within`: how it stands then. One that
/// failed is the error the caller hears.
pub async fn await_end(
    state: &AppState,
    image: UploadedImage,
    within: Duration,
) -> Result<Awaited, ApiError> {
    let events = follow(state.clone(), image, 0);
    futures::pin_mut!(events);
    let deadline = tokio::time::sleep(within);
    tokio::pin!(deadline);
    let mut latest: Option<AnalysisUpdate> = None;
    while !latest.as_ref().is_some_and(AnalysisUpdate::is_final) {
        let next = tokio::select! {
            event = events.next() => event,
            () = &mut deadline => None,
        };
        let Some((_, event)) = next else {
            // Not ended in time (or the relay stopped early): how far it got.
            let progress = latest.as_ref().map(AnalysisUpdate::progress);
            return Ok(Awaited::Running {
                progress: progress.map(|(percent, _)| percent.into()),
                message: progress.map(|(_, message)| message.to_owned()),
            });
        };
        latest = Some(event);
    }
    // It ended: failed (an error the caller hears), cancelled or complete.
    if let Some(AnalysisUpdate::Error { error, .. }) = &latest
        && error.code != ErrorCode::Cancelled.as_str()
    {
        return Err(ApiError::new(
            ErrorCode::from_wire(&error.code).unwrap_or(ErrorCode::JobFailed),
            error.message.clone(),
        ));
    }
    Ok(Awaited::Ended)
}

/// Counts how a photo's analysis came out for the person, once: when they first settle
/// its foods, by confirming them or by saving a meal of them, whichever comes first.
/// `before` is the image as it was before this request; `corrections` what they sent
/// (`{foods: [...]}`), none for the foods as offered. Answered as offered, or corrected
/// (another food, one more or fewer, other grams).
pub fn count_settled(before: &UploadedImage, corrections: Option<&Value>) {
    if before.confirmed || before.meal_id.is_some() {
        return;
    }
    let outcome = if confirmed_with_changes(before, corrections) {
        "corrected"
    } else {
        "answered"
    };
    metrics::counter!("analysis_outcomes_total", "outcome" => outcome).increment(1);
}

/// Keeps with a confirmed photo what it shows, for the next photo that looks the same:
/// the foods the user says it shows, else the recognised foods the user was not asked
/// about, only foods the user may see.
pub async fn remember(
    state: &AppState,
    owner: UserId,
    image: &UploadedImage,
    corrections: Option<&Value>,
) -> Result<(), ApiError> {
    let lines = foods_to_remember(image, corrections);
    let ids: Vec<i64> = lines.iter().map(|(id, _)| *id).collect();
    let foods = state.stores.foods.get_many(&ids).await?;
    let remembered = ConfirmedFood::visible(&lines, &foods, owner);
    if !remembered.is_empty() {
        let remembered = serde_json::to_value(&remembered).map_err(ApiError::internal)?;
        state
            .stores
            .images
            .remember(owner, image.id, &remembered)
            .await?;
    }
    Ok(())
}

/// The image's analysis after event `after`: 204 when the client has its final event.
pub fn relay(state: &AppState, image: UploadedImage, after: i64) -> Result<Response, ApiError> {
    if image.analysis_seq == 0 {
        return Err(ApiError::new(
            ErrorCode::AnalysisNotStarted,
            "This photo has not been analysed yet",
        ));
    }
    if image.analysis_job.is_none() && after >= image.analysis_seq {
        // 204 tells an EventSource to stop reconnecting.
        return Ok(StatusCode::NO_CONTENT.into_response());
    }
    Ok(sse(follow(state.clone(), image, after), state.stopped()).into_response())
}

/// The events of the image's analysis numbered after `after`, then each new one as it is
/// recorded, until the final one (`complete` or `error`). Ends early when the receiver
/// goes away or the server stops: nothing else changes then.
pub fn follow(
    state: AppState,
    image: UploadedImage,
    after: i64,
) -> impl Stream<Item = WireEvent> + Send + 'static {
    let (tx, rx) = tokio::sync::mpsc::channel::<WireEvent>(8);
    tokio::spawn(async move {
        let mut relay = Relay {
            state,
            image,
            last: after,
            heard: tokio::time::Instant::now(),
            sent: false,
            tx,
        };
        if let Err(e) = relay.run().await {
            tracing::warn!(error = %e.message, "an analysis stream stopped");
        }
    });
    tokio_stream::wrappers::ReceiverStream::new(rx)
}

struct Relay {
    state: AppState,
    image: UploadedImage,
    /// The number of the last event sent.
    last: i64,
    /// When the last one was.
    heard: tokio::time::Instant,
    /// Whether it sent any: a relay follows one analysis, and ends at the next's start.
    sent: bool,
    tx: tokio::sync::mpsc::Sender<WireEvent>,
}

/// Whether the relay goes on.
enum Next {
    More,
    Done,
}

impl Relay {
    async fn run(&mut self) -> Result<(), ApiError> {
        // Subscribe before reading the store: whatever is recorded after the read is then
        // already on its way here.
        let mut bus = self.state.jobs.bus().subscribe();
        if let Next::Done = self.catch_up().await? {
            return Ok(());
        }
        let mut resync = tokio::time::interval(RESYNC_EVERY);
        resync.tick().await;
        let stopped = self.state.stopped();
        tokio::pin!(stopped);
        loop {
            let next = tokio::select! {
                message = bus.recv() => match message {
                    Ok(BusMessage::Analysis { image_id, event }) if image_id == self.image.id => {
                        if event.seq == self.last + 1 {
                            self.send(event).await?
                        } else if event.seq > self.last {
                            // One went missing on the way: the store has it.
                            self.catch_up().await?
                        } else {
                            Next::More
                        }
                    }
                    Ok(_) => Next::More,
                    Err(RecvError::Lagged(_)) => self.catch_up().await?,
                    Err(RecvError::Closed) => return Ok(()),
                },
                _ = resync.tick() => match self.catch_up().await? {
                    Next::More if self.heard.elapsed() >= QUIET_FOR => self.reap().await?,
                    next => next,
                },
                () = self.tx.closed() => return Ok(()),
                () = &mut stopped => return Ok(()),
            };
            if let Next::Done = next {
                return Ok(());
            }
        }
    }

    /// Sends what the store has after the last event sent.
    async fn catch_up(&mut self) -> Result<Next, ApiError> {
        let events = self
            .state
            .stores
            .images
            .analysis_events(self.image.id, self.last)
            .await?;
        for event in events {
            if let Next::Done = self.send(event).await? {
                return Ok(Next::Done);
            }
        }
        Ok(Next::More)
    }

    async fn send(&mut self, event: AnalysisEvent) -> Result<Next, ApiError> {
        // The analysis followed was cancelled and another began (this relay lagged).
        if self.sent && event.step == AnalysisStep::Start {
            return Ok(Next::Done);
        }
        self.sent = true;
        // The stages an event announces are read with it (they are stored before it).
        if matches!(
            event.step,
            AnalysisStep::FoodDetectionComplete
                | AnalysisStep::PortionsEstimated
                | AnalysisStep::Complete
        ) {
            self.image = reread(&self.state, self.image.owner, self.image.id).await?;
        }
        self.last = event.seq;
        self.heard = tokio::time::Instant::now();
        let wire = event.to_wire(&self.image);
        if self.tx.send((event.seq, wire)).await.is_err() || event.is_final() {
            return Ok(Next::Done);
        }
        Ok(Next::More)
    }

    /// An analysis whose stage job ended without moving it on (its worker could not
    /// record why) would be followed for ever: it is ended as failed.
    async fn reap(&mut self) -> Result<Next, ApiError> {
        let image = reread(&self.state, self.image.owner, self.image.id).await?;
        let Some(job) = image.analysis_job else {
            return Ok(Next::More);
        };
        if stage_alive(&self.state, job).await? {
            return Ok(Next::More);
        }
        // Read after the job: a stage that failed ends its analysis before its job.
        let now = reread(&self.state, self.image.owner, self.image.id).await?;
        if now.analysis_job == Some(job) {
            let failed = AnalysisEvent::failed(
                "Image analysis failed; please try again",
                ErrorCode::JobFailed.as_str(),
            );
            end(&self.state, now.id, job, &failed).await?;
            tracing::warn!(image = now.id, %job, "an analysis whose stage ended without it was ended");
        }
        self.catch_up().await
    }
}
