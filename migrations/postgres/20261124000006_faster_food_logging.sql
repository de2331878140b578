-- Faster logging: amounts beyond grams, quick adds, favourite and recent foods, recipes.

-- A meal line keeps the amount it was logged as ("2 slices", "1.5碗") beside its grams.
-- A quick add ("restaurant lunch, 850 kcal") has no food: its values are stored as one
-- 100 g quantity of per-100 g values, so totals and statistics add it up like any line.
alter table meal_food add column amount text;
alter table meal_food add column is_quick_add boolean not null default false;

-- What a user logged of a food last time, so a recent food is one click to log again.
alter table food_usage add column last_quantity double precision;
alter table food_usage add column last_amount text;

-- Foods a user starred.
create table food_favorite (
    user_id bigint not null references app_user (user_id) on delete cascade,
    food_id bigint not null references food (food_id) on delete cascade,
    created_at timestamptz not null,
    primary key (user_id, food_id)
);
create index food_favorite_recent on food_favorite (user_id, created_at);

-- A recipe is a food of its owner (source 'recipe') whose per-100 g values are worked
-- out from its ingredients; servings says how many portions the whole recipe makes.
alter table food add column servings double precision;

create table recipe_ingredient (
    recipe_food_id bigint not null references food (food_id) on delete cascade,
    position bigint not null,
    -- Foods are only marked deleted; rows go only with their owner's account.
    food_id bigint not null references food (food_id) on delete cascade,
    quantity double precision not null,
    amount text,
    primary key (recipe_food_id, position)
);
-- Which recipes to work out again when a food changes.
create index recipe_ingredient_food on recipe_ingredient (food_id);
