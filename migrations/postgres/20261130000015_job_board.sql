-- The job board counts each queue's jobs of the last 7 days by the day they were created.
create index job_run_created on job_run (created_at);
