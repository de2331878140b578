//! One immutable piece of the index: a term dictionary (an FST), posting lists in
//! document order, and per-document terms and measures for scoring.
//!
//! Documents are laid out best-first (built-in foods, then generic, then branded; short
//! names before long ones), so a query can stop scanning once nothing further down
//! could beat the results it already holds.
//!
//! Long on purpose: the order the builder lays documents out in and the scan that stops
//! early because of that order are one invariant; they are kept side by side so neither
//! can change without the other.

use std::cmp::Reverse;
use std::collections::{BinaryHeap, HashMap};

use fst::{IntoStreamer, Map, MapBuilder, Streamer};

use crate::text::{self, Run};
use crate::{DocKind, FoodDoc};

/// Where in a food a term was found.
pub(crate) const NAME: u32 = 1;
pub(crate) const CHINESE: u32 = 2;
pub(crate) const PINYIN: u32 = 4;
pub(crate) const BRAND: u32 = 8;
/// A name word before the first comma or parenthesis: what the food is, not a qualifier.
pub(crate) const HEAD: u32 = 16;
/// Another name people type for the food (西红柿炒鸡蛋 for 番茄炒蛋): it finds the food as its
/// names do, but how much of the food's name a query covers is measured on its own names.
pub(crate) const ALIAS: u32 = 32;
const FIELD_BITS: u32 = 6;
const NO_TERM: u32 = u32::MAX;
/// Shorter words are matched exactly or as prefixes only.
pub(crate) const TYPO_MIN_LEN: usize = 4;

/// Scoring weights. A query-independent part (the source tier) and the match itself.
const MATCH: f32 = 100.0;
const COVERAGE: f32 = 60.0;
const FIRST_WORD: f32 = 15.0;
/// The food's own name holds the whole query as typed (兰州牛肉面 for 牛肉面): above foods
/// that match only part of it there (刀削面, known also as 刀削牛肉面).
const WHOLE_NAME: f32 = 40.0;
/// A word matched as typed, or as its plural or singular.
const AS_TYPED: f32 = 0.95;
pub(crate) const HISTORY: f32 = 60.0;
/// Matches below this quality are typos; a food that needs one ranks this much lower.
const TYPO_QUALITY: f32 = 0.56;
const TYPO_PENALTY: f32 = 60.0;
/// A one-word query that is some food's English word, matched by another food's pinyin
/// only ("sushi" is 素食's pinyin and the English of 寿司): it counts this much of a match,
/// so it never beats a food whose English name or alias spells the word.
const PINYIN_COLLISION: f32 = 0.5;

#[derive(Debug, Clone, Copy)]
struct DocMeta {
    first_en: u32,
    first_zh: u32,
    tier: u8,
    /// Words before the first comma: "Rice, white, cooked" is a rice (1), "Rice cake" a
    /// cake (2). The plain food is the one whose head the query covers.
    head_words: u8,
    total_words: u8,
    zh_chars: u8,
    pinyin_len: u8,
    custom: bool,
}

fn tier_bonus(kind: &DocKind) -> u8 {
    match kind {
        DocKind::Catalogue => 60,
        DocKind::Custom { .. } => 50,
        DocKind::Generic => 40,
        DocKind::Branded => 0,
    }
}

struct Analysed {
    id: i64,
    owner: Option<i64>,
    terms: Vec<(String, u32)>,
    /// The Latin words of its English name, outside parentheses, that are not also its
    /// pinyin.
    english: Vec<String>,
    first_en: Option<String>,
    first_zh: Option<String>,
    meta: DocMeta,
    name_len: usize,
}

fn clamp_u8(n: usize) -> u8 {
    n.min(u8::MAX as usize) as u8
}

fn analyse(doc: &FoodDoc) -> Analysed {
    let mut terms: Vec<(String, u32)> = Vec::new();
    let mut first_en = None;
    let mut first_zh = None;
    let mut zh_chars = 0usize;
    let mut chinese = String::new();
    let mut grams = Vec::new();
    let mut total_words = 0usize;
    // "Rice, white, cooked" is a rice and "Cola (Coke)" a cola; "番茄（西红柿）" is a 番茄.
    let head_text = |name: &str| {
        name.split([',', '，', '(', '（'])
            .next()
            .unwrap_or_default()
            .to_owned()
    };
    let head: Vec<String> = text::words(&head_text(&doc.name)).collect();

    let mut add_chinese = |chars: &[char], terms: &mut Vec<(String, u32)>| {
        grams.clear();
        text::cjk_grams(chars, &mut grams);
        terms.extend(grams.drain(..).map(|g| (g, CHINESE)));
        chinese.extend(chars.iter());
    };

    for run in text::runs(&doc.name) {
        match run {
            Run::Word(w) => {
                total_words += 1;
                if first_en.is_none() {
                    first_en = Some(w.clone());
                }
                let field = if head.contains(&w) { NAME | HEAD } else { NAME };
                // "Strawberries" is found by "strawberry" too.
                if let Some(one) = text::singular(&w) {
                    terms.push((one, field));
                }
                terms.push((w, field));
            }
            Run::Cjk(chars) => {
                if first_zh.is_none() {
                    first_zh = Some(first_gram(&chars));
                }
                zh_chars += chars.len();
                add_chinese(&chars, &mut terms);
            }
        }
    }
    let head_words = head.len();
    let mut zh_head_chars = None;
    if let Some(zh) = &doc.name_zh {
        let mut zh_here = 0;
        for run in text::runs(zh) {
            match run {
                Run::Word(w) => terms.push((w, CHINESE)),
                Run::Cjk(chars) => {
                    if first_zh.is_none() || zh_here == 0 {
                        first_zh = Some(first_gram(&chars));
                    }
                    zh_here += chars.len();
                    add_chinese(&chars, &mut terms);
                }
            }
        }
        if zh_here > 0 {
            zh_chars = zh_here;
            let head = head_text(zh).chars().filter(|c| text::is_cjk(*c)).count();
            if head > 0 && head < zh_here {
                zh_head_chars = Some(head);
            }
        }
    }
    let mut pinyin_len = 0;
    if !chinese.is_empty() || doc.pinyin.is_some() {
        let syllables = text::pinyin_syllables(doc.pinyin.as_deref(), &chinese);
        // One syllable a character: the head's pinyin is as long as its first syllables.
        let spoken = match zh_head_chars {
            Some(head) if syllables.len() == zh_chars => head,
            _ => syllables.len(),
        };
        pinyin_len = syllables.iter().take(spoken).map(String::len).sum();
        for pair in syllables.windows(2) {
            terms.push((pair.concat(), PINYIN));
        }
        if syllables.len() > 2 {
            terms.push((syllables.concat(), PINYIN));
        }
        terms.extend(syllables.into_iter().map(|s| (s, PINYIN)));
    }
    if let Some(head) = zh_head_chars {
        zh_chars = head;
    }
    if let Some(brand) = &doc.brand {
        terms.extend(text::words(brand).map(|w| (w, BRAND)));
    }
    // Other names people type (西红柿炒鸡蛋 for 番茄炒蛋) find the food as its names do;
    // the measures that rank it stay those of its own name.
    for alias in &doc.aliases {
        if let Some(phrase) = text::phrase(alias) {
            terms.push((phrase, ALIAS));
        }
        for run in text::runs(alias) {
            match run {
                Run::Word(w) => {
                    if let Some(one) = text::singular(&w) {
                        terms.push((one, ALIAS));
                    }
                    terms.push((w, ALIAS));
                }
                Run::Cjk(chars) => {
                    let mut alias_grams = Vec::new();
                    text::cjk_grams(&chars, &mut alias_grams);
                    terms.extend(alias_grams.into_iter().map(|g| (g, ALIAS)));
                    let chinese: String = chars.iter().collect();
                    let syllables = text::pinyin_syllables(None, &chinese);
                    if syllables.len() > 1 {
                        terms.push((syllables.concat(), ALIAS));
                    }
                }
            }
        }
    }
    // One entry per term, with every field it appears in.
    terms.sort_unstable();
    let mut merged: Vec<(String, u32)> = Vec::with_capacity(terms.len());
    for (term, field) in terms {
        match merged.last_mut() {
            Some((last, fields)) if *last == term => *fields |= field,
            _ => merged.push((term, field)),
        }
    }
    // The English words of its name: outside parentheses, which often hold pinyin or
    // another name ("Tofu pudding (douhua)"), and not its own pinyin ("Jiaozi" of 饺子).
    let mut latin: Vec<String> = text::words(&outside_parentheses(&doc.name))
        .flat_map(|w| [text::singular(&w), Some(w)])
        .flatten()
        .collect();
    latin.sort_unstable();
    latin.dedup();
    latin.retain(|w| {
        merged
            .binary_search_by(|(t, _)| t.as_str().cmp(w))
            .is_ok_and(|i| merged[i].1 & PINYIN == 0)
    });
    Analysed {
        id: doc.id,
        owner: match doc.kind {
            DocKind::Custom { owner } => Some(owner),
            _ => None,
        },
        terms: merged,
        english: latin,
        first_en,
        first_zh,
        meta: DocMeta {
            first_en: NO_TERM,
            first_zh: NO_TERM,
            tier: tier_bonus(&doc.kind),
            head_words: clamp_u8(head_words.max(usize::from(total_words > 0))),
            total_words: clamp_u8(total_words),
            zh_chars: clamp_u8(zh_chars),
            pinyin_len: clamp_u8(pinyin_len),
            custom: matches!(doc.kind, DocKind::Custom { .. }),
        },
        name_len: doc.name.len(),
    }
}

/// The text with every parenthesised part left out.
fn outside_parentheses(name: &str) -> String {
    let mut depth = 0u32;
    let mut kept = String::with_capacity(name.len());
    for c in name.chars() {
        match c {
            '(' | '（' => depth += 1,
            ')' | '）' => depth = depth.saturating_sub(1),
            _ if depth == 0 => kept.push(c),
            _ => kept.push(' '),
        }
    }
    kept
}

fn first_gram(chars: &[char]) -> String {
    chars.iter().take(2).collect()
}

/// Whether a food carries Chinese (and so pinyin) text: such foods live in their own
/// segment, where the English-length ordering does not bound their scores.
pub(crate) fn is_chinese(doc: &FoodDoc) -> bool {
    doc.pinyin.is_some()
        || doc
            .name_zh
            .as_deref()
            .is_some_and(|z| z.chars().any(text::is_cjk))
        || doc.name.chars().any(text::is_cjk)
}

pub(crate) struct Segment {
    terms: Map<Vec<u8>>,
    posting_offsets: Vec<u32>,
    postings: Vec<u32>,
    /// Per position: where its terms are in `doc_terms`.
    doc_term_ranges: Vec<(u32, u32)>,
    /// Every document's terms as `(term ordinal << FIELD_BITS) | fields`, each document's
    /// sorted, in the order documents were added (not their positions: the builder's
    /// array is kept as it is rather than copied into position order).
    doc_terms: Vec<u32>,
    ids: Vec<i64>,
    /// `(food id, position)`, sorted by id.
    by_id: Vec<(i64, u32)>,
    meta: Vec<DocMeta>,
    /// `(position, owner)` of custom foods, sorted by position.
    owners: Vec<(u32, i64)>,
    /// From each position to the end: the highest tier and the shortest names (in Latin
    /// words before a comma, Chinese characters and pinyin letters; 255 for none). They
    /// bound the score any later document could reach, so a scan can stop early.
    suffix: Vec<Suffix>,
    /// The ordinals that are some food's English word (not its pinyin), as bits: a food
    /// that has such a word only as pinyin matches it weakly when it is the whole query
    /// ([`PINYIN_COLLISION`]).
    english: Vec<u64>,
    /// The ordinals that are some food's Chinese or pinyin term, as bits: only they earn
    /// [`WHOLE_NAME`], so a query none of whose words is one cannot, and the scan's bound
    /// leaves that bonus out (an English query stops far sooner).
    in_name: Vec<u64>,
}

#[derive(Debug, Clone, Copy)]
struct Suffix {
    tier: u8,
    head_words: u8,
    zh_chars: u8,
    pinyin_len: u8,
}

/// A query token expanded against one segment's dictionary: term ordinals with the
/// quality of the match (exact 1, prefix, typo), sorted by ordinal.
type Expansion = Vec<(u32, f32)>;

pub(crate) struct Prepared<'q> {
    pub query: &'q crate::Query,
    expansions: Vec<Expansion>,
    driver: usize,
    first: Expansion,
    /// Every word of the query is found here, so a food that matches matches them all
    /// ("红烧肉" is not found whole in 叉烧肉, which matches only 烧肉).
    whole: bool,
    /// A food may miss words of the query (ranked by how many it has): the closest foods
    /// when none has them all.
    relaxed: bool,
    /// The query whole, where it is a food's alias here: that food is called just this.
    phrase: Option<u32>,
    /// The query is one word that is some food's English word ("sushi"): a food that has
    /// that very word only as its pinyin matches it weakly ([`PINYIN_COLLISION`]). Words
    /// together ("mi fan", "hong cha") are read as pinyin as before, as are completions
    /// and typos of the word.
    english: bool,
    /// The most a food here can score for its word matches and bonuses, before its
    /// coverage and tier: what the scan's early stop holds every later food to.
    ceiling: f32,
}

/// A hit as ranked: score bits, earlier found first, food id, tier, whether it matched
/// every word of the query.
type Ranked = (u32, Reverse<u64>, i64, u8, bool);

/// The best hits so far: a min-heap of (score, -rank), bounded to `limit`.
pub(crate) struct TopK {
    limit: usize,
    heap: BinaryHeap<Reverse<Ranked>>,
    rank: u64,
}

impl TopK {
    pub(crate) fn new(limit: usize) -> Self {
        TopK {
            limit,
            heap: BinaryHeap::with_capacity(limit + 1),
            rank: 0,
        }
    }

    fn push(&mut self, score: f32, id: i64, tier: u8, whole: bool) {
        self.rank += 1;
        let entry = Reverse((
            score.max(0.0).to_bits(),
            Reverse(self.rank),
            id,
            tier,
            whole,
        ));
        if self.heap.len() < self.limit {
            self.heap.push(entry);
        } else if let Some(min) = self.heap.peek()
            && entry.0 > min.0
        {
            self.heap.pop();
            self.heap.push(entry);
        }
    }

    fn floor(&self) -> Option<f32> {
        (self.heap.len() >= self.limit)
            .then(|| f32::from_bits(self.heap.peek().map_or(0, |e| e.0.0)))
    }

    /// Whether the results are complete and led by a plain (not branded) food; else a
    /// search with typo matches may find better.
    pub(crate) fn satisfied(&self) -> bool {
        self.heap.len() >= self.limit && self.heap.iter().min().is_some_and(|Reverse(e)| e.3 > 0)
    }

    pub(crate) fn is_empty(&self) -> bool {
        self.heap.is_empty()
    }

    /// Best first; a food found twice (a history boost and the scan) counts once.
    pub(crate) fn into_hits(self) -> Vec<crate::Hit> {
        let mut all: Vec<_> = self.heap.into_iter().map(|Reverse(e)| e).collect();
        all.sort_unstable_by(|a, b| b.cmp(a));
        let mut seen = std::collections::HashSet::new();
        all.into_iter()
            .filter(|(_, _, id, _, _)| seen.insert(*id))
            .map(|(score, _, id, _, whole)| crate::Hit {
                id,
                score: f32::from_bits(score),
                whole,
            })
            .collect()
    }
}

/// One document as the builder keeps it: its terms are ordinals in the builder's
/// dictionary (in `SegmentBuilder::terms`), its text is not kept.
/// Kept small (40 bytes): a million of them are held while the store is read.
struct Pending {
    id: i64,
    terms_start: u32,
    terms_end: u32,
    /// With its first words' ordinals set.
    meta: DocMeta,
    name_len: u32,
}
const _: () = assert!(std::mem::size_of::<Pending>() <= 40);

/// Builds a segment from documents added one at a time. Each is reduced to term
/// ordinals as it comes, so building never holds every document's text and terms as
/// strings at once (loading a million foods peaked above 1 GiB when it did).
#[derive(Default)]
pub(crate) struct SegmentBuilder {
    ordinals: HashMap<Box<str>, u32>,
    /// Every document's terms as `(ordinal << FIELD_BITS) | fields`, each document's
    /// sorted, one after another.
    terms: Vec<u32>,
    docs: Vec<Pending>,
    /// `(food id, owner)` of custom foods, which are few.
    owners: HashMap<i64, i64>,
    /// The ordinals that are some food's English word, as bits.
    english: Vec<u64>,
}

/// Sets `ordinal`'s bit, growing the set as needed.
fn set_bit(bits: &mut Vec<u64>, ordinal: u32) {
    let word = ordinal as usize / 64;
    if bits.len() <= word {
        bits.resize(word + 1, 0);
    }
    bits[word] |= 1 << (ordinal % 64);
}

fn has_bit(bits: &[u64], ordinal: u32) -> bool {
    bits.get(ordinal as usize / 64)
        .is_some_and(|w| w & (1 << (ordinal % 64)) != 0)
}

impl SegmentBuilder {
    pub(crate) fn add(&mut self, doc: &FoodDoc) {
        let analysed = analyse(doc);
        let ordinals = &mut self.ordinals;
        let mut ordinal_of = |term: &str| -> u32 {
            if let Some(&o) = ordinals.get(term) {
                return o;
            }
            let o = ordinals.len() as u32;
            ordinals.insert(term.into(), o);
            o
        };
        let start = self.terms.len();
        for (term, fields) in &analysed.terms {
            let o = ordinal_of(term);
            self.terms.push((o << FIELD_BITS) | fields);
        }
        self.terms[start..].sort_unstable();
        for word in &analysed.english {
            if let Some(&o) = self.ordinals.get(word.as_str()) {
                set_bit(&mut self.english, o);
            }
        }
        let first = |t: &Option<String>| {
            t.as_deref()
                .and_then(|t| self.ordinals.get(t).copied())
                .unwrap_or(NO_TERM)
        };
        if let Some(owner) = analysed.owner {
            self.owners.insert(analysed.id, owner);
        }
        let mut meta = analysed.meta;
        meta.first_en = first(&analysed.first_en);
        meta.first_zh = first(&analysed.first_zh);
        self.docs.push(Pending {
            id: analysed.id,
            terms_start: start as u32,
            terms_end: self.terms.len() as u32,
            meta,
            name_len: analysed.name_len as u32,
        });
    }

    pub(crate) fn len(&self) -> usize {
        self.docs.len()
    }

    /// Lays the documents out best-first and builds the segment.
    pub(crate) fn finish(self) -> Segment {
        let SegmentBuilder {
            ordinals,
            terms: pending_terms,
            mut docs,
            owners: doc_owners,
            mut english,
        } = self;
        english.shrink_to_fit();
        docs.sort_by(|a, b| {
            (
                Reverse(a.meta.tier),
                a.meta.head_words,
                a.meta.total_words,
                a.meta.zh_chars,
                a.name_len,
                a.id,
            )
                .cmp(&(
                    Reverse(b.meta.tier),
                    b.meta.head_words,
                    b.meta.total_words,
                    b.meta.zh_chars,
                    b.name_len,
                    b.id,
                ))
        });

        // The dictionary becomes the FST first: its hash map, the largest part of the
        // builder, is gone before the postings are allocated (a lower peak at start-up).
        let term_count = ordinals.len();
        let mut sorted: Vec<(Box<str>, u32)> = ordinals.into_iter().collect();
        sorted.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut builder = MapBuilder::memory();
        for (term, ordinal) in &sorted {
            builder
                .insert(term.as_bytes(), u64::from(*ordinal))
                .expect("terms are inserted in order");
        }
        drop(sorted);
        let terms = builder.into_map();

        // Postings in position order: count each term's documents, then fill.
        // The same pass marks the terms that are some food's Chinese or pinyin.
        let mut posting_offsets = vec![0u32; term_count + 1];
        let mut in_name = Vec::new();
        for packed in &pending_terms {
            posting_offsets[(packed >> FIELD_BITS) as usize + 1] += 1;
            if packed & (CHINESE | PINYIN) != 0 {
                set_bit(&mut in_name, packed >> FIELD_BITS);
            }
        }
        in_name.shrink_to_fit();
        for i in 1..posting_offsets.len() {
            posting_offsets[i] += posting_offsets[i - 1];
        }
        let mut cursor = posting_offsets.clone();
        let mut postings = vec![0u32; pending_terms.len()];
        let mut doc_term_ranges = Vec::with_capacity(docs.len());
        let mut ids = Vec::with_capacity(docs.len());
        let mut meta = Vec::with_capacity(docs.len());
        let mut owners = Vec::new();
        for (position, doc) in docs.iter().enumerate() {
            let position = position as u32;
            for &packed in &pending_terms[doc.terms_start as usize..doc.terms_end as usize] {
                let o = (packed >> FIELD_BITS) as usize;
                postings[cursor[o] as usize] = position;
                cursor[o] += 1;
            }
            doc_term_ranges.push((doc.terms_start, doc.terms_end));
            meta.push(doc.meta);
            ids.push(doc.id);
            if let Some(&owner) = doc_owners.get(&doc.id) {
                owners.push((position, owner));
            }
        }
        drop(cursor);
        drop(docs);
        // The array grew by doubling; a large one shrinks in place (no copy).
        let mut doc_terms = pending_terms;
        doc_terms.shrink_to_fit();

        let mut by_id: Vec<(i64, u32)> = ids
            .iter()
            .enumerate()
            .map(|(p, id)| (*id, p as u32))
            .collect();
        by_id.sort_unstable();

        let none = |v: u8| if v == 0 { u8::MAX } else { v };
        let mut best = Suffix {
            tier: 0,
            head_words: u8::MAX,
            zh_chars: u8::MAX,
            pinyin_len: u8::MAX,
        };
        let mut suffix: Vec<Suffix> = meta
            .iter()
            .rev()
            .map(|m| {
                best = Suffix {
                    tier: best.tier.max(m.tier),
                    head_words: best.head_words.min(none(if m.total_words == 0 {
                        0
                    } else {
                        m.head_words
                    })),
                    zh_chars: best.zh_chars.min(none(m.zh_chars)),
                    pinyin_len: best.pinyin_len.min(none(m.pinyin_len)),
                };
                best
            })
            .collect();
        suffix.reverse();

        Segment {
            terms,
            posting_offsets,
            postings,
            doc_term_ranges,
            doc_terms,
            ids,
            by_id,
            meta,
            owners,
            suffix,
            english,
            in_name,
        }
    }
}

impl Segment {
    pub(crate) fn build(docs: &[FoodDoc]) -> Segment {
        let mut builder = SegmentBuilder::default();
        for doc in docs {
            builder.add(doc);
        }
        builder.finish()
    }

    pub(crate) fn len(&self) -> usize {
        self.ids.len()
    }

    /// The terms that are some food's English word in this segment.
    pub(crate) fn english_words(&self) -> Vec<String> {
        let mut words = Vec::new();
        let mut stream = self.terms.stream();
        while let Some((term, ordinal)) = stream.next() {
            if has_bit(&self.english, ordinal as u32) {
                words.push(String::from_utf8_lossy(term).into_owned());
            }
        }
        words
    }

    /// Marks `words`, English words of foods in other segments, as English here too:
    /// "sushi" is English in the Latin foods' segment and 素食's pinyin in the Chinese.
    pub(crate) fn mark_english(&mut self, words: &[String]) {
        for word in words {
            if let Some(ordinal) = self.terms.get(word) {
                set_bit(&mut self.english, ordinal as u32);
            }
        }
        self.english.shrink_to_fit();
    }

    pub(crate) fn position_of(&self, id: i64) -> Option<u32> {
        self.by_id
            .binary_search_by_key(&id, |(i, _)| *i)
            .ok()
            .map(|i| self.by_id[i].1)
    }

    pub(crate) fn ids(&self) -> impl Iterator<Item = i64> + '_ {
        self.ids.iter().copied()
    }

    pub(crate) fn heap_bytes(&self) -> usize {
        self.terms.as_fst().as_bytes().len()
            + 4 * (self.posting_offsets.capacity()
                + self.postings.capacity()
                + 2 * self.doc_term_ranges.capacity()
                + self.doc_terms.capacity())
            + 8 * self.ids.capacity()
            + 16 * self.by_id.capacity()
            + std::mem::size_of::<DocMeta>() * self.meta.capacity()
            + 16 * self.owners.capacity()
            + std::mem::size_of::<Suffix>() * self.suffix.capacity()
            + 8 * self.english.capacity()
            + 8 * self.in_name.capacity()
    }

    fn postings_of(&self, ordinal: u32) -> &[u32] {
        let o = ordinal as usize;
        &self.postings[self.posting_offsets[o] as usize..self.posting_offsets[o + 1] as usize]
    }

    fn expand(&self, token: &crate::QueryToken, typos: bool) -> Expansion {
        let mut found: HashMap<u32, f32> = HashMap::new();
        let t = token.text.as_str();
        if let Some(o) = self.terms.get(t) {
            found.insert(o as u32, 1.0);
        }
        if token.latin {
            // Plurals are the same food ("eggs", "tomatoes"); so are other names for it.
            let plural_forms = [t.strip_suffix("es"), t.strip_suffix('s')]
                .into_iter()
                .flatten()
                .map(str::to_owned)
                .chain(text::singular(t))
                .filter(|w| w.len() >= 3)
                .map(|w| (w, 0.95));
            let other_names = text::synonyms(t)
                .iter()
                .flat_map(|w| [Some((*w).to_owned()), text::singular(w)])
                .flatten()
                .map(|w| (w, 0.9));
            for (word, quality) in plural_forms.chain(other_names) {
                if let Some(o) = self.terms.get(&word) {
                    found.entry(o as u32).or_insert(quality);
                }
            }
        }
        if token.latin {
            let len = t.chars().count();
            if len >= 3 {
                let mut upper = t.as_bytes().to_vec();
                upper.push(0xff);
                let mut stream = self.terms.range().gt(t).lt(&upper).into_stream();
                let mut n = 0;
                while let Some((term, o)) = stream.next() {
                    // A shorter completion is the likelier word.
                    let extra = &term[t.len()..];
                    let quality = if extra == b"s" || extra == b"es" {
                        0.95
                    } else {
                        (0.8 - 0.02 * extra.len() as f32).max(0.6)
                    };
                    found.entry(o as u32).or_insert(quality);
                    n += 1;
                    if n >= 256 {
                        break;
                    }
                }
            }
            if typos && len >= TYPO_MIN_LEN {
                let distance = if len >= 8 { 2 } else { 1 };
                let mut stream = self
                    .terms
                    .search(text::Typos::new(t, distance))
                    .into_stream();
                let mut n = 0;
                while let Some((term, o)) = stream.next() {
                    let term = std::str::from_utf8(term).unwrap_or_default();
                    let d = text::edit_distance(t, term);
                    let quality = if d <= 1 { TYPO_QUALITY - 0.01 } else { 0.4 };
                    let entry = found.entry(o as u32).or_insert(quality);
                    *entry = entry.max(quality);
                    n += 1;
                    if n >= 128 {
                        break;
                    }
                }
            }
        }
        let mut expansion: Expansion = found.into_iter().collect();
        expansion.sort_unstable_by_key(|(o, _)| *o);
        expansion
    }

    /// Expands the query against this segment, with typo matches or without. `None`
    /// when nothing here can match.
    pub(crate) fn prepare<'q>(
        &self,
        query: &'q crate::Query,
        typos: bool,
        relaxed: bool,
    ) -> Option<Prepared<'q>> {
        let mut expansions: Vec<Expansion> =
            query.tokens.iter().map(|t| self.expand(t, typos)).collect();
        // A word found nowhere ("recipe" in "banana bread recipe") should not hide the
        // foods the rest of the query finds; but a query made only of such words finds nothing.
        let known: Vec<usize> = (0..expansions.len())
            .filter(|&i| !expansions[i].is_empty())
            .collect();
        if known.is_empty() {
            return None;
        }
        let first = expansions[0].clone();
        let whole = known.len() == expansions.len() && !relaxed;
        expansions.retain(|e| !e.is_empty());
        let cost =
            |e: &Expansion| -> usize { e.iter().map(|(o, _)| self.postings_of(*o).len()).sum() };
        let driver = (0..expansions.len()).min_by_key(|&i| cost(&expansions[i]))?;
        let phrase = query
            .phrase
            .as_deref()
            .and_then(|p| self.terms.get(p))
            .map(|o| o as u32);
        let english = match query.tokens.as_slice() {
            [word] => {
                word.latin
                    && self
                        .terms
                        .get(&word.text)
                        .is_some_and(|o| has_bit(&self.english, o as u32))
            }
            _ => false,
        };
        // What a food's word matches and bonuses can reach here, before its coverage and
        // tier: each word at its best match's quality; the whole-name bonus only where
        // every word may be some food's Chinese or pinyin as typed (only they earn it);
        // less the typo penalty where a word matches only through typos and none may be
        // missed.
        let best_quality = |e: &Expansion| e.iter().map(|(_, q)| *q).fold(0.0f32, f32::max);
        let best_match = expansions.iter().map(best_quality).sum::<f32>() / expansions.len() as f32;
        let whole_name_possible = expansions.iter().all(|e| {
            e.iter()
                .any(|&(o, quality)| quality >= AS_TYPED && has_bit(&self.in_name, o))
        });
        let typo_certain = !relaxed && expansions.iter().any(|e| best_quality(e) < TYPO_QUALITY);
        let ceiling =
            MATCH * best_match + FIRST_WORD + if whole_name_possible { WHOLE_NAME } else { 0.0 }
                - if typo_certain { TYPO_PENALTY } else { 0.0 };
        Some(Prepared {
            query,
            expansions,
            driver,
            first,
            whole,
            relaxed,
            phrase,
            english,
            ceiling,
        })
    }

    /// Scores one document, and whether it has every word of the query as typed (no
    /// typo, none missing); `None` when it misses a token.
    fn score(&self, position: u32, prepared: &Prepared) -> Option<(f32, bool)> {
        let p = position as usize;
        let (start, end) = self.doc_term_ranges[p];
        let terms = &self.doc_terms[start as usize..end as usize];
        let meta = &self.meta[p];
        let mut total = 0.0;
        let mut fields = 0;
        // How much of the head the query covers, weighed by how well each word matched
        // (a typo covers less than the word itself).
        let mut head_hits = 0.0f32;
        let mut matched = 0;
        // The weakest word match: a food found only through a typo of a word ranks below
        // every food that has the words as typed ("macarons" before "macaroni").
        let mut weakest = 1.0f32;
        // Every word of the query is in the food's own name as typed.
        let mut whole_name = true;
        for expansion in &prepared.expansions {
            let mut best = 0.0f32;
            let mut best_quality = 0.0f32;
            let mut best_fields = 0;
            let mut in_name = 0.0f32;
            // The best match among the head words, which may not be the best match
            // overall ("coke" is in "Cola (Coke)", but its synonym "cola" is its head).
            let mut best_head = 0.0f32;
            for_each_match(terms, expansion, |packed, quality| {
                let ordinal = packed >> FIELD_BITS;
                let mut f = packed & ((1 << FIELD_BITS) - 1);
                // "sushi" typed is 寿司's English before it is 素食's pinyin.
                let collides = prepared.english
                    && f & PINYIN != 0
                    && f & (NAME | CHINESE | ALIAS) == 0
                    && has_bit(&self.english, ordinal);
                if collides {
                    f &= !PINYIN;
                }
                let weight = if collides {
                    PINYIN_COLLISION
                } else if f & (NAME | CHINESE | PINYIN | ALIAS) != 0 {
                    1.0
                } else {
                    0.6
                };
                let s = quality * weight;
                if s > best {
                    best = s;
                    best_fields = f;
                }
                best_quality = best_quality.max(quality);
                // Chinese and pinyin only: their grams keep the query's order, while
                // English words of a name may hold a query's words in another sense
                // ("boiled egg" is in "Boiled chive and egg dumplings", not an egg).
                if f & (CHINESE | PINYIN) != 0 {
                    in_name = in_name.max(quality);
                }
                if f & HEAD != 0 {
                    best_head = best_head.max(quality);
                }
            });
            whole_name &= in_name >= AS_TYPED;
            if best == 0.0 {
                if prepared.relaxed {
                    continue;
                }
                return None;
            }
            matched += 1;
            total += best;
            weakest = weakest.min(best_quality);
            fields |= best_fields;
            if best_head > 0.0 {
                fields |= NAME;
                // A typo or a prefix still covers most of its word.
                head_hits += (best_head + 0.3).min(1.0);
            }
        }
        if matched == 0 {
            return None;
        }
        let query = prepared.query;
        let n = prepared.expansions.len() as f32;
        // Known by exactly the query (兰州牛肉面 is also just 牛肉面): covered whole.
        let alias = prepared
            .phrase
            .is_some_and(|o| terms.binary_search_by_key(&o, |t| t >> FIELD_BITS).is_ok());
        whole_name |= alias;
        let mut coverage = if alias { 1.0f32 } else { 0.0 };
        if fields & NAME != 0 && meta.head_words > 0 {
            coverage = coverage.max((head_hits / f32::from(meta.head_words)).min(1.0));
        }
        if fields & CHINESE != 0 && meta.zh_chars > 0 && query.cjk_chars > 0 {
            coverage = coverage.max((query.cjk_chars as f32 / f32::from(meta.zh_chars)).min(1.0));
        }
        if fields & PINYIN != 0 && meta.pinyin_len > 0 {
            coverage =
                coverage.max((query.latin_letters as f32 / f32::from(meta.pinyin_len)).min(1.0));
        }
        let first = [meta.first_en, meta.first_zh]
            .iter()
            .any(|o| *o != NO_TERM && prepared.first.binary_search_by_key(o, |(t, _)| *t).is_ok());
        let qualifiers = f32::from(meta.total_words.saturating_sub(meta.head_words).min(10));
        let typo = weakest < TYPO_QUALITY;
        let penalty = if typo { TYPO_PENALTY } else { 0.0 };
        Some((
            MATCH * total / n
                + COVERAGE * coverage
                + if first { FIRST_WORD } else { 0.0 }
                + if whole_name { WHOLE_NAME } else { 0.0 }
                + f32::from(meta.tier)
                - qualifiers
                - penalty,
            prepared.whole && !typo,
        ))
    }

    fn visible(&self, position: u32, user: Option<i64>) -> bool {
        if !self.meta[position as usize].custom {
            return true;
        }
        let owner = self
            .owners
            .binary_search_by_key(&position, |(p, _)| *p)
            .ok()
            .map(|i| self.owners[i].1);
        owner.is_some() && owner == user
    }

    /// Adds this segment's best matches to `top`. `removed` marks positions that a
    /// newer version (or a deletion) replaced.
    pub(crate) fn search(
        &self,
        prepared: &Prepared,
        user: Option<i64>,
        boosted: &[i64],
        removed: Option<&crate::Bitset>,
        top: &mut TopK,
    ) -> usize {
        let live = |p: u32| removed.is_none_or(|r| !r.contains(p)) && self.visible(p, user);
        // Foods from the user's history first: they may sit far down the layout.
        let mut boosted_positions: Vec<u32> = boosted
            .iter()
            .filter_map(|id| self.position_of(*id))
            .collect();
        boosted_positions.sort_unstable();
        for &p in &boosted_positions {
            if live(p)
                && let Some((s, whole)) = self.score(p, prepared)
            {
                top.push(
                    s + HISTORY,
                    self.ids[p as usize],
                    self.meta[p as usize].tier,
                    whole,
                );
            }
        }
        // Foods known by exactly the query, too: their coverage is whole, which the bound
        // below (read off their own names) does not foresee.
        let named = prepared.phrase.map_or(&[][..], |o| self.postings_of(o));
        for &p in named {
            if boosted_positions.binary_search(&p).is_err()
                && live(p)
                && let Some((s, whole)) = self.score(p, prepared)
            {
                top.push(s, self.ids[p as usize], self.meta[p as usize].tier, whole);
            }
        }
        let query = prepared.query;
        let n = prepared.expansions.len() as f32;
        // The best score any document from `p` on could still reach.
        let bound = |p: u32| -> f32 {
            let rest = &self.suffix[p as usize];
            let part = |have: f32, len: u8| {
                if len == u8::MAX {
                    0.0
                } else {
                    (have / f32::from(len)).min(1.0)
                }
            };
            let coverage = part(n, rest.head_words)
                .max(part(query.cjk_chars as f32, rest.zh_chars))
                .max(part(query.latin_letters as f32, rest.pinyin_len));
            prepared.ceiling + COVERAGE * coverage + f32::from(rest.tier)
        };
        // Every food has the driver's word, unless foods may miss words.
        let lists: Vec<&[u32]> = if prepared.relaxed {
            prepared
                .expansions
                .iter()
                .flatten()
                .map(|(o, _)| self.postings_of(*o))
                .collect()
        } else {
            prepared.expansions[prepared.driver]
                .iter()
                .map(|(o, _)| self.postings_of(*o))
                .collect()
        };
        let mut scanned = 0;
        let mut visit = |p: u32, top: &mut TopK| -> bool {
            if let Some(floor) = top.floor()
                && floor >= bound(p)
            {
                return false;
            }
            scanned += 1;
            if boosted_positions.binary_search(&p).is_err()
                && named.binary_search(&p).is_err()
                && live(p)
                && let Some((s, whole)) = self.score(p, prepared)
            {
                top.push(s, self.ids[p as usize], self.meta[p as usize].tier, whole);
            }
            true
        };
        merge_in_order(&lists, |p| visit(p, top));
        scanned
    }
}

/// Calls `f` with each of a document's terms (sorted `(ordinal << FIELD_BITS) | fields`)
/// that the expansion holds, and its quality, in ordinal order. A short expansion is
/// looked up in the terms, a long one walked beside them.
fn for_each_match(terms: &[u32], expansion: &[(u32, f32)], mut f: impl FnMut(u32, f32)) {
    if expansion.len() * 8 <= terms.len() {
        for &(ordinal, quality) in expansion {
            if let Ok(i) = terms.binary_search_by_key(&ordinal, |t| t >> FIELD_BITS) {
                f(terms[i], quality);
            }
        }
        return;
    }
    let (mut i, mut j) = (0, 0);
    while i < terms.len() && j < expansion.len() {
        let ordinal = terms[i] >> FIELD_BITS;
        match ordinal.cmp(&expansion[j].0) {
            std::cmp::Ordering::Less => i += 1,
            std::cmp::Ordering::Greater => j += 1,
            std::cmp::Ordering::Equal => {
                f(terms[i], expansion[j].1);
                i += 1;
                j += 1;
            }
        }
    }
}

/// Visits the union of sorted lists in ascending order, each value once, until `visit`
/// returns false.
fn merge_in_order(lists: &[&[u32]], mut visit: impl FnMut(u32) -> bool) {
    if let [only] = lists {
        for &p in *only {
            if !visit(p) {
                return;
            }
        }
        return;
    }
    let mut heap: BinaryHeap<Reverse<(u32, usize)>> = lists
        .iter()
        .enumerate()
        .filter_map(|(i, l)| l.first().map(|&p| Reverse((p, i))))
        .collect();
    let mut cursors = vec![0usize; lists.len()];
    let mut last = None;
    while let Some(Reverse((p, i))) = heap.pop() {
        cursors[i] += 1;
        if let Some(&next) = lists[i].get(cursors[i]) {
            heap.push(Reverse((next, i)));
        }
        if last == Some(p) {
            continue;
        }
        last = Some(p);
        if !visit(p) {
            return;
        }
    }
}
