//! Reading configuration, the same way in every binary: the environment read once at
//! start-up into [`Vars`], secrets wrapped so they never print, and the settings that
//! both the API and the workers need (where data and photos are kept, USDA).

use std::{collections::HashMap, fmt, path::PathBuf, str::FromStr, time::Duration};

use crate::blobs::Blobs;
use crate::usda::{self, UsdaConfig};

/// A value that never shows in logs or debug output: a password, a key, a URL that may
/// carry credentials.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(value: impl Into<String>) -> Self {
        Secret(value.into())
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

impl From<&str> for Secret {
    fn from(value: &str) -> Self {
        Secret::new(value)
    }
}

impl From<String> for Secret {
    fn from(value: String) -> Self {
        Secret(value)
    }
}

/// The environment as configuration reads it: a variable set to blanks is unset.
pub struct Vars(HashMap<String, String>);

impl Vars {
    /// The process's environment (variables whose value is not Unicode are left out).
    pub fn from_env() -> Self {
        Vars(
            std::env::vars_os()
                .filter_map(|(name, value)| {
                    Some((name.into_string().ok()?, value.into_string().ok()?))
                })
                .collect(),
        )
    }

    /// Exactly these variables (tests).
    pub fn of<'a>(vars: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        Vars(
            vars.into_iter()
                .map(|(name, value)| (name.to_owned(), value.to_owned()))
                .collect(),
        )
    }

    pub fn get(&self, name: &str) -> Option<String> {
        self.0.get(name).filter(|v| !v.trim().is_empty()).cloned()
    }

    /// A number within `range`, or an error that names the variable and the range.
    pub fn number<T>(
        &self,
        name: &str,
        range: std::ops::RangeInclusive<T>,
    ) -> Result<Option<T>, String>
    where
        T: FromStr + PartialOrd + fmt::Display,
    {
        self.get(name)
            .map(|v| {
                v.trim()
                    .parse::<T>()
                    .ok()
                    .filter(|n| range.contains(n))
                    .ok_or_else(|| {
                        format!(
                            "{name} must be {} to {}, not {v:?}",
                            range.start(),
                            range.end()
                        )
                    })
            })
            .transpose()
    }

    /// Milliseconds, as a duration; an unreadable value leaves the default.
    pub fn millis(&self, name: &str) -> Option<Duration> {
        self.get(name)
            .and_then(|v| v.trim().parse().ok())
            .map(Duration::from_millis)
    }
}

/// Where this process keeps its files: `DATA_DIR` (default `data`: the SQLite database's
/// folder in the embedded default, mail outbox, signing secret) and `BLOB_URL`, the photo
/// store (the data directory when unset; see [`Blobs`]).
#[derive(Debug, Clone)]
pub struct DataPlaces {
    pub data_dir: PathBuf,
    /// A secret: it may carry the store's credentials.
    pub blob_url: Option<Secret>,
}

impl DataPlaces {
    pub fn read(vars: &Vars) -> Self {
        DataPlaces {
            data_dir: vars.get("DATA_DIR").unwrap_or_else(|| "data".into()).into(),
            blob_url: vars.get("BLOB_URL").map(Secret::from),
        }
    }

    /// The photo store `BLOB_URL` names (the data directory when unset).
    pub fn blobs(&self) -> Result<Blobs, String> {
        Blobs::open(self.blob_url.as_ref().map(Secret::expose), &self.data_dir)
    }
}

impl UsdaConfig {
    /// `USDA_BASE_URL`, `USDA_API_KEY` (USDA's demonstration key by default) and
    /// `USDA_TIMEOUT_MS`.
    pub fn read(vars: &Vars) -> Self {
        UsdaConfig {
            base_url: vars
                .get("USDA_BASE_URL")
                .unwrap_or_else(|| usda::DEFAULT_BASE_URL.into()),
            api_key: vars
                .get("USDA_API_KEY")
                .unwrap_or_else(|| usda::DEFAULT_API_KEY.into())
                .into(),
            timeout: vars
                .millis("USDA_TIMEOUT_MS")
                .unwrap_or(usda::DEFAULT_TIMEOUT),
        }
    }
}
