//! A meal said in words, read into basket lines: the dishes `models::meal_words` cuts the
//! text into, each found through the search index as the food search finds it (the
//! viewer's own foods and most used ones included), with grams from the food's portions.

use std::collections::HashMap;

use models::MealType;
use models::meal_words::{
    MAX_TEXT, Measures, Naming, SPLASH_GRAMS, SaidDish, TEASPOON_GRAMS, form_of_container,
    grams_of, said_dishes, said_meal_type,
};
use models::{Food, UserId};
use serde::Serialize;
use utoipa::ToSchema;

use crate::{
    AppState, error::ApiError, food_index::boosted_foods, food_lookup::visible_foods_in_order,
    views::FoodView,
};

/// Other foods offered beside a dish's food.
const ALTERNATIVES: usize = 3;
/// Rounds of looking up the words the text may be cut at (each round's answers may
/// cut it elsewhere); the text settles in one or two.
const ROUNDS: usize = 3;

/// An amount as said: "一碗" is `{count: 1, unit: "碗"}`, "2 eggs" `{count: 2, unit: null}`.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct SaidAmount {
    count: f64,
    unit: Option<String>,
}

/// How sure the reading is of a dish's food, in the words the app shows.
#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct Sureness {
    /// `sure`: a food is called exactly this; `likely`: a food has every word;
    /// `unsure`: only the closest there is, a question with its alternatives.
    level: &'static str,
    score: f32,
}

#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct ReadDish {
    /// The part of the text it was read from.
    text: String,
    food: FoodView,
    grams: f64,
    amount: SaidAmount,
    certainty: Sureness,
    /// Up to 3 other foods it may be, as the search ranks them.
    alternatives: Vec<FoodView>,
    #[serde(skip)]
    drink: bool,
}

#[derive(Debug, Serialize, ToSchema)]
pub(crate) struct MealWords {
    /// The meal the text says it was ("午饭吃了…", "for lunch I had…"), when it says one.
    meal_type: Option<MealType>,
    items: Vec<ReadDish>,
    /// The parts of the text no food was found for.
    unmatched: Vec<String>,
}

/// The search's first foods for some words: (hits, whether the first has every word).
struct Found {
    ids: Vec<i64>,
    whole: bool,
}

fn folded(text: &str) -> String {
    text.trim().to_lowercase()
}

/// Whether a food is called exactly `words`: its name (or the part before a comma, as in
/// "Egg, boiled"), its Chinese name or another name of it (煮鸡蛋 for 鸡蛋（煮）).
fn called(food: &Food, words: &str) -> bool {
    let food = &food.food;
    let name = folded(&food.name);
    name == words
        || name
            .split(',')
            .next()
            .is_some_and(|head| head.trim() == words)
        || food
            .name_zh
            .as_deref()
            .is_some_and(|zh| folded(zh) == words)
        || food.aliases.iter().any(|a| folded(a) == words)
        || food
            .name_zh
            .as_deref()
            .and_then(search::cooked_said_first)
            .is_some_and(|said| said == words)
}

/// Whether the words join two things the way the food's own name does, word for word
/// ("mac and cheese" for "Macaroni and cheese"): then they name that one food. A food
/// whose name says more ("Egg sandwich on biscuit, with bacon and cheese") is not it.
fn joined(food: &Food, words: &str) -> bool {
    let said: Vec<&str> = words.split(' ').filter(|w| !w.is_empty()).collect();
    if !said
        .iter()
        .any(|w| models::meal_words::CONJUNCTIONS_EN.contains(w))
    {
        return false;
    }
    let name = folded(&food.food.name);
    let name_words: Vec<&str> = name
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .collect();
    let answers = |word: &str| {
        said.iter().any(|s| {
            *s == word
                || (s.len() >= 3 && word.starts_with(s))
                || word.strip_suffix('s') == Some(s)
                || s.strip_suffix('s') == Some(word)
        })
    };
    !name_words.is_empty() && name_words.iter().all(|w| answers(w))
}

pub(crate) async fn read_meal(
    state: &AppState,
    viewer: Option<UserId>,
    text: &str,
) -> Result<MealWords, ApiError> {
    if text.trim().is_empty() {
        return Err(ApiError::validation("text is required: the meal in words"));
    }
    if text.chars().count() > MAX_TEXT {
        return Err(ApiError::validation(format!(
            "text must be at most {MAX_TEXT} characters"
        )));
    }
    let boosted = boosted_foods(state, viewer).await?;
    // The index as it is now, held across the lookups (a snapshot, not a lock).
    let index = std::sync::Arc::clone(&*state.foods.index());
    let search = |words: &str, limit: usize| -> Found {
        let Ok(query) = search::Query::parse(words) else {
            return Found {
                ids: Vec::new(),
                whole: false,
            };
        };
        let hits = index.search(&query, viewer.map(UserId::get), &boosted, limit);
        Found {
            whole: hits.first().is_some_and(|h| h.whole),
            ids: hits.iter().map(|h| h.id).collect(),
        }
    };
    // How well each piece of words the text may be cut into names a food: looked up
    // until the cut settles.
    let mut naming: HashMap<String, Naming> = HashMap::new();
    let mut dishes = Vec::new();
    for _ in 0..ROUNDS {
        let asked = std::cell::RefCell::new(Vec::new());
        dishes = said_dishes(text, &|words: &str| {
            let words = folded(words);
            naming.get(&words).copied().unwrap_or_else(|| {
                asked.borrow_mut().push(words);
                Naming::Unknown
            })
        });
        let mut asked = asked.into_inner();
        asked.sort();
        asked.dedup();
        if asked.is_empty() {
            break;
        }
        let firsts: Vec<(String, Found)> = asked
            .into_iter()
            .map(|words| {
                let found = search(&words, 1);
                (words, found)
            })
            .collect();
        let ids: Vec<i64> = firsts
            .iter()
            .filter_map(|(_, f)| f.ids.first().copied())
            .collect();
        let foods = state.stores.foods.get_many(&ids).await?;
        for (words, found) in firsts {
            let food = found
                .ids
                .first()
                .and_then(|id| foods.iter().find(|f| f.id == *id))
                .filter(|f| f.visible_to(viewer));
            let named = match food {
                Some(food) if found.whole && (called(food, &words) || joined(food, &words)) => {
                    Naming::Exact
                }
                Some(_) if found.whole => Naming::Found,
                _ => Naming::Unknown,
            };
            naming.insert(words, named);
        }
    }
    let mut read = read_dishes(state, viewer, &dishes, &search).await?;
    read.meal_type = said_meal_type(text);
    Ok(read)
}

/// Each dish's food, grams and alternatives; a dish no food is found for is unmatched.
async fn read_dishes(
    state: &AppState,
    viewer: Option<UserId>,
    dishes: &[SaidDish],
    search: &(dyn Fn(&str, usize) -> Found + Sync),
) -> Result<MealWords, ApiError> {
    let found: Vec<Found> = dishes
        .iter()
        .map(|dish| {
            // "a can of tuna" is canned tuna, where such a food is known.
            let form = dish.unit.as_deref().and_then(form_of_container);
            if let Some(form) = form.filter(|f| !dish.dish.contains(f)) {
                let formed = search(&format!("{form} {}", dish.dish), ALTERNATIVES + 1);
                if formed.whole {
                    return formed;
                }
            }
            let first = search(&dish.dish, ALTERNATIVES + 1);
            // "eggs" where the food is an egg.
            match dish.dish.strip_suffix('s') {
                Some(singular) if !first.whole && dish.dish.is_ascii() => {
                    let again = search(singular, ALTERNATIVES + 1);
                    if again.whole { again } else { first }
                }
                _ => first,
            }
        })
        .collect();
    let ids: Vec<i64> = found.iter().flat_map(|f| f.ids.iter().copied()).collect();
    let foods = visible_foods_in_order(state, viewer, &ids).await?;
    let views = FoodView::with_stars(state, &foods, viewer).await?;
    let views: HashMap<i64, FoodView> = views
        .into_iter()
        .filter_map(|v| v.id.map(|id| (id, v)))
        .collect();
    let mut items = Vec::new();
    let mut unmatched = Vec::new();
    for (dish, found) in dishes.iter().zip(found) {
        let mut ranked = found
            .ids
            .iter()
            .filter_map(|id| foods.iter().find(|f| f.id == *id));
        let Some(food) = ranked.next().filter(|_| !dish.dish.is_empty()) else {
            unmatched.push(dish.text.clone());
            continue;
        };
        let certainty = if found.whole && called(food, &folded(&dish.dish)) {
            Sureness {
                level: "sure",
                score: 0.95,
            }
        } else if found.whole {
            Sureness {
                level: "likely",
                score: 0.7,
            }
        } else {
            Sureness {
                level: "unsure",
                score: 0.35,
            }
        };
        let mut grams = grams_of(dish, &Measures::of(&food.food));
        // "coffee with milk": a splash of milk, a teaspoon of sugar.
        let to_a_drink = items.last().is_some_and(|before: &ReadDish| before.drink);
        if dish.added && !dish.amount_said && to_a_drink {
            let poured = food.food.is_drink() || food.food.category.as_deref() == Some("dairy");
            grams = if poured { SPLASH_GRAMS } else { TEASPOON_GRAMS };
        }
        let alternatives = ranked
            .take(ALTERNATIVES)
            .filter_map(|f| views.get(&f.id).cloned())
            .collect();
        let Some(view) = views.get(&food.id).cloned() else {
            unmatched.push(dish.text.clone());
            continue;
        };
        items.push(ReadDish {
            drink: food.food.is_drink(),
            text: dish.text.clone(),
            food: view,
            grams,
            amount: SaidAmount {
                count: dish.count,
                unit: dish.unit.clone(),
            },
            certainty,
            alternatives,
        });
    }
    Ok(MealWords {
        meal_type: None,
        items,
        unmatched,
    })
}
