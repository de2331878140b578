//! Turning names and queries into terms: folded Latin words, Chinese characters and
//! their bigrams, and pinyin syllables.

use pinyin::ToPinyin;
use unicode_normalization::UnicodeNormalization;

/// A run of text of one script, after folding.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Run {
    /// A Latin (or digit) word: lower case, accents dropped ("mǐfàn" -> "mifan").
    Word(String),
    /// Consecutive CJK characters.
    Cjk(Vec<char>),
}

pub(crate) fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xF900..=0xFAFF | 0x20000..=0x2FA1F)
}

/// Splits text into folded words and CJK runs. Apostrophes join ("McDonald's" is one
/// word); every other non-alphanumeric character separates.
pub(crate) fn runs(text: &str) -> Vec<Run> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut cjk = Vec::new();
    let flush_word = |word: &mut String, out: &mut Vec<Run>| {
        if !word.is_empty() {
            out.push(Run::Word(std::mem::take(word)));
        }
    };
    let flush_cjk = |cjk: &mut Vec<char>, out: &mut Vec<Run>| {
        if !cjk.is_empty() {
            out.push(Run::Cjk(std::mem::take(cjk)));
        }
    };
    for c in text.chars() {
        if is_cjk(c) {
            flush_word(&mut word, &mut out);
            cjk.push(c);
            continue;
        }
        flush_cjk(&mut cjk, &mut out);
        if matches!(c, '\'' | '’' | '`') {
            continue;
        }
        if c.is_ascii() {
            if c.is_ascii_alphanumeric() {
                word.push(c.to_ascii_lowercase());
            } else {
                flush_word(&mut word, &mut out);
            }
            continue;
        }
        // Decompose and keep the base letters: "é" -> "e", "ǎ" -> "a", "ü" -> "u".
        let mut kept = false;
        for d in c.nfkd() {
            if d.is_alphanumeric() {
                for l in d.to_lowercase() {
                    word.push(l);
                }
                kept = true;
            } else if unicode_normalization::char::is_combining_mark(d) {
                kept = true;
            }
        }
        if !kept {
            flush_word(&mut word, &mut out);
        }
    }
    flush_word(&mut word, &mut out);
    flush_cjk(&mut cjk, &mut out);
    out
}

/// A text of more than one word or character as one term (marked apart from words and
/// grams): an alias typed whole ("牛肉面" for 兰州牛肉面) finds its food as its name would.
pub(crate) fn phrase(text: &str) -> Option<String> {
    let parts: Vec<String> = runs(text)
        .into_iter()
        .map(|run| match run {
            Run::Word(w) => w,
            Run::Cjk(chars) => chars.into_iter().collect(),
        })
        .collect();
    let single = match parts.as_slice() {
        [only] => only.chars().count() < 2 || !only.chars().all(is_cjk),
        _ => parts.is_empty(),
    };
    (!single).then(|| format!("\u{1}{}", parts.join(" ")))
}

/// The folded words of a text.
pub(crate) fn words(text: &str) -> impl Iterator<Item = String> {
    runs(text).into_iter().filter_map(|r| match r {
        Run::Word(w) => Some(w),
        Run::Cjk(_) => None,
    })
}

/// Unigrams and bigrams of a CJK run, as terms.
pub(crate) fn cjk_grams(chars: &[char], out: &mut Vec<String>) {
    for c in chars {
        out.push(c.to_string());
    }
    for pair in chars.windows(2) {
        out.push(pair.iter().collect());
    }
}

/// Pinyin syllables without tones: from the authored pinyin when there is one
/// ("mǐ fàn" or "mi3 fan4"), else read off the Chinese characters.
pub(crate) fn pinyin_syllables(authored: Option<&str>, chinese: &str) -> Vec<String> {
    if let Some(authored) = authored.filter(|p| !p.trim().is_empty()) {
        return words(authored)
            .map(|w| w.trim_end_matches(|c: char| c.is_ascii_digit()).to_owned())
            .filter(|w| !w.is_empty())
            .collect();
    }
    chinese
        .to_pinyin()
        .flatten()
        .map(|p| p.plain().to_owned())
        .collect()
}

/// The singular of an English plural ("berries" -> "berry", "tomatoes" -> "tomato",
/// "eggs" -> "egg"); `None` when the word does not look plural.
pub(crate) fn singular(word: &str) -> Option<String> {
    let long = word.len() > 3;
    if !long || !word.ends_with('s') || word.chars().any(|c| !c.is_ascii_alphabetic()) {
        return None;
    }
    if let Some(stem) = word.strip_suffix("ies").filter(|s| s.len() >= 2) {
        return Some(format!("{stem}y"));
    }
    for ending in ["oes", "ches", "shes", "xes", "sses"] {
        if word.ends_with(ending) {
            return Some(word[..word.len() - 2].to_owned());
        }
    }
    if word.ends_with("ss") || word.ends_with("us") || word.ends_with("is") {
        return None;
    }
    Some(word[..word.len() - 1].to_owned())
}

/// Short forms and run-together words people type for foods whose names spell them
/// out: a phrase of query words and the words it stands for. Matched on whole words.
const PHRASES: &[(&[&str], &[&str])] = &[
    (&["oj"], &["orange", "juice"]),
    (&["pbj"], &["peanut", "butter", "jelly"]),
    (&["pb", "j"], &["peanut", "butter", "jelly"]),
    (&["pb", "and", "j"], &["peanut", "butter", "jelly"]),
    (&["pb"], &["peanut", "butter"]),
    (&["cornflakes"], &["corn", "flakes"]),
    (&["cornflake"], &["corn", "flakes"]),
    (&["spring", "roll"], &["egg", "roll"]),
    (&["spring", "rolls"], &["egg", "roll"]),
    (&["mac", "n", "cheese"], &["macaroni", "cheese"]),
    (&["mac", "and", "cheese"], &["macaroni", "cheese"]),
    (&["boba"], &["bubble", "tea"]),
    (&["hotpot"], &["hot", "pot"]),
    (&["froyo"], &["frozen", "yogurt"]),
    (&["icecream"], &["ice", "cream"]),
    (&["spag", "bol"], &["spaghetti", "meat", "sauce"]),
    (&["bolognese"], &["meat", "sauce"]),
];

/// The query's words with short forms spelled out ("oj" is orange juice).
pub(crate) fn spell_out(words: Vec<String>) -> Vec<String> {
    let mut out = Vec::with_capacity(words.len());
    let mut i = 0;
    'words: while i < words.len() {
        // Longest phrase first: "pb and j" before "pb".
        let mut best: Option<(usize, &[&str])> = None;
        for (phrase, meaning) in PHRASES {
            let n = phrase.len();
            if i + n <= words.len()
                && words[i..i + n]
                    .iter()
                    .zip(phrase.iter())
                    .all(|(w, p)| w == p)
                && best.is_none_or(|(len, _)| n > len)
            {
                best = Some((n, meaning));
            }
        }
        if let Some((n, meaning)) = best {
            out.extend(meaning.iter().map(|w| (*w).to_owned()));
            i += n;
            continue 'words;
        }
        out.push(words[i].clone());
        i += 1;
    }
    out
}

/// Other words for the same food: British and American spellings and names, and
/// common short forms. Both directions are listed.
pub(crate) fn synonyms(word: &str) -> &'static [&'static str] {
    match word {
        "yoghurt" | "yoghourt" => &["yogurt"],
        "yogurt" => &["yoghurt"],
        "coke" => &["cola"],
        "catsup" => &["ketchup"],
        "aubergine" => &["eggplant"],
        "eggplant" => &["aubergine"],
        "courgette" => &["zucchini"],
        "zucchini" => &["courgette"],
        "prawn" | "prawns" => &["shrimp"],
        "shrimp" => &["prawns"],
        "coriander" => &["cilantro"],
        "cilantro" => &["coriander"],
        "rocket" => &["arugula"],
        "mince" | "minced" => &["ground"],
        "capsicum" => &["pepper"],
        "chickpea" | "chickpeas" => &["garbanzo"],
        "garbanzo" => &["chickpeas"],
        "maize" => &["corn"],
        "beetroot" => &["beet"],
        "crisps" => &["chips"],
        "donut" | "donuts" => &["doughnuts"],
        "doughnut" | "doughnuts" => &["donut"],
        "beancurd" => &["tofu"],
        "omelette" => &["omelet"],
        "omelet" => &["omelette"],
        "bbq" => &["barbecue"],
        "mayo" => &["mayonnaise"],
        "veggie" | "veggies" => &["vegetable"],
        "jello" => &["gelatin"],
        "porridge" => &["oatmeal"],
        _ => &[],
    }
}

/// Edit distance between two short words (for grading typo matches).
pub(crate) fn edit_distance(a: &str, b: &str) -> usize {
    let a: Vec<char> = a.chars().collect();
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    let mut cur = vec![0; b.len() + 1];
    for (i, ca) in a.iter().enumerate() {
        cur[0] = i + 1;
        for (j, cb) in b.iter().enumerate() {
            let substitution = prev[j] + usize::from(ca != cb);
            cur[j + 1] = substitution.min(prev[j + 1] + 1).min(cur[j] + 1);
        }
        std::mem::swap(&mut prev, &mut cur);
    }
    prev[b.len()]
}

/// Words within `max` edits of a query word that share its first letter (typos rarely
/// hit the first one), as an automaton over the term dictionary. It keeps one row of
/// the edit-distance table per state, computed as the dictionary is walked, so it costs
/// nothing to set up (a prebuilt Levenshtein DFA for distance 2 takes milliseconds).
pub(crate) struct Typos<'a> {
    word: &'a [u8],
    max: u8,
}

impl<'a> Typos<'a> {
    pub(crate) fn new(word: &'a str, max: u8) -> Self {
        Typos {
            word: word.as_bytes(),
            max,
        }
    }
}

impl fst::Automaton for Typos<'_> {
    /// The distance row for the prefix read so far; `None` once out of reach.
    type State = Option<Vec<u8>>;

    fn start(&self) -> Self::State {
        Some((0..=self.word.len()).map(|i| i.min(255) as u8).collect())
    }

    fn is_match(&self, state: &Self::State) -> bool {
        state
            .as_ref()
            .is_some_and(|row| row[self.word.len()] <= self.max)
    }

    fn can_match(&self, state: &Self::State) -> bool {
        state.is_some()
    }

    fn accept(&self, state: &Self::State, byte: u8) -> Self::State {
        let row = state.as_ref()?;
        // The first letter must match.
        if row[0] == 0 && self.word.first() != Some(&byte) {
            return None;
        }
        let mut next = Vec::with_capacity(row.len());
        next.push(row[0].saturating_add(1));
        for (j, &c) in self.word.iter().enumerate() {
            let substitution = row[j].saturating_add(u8::from(c != byte));
            let value = substitution
                .min(row[j + 1].saturating_add(1))
                .min(next[j].saturating_add(1));
            next.push(value);
        }
        (next.iter().min().copied().unwrap_or(u8::MAX) <= self.max).then_some(next)
    }
}

/// The cooking words a Chinese name may carry after the food, in brackets ("鸡蛋（煮）").
const COOKED: &[char] = &['煮', '蒸', '炒', '炸', '烤', '煎', '炖', '卤', '焖', '烧'];

/// A Chinese name that says how the food is cooked after it, in brackets, as people say
/// it: the cooking word first ("鸡蛋（煮）" is "煮鸡蛋", "面包（烤）" "烤面包").
pub fn cooked_said_first(name_zh: &str) -> Option<String> {
    let inner = name_zh.trim().strip_suffix(['）', ')'])?;
    let (food, how) = inner.rsplit_once(['（', '('])?;
    let mut chars = how.chars();
    let verb = chars.next().filter(|c| COOKED.contains(c))?;
    let food = food.trim();
    (chars.next().is_none() && !food.is_empty() && food.chars().all(is_cjk))
        .then(|| format!("{verb}{food}"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_case_accents_and_apostrophes() {
        let got: Vec<String> = words("Crème Brûlée, McDonald's 2% MILK").collect();
        assert_eq!(got, ["creme", "brulee", "mcdonalds", "2", "milk"]);
    }

    #[test]
    fn separates_chinese_from_latin() {
        assert_eq!(
            runs("可口可乐Coke 零度"),
            vec![
                Run::Cjk(vec!['可', '口', '可', '乐']),
                Run::Word("coke".into()),
                Run::Cjk(vec!['零', '度']),
            ]
        );
    }

    #[test]
    fn pinyin_from_tones_numbers_or_characters() {
        assert_eq!(pinyin_syllables(Some("mǐ fàn"), "米饭"), ["mi", "fan"]);
        assert_eq!(pinyin_syllables(Some("mi3 fan4"), "米饭"), ["mi", "fan"]);
        assert_eq!(pinyin_syllables(None, "鸡蛋"), ["ji", "dan"]);
        assert_eq!(pinyin_syllables(Some("lǜ dòu"), "绿豆"), ["lu", "dou"]);
    }

    #[test]
    fn plurals_become_singular() {
        let got: Vec<Option<String>> = [
            "strawberries",
            "tomatoes",
            "eggs",
            "peaches",
            "glass",
            "hummus",
            "rice",
            "fries",
        ]
        .iter()
        .map(|w| singular(w))
        .collect();
        let want = [
            Some("strawberry"),
            Some("tomato"),
            Some("egg"),
            Some("peach"),
            None,
            None,
            None,
            Some("fry"),
        ];
        assert_eq!(got, want.map(|w| w.map(str::to_owned)));
    }

    #[test]
    fn edit_distances() {
        assert_eq!(edit_distance("brocoli", "broccoli"), 1);
        assert_eq!(edit_distance("banana", "banana"), 0);
        assert_eq!(edit_distance("chiken", "chicken"), 1);
        assert_eq!(edit_distance("yoghurt", "yogurt"), 1);
    }
}
