//! A value after the name it is given to: where it starts and ends (inside its quotes, before the
//! punctuation after it), what closes it when it runs on past its word (a quoted value with
//! spaces, a bracketed one), and whether it is a credential at all, or a reference to one (a
//! variable, a call, a template), a flag or a count, which stay as written.

use crate::keys::{key_secrecy, Secrecy};
use crate::marker::REDACTED;

/// What closes a value that runs on past its word.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Closer {
    /// A quote (`"`, `'`, `` ` ``), or one written escaped inside a string (`\"`).
    Quote { quote: u8, escaped: bool },
    /// A bracket, with how many of its kind are still open.
    Bracket { open: u8, close: u8, depth: u32 },
}

impl Closer {
    /// Where in `word` (which comes after the value's start) the value ends: the index of its
    /// closing quote (kept), or just past its closing bracket (hidden with the value); `None`
    /// when the whole word is inside, with the brackets still open counted.
    pub(crate) fn end_in(&mut self, word: &str) -> Option<usize> {
        let bytes = word.as_bytes();
        match self {
            Closer::Quote { quote, escaped } => {
                let mut i = 0;
                while i < bytes.len() {
                    match bytes[i] {
                        b'\\' if *escaped && bytes.get(i + 1) == Some(quote) => return Some(i),
                        b'\\' => i += 2,
                        b if b == *quote && !*escaped => return Some(i),
                        _ => i += 1,
                    }
                }
                None
            }
            Closer::Bracket { open, close, depth } => {
                for (i, &b) in bytes.iter().enumerate() {
                    if b == *open {
                        *depth += 1;
                    } else if b == *close {
                        *depth = depth.saturating_sub(1);
                        if *depth == 0 {
                            return Some(i + 1);
                        }
                    }
                }
                None
            }
        }
    }
}

/// How a value is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Form {
    /// A word of its own after a label or an operator (`password = 'x'`, `token: abc,`): unquoted,
    /// it is the word without the punctuation it ends in.
    Word,
    /// Inside a word, after `name=` or `name:` (`password=x;`, `{"token":"x"}`): unquoted, it ends
    /// at the next `,` `;` `}` `]` or `&name=`; `{…}` after `=` is ODBC's braced value, in which
    /// `}}` is a `}`.
    Pair { after_equals: bool },
}

/// Where a value is, in the text from its start.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    /// Where what is hidden starts (after an opening quote; a bracket is hidden with the value)
    /// and ends (before a closing quote or the punctuation after it).
    pub(crate) start: usize,
    pub(crate) end: usize,
    /// What closes it when it runs past the text given.
    pub(crate) open: Option<Closer>,
    /// Whether it was quoted.
    pub(crate) quoted: bool,
}

/// The value at the start of `text`, written in `form`; `None` when it is empty or already
/// hidden.
pub(crate) fn value_span(text: &str, form: Form) -> Option<Span> {
    let bytes = text.as_bytes();
    let prefix = quote_prefix(bytes);
    let span = if let Some((start, closer)) = prefix {
        let mut closer = closer;
        let end = closer.end_in(&text[start..]).map(|i| start + i);
        Span {
            start,
            end: end.unwrap_or(text.len()),
            open: end.is_none().then_some(closer),
            quoted: true,
        }
    } else if let Some(close) = closing_bracket(bytes.first().copied()) {
        let end = match form {
            Form::Pair { after_equals: true } if bytes[0] == b'{' => odbc_brace_end(bytes),
            _ => {
                let mut closer = Closer::Bracket {
                    open: bytes[0],
                    close,
                    depth: 0,
                };
                closer.end_in(text)
            }
        };
        Span {
            start: 0,
            end: end.unwrap_or(text.len()),
            open: end.is_none().then_some(Closer::Bracket {
                open: bytes[0],
                close,
                depth: 1,
            }),
            quoted: false,
        }
    } else {
        Span {
            start: 0,
            end: unquoted_end(text, form),
            open: None,
            quoted: false,
        }
    };
    let value = &text[span.start..span.end];
    (!value.is_empty() && !value.starts_with(REDACTED)).then_some(span)
}

/// The opening quote `text` starts with, after a string prefix (`@"…"`, `b'…'`, `r"…"`): where
/// the value starts, and what closes it.
fn quote_prefix(bytes: &[u8]) -> Option<(usize, Closer)> {
    let prefix = match bytes {
        [b'@', ..] => 1,
        [p, q, ..] if matches!(q, b'"' | b'\'') && b"bBrRuUfF".contains(p) => 1,
        _ => 0,
    };
    match bytes.get(prefix..)? {
        [b'\\', q @ (b'"' | b'\''), ..] => Some((
            prefix + 2,
            Closer::Quote {
                quote: *q,
                escaped: true,
            },
        )),
        [q @ (b'"' | b'\'' | b'`'), ..] => Some((
            prefix + 1,
            Closer::Quote {
                quote: *q,
                escaped: false,
            },
        )),
        _ => None,
    }
}

/// The bracket that closes the one a value opens with.
fn closing_bracket(first: Option<u8>) -> Option<u8> {
    match first? {
        b'{' => Some(b'}'),
        b'[' => Some(b']'),
        b'(' => Some(b')'),
        _ => None,
    }
}

/// Just past the `}` that closes an ODBC braced value (`{a;b}}c}`: `}}` is a `}` inside it).
fn odbc_brace_end(bytes: &[u8]) -> Option<usize> {
    let mut i = 1;
    while i < bytes.len() {
        if bytes[i] == b'}' {
            if bytes.get(i + 1) == Some(&b'}') {
                i += 2;
                continue;
            }
            return Some(i + 1);
        }
        i += 1;
    }
    None
}

/// Where an unquoted value ends: at an escape or a quote (the end of a string the value is
/// written in); then, as a word, before the `,` `;` `)` `]` `}` and full stop it ends in, or, in a
/// pair, at the next separator.
fn unquoted_end(text: &str, form: Form) -> usize {
    let bytes = text.as_bytes();
    let mut end = bytes
        .iter()
        .position(|b| matches!(b, b'\\' | b'"' | b'\'' | b'`'))
        .unwrap_or(bytes.len());
    if let Form::Pair { .. } = form {
        let mut i = 0;
        while i < end {
            match bytes[i] {
                b',' | b';' | b'}' | b']' => {
                    end = i;
                    break;
                }
                // A form body's next pair; a value that is itself a query (a shared access
                // signature's `sv=…&sig=…`) runs on.
                b'&' if !bytes[..i].contains(&b'=') && starts_a_pair(&bytes[i + 1..]) => {
                    end = i;
                    break;
                }
                _ => i += 1,
            }
        }
    }
    let trimmed = text[..end].trim_end_matches([',', ';', ')', ']', '}']);
    // A sentence's full stop after the value is no part of it.
    trimmed.strip_suffix('.').unwrap_or(trimmed).len()
}

/// Whether `rest` starts with `name=` (the next pair of a form body after its `&`).
fn starts_a_pair(rest: &[u8]) -> bool {
    let name = rest
        .iter()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.'))
        .count();
    name > 0 && rest.get(name) == Some(&b'=')
}

/// Whether the value `text` (the span's text), under a name of `secrecy`, stays as written: no
/// credential but a reference to one or no secret at all. Unquoted: a flag or nothing (`true`,
/// `None`, `null`), a count under a plural name (`max_tokens: 4096`), code that reads the value
/// from elsewhere (`os.getenv("X")`, `os.environ["X"]`, `self.password`, `request.json['k']`), a
/// variable named as a secret (`password=password`). Quoted or not: a template or a variable
/// of the shell or of CI (`${DB_PASSWORD}`, `$DB_PASSWORD`, `$(cat /run/secrets/x)`,
/// `{{ env_var('X') }}`, `${{ secrets.X }}`). detect-secrets' keyword tests list the same
/// look-alikes (<https://github.com/Yelp/detect-secrets/blob/v1.5.0/tests/plugins/keyword_test.py>).
pub(crate) fn is_kept(text: &str, quoted: bool, secrecy: Secrecy) -> bool {
    if is_template(text) {
        return true;
    }
    if quoted {
        return false;
    }
    const NOTHING: &[&str] = &["true", "false", "null", "none", "nil", "undefined"];
    NOTHING.iter().any(|w| text.eq_ignore_ascii_case(w))
        || (secrecy == Secrecy::Many && is_number(text))
        || is_code(text)
        || (is_identifier(text) && key_secrecy(text.as_bytes()).is_some())
}

/// `${…}`, `$(…)`, `$UPPER_NAME`, `{{ … }}` (a name, a call or a path after the braces, so that
/// `{{h}o)p…` is not one).
fn is_template(text: &str) -> bool {
    if text.starts_with("${") || text.starts_with("$(") {
        return true;
    }
    if let Some(name) = text.strip_prefix('$') {
        return !name.is_empty()
            && name
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
    }
    let Some(inside) = text.strip_prefix("{{") else {
        return false;
    };
    let inside = inside.trim_start_matches(['-', ' ']);
    if inside.is_empty() {
        return true;
    }
    let name = inside
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$'))
        .count();
    name > 0
        && match inside.as_bytes().get(name) {
            None | Some(b'(' | b' ' | b'|') => true,
            Some(b'}') => inside[name..].starts_with("}}"),
            Some(_) => false,
        }
}

/// A number as configuration writes one.
fn is_number(text: &str) -> bool {
    let digits = text.strip_prefix('-').unwrap_or(text);
    !digits.is_empty()
        && digits.bytes().all(|b| b.is_ascii_digit() || b == b'.')
        && digits.bytes().any(|b| b.is_ascii_digit())
}

/// Objects whose attributes are read for a value, not values: `self.password`,
/// `settings.DB_PASSWORD`, `process.env.TOKEN`.
const RECEIVERS: &[&str] = &[
    "self", "this", "cls", "settings", "config", "conf", "cfg", "os", "process", "env", "environ",
    "kwargs", "context", "ctx", "secrets", "vars", "params", "options", "opts", "args", "request",
    "req", "app",
];

/// Code that reads a value: a call or a subscript of a name (`os.getenv(`, `kwargs['k']`), or an
/// attribute of one of [`RECEIVERS`].
fn is_code(text: &str) -> bool {
    let path = text
        .bytes()
        .take_while(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'$'))
        .count();
    if path == 0 || text.as_bytes()[0].is_ascii_digit() {
        return false;
    }
    if matches!(text.as_bytes().get(path), Some(b'(' | b'[')) {
        return true;
    }
    path == text.len()
        && text.split_once('.').is_some_and(|(receiver, attribute)| {
            !attribute.is_empty() && RECEIVERS.contains(&receiver)
        })
}

/// A name as code writes one.
fn is_identifier(text: &str) -> bool {
    text.bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hidden(text: &str, form: Form) -> Option<&str> {
        value_span(text, form).map(|span| &text[span.start..span.end])
    }

    #[test]
    fn a_value_is_read_inside_its_quotes_and_before_its_punctuation() {
        for (text, form, value) in [
            ("'plum-orbit-2291'", Form::Word, "plum-orbit-2291"),
            ("\"a;b\",", Form::Word, "a;b"),
            ("`medlar`", Form::Word, "medlar"),
            ("@\"objc\";", Form::Word, "objc"),
            ("b'bytes'", Form::Word, "bytes"),
            ("\\\"escaped\\\"}", Form::Word, "escaped"),
            ("hunter2,", Form::Word, "hunter2"),
            ("hunter2.", Form::Word, "hunter2"),
            ("A,.:-¨@*¿?!", Form::Word, "A,.:-¨@*¿?!"),
            ("abc\\nnext", Form::Word, "abc"),
            ("{\"inner\":\"x\"}},", Form::Word, "{\"inner\":\"x\"}"),
            ("x;y=1", Form::Pair { after_equals: true }, "x"),
            ("{a;b}}c};x", Form::Pair { after_equals: true }, "{a;b}}c}"),
            ("\"a;b\";x", Form::Pair { after_equals: true }, "a;b"),
            (
                "alder&remember=1",
                Form::Pair { after_equals: true },
                "alder",
            ),
            ("a&b;", Form::Pair { after_equals: true }, "a&b"),
            ("x)", Form::Pair { after_equals: true }, "x"),
            (
                "{\"k\":1}}",
                Form::Pair {
                    after_equals: false,
                },
                "{\"k\":1}",
            ),
        ] {
            assert_eq!(hidden(text, form), Some(value), "{text}");
        }
        for text in ["\"\"", "''", ",", "[redacted]", "\"[redacted]\""] {
            assert_eq!(hidden(text, Form::Word), None, "{text}");
        }
    }

    #[test]
    fn a_value_left_open_says_what_closes_it() {
        let span = value_span("\"correct", Form::Word).expect("a value");
        let mut closer = span.open.expect("open");
        assert_eq!(closer.end_in("horse"), None);
        assert_eq!(closer.end_in("staple\","), Some(6));
        let span = value_span("{\"a\":", Form::Word).expect("a value");
        let mut closer = span.open.expect("open");
        assert_eq!(closer.end_in("{\"b\":"), None);
        assert_eq!(closer.end_in("1}},"), Some(3));
    }

    #[test]
    fn references_flags_and_counts_stay() {
        for (text, quoted, secrecy) in [
            ("True", false, Secrecy::One),
            ("None", false, Secrecy::One),
            ("4096", false, Secrecy::Many),
            ("os.getenv('DB_PASSWORD')", false, Secrecy::One),
            ("os.environ[\"X\"]", false, Secrecy::One),
            ("request.json_body['hey']", false, Secrecy::One),
            ("foo(hey)you", false, Secrecy::One),
            ("self.password", false, Secrecy::One),
            ("this.apiKey", false, Secrecy::One),
            ("password", false, Secrecy::One),
            ("${link}", false, Secrecy::One),
            ("$DB_PASSWORD", true, Secrecy::One),
            ("$(cat /run/secrets/x)", true, Secrecy::One),
            ("{{", true, Secrecy::One),
            ("{{ env_var('X') }}", false, Secrecy::One),
            ("{{env_var('X')}}", true, Secrecy::One),
            ("${{ secrets.TOKEN }}", true, Secrecy::One),
        ] {
            assert!(is_kept(text, quoted, secrecy), "{text}");
        }
        for (text, quoted, secrecy) in [
            ("4096", false, Secrecy::One),
            ("true", true, Secrecy::One),
            ("hunter2", false, Secrecy::One),
            (
                "{{h}o)p${e]nob(ody[finds>-_$#thisone}}",
                false,
                Secrecy::One,
            ),
            (
                "m{{h}o)p${e]nob(ody[finds>-_$#thisone}}",
                false,
                Secrecy::One,
            ),
            ("$ecret-42", false, Secrecy::One),
            ("abc.def", false, Secrecy::One),
            ("os.getenv('X')", true, Secrecy::One),
            ("2fa(x)", false, Secrecy::One),
        ] {
            assert!(!is_kept(text, quoted, secrecy), "{text}");
        }
    }
}
