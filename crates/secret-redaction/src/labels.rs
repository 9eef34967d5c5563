//! What a word of code, configuration or HTTP says of the words after it: a label (`token:`,
//! `"api_key":`, `password=`, `<apiToken>`), a sensitive name on its own (`PASSWORD`,
//! `"API_TOKEN",`, `$apiToken`, `some_dict["secret"]`), an assignment operator, a type
//! annotation, an HTTP auth scheme, a quoted literal. The forms are those gitleaks' generic rule
//! is tested with (its operators `=`, `:`, `:=`, `::=`, `:::=`, `?=`, `=>`, `,`:
//! <https://github.com/gitleaks/gitleaks/blob/v8.30.1/cmd/generate/config/utils/generate.go>) and
//! detect-secrets' keyword plugin's (comparisons, `name "value";`:
//! <https://github.com/Yelp/detect-secrets/blob/v1.5.0/detect_secrets/plugins/keyword.py>).

use crate::keys::{key_secrecy, parameter_secrecy, Secrecy};
use crate::shapes::{auth_scheme, trim_quotes, AuthScheme};

/// What a word that is a label or a name says of the next words.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Label {
    /// `name:`, `name=`, `name:=`, …: the next word is the value; after a colon it may first be
    /// a type annotation (`api_key: str = …`).
    Value { secrecy: Secrecy, colon: bool },
    /// `Cookie:`, `Set-Cookie:`: every `name=value` after it, to the header's end.
    Cookies,
    /// `--password`: the next word is the value unless it is another flag.
    Flag(Secrecy),
    /// `<apiToken>`: the words up to the element's end are the value.
    Element,
    /// A sensitive name alone (`PASSWORD`, `"API_TOKEN",`, SQL's `IDENTIFIED`): an operator after
    /// it makes the next word the value; a quoted literal or a secret-shaped word after it is one.
    Name(Secrecy),
}

/// Assignment and comparison operators, longest first.
const OPERATORS: &[&str] = &[
    ":::=", "::=", "??=", "===", "!==", ":=", "?=", ".=", "+=", "=>", "==", "!=", "<-", "=", ":",
];

/// What `word` (a word of text, in no state) says of the next words.
pub(crate) fn label(word: &str) -> Option<Label> {
    if let Some((name, start)) = element_name(word) {
        // `<apiToken>` alone: its value is on the words after it.
        let sensitive = start == word.len() && key_secrecy(name.as_bytes()).is_some();
        return sensitive.then_some(Label::Element);
    }
    if let Some((name, operator)) = split_operator(word) {
        let secrecy = name_secrecy(name)?;
        let cookie = operator == ":" && {
            let name = trailing_name(name).as_bytes();
            name.len() >= 6 && name[name.len() - 6..].eq_ignore_ascii_case(b"cookie")
        };
        return Some(if cookie {
            Label::Cookies
        } else {
            Label::Value {
                secrecy,
                colon: operator == ":",
            }
        });
    }
    // Before a comma, only a name written as a string is a key (`setProperty("API_TOKEN", …)`):
    // `f(kwargs['token'], 'message')` passes the value itself.
    if word
        .strip_suffix(',')
        .is_some_and(|name| !name.ends_with(['"', '\'']))
    {
        return None;
    }
    let secrecy = name_secrecy(word)?;
    let flag = word.starts_with('-') && trailing_name(word).len() == word.len();
    Some(if flag {
        Label::Flag(secrecy)
    } else {
        Label::Name(secrecy)
    })
}

/// A word that ends in an operator after a name (`password=`, `"api_key":`, `dbToken:=`): the
/// name and the operator.
fn split_operator(word: &str) -> Option<(&str, &'static str)> {
    let word = trim_quotes(word);
    OPERATORS.iter().find_map(|operator| {
        let name = word.strip_suffix(operator)?;
        (!name.is_empty() && !name.ends_with(['=', ':'])).then_some((name, *operator))
    })
}

/// What the name `word` ends in names, if anything ([`trailing_name`]); SQL's `IDENTIFIED`
/// names the password after its `BY`.
pub(crate) fn name_secrecy(word: &str) -> Option<Secrecy> {
    let name = trailing_name(word);
    if name.eq_ignore_ascii_case("identified") {
        return Some(Secrecy::One);
    }
    let name = name.trim_start_matches(['-', '.']);
    if name.is_empty() {
        return None;
    }
    key_secrecy(name.as_bytes())
}

/// The name a word ends in: letters, digits, `_`, `.` and `-`, after the quotes and the comma it
/// may end in (`"API_TOKEN",`), and inside a subscript with a quoted key (`env["TOKEN"]`) or
/// before one without (`secret[25]`). Empty when the word ends otherwise (`f(token)`).
pub(crate) fn trailing_name(word: &str) -> &str {
    let word = word.trim_end_matches([',', '"', '\'', '`']);
    let word = match word.strip_suffix(']').and_then(|inner| {
        let open = inner.rfind('[')?;
        let key = &inner[open + 1..];
        let unquoted = key.trim_matches(['"', '\'']);
        Some(if unquoted.len() < key.len() {
            unquoted
        } else {
            &inner[..open]
        })
    }) {
        Some(inner) => inner,
        None => word,
    };
    let start = word
        .bytes()
        .rposition(|b| !(b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'-')))
        .map_or(0, |i| i + 1);
    &word[start..]
}

/// `<name>` and what comes after it in the word: an XML element's name and where its content
/// starts.
fn element_name(word: &str) -> Option<(&str, usize)> {
    let rest = word.strip_prefix('<')?;
    let end = rest.find('>')?;
    let name = &rest[..end];
    (!name.is_empty()
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'-' | b'.' | b':')))
    .then_some((name, end + 2))
}

/// Where the value of `<secretName>value</secretName>`, written in one word, starts and ends.
pub(crate) fn element_content(word: &str) -> Option<(usize, usize)> {
    let (name, start) = element_name(word)?;
    key_secrecy(name.as_bytes())?;
    let end = word[start..].find('<').map_or(word.len(), |i| start + i);
    (end > start).then_some((start, end))
}

/// A word that is an operator alone (`=`, `:=`, `=>`, `==`, …).
pub(crate) fn is_operator(word: &str) -> bool {
    OPERATORS.contains(&word)
}

/// An `=` or `:=` alone: what ends a type annotation.
pub(crate) fn is_assignment(word: &str) -> bool {
    matches!(word, "=" | ":=")
}

/// The length of the operator `word` starts with when a value follows it in the same word
/// (`='x'`, `:="x"`, `=hunter2`).
pub(crate) fn operator_prefix(word: &str) -> Option<usize> {
    OPERATORS.iter().find_map(|operator| {
        word.strip_prefix(operator)
            .filter(|rest| !rest.is_empty() && !rest.starts_with(['=', ':']))
            .map(|_| operator.len())
    })
}

/// A comparison alone: `==`, `===`, `!=`, `!==`.
pub(crate) fn is_comparison(word: &str) -> bool {
    matches!(word, "==" | "===" | "!=" | "!==")
}

/// HTTP auth schemes that may come between a label and its credential: `Authorization: Token
/// <secret>`. gitleaks' curl rule's `Basic`, `Bearer`, `Token`, `Api-Token`
/// (<https://github.com/gitleaks/gitleaks/blob/v8.30.1/cmd/generate/config/rules/curl.go>),
/// Discord's `Bot`, Okta's `SSWS`, Elastic's `ApiKey`, Opsgenie's `GenieKey`, Splunk's
/// `Splunk`, and IANA's registered ones (`Digest`, `Negotiate`, `NTLM`, `OAuth`).
const LABEL_SCHEMES: &[&str] = &[
    "bearer",
    "basic",
    "token",
    "api-token",
    "bot",
    "ssws",
    "apikey",
    "api-key",
    "geniekey",
    "splunk",
    "jwt",
    "digest",
    "negotiate",
    "ntlm",
    "oauth",
];

/// Whether `word` is an auth scheme after a label.
pub(crate) fn is_label_scheme(word: &str) -> bool {
    let word = trim_quotes(word);
    LABEL_SCHEMES.iter().any(|s| word.eq_ignore_ascii_case(s))
}

/// A word that ends in an auth scheme after a label: `Authorization:Bearer`,
/// `"Authorization":"Token`, `headers={"Authorization":"Bearer`. Whether the label names a secret
/// (then the next word is the credential whatever it is), and the scheme when it may stand
/// before a credential without a label (`Bearer`, `Basic`).
pub(crate) fn label_then_scheme(word: &str) -> Option<(bool, Option<AuthScheme>)> {
    let word = word.trim_end_matches(['"', '\'', '\\']);
    let split = word.rfind([':', '='])?;
    let scheme = word[split + 1..].trim_start_matches(['"', '\'', '\\']);
    if !is_label_scheme(scheme) {
        return None;
    }
    let label = word[..split].trim_end_matches(['"', '\'', '\\']);
    let name_start = label
        .rfind([',', ';', '{', '(', '[', '"', '\'', ':', '='])
        .map_or(0, |i| i + 1);
    let sensitive = key_secrecy(trim_quotes(&label[name_start..]).as_bytes()).is_some();
    Some((sensitive, auth_scheme(scheme)))
}

/// A type annotation's word (`str`, `Optional[str]`, `String`, `dict[str,str]`): letters,
/// digits, `_`, `.`, brackets and commas, starting with a letter.
pub(crate) fn is_annotation(word: &str) -> bool {
    word.bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphabetic() || b == b'_')
        && word
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'_' | b'.' | b'[' | b']' | b','))
}

/// YAML's block scalar indicators (`password: |`): the value is on the lines below.
pub(crate) fn is_block_scalar(word: &str) -> bool {
    matches!(word, "|" | ">" | "|-" | ">-" | "|+" | ">+")
}

/// Whether `word` starts with a quote (a literal, maybe prefixed: `@"…"`, `b'…'`).
pub(crate) fn starts_quoted(word: &str) -> bool {
    let word = word.strip_prefix('@').unwrap_or(word);
    word.starts_with(['"', '\'', '`'])
}

/// A quoted literal whole in one word, maybe after a `(` (`("value"`): where it starts in the
/// word. What a comparison with a sensitive name after it (`"value" == password`) shows.
pub(crate) fn complete_literal(word: &str) -> Option<usize> {
    let start = usize::from(word.starts_with('('));
    let literal = &word[start..];
    let quote = *literal.as_bytes().first()?;
    (matches!(quote, b'"' | b'\'')
        && literal.len() >= 3
        && literal.as_bytes()[literal.len() - 1] == quote)
        .then_some(start)
}

/// What a query or pair's name (`api_key`, `X-Amz-Signature`, `connect(password`,
/// `os.environ["TOKEN"]`) says of its value.
pub(crate) fn pair_secrecy(name: &str) -> Option<Secrecy> {
    let name = trailing_name(trim_quotes(name));
    parameter_secrecy(name.trim_start_matches(['-', '.']))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_read_at_the_end_of_a_word() {
        for (word, name) in [
            ("PASSWORD", "PASSWORD"),
            ("\"API_TOKEN\",", "API_TOKEN"),
            ("System.setProperty(\"API_TOKEN\",", "API_TOKEN"),
            ("$apiToken", "apiToken"),
            ("some_dict[\"secret\"]", "secret"),
            ("secrete[25]", "secrete"),
            ("connect(password", "password"),
            ("(token", "token"),
            ("--password", "--password"),
            ("f(token)", ""),
            ("日本token", "token"),
        ] {
            assert_eq!(trailing_name(word), name, "{word}");
        }
    }

    #[test]
    fn labels_names_flags_and_elements() {
        let one = Secrecy::One;
        for (word, expected) in [
            (
                "password:",
                Some(Label::Value {
                    secrecy: one,
                    colon: true,
                }),
            ),
            (
                "\"api_key\":",
                Some(Label::Value {
                    secrecy: one,
                    colon: true,
                }),
            ),
            (
                "password=",
                Some(Label::Value {
                    secrecy: one,
                    colon: false,
                }),
            ),
            (
                "dbToken:=",
                Some(Label::Value {
                    secrecy: one,
                    colon: false,
                }),
            ),
            (
                "max_tokens:",
                Some(Label::Value {
                    secrecy: Secrecy::Many,
                    colon: true,
                }),
            ),
            ("Cookie:", Some(Label::Cookies)),
            ("\"Set-Cookie\":", Some(Label::Cookies)),
            ("--password", Some(Label::Flag(one))),
            ("<apiToken>", Some(Label::Element)),
            ("PASSWORD", Some(Label::Name(one))),
            ("IDENTIFIED", Some(Label::Name(one))),
            ("password_2", Some(Label::Name(one))),
            ("\"API_TOKEN\",", Some(Label::Name(one))),
            ("kwargs['slack_webhook_url'],", None),
            ("token,", None),
            ("password_hint:", None),
            ("token_count", None),
            ("level:", None),
            ("<b>", None),
            ("=", None),
        ] {
            assert_eq!(label(word), expected, "{word}");
        }
    }

    #[test]
    fn operators_schemes_annotations_and_literals() {
        for word in ["=", ":=", "::=", ":::=", "?=", ".=", "=>", "==", "!==", ":"] {
            assert!(is_operator(word), "{word}");
        }
        assert_eq!(operator_prefix("='x'"), Some(1));
        assert_eq!(operator_prefix(":=hunter2"), Some(2));
        assert_eq!(operator_prefix("=="), None);
        assert_eq!(operator_prefix("plain"), None);
        for word in ["Token", "\"Bot", "SSWS", "Api-Token", "bearer"] {
            assert!(is_label_scheme(word), "{word}");
        }
        assert!(!is_label_scheme("dark;"));
        assert_eq!(label_then_scheme("Authorization:Token"), Some((true, None)));
        assert_eq!(
            label_then_scheme("{\"Authorization\":\"Bearer"),
            Some((true, Some(AuthScheme::Bearer)))
        );
        assert_eq!(
            label_then_scheme("x:Basic"),
            Some((false, Some(AuthScheme::Basic)))
        );
        for word in ["str", "Optional[str]", "String", "dict[str,str]", "hunter2"] {
            assert!(is_annotation(word), "{word}");
        }
        for word in ["'x'", "plum-orbit", "42"] {
            assert!(!is_annotation(word), "{word}");
        }
        assert_eq!(complete_literal("(\"secret-value\""), Some(1));
        assert_eq!(complete_literal("'x'"), Some(0));
        assert_eq!(complete_literal("\"open"), None);
        assert_eq!(
            element_content("<apiToken>longan</apiToken>"),
            Some((10, 16))
        );
        assert_eq!(element_content("<name>etl</name>"), None);
    }
}
