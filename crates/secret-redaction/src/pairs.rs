//! `name=value` and `name:value` pairs inside one word: `token=abc`, `{"a":1,"token":"x"}` written
//! inline, a connection string's `AccountKey=…;` or ODBC's braced `PWD={a;b}`, ADO.NET's quoted
//! `Password="a;b"`, a form body's `user=u&password=p`, a keyword argument `connect(password=…)`.

use crate::labels::{is_label_scheme, pair_secrecy};
use crate::marker::REDACTED;
use crate::value::{is_kept, value_span, Closer, Form};

/// A word with its pairs' values hidden.
pub(crate) struct Hidden {
    pub(crate) text: String,
    /// What closes the last value when it runs on past the word (`PGPASSWORD="a b"`).
    pub(crate) open: Option<Closer>,
}

/// Hides the value of each pair in `word` whose name is sensitive; `None` when it hides none.
/// Pairs end at `,` `;` `{` `}` `[` `]` `&`, but a quoted or bracketed value runs to its closing
/// quote or bracket. A value that is an auth scheme is kept (its credential is the next word:
/// `Authorization:Bearer <secret>`), and so are references and flags ([`is_kept`]).
pub(crate) fn hide_inline_pairs(word: &str) -> Option<Hidden> {
    let bytes = word.as_bytes();
    if !bytes.iter().any(|&b| b == b'=' || b == b':') {
        return None;
    }
    let mut out = String::new();
    let mut copied = 0;
    let mut open = None;
    // Where the name of the pair being read starts.
    let mut from = 0;
    while let Some(at) = bytes[from..]
        .iter()
        .position(|b| {
            matches!(
                b,
                b'=' | b':' | b',' | b';' | b'{' | b'}' | b'[' | b']' | b'&'
            )
        })
        .map(|i| from + i)
    {
        if !matches!(bytes[at], b'=' | b':') {
            from = at + 1;
            continue;
        }
        let Some(secrecy) = pair_secrecy(&word[from..at]) else {
            from = at + 1;
            continue;
        };
        let value_start = operator_end(bytes, at);
        let rest = &word[value_start..];
        let form = Form::Pair {
            after_equals: bytes[at] == b'=',
        };
        from = at + 1;
        let Some(span) = value_span(rest, form) else {
            continue;
        };
        let value = &rest[span.start..span.end];
        from = value_start + span.end.max(1);
        if is_label_scheme(value) || is_kept(value, span.quoted, secrecy) {
            continue;
        }
        out.push_str(&word[copied..value_start + span.start]);
        out.push_str(REDACTED);
        copied = value_start + span.end;
        if span.open.is_some() {
            open = span.open;
            break;
        }
    }
    (copied > 0).then(|| Hidden {
        text: out + &word[copied..],
        open,
    })
}

/// Just past the operator at `at` (`=`, `:`, `:=`, `=>`).
fn operator_end(bytes: &[u8], at: usize) -> usize {
    let mut end = at + 1;
    while end < bytes.len() && end - at < 3 && matches!(bytes[end], b'=' | b'>') {
        end += 1;
    }
    end
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hidden(word: &str) -> Option<String> {
        hide_inline_pairs(word).map(|h| h.text)
    }

    #[test]
    fn sensitive_pairs_lose_their_values_and_keep_their_quoting() {
        for (word, expected) in [
            ("token=abc", "token=[redacted]"),
            ("API_TOKEN='sequoia-env-5562'", "API_TOKEN='[redacted]'"),
            (
                "{\"a\":1,\"token\":\"x\",\"b\":2}",
                "{\"a\":1,\"token\":\"[redacted]\",\"b\":2}",
            ),
            (
                "{\"api_key\":{\"inner\":\"x\"}}",
                "{\"api_key\":[redacted]}",
            ),
            (
                "Driver={PostgreSQL};Uid=etl;Pwd={S3cr3t;x}};y};Database=dw",
                "Driver={PostgreSQL};Uid=etl;Pwd=[redacted];Database=dw",
            ),
            (
                "User=etl;Password=\"a;b\";Encrypt=True",
                "User=etl;Password=\"[redacted]\";Encrypt=True",
            ),
            (
                "username=etl&password=alder-9931&remember=1",
                "username=etl&password=[redacted]&remember=1",
            ),
            (
                "connect(password='quartz',",
                "connect(password='[redacted]',",
            ),
            ("DB_PW=poplar-2284", "DB_PW=[redacted]"),
            ("password1=x", "password1=[redacted]"),
            (
                "SharedAccessSignature=sv=2015-04-05&sr=b&sig=9aC%3D",
                "SharedAccessSignature=[redacted]",
            ),
        ] {
            assert_eq!(hidden(word).as_deref(), Some(expected), "{word}");
            assert_eq!(hidden(expected), None, "idempotent: {expected}");
        }
    }

    #[test]
    fn flags_counts_references_and_schemes_stay() {
        for word in [
            "max_tokens=4096",
            "requires_password=true",
            "Client(token=token)",
            "password=${DB_PASSWORD}",
            "Authorization:Bearer",
            "level:INFO",
            "password_hint=ask",
            "token=",
        ] {
            assert_eq!(hidden(word), None, "{word}");
        }
    }

    #[test]
    fn a_quoted_value_left_open_says_so() {
        let hidden = hide_inline_pairs("PGPASSWORD=\"cypress").expect("hidden");
        assert_eq!(hidden.text, "PGPASSWORD=\"[redacted]");
        assert!(hidden.open.is_some());
    }
}
