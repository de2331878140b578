//! Domain types, nutrition math and persistence shared by the API and the workers.

pub mod db;
pub mod job;
pub mod store;
#[cfg(feature = "testing")]
pub mod testing;
pub mod user;

pub use db::{Database, DatabaseError, Engine};
pub use job::{JobFailure, JobId, JobProgress, JobRecord, JobStatus, NewJob, QueueDepth};
pub use store::{
    JobStore, OneTimeToken, RefreshToken, SessionStore, StoreError, Stores, UserStore,
};
pub use user::{
    Email, Gender, Invalid, NewPassword, NewUser, Profile, ProfileChanges, User, UserId, Username,
};
