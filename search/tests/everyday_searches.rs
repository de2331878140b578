//! Coverage: everyday foods and dishes as people type them (search/data/
//! everyday_searches.tsv, half English, half Chinese), searched in the foods the product
//! ships (catalogue, USDA generic foods, dish library). A search is right when one of its
//! first three foods is what the person meant (the line's pattern matches its English or
//! Chinese name). Target: 97 % in each language.

use models::{FoodSearchRow, NewFood};
use regex::RegexBuilder;
use search::{Query, SearchIndex, doc_of};

const SEARCHES: &str = include_str!("../data/everyday_searches.tsv");
const TARGET: f64 = 0.97;
/// The share of everyday searches whose first food carries at least 20 of the 24: 114
/// of 178 when measured (105 before their SR equivalents completed the catalogue's
/// China-table foods). The rest are dishes and drinks whose source gives none, and the
/// app shows each value they lack as not known.
const MOST_SHARE: f64 = 0.62;

fn shipped_index(foods: &[NewFood]) -> SearchIndex {
    let docs = foods.iter().enumerate().map(|(i, f)| {
        doc_of(&FoodSearchRow {
            id: i as i64,
            source: f.source(),
            owner: None,
            name: f.name.clone(),
            name_zh: f.name_zh.clone(),
            pinyin: f.pinyin.clone(),
            brand: f.brand.clone(),
            barcode: f.barcode.clone(),
            aliases: f.aliases.clone(),
            deleted: false,
            changed_ms: 0,
        })
    });
    SearchIndex::build(docs.collect())
}

/// The lines of the set: (language, query, pattern of what was meant).
fn searches() -> impl Iterator<Item = (&'static str, &'static str, &'static str)> {
    SEARCHES
        .lines()
        .skip(1)
        .filter(|l| !l.trim().is_empty())
        .map(|line| {
            let [lang, query, expect] = line.split('\t').collect::<Vec<_>>()[..] else {
                panic!("bad line {line:?}");
            };
            (lang, query, expect)
        })
}

#[test]
fn everyday_searches_find_the_food_in_the_first_three() {
    let foods = models::generic::shipped_foods();
    let index = shipped_index(&foods);
    let mut asked = [0usize; 2];
    let mut right = [0usize; 2];
    let mut misses = Vec::new();
    for (lang, query, expect) in searches() {
        let language = usize::from(lang == "zh");
        let pattern = RegexBuilder::new(expect)
            .case_insensitive(true)
            .build()
            .unwrap();
        let hits = index.search(&Query::parse(query).unwrap(), None, &[], 3);
        let found: Vec<&NewFood> = hits.iter().map(|h| &foods[h.id as usize]).collect();
        let names: Vec<String> = found
            .iter()
            .map(|f| format!("{} / {}", f.name, f.name_zh.as_deref().unwrap_or("")))
            .collect();
        asked[language] += 1;
        let right_food = |f: &&NewFood| {
            pattern.is_match(&f.name) || f.name_zh.as_deref().is_some_and(|zh| pattern.is_match(zh))
        };
        if found.iter().any(right_food) {
            right[language] += 1;
        } else {
            misses.push(format!("{lang} {query:?}: {names:?}"));
        }
    }
    let share = |l: usize| right[l] as f64 / asked[l] as f64;
    println!(
        "top-3: English {}/{} ({:.1} %), Chinese {}/{} ({:.1} %)",
        right[0],
        asked[0],
        100.0 * share(0),
        right[1],
        asked[1],
        100.0 * share(1)
    );
    for miss in &misses {
        println!("miss: {miss}");
    }
    assert!(
        asked[0] >= 75 && asked[1] >= 75,
        "the set has too few searches"
    );
    assert!(
        share(0) >= TARGET && share(1) >= TARGET,
        "under {:.0} % in a language; misses:\n{}",
        100.0 * TARGET,
        misses.join("\n")
    );
}

/// Issue 49, 9: the food an everyday search puts first carries the 24 vitamins, minerals
/// and fats (or the app says which it lacks: an unknown value is `null`, never 0).
#[test]
fn the_first_food_of_an_everyday_search_carries_its_vitamins_and_minerals() {
    let foods = models::generic::shipped_foods();
    let index = shipped_index(&foods);
    let (mut asked, mut whole, mut most) = (0usize, 0usize, 0usize);
    let mut lacking = Vec::new();
    for (_, query, _) in searches() {
        let Some(first) = index
            .search(&Query::parse(query).unwrap(), None, &[], 1)
            .first()
            .map(|h| &foods[h.id as usize])
        else {
            continue;
        };
        asked += 1;
        let known = first.micronutrients.known().count();
        whole += usize::from(known == 24);
        most += usize::from(known >= 20);
        if known < 20 {
            lacking.push(format!("{query:?} -> {} ({known} of 24)", first.name));
        }
    }
    println!("first foods of {asked} everyday searches: all 24 {whole}, at least 20 {most}");
    for line in &lacking {
        println!("lacking: {line}");
    }
    assert!(asked >= 150, "{asked}");
    assert!(
        most as f64 >= MOST_SHARE * asked as f64,
        "{most} of {asked} carry at least 20 of the 24:\n{}",
        lacking.join("\n")
    );
}

/// Dishes people know by an English loan name: each finds a food of that name first.
const LOAN_NAMES: [&str; 8] = [
    "sushi",
    "ramen",
    "pho",
    "tofu",
    "kimchi",
    "dim sum",
    "wonton",
    "chow mein",
];

/// The Latin words that are one shipped food's pinyin and another's English word (outside
/// parentheses, and not that food's own pinyin), as `pinyin_collisions` finds them: typed,
/// each is taken as English before pinyin. A new food that adds one shows here.
const COLLISIONS: [&str; 40] = [
    "a",
    "bake",
    "beijing",
    "ben",
    "can",
    "cha",
    "chongqing",
    "cuban",
    "de",
    "dongbei",
    "du",
    "e",
    "emu",
    "fan",
    "fuji",
    "ga",
    "gai",
    "hong",
    "kashi",
    "kong",
    "la",
    "like",
    "lima",
    "ling",
    "lite",
    "long",
    "man",
    "mini",
    "nu",
    "pan",
    "pao",
    "pie",
    "pita",
    "shu",
    "sun",
    "sushi",
    "xinjiang",
    "yu",
    "yuba",
    "zongzi",
];

fn toneless(pinyin: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    pinyin
        .nfd()
        .filter(|c| c.is_ascii())
        .collect::<String>()
        .to_lowercase()
}

fn latin_words(text: &str) -> impl Iterator<Item = String> + '_ {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| !w.is_empty())
        .map(str::to_lowercase)
}

/// Each food's pinyin terms (syllables, pairs, the whole) and English words outside
/// parentheses that are not its pinyin; the words in both sets, across the foods.
fn pinyin_collisions(foods: &[NewFood]) -> Vec<String> {
    use std::collections::BTreeSet;
    let (mut english, mut pinyin) = (BTreeSet::new(), BTreeSet::new());
    for food in foods {
        let syllables: Vec<String> =
            latin_words(&toneless(food.pinyin.as_deref().unwrap_or(""))).collect();
        let mut own: BTreeSet<String> = syllables.iter().cloned().collect();
        own.extend(syllables.windows(2).map(|p| p.concat()));
        if syllables.len() > 2 {
            own.insert(syllables.concat());
        }
        let mut depth = 0;
        let outside: String = food
            .name
            .chars()
            .map(|c| match c {
                '(' => {
                    depth += 1;
                    ' '
                }
                ')' => {
                    depth -= 1;
                    ' '
                }
                c if depth == 0 => c,
                _ => ' ',
            })
            .collect();
        english.extend(latin_words(&outside).filter(|w| !own.contains(w)));
        pinyin.extend(own);
    }
    english.intersection(&pinyin).cloned().collect()
}

#[test]
fn an_english_name_spelled_exactly_beats_a_pinyin_match() {
    let foods = models::generic::shipped_foods();
    let index = shipped_index(&foods);
    let first = |query: &str| {
        let hits = index.search(&Query::parse(query).unwrap(), None, &[], 1);
        let food = &foods[hits.first().expect("something is found").id as usize];
        (
            food.name.to_lowercase(),
            food.aliases.join("|").to_lowercase(),
        )
    };
    for name in LOAN_NAMES {
        let (found, aliases) = first(name);
        assert!(
            found.contains(name) || aliases.contains(name),
            "{name:?} finds {found:?} first"
        );
    }
    // Words together are pinyin as before, though each alone is English ("hong", "cha").
    for (query, zh) in [
        ("hong cha", "红茶"),
        ("hong shu", "红薯"),
        ("mi fan", "米饭"),
    ] {
        let hits = index.search(&Query::parse(query).unwrap(), None, &[], 1);
        let food = &foods[hits[0].id as usize];
        assert!(
            food.name_zh.as_deref().is_some_and(|n| n.starts_with(zh)),
            "{query:?} finds {:?} first",
            food.name_zh
        );
    }
    let collisions = pinyin_collisions(&foods);
    assert_eq!(
        collisions, COLLISIONS,
        "the pinyin-English collisions of the shipped foods"
    );
    // Words of a few letters are prefixes of too much to say what comes first; the
    // longer ones find a food whose English spells them (or a word they begin), never
    // one that has them only as pinyin.
    for word in COLLISIONS.iter().filter(|w| w.len() >= 4) {
        let (found, aliases) = first(word);
        assert!(
            latin_words(&found)
                .chain(latin_words(&aliases))
                .any(|w| w.starts_with(word)),
            "{word:?} finds {found:?} first"
        );
    }
}
