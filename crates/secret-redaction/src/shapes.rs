//! Words that are credentials by their shape alone: what follows an HTTP auth scheme when it is
//! no ordinary word, the key formats services issue (`sk_live_…`, `ghp_…`, `xoxb-…`, `AKIA…`),
//! JSON Web Tokens. Ordinary words, hexadecimal checksums and names are none of these.

use crate::marker::REDACTED;

/// Quotes and the JSON punctuation that may cling to a word in a text.
pub(crate) fn trim_quotes(s: &str) -> &str {
    s.trim_matches(|c: char| matches!(c, '"' | '\'' | ',' | '{' | '}'))
}

/// A word with its quotes and trailing sentence punctuation removed.
fn bare(word: &str) -> &str {
    trim_quotes(word).trim_end_matches(['.', ';', ')', ']'])
}

/// A word shaped like a generated secret: at least 12 characters of letters, digits and `-_./+=`,
/// with both a letter and a digit. Ordinary words ("handling", "rotated") are not.
pub(crate) fn looks_like_secret_value(word: &str) -> bool {
    let w = bare(word);
    w.len() >= 12
        && w.bytes().all(|b| {
            b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.' | b'/' | b'+' | b'=')
        })
        && w.bytes().any(|b| b.is_ascii_digit())
        && w.bytes().any(|b| b.is_ascii_alphabetic())
}

/// An HTTP auth scheme that comes before a credential.
#[derive(Clone, Copy, PartialEq, Debug)]
pub(crate) enum AuthScheme {
    Bearer,
    Basic,
}

/// The scheme `word` names ("Bearer", "basic", …), if any.
pub(crate) fn auth_scheme(word: &str) -> Option<AuthScheme> {
    let word = trim_quotes(word);
    if word.eq_ignore_ascii_case("bearer") {
        Some(AuthScheme::Bearer)
    } else if word.eq_ignore_ascii_case("basic") {
        Some(AuthScheme::Basic)
    } else {
        None
    }
}

/// Whether the word after `scheme` is its credential. After "Bearer": secret-shaped, a known key
/// format or a JSON Web Token (RFC 6750's b64token). After "Basic": only what the scheme sends,
/// the base64 of `user:password` (RFC 7617), so "Basic ETL" and "Basic pipeline_v2_daily" are
/// names, not credentials.
pub(crate) fn is_credential_after_scheme(scheme: AuthScheme, word: &str) -> bool {
    let w = bare(word);
    match scheme {
        AuthScheme::Bearer => looks_like_secret_value(w) || is_key_shape(w) || is_jwt(w),
        AuthScheme::Basic => is_basic_pair(w),
    }
}

/// The base64 (padded) of a printable `user:password`, as the Basic scheme sends it.
fn is_basic_pair(word: &str) -> bool {
    word.len() >= 8
        && decode_base64(word).is_some_and(|decoded| {
            decoded.contains(&b':') && decoded.iter().all(|b| (0x20..0x7f).contains(b))
        })
}

/// Standard base64 with padding; `None` for anything else.
fn decode_base64(text: &str) -> Option<Vec<u8>> {
    let bytes = text.as_bytes();
    if !bytes.len().is_multiple_of(4) {
        return None;
    }
    let body = text.trim_end_matches('=').as_bytes();
    if bytes.len() - body.len() > 2 {
        return None;
    }
    let sextet = |b: u8| -> Option<u32> {
        Some(match b {
            b'A'..=b'Z' => b - b'A',
            b'a'..=b'z' => b - b'a' + 26,
            b'0'..=b'9' => b - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => return None,
        } as u32)
    };
    let mut out = Vec::with_capacity(body.len() * 3 / 4);
    for chunk in body.chunks(4) {
        let mut group = 0u32;
        for (i, &b) in chunk.iter().enumerate() {
            group |= sextet(b)? << (18 - 6 * i);
        }
        let produced = chunk.len() * 6 / 8;
        out.extend(group.to_be_bytes()[1..=produced].iter());
    }
    Some(out)
}

/// A key format a service issues: a fixed prefix, then a body of letters, digits, `_` and `-` of
/// at least `body` characters, or exactly `body` when `exact`; upper-case letters and digits only
/// when `upper` (AWS access key ids).
struct KeyFormat {
    prefix: &'static str,
    body: u8,
    exact: bool,
    upper: bool,
}

const fn at_least(prefix: &'static str, body: u8) -> KeyFormat {
    KeyFormat {
        prefix,
        body,
        exact: false,
        upper: false,
    }
}

const fn exactly(prefix: &'static str, body: u8) -> KeyFormat {
    KeyFormat {
        prefix,
        body,
        exact: true,
        upper: false,
    }
}

const fn aws(prefix: &'static str) -> KeyFormat {
    KeyFormat {
        prefix,
        body: 16,
        exact: true,
        upper: true,
    }
}

/// Key formats recognised wherever they stand, identifiers included: no real identifier has one.
/// The prefixes and lengths are those of gitleaks' default rules
/// (<https://github.com/gitleaks/gitleaks/blob/v8.30.0/config/gitleaks.toml>), kept to the
/// formats a fixed prefix identifies.
const KEY_FORMATS: &[KeyFormat] = &[
    // Stripe secret and restricted keys, webhook signing secrets.
    at_least("sk_live_", 10),
    at_least("sk_test_", 10),
    at_least("rk_live_", 10),
    at_least("rk_test_", 10),
    at_least("whsec_", 20),
    // GitHub tokens (personal, OAuth, user-to-server, server-to-server, refresh; fine-grained).
    at_least("ghp_", 20),
    at_least("gho_", 20),
    at_least("ghu_", 20),
    at_least("ghs_", 20),
    at_least("ghr_", 20),
    at_least("github_pat_", 20),
    // Slack bot, user, app-level, refresh and legacy tokens.
    at_least("xoxb-", 10),
    at_least("xoxp-", 10),
    at_least("xoxa-", 10),
    at_least("xoxr-", 10),
    at_least("xoxs-", 10),
    at_least("xoxe-", 10),
    at_least("xapp-", 10),
    // GitLab personal, deploy, runner and trigger tokens; OpenAI and Anthropic API keys.
    at_least("glpat-", 20),
    at_least("gldt-", 20),
    at_least("glrt-", 20),
    at_least("glptt-", 40),
    at_least("sk-proj-", 20),
    at_least("sk-svcacct-", 20),
    at_least("sk-admin-", 20),
    at_least("sk-ant-", 20),
    // AWS access key ids (long-term, temporary and others), Google API keys, npm and PyPI tokens,
    // Hugging Face, DigitalOcean and Shopify tokens.
    aws("AKIA"),
    aws("ASIA"),
    aws("ABIA"),
    aws("ACCA"),
    exactly("AIza", 35),
    exactly("npm_", 36),
    at_least("pypi-AgEIcHlwaS5vcmc", 50),
    exactly("hf_", 34),
    exactly("doo_v1_", 64),
    exactly("dop_v1_", 64),
    exactly("dor_v1_", 64),
    exactly("shpat_", 32),
    exactly("shpss_", 32),
];

/// A character of a key: letters, digits, `_` and `-`.
fn is_key_char(b: u8) -> bool {
    b.is_ascii_alphanumeric() || b == b'_' || b == b'-'
}

/// The length of the shortest key [`KEY_FORMATS`] describes: most words and values are shorter,
/// and are turned away without reading them.
const SHORTEST_KEY: usize = {
    let mut shortest = usize::MAX;
    let mut i = 0;
    while i < KEY_FORMATS.len() {
        let length = KEY_FORMATS[i].prefix.len() + KEY_FORMATS[i].body as usize;
        if length < shortest {
            shortest = length;
        }
        i += 1;
    }
    shortest
};

/// Whether `run` (a whole run of key characters) is a key in one of [`KEY_FORMATS`].
pub(crate) fn is_key_shape(run: &str) -> bool {
    if run.len() < SHORTEST_KEY {
        return false;
    }
    KEY_FORMATS.iter().any(|format| {
        run.strip_prefix(format.prefix).is_some_and(|body| {
            let length = usize::from(format.body);
            let fits = if format.exact {
                body.len() == length
            } else {
                body.len() >= length
            };
            fits && body.bytes().all(|b| {
                if format.upper {
                    b.is_ascii_uppercase() || b.is_ascii_digit()
                } else {
                    is_key_char(b)
                }
            })
        })
    })
}

/// A JSON Web Token: three base64url segments separated by dots, the first a JSON header (`eyJ`).
pub(crate) fn is_jwt(word: &str) -> bool {
    let mut parts = word.split('.');
    let (Some(header), Some(payload), Some(signature), None) =
        (parts.next(), parts.next(), parts.next(), parts.next())
    else {
        return false;
    };
    let base64url = |p: &str| {
        p.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
    };
    header.len() > 3
        && header.starts_with("eyJ")
        && !payload.is_empty()
        && [header, payload, signature].iter().all(|p| base64url(p))
}

/// A key in a known format or a JSON Web Token: a credential wherever it stands in text.
pub(crate) fn is_embedded_credential(run: &str) -> bool {
    is_key_shape(run) || is_jwt(run)
}

/// The first run from byte `i` of `s` that a credential may make (letters, digits, `_`, `-`,
/// `.`), without the dots at its ends (a sentence's punctuation), as a byte range; and where the
/// search goes on. Allocates nothing: the prefilter runs it over every string.
fn next_credential_run(s: &str, mut i: usize) -> Option<((usize, usize), usize)> {
    let bytes = s.as_bytes();
    let in_run = |b: u8| is_key_char(b) || b == b'.';
    loop {
        // Runs are ASCII, so they start and end on character boundaries.
        while i < bytes.len() && !in_run(bytes[i]) {
            i += 1;
        }
        if i >= bytes.len() {
            return None;
        }
        let start = i;
        while i < bytes.len() && in_run(bytes[i]) {
            i += 1;
        }
        let run = &s[start..i];
        let core = run.trim_start_matches('.');
        let core_start = start + (run.len() - core.len());
        let core_end = core_start + core.trim_end_matches('.').len();
        if core_end > core_start {
            return Some(((core_start, core_end), i));
        }
    }
}

/// Whether a run of `s` is a credential by `is_credential`.
pub(crate) fn has_credential_run(s: &str, is_credential: fn(&str) -> bool) -> bool {
    let mut from = 0;
    while let Some(((a, b), next)) = next_credential_run(s, from) {
        if is_credential(&s[a..b]) {
            return true;
        }
        from = next;
    }
    false
}

/// Whether a run of `s` is a key in one of [`KEY_FORMATS`] (text shorter than any key has none).
pub(crate) fn has_key_run(s: &str) -> bool {
    s.len() >= SHORTEST_KEY && has_credential_run(s, is_key_shape)
}

/// `s` with every run that `is_credential` accepts replaced by [`REDACTED`], or `None` when it
/// holds none.
pub(crate) fn hide_credential_runs(s: &str, is_credential: fn(&str) -> bool) -> Option<String> {
    let mut out = String::new();
    let mut copied = 0;
    let mut from = 0;
    while let Some(((a, b), next)) = next_credential_run(s, from) {
        if is_credential(&s[a..b]) {
            out.push_str(&s[copied..a]);
            out.push_str(REDACTED);
            copied = b;
        }
        from = next;
    }
    (copied > 0).then(|| out + &s[copied..])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_of_the_shortest_length_is_found_and_one_byte_shorter_is_not() {
        assert_eq!(SHORTEST_KEY, "xoxb-".len() + 10);
        assert!(has_key_run("token xoxb-0123456789."));
        assert!(has_key_run("xoxb-0123456789"));
        assert!(!has_key_run("xoxb-012345678"));
        assert!(!is_key_shape("xoxb-012345678"));
    }

    /// One real-looking key of each family (made up: none of these was ever issued).
    const KEYS: &[&str] = &[
        "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
        "sk_test_51Hxyz0123456789abcdefGHIJ",
        "rk_live_0123456789abcdefABCDEF",
        "whsec_0123456789abcdefghijABCDEFGHIJ",
        "ghp_16C7e42F292c6912E7710c838347Ae178B4a",
        "github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz",
        "xoxb-123456789012-1234567890123-AbCdEfGhIjKlMnOpQrStUvWx",
        "xapp-1-A0123456789-0123456789012-abcdef",
        "AKIAIOSFODNN7EXAMPLE",
        "ASIAY34FZKBOKMUTVV7A",
        "glpat-abcdefghij0123456789",
        "AIzaSyA1234567890abcdefghijklmnopqrstuv",
        "npm_abcdefghijklmnopqrstuvwxyz0123456789",
        "sk-proj-abcdefghij0123456789ABCDEFGHIJ",
        "pypi-AgEIcHlwaS5vcmcCJDAwMDAwMDAwLTAwMDAtMDAwMC0wMDAwLTAwMDAwMDAwMDAwMAACKlsz",
        "hf_abcdefghijklmnopqrstuvwxyzABCDEFGH",
        "dop_v1_0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef",
        "shpat_0123456789abcdef0123456789abcdef",
        "glptt-0123456789abcdef0123456789abcdef01234567",
    ];

    #[test]
    fn every_key_format_is_recognised_as_a_whole_run() {
        for key in KEYS {
            assert!(is_key_shape(key), "{key}");
            assert!(
                has_credential_run(&format!("key: \"{key}\"."), is_key_shape),
                "{key}"
            );
            assert_eq!(
                hide_credential_runs(&format!("(\"{key}\")."), is_key_shape).as_deref(),
                Some("(\"[redacted]\")."),
                "{key}"
            );
        }
    }

    #[test]
    fn runs_are_found_between_characters_of_any_width() {
        let key = "ghp_16C7e42F292c6912E7710c838347Ae178B4a";
        let text = format!("é{key}日本…{key}é. ü");
        assert!(has_credential_run(&text, is_key_shape));
        assert_eq!(
            hide_credential_runs(&text, is_key_shape).as_deref(),
            Some("é[redacted]日本…[redacted]é. ü")
        );
        for text in ["日本語", "é", "…", "", ".", "a…b", "\u{1F600}x"] {
            assert!(!has_credential_run(text, is_embedded_credential), "{text}");
        }
    }

    #[test]
    fn names_that_merely_start_like_a_key_are_not_keys() {
        for word in [
            "sk_live_mode",
            "ghp_enabled",
            "xoxb-bot",
            "AKIA",
            "AKIAIOSFODNN7EXAMPLEX",
            "AKIAiosfodnn7example",
            "mask_live_0123456789abcdef",
            "task_live_dashboard_v2",
            "npm_install_cache",
            "AIzaTooShort",
            "sk-learn-model-training-pipeline-v2",
            "0123456789abcdef0123456789abcdef",
        ] {
            assert!(!is_key_shape(word), "{word}");
            assert_eq!(hide_credential_runs(word, is_key_shape), None, "{word}");
        }
    }

    #[test]
    fn base64_of_a_user_and_password_is_a_basic_credential() {
        assert_eq!(
            decode_base64("dXNlcjpwYXNz").as_deref(),
            Some(&b"user:pass"[..])
        );
        assert_eq!(
            decode_base64("YWRtaW46aHVudGVyMg==").as_deref(),
            Some(&b"admin:hunter2"[..])
        );
        assert_eq!(
            decode_base64("YWI6Yw=").as_deref(),
            None,
            "length not a multiple of 4"
        );
        assert!(is_basic_pair("dXNlcjpwYXNz"));
        assert!(is_basic_pair("YWRtaW46aHVudGVyMg=="));
        // Base64 that decodes to no `user:password`, and words that are no base64.
        for word in [
            "ETL",
            "auth",
            "dXNlcm5hbWU=",
            "AAAAAAAA",
            "pipeline",
            "is",
            "disabled",
        ] {
            assert!(!is_basic_pair(word), "{word}");
        }
    }

    #[test]
    fn what_follows_an_auth_scheme_is_a_credential_only_when_shaped_like_one() {
        for word in [
            "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
            "abcdefgh12345678",
            "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln",
            "\"ghp_16C7e42F292c6912E7710c838347Ae178B4a\",",
            "0123456789abcdef0123456789abcdef.",
        ] {
            assert!(
                is_credential_after_scheme(AuthScheme::Bearer, word),
                "{word}"
            );
        }
        for word in [
            "dXNlcjpwYXNz",
            "QWxhZGRpbjpvcGVuIHNlc2FtZQ==",
            "\"YWRtaW46aHVudGVyMg==\",",
        ] {
            assert!(
                is_credential_after_scheme(AuthScheme::Basic, word),
                "{word}"
            );
        }
        for word in [
            "bond",
            "ETL",
            "auth",
            "token",
            "[redacted]",
            "pricing",
            "abc",
            "tokens",
        ] {
            assert!(
                !is_credential_after_scheme(AuthScheme::Bearer, word),
                "{word}"
            );
            assert!(
                !is_credential_after_scheme(AuthScheme::Basic, word),
                "{word}"
            );
        }
        // A Basic credential is the base64 of user:password, nothing else.
        for word in [
            "pipeline_v2_daily",
            "abcdefgh12345678",
            "sk_live_4eC39HqLyjWDarjtT1zdp7dc",
        ] {
            assert!(
                !is_credential_after_scheme(AuthScheme::Basic, word),
                "{word}"
            );
        }
        assert_eq!(auth_scheme("\"Bearer"), Some(AuthScheme::Bearer));
        assert_eq!(auth_scheme("BASIC"), Some(AuthScheme::Basic));
        assert_eq!(auth_scheme("Token"), None);
    }

    #[test]
    fn json_web_tokens_are_found_inside_words() {
        let jwt = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln";
        assert!(is_jwt(jwt));
        assert!(!is_jwt("eyJ.a"));
        assert!(!is_jwt("eyJhbGci.x.y.z"));
        assert_eq!(
            hide_credential_runs(&format!("(token:{jwt})."), is_embedded_credential).as_deref(),
            Some("(token:[redacted]).")
        );
        assert_eq!(
            hide_credential_runs("..eyJ is how a JSON header starts.", is_embedded_credential),
            None
        );
    }
}
