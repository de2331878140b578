//! Request parameters more than one area reads: pages and limits, dates and spans of the
//! caller's days, a meal type, and the image a call is about. Each is checked here, with
//! the message that names the parameter.

use chrono::{DateTime, NaiveDate, Utc};
use models::calendar::{DateRange, parse_date};
use models::{LocalClock, MealType};
use serde::Deserialize;
use store::MealFilter;
use utoipa::{IntoParams, ToSchema};

use crate::error::ApiError;

/// A count such as `page_size` or `limit`: `default` when left out, else it must be
/// between 1 and `max`, or the error names it.
pub(crate) fn positive_at_most(
    name: &str,
    value: Option<i64>,
    default: i64,
    max: i64,
) -> Result<i64, ApiError> {
    let v = value.unwrap_or(default);
    if !(1..=max).contains(&v) {
        return Err(ApiError::validation(format!(
            "{name} must be between 1 and {max}"
        )));
    }
    Ok(v)
}

/// `?page=&page_size=` of a listing call: pages from 1, at most 100 rows each.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct PageParams {
    pub page: Option<i64>,
    pub page_size: Option<i64>,
}

/// A checked page: which one, how big, and the rows it skips.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Page {
    pub number: i64,
    pub size: i64,
    pub offset: i64,
}

impl PageParams {
    pub(crate) fn page(&self) -> Result<Page, ApiError> {
        let number = positive_at_most("page", self.page, 1, 1_000_000)?;
        let size = positive_at_most("page_size", self.page_size, 20, 100)?;
        Ok(Page {
            number,
            size,
            offset: (number - 1) * size,
        })
    }
}

/// Which meals a list or statistics call is about, as sent.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub(crate) struct SpanParams {
    pub meal_type: Option<String>,
    pub date: Option<String>,
    pub start_date: Option<String>,
    pub end_date: Option<String>,
    pub start_datetime_utc: Option<String>,
    pub end_datetime_utc: Option<String>,
}

pub(crate) fn instant(text: &str, field: &str) -> Result<DateTime<Utc>, ApiError> {
    DateTime::parse_from_rfc3339(text.trim())
        .map(|t| t.with_timezone(&Utc))
        .map_err(|_| {
            ApiError::validation(format!(
                "{field} must be a date-time like 2026-11-23T00:00:00Z"
            ))
        })
}

pub(crate) fn date_param(text: &str, field: &str) -> Result<NaiveDate, ApiError> {
    Ok(parse_date(text, field)?)
}

/// A date parameter that may be left out (or sent empty).
pub(crate) fn optional_date(
    value: Option<&str>,
    field: &str,
) -> Result<Option<NaiveDate>, ApiError> {
    value
        .filter(|t| !t.trim().is_empty())
        .map(|t| date_param(t, field))
        .transpose()
}

/// A date parameter that must be there.
pub(crate) fn required_date(value: Option<&str>, field: &str) -> Result<NaiveDate, ApiError> {
    optional_date(value, field)?.ok_or_else(|| ApiError::validation(format!("{field} is required")))
}

/// Local days `start_date..=end_date`, or the one day `date`; `None` when neither is sent.
pub(crate) fn local_days(
    params: &SpanParams,
    max_days: i64,
) -> Result<Option<DateRange>, ApiError> {
    let blank = |v: &Option<String>| {
        v.as_deref()
            .filter(|t| !t.trim().is_empty())
            .map(str::to_owned)
    };
    match (
        blank(&params.date),
        blank(&params.start_date),
        blank(&params.end_date),
    ) {
        (_, Some(start), Some(end)) => Ok(Some(DateRange::new(
            date_param(&start, "start_date")?,
            date_param(&end, "end_date")?,
            max_days,
        )?)),
        (_, Some(_), None) | (_, None, Some(_)) => {
            Err(ApiError::validation("start_date and end_date go together"))
        }
        (Some(date), None, None) => Ok(Some(DateRange::day(date_param(&date, "date")?))),
        (None, None, None) => Ok(None),
    }
}

impl SpanParams {
    /// The filter these parameters describe, in the caller's days.
    pub(crate) fn filter(&self, clock: LocalClock) -> Result<MealFilter, ApiError> {
        let meal_type = meal_type(self.meal_type.as_deref())?;
        let during = match (&self.start_datetime_utc, &self.end_datetime_utc) {
            (Some(start), Some(end)) => {
                let (start, end) = (
                    instant(start, "start_datetime_utc")?,
                    instant(end, "end_datetime_utc")?,
                );
                if end < start {
                    return Err(ApiError::validation(
                        "end_datetime_utc must not be before start_datetime_utc",
                    ));
                }
                // The spec's end is the last second of a day (23:59:59): include it.
                Some(start..end + chrono::Duration::seconds(1))
            }
            (Some(_), None) | (None, Some(_)) => {
                return Err(ApiError::validation(
                    "start_datetime_utc and end_datetime_utc go together",
                ));
            }
            (None, None) => local_days(self, i64::MAX)?.map(|days| clock.span(days)),
        };
        Ok(MealFilter { during, meal_type })
    }
}

/// A meal type parameter that may be left out (or sent empty).
pub(crate) fn meal_type(text: Option<&str>) -> Result<Option<MealType>, ApiError> {
    text.filter(|t| !t.trim().is_empty())
        .map(MealType::parse)
        .transpose()
        .map_err(ApiError::from)
}

/// The `{image_id}` body of the calls about one uploaded photo.
#[derive(Deserialize, ToSchema)]
pub(crate) struct AnalyzeInput {
    image_id: Option<i64>,
}

impl AnalyzeInput {
    pub(crate) fn image_id(&self) -> Result<i64, ApiError> {
        self.image_id
            .filter(|id| *id > 0)
            .ok_or_else(|| ApiError::validation("image_id is required"))
    }
}
