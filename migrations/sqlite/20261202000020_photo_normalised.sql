-- Whether a photo is kept as the product keeps photos (upright, scaled, a JPEG without
-- metadata): the upload stores what was sent and the NormalisePhoto job makes it so.
-- Photos kept before were normalised within their upload.
alter table uploaded_image add column normalised boolean not null default 1;
