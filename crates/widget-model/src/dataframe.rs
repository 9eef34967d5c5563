//! A DataFrame's values as data: each column of a block output's sample written the way pandas
//! prints it by default (`DataFrame.to_string()`, `display.precision` 6), because a person
//! checking pipeline output needs the values themselves, not the rounding and relative times the
//! widget uses for a record's metadata.
//!
//! A column's kind comes from its dtype when the output gives one, else from its values:
//!
//! - floats (any JSON number written with a fraction or exponent): one precision for the whole
//!   column, as pandas picks it ([`float_texts`]); missing values are `NaN`;
//! - integers (every number whole and written without a fraction): as integers;
//! - dates and datetimes (every value a timestamp): the instant, drawn in the host's locale and
//!   zone; a column whose every value is midnight UTC is a column of dates and stays one;
//!   missing values are `NaT`;
//! - booleans: `True` and `False`;
//! - anything else (text, mixed values, nested values): as written; missing values are `None`.

use serde_json::Value;

use crate::cell::{Cell, Datum};
use crate::redact::is_hidden_under;
use crate::text::bounded_text;
use crate::time::{parse_date, parse_timestamp};

/// Decimals pandas shows by default (`display.precision`).
const PRECISION: usize = 6;
/// Past this many characters (a sign or space included), a fixed-point column with large values
/// is written in scientific notation (pandas: `display.precision + 6`).
const LONGEST_FIXED: usize = PRECISION + 6;
/// Values above this are "large" (pandas: 1e6).
const LARGE: f64 = 1e6;
/// Non-zero values below this would print as zero: the column goes scientific (pandas: 1e-6).
const SMALL: f64 = 1e-6;

/// How a column's values are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DataFrameKind {
    Float,
    Integer,
    Bool,
    /// Instants; `date_only` when every one is midnight UTC (a column of dates).
    Time {
        date_only: bool,
    },
    /// Text and everything else, as written.
    Object,
}

impl DataFrameKind {
    /// Numbers read best right-aligned.
    pub fn is_numeric(self) -> bool {
        matches!(self, DataFrameKind::Float | DataFrameKind::Integer)
    }

    /// What a missing value is called in a column of this kind.
    fn null_mark(self) -> &'static str {
        match self {
            DataFrameKind::Float => "NaN",
            DataFrameKind::Time { .. } => "NaT",
            _ => "None",
        }
    }
}

/// The kind a dtype names (pandas' `float64`, `int64`, `datetime64[ns, UTC]`, `bool`, `object`…,
/// or the service's column types `number`, `number_with_decimals`, `datetime`, `true_or_false`);
/// `None` for a dtype this reader does not know.
pub fn kind_of_dtype(dtype: &str) -> Option<DataFrameKind> {
    let d = dtype.trim().to_ascii_lowercase();
    let kind = if d.starts_with("float") || d == "number_with_decimals" {
        DataFrameKind::Float
    } else if d.starts_with("int") || d.starts_with("uint") || d == "number" {
        DataFrameKind::Integer
    } else if d == "bool" || d == "boolean" || d == "true_or_false" {
        DataFrameKind::Bool
    } else if d.starts_with("datetime") || d == "date" || d.starts_with("timestamp") {
        DataFrameKind::Time { date_only: false }
    } else if [
        "object",
        "string",
        "str",
        "category",
        "text",
        "category_high_cardinality",
    ]
    .contains(&d.as_str())
    {
        DataFrameKind::Object
    } else {
        return None;
    };
    Some(kind)
}

/// The kind of a column from its values, when the output gives no dtype.
pub fn infer_kind(values: &[&Value]) -> DataFrameKind {
    let present = || values.iter().filter(|v| !v.is_null());
    if present().next().is_none() {
        return DataFrameKind::Object;
    }
    if present().all(|v| v.is_number()) {
        return if present().all(|v| v.is_i64() || v.is_u64()) {
            DataFrameKind::Integer
        } else {
            DataFrameKind::Float
        };
    }
    if present().all(|v| v.is_boolean()) {
        return DataFrameKind::Bool;
    }
    if present().all(|v| v.as_str().and_then(instant).is_some()) {
        return DataFrameKind::Time { date_only: false };
    }
    DataFrameKind::Object
}

/// A timestamp string, or a bare date (`2040-10-15`, midnight UTC): its instant in epoch ms and
/// whether it is midnight UTC.
fn instant(s: &str) -> Option<(i64, bool)> {
    let t = parse_timestamp(s).or_else(|| parse_date(s))?;
    Some((t.epoch_ms, t.epoch_ms.rem_euclid(86_400_000) == 0))
}

/// The cells of one column named `name` (values in row order, already redacted) read as `kind`
/// (a dtype's, else inferred): see the module's rules. A column under a sensitive name is
/// redacted whole, unless it holds only what the engine keeps under one (flags, counts under a
/// plural name, nothing). Returns the cells and the kind they were read as.
pub fn column_cells(
    name: &str,
    values: &[&Value],
    kind: Option<DataFrameKind>,
) -> (Vec<Cell>, DataFrameKind) {
    let mut kind = kind.unwrap_or_else(|| infer_kind(values));
    // A column under a secret's name goes whole, unless all it holds are flags or counts.
    if values.iter().any(|v| is_hidden_under(name, v)) {
        let cells = values
            .iter()
            .map(|v| {
                if v.is_null() {
                    Cell::Missing
                } else {
                    Cell::Redacted
                }
            })
            .collect();
        return (cells, DataFrameKind::Object);
    }
    let cells = match kind {
        DataFrameKind::Float => float_cells(values),
        DataFrameKind::Time { .. } => match time_cells(values) {
            Some((cells, date_only)) => {
                kind = DataFrameKind::Time { date_only };
                cells
            }
            // A dtype said instants but a value is not one: every value as written.
            None => {
                kind = DataFrameKind::Object;
                object_cells(values, kind)
            }
        },
        DataFrameKind::Integer
            if values
                .iter()
                .all(|v| v.is_null() || v.is_i64() || v.is_u64()) =>
        {
            values
                .iter()
                .map(|v| match v.as_f64() {
                    Some(value) => Cell::Datum(Datum::Number {
                        value,
                        text: v.to_string(),
                    }),
                    None => null_cell(kind),
                })
                .collect()
        }
        // A dtype said integers but a value has a fraction: pandas would hold floats.
        DataFrameKind::Integer if values.iter().all(|v| v.is_null() || v.is_number()) => {
            kind = DataFrameKind::Float;
            float_cells(values)
        }
        _ => {
            if kind == DataFrameKind::Integer {
                kind = DataFrameKind::Object;
            }
            object_cells(values, kind)
        }
    };
    (cells, kind)
}

fn null_cell(kind: DataFrameKind) -> Cell {
    Cell::Datum(Datum::Null(kind.null_mark()))
}

/// A float column: numbers in the column's one format, anything else as written.
fn float_cells(values: &[&Value]) -> Vec<Cell> {
    let numbers: Vec<Option<f64>> = values.iter().map(|v| v.as_f64()).collect();
    let texts = float_texts(&numbers);
    values
        .iter()
        .zip(numbers)
        .zip(texts)
        .map(|((v, number), text)| match (number, v) {
            (Some(value), _) => Cell::Datum(Datum::Number { value, text }),
            (None, Value::Null) => null_cell(DataFrameKind::Float),
            (None, other) => written(other),
        })
        .collect()
}

/// An instant column; `None` when a value is neither missing nor an instant. Also says whether
/// every instant is midnight UTC (the column holds dates).
fn time_cells(values: &[&Value]) -> Option<(Vec<Cell>, bool)> {
    let instants: Vec<Option<(i64, bool)>> = values
        .iter()
        .map(|v| match v {
            Value::Null => Some(None),
            Value::String(s) => instant(s).map(Some),
            _ => None,
        })
        .collect::<Option<_>>()?;
    let date_only = instants.iter().flatten().all(|(_, midnight)| *midnight);
    let cells = instants
        .into_iter()
        .map(|i| match i {
            Some((epoch_ms, _)) => Cell::Datum(Datum::Time {
                epoch_ms,
                date_only,
            }),
            None => null_cell(DataFrameKind::Time { date_only }),
        })
        .collect();
    Some((cells, date_only))
}

fn object_cells(values: &[&Value], kind: DataFrameKind) -> Vec<Cell> {
    values
        .iter()
        .map(|v| match v {
            Value::Null => null_cell(kind),
            other => written(other),
        })
        .collect()
}

/// A value as an object column prints it: text as sent, booleans as `True`/`False`, numbers and
/// nested values as their JSON.
fn written(value: &Value) -> Cell {
    Cell::Text(match value {
        Value::String(s) => bounded_text(s),
        Value::Bool(true) => "True".to_owned(),
        Value::Bool(false) => "False".to_owned(),
        other => bounded_text(&other.to_string()),
    })
}

/// A column of floats written as pandas writes it: every value with six decimals, then the
/// trailing zeros all of them share removed (one decimal kept); in scientific notation with six
/// decimals instead when a non-zero value is below 1e-6, or when a value is above 1e6 and the
/// longest fixed text (with its sign or space) is over 12 characters. Missing values are `NaN`.
pub fn float_texts(values: &[Option<f64>]) -> Vec<String> {
    let fixed: Vec<Option<String>> = values
        .iter()
        .map(|v| {
            v.filter(|v| v.is_finite())
                .map(|v| format!("{v:.PRECISION$}"))
        })
        .collect();
    let fixed = trim_common_zeros(fixed);
    let longest = fixed
        .iter()
        .map(|t| {
            t.as_ref()
                .map_or(3, |t| t.len() + usize::from(!t.starts_with('-')))
        })
        .max()
        .unwrap_or(0);
    let magnitudes = || values.iter().flatten().map(|v| v.abs());
    let has_large = magnitudes().any(|m| m > LARGE);
    let has_small = magnitudes().any(|m| m > 0.0 && m < SMALL);
    if has_small || (has_large && longest > LONGEST_FIXED) {
        return values
            .iter()
            .map(|v| match v.filter(|v| v.is_finite()) {
                Some(v) => scientific(v),
                None => "NaN".to_owned(),
            })
            .collect();
    }
    fixed
        .into_iter()
        .map(|t| t.unwrap_or_else(|| "NaN".to_owned()))
        .collect()
}

/// Removes the trailing zeros every fixed text ends with, then puts one back after a bare point.
fn trim_common_zeros(mut texts: Vec<Option<String>>) -> Vec<Option<String>> {
    let all_end_in_zero = |texts: &[Option<String>]| {
        let mut numbers = texts.iter().flatten().peekable();
        numbers.peek().is_some() && numbers.all(|t| t.ends_with('0') && t.contains('.'))
    };
    // Each pass removes one character; a text has at most PRECISION decimals to lose.
    for _ in 0..PRECISION {
        if !all_end_in_zero(&texts) {
            break;
        }
        for t in texts.iter_mut().flatten() {
            t.pop();
        }
    }
    for t in texts.iter_mut().flatten() {
        if t.ends_with('.') {
            t.push('0');
        }
    }
    texts
}

/// `1.234568e+06`: six decimals, a signed exponent of at least two digits (C's `%e`).
fn scientific(value: f64) -> String {
    let text = format!("{value:.PRECISION$e}");
    let (mantissa, exponent) = text.split_once('e').unwrap_or((&text, "0"));
    let (sign, digits) = match exponent.strip_prefix('-') {
        Some(digits) => ('-', digits),
        None => ('+', exponent),
    };
    format!("{mantissa}e{sign}{digits:0>2}")
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// Columns and what pandas 3.1 printed for each (`pd.DataFrame({"x": values}).to_string()`,
    /// float64, missing values as NaN).
    const PANDAS_PRINTED: &[(&[Option<f64>], &[&str])] = &[
        (
            &[Some(13.894593), Some(0.5), Some(2.25)],
            &["13.894593", "0.500000", "2.250000"],
        ),
        (
            &[Some(0.0207399885), Some(0.0195), Some(0.031)],
            &["0.02074", "0.01950", "0.03100"],
        ),
        (&[Some(0.0207399885), Some(1.5)], &["0.02074", "1.50000"]),
        (
            &[Some(0.0207399885), Some(0.0211), Some(0.0213456789)],
            &["0.020740", "0.021100", "0.021346"],
        ),
        (&[Some(3.0), Some(2.0), None], &["3.0", "2.0", "NaN"]),
        (
            &[Some(0.5), Some(1.25), Some(2.125)],
            &["0.500", "1.250", "2.125"],
        ),
        (&[Some(1.0), Some(2.0), Some(3.0)], &["1.0", "2.0", "3.0"]),
        (
            &[Some(1e-7), Some(0.5), Some(2.0)],
            &["1.000000e-07", "5.000000e-01", "2.000000e+00"],
        ),
        (
            &[Some(12345678.123456), Some(1.5), Some(2.0)],
            &["1.234568e+07", "1.500000e+00", "2.000000e+00"],
        ),
        (
            &[Some(1234567.0), Some(2.0), Some(3.0)],
            &["1234567.0", "2.0", "3.0"],
        ),
        (&[Some(1234567.25), Some(2.5)], &["1234567.25", "2.50"]),
        (
            &[Some(123456.123456), Some(1.0)],
            &["123456.123456", "1.000000"],
        ),
        (
            &[Some(-0.000123), Some(15.5), Some(-2.0)],
            &["-0.000123", "15.500000", "-2.000000"],
        ),
        (&[Some(0.0), Some(0.0)], &["0.0", "0.0"]),
        (
            &[Some(124.95), Some(23.13), None, Some(87.1)],
            &["124.95", "23.13", "NaN", "87.10"],
        ),
        (
            &[Some(0.1234565), Some(2.0000005), Some(0.0000015)],
            &["0.123456", "2.000001", "0.000002"],
        ),
        (&[Some(1e20), Some(3.0)], &["1.000000e+20", "3.000000e+00"]),
        (&[None, None], &["NaN", "NaN"]),
        (
            &[Some(1.0 / 3.0), Some(2.0 / 3.0), Some(7.0)],
            &["0.333333", "0.666667", "7.000000"],
        ),
        (&[Some(-1234567.891), Some(0.5)], &["-1234567.891", "0.500"]),
        (&[Some(1000000.5), Some(1.0)], &["1000000.5", "1.0"]),
        (&[Some(1e-6), Some(0.5)], &["0.000001", "0.500000"]),
        (
            &[Some(0.0078125), Some(0.0234375), Some(3.0)],
            &["0.007812", "0.023438", "3.000000"],
        ),
    ];

    #[test]
    fn float_columns_print_as_pandas_prints_them() {
        for (values, printed) in PANDAS_PRINTED {
            let ours = float_texts(values);
            assert_eq!(ours, *printed, "{values:?}");
        }
    }

    fn column(values: &[Value]) -> (Vec<String>, DataFrameKind) {
        let refs: Vec<&Value> = values.iter().collect();
        let (cells, kind) = column_cells("x", &refs, None);
        (cells.iter().map(Cell::plain_text).collect(), kind)
    }

    #[test]
    fn a_column_s_kind_follows_its_values() {
        // JSON keeps a float's point: 5.0 is a float, 5 an integer.
        assert_eq!(
            column(&[json!(5.0), json!(10.0), Value::Null]),
            (
                vec!["5.0".into(), "10.0".into(), "NaN".into()],
                DataFrameKind::Float
            )
        );
        assert_eq!(
            column(&[json!(1201), json!(156), json!(-3)]),
            (
                vec!["1201".into(), "156".into(), "-3".into()],
                DataFrameKind::Integer
            )
        );
        assert_eq!(
            column(&[json!(true), json!(false), Value::Null]),
            (
                vec!["True".into(), "False".into(), "None".into()],
                DataFrameKind::Bool
            )
        );
        assert_eq!(
            column(&[json!("NL"), json!(1), Value::Null]),
            (
                vec!["NL".into(), "1".into(), "None".into()],
                DataFrameKind::Object
            )
        );
        assert_eq!(column(&[Value::Null]).1, DataFrameKind::Object);
    }

    #[test]
    fn dates_stay_dates_and_datetimes_keep_their_time() {
        let (cells, kind) = column(&[
            json!("2040-10-15T00:00:00.000Z"),
            json!("2041-04-15T00:00:00.000Z"),
            Value::Null,
        ]);
        assert_eq!(kind, DataFrameKind::Time { date_only: true });
        assert_eq!(cells, ["2040-10-15", "2041-04-15", "NaT"]);
        let (cells, kind) = column(&[json!("2040-10-15"), json!("2041-04-15")]);
        assert_eq!(kind, DataFrameKind::Time { date_only: true }, "bare dates");
        assert_eq!(cells, ["2040-10-15", "2041-04-15"]);
        let (cells, kind) = column(&[
            json!("2026-11-19T09:34:32.000Z"),
            json!("2026-11-20T00:00:00.000Z"),
        ]);
        assert_eq!(kind, DataFrameKind::Time { date_only: false });
        assert_eq!(
            cells,
            ["2026-11-19 09:34:32", "2026-11-20 00:00:00"],
            "as pandas prints them"
        );
        // Text that merely starts like a date is text.
        assert_eq!(
            column(&[json!("2026-11-19T09:34:32.000Z"), json!("soon")]).1,
            DataFrameKind::Object
        );
    }

    #[test]
    fn dtypes_decide_where_the_output_gives_them() {
        for (dtype, kind) in [
            ("float64", Some(DataFrameKind::Float)),
            ("Int64", Some(DataFrameKind::Integer)),
            ("number_with_decimals", Some(DataFrameKind::Float)),
            (
                "datetime64[ns, UTC]",
                Some(DataFrameKind::Time { date_only: false }),
            ),
            ("bool", Some(DataFrameKind::Bool)),
            ("object", Some(DataFrameKind::Object)),
            ("complex128", None),
        ] {
            assert_eq!(kind_of_dtype(dtype), kind, "{dtype}");
        }
        let values = [json!(3), json!(2), Value::Null];
        let refs: Vec<&Value> = values.iter().collect();
        // float64 whose values came without a point (another writer than pandas' JSON).
        let (cells, kind) = column_cells("x", &refs, Some(DataFrameKind::Float));
        assert_eq!(kind, DataFrameKind::Float);
        assert_eq!(
            cells.iter().map(Cell::plain_text).collect::<Vec<_>>(),
            ["3.0", "2.0", "NaN"]
        );
        // object: numbers stay as written.
        let (cells, _) = column_cells("x", &refs, Some(DataFrameKind::Object));
        assert_eq!(
            cells.iter().map(Cell::plain_text).collect::<Vec<_>>(),
            ["3", "2", "None"]
        );
        // A dtype that does not fit the values falls back to the values as written.
        let words = [json!("a"), json!("b")];
        let refs: Vec<&Value> = words.iter().collect();
        assert_eq!(
            column_cells("x", &refs, Some(DataFrameKind::Time { date_only: false })).1,
            DataFrameKind::Object
        );
        assert_eq!(
            column_cells("x", &refs, Some(DataFrameKind::Integer)).1,
            DataFrameKind::Object
        );
    }

    #[test]
    fn sensitive_columns_are_redacted_whole() {
        let values = [json!("hunter2"), Value::Null];
        let refs: Vec<&Value> = values.iter().collect();
        let (cells, _) = column_cells("password", &refs, None);
        assert_eq!(cells, [Cell::Redacted, Cell::Missing]);
        // Flags and counts under a secret's name are no secret: shown as any column's.
        for (name, values) in [
            (
                "requires_password",
                [json!(true), json!(false), Value::Null],
            ),
            ("max_tokens", [json!(4096), json!(512), Value::Null]),
        ] {
            let refs: Vec<&Value> = values.iter().collect();
            let (cells, _) = column_cells(name, &refs, None);
            assert_eq!(cells, column_cells("plain", &refs, None).0, "{name}");
            assert!(!cells.contains(&Cell::Redacted), "{name}");
        }
    }
}
