-- An account's unfinished jobs are counted before it may queue more (its fair share).
create index job_run_owner on job_run (owner_user_id, status);
