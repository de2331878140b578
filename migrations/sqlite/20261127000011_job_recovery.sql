-- What the API's sweeper needs to put a job back on its queue when the queue lost it
-- (a Redis restarted without persistence): the payload it was queued with, the worker
-- process that last started it (to tell a live owner from a dead one), and how many
-- times a worker started it (a job done twice shows here).
alter table job_run add column payload text;
alter table job_run add column worker text;
alter table job_run add column runs integer not null default 0;
