use models::NewFood;
use models::amount::{AmountError, read_amount};
use models::meal::{Grams, MAX_AMOUNT_CHARS};

use crate::error::ApiError;

/// How much of a food, as sent: grams, or an amount to read against its portions.
pub(crate) enum Measure {
    Grams(Grams),
    Amount(String),
}

impl Measure {
    /// From a `quantity` and an `amount` field (the amount wins); `field` names the
    /// quantity in messages, as `foods[1].quantity`.
    pub(crate) fn parse(
        quantity: Option<f64>,
        amount: Option<&str>,
        field: &str,
    ) -> Result<Measure, ApiError> {
        if let Some(text) = amount.map(str::trim).filter(|t| !t.is_empty()) {
            if text.chars().count() > MAX_AMOUNT_CHARS {
                return Err(ApiError::validation(format!(
                    "{} can be at most {MAX_AMOUNT_CHARS} characters",
                    field.replace("quantity", "amount")
                )));
            }
            return Ok(Measure::Amount(text.to_owned()));
        }
        let quantity =
            quantity.ok_or_else(|| ApiError::validation(format!("{field} is required")))?;
        Grams::parse(quantity)
            .map(Measure::Grams)
            .map_err(|e| ApiError::validation(format!("{field}: {}", e.0)))
    }

    /// The grams meant for `food` (read against its portions, and as a drink or not; no
    /// portions when it no longer exists), and the amount to keep beside them.
    pub(crate) fn grams(
        &self,
        food: Option<&NewFood>,
        field: &str,
        food_name: &str,
    ) -> Result<(Grams, Option<String>), ApiError> {
        match self {
            Measure::Grams(g) => Ok((*g, None)),
            Measure::Amount(text) => {
                let portions = food.map_or(&[][..], |f| &f.portions[..]);
                let drink = food.is_some_and(NewFood::is_drink);
                let grams = read_amount(text, portions, drink)
                    .and_then(|r| Grams::parse(r.grams).map_err(|_| AmountError::Invalid))
                    .map_err(|e| {
                        ApiError::validation(format!(
                            "{} ({food_name}): {e}",
                            field.replace("quantity", "amount")
                        ))
                    })?;
                Ok((grams, Some(text.clone())))
            }
        }
    }
}
