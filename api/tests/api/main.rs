//! The API's integration tests, one module an area, in one test binary (one link, one
//! `support`). Most start the real server in process (`support::spawn_app`); `fleet`,
//! `server_logs` and `soak` run the built binaries as child processes.
//!
//! Select by module: `cargo nextest run -p api -E 'test(/^meals::/)'`. `make test-rust`
//! leaves `soak::` out, `make soak` runs only it, and `make test-fleet-suite` runs the
//! rest again on PostgreSQL and Redis but for `fleet::` (which always uses them).

mod support;

mod account_import;
mod accounts;
mod admin;
mod barcodes;
mod energy;
mod fleet;
mod food_logging;
mod foods;
mod http;
mod images;
mod imports;
mod jobs;
mod labels;
mod meals;
mod micronutrients;
mod ownership;
mod server_logs;
mod soak;
mod usda;
