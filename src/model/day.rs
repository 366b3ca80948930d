//! A calendar day (UTC), the daily puzzle's, in one type for its three written forms: its text
//! `YYYY-MM-DD` (as stored and shown), its number of days since 1970-01-01 (which puzzle is
//! the day's), and its code `YYYYMMDD` (in a button's `custom_id`).

use std::fmt;
use std::str::FromStr;

/// Milliseconds in a day.
const MS_PER_DAY: i64 = 86_400_000;

/// The number of 9999-12-31, the last day with a four-digit year.
const LAST: u32 = 2_932_896;

/// A day of the Gregorian calendar in UTC, from 1970-01-01 to 9999-12-31. Written
/// `YYYY-MM-DD` (`Display`, `FromStr`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Day(u32);

/// Text or a code that names no day (see [`Day`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NotADay(String);

impl fmt::Display for NotADay {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "not a day from 1970-01-01 to 9999-12-31: {:?}", self.0)
    }
}

impl std::error::Error for NotADay {}

impl Day {
    /// The UTC day of the instant `ms` milliseconds after the epoch (an instant before 1970
    /// counts as its first day, one after 9999 as its last).
    #[must_use]
    pub fn of_ms(ms: i64) -> Day {
        let days = ms.div_euclid(MS_PER_DAY).clamp(0, i64::from(LAST));
        Day(u32::try_from(days).unwrap_or(LAST))
    }

    /// Its number: days since 1970-01-01.
    #[cfg(test)]
    fn number(self) -> u32 {
        self.0
    }

    /// The day `year`-`month`-`day`, if there is one (and it is in range).
    fn from_ymd(year: u32, month: u32, day: u32) -> Option<Day> {
        let leap =
            year.is_multiple_of(4) && (!year.is_multiple_of(100) || year.is_multiple_of(400));
        let month_days = match month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        if !(1970..=9999).contains(&year) || !(1..=month_days).contains(&day) {
            return None;
        }
        let number = days_from_civil(i64::from(year), i64::from(month), i64::from(day));
        u32::try_from(number).ok().map(Day)
    }

    /// Its year, month and day of the month.
    fn ymd(self) -> (u32, u32, u32) {
        civil_from_days(i64::from(self.0))
    }

    /// Its code, `YYYYMMDD` as a number (20231114 for 2023-11-14).
    #[must_use]
    pub fn code(self) -> u32 {
        let (y, m, d) = self.ymd();
        y * 10_000 + m * 100 + d
    }

    /// The day of a code `YYYYMMDD`.
    ///
    /// # Errors
    /// A number that is no such code.
    pub fn from_code(code: u32) -> Result<Day, NotADay> {
        Day::from_ymd(code / 10_000, code / 100 % 100, code % 100)
            .ok_or_else(|| NotADay(code.to_string()))
    }
}

impl fmt::Display for Day {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (y, m, d) = self.ymd();
        write!(f, "{y:04}-{m:02}-{d:02}")
    }
}

impl FromStr for Day {
    type Err = NotADay;

    /// `YYYY-MM-DD`, exactly (a real day in range, digits zero-padded).
    fn from_str(text: &str) -> Result<Day, NotADay> {
        let not = || NotADay(text.to_owned());
        let b = text.as_bytes();
        let shaped = b.len() == 10
            && b[4] == b'-'
            && b[7] == b'-'
            && b.iter()
                .enumerate()
                .all(|(i, c)| i == 4 || i == 7 || c.is_ascii_digit());
        if !shaped {
            return Err(not());
        }
        let number = |from: usize, to: usize| {
            b[from..to]
                .iter()
                .fold(0, |n, c| n * 10 + u32::from(c - b'0'))
        };
        Day::from_ymd(number(0, 4), number(5, 7), number(8, 10)).ok_or_else(not)
    }
}

/// Howard Hinnant's `civil_from_days`: the Gregorian date of day `z` (days since 1970-01-01),
/// for a day in range.
fn civil_from_days(z: i64) -> (u32, u32, u32) {
    let z = z + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    let part = |n: i64| u32::try_from(n).unwrap_or(0);
    (part(y), part(m), part(d))
}

/// Howard Hinnant's `days_from_civil`: the days since 1970-01-01 of a Gregorian date.
fn days_from_civil(y: i64, m: i64, d: i64) -> i64 {
    let y = if m <= 2 { y - 1 } else { y };
    let era = y.div_euclid(400);
    let yoe = y.rem_euclid(400);
    let mp = (m + 9) % 12;
    let doy = (153 * mp + 2) / 5 + d - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

#[cfg(test)]
mod tests {
    use super::*;

    fn day(text: &str) -> Day {
        text.parse().unwrap()
    }

    #[test]
    fn an_instant_falls_on_its_utc_calendar_day() {
        assert_eq!(Day::of_ms(0).to_string(), "1970-01-01");
        assert_eq!(Day::of_ms(MS_PER_DAY - 1).to_string(), "1970-01-01");
        assert_eq!(Day::of_ms(MS_PER_DAY).to_string(), "1970-01-02");
        assert_eq!(Day::of_ms(1_700_000_000_000).to_string(), "2023-11-14");
        assert_eq!(Day::of_ms(951_782_400_000).to_string(), "2000-02-29");
        assert_eq!(Day::of_ms(-1), Day::of_ms(0), "before 1970: its first day");
        assert_eq!(Day::of_ms(i64::MIN).to_string(), "1970-01-01");
        assert_eq!(Day::of_ms(i64::MAX).to_string(), "9999-12-31");
    }

    #[test]
    fn the_three_forms_name_the_same_day() {
        let d = day("2023-11-14");
        assert_eq!(d.number(), 19_675);
        assert_eq!(d, Day::of_ms(19_675 * MS_PER_DAY));
        assert_eq!(d.code(), 20_231_114);
        assert_eq!(Day::from_code(20_231_114), Ok(d));
        assert_eq!(d.ymd(), (2023, 11, 14));
        assert_eq!(Day::from_ymd(2023, 11, 14), Some(d));
        assert_eq!(day("1970-01-01").number(), 0);
        assert_eq!(day("9999-12-31").number(), LAST);
        assert!(day("2023-11-14") < day("2023-11-15"));
    }

    #[test]
    fn every_form_round_trips() {
        let days = (0..=LAST)
            .step_by(331)
            .chain([LAST, 11_016, 11_017, 10_956]);
        for number in days {
            let d = Day::of_ms(i64::from(number) * MS_PER_DAY);
            assert_eq!(d.number(), number);
            assert_eq!(d.to_string().parse::<Day>(), Ok(d), "{d}");
            assert_eq!(Day::from_code(d.code()), Ok(d), "{d}");
            let (y, m, dd) = d.ymd();
            assert_eq!(Day::from_ymd(y, m, dd), Some(d), "{d}");
        }
    }

    #[test]
    fn what_names_no_day_is_refused() {
        for text in [
            "",
            "garbage",
            "2023-13-01",
            "2023-00-10",
            "2023-11-00",
            "2023-11-31",
            "2023-02-29",
            "2100-02-29",
            "1969-12-31",
            "0000-01-01",
            "2023-1-14",
            "2023-11-1",
            "+023-11-14",
            "2023-11-14 ",
            " 2023-11-14",
            "2023/11/14",
            "20231114",
            "10000-01-01",
            "2023-11-1\u{0661}",
            "\u{00e9}023-11-14",
        ] {
            assert_eq!(
                text.parse::<Day>(),
                Err(NotADay(text.to_owned())),
                "{text:?}"
            );
        }
        assert!(day("2000-02-29") < day("2024-02-29"), "leap days are days");
        for code in [
            0,
            1,
            20_231_399,
            20_231_300,
            20_230_229,
            19_691_231,
            99_999_999,
            u32::MAX,
        ] {
            assert!(Day::from_code(code).is_err(), "{code}");
        }
        assert_eq!(Day::from_ymd(2023, 2, 29), None);
        assert_eq!(Day::from_ymd(10_000, 1, 1), None);
    }
}
