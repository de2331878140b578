-- Which shipped foods (catalogue, USDA foods, dish library) this database holds: the
-- fingerprint of the data and code that made them (models/build.rs), written in the same
-- transaction as the foods. A start whose build ships the same foods does not read them
-- again (parsing them all costs the start-up's memory peak); one with other foods seeds
-- them and writes its own. One row at most.
create table shipped_foods_seeded (
    only_row integer primary key check (only_row = 1),
    fingerprint text not null
);
