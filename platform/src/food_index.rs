//! The food search index of a process, kept in step with the store: built from it at
//! start-up (the API) or on first need (a worker that names foods), then caught up from
//! each food's `changed_ms` whenever a process announces a change on the bus (and every
//! few seconds in case an announcement was lost). A process that writes a food puts it
//! in its own index at once (`apply`).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use jobs::{BusMessage, Jobs};
use models::{Food, FoodSearchRow, UserId};
use search::{IndexBuilder, IndexStats, SearchIndex, doc_of};
use store::FoodStore;

/// How far back each catch-up looks again: a write that committed late (its
/// `changed_ms` is taken before its commit) is still seen.
const OVERLAP_MS: i64 = 10_000;
const RESYNC: Duration = Duration::from_secs(5);
/// Foods read from the store at a time while the index is built: a page's rows are held
/// three times over (the database's, the store's and the index's) beside the builder, so
/// a small page keeps them a small part of the start-up's memory.
const PAGE: i64 = 10_000;
/// Past this many foods outside the main segments, each change gets slow: rebuild.
const REBUILD_AFTER: usize = 50_000;

#[derive(Debug)]
pub struct FoodIndex {
    index: arc_swap::ArcSwap<SearchIndex>,
    store: Arc<dyn FoodStore>,
    caught_up: Mutex<CatchUp>,
    build: Mutex<Option<BuildReport>>,
}

#[derive(Debug, Default)]
struct CatchUp {
    /// Changes are read from here on.
    since_ms: i64,
    /// Versions already applied inside the overlap window (id -> changed_ms).
    applied: HashMap<i64, i64>,
}

/// How long the last full build took, for health and the benchmark report.
#[derive(Debug, Clone, Copy, serde::Serialize)]
pub struct BuildReport {
    pub foods: usize,
    /// Reading the foods and reducing each to its terms, page by page.
    pub load_ms: u128,
    /// Laying the segments out and building their dictionaries and postings.
    pub build_ms: u128,
}

impl FoodIndex {
    /// Loads every live food and builds the index.
    pub async fn load(store: Arc<dyn FoodStore>) -> anyhow::Result<FoodIndex> {
        let this = FoodIndex {
            index: arc_swap::ArcSwap::from_pointee(SearchIndex::default()),
            store,
            caught_up: Mutex::new(CatchUp::default()),
            build: Mutex::new(None),
        };
        this.rebuild().await?;
        Ok(this)
    }

    pub fn index(&self) -> arc_swap::Guard<Arc<SearchIndex>> {
        self.index.load()
    }

    pub fn stats(&self) -> (IndexStats, Option<BuildReport>) {
        (
            self.index.load().stats(),
            *self.build.lock().unwrap_or_else(|e| e.into_inner()),
        )
    }

    /// Builds a fresh index from the store and swaps it in.
    pub async fn rebuild(&self) -> anyhow::Result<()> {
        let started = Instant::now();
        let since_ms = chrono::Utc::now().timestamp_millis() - OVERLAP_MS;
        // Each page of foods goes into the builder as it comes, which keeps their terms
        // as ordinals: the foods' text is never all in memory at once.
        let mut builder = IndexBuilder::default();
        // Foods changed inside the overlap window are in the build already: the next
        // catch-up must not apply them again (into the delta, where they would rank
        // after equal foods of the main segments).
        let mut applied = HashMap::new();
        let mut after = 0;
        loop {
            let page = self.store.search_rows(after, PAGE).await?;
            let Some(last) = page.last() else { break };
            after = last.id;
            applied.extend(
                page.iter()
                    .filter(|r| r.changed_ms >= since_ms)
                    .map(|r| (r.id, r.changed_ms)),
            );
            builder = tokio::task::spawn_blocking(move || {
                for row in &page {
                    builder.add(&doc_of(row));
                }
                builder
            })
            .await?;
        }
        let loaded = started.elapsed();
        let foods = builder.len();
        let index = tokio::task::spawn_blocking(move || builder.finish()).await?;
        let report = BuildReport {
            foods,
            load_ms: loaded.as_millis(),
            build_ms: (started.elapsed() - loaded).as_millis(),
        };
        tracing::info!(
            foods,
            load_ms = report.load_ms,
            build_ms = report.build_ms,
            heap_mib = index.stats().heap_bytes >> 20,
            "food search index built"
        );
        self.index.store(Arc::new(index));
        *self.build.lock().unwrap_or_else(|e| e.into_inner()) = Some(report);
        *self.caught_up.lock().unwrap_or_else(|e| e.into_inner()) = CatchUp { since_ms, applied };
        Ok(())
    }

    /// Applies foods this process just changed, so the writer sees them at once.
    pub fn apply(&self, rows: &[FoodSearchRow]) {
        let index = self.index.load();
        let (gone, live): (Vec<&FoodSearchRow>, Vec<&FoodSearchRow>) =
            rows.iter().partition(|r| r.deleted);
        if !gone.is_empty() {
            index.remove(&gone.iter().map(|r| r.id).collect::<Vec<_>>());
        }
        index.upsert(live.into_iter().map(doc_of));
        let mut caught_up = self.caught_up.lock().unwrap_or_else(|e| e.into_inner());
        for r in rows {
            caught_up.applied.insert(r.id, r.changed_ms);
        }
    }

    /// Reads what changed since the last catch-up and applies what is new.
    pub async fn catch_up(&self) -> anyhow::Result<usize> {
        let since = self
            .caught_up
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .since_ms;
        let rows = self.store.changed_since(since).await?;
        let fresh: Vec<FoodSearchRow> = {
            let mut caught_up = self.caught_up.lock().unwrap_or_else(|e| e.into_inner());
            let newest = rows.iter().map(|r| r.changed_ms).max().unwrap_or(since);
            let fresh = rows
                .into_iter()
                .filter(|r| caught_up.applied.get(&r.id) != Some(&r.changed_ms))
                .collect();
            // Move the window forward, keeping the overlap, and forget what fell out of it.
            let next = (newest - OVERLAP_MS).max(since);
            caught_up.since_ms = next;
            caught_up.applied.retain(|_, changed| *changed >= next);
            fresh
        };
        if fresh.is_empty() {
            return Ok(0);
        }
        let n = fresh.len();
        if self.index.load().delta_len() + n > REBUILD_AFTER {
            self.rebuild().await?;
        } else {
            self.apply(&fresh);
        }
        Ok(n)
    }

    /// Keeps the index current until the process stops.
    pub fn spawn_sync(
        self: &Arc<Self>,
        jobs: &Jobs,
        stopped: impl Future<Output = ()> + Send + 'static,
    ) {
        let this = self.clone();
        let jobs = jobs.clone();
        let mut bus = jobs.bus().subscribe();
        tokio::spawn(async move {
            let mut tick = tokio::time::interval(RESYNC);
            tokio::pin!(stopped);
            loop {
                tokio::select! {
                    () = &mut stopped => break,
                    _ = tick.tick() => {}
                    message = bus.recv() => match message {
                        Ok(BusMessage::FoodsChanged) | Err(tokio::sync::broadcast::error::RecvError::Lagged(_)) => {}
                        Ok(_) => continue,
                        Err(tokio::sync::broadcast::error::RecvError::Closed) => {
                            bus = jobs.bus().subscribe();
                            continue;
                        }
                    },
                }
                if let Err(e) = this.catch_up().await {
                    tracing::warn!(error = %e, "food search index could not catch up; retrying");
                }
            }
        });
    }

    /// Tells every process (this one included) that foods changed.
    pub async fn announce(jobs: &Jobs) {
        if let Err(e) = jobs.bus().publish(BusMessage::FoodsChanged).await {
            tracing::debug!(error = %e, "could not announce a food change; the periodic catch-up will");
        }
    }

    /// The stored food a name stands for, as `viewer` may see it: what the search puts
    /// first ("rice" is the plain rice, "mifan" and "米饭" too).
    pub fn food_named(&self, name: &str, viewer: UserId) -> Option<i64> {
        let query = search::Query::parse(name).ok()?;
        let hits = self.index().search(&query, Some(viewer.get()), &[], 1);
        hits.first().map(|h| h.id)
    }
}

/// The index row of a food just written, for this process's index.
pub fn search_row(food: &Food, deleted: bool) -> FoodSearchRow {
    FoodSearchRow {
        id: food.id,
        source: food.source(),
        owner: food.food.owner,
        name: food.food.name.clone(),
        name_zh: food.food.name_zh.clone(),
        pinyin: food.food.pinyin.clone(),
        brand: food.food.brand.clone(),
        barcode: food.food.barcode.clone(),
        aliases: food.food.aliases.clone(),
        deleted,
        changed_ms: food.updated_at.timestamp_millis(),
    }
}
