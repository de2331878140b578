-- Work done on a schedule (pruning photos never confirmed) by whichever worker claims it:
-- a claim moves next_run_at on by one period, so however many workers run, each period's
-- run happens once.
create table scheduled_task (
    name text primary key,
    next_run_at timestamptz not null
);
-- The photos the pruning looks for: never confirmed, in no meal, oldest first.
create index uploaded_image_unconfirmed on uploaded_image (created_at)
    where not confirmed and meal_id is null;
