// Generated from the API's OpenAPI document by scripts/gen-api-types.mjs (openapi-typescript).
// Do not edit: run `make api-types` after changing the API's views, and derive the app's
// types from these (src/types/, src/features/*/types.ts).

export interface paths {
    "/auth/login/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with {username (or email), password}: {access, refresh, user}. */
        post: operations["auth_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/logout/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End the session of {refresh_token} (also taken as {refresh}). */
        post: operations["auth_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password-reset-confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password with the mailed {token, password}; every session ends. */
        post: operations["auth_password_reset_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/password-reset/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a reset link (valid 1 hour) to {email}; the same answer whether or not an account exists. */
        post: operations["auth_password_reset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/refresh/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate {refresh}: a new {access, refresh}; a reused refresh token ends its whole session. */
        post: operations["auth_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/register/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign up with {username, email, password, nickname}: 201 with {access, refresh, user, verification_sent}; a verification link is mailed. */
        post: operations["auth_register"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/resend-verification/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a new verification link to {email}; the same answer whether or not an account exists. */
        post: operations["auth_resend_verification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/user/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in user. */
        get: operations["auth_current_user"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/verify-email/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the address with the mailed {token}; signs in: {token, refresh_token, user}. */
        post: operations["auth_verify_email"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A page to browse this document. */
        get: operations["ops_docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/create/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a custom food from {name, calories, protein?, fat?, carbs?, fiber?, sugar?, sodium?, portions?, copied_from?, barcode?} per 100 g; a barcode (8, 12, 13 or 14 digits) finds the food in your barcode lookups next time. */
        post: operations["foods_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/favorites/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your starred foods, newest star first: {foods}. */
        get: operations["foods_favorites"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/parse-meal/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A meal in words read into lines: {meal_type, items: [{text, food, grams, amount: {count, unit}, certainty: {level, score}, alternatives}], unmatched}; meal_type is the meal the text opens by naming ("午饭吃了…", "for lunch I had…"), else null. */
        post: operations["foods_parse_meal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/recent/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Foods you logged: {recent (last used first), frequent (used twice or more, most used first)}, each a food with uses, last_used_at, last_quantity (grams) and last_amount. */
        get: operations["foods_recent_foods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/search/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search the catalogue, USDA and Open Food Facts foods and (signed in) your custom foods: English, Chinese, pinyin, prefixes, typos and short forms. {query, foods, took_ms, exact}: exact is false when no food matches every word and the foods are only the closest; fiber/sugar/sodium_per_100g are null where the food's source does not give them. Signed-in searches are kept in the history. */
        get: operations["foods_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/search/history/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your recent searches, newest first: {history: [{query, searched_at, count}]}. */
        get: operations["foods_search_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/usda/create/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a USDA food to log it, from {fdc_id, custom_name?}: the shared read-only food (the same one for every caller), or with custom_name a custom copy. */
        post: operations["usda_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/usda/nutrition/{fdc_id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One USDA food's nutrients per 100 g (a FetchUsdaFood job; kept as a local food): {food_id, fdc_id, food_description, brand_owner, nutrients}. */
        get: operations["usda_nutrition"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/usda/search/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Search USDA FoodData Central live (answers cached an hour): {foods, usda_available, message?}; foods kept here carry their id. When USDA cannot be reached (or rate limits us) it answers from the USDA foods kept here with usda_available false. */
        get: operations["usda_search"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/user/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your custom foods, newest first: {foods, page, page_size, total}. */
        get: operations["foods_user_foods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One food (another user's custom food is not found). */
        get: operations["foods_food"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/{id}/delete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete your custom food: {removed_from_meals, meal_count, meal_foods_count}; saved meals keep their nutrition. */
        delete: operations["foods_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/{id}/favorite/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Star a food (idempotent): {food}. */
        post: operations["foods_star"];
        /** Take a food's star away (idempotent): {food}. */
        delete: operations["foods_unstar"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/foods/{id}/update/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change your custom food (same body as create). */
        put: operations["foods_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers, with its version. */
        get: operations["health_health"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: database and queue answer; names the mode, database, queue, bus and where workers run. */
        get: operations["health_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/analyze-stream/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Analyse {image_id}: starts the analysis unless one runs for the image (then attaches to it), and relays it as text/event-stream: the events so far (after Last-Event-ID when sent), then each new one, of data: {step, progress, message, foods, portions, stage_1, stage_2, stage_3, error} lines; steps start, food_detection, food_detection_complete, portion_estimation, complete or error. Each event's id grows within the image. The analysis runs on the workers: closing the stream changes nothing (POST /images/{id}/cancel stops it). */
        post: operations["images_analyze_stream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/analyze-with-barcode/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read the barcodes in {image_id} and find or create the food of each food barcode: the detection fields plus foods [{barcode, food, is_existing, source}] and missing [{barcode, code, message}]. */
        post: operations["barcodes_analyze_with_barcode"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/analyze/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Analyse {image_id} (or attach to its running analysis) and wait about 2 s: {image_id, status, keywords, results, stage_1, stage_2, stage_3} when it ended by then; else 202 {status: processing, progress, message, events: its event stream, result: the results to read once it ends}. */
        post: operations["images_analyze"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/confirm/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the results of {image_id or result_id}, with corrections (kept): {is_confirmed, corrections}. */
        post: operations["images_confirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/create-food-from-barcode/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Find or create the food of {barcode, type?}: the foods kept here first (imported Open Food Facts and USDA branded data included), then Open Food Facts, then USDA branded foods. One food per barcode. {food, is_existing, source}. */
        post: operations["barcodes_create_food"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/create-meal/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A meal of the recognised foods: {image_id, meal_type?, date?, meal_name?, foods? ([{food_id, quantity}], by default the results)}. */
        post: operations["images_create_meal"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/detect-barcodes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read the barcodes in {image_id}: {image_id, barcodes: [{data, formatted_data, type, text, is_food}], food_barcodes_only}. EAN-13, EAN-8, UPC-A (type UPC) and UPC-E are food codes, data is their canonical GTIN (UPC-A with a leading 0, UPC-E expanded); books (ISBN) and other formats (QR_CODE, CODE_128…) are listed with is_food false. */
        post: operations["barcodes_detect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/list/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your images, newest first: {images, page, page_size, total}. */
        get: operations["images_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/search-barcode-combined/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Look {barcode} up here, then on Open Food Facts, then USDA: the first that knows it. */
        post: operations["barcodes_search_combined"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/search-openfoodfacts-barcode/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Look {barcode} up on Open Food Facts without keeping it: {barcode, found, food, source, issues, unavailable}. */
        post: operations["barcodes_search_off"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/search-usda-barcode/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Look {barcode} up among USDA FoodData Central branded foods (gtinUpc in its printed forms) without keeping it. */
        post: operations["barcodes_search_usda"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/upload/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload a photo (multipart: field image, optional notes naming foods such as "rice, egg"). The type is read from the bytes (JPEG, PNG, WebP), at most 10 MB and 50 megapixels, and by default at most 192 MB to decode (width × height × channels × bytes per sample, with the decoder's own working memory: a 50-megapixel 8-bit photo fits, a 16-bit or transparent one of that size does not); only its header is read here: the photo is kept as sent and a worker then turns it upright by its EXIF orientation, scales it and keeps it as a JPEG without metadata (an analysis or barcode reading that comes first does this first): {id, processing_status, keywords, notes, width, height (as it is kept, upright)}. A photo whose header reads but whose picture does not decode is refused when it is analysed (INVALID_IMAGE in the analysis). By default each account may send 30 photos (uploads and label readings together) per 10 minutes and keep 1 GB of photos, and photos never confirmed nor saved in a meal are deleted after 30 days. */
        post: operations["images_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/{id}/cancel/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel the image's running analysis: its streams end with step error, code CANCELLED ("Analysis cancelled by user"), and its status becomes cancelled. data.cancelled is false when none was running. */
        post: operations["images_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/{id}/delete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete an image and its file. */
        delete: operations["images_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/{id}/events/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The events of the image's latest analysis as text/event-stream (the same data lines as analyze-stream): those recorded so far, after Last-Event-ID when sent, then each new one until complete or error. Starts nothing; 204 when Last-Event-ID is already the final event. */
        get: operations["images_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/images/{id}/results/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The latest analysis of an image: {image_id, processing_status, keywords, results (food, grams, per_100g, nutrition, validation {isValid, dataQuality, issues, confidence}), stage_1, stage_2, stage_3, confirmed, corrections, error}. */
        get: operations["images_results"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A job run: status, attempts, latest progress, result or error. */
        get: operations["jobs_job"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}/cancel/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stops the job: a queued job never runs, a running one stops at its next step. data.cancelled is false when it had already finished. */
        post: operations["jobs_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}/events/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Server-sent events of the job's progress: the current state first, then each newer event until a terminal one (completed, failed, cancelled). Each event's id is its sequence number; send Last-Event-ID to resume. */
        get: operations["jobs_events"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/jobs/{id}/result/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The answer of the call that queued the job, once the job is done, in that call's own shape (a label as read, a barcode's food, a USDA food's nutrients); the same 202 while it runs; its failure as that call's error. */
        get: operations["jobs_result"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/labels/read/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read a photo of a nutrition label (multipart: field image, optional barcode): a Chinese 营养成分表 or a US Nutrition Facts panel, checked like an upload (and counted in the account's upload rate) and not kept. {found, kind (gb28050|nutrition_facts|unknown), basis (per100g|per100ml|per_serving), serving_grams, barcode, fields: [{nutrient (calories|protein|fat|carbs|sodium|fiber|sugar), value per 100 g (kcal, g, sodium mg; null when unread or implausible), printed, certainty (sure|check|unread|implausible|not_on_label), confidence, doubts}], rows, took_ms}. Read on a worker: when the reading takes longer than about 2 s, 202 with the job to follow and GET /jobs/{id}/result for the answer. */
        post: operations["labels_read"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/comparison/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Two local days side by side: {date1, date2, difference (date2 minus date1)}. */
        get: operations["meal_stats_comparison"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/copy-day/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy every meal of {from_date} to {to_date}, each at its local time, all or nothing: 201 {count, meals}. */
        post: operations["meals_copy_day"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/create/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a meal from {name?, date?, meal_type?, notes?, foods: [{food_id, quantity} | {food_id, amount: "2 slices" | "1.5碗" | "半斤"} | {food_id: -1, quantity, fdc_id, name} | {quick_add: {name?, calories, protein?, fat?, carbs?}}]}: an amount is read against the food's portions (g, kg, 斤, 两, oz, lb or a portion's unit) and kept beside its grams; a quick add has no food and no grams; date is YYYY-MM-DD (local, at the meal type's usual time) or a date-time with T (UTC ISO); meal_type follows the local hour when left out. Totals come from the foods' per-100 g values; each line keeps the nutrition it was saved with. */
        post: operations["meals_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/daily-summary/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One local day against the calorie goal: {date, calorie_goal, remaining_calories, progress_percent, summary, meal_breakdown, macro_split, meals}. */
        get: operations["meal_stats_daily_summary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/food/{id}/delete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a line; answers its meal. The last line cannot go (delete the meal). */
        delete: operations["meals_delete_line"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/food/{id}/update/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a line's {quantity} or {amount} (read against its food's portions); answers its meal. A quick add has no quantity (422 QUICK_ADD_HAS_NO_QUANTITY). */
        put: operations["meals_update_line"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/list/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your meals, newest first: {meals, page, page_size, total, has_more}. */
        get: operations["meals_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/nutrition-stats/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Totals, daily averages, macro split and per-day values of a period. */
        get: operations["meal_stats_nutrition_stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/plan/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Save a template {start_date, end_date, meal_template: {breakfast?|lunch?|dinner?|snack?: [{food_id, quantity}]}} as one meal per day and meal type (at most 31 days), all or nothing: {meals_created, meals}. */
        post: operations["meals_plan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/recent/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Meals of the last 7 local days, newest first: {meals}. */
        get: operations["meals_recent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/record-weight/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Record {date?, weight (kg, 20-500), notes?}; one record per local day (a second replaces it); the newest record is the profile weight. */
        post: operations["weight_record"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/statistics/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Statistics of local days: {start_date, end_date, is_single_day, summary, meal_breakdown, stats {date_range, totals, daily_average (over calendar days), logged_day_average (over days with a meal; zeros when none), days_logged}, top_foods, daily, macro_split, calorie_goal}. */
        get: operations["meal_stats_statistics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/weight-history/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Weight records oldest first, the newest of all, and the change over the range: {start_date, end_date, records, latest, change}. */
        get: operations["weight_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/weight/{id}/delete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a weight record. */
        delete: operations["weight_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of your meals. */
        get: operations["meals_one"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/{id}/add-food/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add {food_id, quantity} (or a USDA line) to a meal; answers the meal. */
        post: operations["meals_add_food"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/{id}/copy/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a meal to {date: YYYY-MM-DD (keeps its local time) or a date-time, meal_type?, name?}: 201 with the new meal, its lines with the values they were saved with. */
        post: operations["meals_copy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/{id}/delete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a meal: {id, deleted}. */
        delete: operations["meals_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/meals/{id}/update/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a meal; fields left out stay. foods replaces the lines: a food the meal had keeps its saved nutrition unless the line says refresh: true. */
        put: operations["meals_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document. */
        get: operations["ops_openapi"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recipes/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your recipes, newest first: {recipes, page, page_size, total}. A recipe: {id (also its food id), name, name_zh, servings, notes, total_grams, serving_grams, totals, per_100g, per_serving, ingredients, food}. */
        get: operations["recipes_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recipes/create/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a recipe {name, name_zh?, servings (more than 0, at most 100), notes?, ingredients: [{food_id, quantity} | {food_id, amount}]}: 201 with the recipe, its values worked out from the ingredients. It is also a food of yours, found in your search and logged like any food. */
        post: operations["recipes_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recipes/{id}/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of your recipes. */
        get: operations["recipes_one"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recipes/{id}/copy/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Copy a recipe {name?} (default "<name> (copy)"): 201 with the new recipe. */
        post: operations["recipes_copy"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recipes/{id}/delete/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a recipe; meals that logged it keep their lines: {id}. */
        delete: operations["recipes_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/recipes/{id}/update/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Replace a recipe (same body as create); recipes containing it are worked out again. */
        put: operations["recipes_update"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/account/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the account and all its data, its photos' files included; {password} confirms. */
        delete: operations["users_delete_account"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/change-password/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** {current_password, new_password}: new {access, refresh} for this client; every other session ends. */
        post: operations["users_change_password"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/energy-expenditure/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** {estimated_kcal_per_day, formula_kcal_per_day, confidence (low|medium|high), days_used, days_weighed, weight_trend_kg_per_week, intake_kcal_per_day, data_share, suggested_goal_kcal, aim_kg_per_week, current_goal_kcal, first_day, last_day, reasons [{code, message, …}], trend [{date, weight_kg, trend_kg}]} over the 28 local days up to yesterday. Fewer than 7 weighed days, fewer than 7 days logged in full, meals logged in full on under half the days, or meals and weights that cannot both be right (data_does_not_add_up), give confidence low and the formula's value. */
        get: operations["users_energy_expenditure"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/export/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** All of the user's data as a JSON download (not enveloped): {exported_at, user, profile, meals (oldest first, dated in the caller's time zone: tz or X-Time-Zone), weights, custom_foods, recipes, favorites}; POST /users/import reads it back into a new account. Sent while it is written: a download the server cannot finish (a failure midway) ends with the connection aborted, never as a shorter file that reads as whole. One export (JSON or CSV) per user at a time, and a bounded number per server. */
        get: operations["users_export_json"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/export/meals.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The user's meals as a CSV download, one row per food, oldest first: meal_id,date,time,meal_type,meal_name,food_name,food_name_zh,quantity_g,calories,protein_g,fat_g,carbs_g,fiber_g,sugar_g,sodium_mg, then the 24 micronutrient keys of food objects (vitamin_a_ug … polyunsaturated_fat_g: what the quantity holds, empty where the food does not give it). Sent while it is written, and limited, as the JSON export is. */
        get: operations["users_export_meals_csv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/import/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read an account's JSON export (GET /users/export, as downloaded) back into this account, which must have no meals, custom foods, recipes or weights yet: its custom foods, recipes, meals (each line with the values it was logged with), weights, stars and goals. Everything is checked first; nothing is written unless all of it is. At most 32 MB. A shared food is linked where one of that id and name is here; else a line keeps its values without a food, and a star is dropped. */
        post: operations["users_import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/users/profile/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** {user: {username, email, nickname}, profile: {date_of_birth, gender, height, weight, daily_calorie_goal, activity_level, macro_goal_unit, protein_goal, fat_goal, carbs_goal, body_data_set, weight_aim_kg_per_week}} (activity, the macro goals and the aim null when unset; body_data_set false until body data (gender, date_of_birth, height or weight) is saved, when those are the defaults). */
        get: operations["users_profile"];
        /** Change any of nickname, date_of_birth (past, at most 130 years ago), gender, height (50-272 cm), weight (2-650 kg), daily_calorie_goal (500-10000 kcal), activity_level (sedentary|lightly_active|moderately_active|very_active|extra_active), macro_goal_unit (g|percent), protein_goal, fat_goal, carbs_goal (all three or none; 0-1000 g, or 0-100 % adding up to 100 ±1), weight_aim_kg_per_week (-1 to 0.5 kg a week, negative to lose); null clears the nullable ones; every broken rule is reported by field name and nothing is saved. */
        put: operations["users_update_profile"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /**
         * @description 202: the work goes on on the workers (a USDA food fetched on first use, a barcode
         *     looked up abroad, a label or a photo read). Follow `events` (server-sent events) to
         *     its end; then `GET result` gives the call's answer, or, when `result` is null, the
         *     same call again answers at once.
         */
        Accepted: {
            /** @description The server-sent events to follow (`Last-Event-ID` to resume). */
            events: string;
            job_id?: null | components["schemas"]["JobId"];
            message: string;
            /**
             * Format: int32
             * @description How far the work is, in percent.
             */
            progress: number;
            /** @description Where the answer is once the work is done; null: send the same call again. */
            result?: string | null;
            /** @description `queued`, `running` or `retrying` (a job), `processing` (a photo's analysis). */
            status: string;
        };
        AccountDeleted: {
            deleted: boolean;
        };
        /** @description Another food a recognised one may be, ready to take its place. */
        AlternativeFood: {
            count_basis?: null | components["schemas"]["CountBasis"];
            /** Format: double */
            estimated_grams: number;
            /** Format: int64 */
            food_id?: number | null;
            /** Format: double */
            grams_per_item?: number | null;
            /**
             * Format: int32
             * @description The user's confirmed photos that taught this food, when they suggested it.
             */
            learned_examples?: number | null;
            name: string;
            name_zh?: string | null;
            per_100g: components["schemas"]["Nutrients"];
            portion_description: string;
            portion_description_zh?: string | null;
            /** Format: float */
            score: number;
            source?: null | components["schemas"]["CandidateSource"];
        };
        /**
         * @description An event of a photo's analysis as clients receive it (SPEC §7 analyze-stream: one
         *     `data:` line of `{step, progress, message, …}`): what each step carries is its
         *     variant's fields. The stage results are those stored with the image when it is sent.
         */
        AnalysisUpdate: {
            /** Format: int64 */
            image_id: number;
            message: string;
            /** Format: int32 */
            progress: number;
            /** @enum {string} */
            step: "start";
        } | {
            message: string;
            /** Format: int32 */
            progress: number;
            /** @enum {string} */
            step: "food_detection";
        } | {
            foods?: components["schemas"]["FoodType"][] | null;
            message: string;
            /** Format: int32 */
            progress: number;
            stage_1?: null | components["schemas"]["DetectionStage"];
            /** @enum {string} */
            step: "food_detection_complete";
        } | {
            message: string;
            portions?: components["schemas"]["PortionEstimate"][] | null;
            /** Format: int32 */
            progress: number;
            stage_2?: null | components["schemas"]["PortionStage"];
            /** @enum {string} */
            step: "portion_estimation";
        } | {
            /** @description False when the photo shows no food at all. */
            food_found?: boolean | null;
            foods?: components["schemas"]["RecognizedFood"][] | null;
            /** Format: int64 */
            image_id: number;
            memory?: null | components["schemas"]["RememberedMeal"];
            message: string;
            plate_warning?: null | components["schemas"]["PlateWarning"];
            portions?: components["schemas"]["PortionEstimate"][] | null;
            /** Format: int32 */
            progress: number;
            stage_1?: null | components["schemas"]["DetectionStage"];
            stage_2?: null | components["schemas"]["PortionStage"];
            stage_3?: null | components["schemas"]["NutritionStage"];
            /** @enum {string} */
            step: "complete";
        } | {
            error: components["schemas"]["EventError"];
            message: string;
            /** Format: int32 */
            progress: number;
            /** @enum {string} */
            step: "error";
        };
        BarcodeFoodView: {
            barcode: string;
            food: components["schemas"]["FoodView"];
            is_existing: boolean;
            source: components["schemas"]["BarcodeSource"];
        };
        /** @description The barcodes of a photo and the food of each food barcode. */
        BarcodeFoodsView: components["schemas"]["DetectionView"] & {
            foods: components["schemas"]["BarcodeFoodView"][];
            /** @description Food barcodes no food could be found or made for, each with why. */
            missing: components["schemas"]["MissingView"][];
        };
        /** @description A lookup's answer: the food (stored, or as the outside database describes it). */
        BarcodeSearchView: {
            barcode: string;
            food?: null | components["schemas"]["FoodView"];
            found: boolean;
            /** @description Why the product would be refused if saved (SPEC §9 sanity rules); empty if fine. */
            issues: string[];
            source?: null | components["schemas"]["BarcodeSource"];
            /** @description Sources that could not be asked, and why. */
            unavailable: string[];
        };
        /**
         * @description Where a barcode's food may be found, in the order they are asked.
         * @enum {string}
         */
        BarcodeSource: "local" | "openfoodfacts" | "usda";
        /**
         * @description What the printed values are given for.
         * @enum {string}
         */
        Basis: "per100g" | "per100ml" | "per_serving";
        /** @description A box in the pixels of the (oriented) image: left, top, width, height. */
        BoundingBox: {
            /** Format: float */
            height: number;
            /** Format: float */
            width: number;
            /** Format: float */
            x: number;
            /** Format: float */
            y: number;
        };
        Cancelled: {
            cancelled: boolean;
        };
        CancelledView: {
            /** @description False when no analysis of the image was running. */
            cancelled: boolean;
        };
        /** @description One food a photo may show: a shipped food's key and how likely it is. */
        Candidate: {
            /** @description A catalogue or dish key, or `fdc:<id>` of the shipped USDA foods. */
            food_key: string;
            /** @description The model's class: `dish:红烧肉`, `imagenet:963`, `coco:pizza`. */
            label: string;
            /** Format: float */
            score: number;
            source: components["schemas"]["CandidateSource"];
        };
        /** @enum {string} */
        CandidateSource: "memory" | "learned" | "dish_model" | "imagenet" | "detector" | "notes" | "vision";
        /**
         * @description How far a field's value can be trusted, in the words the dialog shows.
         * @enum {string}
         */
        Certainty: "sure" | "check" | "unread" | "implausible" | "not_on_label";
        /**
         * @description How sure the recogniser is, in three words a user reads.
         * @enum {string}
         */
        CertaintyLevel: "sure" | "likely" | "unsure";
        Comparison: {
            date1: components["schemas"]["DayTotals"];
            date2: components["schemas"]["DayTotals"];
            /** @description `date2` minus `date1`. */
            difference: components["schemas"]["Macros"];
        };
        /** @enum {string} */
        Confidence: "low" | "medium" | "high";
        /**
         * @description How the number of items of a countable food (pancakes, dumplings, buns, eggs, slices)
         *     was reached.
         * @enum {string}
         */
        CountBasis: "counted" | "assumed" | "whole";
        /** @description For each micronutrient, the share (0 to 1) of the grams its value comes from: of a recipe's ingredients, or of what was eaten. Below 1, the value is what that share holds and the rest is unknown. */
        Coverage: {
            /** @description mg */
            calcium_mg?: number | null;
            /** @description mg */
            cholesterol_mg?: number | null;
            /** @description mg */
            copper_mg?: number | null;
            /** @description µg */
            folate_ug?: number | null;
            /** @description mg */
            iron_mg?: number | null;
            /** @description mg */
            magnesium_mg?: number | null;
            /** @description mg */
            manganese_mg?: number | null;
            /** @description g */
            monounsaturated_fat_g?: number | null;
            /** @description mg */
            niacin_mg?: number | null;
            /** @description mg */
            phosphorus_mg?: number | null;
            /** @description g */
            polyunsaturated_fat_g?: number | null;
            /** @description mg */
            potassium_mg?: number | null;
            /** @description mg */
            riboflavin_mg?: number | null;
            /** @description g */
            saturated_fat_g?: number | null;
            /** @description µg */
            selenium_ug?: number | null;
            /** @description mg */
            thiamin_mg?: number | null;
            /** @description µg */
            vitamin_a_ug?: number | null;
            /** @description µg */
            vitamin_b12_ug?: number | null;
            /** @description mg */
            vitamin_b6_mg?: number | null;
            /** @description mg */
            vitamin_c_mg?: number | null;
            /** @description µg */
            vitamin_d_ug?: number | null;
            /** @description mg */
            vitamin_e_mg?: number | null;
            /** @description µg */
            vitamin_k_ug?: number | null;
            /** @description mg */
            zinc_mg?: number | null;
        };
        /** @description SPEC §7 create-food-from-barcode: `{food, is_existing}`. */
        CreatedView: {
            food: components["schemas"]["FoodView"];
            is_existing: boolean;
            source: components["schemas"]["BarcodeSource"];
        };
        DailySummary: components["schemas"]["MicronutrientReport"] & {
            /** Format: int32 */
            calorie_goal: number;
            /** Format: date */
            date: string;
            macro_split: components["schemas"]["MacroSplitView"];
            meal_breakdown: components["schemas"]["MealBreakdown"];
            /** @description Oldest first, as the day went. */
            meals: components["schemas"]["MealView"][];
            /**
             * Format: double
             * @description Share of the goal eaten, in percent (may pass 100).
             */
            progress_percent: number;
            /** Format: double */
            remaining_calories: number;
            summary: components["schemas"]["Summary"];
        };
        /** @description A day's target for each micronutrient that has one, under its key. */
        DailyTargets: {
            calcium_mg?: components["schemas"]["Target"];
            copper_mg?: components["schemas"]["Target"];
            folate_ug?: components["schemas"]["Target"];
            iron_mg?: components["schemas"]["Target"];
            magnesium_mg?: components["schemas"]["Target"];
            manganese_mg?: components["schemas"]["Target"];
            niacin_mg?: components["schemas"]["Target"];
            phosphorus_mg?: components["schemas"]["Target"];
            potassium_mg?: components["schemas"]["Target"];
            riboflavin_mg?: components["schemas"]["Target"];
            saturated_fat_g?: components["schemas"]["Target"];
            selenium_ug?: components["schemas"]["Target"];
            thiamin_mg?: components["schemas"]["Target"];
            vitamin_a_ug?: components["schemas"]["Target"];
            vitamin_b12_ug?: components["schemas"]["Target"];
            vitamin_b6_mg?: components["schemas"]["Target"];
            vitamin_c_mg?: components["schemas"]["Target"];
            vitamin_d_ug?: components["schemas"]["Target"];
            vitamin_e_mg?: components["schemas"]["Target"];
            vitamin_k_ug?: components["schemas"]["Target"];
            zinc_mg?: components["schemas"]["Target"];
        };
        /**
         * @description SPEC §9 data quality of nutrition values.
         * @enum {string}
         */
        DataQuality: "usda" | "default" | "unavailable" | "error" | "unknown";
        DateRangeView: {
            /** Format: int64 */
            days_count: number;
            /** Format: date */
            end_date: string;
            /** Format: date */
            start_date: string;
        };
        Day: {
            /** Format: double */
            calories: number;
            /** Format: double */
            carbs: number;
            /** Format: date */
            date: string;
            /** Format: double */
            fat: number;
            /** Format: int32 */
            meals: number;
            /** Format: double */
            protein: number;
        };
        DayCopied: {
            count: number;
            meals: components["schemas"]["MealView"][];
        };
        DayTotals: {
            /** Format: double */
            calories: number;
            /** Format: double */
            carbs: number;
            /** Format: date */
            date: string;
            /** Format: double */
            fat: number;
            /** Format: double */
            protein: number;
            /** Format: int32 */
            total_meals: number;
        };
        DeleteImpact: {
            /** Format: int64 */
            meal_count: number;
            /** Format: int64 */
            meal_foods_count: number;
            removed_from_meals: boolean;
        };
        /** @description What a delete answers. */
        Deleted: {
            deleted: boolean;
            /** Format: int64 */
            id: number;
        };
        /** @description One object a detector found. */
        Detection: {
            box: components["schemas"]["BoundingBox"];
            /** Format: float */
            confidence: number;
            /** @description The model's label (a COCO class name such as "banana" or "bowl"). */
            label: string;
        };
        /** @description Stage 1: the objects in the photo, and which of them are foods. */
        DetectionStage: {
            /** @description Everything the detector saw, foods and the objects that give scale. */
            detections: components["schemas"]["Detection"][];
            food_types: components["schemas"]["FoodType"][];
            /** Format: int32 */
            height: number;
            /** @description The owner's own foods (taught by their answers) the photo looks like. */
            learned?: components["schemas"]["LearnedMatch"][];
            memory?: null | components["schemas"]["MemoryRecall"];
            model: string;
            /** @description Foods the optional backends named (empty when none is configured). */
            named_foods?: components["schemas"]["NamedFood"][];
            reading?: null | components["schemas"]["PhotoReading"];
            /** Format: double */
            took_ms: number;
            /** Format: int32 */
            width: number;
        };
        /** @description SPEC §3 "Barcode detection". */
        DetectionView: {
            barcodes: components["schemas"]["ScannedBarcode"][];
            food_barcodes_only: components["schemas"]["ScannedBarcode"][];
            /** Format: int64 */
            image_id: number;
            /** Format: double */
            took_ms: number;
        };
        /**
         * @description Why a field is empty or doubtful.
         * @enum {string}
         */
        Doubt: "not_found" | "no_value" | "faint" | "name_inferred" | "unit_assumed" | "no_serving_size" | "basis_assumed" | "out_of_range" | "macros_over100" | "energy_mismatch" | "sugar_over_carbs";
        EnergyExpenditure: {
            /**
             * Format: double
             * @description The aim it follows, kg a week (the profile's, bounded; 0 when none is chosen).
             */
            aim_kg_per_week: number;
            /** @description low: the formula's value, the data too short to say. */
            confidence: components["schemas"]["Confidence"];
            /**
             * Format: int32
             * @description The goal the profile holds now.
             */
            current_goal_kcal: number;
            /**
             * Format: double
             * @description The share of the estimate from the person's own data, 0 to 1.
             */
            data_share: number;
            /**
             * Format: int32
             * @description Days logged in full (days without meals and days logged only in part are left out).
             */
            days_used: number;
            /** Format: int32 */
            days_weighed: number;
            /**
             * Format: double
             * @description The daily need, kcal: the data's (intake less the weight change's energy) and
             *     the formula's, blended by `data_share`.
             */
            estimated_kcal_per_day: number;
            /**
             * Format: date
             * @description The first and last day looked at (the four weeks up to yesterday).
             */
            first_day: string;
            /**
             * Format: double
             * @description Mifflin-St Jeor × activity at the trend's weight; null without body data (the
             *     goal stands in for it).
             */
            formula_kcal_per_day?: number | null;
            /**
             * Format: double
             * @description The mean energy of the days used; null when there are none.
             */
            intake_kcal_per_day?: number | null;
            /** Format: date */
            last_day: string;
            reasons: components["schemas"]["ReasonView"][];
            /**
             * Format: double
             * @description The daily goal for the aim: the need plus the aim's energy, at least 1,200.
             */
            suggested_goal_kcal: number;
            /** @description The weighed days of the window with the smoothed trend, oldest first. */
            trend: components["schemas"]["TrendPoint"][];
            /**
             * Format: double
             * @description The weight's trend, kg a week (negative when losing); null with under two weights.
             */
            weight_trend_kg_per_week?: number | null;
        };
        ErrorView: {
            code: string;
            message: string;
        };
        /** @description Why an analysis ended without results. */
        EventError: {
            code: string;
            message: string;
        };
        /** @description The failure envelope; every answer of 400 and above is one. */
        Failure: {
            data?: null;
            error: {
                /**
                 * @description What went wrong, for programs; the status an answer with it has, in brackets:
                 *     - `BAD_REQUEST` (400): The request is malformed.
                 *     - `MALFORMED_JSON` (400): The body is not valid JSON of the expected shape.
                 *     - `VALIDATION_ERROR` (422): A field is missing or out of range; the message names it.
                 *     - `PAYLOAD_TOO_LARGE` (413): The body is larger than this route accepts.
                 *     - `UNSUPPORTED_MEDIA_TYPE` (415): The body is not sent as JSON.
                 *     - `MULTIPART_REQUIRED` (415): The route takes a multipart upload.
                 *     - `URI_TOO_LONG` (414): The address is longer than 64 KB.
                 *     - `HEADERS_TOO_LARGE` (431): The request headers are too large.
                 *     - `NOT_FOUND` (404): No such route or record.
                 *     - `METHOD_NOT_ALLOWED` (405): The route does not take this method.
                 *     - `INVALID_TIME_ZONE` (422): The time zone is not an IANA name.
                 *     - `INVALID_IDEMPOTENCY_KEY` (422): The Idempotency-Key header is empty or too long.
                 *     - `IDEMPOTENCY_KEY_REUSED` (422): The Idempotency-Key was used for another request.
                 *     - `IDEMPOTENCY_KEY_IN_USE` (409): A request with this Idempotency-Key is still running.
                 *     - `REQUEST_TIMEOUT` (408): The request did not arrive in time: its body paused too long or came too slowly.
                 *     - `RATE_LIMITED` (429): Too many requests; Retry-After says when to come back.
                 *     - `CONFLICT` (409): The change conflicts with what is saved.
                 *     - `REFERENCE_GONE` (409): Something the request refers to was deleted meanwhile; nothing was saved.
                 *     - `NOT_AUTHENTICATED` (401): The route needs a signed-in user.
                 *     - `INVALID_TOKEN` (401): The session token is malformed, signed by someone else or ended.
                 *     - `TOKEN_EXPIRED` (401): The session token has expired; refresh it.
                 *     - `TOKEN_REUSED` (401): A refresh token was used twice; the session is ended.
                 *     - `INVALID_TOKEN` (400): The link from the email is malformed or already used.
                 *     - `TOKEN_EXPIRED` (400): The link from the email has expired.
                 *     - `INVALID_CREDENTIALS` (401): The username, email or password is wrong.
                 *     - `WRONG_PASSWORD` (401): The password that confirms a change to the signed-in account is wrong.
                 *     - `EMAIL_ALREADY_VERIFIED` (409): The verification link was used already and the address is verified.
                 *     - `USERNAME_TAKEN` (409): Another account has this username.
                 *     - `EMAIL_TAKEN` (409): Another account has this email.
                 *     - `MAIL_REJECTED` (422): The mail server refused the address.
                 *     - `UNAUTHORIZED` (401): The admin token is missing or wrong.
                 *     - `ADMIN_CLOSED` (403): The admin routes are closed (no admin token configured).
                 *     - `EMPTY_QUERY` (400): The search has no words.
                 *     - `QUERY_TOO_LONG` (422): The search is too long.
                 *     - `FOOD_NOT_FOUND` (404): No such food visible to this user.
                 *     - `FOOD_READ_ONLY` (403): Catalogue foods cannot be changed; copy one instead.
                 *     - `RECIPE_FOOD` (409): This food is a recipe; change it through the recipe.
                 *     - `RECIPE_NOT_FOUND` (404): No such recipe of this user.
                 *     - `RECIPE_CYCLE` (422): A recipe cannot contain itself.
                 *     - `RECIPE_TOO_DEEP` (422): Recipes nest at most 8 levels.
                 *     - `RECIPE_TOO_LARGE` (422): A recipe holds at most 300 foods and recipes.
                 *     - `RECIPE_TOO_SHARED` (422): At most 200 recipes may use one food.
                 *     - `USDA_FOOD_NOT_FOUND` (404): USDA FoodData Central has no such food.
                 *     - `USDA_UNAVAILABLE` (503): USDA FoodData Central cannot be reached now.
                 *     - `IMPORT_NOT_FOUND` (404): The import file is gone.
                 *     - `IMPORT_UNREADABLE` (422): The import file cannot be read.
                 *     - `MEAL_NOT_FOUND` (404): No such meal of this user.
                 *     - `MEAL_FOOD_NOT_FOUND` (404): No such food line in this user's meals.
                 *     - `NO_MEALS_ON_DAY` (404): The day to copy has no meals.
                 *     - `QUICK_ADD_HAS_NO_QUANTITY` (422): A quick add has no quantity to change.
                 *     - `LAST_MEAL_FOOD` (422): A meal keeps at least one food; delete the meal instead.
                 *     - `WEIGHT_NOT_FOUND` (404): No such weight record of this user.
                 *     - `EXPORT_IN_PROGRESS` (429): This user's export is still running.
                 *     - `EXPORT_BUSY` (503): Too many exports run now; Retry-After says when to come back.
                 *     - `IMAGE_NOT_FOUND` (404): No such image of this user.
                 *     - `INVALID_IMAGE` (422): The file is damaged or not a whole image.
                 *     - `UNSUPPORTED_IMAGE` (415): The file is not a JPEG, PNG or WebP image.
                 *     - `IMAGE_TOO_LARGE` (413): The image file is over 10 MB.
                 *     - `IMAGE_TOO_LARGE` (422): The image has too many pixels to process.
                 *     - `UPLOAD_QUOTA_EXCEEDED` (413): The account keeps as many photos as it may.
                 *     - `IMAGE_PROCESSING_FAILED` (422): The image could not be processed.
                 *     - `RECOGNITION_UNAVAILABLE` (503): The recognition models are not installed.
                 *     - `ANALYSIS_NOT_STARTED` (404): The photo has not been analysed yet.
                 *     - `INVALID_BARCODE` (422): The barcode is not a valid EAN, UPC or GTIN.
                 *     - `BARCODE_NOT_FOUND` (404): No product has this barcode.
                 *     - `NOT_A_FOOD_BARCODE` (422): The barcode belongs to something that is not food.
                 *     - `PRODUCT_REJECTED` (422): The product's data is not usable as a food.
                 *     - `BARCODE_LOOKUP_UNAVAILABLE` (503): Open Food Facts cannot be reached now.
                 *     - `LABEL_READING_UNAVAILABLE` (503): The label-reading models are not installed.
                 *     - `JOB_FAILED` (503): The work failed after its retries.
                 *     - `JOB_CRASHED` (503): The worker running the job crashed.
                 *     - `ENQUEUE_FAILED` (503): The work could not be queued.
                 *     - `CANCELLED` (409): The job was cancelled.
                 *     - `NOT_READY` (503): A dependency of the service is unreachable.
                 *     - `DATABASE_UNAVAILABLE` (503): The database is away for a moment; nothing was saved.
                 *     - `PHOTO_STORE_UNAVAILABLE` (503): The photo store cannot be reached now; the photo was not kept.
                 *     - `INTERNAL_ERROR` (500): Something went wrong on our side.
                 * @enum {string}
                 */
                code: "BAD_REQUEST" | "MALFORMED_JSON" | "VALIDATION_ERROR" | "PAYLOAD_TOO_LARGE" | "UNSUPPORTED_MEDIA_TYPE" | "MULTIPART_REQUIRED" | "URI_TOO_LONG" | "HEADERS_TOO_LARGE" | "NOT_FOUND" | "METHOD_NOT_ALLOWED" | "INVALID_TIME_ZONE" | "INVALID_IDEMPOTENCY_KEY" | "IDEMPOTENCY_KEY_REUSED" | "IDEMPOTENCY_KEY_IN_USE" | "REQUEST_TIMEOUT" | "RATE_LIMITED" | "CONFLICT" | "REFERENCE_GONE" | "NOT_AUTHENTICATED" | "INVALID_TOKEN" | "TOKEN_EXPIRED" | "TOKEN_REUSED" | "INVALID_CREDENTIALS" | "WRONG_PASSWORD" | "EMAIL_ALREADY_VERIFIED" | "USERNAME_TAKEN" | "EMAIL_TAKEN" | "MAIL_REJECTED" | "UNAUTHORIZED" | "ADMIN_CLOSED" | "EMPTY_QUERY" | "QUERY_TOO_LONG" | "FOOD_NOT_FOUND" | "FOOD_READ_ONLY" | "RECIPE_FOOD" | "RECIPE_NOT_FOUND" | "RECIPE_CYCLE" | "RECIPE_TOO_DEEP" | "RECIPE_TOO_LARGE" | "RECIPE_TOO_SHARED" | "USDA_FOOD_NOT_FOUND" | "USDA_UNAVAILABLE" | "IMPORT_NOT_FOUND" | "IMPORT_UNREADABLE" | "MEAL_NOT_FOUND" | "MEAL_FOOD_NOT_FOUND" | "NO_MEALS_ON_DAY" | "QUICK_ADD_HAS_NO_QUANTITY" | "LAST_MEAL_FOOD" | "WEIGHT_NOT_FOUND" | "EXPORT_IN_PROGRESS" | "EXPORT_BUSY" | "IMAGE_NOT_FOUND" | "INVALID_IMAGE" | "UNSUPPORTED_IMAGE" | "IMAGE_TOO_LARGE" | "UPLOAD_QUOTA_EXCEEDED" | "IMAGE_PROCESSING_FAILED" | "RECOGNITION_UNAVAILABLE" | "ANALYSIS_NOT_STARTED" | "INVALID_BARCODE" | "BARCODE_NOT_FOUND" | "NOT_A_FOOD_BARCODE" | "PRODUCT_REJECTED" | "BARCODE_LOOKUP_UNAVAILABLE" | "LABEL_READING_UNAVAILABLE" | "JOB_FAILED" | "JOB_CRASHED" | "ENQUEUE_FAILED" | "CANCELLED" | "NOT_READY" | "DATABASE_UNAVAILABLE" | "PHOTO_STORE_UNAVAILABLE" | "INTERNAL_ERROR";
                /**
                 * @description With `VALIDATION_ERROR` of an account's form (sign-up, a new password): the field
                 *     whose rule was broken, and the rule, for the form to say in its own language.
                 */
                field?: null | ("username" | "email" | "password" | "new_password" | "nickname");
                message: string;
                rule?: null | ("required" | "length" | "too_long" | "characters" | "character" | "mixed_alphabets" | "invisible" | "invalid" | "lowercase" | "uppercase" | "number");
            };
            /** @enum {boolean} */
            success: false;
        };
        FoodList: {
            foods: components["schemas"]["FoodView"][];
        };
        /**
         * @description Who named a food the detector did not see: the words are stored and sent as they are.
         * @enum {string}
         */
        FoodNamer: "notes" | "dish classifier" | "vision";
        FoodPage: {
            foods: components["schemas"]["FoodView"][];
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            page_size: number;
            /** Format: int64 */
            total: number;
        };
        /**
         * @description Where a food comes from; it decides who may change it (only custom foods change).
         * @enum {string}
         */
        FoodSource: "catalogue" | "usda" | "openfoodfacts" | "custom" | "recipe";
        /** @description A kind of food seen in the photo (SPEC §3 stage_1 `food_types`). */
        FoodType: {
            /** Format: float */
            confidence: number;
            /** Format: int32 */
            count: number;
            /** @description The detector's class ("banana"), or who named the food ([`FoodNamer`]). */
            label: string;
            name: string;
            name_zh?: string | null;
        };
        /** @description A food as every call returns it (SPEC §3 "Food"), per 100 g. */
        FoodView: {
            barcode?: string | null;
            brand?: string | null;
            /** Format: double */
            calories_per_100g: number;
            /** Format: double */
            carbs_per_100g: number;
            category?: string | null;
            /** Format: date-time */
            created_at?: string | null;
            data_quality: string;
            data_source: components["schemas"]["FoodSource"];
            description?: string | null;
            /** Format: double */
            fat_per_100g: number;
            /** Format: int64 */
            fdc_id?: number | null;
            /**
             * Format: double
             * @description `null` when the food's source does not give it (unknown, not 0).
             */
            fiber_per_100g?: number | null;
            /** Format: int64 */
            id?: number | null;
            image_url?: string | null;
            ingredients?: string | null;
            is_custom: boolean;
            /**
             * @description A drink (its category is one of drinks): a volume of it is counted as water when
             *     no portion gives its density, and the app says so.
             */
            is_drink: boolean;
            /** @description Whether the signed-in viewer starred it. */
            is_favorite: boolean;
            is_owner: boolean;
            is_recipe: boolean;
            is_usda: boolean;
            micronutrient_coverage?: null | components["schemas"]["Coverage"];
            micronutrients?: null | components["schemas"]["Micronutrients"];
            name: string;
            name_zh?: string | null;
            nutrition_grade?: string | null;
            per_serving?: null | components["schemas"]["PerServing"];
            pinyin?: string | null;
            portions: components["schemas"]["Portion"][];
            /** Format: double */
            protein_per_100g: number;
            /**
             * @description Its first portion is one item counted on a plate ("1 piece", "1 个", "1 slice"),
             *     not a measure ("1 bowl", "100 g"): a photo's food taken from the search is asked
             *     how many, as the recognised ones are.
             */
            served_by_item: boolean;
            /** Format: int32 */
            serving_size: number;
            serving_unit: string;
            /** Format: double */
            sodium_per_100g?: number | null;
            /** Format: double */
            sugar_per_100g?: number | null;
            usda_description?: string | null;
        };
        /** @enum {string} */
        Gender: "male" | "female" | "other";
        Health: {
            status: string;
            version: string;
        };
        History: {
            /**
             * Format: double
             * @description Last minus first record of the range, in kg.
             */
            change?: number | null;
            /** Format: date */
            end_date: string;
            latest?: null | components["schemas"]["WeightView"];
            /** @description Oldest first. */
            records: components["schemas"]["WeightView"][];
            /** Format: date */
            start_date: string;
        };
        HistoryEntry: {
            /** Format: int32 */
            count: number;
            query: string;
            /** Format: date-time */
            searched_at: string;
        };
        HistoryView: {
            history: components["schemas"]["HistoryEntry"][];
        };
        ImagePage: {
            images: components["schemas"]["ImageView"][];
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            page_size: number;
            /** Format: int64 */
            total: number;
        };
        /** @description SPEC §3 "Uploaded image". */
        ImageView: {
            /**
             * @description True while a food of the photo is a question the user has not answered (and the
             *     photo is not confirmed): such a food is not among `keywords`.
             */
            awaiting_answer: boolean;
            confirmed: boolean;
            /** Format: date-time */
            created_at: string;
            /** Format: int32 */
            height: number;
            /** Format: int64 */
            id: number;
            /** Format: int64 */
            image_id: number;
            /** @description The foods found, by name. */
            keywords: string[];
            /**
             * @description The same foods in Chinese, in the same order: each food's Chinese name where it
             *     has one, else its name as in `keywords`.
             */
            keywords_zh: string[];
            /** Format: int64 */
            meal_id?: number | null;
            notes?: string | null;
            processing_status: components["schemas"]["ProcessingStatus"];
            /** Format: int32 */
            width: number;
        };
        /** @description How much an import wrote. */
        Imported: {
            custom_foods: number;
            favorites: number;
            meals: number;
            recipes: number;
            weights: number;
        };
        IngredientInput: {
            amount?: string | null;
            /** Format: int64 */
            food_id?: number | null;
            /** Format: double */
            quantity?: number | null;
        };
        IngredientView: components["schemas"]["Nutrients"] & {
            amount?: string | null;
            brand?: string | null;
            /** Format: int64 */
            food_id: number;
            food_name: string;
            food_name_zh?: string | null;
            is_drink: boolean;
            is_recipe: boolean;
            /**
             * @description Its food's portions, and whether it is a drink: what an amount typed for it
             *     ("2 slices", "1 杯") is read against.
             */
            portions: components["schemas"]["Portion"][];
            /** Format: double */
            quantity: number;
        };
        /** @description Why a job failed, in the words of the API's error envelope. */
        JobFailure: {
            code: string;
            message: string;
            /**
             * Format: int64
             * @description When trying again can work (a budget that refills): the answer's Retry-After.
             */
            retry_after_secs?: number | null;
        };
        /**
         * Format: uuid
         * @description Identifies one job run across the API, the queue and the workers.
         */
        JobId: string;
        /**
         * @description One progress event. `seq` grows with every event of a job and is the SSE event id;
         *     `fields` carries the step's own data (foods, portions, …) at the top level.
         */
        JobProgress: {
            error?: null | components["schemas"]["JobFailure"];
            job_id: components["schemas"]["JobId"];
            message: string;
            /** Format: int32 */
            progress: number;
            result?: unknown;
            /** Format: int64 */
            seq: number;
            status: components["schemas"]["JobStatus"];
            step: components["schemas"]["JobStep"];
        } & {
            [key: string]: unknown;
        };
        /** @enum {string} */
        JobStatus: "queued" | "running" | "retrying" | "completed" | "failed" | "cancelled";
        /**
         * @description The step a job's progress event reports: the words the API relays and the web app
         *     names in the reader's language. One list for the workers, the API and the app (the
         *     OpenAPI document publishes it), so a step no one has words for cannot be sent.
         * @enum {string}
         */
        JobStep: "queued" | "running" | "retrying" | "completed" | "failed" | "cancelled" | "start" | "complete" | "error" | "barcode_detection" | "barcode_lookup" | "fetch" | "import" | "label_reading" | "probe";
        JobView: {
            /** Format: int32 */
            attempts: number;
            /** Format: date-time */
            created_at: string;
            error?: null | components["schemas"]["JobFailure"];
            id: components["schemas"]["JobId"];
            progress?: null | components["schemas"]["JobProgress"];
            queue: string;
            result?: unknown;
            status: components["schemas"]["JobStatus"];
            /** Format: date-time */
            updated_at: string;
        };
        /** @description One field of the food, per 100 g. */
        LabelField: {
            certainty: components["schemas"]["Certainty"];
            /**
             * Format: float
             * @description The least sure character of the value, 0 to 1.
             */
            confidence: number;
            doubts: components["schemas"]["Doubt"][];
            nutrient: components["schemas"]["Nutrient"];
            /** @description The value as printed, with its unit ("1580 kJ", "6.5 g"). */
            printed?: string | null;
            /**
             * Format: double
             * @description Per 100 g (kcal, g, sodium in mg); empty when unread or implausible.
             */
            value?: number | null;
        };
        /**
         * @description Which kind of panel the photo shows.
         * @enum {string}
         */
        LabelKind: "gb28050" | "nutrition_facts" | "unknown";
        /**
         * @description A label as read: every field of the food per 100 g, each with how sure the reading
         *     is and, when empty or doubtful, why.
         */
        LabelView: {
            /** @description The barcode sent with the photo, canonical, to keep on the food. */
            barcode?: string | null;
            basis?: null | components["schemas"]["Basis"];
            fields: components["schemas"]["LabelField"][];
            /** @description Whether a nutrition table was found at all. */
            found: boolean;
            kind: components["schemas"]["LabelKind"];
            /** @description The rows of text read, top to bottom. */
            rows: string[];
            /** Format: double */
            serving_grams?: number | null;
            /** Format: double */
            took_ms: number;
        };
        /**
         * @description From which likeness a taught food is offered or named first. A backbone has its own,
         *     since its memory vectors spread differently; each was chosen with simulated users on
         *     dishes the head never saw (`recognition_eval`): a taught dish fires on another dish's
         *     photo for at most 2 % of photos at each cut.
         */
        LearnedCuts: {
            /**
             * Format: float
             * @description From this similarity, with enough examples, the food is named first.
             */
            first: number;
            /**
             * Format: float
             * @description From this similarity to a food's prototype the food is offered among the first
             *     three, after one example. A prototype of more examples is nearer the middle of
             *     every photo, so its cut is higher ([`LearnedCuts::offer_from`]).
             */
            offer: number;
            /**
             * Format: float
             * @description The cut for a food of [`EXAMPLES_TO_NAME_FIRST`] examples or more.
             */
            offer_many: number;
            /**
             * Format: float
             * @description The same plate again (the exact-photo memory, `MEMORY_MATCH` for ImageNet's
             *     backbone): named first and "probably".
             */
            same_plate: number;
        };
        /** @description One food the user taught, and how much a photo looks like its examples. */
        LearnedMatch: {
            /** @description The cuts of the backbone that made the likeness. */
            cuts?: components["schemas"]["LearnedCuts"];
            /**
             * Format: int32
             * @description The user's confirmed photos of the food.
             */
            examples: number;
            /** Format: int64 */
            food_id: number;
            /**
             * Format: float
             * @description Cosine similarity of the photo to the food's prototype.
             */
            similarity: number;
        };
        /**
         * @description A food line as sent: `{food_id, quantity}` or `{food_id, amount: "2 slices"}`, for a
         *     USDA search hit not saved yet `{food_id: -1, quantity, fdc_id, name}`, or a quick add
         *     `{quick_add: {name, calories, protein, fat, carbs}}`.
         */
        LineInput: {
            /** @description An amount read against the food's portions ("1.5碗", "半斤"); it wins over quantity. */
            amount?: string | null;
            /**
             * Format: int64
             * @description (A USDA line's `name` is only informative: the food's own name is saved.)
             */
            fdc_id?: number | null;
            /** Format: int64 */
            food_id?: number | null;
            /** Format: double */
            quantity?: number | null;
            quick_add?: null | components["schemas"]["QuickAddInput"];
            /** @description On update: take the food's current nutrition rather than the line's saved one. */
            refresh?: boolean;
        };
        LoggedIn: {
            access: string;
            refresh: string;
            user: components["schemas"]["UserView"];
        };
        LoggedOut: {
            logged_out: boolean;
        };
        MacroSplitView: {
            /** Format: double */
            carbs: number;
            /** Format: double */
            fat: number;
            /** Format: double */
            protein: number;
        };
        Macros: {
            /** Format: double */
            calories: number;
            /** Format: double */
            carbs: number;
            /** Format: double */
            fat: number;
            /** Format: double */
            protein: number;
        };
        /** @description Every meal type as a key, eaten or not. */
        MealBreakdown: {
            breakfast: components["schemas"]["TypeIntake"];
            dinner: components["schemas"]["TypeIntake"];
            lunch: components["schemas"]["TypeIntake"];
            snack: components["schemas"]["TypeIntake"];
        };
        MealFoodView: components["schemas"]["Nutrients"] & {
            /** @description The amount as logged ("2 slices"), when it was not plain grams. */
            amount?: string | null;
            brand?: string | null;
            /** Format: int64 */
            food_id?: number | null;
            food_name: string;
            food_name_zh?: string | null;
            /** Format: int64 */
            id: number;
            is_quick_add: boolean;
            micronutrient_coverage_per_100g?: null | components["schemas"]["Coverage"];
            micronutrients_per_100g?: null | components["schemas"]["Micronutrients"];
            /** @description The nutrition the line was saved with. */
            per_100g: components["schemas"]["Nutrients"];
            /**
             * Format: double
             * @description Grams; none for a quick add, which was logged without a weight.
             */
            quantity?: number | null;
        };
        MealList: {
            meals: components["schemas"]["MealView"][];
        };
        MealPage: {
            has_more: boolean;
            meals: components["schemas"]["MealView"][];
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            page_size: number;
            /** Format: int64 */
            total: number;
        };
        /**
         * @description SPEC §9 meal types; the hour bands of SPEC §4 pick one from a meal time.
         * @enum {string}
         */
        MealType: "breakfast" | "lunch" | "dinner" | "snack";
        /** @description A meal as every call returns it (SPEC §3 "Meal"), dated in the caller's time zone. */
        MealView: {
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date
             * @description The local day, `YYYY-MM-DD`.
             */
            date: string;
            /** Format: date-time */
            eaten_at: string;
            foods: components["schemas"]["MealFoodView"][];
            /** Format: int64 */
            id: number;
            meal_type: components["schemas"]["MealType"];
            micronutrient_coverage?: null | components["schemas"]["Coverage"];
            micronutrients?: null | components["schemas"]["Micronutrients"];
            name?: string | null;
            notes?: string | null;
            /** @description The local time, `HH:MM`. */
            time: string;
            /** Format: double */
            total_calories: number;
            /** Format: double */
            total_carbs: number;
            /** Format: double */
            total_fat: number;
            /** Format: double */
            total_fiber: number;
            /** Format: double */
            total_protein: number;
            /** Format: double */
            total_sodium: number;
            /** Format: double */
            total_sugar: number;
            /** Format: date-time */
            updated_at: string;
        };
        MealWords: {
            items: components["schemas"]["ReadDish"][];
            meal_type?: null | components["schemas"]["MealType"];
            /** @description The parts of the text no food was found for. */
            unmatched: string[];
        };
        /** @description A photo of the same user that the new one looks like. */
        MemoryRecall: {
            /** Format: int64 */
            image_id: number;
            /**
             * Format: float
             * @description Cosine similarity of the two photos' embeddings.
             */
            similarity: number;
        };
        /**
         * @description A span's vitamins, minerals and fats against the person's daily targets (US Dietary
         *     Reference Intakes for their sex and age), as the day and range statistics answer them.
         */
        MicronutrientReport: {
            /**
             * @description For every key, the share (0 to 1) of the grams eaten whose food gives it: the
             *     totals hold that share of what was eaten, the rest is unknown.
             */
            micronutrient_coverage: components["schemas"]["Coverage"];
            /** @description Whose targets they are; `assumed` when the profile does not say the sex or age. */
            micronutrient_target_group: components["schemas"]["TargetGroup"];
            /** @description A day's target for each nutrient that has one. */
            micronutrient_targets: components["schemas"]["DailyTargets"];
            /**
             * @description What was eaten over the span, under the keys of a food's `micronutrients`; `null`
             *     where no food eaten gives the nutrient.
             */
            micronutrients: components["schemas"]["Micronutrients"];
            /** @description The totals over the days with a meal: what compares with a day's targets. */
            micronutrients_per_day: components["schemas"]["Micronutrients"];
        };
        /** @description Vitamins, minerals and fats per 100 g (or, in statistics, in total). Null: the source does not give it, which is not 0. */
        Micronutrients: {
            /** @description mg */
            calcium_mg?: number | null;
            /** @description mg */
            cholesterol_mg?: number | null;
            /** @description mg */
            copper_mg?: number | null;
            /** @description µg */
            folate_ug?: number | null;
            /** @description mg */
            iron_mg?: number | null;
            /** @description mg */
            magnesium_mg?: number | null;
            /** @description mg */
            manganese_mg?: number | null;
            /** @description g */
            monounsaturated_fat_g?: number | null;
            /** @description mg */
            niacin_mg?: number | null;
            /** @description mg */
            phosphorus_mg?: number | null;
            /** @description g */
            polyunsaturated_fat_g?: number | null;
            /** @description mg */
            potassium_mg?: number | null;
            /** @description mg */
            riboflavin_mg?: number | null;
            /** @description g */
            saturated_fat_g?: number | null;
            /** @description µg */
            selenium_ug?: number | null;
            /** @description mg */
            thiamin_mg?: number | null;
            /** @description µg */
            vitamin_a_ug?: number | null;
            /** @description µg */
            vitamin_b12_ug?: number | null;
            /** @description mg */
            vitamin_b6_mg?: number | null;
            /** @description mg */
            vitamin_c_mg?: number | null;
            /** @description µg */
            vitamin_d_ug?: number | null;
            /** @description mg */
            vitamin_e_mg?: number | null;
            /** @description µg */
            vitamin_k_ug?: number | null;
            /** @description mg */
            zinc_mg?: number | null;
        };
        MissingView: {
            barcode: string;
            code: string;
            message: string;
        };
        /**
         * @description A food an optional backend named (a dish classifier, a vision model): a name to be
         *     found among the stored foods, perhaps with its weight.
         */
        NamedFood: {
            /** Format: float */
            confidence: number;
            /** Format: double */
            grams?: number | null;
            name: string;
            source: components["schemas"]["FoodNamer"];
        };
        /**
         * @description The fields of a custom food a label fills, named as `Nutrients` names them.
         * @enum {string}
         */
        Nutrient: "calories" | "protein" | "fat" | "carbs" | "sodium" | "fiber" | "sugar";
        /** @description Nutrition per 100 g (sodium in mg, the rest in g, energy in kcal). */
        Nutrients: {
            /** Format: double */
            calories: number;
            /** Format: double */
            carbs: number;
            /** Format: double */
            fat: number;
            /** Format: double */
            fiber: number;
            /** Format: double */
            protein: number;
            /** Format: double */
            sodium: number;
            /** Format: double */
            sugar: number;
        };
        /** @description SPEC §3 "Nutrition validation result". */
        NutritionCheck: {
            confidence: components["schemas"]["Confidence"];
            dataQuality: components["schemas"]["DataQuality"];
            isValid: boolean;
            issues: string[];
        };
        /** @description Stage 3: per-100 g values of each food and their check (SPEC §5). */
        NutritionStage: {
            /** @description False when the photo shows no food at all (the gate). */
            food_found?: boolean;
            memory?: null | components["schemas"]["RememberedMeal"];
            nutrition_data: components["schemas"]["RecognizedFood"][];
            plate_warning?: null | components["schemas"]["PlateWarning"];
        };
        NutritionStats: {
            daily: components["schemas"]["Day"][];
            daily_average: components["schemas"]["Macros"];
            /** Format: int64 */
            days_count: number;
            /** Format: int32 */
            days_logged: number;
            /** Format: date */
            end_date: string;
            macro_split: components["schemas"]["MacroSplitView"];
            /** Format: date */
            start_date: string;
            totals: components["schemas"]["Macros"];
        };
        /** @description Servings and values per serving, as every view of a recipe food shows them. */
        PerServing: components["schemas"]["Nutrients"] & {
            /** Format: double */
            grams: number;
            /** Format: double */
            servings: number;
        };
        /** @description What the photo shows, as far as the models can tell. */
        PhotoReading: {
            food_found: boolean;
            /**
             * Format: float
             * @description The gate's summed food probability.
             */
            food_probability: number;
            foods: components["schemas"]["SeenFood"][];
        };
        PlanCreated: {
            meals: components["schemas"]["MealView"][];
            meals_created: number;
        };
        /** @description Everything on one photo together, when it is more than a plate holds. */
        PlateWarning: {
            /** Format: double */
            total_calories: number;
            /** Format: double */
            total_grams: number;
        };
        /** @description A household measure of a food: "1 medium" banana = 118 g, "1 碗" rice = 150 g. */
        Portion: {
            /**
             * @description Taken from a like food ("Bread, whole wheat, toasted" has the slice of "Bread,
             *     whole wheat"), not weighed for this one: the app shows it as about so much.
             */
            approximate?: boolean;
            /** Format: double */
            grams: number;
            name: string;
            name_zh?: string | null;
        };
        /** @description SPEC §3 stage 2: a food's estimated portion. */
        PortionEstimate: {
            /** @description Other foods it may be, best first. */
            alternatives?: components["schemas"]["PortionEstimate"][];
            /**
             * @description How the grams were reached: "serving" (the food's own serving, times the items
             *     seen), "typical" (a typical weight), or where a named food came from ("notes").
             */
            basis: string;
            /** @description The catalogue food it stands for (a detected class). */
            catalogue_key?: string | null;
            certainty?: null | components["schemas"]["RecognitionCertainty"];
            cooking_method: string;
            /**
             * Format: int32
             * @description How many items of it were seen.
             */
            count: number;
            count_basis?: null | components["schemas"]["CountBasis"];
            /** Format: double */
            estimated_grams: number;
            /**
             * Format: int64
             * @description The stored food it is.
             */
            food_id?: number | null;
            /**
             * Format: double
             * @description Grams of one item of a food served by the item: the grams follow a corrected count.
             */
            grams_per_item?: number | null;
            /**
             * Format: int32
             * @description The user's confirmed photos that taught this food, when they named it.
             */
            learned_examples?: number | null;
            name: string;
            name_zh?: string | null;
            portion_description: string;
            portion_description_zh?: string | null;
        };
        /** @description Stage 2: grams of each food. */
        PortionStage: {
            food_portions: components["schemas"]["PortionEstimate"][];
        };
        /**
         * @description Where an image's analysis stands.
         * @enum {string}
         */
        ProcessingStatus: "uploaded" | "processing" | "completed" | "failed" | "cancelled";
        ProfileFields: {
            activity_level?: string | null;
            /**
             * @description False until the person saves body data: gender, height and weight are then the
             *     defaults, not theirs.
             */
            body_data_set: boolean;
            /** Format: double */
            carbs_goal?: number | null;
            /** Format: int32 */
            daily_calorie_goal: number;
            /** Format: date */
            date_of_birth?: string | null;
            /** Format: double */
            fat_goal?: number | null;
            gender: components["schemas"]["Gender"];
            /** Format: double */
            height: number;
            macro_goal_unit?: string | null;
            /** Format: double */
            protein_goal?: number | null;
            /** Format: double */
            weight: number;
            /**
             * Format: double
             * @description The weight change aimed at, kg a week (negative to lose); null is keeping it.
             */
            weight_aim_kg_per_week?: number | null;
        };
        ProfileUser: {
            email: string;
            nickname: string;
            username: string;
        };
        ProfileView: {
            profile: components["schemas"]["ProfileFields"];
            user: components["schemas"]["ProfileUser"];
        };
        /** @enum {string} */
        QueueKind: "sqlite" | "redis";
        QuickAddInput: {
            /** Format: double */
            calories?: number | null;
            /** Format: double */
            carbs?: number | null;
            /** Format: double */
            fat?: number | null;
            name?: string | null;
            /** Format: double */
            protein?: number | null;
        };
        RangeStats: {
            daily_average: components["schemas"]["Macros"];
            date_range: components["schemas"]["DateRangeView"];
            /** Format: int32 */
            days_logged: number;
            /** @description Over the days with at least one meal only. */
            logged_day_average: components["schemas"]["Macros"];
            totals: components["schemas"]["Macros"];
        };
        ReadDish: {
            /** @description Up to 3 other foods it may be, as the search ranks them. */
            alternatives: components["schemas"]["FoodView"][];
            amount: components["schemas"]["SaidAmount"];
            certainty: components["schemas"]["Sureness"];
            food: components["schemas"]["FoodView"];
            /** Format: double */
            grams: number;
            /** @description The part of the text it was read from. */
            text: string;
        };
        Readiness: {
            bus: string;
            database: string;
            mode: string;
            queue: components["schemas"]["QueueKind"];
            status: string;
            workers: string;
        };
        /**
         * @description What the estimate rests on, or what it lacks, for the app to say in the person's
         *     language (with the numbers it names).
         */
        Reason: {
            /** @enum {string} */
            code: "based_on";
            /** Format: int32 */
            logged_days: number;
            /** Format: int32 */
            weighed_days: number;
        } | {
            /** @enum {string} */
            code: "partial_days_left_out";
            /** Format: int32 */
            days: number;
        } | {
            /** @enum {string} */
            code: "log_more_days";
            /** Format: int32 */
            days: number;
        } | {
            /** @enum {string} */
            code: "weigh_more_days";
            /** Format: int32 */
            days: number;
        } | {
            /** @enum {string} */
            code: "blended";
            /** Format: int32 */
            data_percent: number;
        } | {
            /** @enum {string} */
            code: "no_body_data";
        } | {
            /** @enum {string} */
            code: "no_activity_level";
        } | {
            /** @enum {string} */
            code: "goal_at_floor";
            /** Format: int32 */
            kcal: number;
        } | {
            /** @enum {string} */
            code: "data_does_not_add_up";
            /** Format: int32 */
            kcal: number;
        };
        /** @description A reason in the app's words (by `code`, with its numbers), and in English. */
        ReasonView: components["schemas"]["Reason"] & {
            message: string;
        };
        RecentFoods: {
            frequent: components["schemas"]["UsedFoodView"][];
            recent: components["schemas"]["UsedFoodView"][];
        };
        RecipeDeleted: {
            /** Format: int64 */
            id: number;
        };
        RecipePage: {
            /** Format: int64 */
            page: number;
            /** Format: int64 */
            page_size: number;
            recipes: components["schemas"]["RecipeView"][];
            /** Format: int64 */
            total: number;
        };
        /** @description A recipe as every call returns it. */
        RecipeView: {
            /** Format: date-time */
            created_at: string;
            food: components["schemas"]["FoodView"];
            /** Format: int64 */
            id: number;
            ingredients: components["schemas"]["IngredientView"][];
            name: string;
            name_zh?: string | null;
            notes?: string | null;
            per_100g: components["schemas"]["Nutrients"];
            per_serving: components["schemas"]["Nutrients"];
            /** Format: double */
            serving_grams: number;
            /** Format: double */
            servings: number;
            /** Format: double */
            total_grams: number;
            totals: components["schemas"]["Nutrients"];
            /** Format: date-time */
            updated_at: string;
        };
        /** @description How sure the recogniser is of a food's name (not of its nutrition data). */
        RecognitionCertainty: {
            level: components["schemas"]["CertaintyLevel"];
            /** @description An unsure food is asked about, never added without the user's answer. */
            needs_confirmation: boolean;
            /** Format: float */
            score: number;
            source: components["schemas"]["CandidateSource"];
        };
        /** @description A recognised food with its portion and nutrition (SPEC §3 "Recognition result"). */
        RecognizedFood: {
            /** @description Other foods it may be, best first. */
            alternatives?: components["schemas"]["AlternativeFood"][];
            cooking_method: string;
            /** Format: int32 */
            count?: number;
            count_basis?: null | components["schemas"]["CountBasis"];
            /** Format: double */
            estimated_grams: number;
            /**
             * Format: int64
             * @description The stored food the values come from; none for the defaults of an unknown food.
             */
            food_id?: number | null;
            /**
             * Format: double
             * @description Grams of one item of a countable food.
             */
            grams_per_item?: number | null;
            /**
             * Format: int32
             * @description The user's confirmed photos that taught this food, when they named it.
             */
            learned_examples?: number | null;
            name: string;
            name_zh?: string | null;
            /** @description For `estimated_grams`. */
            nutrition: components["schemas"]["Nutrients"];
            per_100g: components["schemas"]["Nutrients"];
            portion_description: string;
            portion_description_zh?: string | null;
            recognition?: null | components["schemas"]["RecognitionCertainty"];
            validation: components["schemas"]["NutritionCheck"];
        };
        Registered: {
            access: string;
            refresh: string;
            user: components["schemas"]["UserView"];
            verification_sent: boolean;
        };
        RememberedFood: {
            /** Format: int64 */
            food_id: number;
            /** Format: double */
            grams: number;
            name: string;
            name_zh?: string | null;
            per_100g: components["schemas"]["Nutrients"];
        };
        /** @description The foods of an earlier confirmed photo that looks like this one. */
        RememberedMeal: {
            /** Format: date-time */
            eaten_at: string;
            foods: components["schemas"]["RememberedFood"][];
            /** Format: int64 */
            image_id: number;
            /** Format: float */
            similarity: number;
        };
        /** @description SPEC §3 "Recognition result". */
        ResultsView: {
            confirmed: boolean;
            corrections?: unknown;
            error?: null | components["schemas"]["ErrorView"];
            /** @description False when the photo shows no food at all. */
            food_found: boolean;
            /** Format: int64 */
            image_id: number;
            keywords: string[];
            memory?: null | components["schemas"]["RememberedMeal"];
            plate_warning?: null | components["schemas"]["PlateWarning"];
            processing_status: components["schemas"]["ProcessingStatus"];
            /** @description Each recognised food with its portion, nutrition and check. */
            results: components["schemas"]["RecognizedFood"][];
            stage_1?: unknown;
            stage_2?: unknown;
            stage_3?: unknown;
            status: components["schemas"]["ProcessingStatus"];
        };
        /** @description An amount as said: "一碗" is `{count: 1, unit: "碗"}`, "2 eggs" `{count: 2, unit: null}`. */
        SaidAmount: {
            /** Format: double */
            count: number;
            unit?: string | null;
        };
        /** @description One code read from an image (SPEC §3 "Barcode detection"). */
        ScannedBarcode: {
            /** @description The canonical GTIN for a retail barcode (what lookups use), else the text read. */
            data: string;
            /** @description As printed under the bars. */
            formatted_data: string;
            /** @description A retail code that can name a food (not a book, not a QR code). */
            is_food: boolean;
            /** @description Exactly what the reader decoded. */
            text: string;
            /** @description EAN13, EAN8, UPC, UPCE, or the reader's name of another format (QR_CODE…). */
            type: string;
        };
        SearchResults: {
            /**
             * @description The first food matches every word of the query; when false the foods are only
             *     the closest there are ("No exact match for 红烧肉 — closest:").
             */
            exact: boolean;
            foods: components["schemas"]["FoodView"][];
            query: string;
            /** Format: double */
            took_ms: number;
        };
        /** @description One thing on the plate: its candidates, best first, and how many of it were seen. */
        SeenFood: {
            candidates: components["schemas"]["Candidate"][];
            /** Format: int32 */
            count: number;
        };
        Sent: {
            message: string;
        };
        /** @description A fresh pair for the client. */
        SessionTokens: {
            access: string;
            refresh: string;
        };
        /**
         * @description The sex a group of the table is for.
         * @enum {string}
         */
        Sex: "male" | "female" | "any";
        Starred: {
            food: components["schemas"]["FoodView"];
        };
        StatisticsView: components["schemas"]["MicronutrientReport"] & {
            /** Format: int32 */
            calorie_goal: number;
            daily: components["schemas"]["Day"][];
            /** Format: date */
            end_date: string;
            is_single_day: boolean;
            macro_split: components["schemas"]["MacroSplitView"];
            meal_breakdown: components["schemas"]["MealBreakdown"];
            /** Format: date */
            start_date: string;
            stats: components["schemas"]["RangeStats"];
            summary: components["schemas"]["Summary"];
            top_foods: components["schemas"]["TopFoodView"][];
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Accepted: {
            /**
             * @description 202: the work goes on on the workers (a USDA food fetched on first use, a barcode
             *     looked up abroad, a label or a photo read). Follow `events` (server-sent events) to
             *     its end; then `GET result` gives the call's answer, or, when `result` is null, the
             *     same call again answers at once.
             */
            data: {
                /** @description The server-sent events to follow (`Last-Event-ID` to resume). */
                events: string;
                job_id?: null | components["schemas"]["JobId"];
                message: string;
                /**
                 * Format: int32
                 * @description How far the work is, in percent.
                 */
                progress: number;
                /** @description Where the answer is once the work is done; null: send the same call again. */
                result?: string | null;
                /** @description `queued`, `running` or `retrying` (a job), `processing` (a photo's analysis). */
                status: string;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_AccountDeleted: {
            data: {
                deleted: boolean;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_BarcodeFoodsView: {
            /** @description The barcodes of a photo and the food of each food barcode. */
            data: components["schemas"]["DetectionView"] & {
                foods: components["schemas"]["BarcodeFoodView"][];
                /** @description Food barcodes no food could be found or made for, each with why. */
                missing: components["schemas"]["MissingView"][];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_BarcodeSearchView: {
            /** @description A lookup's answer: the food (stored, or as the outside database describes it). */
            data: {
                barcode: string;
                food?: null | components["schemas"]["FoodView"];
                found: boolean;
                /** @description Why the product would be refused if saved (SPEC §9 sanity rules); empty if fine. */
                issues: string[];
                source?: null | components["schemas"]["BarcodeSource"];
                /** @description Sources that could not be asked, and why. */
                unavailable: string[];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Cancelled: {
            data: {
                cancelled: boolean;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_CancelledView: {
            data: {
                /** @description False when no analysis of the image was running. */
                cancelled: boolean;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Comparison: {
            data: {
                date1: components["schemas"]["DayTotals"];
                date2: components["schemas"]["DayTotals"];
                /** @description `date2` minus `date1`. */
                difference: components["schemas"]["Macros"];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_CreatedView: {
            /** @description SPEC §7 create-food-from-barcode: `{food, is_existing}`. */
            data: {
                food: components["schemas"]["FoodView"];
                is_existing: boolean;
                source: components["schemas"]["BarcodeSource"];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_DailySummary: {
            data: components["schemas"]["MicronutrientReport"] & {
                /** Format: int32 */
                calorie_goal: number;
                /** Format: date */
                date: string;
                macro_split: components["schemas"]["MacroSplitView"];
                meal_breakdown: components["schemas"]["MealBreakdown"];
                /** @description Oldest first, as the day went. */
                meals: components["schemas"]["MealView"][];
                /**
                 * Format: double
                 * @description Share of the goal eaten, in percent (may pass 100).
                 */
                progress_percent: number;
                /** Format: double */
                remaining_calories: number;
                summary: components["schemas"]["Summary"];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_DayCopied: {
            data: {
                count: number;
                meals: components["schemas"]["MealView"][];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_DeleteImpact: {
            data: {
                /** Format: int64 */
                meal_count: number;
                /** Format: int64 */
                meal_foods_count: number;
                removed_from_meals: boolean;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Deleted: {
            /** @description What a delete answers. */
            data: {
                deleted: boolean;
                /** Format: int64 */
                id: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_DetectionView: {
            /** @description SPEC §3 "Barcode detection". */
            data: {
                barcodes: components["schemas"]["ScannedBarcode"][];
                food_barcodes_only: components["schemas"]["ScannedBarcode"][];
                /** Format: int64 */
                image_id: number;
                /** Format: double */
                took_ms: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_EnergyExpenditure: {
            data: {
                /**
                 * Format: double
                 * @description The aim it follows, kg a week (the profile's, bounded; 0 when none is chosen).
                 */
                aim_kg_per_week: number;
                /** @description low: the formula's value, the data too short to say. */
                confidence: components["schemas"]["Confidence"];
                /**
                 * Format: int32
                 * @description The goal the profile holds now.
                 */
                current_goal_kcal: number;
                /**
                 * Format: double
                 * @description The share of the estimate from the person's own data, 0 to 1.
                 */
                data_share: number;
                /**
                 * Format: int32
                 * @description Days logged in full (days without meals and days logged only in part are left out).
                 */
                days_used: number;
                /** Format: int32 */
                days_weighed: number;
                /**
                 * Format: double
                 * @description The daily need, kcal: the data's (intake less the weight change's energy) and
                 *     the formula's, blended by `data_share`.
                 */
                estimated_kcal_per_day: number;
                /**
                 * Format: date
                 * @description The first and last day looked at (the four weeks up to yesterday).
                 */
                first_day: string;
                /**
                 * Format: double
                 * @description Mifflin-St Jeor × activity at the trend's weight; null without body data (the
                 *     goal stands in for it).
                 */
                formula_kcal_per_day?: number | null;
                /**
                 * Format: double
                 * @description The mean energy of the days used; null when there are none.
                 */
                intake_kcal_per_day?: number | null;
                /** Format: date */
                last_day: string;
                reasons: components["schemas"]["ReasonView"][];
                /**
                 * Format: double
                 * @description The daily goal for the aim: the need plus the aim's energy, at least 1,200.
                 */
                suggested_goal_kcal: number;
                /** @description The weighed days of the window with the smoothed trend, oldest first. */
                trend: components["schemas"]["TrendPoint"][];
                /**
                 * Format: double
                 * @description The weight's trend, kg a week (negative when losing); null with under two weights.
                 */
                weight_trend_kg_per_week?: number | null;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_FoodList: {
            data: {
                foods: components["schemas"]["FoodView"][];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_FoodPage: {
            data: {
                foods: components["schemas"]["FoodView"][];
                /** Format: int64 */
                page: number;
                /** Format: int64 */
                page_size: number;
                /** Format: int64 */
                total: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_FoodView: {
            /** @description A food as every call returns it (SPEC §3 "Food"), per 100 g. */
            data: {
                barcode?: string | null;
                brand?: string | null;
                /** Format: double */
                calories_per_100g: number;
                /** Format: double */
                carbs_per_100g: number;
                category?: string | null;
                /** Format: date-time */
                created_at?: string | null;
                data_quality: string;
                data_source: components["schemas"]["FoodSource"];
                description?: string | null;
                /** Format: double */
                fat_per_100g: number;
                /** Format: int64 */
                fdc_id?: number | null;
                /**
                 * Format: double
                 * @description `null` when the food's source does not give it (unknown, not 0).
                 */
                fiber_per_100g?: number | null;
                /** Format: int64 */
                id?: number | null;
                image_url?: string | null;
                ingredients?: string | null;
                is_custom: boolean;
                /**
                 * @description A drink (its category is one of drinks): a volume of it is counted as water when
                 *     no portion gives its density, and the app says so.
                 */
                is_drink: boolean;
                /** @description Whether the signed-in viewer starred it. */
                is_favorite: boolean;
                is_owner: boolean;
                is_recipe: boolean;
                is_usda: boolean;
                micronutrient_coverage?: null | components["schemas"]["Coverage"];
                micronutrients?: null | components["schemas"]["Micronutrients"];
                name: string;
                name_zh?: string | null;
                nutrition_grade?: string | null;
                per_serving?: null | components["schemas"]["PerServing"];
                pinyin?: string | null;
                portions: components["schemas"]["Portion"][];
                /** Format: double */
                protein_per_100g: number;
                /**
                 * @description Its first portion is one item counted on a plate ("1 piece", "1 个", "1 slice"),
                 *     not a measure ("1 bowl", "100 g"): a photo's food taken from the search is asked
                 *     how many, as the recognised ones are.
                 */
                served_by_item: boolean;
                /** Format: int32 */
                serving_size: number;
                serving_unit: string;
                /** Format: double */
                sodium_per_100g?: number | null;
                /** Format: double */
                sugar_per_100g?: number | null;
                usda_description?: string | null;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Health: {
            data: {
                status: string;
                version: string;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_History: {
            data: {
                /**
                 * Format: double
                 * @description Last minus first record of the range, in kg.
                 */
                change?: number | null;
                /** Format: date */
                end_date: string;
                latest?: null | components["schemas"]["WeightView"];
                /** @description Oldest first. */
                records: components["schemas"]["WeightView"][];
                /** Format: date */
                start_date: string;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_HistoryView: {
            data: {
                history: components["schemas"]["HistoryEntry"][];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_ImagePage: {
            data: {
                images: components["schemas"]["ImageView"][];
                /** Format: int64 */
                page: number;
                /** Format: int64 */
                page_size: number;
                /** Format: int64 */
                total: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_ImageView: {
            /** @description SPEC §3 "Uploaded image". */
            data: {
                /**
                 * @description True while a food of the photo is a question the user has not answered (and the
                 *     photo is not confirmed): such a food is not among `keywords`.
                 */
                awaiting_answer: boolean;
                confirmed: boolean;
                /** Format: date-time */
                created_at: string;
                /** Format: int32 */
                height: number;
                /** Format: int64 */
                id: number;
                /** Format: int64 */
                image_id: number;
                /** @description The foods found, by name. */
                keywords: string[];
                /**
                 * @description The same foods in Chinese, in the same order: each food's Chinese name where it
                 *     has one, else its name as in `keywords`.
                 */
                keywords_zh: string[];
                /** Format: int64 */
                meal_id?: number | null;
                notes?: string | null;
                processing_status: components["schemas"]["ProcessingStatus"];
                /** Format: int32 */
                width: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Imported: {
            /** @description How much an import wrote. */
            data: {
                custom_foods: number;
                favorites: number;
                meals: number;
                recipes: number;
                weights: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_JobView: {
            data: {
                /** Format: int32 */
                attempts: number;
                /** Format: date-time */
                created_at: string;
                error?: null | components["schemas"]["JobFailure"];
                id: components["schemas"]["JobId"];
                progress?: null | components["schemas"]["JobProgress"];
                queue: string;
                result?: unknown;
                status: components["schemas"]["JobStatus"];
                /** Format: date-time */
                updated_at: string;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_LabelView: {
            /**
             * @description A label as read: every field of the food per 100 g, each with how sure the reading
             *     is and, when empty or doubtful, why.
             */
            data: {
                /** @description The barcode sent with the photo, canonical, to keep on the food. */
                barcode?: string | null;
                basis?: null | components["schemas"]["Basis"];
                fields: components["schemas"]["LabelField"][];
                /** @description Whether a nutrition table was found at all. */
                found: boolean;
                kind: components["schemas"]["LabelKind"];
                /** @description The rows of text read, top to bottom. */
                rows: string[];
                /** Format: double */
                serving_grams?: number | null;
                /** Format: double */
                took_ms: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_LoggedIn: {
            data: {
                access: string;
                refresh: string;
                user: components["schemas"]["UserView"];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_LoggedOut: {
            data: {
                logged_out: boolean;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_MealList: {
            data: {
                meals: components["schemas"]["MealView"][];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_MealPage: {
            data: {
                has_more: boolean;
                meals: components["schemas"]["MealView"][];
                /** Format: int64 */
                page: number;
                /** Format: int64 */
                page_size: number;
                /** Format: int64 */
                total: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_MealView: {
            /** @description A meal as every call returns it (SPEC §3 "Meal"), dated in the caller's time zone. */
            data: {
                /** Format: date-time */
                created_at: string;
                /**
                 * Format: date
                 * @description The local day, `YYYY-MM-DD`.
                 */
                date: string;
                /** Format: date-time */
                eaten_at: string;
                foods: components["schemas"]["MealFoodView"][];
                /** Format: int64 */
                id: number;
                meal_type: components["schemas"]["MealType"];
                micronutrient_coverage?: null | components["schemas"]["Coverage"];
                micronutrients?: null | components["schemas"]["Micronutrients"];
                name?: string | null;
                notes?: string | null;
                /** @description The local time, `HH:MM`. */
                time: string;
                /** Format: double */
                total_calories: number;
                /** Format: double */
                total_carbs: number;
                /** Format: double */
                total_fat: number;
                /** Format: double */
                total_fiber: number;
                /** Format: double */
                total_protein: number;
                /** Format: double */
                total_sodium: number;
                /** Format: double */
                total_sugar: number;
                /** Format: date-time */
                updated_at: string;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_MealWords: {
            data: {
                items: components["schemas"]["ReadDish"][];
                meal_type?: null | components["schemas"]["MealType"];
                /** @description The parts of the text no food was found for. */
                unmatched: string[];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_NutritionStats: {
            data: {
                daily: components["schemas"]["Day"][];
                daily_average: components["schemas"]["Macros"];
                /** Format: int64 */
                days_count: number;
                /** Format: int32 */
                days_logged: number;
                /** Format: date */
                end_date: string;
                macro_split: components["schemas"]["MacroSplitView"];
                /** Format: date */
                start_date: string;
                totals: components["schemas"]["Macros"];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_PlanCreated: {
            data: {
                meals: components["schemas"]["MealView"][];
                meals_created: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_ProfileView: {
            data: {
                profile: components["schemas"]["ProfileFields"];
                user: components["schemas"]["ProfileUser"];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Readiness: {
            data: {
                bus: string;
                database: string;
                mode: string;
                queue: components["schemas"]["QueueKind"];
                status: string;
                workers: string;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_RecentFoods: {
            data: {
                frequent: components["schemas"]["UsedFoodView"][];
                recent: components["schemas"]["UsedFoodView"][];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_RecipeDeleted: {
            data: {
                /** Format: int64 */
                id: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_RecipePage: {
            data: {
                /** Format: int64 */
                page: number;
                /** Format: int64 */
                page_size: number;
                recipes: components["schemas"]["RecipeView"][];
                /** Format: int64 */
                total: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_RecipeView: {
            /** @description A recipe as every call returns it. */
            data: {
                /** Format: date-time */
                created_at: string;
                food: components["schemas"]["FoodView"];
                /** Format: int64 */
                id: number;
                ingredients: components["schemas"]["IngredientView"][];
                name: string;
                name_zh?: string | null;
                notes?: string | null;
                per_100g: components["schemas"]["Nutrients"];
                per_serving: components["schemas"]["Nutrients"];
                /** Format: double */
                serving_grams: number;
                /** Format: double */
                servings: number;
                /** Format: double */
                total_grams: number;
                totals: components["schemas"]["Nutrients"];
                /** Format: date-time */
                updated_at: string;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Registered: {
            data: {
                access: string;
                refresh: string;
                user: components["schemas"]["UserView"];
                verification_sent: boolean;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_ResultsView: {
            /** @description SPEC §3 "Recognition result". */
            data: {
                confirmed: boolean;
                corrections?: unknown;
                error?: null | components["schemas"]["ErrorView"];
                /** @description False when the photo shows no food at all. */
                food_found: boolean;
                /** Format: int64 */
                image_id: number;
                keywords: string[];
                memory?: null | components["schemas"]["RememberedMeal"];
                plate_warning?: null | components["schemas"]["PlateWarning"];
                processing_status: components["schemas"]["ProcessingStatus"];
                /** @description Each recognised food with its portion, nutrition and check. */
                results: components["schemas"]["RecognizedFood"][];
                stage_1?: unknown;
                stage_2?: unknown;
                stage_3?: unknown;
                status: components["schemas"]["ProcessingStatus"];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_SearchResults: {
            data: {
                /**
                 * @description The first food matches every word of the query; when false the foods are only
                 *     the closest there are ("No exact match for 红烧肉 — closest:").
                 */
                exact: boolean;
                foods: components["schemas"]["FoodView"][];
                query: string;
                /** Format: double */
                took_ms: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Sent: {
            data: {
                message: string;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_SessionTokens: {
            /** @description A fresh pair for the client. */
            data: {
                access: string;
                refresh: string;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Starred: {
            data: {
                food: components["schemas"]["FoodView"];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_StatisticsView: {
            data: components["schemas"]["MicronutrientReport"] & {
                /** Format: int32 */
                calorie_goal: number;
                daily: components["schemas"]["Day"][];
                /** Format: date */
                end_date: string;
                is_single_day: boolean;
                macro_split: components["schemas"]["MacroSplitView"];
                meal_breakdown: components["schemas"]["MealBreakdown"];
                /** Format: date */
                start_date: string;
                stats: components["schemas"]["RangeStats"];
                summary: components["schemas"]["Summary"];
                top_foods: components["schemas"]["TopFoodView"][];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_UsdaNutrition: {
            /** @description SPEC §3 "USDA nutrition response", plus the id of the food as stored here. */
            data: {
                brand_owner?: string | null;
                /** Format: int64 */
                fdc_id: number;
                food_description: string;
                /** Format: int64 */
                food_id: number;
                /** @description Per 100 g; sodium in mg. */
                nutrients: components["schemas"]["Nutrients"];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_UsdaResults: {
            data: {
                foods: components["schemas"]["FoodView"][];
                message?: string | null;
                usda_available: boolean;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_UserView: {
            /** @description A user as clients see it. */
            data: {
                /** Format: date-time */
                date_joined: string;
                email: string;
                email_verified: boolean;
                /** Format: int64 */
                id: number;
                nickname: string;
                username: string;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_Verified: {
            data: {
                refresh_token: string;
                token: string;
                user: components["schemas"]["UserView"];
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        /** @description The success envelope around an answer's data, as documented and as sent. */
        Success_WeightView: {
            /** @description A body weight record. */
            data: {
                /** Format: date-time */
                created_at: string;
                /** Format: date */
                date: string;
                /** Format: int64 */
                id: number;
                notes?: string | null;
                /** Format: date-time */
                updated_at: string;
                /** Format: double */
                weight: number;
            };
            error?: null;
            /** @enum {boolean} */
            success: true;
        };
        Summary: {
            /** Format: double */
            total_calories: number;
            /** Format: double */
            total_carbs: number;
            /** Format: double */
            total_fat: number;
            /** Format: int32 */
            total_meals: number;
            /** Format: double */
            total_protein: number;
        };
        /** @description How sure the reading is of a dish's food, in the words the app shows. */
        Sureness: {
            /**
             * @description `sure`: a food is called exactly this; `likely`: a food has every word;
             *     `unsure`: only the closest there is, a question with its alternatives.
             */
            level: string;
            /** Format: float */
            score: number;
        };
        /** @description One nutrient's daily target, in its key's unit. */
        Target: {
            /**
             * Format: double
             * @description The amount to reach (or, for a limit, to stay under); null for a limit when there
             *     is no calorie goal to take it from.
             */
            amount?: number | null;
            kind: components["schemas"]["TargetKind"];
            /**
             * Format: double
             * @description The Tolerable Upper Intake Level from all food; null where none is set or where it
             *     is for supplements or fortified foods only, which the app's sums of food cannot
             *     tell apart.
             */
            upper_limit?: number | null;
        };
        /** @description The life-stage group whose values a person is given. */
        TargetGroup: {
            /**
             * Format: int32
             * @description Inclusive years; the last groups end at 130.
             */
            age_from: number;
            /** Format: int32 */
            age_to: number;
            /**
             * @description The profile does not say the person's sex or age, so the group is a guess (men, or
             *     their sex, aged 31–50) the app should say is one.
             */
            assumed: boolean;
            sex: components["schemas"]["Sex"];
        };
        /**
         * @description What a target's amount is.
         * @enum {string}
         */
        TargetKind: "rda" | "ai" | "limit";
        TopFoodView: {
            /** Format: int64 */
            food_id?: number | null;
            /** Format: int32 */
            frequency: number;
            name: string;
            name_zh?: string | null;
            /** Format: double */
            total_calories: number;
            /** Format: double */
            total_quantity: number;
        };
        /** @description A point of the smoothed weight trend. */
        TrendPoint: {
            /** Format: date */
            date: string;
            /** Format: double */
            trend_kg: number;
            /** Format: double */
            weight_kg: number;
        };
        TypeIntake: {
            /** Format: double */
            calories: number;
            /** Format: double */
            carbs: number;
            /** Format: int32 */
            count: number;
            /** Format: double */
            fat: number;
            /** Format: double */
            protein: number;
        };
        /** @description SPEC §3 "USDA nutrition response", plus the id of the food as stored here. */
        UsdaNutrition: {
            brand_owner?: string | null;
            /** Format: int64 */
            fdc_id: number;
            food_description: string;
            /** Format: int64 */
            food_id: number;
            /** @description Per 100 g; sodium in mg. */
            nutrients: components["schemas"]["Nutrients"];
        };
        UsdaResults: {
            foods: components["schemas"]["FoodView"][];
            message?: string | null;
            usda_available: boolean;
        };
        /** @description A food the user logged before, with what they logged last time. */
        UsedFoodView: components["schemas"]["FoodView"] & {
            last_amount?: string | null;
            /** Format: double */
            last_quantity: number;
            /** Format: date-time */
            last_used_at: string;
            /** Format: int64 */
            uses: number;
        };
        /** @description A user as clients see it. */
        UserView: {
            /** Format: date-time */
            date_joined: string;
            email: string;
            email_verified: boolean;
            /** Format: int64 */
            id: number;
            nickname: string;
            username: string;
        };
        Verified: {
            refresh_token: string;
            token: string;
            user: components["schemas"]["UserView"];
        };
        /** @description A body weight record. */
        WeightView: {
            /** Format: date-time */
            created_at: string;
            /** Format: date */
            date: string;
            /** Format: int64 */
            id: number;
            notes?: string | null;
            /** Format: date-time */
            updated_at: string;
            /** Format: double */
            weight: number;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    auth_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "Cooking2026x",
                 *       "username": "newcook"
                 *     }
                 */
                "application/json": {
                    password: string;
                    username: string;
                };
            };
        };
        responses: {
            /** @description Signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_LoggedIn"];
                };
            };
            /** @description INVALID_CREDENTIALS */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RATE_LIMITED: too many attempts from this address, or too many wrong passwords at this account from this address (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    auth_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refresh_token": "the refresh token from sign-in"
                 *     }
                 */
                "application/json": {
                    refresh?: string | null;
                    refresh_token?: string | null;
                };
            };
        };
        responses: {
            /** @description Logged out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_LoggedOut"];
                };
            };
            /** @description VALIDATION_ERROR: no token given */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    auth_password_reset_confirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "Cooking2027x",
                 *       "token": "the token of the mailed link"
                 *     }
                 */
                "application/json": {
                    password?: string;
                    token?: string;
                };
            };
        };
        responses: {
            /** @description Password reset */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Sent"];
                };
            };
            /** @description INVALID_TOKEN or TOKEN_EXPIRED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description Password rules */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    auth_password_reset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "newcook@example.com"
                 *     }
                 */
                "application/json": {
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Sent if the account exists */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Sent"];
                };
            };
            /** @description No email */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    auth_refresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "refresh": "the refresh token from sign-in"
                 *     }
                 */
                "application/json": {
                    refresh: string;
                };
            };
        };
        responses: {
            /** @description New tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_SessionTokens"];
                };
            };
            /** @description INVALID_TOKEN, TOKEN_EXPIRED or TOKEN_REUSED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    auth_register: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "newcook@example.com",
                 *       "nickname": "Cook",
                 *       "password": "Cooking2026x",
                 *       "username": "newcook"
                 *     }
                 */
                "application/json": {
                    email: string;
                    nickname?: string;
                    password: string;
                    username: string;
                };
            };
        };
        responses: {
            /** @description Signed up and in */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Registered"];
                };
            };
            /** @description USERNAME_TAKEN or EMAIL_TAKEN */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description Invalid details */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    auth_resend_verification: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "newcook@example.com"
                 *     }
                 */
                "application/json": {
                    email?: string;
                };
            };
        };
        responses: {
            /** @description Sent if the account exists */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Sent"];
                };
            };
            /** @description No email */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RATE_LIMITED */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    auth_current_user: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The user */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_UserView"];
                };
            };
            /** @description NOT_AUTHENTICATED, INVALID_TOKEN or TOKEN_EXPIRED */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    auth_verify_email: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "token": "the token of the mailed link"
                 *     }
                 */
                "application/json": {
                    token?: string;
                };
            };
        };
        responses: {
            /** @description Verified and signed in */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Verified"];
                };
            };
            /** @description INVALID_TOKEN or TOKEN_EXPIRED */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description EMAIL_ALREADY_VERIFIED: the link was used already and the address is verified (no session is given) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    ops_docs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description HTML page */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": string;
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "calories": 68,
                 *       "carbs": 12,
                 *       "fat": 1.4,
                 *       "fiber": 1.7,
                 *       "name": "Oat porridge",
                 *       "portions": [
                 *         {
                 *           "grams": 250,
                 *           "name": "bowl",
                 *           "name_zh": "碗"
                 *         }
                 *       ],
                 *       "protein": 2.4
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The barcode of a product no database knows, so it is found by it next time.
                     * @default null
                     */
                    barcode?: string | null;
                    /** @default null */
                    brand?: string | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    calories?: number | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    carbs?: number | null;
                    /**
                     * Format: int64
                     * @default null
                     */
                    copied_from?: number | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    fat?: number | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    fiber?: number | null;
                    /** @default null */
                    micronutrients?: null | components["schemas"]["Micronutrients"];
                    /** @default null */
                    name?: string | null;
                    /** @default null */
                    portions?: components["schemas"]["Portion"][] | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    protein?: number | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    sodium?: number | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    sugar?: number | null;
                };
            };
        };
        responses: {
            /** @description The food */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_FoodView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description copied_from is not a food you can see */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_favorites: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Foods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_FoodList"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_parse_meal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "早饭吃了一碗米饭和两个鸡蛋"
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The meal in words, in English or Chinese (1 to 500 characters): "一碗米饭两个鸡蛋",
                     *     "2 eggs and a slice of toast".
                     */
                    text?: string | null;
                };
            };
        };
        responses: {
            /** @description The dishes read, and the parts not understood */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealWords"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR: no text, or more than 500 characters */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_recent_foods: {
        parameters: {
            query?: {
                /** @description 1 to 50, default 10 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Used foods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_RecentFoods"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_search: {
        parameters: {
            query?: {
                /** @description What to look for (1 to 200 characters) */
                query?: string;
                /** @description 1 to 100, default 20 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Foods, best first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_SearchResults"];
                };
            };
            /** @description EMPTY_QUERY */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description QUERY_TOO_LONG or a bad page_size */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_search_history: {
        parameters: {
            query?: {
                /** @description 1 to 50, default 10 */
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description History */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_HistoryView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    usda_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "fdc_id": 171705
                 *     }
                 */
                "application/json": {
                    /** @description Saves a custom copy under this name instead (the test page's payload). */
                    custom_name?: string | null;
                    /** Format: int64 */
                    fdc_id?: number | null;
                };
            };
        };
        responses: {
            /** @description The food */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_FoodView"];
                };
            };
            /** @description Being fetched: follow events, then send the same call again */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description USDA_FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_IDEMPOTENCY_KEY, or IDEMPOTENCY_KEY_REUSED for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description USDA_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    usda_nutrition: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description FoodData Central id */
                fdc_id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Nutrients */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_UsdaNutrition"];
                };
            };
            /** @description Being fetched: follow events, then GET result */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description USDA_FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RATE_LIMITED: the caller's share of this service's USDA calls (the account's, or the address's when not signed in), or all of them, is spent for now; Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description USDA_UNAVAILABLE: USDA FoodData Central failed or is rate limiting this service */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    usda_search: {
        parameters: {
            query?: {
                /** @description What to look for */
                query?: string;
                /** @description 1 to 50, default 20 */
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Foods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_UsdaResults"];
                };
            };
            /** @description EMPTY_QUERY */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_user_foods: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of foods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_FoodPage"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_food: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Food id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The food */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_FoodView"];
                };
            };
            /** @description FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Food id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_DeleteImpact"];
                };
            };
            /** @description FOOD_READ_ONLY */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_star: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Food id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Starred */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Starred"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_IDEMPOTENCY_KEY, or IDEMPOTENCY_KEY_REUSED for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_unstar: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Food id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Not starred */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Starred"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    foods_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Food id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "calories": 68,
                 *       "carbs": 12,
                 *       "fat": 1.4,
                 *       "fiber": 1.7,
                 *       "name": "Oat porridge",
                 *       "portions": [
                 *         {
                 *           "grams": 250,
                 *           "name": "bowl",
                 *           "name_zh": "碗"
                 *         }
                 *       ],
                 *       "protein": 2.4
                 *     }
                 */
                "application/json": {
                    /**
                     * @description The barcode of a product no database knows, so it is found by it next time.
                     * @default null
                     */
                    barcode?: string | null;
                    /** @default null */
                    brand?: string | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    calories?: number | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    carbs?: number | null;
                    /**
                     * Format: int64
                     * @default null
                     */
                    copied_from?: number | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    fat?: number | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    fiber?: number | null;
                    /** @default null */
                    micronutrients?: null | components["schemas"]["Micronutrients"];
                    /** @default null */
                    name?: string | null;
                    /** @default null */
                    portions?: components["schemas"]["Portion"][] | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    protein?: number | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    sodium?: number | null;
                    /**
                     * Format: double
                     * @default null
                     */
                    sugar?: number | null;
                };
            };
        };
        responses: {
            /** @description The food */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_FoodView"];
                };
            };
            /** @description FOOD_READ_ONLY */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    health_health: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Alive */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Health"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    health_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Ready */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Readiness"];
                };
            };
            /** @description A dependency is unreachable (code NOT_READY) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    images_analyze_stream: {
        parameters: {
            query?: never;
            header?: {
                /** @description The last event id received */
                "Last-Event-ID"?: number | null;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "image_id": 1
                 *     }
                 */
                "application/json": {
                    /** Format: int64 */
                    image_id?: number | null;
                };
            };
        };
        responses: {
            /** @description The event stream: each data line is one AnalysisUpdate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["AnalysisUpdate"];
                };
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RECOGNITION_UNAVAILABLE: recognition model not installed */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    barcodes_analyze_with_barcode: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "image_id": 1
                 *     }
                 */
                "application/json": {
                    /** Format: int64 */
                    image_id?: number | null;
                };
            };
        };
        responses: {
            /** @description Barcodes and foods */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_BarcodeFoodsView"];
                };
            };
            /** @description Still under way: follow events, then GET result */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_IDEMPOTENCY_KEY, or IDEMPOTENCY_KEY_REUSED for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    images_analyze: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "image_id": 1
                 *     }
                 */
                "application/json": {
                    /** Format: int64 */
                    image_id?: number | null;
                };
            };
        };
        responses: {
            /** @description The results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_ResultsView"];
                };
            };
            /** @description Still under way */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_IDEMPOTENCY_KEY, or IDEMPOTENCY_KEY_REUSED for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RECOGNITION_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    images_confirm: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "image_id": 1,
                 *       "is_confirmed": true
                 *     }
                 */
                "application/json": {
                    corrections?: unknown;
                    /** Format: int64 */
                    image_id?: number | null;
                    is_confirmed?: boolean | null;
                    /**
                     * Format: int64
                     * @description The test page's name for the image.
                     */
                    result_id?: number | null;
                };
            };
        };
        responses: {
            /** @description The results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_ResultsView"];
                };
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    barcodes_create_food: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "barcode": "4006381333931",
                 *       "type": "EAN-13"
                 *     }
                 */
                "application/json": {
                    barcode?: unknown;
                    /** @description How it was printed, when the caller knows (eight digits are EAN-8 or UPC-E). */
                    type?: string | null;
                };
            };
        };
        responses: {
            /** @description The food */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_CreatedView"];
                };
            };
            /** @description Still under way (a lookup abroad): follow events, then GET result */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description BARCODE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_BARCODE, NOT_A_FOOD_BARCODE or PRODUCT_REJECTED (past the sanity rules, with the reason) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RATE_LIMITED: the account's share of this service's Open Food Facts or USDA lookups is spent for now and no source could be asked; Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description BARCODE_LOOKUP_UNAVAILABLE: Open Food Facts or USDA failed, or is rate limiting this service */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    images_create_meal: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15",
                 *       "image_id": 1,
                 *       "meal_type": "lunch"
                 *     }
                 */
                "application/json": {
                    date?: string | null;
                    /** @description The foods to save, as corrected: `[{food_id, quantity}]`; by default the results. */
                    foods?: unknown[] | null;
                    /** Format: int64 */
                    image_id?: number | null;
                    meal_name?: string | null;
                    meal_type?: string | null;
                };
            };
        };
        responses: {
            /** @description The meal */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealView"];
                };
            };
            /** @description IMAGE_NOT_FOUND or FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    barcodes_detect: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "image_id": 1
                 *     }
                 */
                "application/json": {
                    /** Format: int64 */
                    image_id?: number | null;
                };
            };
        };
        responses: {
            /** @description The barcodes (possibly none) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_DetectionView"];
                };
            };
            /** @description Still under way: follow events, then GET result */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR, IMAGE_PROCESSING_FAILED, or INVALID_IMAGE when the photo does not decode */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    images_list: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of images */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_ImagePage"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    barcodes_search_combined: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "barcode": "4006381333931",
                 *       "type": "EAN-13"
                 *     }
                 */
                "application/json": {
                    barcode?: unknown;
                    /** @description How it was printed, when the caller knows (eight digits are EAN-8 or UPC-E). */
                    type?: string | null;
                };
            };
        };
        responses: {
            /** @description Found or not */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_BarcodeSearchView"];
                };
            };
            /** @description Still under way: follow events, then GET result */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_BARCODE */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description BARCODE_LOOKUP_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    barcodes_search_off: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "barcode": "4006381333931",
                 *       "type": "EAN-13"
                 *     }
                 */
                "application/json": {
                    barcode?: unknown;
                    /** @description How it was printed, when the caller knows (eight digits are EAN-8 or UPC-E). */
                    type?: string | null;
                };
            };
        };
        responses: {
            /** @description Found or not */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_BarcodeSearchView"];
                };
            };
            /** @description Still under way: follow events, then GET result */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_BARCODE */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description BARCODE_LOOKUP_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    barcodes_search_usda: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "barcode": "4006381333931",
                 *       "type": "EAN-13"
                 *     }
                 */
                "application/json": {
                    barcode?: unknown;
                    /** @description How it was printed, when the caller knows (eight digits are EAN-8 or UPC-E). */
                    type?: string | null;
                };
            };
        };
        responses: {
            /** @description Found or not */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_BarcodeSearchView"];
                };
            };
            /** @description Still under way: follow events, then GET result */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_BARCODE */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description BARCODE_LOOKUP_UNAVAILABLE */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    images_upload: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /** Format: binary */
                    image: string;
                    notes?: string;
                };
            };
        };
        responses: {
            /** @description The image */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_ImageView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IMAGE_TOO_LARGE (the file), or UPLOAD_QUOTA_EXCEEDED: the account's kept photos are at their quota; delete some to upload new ones */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description UNSUPPORTED_IMAGE, or MULTIPART_REQUIRED when the body is not multipart */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_IMAGE, or IMAGE_TOO_LARGE (too many pixels, or too much memory to decode) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RATE_LIMITED: too many photos from this account; Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description PHOTO_STORE_UNAVAILABLE: the photo store cannot be reached, the photo was not kept */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    images_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Image id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Whether an analysis was cancelled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_CancelledView"];
                };
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_IDEMPOTENCY_KEY, or IDEMPOTENCY_KEY_REUSED for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    images_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Image id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Deleted"];
                };
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    images_events: {
        parameters: {
            query?: never;
            header?: {
                /** @description The last event id received */
                "Last-Event-ID"?: number | null;
            };
            path: {
                /** @description Image id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The event stream: each data line is one AnalysisUpdate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": components["schemas"]["AnalysisUpdate"];
                };
            };
            /** @description The client has the final event already */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description IMAGE_NOT_FOUND, or ANALYSIS_NOT_STARTED: the photo has not been analysed */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    images_results: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Image id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The results */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_ResultsView"];
                };
            };
            /** @description IMAGE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    jobs_job: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Job id (UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The job */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_JobView"];
                };
            };
            /** @description Not a job id */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description No such job */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    jobs_cancel: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Job id (UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Cancellation recorded */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Cancelled"];
                };
            };
            /** @description No such job */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_IDEMPOTENCY_KEY, or IDEMPOTENCY_KEY_REUSED for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    jobs_events: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Job id (UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description text/event-stream of progress events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/event-stream": string;
                };
            };
            /** @description No such job */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    jobs_result: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Job id (UUID) */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The call's answer */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Still under way */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description No such job */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description CANCELLED */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    labels_read: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    barcode?: string;
                    /** Format: binary */
                    image: string;
                };
            };
        };
        responses: {
            /** @description The label as read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_LabelView"];
                };
            };
            /** @description Still being read: follow events, then GET result (the photo is not read twice) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Accepted"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IMAGE_TOO_LARGE */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description UNSUPPORTED_IMAGE, or MULTIPART_REQUIRED when the body is not multipart */
            415: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_IMAGE, IMAGE_TOO_LARGE (too many pixels, or too much memory to decode), INVALID_BARCODE or no image */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RATE_LIMITED: too many photos from this account (uploads and label readings together); Retry-After says when to try again */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description LABEL_READING_UNAVAILABLE: label reading models not installed; PHOTO_STORE_UNAVAILABLE: the photo store cannot be reached */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meal_stats_comparison: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD */
                date1?: string;
                /** @description YYYY-MM-DD */
                date2?: string;
                /** @description Only this meal type */
                meal_type?: string;
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Comparison */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Comparison"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_copy_day: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "from_date": "2026-01-15",
                 *       "to_date": "2026-01-16"
                 *     }
                 */
                "application/json": {
                    from_date?: string | null;
                    to_date?: string | null;
                };
            };
        };
        responses: {
            /** @description The copies */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_DayCopied"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description NO_MEALS_ON_DAY */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_create: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15",
                 *       "foods": [
                 *         {
                 *           "food_id": 1,
                 *           "quantity": 150
                 *         },
                 *         {
                 *           "quick_add": {
                 *             "calories": 5,
                 *             "name": "Coffee"
                 *           }
                 *         }
                 *       ],
                 *       "meal_type": "lunch",
                 *       "name": "Lunch"
                 *     }
                 */
                "application/json": {
                    date?: string | null;
                    foods?: components["schemas"]["LineInput"][] | null;
                    meal_type?: string | null;
                    name?: string | null;
                    notes?: string | null;
                };
            };
        };
        responses: {
            /** @description The meal */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description FOOD_NOT_FOUND or USDA_FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR, naming the field */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meal_stats_daily_summary: {
        parameters: {
            query?: {
                /** @description YYYY-MM-DD, default today */
                date?: string;
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Summary */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_DailySummary"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_delete_line: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path: {
                /** @description Meal food id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The meal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealView"];
                };
            };
            /** @description MEAL_FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description LAST_MEAL_FOOD */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_update_line: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path: {
                /** @description Meal food id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "quantity": 120
                 *     }
                 */
                "application/json": {
                    amount?: string | null;
                    /** Format: double */
                    quantity?: number | null;
                };
            };
        };
        responses: {
            /** @description The meal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealView"];
                };
            };
            /** @description MEAL_FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_list: {
        parameters: {
            query?: {
                /** @description From 1 */
                page?: number;
                /** @description 1 to 100, default 20 */
                page_size?: number;
                meal_type?: string;
                date?: string;
                start_date?: string;
                end_date?: string;
                start_datetime_utc?: string;
                end_datetime_utc?: string;
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of meals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealPage"];
                };
            };
            /** @description VALIDATION_ERROR or INVALID_TIME_ZONE */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meal_stats_nutrition_stats: {
        parameters: {
            query?: {
                /** @description daily, weekly or monthly (with start_date) */
                period?: string;
                meal_type?: string;
                date?: string;
                start_date?: string;
                end_date?: string;
                start_datetime_utc?: string;
                end_datetime_utc?: string;
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Statistics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_NutritionStats"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_plan: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "end_date": "2026-01-18",
                 *       "meal_template": {
                 *         "breakfast": [
                 *           {
                 *             "food_id": 1,
                 *             "quantity": 200
                 *           }
                 *         ]
                 *       },
                 *       "start_date": "2026-01-12"
                 *     }
                 */
                "application/json": {
                    end_date?: string | null;
                    meal_template?: {
                        [key: string]: components["schemas"]["LineInput"][];
                    } | null;
                    start_date?: string | null;
                };
            };
        };
        responses: {
            /** @description The meals */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_PlanCreated"];
                };
            };
            /** @description FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_recent: {
        parameters: {
            query?: {
                /** @description 1 to 50, default 7 */
                limit?: number;
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Meals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealList"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    weight_record: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15",
                 *       "notes": "Before breakfast",
                 *       "weight": 64.5
                 *     }
                 */
                "application/json": {
                    date?: string | null;
                    notes?: string | null;
                    /** Format: double */
                    weight?: number | null;
                };
            };
        };
        responses: {
            /** @description The record */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_WeightView"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meal_stats_statistics: {
        parameters: {
            query?: {
                /** @description true: from the first meal to today */
                all?: boolean;
                meal_type?: string;
                date?: string;
                start_date?: string;
                end_date?: string;
                start_datetime_utc?: string;
                end_datetime_utc?: string;
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Statistics */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_StatisticsView"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    weight_history: {
        parameters: {
            query?: {
                /** @description Default: a year before end_date */
                start_date?: string;
                /** @description Default: today */
                end_date?: string;
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description History */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_History"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    weight_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Weight record id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Deleted"];
                };
            };
            /** @description WEIGHT_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_one: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path: {
                /** @description Meal id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The meal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealView"];
                };
            };
            /** @description MEAL_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_add_food: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Meal id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "food_id": 1,
                 *       "quantity": 100
                 *     }
                 */
                "application/json": {
                    /** @description An amount read against the food's portions ("1.5碗", "半斤"); it wins over quantity. */
                    amount?: string | null;
                    /**
                     * Format: int64
                     * @description (A USDA line's `name` is only informative: the food's own name is saved.)
                     */
                    fdc_id?: number | null;
                    /** Format: int64 */
                    food_id?: number | null;
                    /** Format: double */
                    quantity?: number | null;
                    quick_add?: null | components["schemas"]["QuickAddInput"];
                    /** @description On update: take the food's current nutrition rather than the line's saved one. */
                    refresh?: boolean;
                };
            };
        };
        responses: {
            /** @description The meal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealView"];
                };
            };
            /** @description MEAL_NOT_FOUND or FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_copy: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Meal id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-16",
                 *       "meal_type": "dinner"
                 *     }
                 */
                "application/json": {
                    date?: string | null;
                    meal_type?: string | null;
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description The copy */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description MEAL_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Meal id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Deleted"];
                };
            };
            /** @description MEAL_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    meals_update: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path: {
                /** @description Meal id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "date": "2026-01-15",
                 *       "foods": [
                 *         {
                 *           "food_id": 1,
                 *           "quantity": 150
                 *         },
                 *         {
                 *           "quick_add": {
                 *             "calories": 5,
                 *             "name": "Coffee"
                 *           }
                 *         }
                 *       ],
                 *       "meal_type": "lunch",
                 *       "name": "Lunch"
                 *     }
                 */
                "application/json": {
                    date?: string | null;
                    foods?: components["schemas"]["LineInput"][] | null;
                    meal_type?: string | null;
                    name?: string | null;
                    notes?: string | null;
                };
            };
        };
        responses: {
            /** @description The meal */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_MealView"];
                };
            };
            /** @description MEAL_NOT_FOUND or FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    ops_openapi: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OpenAPI 3.1 document */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    recipes_list: {
        parameters: {
            query?: {
                page?: number;
                page_size?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description A page of recipes */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_RecipePage"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    recipes_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ingredients": [
                 *         {
                 *           "food_id": 1,
                 *           "quantity": 300
                 *         },
                 *         {
                 *           "food_id": 2,
                 *           "quantity": 120
                 *         }
                 *       ],
                 *       "name": "Tomato and egg stir-fry",
                 *       "name_zh": "番茄炒蛋",
                 *       "servings": 2
                 *     }
                 */
                "application/json": {
                    ingredients?: components["schemas"]["IngredientInput"][] | null;
                    name?: string | null;
                    name_zh?: string | null;
                    notes?: string | null;
                    /** Format: double */
                    servings?: number | null;
                };
            };
        };
        responses: {
            /** @description The recipe */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_RecipeView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description FOOD_NOT_FOUND (unknown or another user's ingredient) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR, RECIPE_TOO_DEEP (recipes inside recipes nest too deep), RECIPE_TOO_LARGE (too many foods and recipes inside, at any depth) or RECIPE_TOO_SHARED (the foods and recipes inside are in too many of your recipes already); the message says the bound */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    recipes_one: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Recipe id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The recipe */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_RecipeView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RECIPE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    recipes_copy: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description Recipe id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "name": "My stir-fry"
                 *     }
                 */
                "application/json": {
                    name?: string | null;
                };
            };
        };
        responses: {
            /** @description The copy */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_RecipeView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RECIPE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description INVALID_IDEMPOTENCY_KEY, or IDEMPOTENCY_KEY_REUSED for another request */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    recipes_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Recipe id */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_RecipeDeleted"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RECIPE_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    recipes_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description Recipe id */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "ingredients": [
                 *         {
                 *           "food_id": 1,
                 *           "quantity": 300
                 *         },
                 *         {
                 *           "food_id": 2,
                 *           "quantity": 120
                 *         }
                 *       ],
                 *       "name": "Tomato and egg stir-fry",
                 *       "name_zh": "番茄炒蛋",
                 *       "servings": 2
                 *     }
                 */
                "application/json": {
                    ingredients?: components["schemas"]["IngredientInput"][] | null;
                    name?: string | null;
                    name_zh?: string | null;
                    notes?: string | null;
                    /** Format: double */
                    servings?: number | null;
                };
            };
        };
        responses: {
            /** @description The recipe */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_RecipeView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description RECIPE_NOT_FOUND or FOOD_NOT_FOUND */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR, RECIPE_CYCLE (it would contain itself), or RECIPE_TOO_DEEP, RECIPE_TOO_LARGE or RECIPE_TOO_SHARED as for create (a recipe inside others makes them deeper too) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    users_delete_account: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "password": "Cooking2026x"
                 *     }
                 */
                "application/json": {
                    password?: string;
                };
            };
        };
        responses: {
            /** @description Deleted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_AccountDeleted"];
                };
            };
            /** @description WRONG_PASSWORD: the password is incorrect */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    users_change_password: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "current_password": "Cooking2026x",
                 *       "new_password": "Cooking2027x"
                 *     }
                 */
                "application/json": {
                    current_password: string;
                    new_password: string;
                };
            };
        };
        responses: {
            /** @description New tokens */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_SessionTokens"];
                };
            };
            /** @description WRONG_PASSWORD: the current password is incorrect */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description IDEMPOTENCY_KEY_IN_USE: the first request with this key still runs (Retry-After) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description Password rules */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    users_energy_expenditure: {
        parameters: {
            query?: {
                /** @description IANA time zone of the caller's days (or the X-Time-Zone header); default UTC */
                tz?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The estimate */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_EnergyExpenditure"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    users_export_json: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description JSON attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": Record<string, unknown>;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description EXPORT_IN_PROGRESS: the user's previous export is still being written (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description EXPORT_BUSY: the server writes as many exports as it can at once (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    users_export_meals_csv: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV attachment */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description EXPORT_IN_PROGRESS: the user's previous export is still being written (Retry-After) */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description EXPORT_BUSY: the server writes as many exports as it can at once (Retry-After) */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    users_import: {
        parameters: {
            query?: never;
            header?: {
                /** @description Optional, 1-255 visible ASCII characters, per user, kept 24 hours. A repeat with the same method, path and body answers the first answer (same status and body, header Idempotent-Replayed: true) and creates nothing new; the same key with another request is refused (422 IDEMPOTENCY_KEY_REUSED); a repeat while the first still runs gets 409 IDEMPOTENCY_KEY_IN_USE with Retry-After. Answers of 500 and above, 429 and 408 are not kept, so the key can be retried. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "meals": [
                 *         {
                 *           "eaten_at": "2026-11-30T04:30:00Z",
                 *           "foods": [
                 *             {
                 *               "food_id": null,
                 *               "food_name": "Restaurant lunch",
                 *               "is_quick_add": true,
                 *               "per_100g": {
                 *                 "calories": 850,
                 *                 "carbs": 90,
                 *                 "fat": 35,
                 *                 "fiber": 0,
                 *                 "protein": 30,
                 *                 "sodium": 0,
                 *                 "sugar": 0
                 *               },
                 *               "quantity": null
                 *             }
                 *           ],
                 *           "meal_type": "lunch",
                 *           "name": null,
                 *           "notes": null
                 *         }
                 *       ],
                 *       "weights": [
                 *         {
                 *           "date": "2026-11-30",
                 *           "notes": null,
                 *           "weight": 62.5
                 *         }
                 *       ]
                 *     }
                 */
                "application/json": {
                    custom_foods?: Record<string, unknown>[];
                    favorites?: Record<string, unknown>[];
                    meals?: Record<string, unknown>[];
                    profile?: Record<string, unknown>;
                    recipes?: Record<string, unknown>[];
                    weights?: Record<string, unknown>[];
                };
            };
        };
        responses: {
            /** @description How much was imported */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_Imported"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description FOOD_NOT_FOUND: a recipe's ingredient is neither in the export nor here (nothing was written) */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description CONFLICT: the account has meals, foods, recipes or weights already */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description PAYLOAD_TOO_LARGE: more than 32 MB */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description VALIDATION_ERROR: the message names the part that is wrong (nothing was written) */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    users_profile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_ProfileView"];
                };
            };
            /** @description Not signed in */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
    users_update_profile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "activity_level": "moderately_active",
                 *       "carbs_goal": 250,
                 *       "daily_calorie_goal": 2000,
                 *       "date_of_birth": "1990-05-01",
                 *       "fat_goal": 60,
                 *       "gender": "female",
                 *       "height": 168,
                 *       "macro_goal_unit": "g",
                 *       "nickname": "Cook",
                 *       "protein_goal": 100,
                 *       "weight": 62.5
                 *     }
                 */
                "application/json": {
                    activity_level?: string | null;
                    /** Format: double */
                    carbs_goal?: number | null;
                    /** Format: double */
                    daily_calorie_goal?: number | null;
                    date_of_birth?: string | null;
                    /** Format: double */
                    fat_goal?: number | null;
                    gender?: string | null;
                    /** Format: double */
                    height?: number | null;
                    macro_goal_unit?: string | null;
                    nickname?: string | null;
                    /** Format: double */
                    protein_goal?: number | null;
                    /** Format: double */
                    weight?: number | null;
                    /**
                     * Format: double
                     * @description kg a week, −1 to 0.5 (negative to lose); null clears it (keep the weight).
                     */
                    weight_aim_kg_per_week?: number | null;
                };
            };
        };
        responses: {
            /** @description The profile */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Success_ProfileView"];
                };
            };
            /** @description Invalid values */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
            /** @description A failure */
            default: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Failure"];
                };
            };
        };
    };
}
