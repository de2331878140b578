//! What the API and the workers both need, and nothing of the workers' own (no model
//! runtime, no picture decoded): reading configuration and secrets, the photo store and
//! what a photo's header says, the clients of outside services, the food search index,
//! and logging.
//!
//! DESIGN: the API binary of a fleet links this, `models`, `jobs` and `search`; the
//! `worker` crate (ONNX Runtime, rxing, the image codecs) only where the API runs the
//! workers in-process (its `embedded-workers` feature, on by default).

pub mod blobs;
pub mod config;
pub mod food_index;
pub mod outside;
pub mod photo;
pub mod telemetry;
pub mod uploads;
pub mod usda;
