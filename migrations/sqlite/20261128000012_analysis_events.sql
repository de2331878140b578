-- A photo's analysis is a chain of jobs owned by the workers. `analysis_job` is the job of
-- the stage running now (null when no analysis runs): each stage hands over to the next
-- only if it is still the one named here, so a stale or repeated job changes nothing.
-- Every event of the analysis is kept, numbered per photo by `analysis_seq` (it never
-- goes back, so a client's Last-Event-ID stays meaningful across analyses), for a
-- listener that comes late or comes back.
alter table uploaded_image add column analysis_job text;
alter table uploaded_image add column analysis_seq bigint not null default 0;
create table analysis_event (
    image_id bigint not null references uploaded_image (image_id) on delete cascade,
    seq bigint not null,
    event text not null,
    created_at text not null,
    primary key (image_id, seq)
);
