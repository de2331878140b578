-- Every food: the built-in catalogue, USDA and Open Food Facts foods (imported or
-- fetched), and users' custom foods. Nutrition is per 100 g (sodium in mg).
-- Deleting a food only marks it, so meals that used it and the search index (which
-- catches up from changed_ms) both see what happened.
create table food (
    food_id integer primary key,
    source text not null,
    source_key text,
    owner_user_id bigint references app_user (user_id) on delete cascade,
    name text not null,
    name_zh text,
    pinyin text,
    brand text,
    barcode text,
    image_url text,
    nutrition_grade text,
    category text,
    calories double precision not null,
    protein double precision not null default 0,
    fat double precision not null default 0,
    carbs double precision not null default 0,
    fiber double precision not null default 0,
    sugar double precision not null default 0,
    sodium double precision not null default 0,
    portions text not null default '[]',
    fdc_id bigint,
    description text,
    ingredients text,
    data_quality text not null default 'unknown',
    copied_from bigint,
    created_at text not null,
    updated_at text not null,
    changed_ms bigint not null,
    deleted_at text
);
create unique index food_source_key on food (source, source_key);
create index food_owner on food (owner_user_id, food_id);
create index food_changed on food (changed_ms);
create index food_barcode on food (barcode);
create index food_fdc on food (fdc_id);

-- What a user searched for, one row per distinct query.
create table food_search (
    user_id bigint not null references app_user (user_id) on delete cascade,
    query_key text not null,
    query text not null,
    count integer not null default 1,
    searched_at text not null,
    primary key (user_id, query_key)
);
create index food_search_recent on food_search (user_id, searched_at);

-- Foods a user has logged or made: they rank higher in that user's searches.
create table food_usage (
    user_id bigint not null references app_user (user_id) on delete cascade,
    food_id bigint not null references food (food_id) on delete cascade,
    uses integer not null default 1,
    used_at text not null,
    primary key (user_id, food_id)
);

-- Products an import kept out, with the reason, listable per import (a job run id).
create table food_import_rejection (
    import_id text not null,
    source_key text not null,
    name text not null,
    reason text not null,
    created_at text not null
);
create index food_import_rejection_import on food_import_rejection (import_id);
