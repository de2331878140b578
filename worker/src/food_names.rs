//! The names people and models give the foods in a photo ("rice, egg" in its notes, a
//! dish a model named), found among the stored foods with the same search index the
//! API searches with. The embedded workers share the API's index; a fleet worker loads
//! one the first time a photo names a food, and keeps it current from the bus.

use std::sync::Arc;

use jobs::Jobs;
use platform::food_index::FoodIndex;
use store::FoodStore;
use tokio::sync::OnceCell;

use crate::JobError;

#[derive(Debug)]
pub struct FoodNames {
    index: OnceCell<Arc<FoodIndex>>,
    store: Arc<dyn FoodStore>,
    jobs: Jobs,
}

impl FoodNames {
    /// `shared`: an index this process already keeps current (the API's).
    pub fn new(store: Arc<dyn FoodStore>, jobs: Jobs, shared: Option<Arc<FoodIndex>>) -> Self {
        FoodNames {
            index: OnceCell::new_with(shared),
            store,
            jobs,
        }
    }

    /// The index, loaded on first use.
    pub async fn index(&self) -> Result<Arc<FoodIndex>, JobError> {
        self.index
            .get_or_try_init(|| async {
                let index = Arc::new(FoodIndex::load(self.store.clone()).await?);
                // Kept current for as long as the process lives.
                index.spawn_sync(&self.jobs, std::future::pending());
                anyhow::Ok(index)
            })
            .await
            .cloned()
            .map_err(|e| JobError::Transient(format!("the food index: {e}")))
    }
}
