-- Meals: what a user ate, when (a UTC instant, in ms since the epoch, so ranges of
-- local days compare as numbers on both engines), and the foods in it. Each line keeps
-- the nutrition its food had when it was logged, so later edits of a custom food do not
-- rewrite history; the meal's totals are the sum of its lines, kept on the meal row so
-- statistics over long ranges read one row per meal.
create table meal (
    meal_id integer primary key,
    user_id bigint not null references app_user (user_id) on delete cascade,
    name text,
    meal_type text not null,
    eaten_at_ms bigint not null,
    notes text,
    total_calories double precision not null default 0,
    total_protein double precision not null default 0,
    total_fat double precision not null default 0,
    total_carbs double precision not null default 0,
    total_fiber double precision not null default 0,
    total_sugar double precision not null default 0,
    total_sodium double precision not null default 0,
    created_at text not null,
    updated_at text not null
);
create index meal_user_eaten on meal (user_id, eaten_at_ms);

create table meal_food (
    meal_food_id integer primary key,
    meal_id bigint not null references meal (meal_id) on delete cascade,
    position bigint not null,
    -- Foods are only ever marked deleted; should a row go, its lines stay.
    food_id bigint references food (food_id) on delete set null,
    food_name text not null,
    food_name_zh text,
    brand text,
    quantity double precision not null,
    calories_per_100g double precision not null,
    protein_per_100g double precision not null,
    fat_per_100g double precision not null,
    carbs_per_100g double precision not null,
    fiber_per_100g double precision not null,
    sugar_per_100g double precision not null,
    sodium_per_100g double precision not null,
    calories double precision not null,
    protein double precision not null,
    fat double precision not null,
    carbs double precision not null,
    fiber double precision not null,
    sugar double precision not null,
    sodium double precision not null
);
create index meal_food_meal on meal_food (meal_id, position);
create index meal_food_food on meal_food (food_id);

-- Body weight, one record per local day.
create table body_weight (
    body_weight_id integer primary key,
    user_id bigint not null references app_user (user_id) on delete cascade,
    local_date text not null,
    weight double precision not null,
    notes text,
    created_at text not null,
    updated_at text not null,
    unique (user_id, local_date)
);
