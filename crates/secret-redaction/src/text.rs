//! Secrets inside a string, found word by word ([`crate::words`]). In text, only what names
//! itself a credential is hidden: URL credentials, sensitive query parameters, the schedule token
//! of a trigger path, webhook URLs, JSON Web Tokens, key formats services issue, private keys, the
//! value given to a sensitive name as code and configuration write it (`token=…`, `"api_key": "…"`,
//! `PASSWORD = "…"`, `api_key: str = '…'`, `WITH PASSWORD '…'`, `Authorization: Token …`, every
//! pair of a `Cookie:` header), and the credential after an auth scheme. In an identifier, only
//! credential shapes: an id is otherwise shown as sent.

use crate::pem::hide_private_key_blocks;
use crate::search::{contains_any_ignore_case, holds, SCHEME_WORDS, SECRET_WORDS};
use crate::shapes::has_key_run;
use crate::words::{Scope, WordRedaction};

/// A copy of `s` with embedded secrets hidden, or `None` when there was nothing to hide.
///
/// Hidden: URL credentials, sensitive query parameters, the schedule token of a trigger path,
/// webhook URLs' secret paths, JSON Web Tokens, key formats (`sk_live_…`, `ghp_…`, `xoxb-…`,
/// `AKIA…`), PEM private keys, the value given to a sensitive name (`password: …`,
/// `api_key="…"`, `PASSWORD = '…'`, `api_key: str = '…'`, `connect(password = '…')`, SQL's
/// `WITH PASSWORD '…'` and `IDENTIFIED BY '…'`, `Authorization: Token …`, a YAML block under
/// `secrets:`), the word after "Bearer" or "Basic" when it is shaped like a credential, and, after
/// a bare sensitive word (`token …`), the next word when it looks like a secret value. The name,
/// a type annotation, a flag (`requires_password: true`), a count under a plural name
/// (`max_tokens: 4096`) and a reference (`os.getenv("X")`, `{{ env_var("X") }}`) stay. Nothing
/// else: "Basic ETL", "Bearer bond" and a 32-hex checksum stay as written.
pub fn redact_plain_text(s: &str) -> Option<String> {
    redact_words(s, Scope::Text)
}

/// A copy of the identifier `s` with its credential shapes hidden (a key format, a JSON Web Token,
/// the credential after an auth scheme), or `None`: an identifier is otherwise shown exactly as
/// sent, so labels (`token=…`) and URLs inside it are left alone.
pub(crate) fn redact_plain_identifier(s: &str) -> Option<String> {
    redact_words(s, Scope::Identifier)
}

fn redact_words(s: &str, scope: Scope) -> Option<String> {
    let without_keys = first_look(s, scope)?;
    let s = without_keys.as_deref().unwrap_or(s);
    WordRedaction::default().finish(s, scope).or(without_keys)
}

/// The first look at a whole text, before its words: `None` when it cannot hold a secret (none of
/// what [`might_hold_secret`] looks for), else the text with its private keys hidden (`Some(None)`
/// when it has none; an identifier never has).
fn first_look(s: &str, scope: Scope) -> Option<Option<String>> {
    if !might_hold_secret(s, scope) {
        return None;
    }
    Some(match scope {
        Scope::Text => hide_private_key_blocks(s),
        Scope::Identifier => None,
    })
}

/// A long text redacted a slice at a time, with the verdicts [`redact_plain_text`] gives the whole
/// of it: its first step reads the whole text for whether it may hold a secret at all and hides its
/// private keys' blocks; each step after it reads a slice of its words, and what one word says of
/// the next carries from one slice to the next. The text stays private until it is redacted: the
/// only way to it is [`SlicedTextRedaction::finish`].
#[derive(Clone)]
pub struct SlicedTextRedaction {
    /// The text (its private keys' blocks hidden, once read).
    text: String,
    /// Whether hiding those blocks changed it.
    keys_hidden: bool,
    read: Read,
}

/// How far a [`SlicedTextRedaction`] has gone.
#[derive(Clone)]
enum Read {
    /// Not at all.
    Unread,
    /// Its words, this far.
    Words(WordRedaction),
    /// Nothing in the text is hidden by [`redact_plain_text`], or nothing but private keys' blocks.
    Clean,
}

impl SlicedTextRedaction {
    /// A redaction of `text`, not started: nothing reads the text yet.
    pub fn new(text: String) -> Self {
        Self {
            text,
            keys_hidden: false,
            read: Read::Unread,
        }
    }

    /// The next step: the first one reads the whole text once (for whether it may hold a secret,
    /// and for private keys); each one after it redacts about `bytes` more of its words (to the end
    /// of the word that passes them).
    pub fn step(&mut self, bytes: usize) {
        match &mut self.read {
            Read::Unread => match first_look(&self.text, Scope::Text) {
                None => self.read = Read::Clean,
                Some(without_keys) => {
                    if let Some(hidden) = without_keys {
                        self.text = hidden;
                        self.keys_hidden = true;
                    }
                    self.read = Read::Words(WordRedaction::default());
                }
            },
            Read::Words(words) => {
                let until = words.at.saturating_add(bytes.max(1));
                words.read(&self.text, Scope::Text, until);
            }
            Read::Clean => {}
        }
    }

    /// Whether the whole text is redacted.
    pub fn is_done(&self) -> bool {
        match &self.read {
            Read::Unread => false,
            Read::Words(words) => words.is_done(&self.text),
            Read::Clean => true,
        }
    }

    /// The redacted text (what is left is redacted first), and whether anything in it was hidden.
    pub fn finish(mut self) -> (String, bool) {
        if matches!(self.read, Read::Unread) {
            self.step(0);
        }
        let words = match self.read {
            Read::Words(words) => words.finish(&self.text, Scope::Text),
            Read::Unread | Read::Clean => None,
        };
        match words {
            Some(out) => (out, true),
            None => (self.text, self.keys_hidden),
        }
    }
}

/// Never the text: only how far the redaction has gone.
impl std::fmt::Debug for SlicedTextRedaction {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let read = match &self.read {
            Read::Unread => None,
            Read::Words(words) => Some(words.at),
            Read::Clean => Some(self.text.len()),
        };
        f.debug_struct("SlicedTextRedaction")
            .field("bytes", &self.text.len())
            .field("read", &read)
            .finish()
    }
}

/// A cheap test that rules out almost every string before any copying: a secret needs a URL, a
/// query, a trigger path, a JSON Web Token, a key format, or a word such as `token`, `password`,
/// `Bearer` or `IDENTIFIED` (a private key's marker holds `KEY`).
fn might_hold_secret(s: &str, scope: Scope) -> bool {
    match scope {
        Scope::Identifier => {
            contains_any_ignore_case(s.as_bytes(), &SCHEME_WORDS)
                || holds(s, b"eyJ")
                || has_key_run(s)
        }
        Scope::Text => {
            holds(s, b"://")
                || s.contains('?')
                || holds(s, b"/pipeline_runs/")
                || holds(s, b"eyJ")
                || holds(s, b"-----BEGIN ")
                || contains_any_ignore_case(s.as_bytes(), &SECRET_WORDS)
                || has_key_run(s)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::marker::REDACTED;

    #[test]
    fn secrets_inside_urls_and_text_are_redacted() {
        let cases = [
            (
                "https://svc.example/api/pipelines?api_key=abc123&x=1",
                "https://svc.example/api/pipelines?api_key=[redacted]&x=1",
            ),
            (
                "https://user:hunter2@svc.example/path",
                "https://[redacted]@svc.example/path",
            ),
            (
                "postgresql://sync:hunter22@db.internal:5432/inv",
                "postgresql://[redacted]@db.internal:5432/inv",
            ),
            (
                "POST /api/pipeline_schedules/3/pipeline_runs/0123456789abcdef0123456789abcdef",
                "POST /api/pipeline_schedules/3/pipeline_runs/[redacted]",
            ),
            (
                "Authorization: Bearer eyJhbGciOi.x.y",
                "Authorization: Bearer [redacted]",
            ),
            (
                "curl -H \"Authorization: Bearer abcdefgh12345678\"",
                "curl -H \"Authorization: Bearer [redacted]\"",
            ),
            (
                "token 0123456789abcdef0123456789abcdef rotated",
                "token [redacted] rotated",
            ),
            ("password: hunter2 was set", "password: [redacted] was set"),
            ("retry with api_key=abc123", "retry with api_key=[redacted]"),
            (
                r#"{"client_secret":"s3cr3t"}"#,
                r#"{"client_secret":"[redacted]"}"#,
            ),
            (
                r#"{"schema_version":null,"token":"abc"}"#,
                r#"{"schema_version":null,"token":"[redacted]"}"#,
            ),
            ("Cookie: oauth_token=abc", "Cookie: oauth_token=[redacted]"),
            (
                r#"say "api_key": "abc123", then"#,
                r#"say "api_key": "[redacted]", then"#,
            ),
            // A value inside JSON held in a string (a log line): the quoting after it stays.
            (
                r#"{"message": "refresh token: partner-portal
", "next": 1}"#,
                r#"{"message": "refresh token: [redacted]
", "next": 1}"#,
            ),
            ("set oauth_token=abc", "set oauth_token=[redacted]"),
            (
                "GET https://bucket.example/o?X-Amz-Credential=AK%2F1&X-Amz-Signature=0a1b2c&page=2",
                "GET https://bucket.example/o?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]&page=2",
            ),
        ];
        for (input, expected) in cases {
            assert_eq!(
                redact_plain_text(input).as_deref(),
                Some(expected),
                "{input}"
            );
        }
        assert_eq!(redact_plain_text("plain words, no secrets"), None);
        for (_, redacted) in cases {
            assert_eq!(
                redact_plain_text(redacted),
                None,
                "redacting is idempotent: {redacted}"
            );
        }
        assert_eq!(
            redact_plain_text("Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln").as_deref(),
            Some("Bearer [redacted]")
        );
        assert_eq!(redact_plain_text("https://svc.example/a?page=2"), None);
        assert_eq!(
            redact_plain_text("status: running at 06:00:00, page=2"),
            None
        );
        assert_eq!(redact_plain_text("the token was rotated"), None);
    }

    #[test]
    fn a_credential_after_an_auth_scheme_is_hidden_without_a_label() {
        let cases = [
            (
                "Bearer sk_live_4eC39HqLyjWDarjtT1zdp7dc",
                "Bearer [redacted]",
            ),
            ("bearer abcdefgh12345678", "bearer [redacted]"),
            ("Basic dXNlcjpwYXNz", "Basic [redacted]"),
            (
                "sent \"Basic YWRtaW46aHVudGVyMg==\", got 401",
                "sent \"Basic [redacted]\", got 401",
            ),
            (
                "Bearer ghp_16C7e42F292c6912E7710c838347Ae178B4a.",
                "Bearer [redacted].",
            ),
        ];
        for (input, expected) in cases {
            assert_eq!(
                redact_plain_text(input).as_deref(),
                Some(expected),
                "{input}"
            );
            assert_eq!(
                redact_plain_identifier(input).as_deref(),
                Some(expected),
                "{input}"
            );
            assert_eq!(redact_plain_text(expected), None, "idempotent: {expected}");
        }
    }

    #[test]
    fn key_formats_are_hidden_wherever_they_stand_in_text() {
        let cases = [
            (
                "key sk_live_4eC39HqLyjWDarjtT1zdp7dc leaked",
                "key [redacted] leaked",
            ),
            ("slack=xoxb-123456789012-AbCdEfGhIj", "slack=[redacted]"),
            (
                "aws AKIAIOSFODNN7EXAMPLE us-east-1",
                "aws [redacted] us-east-1",
            ),
            ("(ghp_16C7e42F292c6912E7710c838347Ae178B4a)", "([redacted])"),
        ];
        for (input, expected) in cases {
            assert_eq!(
                redact_plain_text(input).as_deref(),
                Some(expected),
                "{input}"
            );
        }
    }

    /// The forms credentials take in real configurations and headers: a header with no space
    /// after its colon, several URLs in one word, a password-only URL, connection strings with
    /// `;`-separated pairs, a shared access signature, an HTML-escaped query, a PEM key.
    #[test]
    fn credentials_in_connection_strings_headers_and_urls_are_hidden() {
        let cases = [
            (
                "Authorization:Bearer abcdefgh12345678",
                "Authorization:Bearer [redacted]",
            ),
            (
                "headers={\"Authorization\":\"Bearer abcdefgh12345678\"}",
                "headers={\"Authorization\":\"Bearer [redacted]\"}",
            ),
            (
                "-H Authorization:Basic dXNlcjpwYXNz",
                "-H Authorization:Basic [redacted]",
            ),
            (
                "https://a.example/x,https://u:p4ss@b.example/y",
                "https://a.example/x,https://[redacted]@b.example/y",
            ),
            (
                "redis://:s3cretpass@cache:6379/0",
                "redis://[redacted]@cache:6379/0",
            ),
            (
                "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=abc123XYZ+/==;EndpointSuffix=core.windows.net",
                "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=[redacted];EndpointSuffix=core.windows.net",
            ),
            (
                "BlobEndpoint=https://a.blob.core.windows.net/;SharedAccessSignature=sv=2015-04-05&sr=b&sig=9aCzs76n0E7y5BpEi2%3D",
                "BlobEndpoint=https://a.blob.core.windows.net/;SharedAccessSignature=[redacted]",
            ),
            (
                "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=abcDEF123=",
                "Endpoint=sb://ns.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=[redacted]",
            ),
            (
                "Server=db;Database=x;User Id=u;Password=p4ssw0rd;",
                "Server=db;Database=x;User Id=u;Password=[redacted];",
            ),
            ("DSN=dw;UID=etl;PWD=hunter22;", "DSN=dw;UID=etl;PWD=[redacted];"),
            (
                "jdbc:postgresql://localhost/test?user=fred&password=secret&ssl=true",
                "jdbc:postgresql://localhost/test?user=fred&password=[redacted]&ssl=true",
            ),
            (
                "https://a.blob.core.windows.net/c?sv=2015-04-05&amp;sig=9aCzs76n0E7y5BpEi2%3D",
                "https://a.blob.core.windows.net/c?sv=2015-04-05&amp;sig=[redacted]",
            ),
            (
                "key: -----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY----- loaded",
                "key: [redacted] loaded",
            ),
        ];
        for (input, expected) in cases {
            assert_eq!(
                redact_plain_text(input).as_deref(),
                Some(expected),
                "{input}"
            );
            assert_eq!(redact_plain_text(expected), None, "idempotent: {expected}");
        }
    }

    /// Real names and identifiers that merely look like secrets come out exactly as they went in.
    #[test]
    fn look_alikes_are_left_alone() {
        for text in [
            "Basic ETL from S3",
            "Basic ETL",
            "Bearer bond pricing",
            "Bearer abc",
            "checksum a1b2c3d4e5f60718293a4b5c6d7e8f90 of the last file",
            "token bucket rate limiter",
            "Rotate the token weekly",
            "the token was rotated",
            "Password reset emails",
            "Secret santa sign-ups",
            "API key rotation report",
            "md5 9e107d9d372bb6826bd81d3542a419d6",
            "commit 3f786850e387550fdab836ed7e6dc881de23001b",
            "Basic auth is disabled for this cluster",
            "see https://svc.example/docs/tokens?page=2",
            "eyJ is how a JSON header starts in base64",
            "sk_live_mode toggled",
            "AKIA prefix means a long-term key",
            "function signature: f(a, b)",
            "Basic pipeline_v2_daily",
            "Basic daily_sales_rollup_2024",
            "SharedAccessKeyName=RootManageSharedAccessKey",
            "-----BEGIN CERTIFICATE----- is public",
        ] {
            assert_eq!(redact_plain_text(text), None, "{text}");
        }
    }

    #[test]
    fn identifiers_lose_only_credential_shapes() {
        for id in [
            "token=0123456789abcdef0123456789abcdef",
            "Bearer abc",
            "https://user:pw@host/x",
            "basic_etl_0123456789",
            "run_42",
            "eyJ_pipeline",
        ] {
            assert_eq!(redact_plain_identifier(id), None, "{id}");
        }
        assert_eq!(
            redact_plain_identifier("xoxb-123456789012-AbCdEfGhIj").as_deref(),
            Some(REDACTED)
        );
        // A session id that is a JSON Web Token is a credential, whatever its key says.
        assert_eq!(
            redact_plain_identifier("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln").as_deref(),
            Some(REDACTED)
        );
    }
}
