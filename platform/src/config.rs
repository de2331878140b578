//! Reading configuration, the same way in every binary: the environment read once at
//! start-up into [`Vars`], secrets wrapped so they never print, and the settings that
//! both the API and the workers need (where data and photos are kept, USDA).

use std::{collections::BTreeMap, fmt, net::SocketAddr, path::PathBuf, time::Duration};

use figment::{Figment, error::Kind, providers::Serialized};
use serde::{
    Deserialize, Deserializer,
    de::{self, DeserializeOwned, Visitor},
};

use crate::blobs::Blobs;
use crate::usda::{self, UsdaConfig};

/// A value that never shows in logs or debug output: a password, a key, a URL that may
/// carry credentials. Read it with [`ExposeSecret::expose_secret`].
pub use secrecy::{ExposeSecret, SecretString as Secret};

/// The environment as configuration reads it: a variable set to blanks is unset, and a
/// value's surrounding blanks are not part of it.
pub struct Vars(BTreeMap<String, String>);

impl Vars {
    /// The process's environment (variables whose value is not Unicode are left out).
    pub fn from_env() -> Self {
        Self::of_owned(std::env::vars_os().filter_map(|(name, value)| {
            Some((name.into_string().ok()?, value.into_string().ok()?))
        }))
    }

    /// Exactly these variables (tests).
    pub fn of<'a>(vars: impl IntoIterator<Item = (&'a str, &'a str)>) -> Self {
        Self::of_owned(
            vars.into_iter()
                .map(|(name, value)| (name.to_owned(), value.to_owned())),
        )
    }

    fn of_owned(vars: impl Iterator<Item = (String, String)>) -> Self {
        Vars(
            vars.filter_map(|(name, value)| {
                let value = value.trim();
                (!value.is_empty()).then(|| (name, value.to_owned()))
            })
            .collect(),
        )
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(String::as_str)
    }

    /// The variables `T` names, typed: each field of `T` is the variable of its name in
    /// capitals; an unset one takes `T`'s default. A value that does not read as its
    /// field's type is refused with the variable's name, what it must be and the value.
    pub fn extract<T: DeserializeOwned>(&self) -> Result<T, String> {
        let fields: BTreeMap<String, &str> = self
            .0
            .iter()
            .map(|(name, value)| (name.to_ascii_lowercase(), value.as_str()))
            .collect();
        // Every value is a string here (a password of digits stays text); the lossy
        // reading turns one into the number or yes/no its field wants.
        Figment::from(Serialized::globals(fields))
            .extract_lossy()
            .map_err(|error| self.refusal(&error))
    }

    fn refusal(&self, error: &figment::Error) -> String {
        let name = error.path.join("_").to_ascii_uppercase();
        let value = self.get(&name).unwrap_or_default();
        match &error.kind {
            Kind::InvalidType(_, expected) | Kind::InvalidValue(_, expected) => {
                let expected = if expected == "a boolean" {
                    "true or false"
                } else {
                    expected
                };
                format!("{name} must be {expected}, not {value:?}")
            }
            Kind::UnknownVariant(_, choices) => {
                format!("{name} must be {}, not {value:?}", choices.join(" or "))
            }
            _ => format!("{name}: {error}"),
        }
    }
}

/// A whole number from `MIN` to `MAX`: a count, a size or a time in a variable's unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Within<const MIN: u64, const MAX: u64>(pub u64);

/// A number of 1 or more (the per-address limits among them, raised behind a shared NAT
/// or proxy).
pub type Positive = Within<1, { u32::MAX as u64 }>;

impl<const MIN: u64, const MAX: u64> Within<MIN, MAX> {
    pub fn get(self) -> u64 {
        self.0
    }

    /// As a count of things in memory.
    pub fn count(self) -> usize {
        usize::try_from(self.0).unwrap_or(usize::MAX)
    }
}

impl Positive {
    /// As a count of calls (a rate limit's).
    pub fn as_u32(self) -> u32 {
        u32::try_from(self.0).unwrap_or(u32::MAX)
    }
}

impl<'de, const MIN: u64, const MAX: u64> Deserialize<'de> for Within<MIN, MAX> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Expect<const MIN: u64, const MAX: u64>;
        impl<const MIN: u64, const MAX: u64> Visitor<'_> for Expect<MIN, MAX> {
            type Value = u64;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                if MAX == u64::from(u32::MAX) {
                    f.write_str("a positive number")
                } else {
                    write!(f, "{MIN} to {MAX}")
                }
            }
            fn visit_u64<E: de::Error>(self, n: u64) -> Result<u64, E> {
                if (MIN..=MAX).contains(&n) {
                    Ok(n)
                } else {
                    Err(E::invalid_value(de::Unexpected::Unsigned(n), &self))
                }
            }
            fn visit_i64<E: de::Error>(self, n: i64) -> Result<u64, E> {
                u64::try_from(n)
                    .map_err(|_| E::invalid_value(de::Unexpected::Signed(n), &self))
                    .and_then(|n| self.visit_u64(n))
            }
            fn visit_str<E: de::Error>(self, text: &str) -> Result<u64, E> {
                Err(E::invalid_value(de::Unexpected::Str(text), &self))
            }
        }
        deserializer.deserialize_u64(Expect::<MIN, MAX>).map(Within)
    }
}

/// `host:port`, where a listener binds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HostPort(pub SocketAddr);

impl<'de> Deserialize<'de> for HostPort {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = String::deserialize(deserializer)?;
        text.parse()
            .map(HostPort)
            .map_err(|_| de::Error::invalid_value(de::Unexpected::Str(&text), &"host:port"))
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
    pub fn read(vars: &Vars) -> Result<Self, String> {
        #[derive(Deserialize)]
        struct Environment {
            data_dir: Option<PathBuf>,
            blob_url: Option<Secret>,
        }
        let environment: Environment = vars.extract()?;
        Ok(DataPlaces {
            data_dir: environment.data_dir.unwrap_or_else(|| "data".into()),
            blob_url: environment.blob_url,
        })
    }

    /// The photo store `BLOB_URL` names (the data directory when unset).
    pub fn blobs(&self) -> Result<Blobs, String> {
        Blobs::open(
            self.blob_url.as_ref().map(ExposeSecret::expose_secret),
            &self.data_dir,
        )
    }
}

impl UsdaConfig {
    /// `USDA_BASE_URL`, `USDA_API_KEY` (USDA's demonstration key by default) and
    /// `USDA_TIMEOUT_MS`.
    pub fn read(vars: &Vars) -> Result<Self, String> {
        #[derive(Deserialize)]
        struct Environment {
            usda_base_url: Option<String>,
            usda_api_key: Option<Secret>,
            usda_timeout_ms: Option<Within<1, 600_000>>,
        }
        let environment: Environment = vars.extract()?;
        Ok(UsdaConfig {
            base_url: environment
                .usda_base_url
                .unwrap_or_else(|| usda::DEFAULT_BASE_URL.into()),
            api_key: environment
                .usda_api_key
                .unwrap_or_else(|| usda::DEFAULT_API_KEY.into()),
            timeout: environment
                .usda_timeout_ms
                .map_or(usda::DEFAULT_TIMEOUT, |ms| Duration::from_millis(ms.get())),
        })
    }
}
