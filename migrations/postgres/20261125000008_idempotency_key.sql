-- A creating POST sent with an Idempotency-Key header, per user, kept 24 hours: a repeat
-- with the same request answers the stored answer instead of creating again. status is
-- null while the first request is still running.
create table idempotency_key (
    user_id bigint not null references app_user (user_id) on delete cascade,
    idempotency_key text not null,
    request_hash text not null,
    status integer,
    content_type text,
    body text,
    created_at timestamptz not null,
    primary key (user_id, idempotency_key)
);
create index idempotency_key_created on idempotency_key (created_at);
