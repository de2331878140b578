//! The visual memory of each user's confirmed photos, held in this process: a new photo
//! is compared with the same user's remembered ones (the same plate again) and with the
//! prototypes of the foods they showed (the user's dish on another plate), without reading
//! thousands of embeddings from the database each time. The store's stamp says when to
//! read again (another process may have remembered a photo since).

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use models::UserId;
use models::learned::{LearnedMatch, Prototypes};
use store::{ImageStore, StoreError};

use crate::recognition::reading::{DishHead, memory_vector_with, nearest};

/// Users whose memories are held at once; the longest held go first.
const USERS_HELD: usize = 256;

#[derive(Debug)]
struct UserMemories {
    stamp: (i64, i64),
    image_ids: Vec<i64>,
    /// Unit vectors, one after another.
    vectors: Vec<f32>,
    prototypes: Prototypes,
    used: u64,
}

/// What a user's memory makes of a photo.
#[derive(Debug, Default)]
pub struct Recall {
    /// The most alike remembered photo: (image id, cosine similarity).
    pub nearest: Option<(i64, f32)>,
    /// The user's foods the photo may be, most alike first.
    pub learned: Vec<LearnedMatch>,
}

#[derive(Debug, Default)]
pub struct VisualMemory {
    users: Mutex<(HashMap<i64, Arc<UserMemories>>, u64)>,
}

impl VisualMemory {
    /// The owner's remembered photo most like `embedding` (made by the gate model
    /// `backbone`, read by its dish `head`), and the owner's foods it may be.
    pub async fn recall(
        &self,
        images: &dyn ImageStore,
        owner: UserId,
        (backbone, head): (&str, &DishHead),
        embedding: &[f32],
    ) -> Result<Recall, StoreError> {
        let stamp = images.memory_stamp(owner, backbone).await?;
        if stamp.0 == 0 {
            return Ok(Recall::default());
        }
        let held = self.held(owner, stamp);
        let memories = match held {
            Some(m) => m,
            None => {
                let rows = images.memories(owner, backbone).await?;
                let mut image_ids = Vec::with_capacity(rows.len());
                let mut vectors = Vec::new();
                let mut examples = Vec::with_capacity(rows.len());
                for photo in rows {
                    let vector = memory_vector_with(head, &photo.embedding);
                    image_ids.push(photo.image_id);
                    vectors.extend_from_slice(&vector);
                    examples.extend(photo.main_food.map(|food| (food, vector)));
                }
                let prototypes =
                    Prototypes::of(head.cuts, examples.iter().map(|(f, v)| (*f, v.as_slice())));
                self.hold(owner, stamp, image_ids, vectors, prototypes)
            }
        };
        let query = memory_vector_with(head, embedding);
        Ok(Recall {
            nearest: nearest(&query, &memories.vectors).map(|(i, s)| (memories.image_ids[i], s)),
            learned: memories.prototypes.matches(&query),
        })
    }

    fn held(&self, owner: UserId, stamp: (i64, i64)) -> Option<Arc<UserMemories>> {
        let users = self.users.lock().unwrap_or_else(|e| e.into_inner());
        users
            .0
            .get(&owner.get())
            .filter(|m| m.stamp == stamp)
            .cloned()
    }

    fn hold(
        &self,
        owner: UserId,
        stamp: (i64, i64),
        image_ids: Vec<i64>,
        vectors: Vec<f32>,
        prototypes: Prototypes,
    ) -> Arc<UserMemories> {
        let mut users = self.users.lock().unwrap_or_else(|e| e.into_inner());
        users.1 += 1;
        let memories = Arc::new(UserMemories {
            stamp,
            image_ids,
            vectors,
            prototypes,
            used: users.1,
        });
        if users.0.len() >= USERS_HELD
            && let Some(oldest) = users.0.iter().min_by_key(|(_, m)| m.used).map(|(k, _)| *k)
        {
            users.0.remove(&oldest);
        }
        users.0.insert(owner.get(), memories.clone());
        memories
    }
}
