use std::sync::Arc;

use jobs::Jobs;
use store::{Database, Stores};
use tokio::sync::watch;

use platform::food_index::FoodIndex;

use crate::{Config, auth::Auth, export::Exports, rate_limit::RateLimiter};

/// What every handler may use.
#[derive(Clone, Debug)]
pub struct AppState {
    pub db: Database,
    pub jobs: Jobs,
    pub stores: Stores,
    pub auth: Arc<Auth>,
    pub limiter: RateLimiter,
    /// This process's food search index.
    pub foods: Arc<FoodIndex>,
    /// USDA FoodData Central, for live search (fetches run as jobs).
    pub usda: Arc<platform::usda::UsdaClient>,
    /// Where photos are kept: the data directory, or a bucket the workers share.
    pub blobs: platform::blobs::Blobs,
    pub config: Arc<Config>,
    /// The account exports running in this process.
    pub exports: Arc<Exports>,
    /// Turns true when the server shuts down; long-lived responses end then.
    pub stopping: watch::Receiver<bool>,
}

impl AppState {
    /// Resolves once the server is shutting down.
    pub fn stopped(&self) -> impl std::future::Future<Output = ()> + Send + 'static + use<> {
        let mut stopping = self.stopping.clone();
        async move {
            let _ = stopping.wait_for(|stop| *stop).await;
        }
    }
}
