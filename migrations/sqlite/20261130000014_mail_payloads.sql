-- A mail job once carried its whole mail, the link and its token included. It now names
-- the account and the kind of link only, and the worker makes the link as it sends.
-- The old payloads are forgotten; an old mail job still unfinished is ended, since it
-- cannot be sent any more (the person asks for another link).
update job_run
set status = 'failed',
    error_message = 'This mail was queued before an upgrade; ask for a new link',
    error_code = 'JOB_FAILED'
where queue = 'send-mail' and status in ('queued', 'running', 'retrying');
update job_run set payload = null where queue = 'send-mail';
