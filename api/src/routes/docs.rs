//! The OpenAPI document of `/api/v1` and a page to browse it, served by us (no CDN).

use axum::{
    Json, Router,
    response::{Html, IntoResponse},
    routing::get,
};
use serde_json::{Value, json};

use crate::AppState;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/openapi.json", get(|| async { Json(openapi_document()) }))
        .route("/docs", get(|| async { Html(DOCS_PAGE).into_response() }))
}

/// The browsable reference page (its inline script and style are allowed by hash).
pub const DOCS_PAGE: &str = include_str!("docs.html");

/// One documented operation.
struct Operation {
    method: &'static str,
    path: &'static str,
    tag: &'static str,
    summary: &'static str,
    params: &'static [(&'static str, &'static str, &'static str)],
    responses: &'static [(u16, &'static str)],
    content_type: &'static str,
}

const JSON: &str = "application/json";

const OPERATIONS: &[Operation] = &[
    Operation {
        method: "get",
        path: "/health",
        tag: "ops",
        summary: "Liveness: the process answers, with its version.",
        params: &[],
        responses: &[(200, "Alive")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/health/ready",
        tag: "ops",
        summary: "Readiness: database and queue answer; names the mode, database, queue, bus and where workers run.",
        params: &[],
        responses: &[
            (200, "Ready"),
            (503, "A dependency is unreachable (code NOT_READY)"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/auth/register/",
        tag: "auth",
        summary: "Sign up with {username, email, password, nickname}: 201 with {access, refresh, user, verification_sent}; a verification link is mailed.",
        params: &[],
        responses: &[
            (201, "Signed up and in"),
            (409, "USERNAME_TAKEN or EMAIL_TAKEN"),
            (422, "Invalid details"),
            (429, "RATE_LIMITED"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/auth/login/",
        tag: "auth",
        summary: "Sign in with {username (or email), password}: {access, refresh, user}.",
        params: &[],
        responses: &[
            (200, "Signed in"),
            (401, "INVALID_CREDENTIALS"),
            (
                429,
                "RATE_LIMITED: too many attempts from this address, or too many wrong passwords at this account from this address (Retry-After)",
            ),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/auth/refresh/",
        tag: "auth",
        summary: "Rotate {refresh}: a new {access, refresh}; a reused refresh token ends its whole session.",
        params: &[],
        responses: &[
            (200, "New tokens"),
            (401, "INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_REUSED"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/auth/logout/",
        tag: "auth",
        summary: "End the session of {refresh_token} (also taken as {refresh}).",
        params: &[],
        responses: &[
            (200, "Logged out"),
            (422, "VALIDATION_ERROR: no token given"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/auth/user/",
        tag: "auth",
        summary: "The signed-in user.",
        params: &[],
        responses: &[
            (200, "The user"),
            (401, "NOT_AUTHENTICATED, INVALID_TOKEN or TOKEN_EXPIRED"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/auth/verify-email/",
        tag: "auth",
        summary: "Confirm the address with the mailed {token}; signs in: {token, refresh_token, user}.",
        params: &[],
        responses: &[
            (200, "Verified and signed in"),
            (400, "INVALID_TOKEN or TOKEN_EXPIRED"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/auth/resend-verification/",
        tag: "auth",
        summary: "Mail a new verification link to {email}; the same answer whether or not an account exists.",
        params: &[],
        responses: &[
            (200, "Sent if the account exists"),
            (422, "No email"),
            (429, "RATE_LIMITED"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/auth/password-reset/",
        tag: "auth",
        summary: "Mail a reset link (valid 1 hour) to {email}; the same answer whether or not an account exists.",
        params: &[],
        responses: &[
            (200, "Sent if the account exists"),
            (422, "No email"),
            (429, "RATE_LIMITED"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/auth/password-reset-confirm/",
        tag: "auth",
        summary: "Set a new password with the mailed {token, password}; every session ends.",
        params: &[],
        responses: &[
            (200, "Password reset"),
            (400, "INVALID_TOKEN or TOKEN_EXPIRED"),
            (422, "Password rules"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/users/profile/",
        tag: "users",
        summary: "{user: {username, email, nickname}, profile: {date_of_birth, gender, height, weight, daily_calorie_goal, activity_level, macro_goal_unit, protein_goal, fat_goal, carbs_goal}} (the last five null when unset).",
        params: &[],
        responses: &[(200, "The profile"), (401, "Not signed in")],
        content_type: JSON,
    },
    Operation {
        method: "put",
        path: "/users/profile/",
        tag: "users",
        summary: "Change any of nickname, date_of_birth (past, at most 130 years ago), gender, height (50-272 cm), weight (2-650 kg), daily_calorie_goal (500-10000 kcal), activity_level (sedentary|lightly_active|moderately_active|very_active|extra_active), macro_goal_unit (g|percent), protein_goal, fat_goal, carbs_goal (all three or none; 0-1000 g, or 0-100 % adding up to 100 ±1); null clears the nullable ones; every broken rule is reported by field name and nothing is saved.",
        params: &[],
        responses: &[(200, "The profile"), (422, "Invalid values")],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/users/change-password/",
        tag: "users",
        summary: "{current_password, new_password}: new {access, refresh} for this client; every other session ends.",
        params: &[],
        responses: &[
            (200, "New tokens"),
            (401, "Current password is incorrect"),
            (422, "Password rules"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/users/export/",
        tag: "users",
        summary: "All of the user's data as a JSON download (not enveloped): {exported_at, user, profile, meals (oldest first, dated in the caller's time zone: tz or X-Time-Zone), weights}. Sent while it is written: a download the server cannot finish (a failure midway) ends with the connection aborted, never as a shorter file that reads as whole. One export (JSON or CSV) per user at a time, and a bounded number per server.",
        params: &[],
        responses: &[
            (200, "JSON attachment"),
            (401, "Not signed in"),
            (
                429,
                "EXPORT_IN_PROGRESS: the user's previous export is still being written (Retry-After)",
            ),
            (
                503,
                "EXPORT_BUSY: the server writes as many exports as it can at once (Retry-After)",
            ),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/users/export/meals.csv",
        tag: "users",
        summary: "The user's meals as a CSV download, one row per food, oldest first: meal_id,date,time,meal_type,meal_name,food_name,quantity_g,calories,protein_g,fat_g,carbs_g. Sent while it is written, and limited, as the JSON export is.",
        params: &[],
        responses: &[
            (200, "CSV attachment"),
            (401, "Not signed in"),
            (
                429,
                "EXPORT_IN_PROGRESS: the user's previous export is still being written (Retry-After)",
            ),
            (
                503,
                "EXPORT_BUSY: the server writes as many exports as it can at once (Retry-After)",
            ),
        ],
        content_type: "text/csv",
    },
    Operation {
        method: "delete",
        path: "/users/account/",
        tag: "users",
        summary: "Delete the account and all its data, its photos' files included; {password} confirms.",
        params: &[],
        responses: &[(200, "Deleted"), (401, "Password is incorrect")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/foods/search/",
        tag: "foods",
        summary: "Search the catalogue, USDA and Open Food Facts foods and (signed in) your custom foods: English, Chinese, pinyin, prefixes, typos and short forms. {query, foods, took_ms, exact}: exact is false when no food matches every word and the foods are only the closest; fiber/sugar/sodium_per_100g are null where the food's source does not give them. Signed-in searches are kept in the history.",
        params: &[
            ("query", "query", "What to look for (1 to 200 characters)"),
            ("page_size", "query", "1 to 100, default 20"),
        ],
        responses: &[
            (200, "Foods, best first"),
            (400, "EMPTY_QUERY"),
            (422, "QUERY_TOO_LONG or a bad page_size"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/foods/search/history/",
        tag: "foods",
        summary: "Your recent searches, newest first: {history: [{query, searched_at, count}]}.",
        params: &[("limit", "query", "1 to 50, default 10")],
        responses: &[(200, "History"), (401, "Not signed in")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/foods/user/",
        tag: "foods",
        summary: "Your custom foods, newest first: {foods, page, page_size, total}.",
        params: &[
            ("page", "query", "From 1"),
            ("page_size", "query", "1 to 100, default 20"),
        ],
        responses: &[(200, "A page of foods"), (401, "Not signed in")],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/foods/create/",
        tag: "foods",
        summary: "Create a custom food from {name, calories, protein?, fat?, carbs?, fiber?, sugar?, sodium?, portions?, copied_from?, barcode?} per 100 g; a barcode (8, 12, 13 or 14 digits) finds the food in your barcode lookups next time.",
        params: &[],
        responses: &[
            (201, "The food"),
            (401, "Not signed in"),
            (404, "copied_from is not a food you can see"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/foods/{id}/",
        tag: "foods",
        summary: "One food (another user's custom food is not found).",
        params: &[("id", "path", "Food id")],
        responses: &[(200, "The food"), (404, "FOOD_NOT_FOUND")],
        content_type: JSON,
    },
    Operation {
        method: "put",
        path: "/foods/{id}/update/",
        tag: "foods",
        summary: "Change your custom food (same body as create).",
        params: &[("id", "path", "Food id")],
        responses: &[
            (200, "The food"),
            (403, "FOOD_READ_ONLY"),
            (404, "FOOD_NOT_FOUND"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "delete",
        path: "/foods/{id}/delete/",
        tag: "foods",
        summary: "Delete your custom food: {removed_from_meals, meal_count, meal_foods_count}; saved meals keep their nutrition.",
        params: &[("id", "path", "Food id")],
        responses: &[
            (200, "Deleted"),
            (403, "FOOD_READ_ONLY"),
            (404, "FOOD_NOT_FOUND"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/foods/usda/search/",
        tag: "foods",
        summary: "Search USDA FoodData Central live (answers cached an hour): {foods, usda_available, message?}; foods kept here carry their id. When USDA cannot be reached (or rate limits us) it answers from the USDA foods kept here with usda_available false.",
        params: &[
            ("query", "query", "What to look for"),
            ("page_size", "query", "1 to 50, default 20"),
        ],
        responses: &[(200, "Foods"), (400, "EMPTY_QUERY")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/foods/usda/nutrition/{fdc_id}/",
        tag: "foods",
        summary: "One USDA food's nutrients per 100 g (a FetchUsdaFood job; kept as a local food): {food_id, fdc_id, food_description, brand_owner, nutrients}.",
        params: &[("fdc_id", "path", "FoodData Central id")],
        responses: &[
            (200, "Nutrients"),
            (404, "USDA_FOOD_NOT_FOUND"),
            (503, "USDA_UNAVAILABLE"),
            (504, "TIMEOUT"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/foods/usda/create/",
        tag: "foods",
        summary: "Save a USDA food to log it, from {fdc_id, custom_name?}: the shared read-only food (the same one for every caller), or with custom_name a custom copy.",
        params: &[],
        responses: &[
            (201, "The food"),
            (401, "Not signed in"),
            (404, "USDA_FOOD_NOT_FOUND"),
            (503, "USDA_UNAVAILABLE"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/meals/create/",
        tag: "meals",
        summary: "Save a meal from {name?, date?, meal_type?, notes?, foods: [{food_id, quantity} | {food_id, amount: \"2 slices\" | \"1.5碗\" | \"半斤\"} | {food_id: -1, quantity, fdc_id, name} | {quick_add: {name?, calories, protein?, fat?, carbs?}}]}: an amount is read against the food's portions (g, kg, 斤, 两, oz, lb or a portion's unit) and kept beside its grams; a quick add has no food and no grams; date is YYYY-MM-DD (local, at the meal type's usual time) or a date-time with T (UTC ISO); meal_type follows the local hour when left out. Totals come from the foods' per-100 g values; each line keeps the nutrition it was saved with.",
        params: &[(
            "tz",
            "query",
            "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
        )],
        responses: &[
            (201, "The meal"),
            (401, "Not signed in"),
            (404, "FOOD_NOT_FOUND or USDA_FOOD_NOT_FOUND"),
            (422, "VALIDATION_ERROR, naming the field"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/meals/list/",
        tag: "meals",
        summary: "Your meals, newest first: {meals, page, page_size, total, has_more}.",
        params: &[
            ("meal_type", "query", "breakfast, lunch, dinner or snack"),
            ("page", "query", "From 1"),
            ("page_size", "query", "1 to 100, default 20"),
            (
                "start_datetime_utc",
                "query",
                "Start instant (with end_datetime_utc)",
            ),
            ("end_datetime_utc", "query", "Last instant, included"),
            ("date", "query", "One local day, YYYY-MM-DD"),
            ("start_date", "query", "First local day (with end_date)"),
            ("end_date", "query", "Last local day, included"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[
            (200, "A page of meals"),
            (422, "VALIDATION_ERROR or INVALID_TIME_ZONE"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/meals/recent/",
        tag: "meals",
        summary: "Meals of the last 7 local days, newest first: {meals}.",
        params: &[
            ("limit", "query", "1 to 50, default 7"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[(200, "Meals")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/foods/favorites/",
        tag: "foods",
        summary: "Your starred foods, newest star first: {foods}.",
        params: &[],
        responses: &[(200, "Foods"), (401, "Not signed in")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/foods/recent/",
        tag: "foods",
        summary: "Foods you logged: {recent (last used first), frequent (used twice or more, most used first)}, each a food with uses, last_used_at, last_quantity (grams) and last_amount.",
        params: &[("limit", "query", "1 to 50, default 10")],
        responses: &[
            (200, "Used foods"),
            (401, "Not signed in"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/foods/{id}/favorite/",
        tag: "foods",
        summary: "Star a food (idempotent): {food}.",
        params: &[("id", "path", "Food id")],
        responses: &[
            (200, "Starred"),
            (401, "Not signed in"),
            (404, "FOOD_NOT_FOUND"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "delete",
        path: "/foods/{id}/favorite/",
        tag: "foods",
        summary: "Take a food's star away (idempotent): {food}.",
        params: &[("id", "path", "Food id")],
        responses: &[
            (200, "Not starred"),
            (401, "Not signed in"),
            (404, "FOOD_NOT_FOUND"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/meals/{id}/copy/",
        tag: "meals",
        summary: "Copy a meal to {date: YYYY-MM-DD (keeps its local time) or a date-time, meal_type?, name?}: 201 with the new meal, its lines with the values they were saved with.",
        params: &[
            ("id", "path", "Meal id"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[
            (201, "The copy"),
            (401, "Not signed in"),
            (404, "MEAL_NOT_FOUND"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/meals/copy-day/",
        tag: "meals",
        summary: "Copy every meal of {from_date} to {to_date}, each at its local time, all or nothing: 201 {count, meals}.",
        params: &[(
            "tz",
            "query",
            "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
        )],
        responses: &[
            (201, "The copies"),
            (401, "Not signed in"),
            (404, "NO_MEALS_ON_DAY"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/recipes/",
        tag: "recipes",
        summary: "Your recipes, newest first: {recipes, page, page_size, total}. A recipe: {id (also its food id), name, name_zh, servings, notes, total_grams, serving_grams, totals, per_100g, per_serving, ingredients, food}.",
        params: &[
            ("page", "query", "From 1"),
            ("page_size", "query", "1 to 100, default 20"),
        ],
        responses: &[(200, "A page of recipes"), (401, "Not signed in")],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/recipes/create/",
        tag: "recipes",
        summary: "Create a recipe {name, name_zh?, servings (more than 0, at most 100), notes?, ingredients: [{food_id, quantity} | {food_id, amount}]}: 201 with the recipe, its values worked out from the ingredients. It is also a food of yours, found in your search and logged like any food.",
        params: &[],
        responses: &[
            (201, "The recipe"),
            (401, "Not signed in"),
            (404, "FOOD_NOT_FOUND (unknown or another user's ingredient)"),
            (
                422,
                "VALIDATION_ERROR, RECIPE_TOO_DEEP (recipes inside recipes nest too deep), RECIPE_TOO_LARGE (too many foods and recipes inside, at any depth) or RECIPE_TOO_SHARED (the foods and recipes inside are in too many of your recipes already); the message says the bound",
            ),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/recipes/{id}/",
        tag: "recipes",
        summary: "One of your recipes.",
        params: &[("id", "path", "Recipe id")],
        responses: &[
            (200, "The recipe"),
            (401, "Not signed in"),
            (404, "RECIPE_NOT_FOUND"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "put",
        path: "/recipes/{id}/update/",
        tag: "recipes",
        summary: "Replace a recipe (same body as create); recipes containing it are worked out again.",
        params: &[("id", "path", "Recipe id")],
        responses: &[
            (200, "The recipe"),
            (401, "Not signed in"),
            (404, "RECIPE_NOT_FOUND or FOOD_NOT_FOUND"),
            (
                422,
                "VALIDATION_ERROR, RECIPE_CYCLE (it would contain itself), or RECIPE_TOO_DEEP, RECIPE_TOO_LARGE or RECIPE_TOO_SHARED as for create (a recipe inside others makes them deeper too)",
            ),
        ],
        content_type: JSON,
    },
    Operation {
        method: "delete",
        path: "/recipes/{id}/delete/",
        tag: "recipes",
        summary: "Delete a recipe; meals that logged it keep their lines: {id}.",
        params: &[("id", "path", "Recipe id")],
        responses: &[
            (200, "Deleted"),
            (401, "Not signed in"),
            (404, "RECIPE_NOT_FOUND"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/recipes/{id}/copy/",
        tag: "recipes",
        summary: "Copy a recipe {name?} (default \"<name> (copy)\"): 201 with the new recipe.",
        params: &[("id", "path", "Recipe id")],
        responses: &[
            (201, "The copy"),
            (401, "Not signed in"),
            (404, "RECIPE_NOT_FOUND"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/meals/plan/",
        tag: "meals",
        summary: "Save a template {start_date, end_date, meal_template: {breakfast?|lunch?|dinner?|snack?: [{food_id, quantity}]}} as one meal per day and meal type (at most 31 days), all or nothing: {meals_created, meals}.",
        params: &[(
            "tz",
            "query",
            "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
        )],
        responses: &[
            (201, "The meals"),
            (404, "FOOD_NOT_FOUND"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/meals/{id}/",
        tag: "meals",
        summary: "One of your meals.",
        params: &[
            ("id", "path", "Meal id"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[(200, "The meal"), (404, "MEAL_NOT_FOUND")],
        content_type: JSON,
    },
    Operation {
        method: "put",
        path: "/meals/{id}/update/",
        tag: "meals",
        summary: "Change a meal; fields left out stay. foods replaces the lines: a food the meal had keeps its saved nutrition unless the line says refresh: true.",
        params: &[
            ("id", "path", "Meal id"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[
            (200, "The meal"),
            (404, "MEAL_NOT_FOUND or FOOD_NOT_FOUND"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "delete",
        path: "/meals/{id}/delete/",
        tag: "meals",
        summary: "Delete a meal: {id, deleted}.",
        params: &[("id", "path", "Meal id")],
        responses: &[(200, "Deleted"), (404, "MEAL_NOT_FOUND")],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/meals/{id}/add-food/",
        tag: "meals",
        summary: "Add {food_id, quantity} (or a USDA line) to a meal; answers the meal.",
        params: &[
            ("id", "path", "Meal id"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[
            (200, "The meal"),
            (404, "MEAL_NOT_FOUND or FOOD_NOT_FOUND"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "put",
        path: "/meals/food/{id}/update/",
        tag: "meals",
        summary: "Change a line's {quantity} or {amount} (read against its food's portions); answers its meal. A quick add has no quantity (422 QUICK_ADD_HAS_NO_QUANTITY).",
        params: &[
            ("id", "path", "Meal food id"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[
            (200, "The meal"),
            (404, "MEAL_FOOD_NOT_FOUND"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "delete",
        path: "/meals/food/{id}/delete/",
        tag: "meals",
        summary: "Remove a line; answers its meal. The last line cannot go (delete the meal).",
        params: &[
            ("id", "path", "Meal food id"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[
            (200, "The meal"),
            (404, "MEAL_FOOD_NOT_FOUND"),
            (422, "LAST_MEAL_FOOD"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/meals/statistics/",
        tag: "meals",
        summary: "Statistics of local days: {start_date, end_date, is_single_day, summary, meal_breakdown, stats {date_range, totals, daily_average (over calendar days), logged_day_average (over days with a meal; zeros when none), days_logged}, top_foods, daily, macro_split, calorie_goal}.",
        params: &[
            ("date", "query", "One local day"),
            (
                "start_date",
                "query",
                "First local day (with end_date; at most 731 days)",
            ),
            ("end_date", "query", "Last local day"),
            ("all", "query", "true: from the first meal to today"),
            ("meal_type", "query", "Only this meal type"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[(200, "Statistics"), (422, "VALIDATION_ERROR")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/meals/comparison/",
        tag: "meals",
        summary: "Two local days side by side: {date1, date2, difference (date2 minus date1)}.",
        params: &[
            ("date1", "query", "YYYY-MM-DD"),
            ("date2", "query", "YYYY-MM-DD"),
            ("meal_type", "query", "Only this meal type"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[(200, "Comparison"), (422, "VALIDATION_ERROR")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/meals/daily-summary/",
        tag: "meals",
        summary: "One local day against the calorie goal: {date, calorie_goal, remaining_calories, progress_percent, summary, meal_breakdown, macro_split, meals}.",
        params: &[
            ("date", "query", "YYYY-MM-DD, default today"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[(200, "Summary")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/meals/nutrition-stats/",
        tag: "meals",
        summary: "Totals, daily averages, macro split and per-day values of a period.",
        params: &[
            ("start_date", "query", "First local day"),
            (
                "period",
                "query",
                "daily, weekly or monthly (with start_date)",
            ),
            ("end_date", "query", "Last local day (instead of period)"),
            ("start_datetime_utc", "query", "Start instant"),
            ("end_datetime_utc", "query", "End instant"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[(200, "Statistics"), (422, "VALIDATION_ERROR")],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/meals/record-weight/",
        tag: "meals",
        summary: "Record {date?, weight (kg, 20-500), notes?}; one record per local day (a second replaces it); the newest record is the profile weight.",
        params: &[(
            "tz",
            "query",
            "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
        )],
        responses: &[(201, "The record"), (422, "VALIDATION_ERROR")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/meals/weight-history/",
        tag: "meals",
        summary: "Weight records oldest first, the newest of all, and the change over the range: {start_date, end_date, records, latest, change}.",
        params: &[
            ("start_date", "query", "Default: a year before end_date"),
            ("end_date", "query", "Default: today"),
            (
                "tz",
                "query",
                "IANA time zone of the caller's days (or the X-Time-Zone header); default UTC",
            ),
        ],
        responses: &[(200, "History")],
        content_type: JSON,
    },
    Operation {
        method: "delete",
        path: "/meals/weight/{id}/delete/",
        tag: "meals",
        summary: "Delete a weight record.",
        params: &[("id", "path", "Weight record id")],
        responses: &[(200, "Deleted"), (404, "WEIGHT_NOT_FOUND")],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/images/upload/",
        tag: "images",
        summary: "Upload a photo (multipart: field image, optional notes naming foods such as \"rice, egg\"). The type is read from the bytes (JPEG, PNG, WebP), at most 10 MB and 50 megapixels, and by default at most 192 MB to decode (width × height × channels × bytes per sample, with the decoder's own working memory: a 50-megapixel 8-bit photo fits, a 16-bit or transparent one of that size does not); turned upright by its EXIF orientation, kept as a JPEG without metadata: {id, processing_status, keywords, notes, width, height}. By default each account may send 30 photos (uploads and label readings together) per 10 minutes and keep 1 GB of photos, and photos never confirmed nor saved in a meal are deleted after 30 days.",
        params: &[],
        responses: &[
            (201, "The image"),
            (401, "Not signed in"),
            (
                413,
                "IMAGE_TOO_LARGE (the file), or UPLOAD_QUOTA_EXCEEDED: the account's kept photos are at their quota; delete some to upload new ones",
            ),
            (
                415,
                "UNSUPPORTED_IMAGE, or MULTIPART_REQUIRED when the body is not multipart",
            ),
            (
                422,
                "INVALID_IMAGE, or IMAGE_TOO_LARGE (too many pixels, or too much memory to decode)",
            ),
            (
                429,
                "RATE_LIMITED: too many photos from this account; Retry-After says when to try again",
            ),
            (
                503,
                "SERVER_BUSY: too many photos are being decoded right now; Retry-After says when to try again",
            ),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/labels/read/",
        tag: "labels",
        summary: "Read a photo of a nutrition label (multipart: field image, optional barcode): a Chinese 营养成分表 or a US Nutrition Facts panel, checked like an upload (and counted in the account's upload rate) and not kept. {found, kind (gb28050|nutrition_facts|unknown), basis (per100g|per100ml|per_serving), serving_grams, barcode, fields: [{nutrient (calories|protein|fat|carbs|sodium|fiber|sugar), value per 100 g (kcal, g, sodium mg; null when unread or implausible), printed, certainty (sure|check|unread|implausible|not_on_label), confidence, doubts}], rows, took_ms}.",
        params: &[],
        responses: &[
            (200, "The label as read"),
            (401, "Not signed in"),
            (413, "IMAGE_TOO_LARGE"),
            (
                415,
                "UNSUPPORTED_IMAGE, or MULTIPART_REQUIRED when the body is not multipart",
            ),
            (
                422,
                "INVALID_IMAGE, IMAGE_TOO_LARGE (too many pixels, or too much memory to decode), INVALID_BARCODE or no image",
            ),
            (
                429,
                "RATE_LIMITED: too many photos from this account (uploads and label readings together); Retry-After says when to try again",
            ),
            (
                503,
                "LABEL_READING_UNAVAILABLE: label reading models not installed; SERVER_BUSY: too many photos are being decoded right now (Retry-After)",
            ),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/images/analyze-stream/",
        tag: "images",
        summary: "Analyse {image_id}: text/event-stream of data: {step, progress, message, foods, portions, stage_1, stage_2, stage_3, error} lines; steps start, food_detection, food_detection_complete, portion_estimation, complete or error. Closing the stream cancels the analysis.",
        params: &[],
        responses: &[
            (200, "The event stream"),
            (404, "IMAGE_NOT_FOUND"),
            (
                503,
                "RECOGNITION_UNAVAILABLE: recognition model not installed",
            ),
        ],
        content_type: "text/event-stream",
    },
    Operation {
        method: "post",
        path: "/images/analyze/",
        tag: "images",
        summary: "Analyse {image_id} and wait: {image_id, status, keywords, results, stage_1, stage_2, stage_3}.",
        params: &[],
        responses: &[
            (200, "The results"),
            (404, "IMAGE_NOT_FOUND"),
            (503, "RECOGNITION_UNAVAILABLE"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/images/{id}/results/",
        tag: "images",
        summary: "The latest analysis of an image: {image_id, processing_status, keywords, results (food, grams, per_100g, nutrition, validation {isValid, dataQuality, issues, confidence}), stage_1, stage_2, stage_3, confirmed, corrections, error}.",
        params: &[("id", "path", "Image id")],
        responses: &[(200, "The results"), (404, "IMAGE_NOT_FOUND")],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/images/confirm/",
        tag: "images",
        summary: "Confirm the results of {image_id or result_id}, with corrections (kept): {is_confirmed, corrections}.",
        params: &[],
        responses: &[
            (200, "The results"),
            (404, "IMAGE_NOT_FOUND"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/images/create-meal/",
        tag: "images",
        summary: "A meal of the recognised foods: {image_id, meal_type?, date?, meal_name?, foods? ([{food_id, quantity}], by default the results)}.",
        params: &[],
        responses: &[
            (201, "The meal"),
            (404, "IMAGE_NOT_FOUND or FOOD_NOT_FOUND"),
            (422, "VALIDATION_ERROR"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/images/list/",
        tag: "images",
        summary: "Your images, newest first: {images, page, page_size, total}.",
        params: &[
            ("page", "query", "From 1"),
            ("page_size", "query", "1 to 100, default 20"),
        ],
        responses: &[(200, "A page of images")],
        content_type: JSON,
    },
    Operation {
        method: "delete",
        path: "/images/{id}/delete/",
        tag: "images",
        summary: "Delete an image and its file.",
        params: &[("id", "path", "Image id")],
        responses: &[(200, "Deleted"), (404, "IMAGE_NOT_FOUND")],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/images/detect-barcodes/",
        tag: "barcodes",
        summary: "Read the barcodes in {image_id}: {image_id, barcodes: [{data, formatted_data, type, text, is_food}], food_barcodes_only}. EAN-13, EAN-8, UPC-A (type UPC) and UPC-E are food codes, data is their canonical GTIN (UPC-A with a leading 0, UPC-E expanded); books (ISBN) and other formats (QR_CODE, CODE_128…) are listed with is_food false.",
        params: &[],
        responses: &[
            (200, "The barcodes (possibly none)"),
            (404, "IMAGE_NOT_FOUND"),
            (422, "VALIDATION_ERROR or IMAGE_PROCESSING_FAILED"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/images/analyze-with-barcode/",
        tag: "barcodes",
        summary: "Read the barcodes in {image_id} and find or create the food of each food barcode: the detection fields plus foods [{barcode, food, is_existing, source}] and missing [{barcode, code, message}].",
        params: &[],
        responses: &[(200, "Barcodes and foods"), (404, "IMAGE_NOT_FOUND")],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/images/create-food-from-barcode/",
        tag: "barcodes",
        summary: "Find or create the food of {barcode, type?}: the foods kept here first (imported Open Food Facts and USDA branded data included), then Open Food Facts, then USDA branded foods. One food per barcode. {food, is_existing, source}.",
        params: &[],
        responses: &[
            (200, "The food"),
            (404, "BARCODE_NOT_FOUND"),
            (
                422,
                "INVALID_BARCODE, NOT_A_FOOD_BARCODE or PRODUCT_REJECTED (past the sanity rules, with the reason)",
            ),
            (503, "BARCODE_LOOKUP_UNAVAILABLE"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/images/search-openfoodfacts-barcode/",
        tag: "barcodes",
        summary: "Look {barcode} up on Open Food Facts without keeping it: {barcode, found, food, source, issues, unavailable}.",
        params: &[],
        responses: &[
            (200, "Found or not"),
            (422, "INVALID_BARCODE"),
            (503, "BARCODE_LOOKUP_UNAVAILABLE"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/images/search-usda-barcode/",
        tag: "barcodes",
        summary: "Look {barcode} up among USDA FoodData Central branded foods (gtinUpc in its printed forms) without keeping it.",
        params: &[],
        responses: &[
            (200, "Found or not"),
            (422, "INVALID_BARCODE"),
            (503, "BARCODE_LOOKUP_UNAVAILABLE"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "post",
        path: "/images/search-barcode-combined/",
        tag: "barcodes",
        summary: "Look {barcode} up here, then on Open Food Facts, then USDA: the first that knows it.",
        params: &[],
        responses: &[
            (200, "Found or not"),
            (422, "INVALID_BARCODE"),
            (503, "BARCODE_LOOKUP_UNAVAILABLE"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/jobs/{id}/",
        tag: "jobs",
        summary: "A job run: status, attempts, latest progress, result or error.",
        params: &[("id", "path", "Job id (UUID)")],
        responses: &[
            (200, "The job"),
            (400, "Not a job id"),
            (404, "No such job"),
        ],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/jobs/{id}/events/",
        tag: "jobs",
        summary: "Server-sent events of the job's progress: the current state first, then each newer event until a terminal one (completed, failed, cancelled). Each event's id is its sequence number; send Last-Event-ID to resume.",
        params: &[
            ("id", "path", "Job id (UUID)"),
            (
                "Last-Event-ID",
                "header",
                "Sequence number of the last event received",
            ),
        ],
        responses: &[
            (200, "text/event-stream of progress events"),
            (404, "No such job"),
        ],
        content_type: "text/event-stream",
    },
    Operation {
        method: "post",
        path: "/jobs/{id}/cancel/",
        tag: "jobs",
        summary: "Stops the job: a queued job never runs, a running one stops at its next step. data.cancelled is false when it had already finished.",
        params: &[("id", "path", "Job id (UUID)")],
        responses: &[(200, "Cancellation recorded"), (404, "No such job")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/openapi.json",
        tag: "ops",
        summary: "This document.",
        params: &[],
        responses: &[(200, "OpenAPI 3.1 document")],
        content_type: JSON,
    },
    Operation {
        method: "get",
        path: "/docs",
        tag: "ops",
        summary: "A page to browse this document.",
        params: &[],
        responses: &[(200, "HTML page")],
        content_type: "text/html",
    },
];

/// Calls that answer a file to save (a JSON or CSV download) rather than an envelope.
const FILE_DOWNLOADS: &[&str] = &["/users/export/", "/users/export/meals.csv"];

/// A JSON object of optional properties, each of a JSON Schema type.
fn object(properties: &[(&str, Value)]) -> Value {
    let properties: serde_json::Map<String, Value> = properties
        .iter()
        .map(|(name, schema)| ((*name).to_owned(), schema.clone()))
        .collect();
    json!({"type": "object", "properties": properties})
}

fn of(kind: &str) -> Value {
    json!({"type": kind})
}

/// The request body of a call that takes one, as JSON Schema: what a caller (or the
/// fuzzer run against this document) may send. Bodies are checked by the server, so the
/// schemas name the fields and their types, and leave the rules to the server.
fn request_body(method: &str, path: &str) -> Option<Value> {
    let (s, n, i) = (of("string"), of("number"), of("integer"));
    let quick_add = object(&[
        ("name", s.clone()),
        ("calories", n.clone()),
        ("protein", n.clone()),
        ("fat", n.clone()),
        ("carbs", n.clone()),
    ]);
    let line = object(&[
        ("food_id", i.clone()),
        ("quantity", n.clone()),
        ("amount", s.clone()),
        ("fdc_id", i.clone()),
        ("refresh", of("boolean")),
        ("quick_add", quick_add),
    ]);
    let lines = json!({"type": "array", "items": line});
    let meal = object(&[
        ("name", s.clone()),
        ("date", s.clone()),
        ("meal_type", s.clone()),
        ("notes", s.clone()),
        ("foods", lines.clone()),
    ]);
    let portion = object(&[
        ("grams", n.clone()),
        ("name", s.clone()),
        ("name_zh", s.clone()),
    ]);
    let custom_food = object(&[
        ("name", s.clone()),
        ("calories", n.clone()),
        ("protein", n.clone()),
        ("fat", n.clone()),
        ("carbs", n.clone()),
        ("fiber", n.clone()),
        ("sugar", n.clone()),
        ("sodium", n.clone()),
        ("brand", s.clone()),
        ("portions", json!({"type": "array", "items": portion})),
        ("copied_from", i.clone()),
        ("barcode", s.clone()),
    ]);
    let ingredient = object(&[
        ("food_id", i.clone()),
        ("quantity", n.clone()),
        ("amount", s.clone()),
    ]);
    let recipe = object(&[
        ("name", s.clone()),
        ("name_zh", s.clone()),
        ("servings", n.clone()),
        ("notes", s.clone()),
        ("ingredients", json!({"type": "array", "items": ingredient})),
    ]);
    let image = object(&[("image_id", i.clone())]);
    let barcode = object(&[("barcode", s.clone()), ("type", s.clone())]);
    let email = object(&[("email", s.clone())]);
    let schema = match (method, path) {
        ("post", "/auth/register/") => object(&[
            ("username", s.clone()),
            ("email", s.clone()),
            ("password", s.clone()),
            ("nickname", s.clone()),
        ]),
        ("post", "/auth/login/") => object(&[("username", s.clone()), ("password", s.clone())]),
        ("post", "/auth/refresh/") => object(&[("refresh", s.clone())]),
        ("post", "/auth/logout/") => object(&[("refresh_token", s.clone())]),
        ("post", "/auth/verify-email/") => object(&[("token", s.clone())]),
        ("post", "/auth/resend-verification/" | "/auth/password-reset/") => email,
        ("post", "/auth/password-reset-confirm/") => {
            object(&[("token", s.clone()), ("password", s.clone())])
        }
        ("put", "/users/profile/") => object(&[
            ("nickname", s.clone()),
            ("date_of_birth", s.clone()),
            ("gender", s.clone()),
            ("height", n.clone()),
            ("weight", n.clone()),
            ("daily_calorie_goal", i.clone()),
            ("activity_level", s.clone()),
            ("macro_goal_unit", s.clone()),
            ("protein_goal", n.clone()),
            ("fat_goal", n.clone()),
            ("carbs_goal", n.clone()),
        ]),
        ("post", "/users/change-password/") => {
            object(&[("current_password", s.clone()), ("new_password", s.clone())])
        }
        ("delete", "/users/account/") => object(&[("password", s.clone())]),
        ("post", "/foods/create/") | ("put", "/foods/{id}/update/") => custom_food,
        ("post", "/foods/usda/create/") => {
            object(&[("fdc_id", i.clone()), ("custom_name", s.clone())])
        }
        ("post", "/meals/create/") | ("put", "/meals/{id}/update/") => meal,
        ("post", "/meals/{id}/add-food/") => line,
        ("put", "/meals/food/{id}/update/") => {
            object(&[("quantity", n.clone()), ("amount", s.clone())])
        }
        ("post", "/meals/plan/") => object(&[
            ("start_date", s.clone()),
            ("end_date", s.clone()),
            (
                "meal_template",
                json!({"type": "object", "additionalProperties": lines}),
            ),
        ]),
        ("post", "/meals/{id}/copy/") => object(&[
            ("date", s.clone()),
            ("meal_type", s.clone()),
            ("name", s.clone()),
        ]),
        ("post", "/meals/copy-day/") => object(&[("from_date", s.clone()), ("to_date", s.clone())]),
        ("post", "/meals/record-weight/") => object(&[
            ("date", s.clone()),
            ("weight", n.clone()),
            ("notes", s.clone()),
        ]),
        ("post", "/recipes/create/") | ("put", "/recipes/{id}/update/") => recipe,
        ("post", "/recipes/{id}/copy/") => object(&[("name", s.clone())]),
        (
            "post",
            "/images/analyze-stream/"
            | "/images/analyze/"
            | "/images/detect-barcodes/"
            | "/images/analyze-with-barcode/",
        ) => image,
        ("post", "/images/confirm/") => object(&[
            ("image_id", i.clone()),
            ("result_id", i.clone()),
            ("is_confirmed", of("boolean")),
            (
                "corrections",
                json!({"type": "array", "items": {"type": "object"}}),
            ),
        ]),
        ("post", "/images/create-meal/") => object(&[
            ("image_id", i.clone()),
            ("meal_type", s.clone()),
            ("date", s.clone()),
            ("meal_name", s.clone()),
        ]),
        (
            "post",
            "/images/create-food-from-barcode/"
            | "/images/search-openfoodfacts-barcode/"
            | "/images/search-usda-barcode/"
            | "/images/search-barcode-combined/",
        ) => barcode,
        ("post", "/labels/read/") => {
            return Some(
                json!({"required": true, "content": {"multipart/form-data": {"schema":
                {"type": "object", "required": ["image"], "properties": {
                    "image": {"type": "string", "format": "binary"}, "barcode": s}}}}}),
            );
        }
        ("post", "/images/upload/") => {
            return Some(
                json!({"required": true, "content": {"multipart/form-data": {"schema":
                {"type": "object", "required": ["image"], "properties": {
                    "image": {"type": "string", "format": "binary"}, "notes": s}}}}}),
            );
        }
        _ => return None,
    };
    Some(json!({"content": {JSON: {"schema": schema}}}))
}

/// What every creating POST says of `Idempotency-Key`.
const IDEMPOTENCY: &str = "Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried.";

pub fn openapi_document() -> Value {
    let mut paths = serde_json::Map::new();
    for op in OPERATIONS {
        let mut parameters: Vec<Value> = op
            .params
            .iter()
            .map(|(name, location, description)| {
                json!({"name": name, "in": location, "required": *location == "path",
                       "description": description, "schema": {"type": "string"}})
            })
            .collect();
        let idempotent = op.method == "post"
            && !op.path.starts_with("/auth/")
            && !op.path.trim_end_matches('/').ends_with("-stream");
        if idempotent {
            parameters.push(
                json!({"name": "Idempotency-Key", "in": "header", "required": false,
                "description": IDEMPOTENCY,
                "schema": {"type": "string", "pattern": "^[!-~]{1,255}$"}}),
            );
        }
        let mut responses: serde_json::Map<String, Value> = op
            .responses
            .iter()
            .map(|(status, description)| {
                let schema = if *status < 400 && FILE_DOWNLOADS.contains(&op.path) {
                    if op.content_type == JSON {
                        json!({"type": "object"})
                    } else {
                        json!({"type": "string"})
                    }
                } else if *status < 400 {
                    json!({"$ref": "#/components/schemas/Success"})
                } else {
                    json!({"$ref": "#/components/schemas/Failure"})
                };
                let content_type = if *status < 400 { op.content_type } else { JSON };
                (
                    status.to_string(),
                    json!({"description": description,
                           "content": {content_type: {"schema": schema}}}),
                )
            })
            .collect();
        // Any other status is a failure in the envelope too (401, 413, 429, …).
        responses.insert(
            "default".into(),
            json!({"description": "A failure",
                   "content": {JSON: {"schema": {"$ref": "#/components/schemas/Failure"}}}}),
        );
        if idempotent {
            for (status, description) in [
                (
                    "409",
                    "IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After)",
                ),
                (
                    "422",
                    "INVALID_IDEMPOTENCY_KEY, or IDEMPOTENCY_KEY_REUSED for another request",
                ),
            ] {
                responses.entry(status).or_insert_with(|| {
                    json!({"description": description,
                           "content": {JSON: {"schema": {"$ref": "#/components/schemas/Failure"}}}})
                });
            }
        }
        let mut operation = json!({"tags": [op.tag], "summary": op.summary,
               "parameters": parameters, "responses": responses,
               "security": [{}, {"bearer": []}]});
        if let Some(body) = request_body(op.method, op.path) {
            operation["requestBody"] = body;
        }
        let entry = paths
            .entry(op.path)
            .or_insert_with(|| json!({}))
            .as_object_mut()
            .expect("path items are objects");
        entry.insert(op.method.into(), operation);
    }
    json!({
        "openapi": "3.1.0",
        "info": {
            "title": "Calorie tracker API",
            "version": env!("CARGO_PKG_VERSION"),
            "description": "Every answer is an envelope {success, data, error: {message, code}}. Paths accept a trailing slash or none. Send Authorization: Bearer <access token> where a call needs a user. A signed-in POST (a save, a copy, a quick add, a custom food, a recipe, a weight, an upload) may send Idempotency-Key so that a retry creates nothing twice."
        },
        "servers": [{"url": "/api/v1"}],
        "paths": paths,
        "components": {
            "securitySchemes": {"bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT"}},
            "schemas": {
                "Success": {"type": "object", "required": ["success", "data"],
                    "properties": {"success": {"const": true}, "data": {}, "error": {"type": "null"}}},
                "Failure": {"type": "object", "required": ["success", "error"],
                    "properties": {"success": {"const": false}, "data": {"type": "null"},
                        "error": {"type": "object", "required": ["message", "code"],
                            "properties": {"message": {"type": "string"}, "code": {"type": "string"}}}}}
            }
        }
    })
}
