-- Photos users upload for recognition. The file lives under the data directory (its
-- path is relative to it); the stages of its analysis are kept as JSON as each job of
-- the pipeline finishes, so a late or reconnecting client reads them back.
create table uploaded_image (
    image_id integer primary key,
    user_id bigint not null references app_user (user_id) on delete cascade,
    file_path text not null,
    content_type text not null,
    width integer not null,
    height integer not null,
    byte_size bigint not null,
    notes text,
    processing_status text not null,
    stage_1 text,
    stage_2 text,
    stage_3 text,
    error_message text,
    error_code text,
    confirmed boolean not null default false,
    corrections text,
    meal_id bigint references meal (meal_id) on delete set null,
    created_at text not null,
    updated_at text not null
);
create index uploaded_image_user on uploaded_image (user_id, image_id);
