use std::sync::Arc;

use jobs::Jobs;
use models::Database;

use crate::Config;

/// What every handler may use.
#[derive(Clone, Debug)]
pub struct AppState {
    pub db: Database,
    pub jobs: Jobs,
    pub config: Arc<Config>,
}
