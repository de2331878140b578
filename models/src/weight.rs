//! Body weight: one record a local day (SPEC profile bounds).

use chrono::{DateTime, NaiveDate, Utc};

use crate::food::round1;
use crate::user::{Invalid, UserId};

/// SPEC profile bounds for body weight, in kg.
pub const MIN_WEIGHT_KG: f64 = 20.0;
pub const MAX_WEIGHT_KG: f64 = 500.0;

/// A body weight in kg, to 1 decimal.
#[derive(Debug, Clone, Copy, PartialEq, PartialOrd)]
pub struct BodyWeight(f64);

impl BodyWeight {
    pub fn parse(kg: f64) -> Result<Self, Invalid> {
        if kg.is_finite() && (MIN_WEIGHT_KG..=MAX_WEIGHT_KG).contains(&kg) {
            Ok(BodyWeight(round1(kg)))
        } else {
            Err(Invalid(format!(
                "weight must be between {MIN_WEIGHT_KG} and {MAX_WEIGHT_KG} kg"
            )))
        }
    }

    pub fn kg(self) -> f64 {
        self.0
    }
}

/// A body weight on a local day.
#[derive(Debug, Clone, PartialEq)]
pub struct WeightRecord {
    pub id: i64,
    pub owner: UserId,
    pub date: NaiveDate,
    pub weight: f64,
    pub notes: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn weights_are_bounded_and_kept_to_a_decimal() {
        assert!(BodyWeight::parse(19.9).is_err());
        assert_eq!(BodyWeight::parse(70.04).unwrap().kg(), 70.0);
    }
}
