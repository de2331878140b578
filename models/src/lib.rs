//! The domain shared by the API and the workers: its types, the nutrition maths and the
//! parsing. Persistence is the `store` crate's.

pub mod amount;
mod amount_words;
pub mod analysis;
pub mod barcode;
pub mod calendar;
pub mod catalogue;
pub mod certainty;
#[cfg(feature = "corpus")]
pub mod corpus;
pub mod csv;
pub mod dri;
pub mod energy;
pub mod error_code;
pub mod food;
pub mod generic;
pub mod import;
pub mod job;
pub mod learned;
pub mod mailed_link;
pub mod meal;
pub mod meal_words;
pub mod micronutrients;
pub mod nutrition_label;
pub mod recipe;
pub mod recogniser;
pub mod recognition;
pub mod statistics;
#[cfg(feature = "testing")]
pub mod testing;
pub mod token;
pub mod upload;
pub mod user;
pub mod weight;

pub use barcode::{Barcode, BarcodeKind};
pub use calendar::LocalClock;
pub use error_code::ErrorCode;
pub use food::{
    CustomFoodInput, Food, FoodSearchRow, FoodSource, NewFood, Nutrients, Portion, UnknownNutrients,
};
pub use job::{
    JobFailure, JobId, JobProgress, JobRecord, JobStatus, JobStep, NewJob, QueueDepth, StaleJob,
};
pub use mailed_link::MailedLink;
pub use meal::{Meal, MealLine, MealType, NewMeal};
pub use token::{OneTimeToken, RefreshToken};
pub use user::{
    AccountField, Email, FieldRule, Gender, Invalid, NewPassword, NewUser, Profile, ProfileChanges,
    RuleBroken, User, UserId, Username,
};
