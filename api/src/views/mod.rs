//! What the calls answer: each record as clients see it, one file per area, shared by
//! every route that returns one.

mod accepted;
mod auth;
mod barcode;
mod food;
mod image;
mod label;
mod meal;
mod micronutrients;
mod recipe;
mod statistics;
mod user;
mod weight;

use serde::Serialize;
use utoipa::ToSchema;

pub(crate) use accepted::Accepted;
pub(crate) use auth::{LoggedIn, LoggedOut, Registered, Sent, Verified};
pub(crate) use barcode::{
    BarcodeFoodView, BarcodeFoodsView, BarcodeSearchView, CreatedView, DetectionView, MissingView,
};
pub(crate) use food::{
    DeleteImpact, FoodList, FoodPage, FoodView, HistoryView, RecentFoods, SearchResults, Starred,
    UsedFoodView,
};
pub(crate) use image::{CancelledView, ImagePage, ImageView, ResultsView};
pub(crate) use label::LabelView;
pub(crate) use meal::MealView;
pub(crate) use micronutrients::MicronutrientReport;
pub(crate) use recipe::RecipeView;
pub(crate) use statistics::{Comparison, DailySummary, NutritionStats, StatisticsView};
pub(crate) use user::UserView;
pub(crate) use weight::WeightView;

/// What a delete answers.
#[derive(Serialize, ToSchema)]
pub(crate) struct Deleted {
    pub id: i64,
    pub deleted: bool,
}
