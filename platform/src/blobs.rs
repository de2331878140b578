//! Where photos wait between the API that receives them and the worker that reads them:
//! a folder of the data directory in the embedded default, or an S3-compatible bucket in
//! a fleet that spans machines, so that a worker on another host (a GPU machine) reads
//! what an API process wrote. Both are `object_store` stores behind one type.
//!
//! `BLOB_URL` picks the store:
//! - unset: the data directory (`DATA_DIR`), as before;
//! - `file:///srv/photos` or `file://data/photos` (relative to the working directory);
//! - `s3://bucket?endpoint=http://minio:9000&region=us-east-1&allow_http=true`; any
//!   option `object_store` knows for S3 may be a query parameter, and the standard
//!   `AWS_ACCESS_KEY_ID`, `AWS_SECRET_ACCESS_KEY`, `AWS_ENDPOINT`, `AWS_REGION` and
//!   `AWS_ALLOW_HTTP` variables are read too (a query parameter wins).

use std::{path::Path, str::FromStr, sync::Arc};

use bytes::Bytes;
use futures::{StreamExt, TryStreamExt};
use object_store::{
    ObjectStore, ObjectStoreExt, PutPayload,
    aws::{AmazonS3Builder, AmazonS3ConfigKey},
    local::LocalFileSystem,
    path::Path as Key,
};

#[derive(Debug, thiserror::Error)]
pub enum BlobError {
    #[error("{0} is not in the photo store")]
    NotFound(String),
    #[error("the photo store failed: {0}")]
    Failed(String),
}

impl BlobError {
    fn of(key: &str, error: object_store::Error) -> Self {
        match error {
            object_store::Error::NotFound { .. } => BlobError::NotFound(key.to_owned()),
            other => BlobError::Failed(other.to_string()),
        }
    }
}

/// The photo store of this process (cheap to clone).
#[derive(Clone)]
pub struct Blobs {
    store: Arc<dyn ObjectStore>,
    /// Where it is, without credentials: for logs and errors.
    place: String,
}

impl std::fmt::Debug for Blobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Blobs({})", self.place)
    }
}

impl Blobs {
    /// The store `BLOB_URL` names, or the data directory when it names none.
    pub fn open(url: Option<&str>, data_dir: &Path) -> Result<Self, String> {
        match url {
            None => Self::folder(data_dir),
            Some(url) => match url.split_once("://") {
                Some(("file", path)) => Self::folder(Path::new(path)),
                Some(("s3", _)) => Self::bucket(url),
                _ => Err(format!(
                    "BLOB_URL must start with file:// or s3://, not {:?}",
                    url.split("://").next().unwrap_or_default()
                )),
            },
        }
    }

    /// A folder, made if missing. Deleting the last file of a folder removes the folder,
    /// so a deleted account leaves no empty directories behind.
    pub fn folder(dir: &Path) -> Result<Self, String> {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let store = LocalFileSystem::new_with_prefix(dir)
            .map_err(|e| format!("cannot use {} for photos: {e}", dir.display()))?
            .with_automatic_cleanup(true);
        Ok(Blobs {
            store: Arc::new(store),
            place: format!("file://{}", dir.display()),
        })
    }

    fn bucket(url: &str) -> Result<Self, String> {
        let parsed = url::Url::parse(url).map_err(|e| format!("BLOB_URL is not a URL: {e}"))?;
        let bucket = parsed
            .host_str()
            .filter(|b| !b.is_empty())
            .ok_or("BLOB_URL names no bucket (s3://bucket?...)")?
            .to_owned();
        // The HTTP client's TLS takes the process's crypto provider (ring, as everywhere
        // in the product); the binaries install it at start, this covers other callers.
        let _ = rustls::crypto::ring::default_provider().install_default();
        let mut builder = AmazonS3Builder::from_env().with_bucket_name(&bucket);
        for (name, value) in parsed.query_pairs() {
            let key = AmazonS3ConfigKey::from_str(&name)
                .map_err(|_| format!("BLOB_URL has an unknown S3 option {name:?}"))?;
            builder = builder.with_config(key, value);
        }
        let store = builder
            .build()
            .map_err(|e| format!("cannot use the bucket {bucket}: {e}"))?;
        Ok(Blobs {
            store: Arc::new(store),
            place: format!("s3://{bucket}"),
        })
    }

    /// Where the photos are, without credentials.
    pub fn place(&self) -> &str {
        &self.place
    }

    /// Keeps `bytes` under `key` (written whole or not at all).
    pub async fn put(&self, key: &str, bytes: impl Into<Bytes>) -> Result<(), BlobError> {
        self.store
            .put(&parse(key)?, PutPayload::from(bytes.into()))
            .await
            .map(drop)
            .map_err(|e| BlobError::of(key, e))
    }

    pub async fn get(&self, key: &str) -> Result<Bytes, BlobError> {
        let found = self
            .store
            .get(&parse(key)?)
            .await
            .map_err(|e| BlobError::of(key, e))?;
        found.bytes().await.map_err(|e| BlobError::of(key, e))
    }

    /// Removes one object; one already gone is fine, and a failure is only logged (the
    /// record that named it is gone, so nothing shows it any more).
    pub async fn remove(&self, key: &str) {
        let removed = match parse(key) {
            Ok(path) => self
                .store
                .delete(&path)
                .await
                .map_err(|e| BlobError::of(key, e)),
            Err(e) => Err(e),
        };
        match removed {
            Ok(()) | Err(BlobError::NotFound(_)) => {}
            Err(e) => tracing::warn!(key, error = %e, "could not remove a photo"),
        }
    }

    /// Removes every object under `prefix` (a folder: `uploads/7`). Answers how many.
    pub async fn remove_under(&self, prefix: &str) -> Result<usize, BlobError> {
        self.remove_under_if(prefix, |_| true).await
    }

    /// Removes the objects under `prefix` last written before `before`. Answers how many.
    pub async fn remove_under_older_than(
        &self,
        prefix: &str,
        before: chrono::DateTime<chrono::Utc>,
    ) -> Result<usize, BlobError> {
        self.remove_under_if(prefix, move |meta| meta.last_modified < before)
            .await
    }

    async fn remove_under_if(
        &self,
        prefix: &str,
        remove_if: impl Fn(&object_store::ObjectMeta) -> bool + Send + Sync + 'static,
    ) -> Result<usize, BlobError> {
        let folder = parse(prefix)?;
        let listed = self
            .store
            .list(Some(&folder))
            .try_filter(move |meta| std::future::ready(remove_if(meta)))
            .map_ok(|meta| meta.location)
            .boxed();
        let removed: Vec<Key> = self
            .store
            .delete_stream(listed)
            .try_collect()
            .await
            .or_else(|e| match e {
                object_store::Error::NotFound { .. } => Ok(Vec::new()),
                other => Err(BlobError::Failed(other.to_string())),
            })?;
        Ok(removed.len())
    }
}

/// An object that is removed when this is dropped unless it was claimed first: a photo
/// kept for a job that a dropped request never queued.
pub struct Unclaimed {
    blobs: Blobs,
    key: Option<String>,
}

impl Unclaimed {
    /// Whatever takes the object over (a queued job) removes it from now on.
    pub fn claimed(mut self) {
        self.key = None;
    }
}

impl Drop for Unclaimed {
    fn drop(&mut self) {
        let Some(key) = self.key.take() else {
            return;
        };
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => {
                let blobs = self.blobs.clone();
                runtime.spawn(async move { blobs.remove(&key).await });
            }
            Err(_) => tracing::warn!(key, "an unclaimed photo is left for the pruning"),
        }
    }
}

impl Blobs {
    /// `key`, just put, removed again unless claimed (see [`Unclaimed`]).
    pub fn unclaimed(&self, key: &str) -> Unclaimed {
        Unclaimed {
            blobs: self.clone(),
            key: Some(key.to_owned()),
        }
    }
}

fn parse(key: &str) -> Result<Key, BlobError> {
    Key::parse(key).map_err(|e| BlobError::Failed(format!("{key:?} is not a photo key: {e}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_photo_nothing_claimed_is_removed_and_one_claimed_stays() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = Blobs::open(None, dir.path()).unwrap();
        blobs.put("labels/7/a.jpg", b"one".to_vec()).await.unwrap();
        blobs.put("labels/7/b.jpg", b"two".to_vec()).await.unwrap();
        // A request dropped before its job was queued...
        drop(blobs.unclaimed("labels/7/a.jpg"));
        // ...and one whose job took the photo over.
        blobs.unclaimed("labels/7/b.jpg").claimed();
        for _ in 0..100 {
            if blobs.get("labels/7/a.jpg").await.is_err() {
                break;
            }
            tokio::time::sleep(std::time::Duration::from_millis(10)).await;
        }
        assert!(matches!(
            blobs.get("labels/7/a.jpg").await,
            Err(BlobError::NotFound(_))
        ));
        assert_eq!(&blobs.get("labels/7/b.jpg").await.unwrap()[..], b"two");
    }

    #[tokio::test]
    async fn only_what_is_older_than_asked_is_removed() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = Blobs::open(None, dir.path()).unwrap();
        blobs.put("labels/7/a.jpg", b"one".to_vec()).await.unwrap();
        blobs.put("uploads/7/b.jpg", b"two".to_vec()).await.unwrap();
        let hour_ago = chrono::Utc::now() - chrono::TimeDelta::hours(1);
        assert_eq!(
            blobs
                .remove_under_older_than("labels", hour_ago)
                .await
                .unwrap(),
            0
        );
        let soon = chrono::Utc::now() + chrono::TimeDelta::seconds(1);
        assert_eq!(
            blobs.remove_under_older_than("labels", soon).await.unwrap(),
            1
        );
        assert!(blobs.get("labels/7/a.jpg").await.is_err());
        assert_eq!(&blobs.get("uploads/7/b.jpg").await.unwrap()[..], b"two");
    }

    #[tokio::test]
    async fn a_folder_keeps_removes_and_forgets_whole_owners() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = Blobs::open(None, dir.path()).unwrap();
        blobs.put("uploads/7/a.jpg", b"one".to_vec()).await.unwrap();
        blobs.put("uploads/7/b.jpg", b"two".to_vec()).await.unwrap();
        blobs
            .put("uploads/8/c.jpg", b"three".to_vec())
            .await
            .unwrap();
        // The layout on disk is the data directory's, as before the store existed.
        assert_eq!(
            std::fs::read(dir.path().join("uploads/7/a.jpg")).unwrap(),
            b"one"
        );
        assert_eq!(&blobs.get("uploads/7/b.jpg").await.unwrap()[..], b"two");

        blobs.remove("uploads/7/a.jpg").await;
        blobs.remove("uploads/7/a.jpg").await;
        assert!(matches!(
            blobs.get("uploads/7/a.jpg").await,
            Err(BlobError::NotFound(_))
        ));

        assert_eq!(blobs.remove_under("uploads/7").await.unwrap(), 1);
        assert!(!dir.path().join("uploads/7").exists());
        assert_eq!(blobs.remove_under("uploads/7").await.unwrap(), 0);
        assert_eq!(&blobs.get("uploads/8/c.jpg").await.unwrap()[..], b"three");
    }

    #[test]
    fn urls_name_a_folder_or_a_bucket() {
        let dir = tempfile::tempdir().unwrap();
        let url = format!("file://{}", dir.path().join("photos").display());
        assert!(
            Blobs::open(Some(&url), dir.path())
                .unwrap()
                .place()
                .ends_with("photos")
        );
        let bucket = Blobs::open(
            Some("s3://meals?endpoint=http://127.0.0.1:1&region=us-east-1&allow_http=true&access_key_id=k&secret_access_key=s"),
            dir.path(),
        )
        .unwrap();
        assert_eq!(bucket.place(), "s3://meals");
        assert!(!format!("{bucket:?}").contains("secret"));
        for bad in ["ftp://x", "s3://?region=x", "s3://b?colour=blue", "photos"] {
            assert!(Blobs::open(Some(bad), dir.path()).is_err(), "{bad}");
        }
    }
}
