//! Small string helpers shared by the model: bounded copies and one-line quoting.

use crate::limits::{MAX_QUOTED_CHARS, MAX_TEXT_CHARS};

/// A copy of `s` of at most `max` characters; a cut value ends with an ellipsis.
pub fn truncate_chars(s: &str, max: usize) -> String {
    match s.char_indices().nth(max) {
        None => s.to_owned(),
        Some((cut, _)) => {
            let mut out = String::with_capacity(cut + 3);
            out.push_str(&s[..cut]);
            out.push('…');
            out
        }
    }
}

/// A value's text as the model keeps it: control characters (other than newline and tab) become
/// spaces, and anything past [`MAX_TEXT_CHARS`] is cut with a note of how much was left out.
pub fn bounded_text(s: &str) -> String {
    // Most values are short and clean: copy them as they are. (A string of at most
    // MAX_TEXT_CHARS bytes has at most that many characters.)
    if s.len() <= MAX_TEXT_CHARS && !s.contains(|c: char| c.is_control() && c != '\n' && c != '\t')
    {
        return s.to_owned();
    }
    let mut out = String::with_capacity(s.len().min(MAX_TEXT_CHARS * 4));
    let mut chars = s.chars();
    for c in chars.by_ref().take(MAX_TEXT_CHARS) {
        out.push(if c.is_control() && c != '\n' && c != '\t' {
            ' '
        } else {
            c
        });
    }
    let rest = chars.count();
    if rest > 0 {
        out.push_str(&format!("… ({rest} more characters)"));
    }
    out
}

/// `'value'` for a one-line message, cut to [`MAX_QUOTED_CHARS`] and flattened to one line.
pub fn quoted(s: &str) -> String {
    format!("'{}'", short_line(s))
}

/// A value to quote inside a one-line message: cut to [`MAX_QUOTED_CHARS`], control characters
/// (newlines included) turned into spaces.
pub fn short_line(s: &str) -> String {
    let one_line: String = s
        .chars()
        .take(MAX_QUOTED_CHARS + 1)
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    truncate_chars(&one_line, MAX_QUOTED_CHARS)
}

/// Words kept in capitals when a key is turned into a label.
const ACRONYMS: &[&str] = &[
    "id", "uuid", "sla", "url", "api", "sql", "ms", "ui", "dbt", "json", "csv",
];

/// "pipeline_runs" → "Pipeline runs"; "passed_sla" → "Passed SLA".
pub fn humanize_key(key: &str) -> String {
    // One pass into one string: a model calls this for every status and column it reads.
    let mut out = String::with_capacity(key.len());
    let words = key
        .split(|c: char| c == '_' || c == '-' || c.is_whitespace())
        .filter(|w| !w.is_empty());
    for word in words {
        let first = out.is_empty();
        if !first {
            out.push(' ');
        }
        if ACRONYMS.contains(&word) {
            out.extend(word.chars().map(|c| c.to_ascii_uppercase()));
        } else if first {
            push_capitalized(&mut out, word);
        } else {
            out.push_str(word);
        }
    }
    out
}

/// The first character upper-cased: "pipeline" → "Pipeline".
pub fn capitalize(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    push_capitalized(&mut out, s);
    out
}

/// Appends `s` to `out` with its first character upper-cased.
fn push_capitalized(out: &mut String, s: &str) {
    let mut chars = s.chars();
    out.extend(chars.next().into_iter().flat_map(char::to_uppercase));
    out.push_str(chars.as_str());
}

/// "1 run" / "3 runs": English plural of a countable noun.
pub fn plural(count: usize, singular: &str, plural: &str) -> String {
    if count == 1 {
        format!("1 {singular}")
    } else {
        format!("{count} {plural}")
    }
}

/// "25.9 KB": a size in bytes, plainly (the views write it in the host's locale).
pub fn bytes_text(bytes: u64) -> String {
    const UNITS: [&str; 4] = ["KB", "MB", "GB", "TB"];
    if bytes < 1024 {
        return format!("{bytes} B");
    }
    let mut value = bytes as f64 / 1024.0;
    let mut unit = 0;
    while value >= 1024.0 && unit + 1 < UNITS.len() {
        value /= 1024.0;
        unit += 1;
    }
    format!("{} {}", number_text_with(value, 1), UNITS[unit])
}

/// Integers as written; fractions to at most three decimals, trailing zeros dropped. The plain
/// form, for sorting, Find and the copy; the views write numbers in the host's locale.
pub fn number_text(value: f64) -> String {
    number_text_with(value, 3)
}

/// [`number_text`] with at most `max_fraction` decimals.
pub fn number_text_with(value: f64, max_fraction: u8) -> String {
    if value.fract() == 0.0 && value.abs() < 1e15 {
        format!("{}", value as i64)
    } else if value.abs() >= 1e15 {
        format!("{value:e}")
    } else {
        let fixed = format!("{value:.*}", usize::from(max_fraction));
        if fixed.contains('.') {
            fixed.trim_end_matches('0').trim_end_matches('.').to_owned()
        } else {
            fixed
        }
    }
}

/// The number a decimal text writes (`42`, `-3.5`, `+1e3`, `.5`, `007`), or `None`. Read by
/// serde_json's number parser, as every number of the result is: `f64::from_str` would bring
/// core's table of powers of five into the widget's wasm for these few texts.
pub fn decimal_value(text: &str) -> Option<f64> {
    let text = text.trim();
    let (sign, digits) = match text.as_bytes().first()? {
        b'+' => ("", &text[1..]),
        b'-' => ("-", &text[1..]),
        _ => ("", text),
    };
    let (mantissa, exponent) = match digits.find(['e', 'E']) {
        Some(at) => digits.split_at(at),
        None => (digits, ""),
    };
    let (whole, fraction) = match mantissa.split_once('.') {
        Some((whole, fraction)) => (whole, Some(fraction)),
        None => (mantissa, None),
    };
    let all_digits = |part: &str| part.bytes().all(|b| b.is_ascii_digit());
    if !all_digits(whole)
        || !fraction.is_none_or(all_digits)
        || whole.is_empty() && fraction.is_none_or(str::is_empty)
    {
        return None;
    }
    // JSON's own form: no plus sign, no leading zeros, digits on both sides of the point. Most
    // texts are in it already (ids sort by this on every click): no copy for those.
    let trimmed_whole = whole.trim_start_matches('0');
    let json_form = !text.starts_with('+')
        && (trimmed_whole.len() == whole.len() || whole == "0")
        && !whole.is_empty()
        && fraction.is_none_or(|f| !f.is_empty());
    let json: std::borrow::Cow<'_, str> = if json_form {
        text.into()
    } else {
        format!(
            "{sign}{}{}{exponent}",
            if trimmed_whole.is_empty() {
                "0"
            } else {
                trimmed_whole
            },
            fraction
                .filter(|f| !f.is_empty())
                .map(|f| format!(".{f}"))
                .unwrap_or_default(),
        )
        .into()
    };
    serde_json::from_str::<f64>(&json)
        .ok()
        .filter(|v| v.is_finite())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_read_cleanly() {
        assert_eq!(number_text(3.0), "3");
        assert_eq!(number_text(2.50), "2.5");
        assert_eq!(number_text(1.0 / 3.0), "0.333");
        assert_eq!(number_text(1e20), "1e20");
        assert_eq!(number_text_with(1.25, 1), "1.2");
    }

    #[test]
    fn truncation_counts_characters_not_bytes() {
        assert_eq!(truncate_chars("héllo", 3), "hél…");
        assert_eq!(truncate_chars("abc", 3), "abc");
        assert_eq!(truncate_chars("", 0), "");
    }

    #[test]
    fn bounded_text_cuts_long_values_and_says_how_much() {
        let long = "x".repeat(MAX_TEXT_CHARS + 5);
        let kept = bounded_text(&long);
        assert!(kept.ends_with("… (5 more characters)"));
        assert_eq!(kept.chars().filter(|c| *c == 'x').count(), MAX_TEXT_CHARS);
    }

    #[test]
    fn bounded_text_replaces_control_characters() {
        assert_eq!(bounded_text("a\u{0}b\nc\u{1b}"), "a b\nc ");
    }

    #[test]
    fn quoted_is_one_short_line() {
        let q = quoted(&format!("a\nb{}", "y".repeat(100)));
        assert!(!q.contains('\n'));
        assert!(q.chars().count() <= MAX_QUOTED_CHARS + 3);
    }

    #[test]
    fn keys_read_as_words() {
        assert_eq!(humanize_key("pipeline_runs"), "Pipeline runs");
        assert_eq!(humanize_key("execution-date"), "Execution date");
        assert_eq!(humanize_key("passed_sla"), "Passed SLA");
        assert_eq!(humanize_key("pipeline_uuid"), "Pipeline UUID");
        assert_eq!(humanize_key("__id__"), "ID");
        assert_eq!(humanize_key(""), "");
    }

    #[test]
    fn keys_read_as_the_words_joined_and_capitalised() {
        // The rule written plainly: split, acronyms upper-cased, joined by spaces, capitalised.
        let plainly = |key: &str| {
            let words: Vec<String> = key
                .split(|c: char| c == '_' || c == '-' || c.is_whitespace())
                .filter(|w| !w.is_empty())
                .map(|w| {
                    if ACRONYMS.contains(&w) {
                        w.to_ascii_uppercase()
                    } else {
                        w.to_owned()
                    }
                })
                .collect();
            capitalize(&words.join(" "))
        };
        for key in [
            "not_executed",
            "ID_of_run",
            "sla-url",
            "  spaced\tout ",
            "ßtraße",
            "état_initial",
            "_",
            "--",
            "a",
            "ui",
            "x_ui_y",
            "日本_語",
            "ǆ_dz",
            "json-CSV",
            "Already Fine",
        ] {
            assert_eq!(humanize_key(key), plainly(key), "{key:?}");
        }
    }

    #[test]
    fn decimal_texts_read_as_rust_reads_them() {
        for text in [
            "0",
            "42",
            "-3.5",
            "+1e3",
            ".5",
            "5.",
            "007",
            "0.1",
            "1.7976931348623157e308",
            "2.2250738585072014e-308",
            "123456789012345678901234567890",
            "3.141592653589793238462643383279",
            "9007199254740993",
            " 12 ",
            "1E-7",
            "-0",
            "0.30000000000000004",
            "4.9e-324",
        ] {
            let expected = text.trim().parse::<f64>().ok().filter(|v| v.is_finite());
            assert_eq!(decimal_value(text), expected, "{text:?}");
        }
        for text in [
            "", "-", "+", ".", "e5", "1e", "1.2.3", "1,5", "0x10", "inf", "NaN", "1e400", "--1",
            "1 2", "١٢",
        ] {
            assert_eq!(decimal_value(text), None, "{text:?}");
        }
    }
}
