//! Numbers, times and durations through the platform's `Intl`, in one locale and time zone. Each
//! formatter is built once per locale (constructing them is the costly part). Constructors are
//! called through `Reflect.construct`, which returns the `RangeError` of a locale or zone `Intl`
//! refuses instead of throwing through the widget.

use js_sys::{Array, Function, Object, Reflect};
use wasm_bindgen::{JsCast, JsValue};
use widget_model::words::Formats;

/// The units a duration is written in, largest first.
const DURATION_UNITS: [(&str, f64); 4] = [
    ("day", 86_400.0),
    ("hour", 3600.0),
    ("minute", 60.0),
    ("second", 1.0),
];

pub struct IntlFormats {
    integer: Function,
    decimal_1: Function,
    decimal_3: Function,
    /// `Intl.RelativeTimeFormat` with `numeric: "auto"` ("yesterday", "gestern").
    relative: Object,
    absolute: Function,
    /// Hours, minutes and seconds in the zone.
    clock: Function,
    /// `Intl.NumberFormat` with a unit, one per entry of [`DURATION_UNITS`], then milliseconds.
    units: Vec<Function>,
    /// `Intl.NumberFormat` with a unit, one per entry of [`BYTE_UNITS`].
    byte_units: Vec<Function>,
}

/// The units a size is written in, each 1,024 times the one before.
const BYTE_UNITS: [&str; 5] = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"];

impl IntlFormats {
    /// Formats for `tag` in `zone`; a locale or zone `Intl` refuses falls back to the browser's
    /// own, and `None` means `Intl` is not there at all.
    pub fn new(tag: Option<&str>, zone: Option<&str>) -> Option<IntlFormats> {
        let intl = Reflect::get(&js_sys::global(), &"Intl".into())
            .ok()
            .filter(JsValue::is_object)?;
        let locales = |tag: Option<&str>| match tag {
            Some(tag) => Array::of1(&tag.into()).into(),
            None => JsValue::UNDEFINED,
        };
        let build = |class: &str, options: &[(&str, JsValue)]| -> Option<Object> {
            let constructor: Function = Reflect::get(&intl, &class.into()).ok()?.dyn_into().ok()?;
            let options_object = || {
                let object = Object::new();
                for (key, value) in options {
                    let _ = Reflect::set(&object, &(*key).into(), value);
                }
                object
            };
            // The host's locale first, then the browser's.
            [locales(tag), JsValue::UNDEFINED]
                .iter()
                .find_map(|locales| {
                    let args = Array::of2(locales, &options_object());
                    Reflect::construct(&constructor, &args)
                        .ok()?
                        .dyn_into::<Object>()
                        .ok()
                })
        };
        let format_of = |formatter: Object| -> Option<Function> {
            // `format` is a getter that returns a function bound to its formatter.
            Reflect::get(&formatter, &"format".into())
                .ok()?
                .dyn_into()
                .ok()
        };
        let number = |max: u32| {
            build("NumberFormat", &[("maximumFractionDigits", max.into())]).and_then(format_of)
        };
        let absolute = {
            let mut options = vec![
                ("dateStyle", JsValue::from("medium")),
                ("timeStyle", "long".into()),
            ];
            if let Some(zone) = zone {
                options.push(("timeZone", zone.into()));
            }
            // A zone Intl refuses: the browser's own zone, still named in the text.
            build("DateTimeFormat", &options).or_else(|| build("DateTimeFormat", &options[..2]))
        }
        .and_then(format_of)?;
        let clock = {
            let mut options = vec![("timeStyle", JsValue::from("medium"))];
            if let Some(zone) = zone {
                options.push(("timeZone", zone.into()));
            }
            build("DateTimeFormat", &options).or_else(|| build("DateTimeFormat", &options[..1]))
        }
        .and_then(format_of)?;
        let unit = |name: &str| {
            build(
                "NumberFormat",
                &[
                    ("style", "unit".into()),
                    ("unit", name.into()),
                    ("unitDisplay", "short".into()),
                    ("maximumFractionDigits", 1.into()),
                ],
            )
            .and_then(format_of)
        };
        let mut units = DURATION_UNITS
            .iter()
            .map(|(name, _)| unit(name))
            .collect::<Option<Vec<_>>>()?;
        units.push(unit("millisecond")?);
        let byte_units = BYTE_UNITS
            .iter()
            .map(|name| unit(name))
            .collect::<Option<Vec<_>>>()?;
        Some(IntlFormats {
            integer: number(0)?,
            decimal_1: number(1)?,
            decimal_3: number(3)?,
            relative: build("RelativeTimeFormat", &[("numeric", "auto".into())])?,
            absolute,
            clock,
            units,
            byte_units,
        })
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
        call(&self.integer, n as f64)
    }

    fn decimal(&self, value: f64, max_fraction: u8) -> String {
        match max_fraction {
            0 => call(&self.integer, value),
            1 => call(&self.decimal_1, value),
            _ => call(&self.decimal_3, value),
        }
    }

    fn clock(&self, epoch_ms: i64) -> String {
        let date = js_sys::Date::new(&JsValue::from_f64(epoch_ms as f64));
        self.clock
            .call1(&JsValue::NULL, &date)
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_default()
    }

    fn bytes(&self, bytes: u64) -> String {
        let mut value = bytes as f64;
        let mut unit = 0;
        while value >= 1024.0 && unit + 1 < BYTE_UNITS.len() {
            value /= 1024.0;
            unit += 1;
        }
        call(&self.byte_units[unit], value)
    }

    fn relative(&self, epoch_ms: i64, now_ms: i64) -> String {
        let (amount, unit) = relative_amount(epoch_ms, now_ms);
        let format = Reflect::get(&self.relative, &"format".into())
            .ok()
            .and_then(|f| f.dyn_into::<Function>().ok());
        format
            .and_then(|f| {
                f.call2(&self.relative, &JsValue::from_f64(amount), &unit.into())
                    .ok()
            })
            .and_then(|v| v.as_string())
            .unwrap_or_else(|| widget_model::time::relative_text(epoch_ms, now_ms))
    }

    fn absolute(&self, epoch_ms: i64) -> String {
        let date = js_sys::Date::new(&JsValue::from_f64(epoch_ms as f64));
        self.absolute
            .call1(&JsValue::NULL, &date)
            .ok()
            .and_then(|v| v.as_string())
            .unwrap_or_else(|| widget_model::time::utc_text(epoch_ms))
    }

    fn duration(&self, seconds: f64) -> String {
        if !seconds.is_finite() || seconds < 0.0 {
            return String::new();
        }
        if seconds < 1.0 {
            return call(
                &self.units[DURATION_UNITS.len()],
                (seconds * 1000.0).round(),
            );
        }
        if seconds < 60.0 {
            return call(&self.units[3], (seconds * 10.0).round() / 10.0);
        }
        // Two units at most, the larger first: "2 h 3 min", "3 d 4 h".
        let total = seconds.round();
        let first = DURATION_UNITS
            .iter()
            .position(|(_, size)| total >= *size)
            .unwrap_or(3);
        let (_, size) = DURATION_UNITS[first];
        let whole = (total / size).floor();
        let (_, next_size) = DURATION_UNITS[(first + 1).min(3)];
        let rest = ((total - whole * size) / next_size).floor();
        format!(
            "{} {}",
            call(&self.units[first], whole),
            call(&self.units[(first + 1).min(3)], rest)
        )
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
