//! Numbers, times and durations through the platform's `Intl`, in one locale and time zone. Each
//! formatter is built once per locale (constructing them is the costly part). Constructors are
//! called through `Reflect.construct`, which returns the `RangeError` of a locale or zone `Intl`
//! refuses instead of throwing through the widget.

use std::cell::OnceCell;

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use widget_model::words::{Formats, PlainFormats};

/// The units a duration is written in, largest first.
const DURATION_UNITS: [(&str, f64); 4] = [
    ("day", 86_400.0),
    ("hour", 3600.0),
    ("minute", 60.0),
    ("second", 1.0),
];

pub struct IntlFormats {
    intl: Object,
    tag: Option<String>,
    zone: Option<String>,
    integer: OnceCell<Option<Function>>,
    decimal_1: OnceCell<Option<Function>>,
    decimal_3: OnceCell<Option<Function>>,
    /// `Intl.RelativeTimeFormat` with `numeric: "auto"` ("yesterday", "gestern").
    relative: OnceCell<Option<Object>>,
    absolute: OnceCell<Option<Function>>,
    /// Hours, minutes and seconds in the zone.
    clock: OnceCell<Option<Function>>,
    /// Dates and times in the zone.
    date_time: OnceCell<Option<Function>>,
    /// The calendar day in the zone, as numbers: what `same_day` compares.
    day: OnceCell<Option<Function>>,
    /// `Intl.NumberFormat` with a unit, one per entry of [`DURATION_UNITS`], then milliseconds.
    units: [OnceCell<Option<Function>>; DURATION_UNITS.len() + 1],
    /// `Intl.NumberFormat` with a unit, one per entry of [`BYTE_UNITS`].
    byte_units: [OnceCell<Option<Function>>; BYTE_UNITS.len()],
}

/// The units a size is written in, each 1,024 times the one before.
const BYTE_UNITS: [&str; 5] = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"];

impl IntlFormats {
    /// Formats for `tag` in `zone`; `None` means `Intl` is not there at all. Each formatter is
    /// built when first used (constructing them is the costly part, and most results use a few
    /// of the sixteen): a locale or zone `Intl` refuses falls back to the browser's own, and a
    /// formatter that cannot be built at all writes as [`PlainFormats`] does.
    pub fn new(tag: Option<&str>, zone: Option<&str>) -> Option<IntlFormats> {
        let intl = Reflect::get(&js_sys::global(), &"Intl".into())
            .ok()
            .filter(JsValue::is_object)?
            .dyn_into()
            .ok()?;
        Some(IntlFormats {
            intl,
            tag: tag.map(str::to_owned),
            zone: zone.map(str::to_owned),
            integer: OnceCell::new(),
            decimal_1: OnceCell::new(),
            decimal_3: OnceCell::new(),
            relative: OnceCell::new(),
            absolute: OnceCell::new(),
            clock: OnceCell::new(),
            date_time: OnceCell::new(),
            day: OnceCell::new(),
            units: Default::default(),
            byte_units: Default::default(),
        })
    }

    /// `new Intl[class](locales, options)`, with the host's locale, else the browser's.
    fn construct(&self, class: &str, options: &[(&str, JsValue)]) -> Option<Object> {
        let constructor: Function = Reflect::get(&self.intl, &class.into())
            .ok()?
            .dyn_into()
            .ok()?;
        let host_locales = match &self.tag {
            Some(tag) => Array::of1(&tag.into()).into(),
            None => JsValue::UNDEFINED,
        };
        [host_locales, JsValue::UNDEFINED]
            .iter()
            .find_map(|locales| {
                let object = Object::new();
                for (key, value) in options {
                    let _ = Reflect::set(&object, &(*key).into(), value);
                }
                Reflect::construct(&constructor, &Array::of2(locales, &object))
                    .ok()?
                    .dyn_into::<Object>()
                    .ok()
            })
    }

    /// A formatter's `format`, built on first use.
    fn format(
        cell: &OnceCell<Option<Function>>,
        build: impl FnOnce() -> Option<Object>,
    ) -> Option<&Function> {
        cell.get_or_init(|| {
            // `format` is a getter that returns a function bound to its formatter.
            let formatter: JsValue = build()?.into();
            Reflect::get(&formatter, &"format".into())
                .ok()?
                .dyn_into()
                .ok()
        })
        .as_ref()
    }

    /// The number formatter for at most `max_fraction` decimals: 0, 1, or 3 for anything more.
    fn number(&self, max_fraction: u8) -> Option<&Function> {
        // Each cell with the digits it is built for, whichever call builds it first.
        let (cell, digits) = match max_fraction {
            0 => (&self.integer, 0),
            1 => (&self.decimal_1, 1),
            _ => (&self.decimal_3, 3),
        };
        Self::format(cell, || {
            self.construct("NumberFormat", &[("maximumFractionDigits", digits.into())])
        })
    }

    /// `epoch_ms` written by the `DateTimeFormat` in `cell`, built in the zone with `options` on
    /// first use.
    fn date_text(
        &self,
        cell: &OnceCell<Option<Function>>,
        options: &[(&str, JsValue)],
        epoch_ms: i64,
    ) -> Option<String> {
        let date = js_sys::Date::new(&JsValue::from_f64(epoch_ms as f64));
        Self::format(cell, || self.in_zone(options))?
            .call1(&JsValue::NULL, &date)
            .ok()?
            .as_string()
    }

    /// A `DateTimeFormat` with `options` in the zone; a zone `Intl` refuses gives the browser's
    /// own zone (still named in the text).
    fn in_zone(&self, options: &[(&str, JsValue)]) -> Option<Object> {
        let Some(zone) = &self.zone else {
            return self.construct("DateTimeFormat", options);
        };
        let mut zoned = options.to_vec();
        zoned.push(("timeZone", zone.into()));
        self.construct("DateTimeFormat", &zoned)
            .or_else(|| self.construct("DateTimeFormat", options))
    }

    fn unit<'a>(&self, cell: &'a OnceCell<Option<Function>>, name: &str) -> Option<&'a Function> {
        Self::format(cell, || {
            self.construct(
                "NumberFormat",
                &[
                    ("style", "unit".into()),
                    ("unit", name.into()),
                    ("unitDisplay", "short".into()),
                    ("maximumFractionDigits", 1.into()),
                ],
            )
        })
    }

    /// The formatter of duration unit `index` ([`DURATION_UNITS`], then milliseconds).
    fn duration_unit(&self, index: usize) -> Option<&Function> {
        let name = DURATION_UNITS
            .get(index)
            .map_or("millisecond", |(name, _)| name);
        self.unit(self.units.get(index)?, name)
    }
}

fn call(format: &Function, value: f64) -> String {
    format
        .call1(&JsValue::NULL, &JsValue::from_f64(value))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

impl Formats for IntlFormats {
    fn integer(&self, n: u64) -> String {
        self.number(0)
            .map_or_else(|| PlainFormats.integer(n), |f| call(f, n as f64))
    }

    fn decimal(&self, value: f64, max_fraction: u8) -> String {
        self.number(max_fraction).map_or_else(
            || PlainFormats.decimal(value, max_fraction),
            |f| call(f, value),
        )
    }

    fn clock(&self, epoch_ms: i64) -> String {
        self.date_text(&self.clock, &[("timeStyle", "medium".into())], epoch_ms)
            .unwrap_or_else(|| PlainFormats.clock(epoch_ms))
    }

    fn date_time(&self, epoch_ms: i64) -> String {
        let options = [
            ("dateStyle", "medium".into()),
            ("timeStyle", "medium".into()),
        ];
        self.date_text(&self.date_time, &options, epoch_ms)
            .unwrap_or_else(|| PlainFormats.date_time(epoch_ms))
    }

    fn same_day(&self, a_ms: i64, b_ms: i64) -> bool {
        let options = [
            ("year", "numeric".into()),
            ("month", "numeric".into()),
            ("day", "numeric".into()),
        ];
        match (
            self.date_text(&self.day, &options, a_ms),
            self.date_text(&self.day, &options, b_ms),
        ) {
            (Some(a), Some(b)) => a == b,
            _ => PlainFormats.same_day(a_ms, b_ms),
        }
    }

    fn bytes(&self, bytes: u64) -> String {
        let mut value = bytes as f64;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < BYTE_UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        self.unit(&self.byte_units[unit], BYTE_UNITS[unit])
            .map_or_else(|| PlainFormats.bytes(bytes), |f| call(f, value))
    }

    fn relative(&self, epoch_ms: i64, now_ms: i64) -> String {
        let (amount, unit) = relative_amount(epoch_ms, now_ms);
        let relative = self
            .relative
            .get_or_init(|| self.construct("RelativeTimeFormat", &[("numeric", "auto".into())]))
            .as_ref();
        relative
            .and_then(|relative| {
                let format: Function = Reflect::get(relative, &"format".into())
                    .ok()?
                    .dyn_into()
                    .ok()?;
                format
                    .call2(relative, &JsValue::from_f64(amount), &unit.into())
                    .ok()
            })
            .and_then(|v| v.as_string())
            .unwrap_or_else(|| widget_model::time::relative_text(epoch_ms, now_ms))
    }

    fn absolute(&self, epoch_ms: i64) -> String {
        let options = [("dateStyle", "medium".into()), ("timeStyle", "long".into())];
        self.date_text(&self.absolute, &options, epoch_ms)
            .unwrap_or_else(|| widget_model::time::utc_text(epoch_ms))
    }

    fn duration(&self, seconds: f64) -> String {
        if !seconds.is_finite() || seconds < 0.0 {
            return String::new();
        }
        let write = |unit: usize, value: f64| self.duration_unit(unit).map(|f| call(f, value));
        let written = if seconds < 1.0 {
            write(DURATION_UNITS.len(), (seconds * 1000.0).round())
        } else if seconds < 60.0 {
            write(3, (seconds * 10.0).round() / 10.0)
        } else {
            // Two units at most, the larger first: "2 h 3 min", "3 d 4 h".
            let total = seconds.round();
            let first = DURATION_UNITS
                .iter()
                .position(|(_, size)| total >= *size)
                .unwrap_or(3);
            let (_, size) = DURATION_UNITS[first];
            let whole = (total / size).floor();
            let next = (first + 1).min(3);
            let (_, next_size) = DURATION_UNITS[next];
            let rest = ((total - whole * size) / next_size).floor();
            write(first, whole)
                .zip(write(next, rest))
                .map(|(a, b)| format!("{a} {b}"))
        };
        written.unwrap_or_else(|| PlainFormats.duration(seconds))
    }
}

/// The amount and unit `Intl.RelativeTimeFormat` is asked for, with the thresholds of
/// `widget_model::time::relative_text`: negative in the past.
fn relative_amount(epoch_ms: i64, now_ms: i64) -> (f64, &'static str) {
    let delta = epoch_ms.saturating_sub(now_ms) as f64 / 1000.0;
    let seconds = delta.abs();
    let sign = delta.signum();
    let (amount, unit) = if seconds < 45.0 {
        (0.0, "second")
    } else if seconds < 45.0 * 60.0 {
        ((seconds / 60.0).round().max(1.0), "minute")
    } else if seconds < 22.0 * 3600.0 {
        ((seconds / 3600.0).round().max(1.0), "hour")
    } else if seconds < 26.0 * 86_400.0 {
        ((seconds / 86_400.0).round().max(1.0), "day")
    } else if seconds < 320.0 * 86_400.0 {
        ((seconds / (30.44 * 86_400.0)).round().max(1.0), "month")
    } else {
        ((seconds / (365.25 * 86_400.0)).round().max(1.0), "year")
    };
    (if amount == 0.0 { 0.0 } else { amount * sign }, unit)
}
