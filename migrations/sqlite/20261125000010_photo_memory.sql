-- The visual memory of a user's own meals: the gate model's embedding of each analysed
-- photo (1,280 little-endian f32s) and, once the user confirms the photo, the foods and
-- grams it showed. A new photo is compared with the same user's confirmed ones only.
-- Deleting the photo (or the account, which deletes its photos) deletes its memory.
create table photo_memory (
    image_id integer primary key references uploaded_image (image_id) on delete cascade,
    user_id bigint not null references app_user (user_id) on delete cascade,
    embedding blob not null,
    foods text,
    remembered_at text
);
create index photo_memory_user on photo_memory (user_id, remembered_at);
