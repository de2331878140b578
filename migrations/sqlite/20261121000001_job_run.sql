create table job_run (
    job_run_id text primary key not null,
    queue text not null,
    owner_user_id bigint,
    status text not null,
    attempts integer not null default 0,
    progress_seq bigint not null default 0,
    progress text,
    result text,
    error_message text,
    error_code text,
    cancel_requested boolean not null default false,
    created_at text not null,
    updated_at text not null
);
create index job_run_unfinished on job_run (queue, status);
