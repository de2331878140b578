//! The user's local days: the time zone that decides where a day begins and ends, and
//! ranges of local days. Every time is stored in UTC; statistics, meal lists and body
//! weight count the days of the caller's clock.

use std::ops::Range;

use chrono::{DateTime, Days, Months, NaiveDate, NaiveTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;

use crate::user::Invalid;

/// The caller's time zone, which decides where their days begin and end: statistics
/// count local days while every time is stored in UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalClock(Tz);

impl Default for LocalClock {
    fn default() -> Self {
        LocalClock(Tz::UTC)
    }
}

impl LocalClock {
    /// An IANA time zone name such as `Asia/Shanghai`.
    pub fn parse(name: &str) -> Result<Self, Invalid> {
        name.trim()
            .parse::<Tz>()
            .map(LocalClock)
            .map_err(|_| Invalid(format!("Unknown time zone {:?}", name.trim())))
    }

    pub fn name(self) -> &'static str {
        self.0.name()
    }

    pub fn date_of(self, instant: DateTime<Utc>) -> NaiveDate {
        instant.with_timezone(&self.0).date_naive()
    }

    pub fn time_of(self, instant: DateTime<Utc>) -> NaiveTime {
        instant.with_timezone(&self.0).time()
    }

    pub fn hour_of(self, instant: DateTime<Utc>) -> u32 {
        self.time_of(instant).hour()
    }

    pub fn today(self) -> NaiveDate {
        self.date_of(Utc::now())
    }

    /// The instant a local wall-clock time names. In a daylight-saving gap the clock
    /// jumps forward (02:30 that never happened is read as 03:30); in the repeated hour
    /// the first one is meant.
    pub fn at(self, date: NaiveDate, time: NaiveTime) -> DateTime<Utc> {
        let local = date.and_time(time);
        if let Some(t) = self.0.from_local_datetime(&local).earliest() {
            return t.with_timezone(&Utc);
        }
        // In a gap: read the time with the offset in force just before it.
        for half_hours in 1..=6 {
            let step = chrono::Duration::minutes(30 * half_hours);
            if let Some(t) = self.0.from_local_datetime(&(local - step)).earliest() {
                return t.with_timezone(&Utc) + step;
            }
        }
        Utc.from_utc_datetime(&local)
    }

    /// The first instant of a local day.
    pub fn start_of(self, date: NaiveDate) -> DateTime<Utc> {
        self.at(date, NaiveTime::MIN)
    }

    /// The instants of the local days `first..=last`.
    pub fn span(self, days: DateRange) -> Range<DateTime<Utc>> {
        self.start_of(days.first)..self.start_of(days.after_last())
    }
}

/// Local days `first..=last`, at most a bounded number of them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DateRange {
    first: NaiveDate,
    last: NaiveDate,
}

/// Statistics cover at most two years at once.
pub const MAX_RANGE_DAYS: i64 = 731;

impl DateRange {
    pub fn day(date: NaiveDate) -> Self {
        DateRange {
            first: date,
            last: date,
        }
    }

    /// `first..=last`; refused when reversed or longer than `max_days`.
    pub fn new(first: NaiveDate, last: NaiveDate, max_days: i64) -> Result<Self, Invalid> {
        if last < first {
            return Err(Invalid("end_date must not be before start_date".into()));
        }
        let range = DateRange { first, last };
        if range.days_count() > max_days {
            return Err(Invalid(format!(
                "A date range can span at most {max_days} days"
            )));
        }
        Ok(range)
    }

    pub fn first(self) -> NaiveDate {
        self.first
    }

    pub fn last(self) -> NaiveDate {
        self.last
    }

    pub fn days_count(self) -> i64 {
        (self.last - self.first).num_days() + 1
    }

    fn after_last(self) -> NaiveDate {
        self.last
            .checked_add_days(Days::new(1))
            .unwrap_or(self.last)
    }

    pub fn days(self) -> impl Iterator<Item = NaiveDate> {
        self.first.iter_days().take_while(move |d| *d <= self.last)
    }
}

/// A calendar period from a first day: a day, a week or a month.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Period {
    Day,
    Week,
    Month,
}

impl Period {
    /// `daily`, `weekly` or `monthly` (or `day`, `week`, `month`).
    pub fn parse(text: &str) -> Result<Period, Invalid> {
        match text.trim() {
            "daily" | "day" => Ok(Period::Day),
            "weekly" | "week" => Ok(Period::Week),
            "monthly" | "month" => Ok(Period::Month),
            other => Err(Invalid(format!(
                "period must be daily, weekly or monthly, not {other:?}"
            ))),
        }
    }

    /// The local days of the period starting on `first`.
    pub fn from(self, first: NaiveDate) -> Result<DateRange, Invalid> {
        let after = match self {
            Period::Day => first.checked_add_days(Days::new(1)),
            Period::Week => first.checked_add_days(Days::new(7)),
            Period::Month => first.checked_add_months(Months::new(1)),
        };
        let last = after
            .and_then(|d| d.pred_opt())
            .ok_or_else(|| Invalid("start_date is out of range".into()))?;
        DateRange::new(first, last, MAX_RANGE_DAYS)
    }
}

/// A date typed as `YYYY-MM-DD`.
pub fn parse_date(text: &str, field: &str) -> Result<NaiveDate, Invalid> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d")
        .map_err(|_| Invalid(format!("{field} must be a date like 2026-11-23")))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn date(text: &str) -> NaiveDate {
        parse_date(text, "date").unwrap()
    }

    #[test]
    fn local_days_in_shanghai_new_york_and_across_daylight_saving() {
        let shanghai = LocalClock::parse("Asia/Shanghai").unwrap();
        let day = shanghai.span(DateRange::day(date("2026-11-23")));
        assert_eq!(day.start.to_rfc3339(), "2026-11-22T16:00:00+00:00");
        assert_eq!(day.end.to_rfc3339(), "2026-11-23T16:00:00+00:00");

        let new_york = LocalClock::parse("America/New_York").unwrap();
        let day = new_york.span(DateRange::day(date("2026-11-23")));
        assert_eq!(day.start.to_rfc3339(), "2026-11-23T05:00:00+00:00");

        // 2026-03-08: clocks go from 02:00 to 03:00, so the day has 23 hours.
        let spring = new_york.span(DateRange::day(date("2026-03-08")));
        assert_eq!((spring.end - spring.start).num_hours(), 23);
        // 02:30 did not happen that night: it is read as 03:30 EDT.
        let gap = new_york.at(
            date("2026-03-08"),
            NaiveTime::from_hms_opt(2, 30, 0).unwrap(),
        );
        assert_eq!(gap.to_rfc3339(), "2026-03-08T07:30:00+00:00");
        // 2026-11-01: 01:00-02:00 happens twice; the day has 25 hours.
        let autumn = new_york.span(DateRange::day(date("2026-11-01")));
        assert_eq!((autumn.end - autumn.start).num_hours(), 25);

        assert!(LocalClock::parse("Mars/Olympus").is_err());
    }

    #[test]
    fn ranges_are_ordered_and_bounded() {
        let r = DateRange::new(date("2026-11-01"), date("2026-11-30"), 31).unwrap();
        assert_eq!(r.days_count(), 30);
        assert_eq!(r.days().count(), 30);
        assert!(DateRange::new(date("2026-11-02"), date("2026-11-01"), 31).is_err());
        assert!(DateRange::new(date("2026-01-01"), date("2026-12-31"), 31).is_err());
    }
}
