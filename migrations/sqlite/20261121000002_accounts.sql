create table app_user (
    user_id bigint primary key not null,
    username text not null,
    username_key text not null unique,
    email text not null,
    email_key text not null unique,
    nickname text not null default '',
    password_hash text not null,
    email_verified boolean not null default false,
    date_of_birth text,
    gender text not null default 'male',
    height double precision not null default 175,
    weight double precision not null default 70,
    daily_calorie_goal integer not null default 2000,
    created_at text not null,
    updated_at text not null
);

-- A refresh token is stored only as its hash. Rotation keeps the family: reusing a
-- rotated token revokes every token of its family.
create table refresh_token (
    token_hash text primary key not null,
    user_id bigint not null references app_user (user_id) on delete cascade,
    family_id text not null,
    expires_at text not null,
    revoked_at text,
    created_at text not null
);
create index refresh_token_family on refresh_token (family_id);
create index refresh_token_user on refresh_token (user_id);

-- Single-use links sent by mail (email verification, password reset), hashed.
create table one_time_token (
    token_hash text primary key not null,
    user_id bigint not null references app_user (user_id) on delete cascade,
    purpose text not null,
    expires_at text not null,
    used_at text,
    created_at text not null
);
create index one_time_token_user on one_time_token (user_id, purpose);
