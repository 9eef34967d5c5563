//! Timestamps and durations. The service uses `YYYY-MM-DD HH:MM:SS` (backfills, requests) and
//! `YYYY-MM-DD HH:MM:SS.ffffff+00:00` (schedules, runs); producers may also send RFC 3339.
//! A timestamp is shown relative to "now" ("3 min ago"), with its absolute time and zone on hover.

/// A point in time read from a string, with the zone it was written in.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timestamp {
    /// Milliseconds since the Unix epoch, UTC.
    pub epoch_ms: i64,
    /// The written UTC offset in minutes; `None` when the string carried no zone.
    pub offset_minutes: Option<i32>,
    /// The absolute time as written, with its zone: "2026-11-20 06:00:00 UTC".
    pub absolute: String,
}

/// Reads one of the accepted timestamp formats; anything else is `None` (the value stays text).
pub fn parse_timestamp(s: &str) -> Option<Timestamp> {
    let b = s.as_bytes();
    // Shortest accepted form is "YYYY-MM-DD HH:MM:SS" (19 bytes); the longest sensible one is
    // well under 40. Bounding the length keeps a 10,000-character string cheap to reject.
    if b.len() < 19 || b.len() > 40 {
        return None;
    }
    let year = digits(b, 0, 4)? as i64;
    let month = digits(b, 5, 2)?;
    let day = digits(b, 8, 2)?;
    if b[4] != b'-' || b[7] != b'-' || !matches!(b[10], b' ' | b'T' | b't') {
        return None;
    }
    let hour = digits(b, 11, 2)?;
    let minute = digits(b, 14, 2)?;
    let second = digits(b, 17, 2)?;
    if b[13] != b':' || b[16] != b':' {
        return None;
    }
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return None;
    }
    if hour > 23 || minute > 59 || second > 60 {
        return None;
    }
    let mut i = 19;
    let mut millis = 0u32;
    if b.get(i) == Some(&b'.') {
        let start = i + 1;
        let mut end = start;
        while end < b.len() && b[end].is_ascii_digit() {
            end += 1;
        }
        if end == start {
            return None;
        }
        // Keep milliseconds; finer digits are shown in the absolute text only as written.
        for (k, &d) in b[start..end.min(start + 3)].iter().enumerate() {
            millis += u32::from(d - b'0') * 10u32.pow(2 - k as u32);
        }
        i = end;
    }
    let offset_minutes = match b.get(i) {
        None => None,
        Some(b'Z' | b'z') if i + 1 == b.len() => Some(0),
        Some(sign @ (b'+' | b'-')) if b.len() == i + 6 && b[i + 3] == b':' => {
            let oh = digits(b, i + 1, 2)? as i32;
            let om = digits(b, i + 4, 2)? as i32;
            if oh > 23 || om > 59 {
                return None;
            }
            let total = oh * 60 + om;
            Some(if *sign == b'-' { -total } else { total })
        }
        _ => return None,
    };
    let days = days_from_civil(year, month, day);
    let local_seconds =
        days * 86_400 + i64::from(hour) * 3600 + i64::from(minute) * 60 + i64::from(second.min(59));
    let utc_seconds = local_seconds - i64::from(offset_minutes.unwrap_or(0)) * 60;
    let epoch_ms = utc_seconds * 1000 + i64::from(millis);
    // The date and the time as written (the digits were checked above), then the zone: no
    // formatting machinery, which costs the JavaScript build most in a table of timestamps.
    let (date, time) = (s.get(..10)?, s.get(11..19)?);
    let zone = zone_label(offset_minutes);
    let mut absolute = String::with_capacity(date.len() + time.len() + zone.len() + 2);
    for part in [date, " ", time, " ", &zone] {
        absolute.push_str(part);
    }
    Some(Timestamp {
        epoch_ms,
        offset_minutes,
        absolute,
    })
}

/// A bare date, `YYYY-MM-DD`, as midnight UTC (DataFrames write dates so).
pub fn parse_date(s: &str) -> Option<Timestamp> {
    let b = s.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return None;
    }
    let (year, month, day) = (digits(b, 0, 4)? as i64, digits(b, 5, 2)?, digits(b, 8, 2)?);
    if !(1..=12).contains(&month) || day == 0 || day > days_in_month(year, month) {
        return None;
    }
    Some(Timestamp {
        epoch_ms: days_from_civil(year, month, day) * 86_400_000,
        offset_minutes: Some(0),
        absolute: format!("{s} UTC"),
    })
}

fn zone_label(offset_minutes: Option<i32>) -> String {
    match offset_minutes {
        None => "UTC (no zone given)".to_owned(),
        Some(0) => "UTC".to_owned(),
        Some(m) => {
            let sign = if m < 0 { '-' } else { '+' };
            let m = m.abs();
            format!("UTC{sign}{:02}:{:02}", m / 60, m % 60)
        }
    }
}

fn digits(b: &[u8], start: usize, len: usize) -> Option<u32> {
    let slice = b.get(start..start + len)?;
    let mut value = 0u32;
    for &d in slice {
        if !d.is_ascii_digit() {
            return None;
        }
        value = value * 10 + u32::from(d - b'0');
    }
    Some(value)
}

fn is_leap(year: i64) -> bool {
    (year % 4 == 0 && year % 100 != 0) || year % 400 == 0
}

fn days_in_month(year: i64, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        _ if is_leap(year) => 29,
        _ => 28,
    }
}

/// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
fn days_from_civil(year: i64, month: u32, day: u32) -> i64 {
    let y = if month <= 2 { year - 1 } else { year };
    let era = y.div_euclid(400);
    let yoe = y - era * 400;
    let m = i64::from(month);
    let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(day) - 1;
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
    era * 146_097 + doe - 719_468
}

/// The instant of epoch seconds, or milliseconds (a number past what seconds can plausibly be):
/// `None` for values that cannot be a time of the last century or the next millennium.
pub fn epoch_timestamp(value: f64) -> Option<Timestamp> {
    let seconds = match value {
        v if (1e8..1e11).contains(&v) => v,
        v if (1e11..1e14).contains(&v) => v / 1000.0,
        _ => return None,
    };
    let epoch_ms = (seconds * 1000.0).round() as i64;
    Some(Timestamp {
        epoch_ms,
        offset_minutes: Some(0),
        absolute: utc_text(epoch_ms),
    })
}

/// "2026-11-20 06:00:00 UTC": an instant written plainly in UTC, for where `Intl` is absent.
pub fn utc_text(epoch_ms: i64) -> String {
    let seconds = epoch_ms.div_euclid(1000);
    let (days, rest) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02} UTC",
        rest / 3600,
        rest % 3600 / 60,
        rest % 60
    )
}

/// The proleptic Gregorian date of a day count since 1970-01-01 (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

/// "3 min ago", "in 2 h", "just now": the distance from `now_ms` to `epoch_ms`, in words.
pub fn relative_text(epoch_ms: i64, now_ms: i64) -> String {
    let delta = now_ms.saturating_sub(epoch_ms);
    let future = delta < 0;
    let seconds = (delta.unsigned_abs() / 1000) as f64;
    if seconds < 45.0 {
        return "just now".to_owned();
    }
    let (amount, unit) = if seconds < 45.0 * 60.0 {
        ((seconds / 60.0).round().max(1.0), "min")
    } else if seconds < 22.0 * 3600.0 {
        ((seconds / 3600.0).round().max(1.0), "h")
    } else if seconds < 26.0 * 86_400.0 {
        let days = (seconds / 86_400.0).round().max(1.0);
        (days, if days == 1.0 { "day" } else { "days" })
    } else if seconds < 320.0 * 86_400.0 {
        let months = (seconds / (30.44 * 86_400.0)).round().max(1.0);
        (months, if months == 1.0 { "month" } else { "months" })
    } else {
        let years = (seconds / (365.25 * 86_400.0)).round().max(1.0);
        (years, if years == 1.0 { "year" } else { "years" })
    };
    if future {
        format!("in {amount} {unit}")
    } else {
        format!("{amount} {unit} ago")
    }
}

/// How a column of instants is shown in a list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum TimeShown {
    /// "3 min ago", the absolute time on hover.
    #[default]
    Relative,
    /// The time of day, "16:33:49" (the instants fall within half a day), with its date when it
    /// is not today's (`Formats::clock_or_date_time`).
    Clock,
    /// The date and the time.
    DateTime,
}

/// How a column of `instants` (epoch ms) reads best at `now_ms`: relative while that tells its
/// rows apart; when the relative texts collapse (at most one for every two distinct instants:
/// "2 days ago" forty times), the time of day if the instants fall within half a day, else the
/// date and time. A column that cannot tell rows apart says nothing.
pub fn time_column_shown(instants: &[i64], now_ms: i64) -> TimeShown {
    let mut seconds: Vec<i64> = instants.iter().map(|t| t.div_euclid(1000)).collect();
    widget_sort::sort_by(&mut seconds, Ord::cmp);
    seconds.dedup();
    let mut relative: Vec<String> = seconds
        .iter()
        .map(|s| relative_text(s * 1000, now_ms))
        .collect();
    widget_sort::sort_by(&mut relative, Ord::cmp);
    relative.dedup();
    if seconds.len() < 2 || relative.len() * 2 > seconds.len() {
        return TimeShown::Relative;
    }
    let span = seconds.last().unwrap_or(&0) - seconds.first().unwrap_or(&0);
    if span <= 12 * 3600 {
        TimeShown::Clock
    } else {
        TimeShown::DateTime
    }
}

/// "350 ms", "45 s", "1 min 5 s", "2 h 3 min", "3 d 4 h"; `None` for a negative or non-finite value.
pub fn duration_text(seconds: f64) -> Option<String> {
    if !seconds.is_finite() || seconds < 0.0 {
        return None;
    }
    if seconds < 1.0 {
        return Some(format!("{} ms", (seconds * 1000.0).round()));
    }
    if seconds < 60.0 {
        let rounded = (seconds * 10.0).round() / 10.0;
        return Some(format!("{rounded} s"));
    }
    let total = seconds.round() as u64;
    let (d, h, m, s) = (
        total / 86_400,
        total % 86_400 / 3600,
        total % 3600 / 60,
        total % 60,
    );
    Some(if d > 0 {
        format!("{d} d {h} h")
    } else if h > 0 {
        format!("{h} h {m} min")
    } else {
        format!("{m} min {s} s")
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const NOV_20_0600_UTC: i64 = 1_795_154_400_000;

    #[test]
    fn reads_every_seed_format_and_rfc3339() {
        let naive = parse_timestamp("2026-11-20 06:00:00").expect("naive");
        assert_eq!(naive.epoch_ms, NOV_20_0600_UTC);
        assert_eq!(naive.offset_minutes, None);
        assert_eq!(naive.absolute, "2026-11-20 06:00:00 UTC (no zone given)");

        let seed = parse_timestamp("2026-11-20 06:00:00.123456+00:00").expect("seed");
        assert_eq!(seed.epoch_ms, NOV_20_0600_UTC + 123);
        assert_eq!(seed.absolute, "2026-11-20 06:00:00 UTC");

        let rfc = parse_timestamp("2026-11-20T08:00:00+02:00").expect("rfc3339");
        assert_eq!(rfc.epoch_ms, NOV_20_0600_UTC);
        assert_eq!(rfc.absolute, "2026-11-20 08:00:00 UTC+02:00");

        let zulu = parse_timestamp("2026-11-20T06:00:00.5Z").expect("zulu");
        assert_eq!(zulu.epoch_ms, NOV_20_0600_UTC + 500);
        assert_eq!(zulu.absolute, "2026-11-20 06:00:00 UTC");

        let leap = parse_timestamp("2016-12-31t23:59:60.25-08:00").expect("leap second");
        assert_eq!(leap.absolute, "2016-12-31 23:59:60 UTC-08:00");

        let west = parse_timestamp("2026-11-20T01:30:00-04:30").expect("negative offset");
        assert_eq!(west.epoch_ms, NOV_20_0600_UTC);
    }

    #[test]
    fn rejects_near_misses() {
        for s in [
            "2026-11-20",
            "2026-13-01 00:00:00",
            "2026-02-29 00:00:00",
            "2026-11-20 24:00:00",
            "2026-11-20 06:00:00+0000",
            "2026-11-20 06:00:00.",
            "2026-11-20X06:00:00",
            "20261120 060000",
            "２０２６-11-20 06:00:00",
            "2026-11-20 06:00:00 extra",
        ] {
            assert_eq!(parse_timestamp(s), None, "{s}");
        }
        assert!(parse_timestamp("2024-02-29 00:00:00").is_some(), "leap day");
    }

    #[test]
    fn bare_dates_are_midnight_utc() {
        let date = parse_date("2040-10-15").map(|t| t.epoch_ms);
        assert_eq!(
            date,
            parse_timestamp("2040-10-15T00:00:00Z").map(|t| t.epoch_ms)
        );
        for s in [
            "2040-13-01",
            "2041-02-29",
            "2040-10-15 ",
            "2040/10/15",
            "40-10-15",
        ] {
            assert_eq!(parse_date(s), None, "{s}");
        }
    }

    #[test]
    fn epoch_and_far_dates_are_exact() {
        assert_eq!(
            parse_timestamp("1970-01-01 00:00:00").map(|t| t.epoch_ms),
            Some(0)
        );
        assert_eq!(
            parse_timestamp("1969-12-31T23:59:59Z").map(|t| t.epoch_ms),
            Some(-1000)
        );
        assert!(parse_timestamp("9999-12-31 23:59:59").is_some());
    }

    #[test]
    fn utc_text_inverts_parsing() {
        assert_eq!(utc_text(NOV_20_0600_UTC), "2026-11-20 06:00:00 UTC");
        assert_eq!(utc_text(-1000), "1969-12-31 23:59:59 UTC");
        assert_eq!(
            utc_text(parse_timestamp("2024-02-29T23:59:59Z").map_or(0, |t| t.epoch_ms)),
            "2024-02-29 23:59:59 UTC"
        );
    }

    #[test]
    fn relative_text_reads_naturally() {
        let now = NOV_20_0600_UTC;
        assert_eq!(relative_text(now - 10_000, now), "just now");
        assert_eq!(relative_text(now - 3 * 60_000, now), "3 min ago");
        assert_eq!(relative_text(now - 5 * 3_600_000, now), "5 h ago");
        assert_eq!(relative_text(now - 86_400_000, now), "1 day ago");
        assert_eq!(relative_text(now - 3 * 86_400_000, now), "3 days ago");
        assert_eq!(relative_text(now + 2 * 3_600_000, now), "in 2 h");
        assert_eq!(relative_text(now - 400 * 86_400_000, now), "1 year ago");
        assert_eq!(relative_text(i64::MIN, i64::MAX), "292271023 years ago");
    }

    #[test]
    fn a_column_of_the_same_relative_time_shows_clock_times() {
        let now = NOV_20_0600_UTC;
        let two_days_ago = now - 2 * 86_400_000;
        // Forty block runs a few seconds apart, two days ago.
        let block_runs: Vec<i64> = (0..40).map(|i| two_days_ago + i * 7_000).collect();
        assert_eq!(time_column_shown(&block_runs, now), TimeShown::Clock);
        // Runs over two days, each "n days ago" the same for several: date and time.
        let runs: Vec<i64> = (0..8).map(|i| two_days_ago + i * 3 * 3_600_000).collect();
        assert_eq!(time_column_shown(&runs, now), TimeShown::DateTime);
        // Relative times that tell the rows apart stay relative.
        let spread: Vec<i64> = (1..6).map(|d| now - d * 86_400_000).collect();
        assert_eq!(time_column_shown(&spread, now), TimeShown::Relative);
        // One instant (or one repeated) has nothing to tell apart.
        assert_eq!(time_column_shown(&[now, now], now), TimeShown::Relative);
        assert_eq!(time_column_shown(&[], now), TimeShown::Relative);
    }

    #[test]
    fn durations_pick_two_units() {
        assert_eq!(duration_text(0.35).as_deref(), Some("350 ms"));
        assert_eq!(duration_text(45.0).as_deref(), Some("45 s"));
        assert_eq!(duration_text(65.0).as_deref(), Some("1 min 5 s"));
        assert_eq!(duration_text(7380.0).as_deref(), Some("2 h 3 min"));
        assert_eq!(duration_text(273_600.0).as_deref(), Some("3 d 4 h"));
        assert_eq!(duration_text(-1.0), None);
        assert_eq!(duration_text(f64::NAN), None);
    }
}
