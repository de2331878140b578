//! The food search index: held in memory by every API process, built from the store at
//! start-up and kept current as foods change. The store stays the source of truth; the
//! index answers only "which food ids, best first".
//!
//! What it does for a query:
//! - Latin words match exactly, as prefixes ("banan") and with a typo or two ("brocoli");
//! - Chinese is matched by characters and character pairs (米饭, 鸡蛋, 饭), and pinyin with
//!   or without tones or spaces ("mifan", "mi fan", "mǐfàn");
//! - a food has its English and Chinese names, so "rice" finds 米饭 and 米饭 finds rice;
//! - the plain food ranks first: the built-in catalogue before generic before branded
//!   foods, and a name whose head the query covers before a longer one ("banana" before
//!   "banana bread");
//! - a user sees their own custom foods only, and foods from their history rank higher.

use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};

use arc_swap::ArcSwap;

mod segment;
mod text;

pub use text::cooked_said_first;

use segment::{Segment, TopK};

/// Longest query accepted, in characters.
pub const MAX_QUERY_CHARS: usize = 200;
const MAX_TOKENS: usize = 12;

/// What kind of food a document is: it decides who sees it and its standing.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocKind {
    /// Our own bilingual catalogue.
    Catalogue,
    /// A generic (unbranded) food from a public database, such as USDA SR Legacy.
    Generic,
    /// A user's own food or recipe, seen by that user only.
    Custom { owner: i64 },
    /// A branded product (USDA branded, Open Food Facts).
    Branded,
}

/// A stored food as the index sees it. Public-database foods with a brand or a barcode
/// are products; without, they are generic foods.
pub fn doc_of(row: &models::FoodSearchRow) -> FoodDoc {
    use models::FoodSource;
    let kind = match row.source {
        FoodSource::Catalogue => DocKind::Catalogue,
        FoodSource::Custom | FoodSource::Recipe => DocKind::Custom {
            owner: row.owner.map_or(0, |o| o.get()),
        },
        FoodSource::Usda | FoodSource::OpenFoodFacts
            if row.brand.is_none() && row.barcode.is_none() =>
        {
            DocKind::Generic
        }
        FoodSource::Usda | FoodSource::OpenFoodFacts => DocKind::Branded,
    };
    FoodDoc {
        id: row.id,
        name: row.name.clone(),
        name_zh: row.name_zh.clone(),
        pinyin: row.pinyin.clone(),
        brand: row.brand.clone(),
        // "煮鸡蛋" finds "鸡蛋（煮）", as a name said the way people say it.
        aliases: row
            .aliases
            .iter()
            .cloned()
            .chain(row.name_zh.as_deref().and_then(text::cooked_said_first))
            .collect(),
        kind,
    }
}

/// The searchable text of one food.
#[derive(Debug, Clone, PartialEq)]
pub struct FoodDoc {
    pub id: i64,
    pub name: String,
    pub name_zh: Option<String>,
    /// Authored pinyin ("mǐ fàn"); read off the Chinese name when absent.
    pub pinyin: Option<String>,
    pub brand: Option<String>,
    /// Other names people type for it.
    pub aliases: Vec<String>,
    pub kind: DocKind,
}

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Hit {
    pub id: i64,
    pub score: f32,
    /// It matched every word of the query; else it is only the closest there is.
    pub whole: bool,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum QueryError {
    /// Nothing searchable in it (empty, blank or only punctuation).
    Empty,
    TooLong,
}

impl std::fmt::Display for QueryError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            QueryError::Empty => f.write_str("Please enter a search term"),
            QueryError::TooLong => write!(
                f,
                "Search terms can be at most {MAX_QUERY_CHARS} characters"
            ),
        }
    }
}

impl std::error::Error for QueryError {}

#[derive(Debug, Clone, PartialEq)]
pub(crate) struct QueryToken {
    pub text: String,
    /// Latin words may match as prefixes and with typos; Chinese grams match exactly.
    pub latin: bool,
}

/// A parsed query.
#[derive(Debug, Clone, PartialEq)]
pub struct Query {
    pub(crate) tokens: Vec<QueryToken>,
    /// The query whole, as an alias is indexed whole (`text::phrase`).
    pub(crate) phrase: Option<String>,
    pub(crate) cjk_chars: usize,
    pub(crate) latin_letters: usize,
}

impl Query {
    pub fn parse(text: &str) -> Result<Query, QueryError> {
        if text.chars().count() > MAX_QUERY_CHARS {
            return Err(QueryError::TooLong);
        }
        let mut tokens = Vec::new();
        let mut cjk_chars = 0;
        let mut latin_letters = 0;
        for run in spelled_out(text::runs(text)) {
            match run {
                text::Run::Word(w) => {
                    latin_letters += w.len();
                    tokens.push(QueryToken {
                        text: w,
                        latin: true,
                    });
                }
                text::Run::Cjk(chars) => {
                    cjk_chars += chars.len();
                    if chars.len() == 1 {
                        tokens.push(QueryToken {
                            text: chars[0].to_string(),
                            latin: false,
                        });
                    } else {
                        tokens.extend(chars.windows(2).map(|pair| QueryToken {
                            text: pair.iter().collect(),
                            latin: false,
                        }));
                    }
                }
            }
        }
        if tokens.is_empty() {
            return Err(QueryError::Empty);
        }
        tokens.dedup();
        tokens.truncate(MAX_TOKENS);
        Ok(Query {
            tokens,
            phrase: text::phrase(text),
            cjk_chars,
            latin_letters,
        })
    }
}

/// The runs of a query with each stretch of words spelled out (`text::spell_out`).
fn spelled_out(runs: Vec<text::Run>) -> Vec<text::Run> {
    let mut out = Vec::with_capacity(runs.len());
    let mut words = Vec::new();
    for run in runs {
        match run {
            text::Run::Word(w) => words.push(w),
            cjk => {
                out.extend(
                    text::spell_out(std::mem::take(&mut words))
                        .into_iter()
                        .map(text::Run::Word),
                );
                out.push(cjk);
            }
        }
    }
    out.extend(text::spell_out(words).into_iter().map(text::Run::Word));
    out
}

/// A fixed-size set of segment positions (foods replaced since the segment was built).
#[derive(Debug, Clone)]
pub(crate) struct Bitset(Vec<u64>);

impl Bitset {
    fn new(len: usize) -> Self {
        Bitset(vec![0; len.div_ceil(64)])
    }
    fn insert(&mut self, p: u32) {
        self.0[p as usize / 64] |= 1 << (p % 64);
    }
    fn count(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }
    pub(crate) fn contains(&self, p: u32) -> bool {
        self.0[p as usize / 64] & (1 << (p % 64)) != 0
    }
}

struct Main {
    segment: Arc<Segment>,
    removed: Option<Arc<Bitset>>,
}

/// What searches read: immutable, swapped whole on every change.
struct Snapshot {
    mains: Vec<Main>,
    delta: Option<Arc<Segment>>,
}

impl Snapshot {
    fn search(
        &self,
        query: &Query,
        user: Option<i64>,
        boosted: &[i64],
        typos: bool,
        relaxed: bool,
        top: &mut TopK,
    ) {
        for main in &self.mains {
            if let Some(prepared) = main.segment.prepare(query, typos, relaxed) {
                main.segment
                    .search(&prepared, user, boosted, main.removed.as_deref(), top);
            }
        }
        if let Some(delta) = &self.delta
            && let Some(prepared) = delta.prepare(query, typos, relaxed)
        {
            delta.search(&prepared, user, boosted, None, top);
        }
    }
}

/// Foods added or changed since the main segments were built. Rebuilt on each change,
/// so it should stay small: rebuild the whole index when it grows (see `delta_len`).
#[derive(Default)]
struct Delta {
    docs: BTreeMap<i64, FoodDoc>,
}

/// Size figures for the benchmark report and the health endpoint.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IndexStats {
    pub foods: usize,
    pub recent_foods: usize,
    pub heap_bytes: usize,
}

pub struct SearchIndex {
    snapshot: ArcSwap<Snapshot>,
    delta: Mutex<Delta>,
    /// The English words of the main segments' foods, sorted: marked in each rebuilt
    /// delta too.
    english: Vec<String>,
}

impl std::fmt::Debug for SearchIndex {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("SearchIndex")
            .field("stats", &self.stats())
            .finish()
    }
}

/// Builds an index from foods added one at a time (a page of the store at a time):
/// each is reduced to term ordinals as it comes, so the builder holds neither the foods'
/// text nor their terms as strings.
#[derive(Default)]
pub struct IndexBuilder {
    latin: segment::SegmentBuilder,
    chinese: segment::SegmentBuilder,
}

impl IndexBuilder {
    pub fn add(&mut self, doc: &FoodDoc) {
        if segment::is_chinese(doc) {
            self.chinese.add(doc);
        } else {
            self.latin.add(doc);
        }
    }

    pub fn len(&self) -> usize {
        self.latin.len() + self.chinese.len()
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Chinese foods and the rest are laid out in separate segments (finished on two
    /// threads), each in its own best-first order.
    pub fn finish(self) -> SearchIndex {
        let IndexBuilder { latin, chinese } = self;
        let mut segments = std::thread::scope(|s| {
            let latin = s.spawn(|| latin.finish());
            let chinese = chinese.finish();
            [latin.join().expect("index build panicked"), chinese]
        });
        let mut english: Vec<String> = segments.iter().flat_map(Segment::english_words).collect();
        english.sort_unstable();
        english.dedup();
        for segment in &mut segments {
            segment.mark_english(&english);
        }
        SearchIndex::of_segments(segments, english)
    }
}

impl Default for SearchIndex {
    fn default() -> Self {
        SearchIndex::build(Vec::new())
    }
}

impl SearchIndex {
    /// Builds the index of `docs`. Chinese foods and the rest are laid out in separate
    /// segments (built on two threads), each in its own best-first order.
    pub fn build(docs: Vec<FoodDoc>) -> SearchIndex {
        let mut builder = IndexBuilder::default();
        for doc in &docs {
            builder.add(doc);
        }
        drop(docs);
        builder.finish()
    }

    fn of_segments(segments: [Segment; 2], english: Vec<String>) -> SearchIndex {
        let mains = segments
            .into_iter()
            .filter(|s| s.len() > 0)
            .map(|s| Main {
                segment: Arc::new(s),
                removed: None,
            })
            .collect();
        SearchIndex {
            snapshot: ArcSwap::from_pointee(Snapshot { mains, delta: None }),
            delta: Mutex::new(Delta::default()),
            english,
        }
    }

    /// The best `limit` foods for `query` that `user` may see; `boosted` are foods from
    /// the user's history.
    pub fn search(
        &self,
        query: &Query,
        user: Option<i64>,
        boosted: &[i64],
        limit: usize,
    ) -> Vec<Hit> {
        let snapshot = self.snapshot.load();
        // Typo matches only when exact words and prefixes leave room, or find only
        // branded foods: "brocoli" finds broccoli, but "mifan" does not drag in "mian".
        let mut top = TopK::new(limit.max(1));
        snapshot.search(query, user, boosted, false, false, &mut top);
        let typos_possible = query
            .tokens
            .iter()
            .any(|t| t.latin && t.text.len() >= segment::TYPO_MIN_LEN);
        if typos_possible && !top.satisfied() {
            top = TopK::new(limit.max(1));
            snapshot.search(query, user, boosted, true, false, &mut top);
        }
        // No food has every word ("red-braised pork belly recipe" where only pork belly is
        // known): the closest foods, marked as not whole, rather than nothing.
        if top.is_empty() && query.tokens.len() > 1 {
            snapshot.search(query, user, boosted, typos_possible, true, &mut top);
        }
        top.into_hits()
    }

    /// Adds foods, or replaces the indexed version of foods already in.
    pub fn upsert(&self, docs: impl IntoIterator<Item = FoodDoc>) {
        let docs: Vec<FoodDoc> = docs.into_iter().collect();
        if docs.is_empty() {
            return;
        }
        let ids: Vec<i64> = docs.iter().map(|d| d.id).collect();
        let mut delta = self.delta.lock().unwrap_or_else(|e| e.into_inner());
        for doc in docs {
            delta.docs.insert(doc.id, doc);
        }
        self.publish(&delta, &ids);
    }

    /// Drops foods (deleted, or no longer searchable).
    pub fn remove(&self, ids: &[i64]) {
        let mut delta = self.delta.lock().unwrap_or_else(|e| e.into_inner());
        for id in ids {
            delta.docs.remove(id);
        }
        self.publish(&delta, ids);
    }

    /// Foods held outside the main segments; a large number makes updates slower.
    pub fn delta_len(&self) -> usize {
        self.delta.lock().map(|d| d.docs.len()).unwrap_or(0)
    }

    pub fn stats(&self) -> IndexStats {
        let snapshot = self.snapshot.load();
        let delta = snapshot.delta.as_ref();
        IndexStats {
            foods: snapshot
                .mains
                .iter()
                .map(|m| m.segment.len() - m.removed.as_ref().map_or(0, |r| r.count()))
                .sum::<usize>()
                + delta.map_or(0, |d| d.len()),
            recent_foods: delta.map_or(0, |d| d.len()),
            heap_bytes: snapshot
                .mains
                .iter()
                .map(|m| m.segment.heap_bytes())
                .sum::<usize>()
                + delta.map_or(0, |d| d.heap_bytes())
                + self
                    .english
                    .iter()
                    .map(|w| w.capacity() + 24)
                    .sum::<usize>(),
        }
    }

    /// Whether a food id is indexed (and not removed).
    pub fn contains(&self, id: i64) -> bool {
        let snapshot = self.snapshot.load();
        snapshot.mains.iter().any(|m| {
            m.segment
                .position_of(id)
                .is_some_and(|p| m.removed.as_ref().is_none_or(|r| !r.contains(p)))
        }) || snapshot
            .delta
            .as_ref()
            .is_some_and(|d| d.position_of(id).is_some())
    }

    /// Every indexed food id (for checks and rebuild decisions).
    pub fn ids(&self) -> Vec<i64> {
        let snapshot = self.snapshot.load();
        let mut ids = Vec::new();
        for m in &snapshot.mains {
            for (p, id) in m.segment.ids().enumerate() {
                if m.removed.as_ref().is_none_or(|r| !r.contains(p as u32)) {
                    ids.push(id);
                }
            }
        }
        if let Some(d) = &snapshot.delta {
            ids.extend(d.ids());
        }
        ids
    }

    /// Marks `changed` as replaced in the main segments and swaps in a rebuilt delta.
    fn publish(&self, delta: &Delta, changed: &[i64]) {
        let current = self.snapshot.load();
        let mains = current
            .mains
            .iter()
            .map(|m| {
                let mut removed = m.removed.clone();
                for id in changed {
                    if let Some(p) = m.segment.position_of(*id) {
                        Arc::make_mut(
                            removed.get_or_insert_with(|| Arc::new(Bitset::new(m.segment.len()))),
                        )
                        .insert(p);
                    }
                }
                Main {
                    segment: m.segment.clone(),
                    removed,
                }
            })
            .collect();
        let docs: Vec<FoodDoc> = delta.docs.values().cloned().collect();
        let delta = (!docs.is_empty()).then(|| {
            let mut segment = Segment::build(&docs);
            segment.mark_english(&self.english);
            Arc::new(segment)
        });
        self.snapshot.store(Arc::new(Snapshot { mains, delta }));
    }
}

#[cfg(test)]
mod tests;
