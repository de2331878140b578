use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::Job;

/// Which public database a file or folder comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ImportSource {
    /// A USDA FoodData Central CSV release (a folder).
    Usda,
    /// An Open Food Facts export (a file).
    Off,
}

/// Imports a public food database from a path the workers can read.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct ImportFoods {
    pub source: ImportSource,
    pub path: String,
}

/// What an import did. Rejections are listed by the import's id (the job id).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ImportReport {
    pub import_id: String,
    pub read: usize,
    /// Foods new or changed (an unchanged food is not rewritten).
    pub written: u64,
    pub accepted: usize,
    pub rejected: usize,
    /// How many were kept out for each reason.
    pub reasons: BTreeMap<String, usize>,
}

impl Job for ImportFoods {
    const QUEUE: &'static str = "import-foods";
    type Output = ImportReport;
}
