//! What a key says of its value: a secret (the value is hidden whatever it is), a list of secrets
//! (`tokens`, `secrets`: hidden unless a count), an identifier (shown as sent unless it is shaped
//! like a credential), or a URL parameter that carries a credential.

/// Key endings that mark a value as secret, compared case-insensitively with `_`, `-`, `.` and
/// spaces removed, so `X-API-KEY`, `apiKey` and `api_key` all match `apikey`. Taken from the names
/// real configurations give credentials:
/// - the widget's documented list (README, "Sensitive values") and `credential`;
/// - Mage's own templates: `io_config.yaml`
///   (<https://github.com/mage-ai/mage-ai/blob/0.9.79/mage_ai/data_preparation/templates/repo/io_config.yaml>:
///   `AWS_SECRET_ACCESS_KEY`, `SNOWFLAKE_PRIVATE_KEY_PASSPHRASE`, `GOOGLE_SERVICE_ACC_KEY`, …),
///   its data-integration configs (`secret_key`, `application_key`, `credentials_info`) and its
///   notification settings' `webhook_url` (a Slack, Teams or Discord webhook posts for whoever
///   holds it);
/// - Yelp's detect-secrets keyword list
///   (<https://github.com/Yelp/detect-secrets/blob/v1.5.0/detect_secrets/plugins/keyword.py>:
///   `auth_key`, `service_key`, `account_key`, `db_key`, `database_key`, `priv_key`,
///   `client_key`, `contrasena`) and gitleaks' generic rule's `creds`
///   (<https://github.com/gitleaks/gitleaks/blob/v8.30.1/cmd/generate/config/rules/generic.go>);
/// - Apache Airflow's sensitive fields (`passphrase`, `access_key`, `keyfile_dict`), Azure's
///   connection-string keys `AccountKey` and `SharedAccessKey` and its API Management header's
///   `Ocp-Apim-Subscription-Key`, and the keys that sign or decrypt (`ssh_key`, `signing_key`,
///   `encryption_key`, `master_key`, Rails' `secret_key_base` through its last word, below).
pub(crate) const SENSITIVE_SUFFIXES: &[&str] = &[
    "token",
    "apikey",
    "password",
    "passwd",
    "secret",
    "oauthtoken",
    "accesstoken",
    "refreshtoken",
    "authorization",
    "cookie",
    "credentials",
    "credential",
    "creds",
    "privatekey",
    "clientsecret",
    "secretkey",
    "accesskey",
    "passphrase",
    "accountkey",
    "applicationkey",
    "authkey",
    "servicekey",
    "serviceacckey",
    "clientkey",
    "privkey",
    "dbkey",
    "databasekey",
    "keyfiledict",
    "credentialsinfo",
    "credentialsmapping",
    "contrasena",
    "sshkey",
    "signingkey",
    "encryptionkey",
    "masterkey",
    "subscriptionkey",
    "webhookurl",
];

/// Short names of secrets, sensitive only as a key's whole last word (`db_pass`, `DB_PWD`,
/// `DB_PW`, `sshPkey`), never as the end of a longer one (`bypass`, `compass`): detect-secrets'
/// `db_pass`, `key_pass`, `pwd`, Mage's `POSTGRES_SSH_PKEY`, and `pw`.
pub(crate) const SENSITIVE_LAST_WORDS: &[&str] = &["pass", "pwd", "pkey", "pw"];

/// Words after a secret's name that leave it the same secret (`API_KEY_PROD`,
/// `db_password_old`, `secret_key_base`, `token_b64`), dropped with any number at the end
/// (`password1`, `password_2`, `token_v2`) before the name is read. Whole words only: `database`
/// keeps its `base`.
const QUALIFIERS: &[&str] = &[
    "prod",
    "production",
    "staging",
    "stage",
    "dev",
    "test",
    "qa",
    "uat",
    "local",
    "old",
    "new",
    "current",
    "prev",
    "previous",
    "next",
    "primary",
    "secondary",
    "backup",
    "base",
    "b64",
    "base64",
    "encoded",
    "raw",
    "value",
    "plain",
    "plaintext",
    "secure",
    "hash",
    "str",
    "env",
];

/// What a sensitive key holds.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Secrecy {
    /// One secret (`password`, `api_key`): its value is hidden whatever it is, but a flag
    /// (`requires_password: true`) or nothing.
    One,
    /// Secrets in the plural (`tokens`, `secrets`, `passwords`): a list or an object of them is
    /// hidden whole, a number is a count (`max_tokens: 4096`) and stays.
    Many,
}

/// Whether the value under `key` must never be shown (but for a flag, or a count under a plural
/// name: [`crate::is_hidden_under`] says which). Called for every key of every record (and over
/// the whole text of a long list), so it reads the key's tail once, on the stack.
pub fn is_sensitive_key(key: &str) -> bool {
    key_secrecy(key.as_bytes()).is_some()
}

/// What the value under `key` (UTF-8; only ASCII letters can match) is: a secret, secrets, or
/// neither. The key's qualifiers and number at the end are dropped first ([`QUALIFIERS`]); then
/// it names one secret when it ends in one of [`SENSITIVE_SUFFIXES`] or its last word is one of
/// [`SENSITIVE_LAST_WORDS`], and secrets when it ends in one of the suffixes and an `s`.
pub(crate) fn key_secrecy(key: &[u8]) -> Option<Secrecy> {
    let key = without_qualifiers(key);
    if has_sensitive_suffix(key) || has_sensitive_last_word(key) {
        return Some(Secrecy::One);
    }
    let plural = key.last().is_some_and(|b| b.eq_ignore_ascii_case(&b's'));
    (plural && has_sensitive_suffix(&key[..key.len() - 1])).then_some(Secrecy::Many)
}

/// `key` without the qualifiers and the number it ends in (`API_KEY_PROD2` → `API_KEY`), nor
/// the separators before them. Most keys end in neither, and are given back after one look at
/// their last word.
fn without_qualifiers(mut key: &[u8]) -> &[u8] {
    // Three at most: `token_b64_old_2`.
    for _ in 0..3 {
        let trimmed = trim_separators(key);
        let word = last_word(trimmed);
        let qualifier = word.len() < trimmed.len()
            && QUALIFIERS
                .iter()
                .any(|q| word.eq_ignore_ascii_case(q.as_bytes()));
        let digits = trimmed.len()
            - trimmed
                .iter()
                .rev()
                .take_while(|b| b.is_ascii_digit())
                .count();
        let rest = if qualifier {
            &trimmed[..trimmed.len() - word.len()]
        } else if digits < trimmed.len() {
            // A version's `v` goes with its number (`token_v2`), when it stands alone.
            let before = &trimmed[..digits];
            match before.split_last() {
                Some((v, head))
                    if v.eq_ignore_ascii_case(&b'v')
                        && head.last().is_some_and(|b| is_separator(*b)) =>
                {
                    head
                }
                _ => before,
            }
        } else {
            return trimmed;
        };
        if trim_separators(rest).is_empty() {
            return trimmed;
        }
        key = rest;
    }
    trim_separators(key)
}

/// The separators between the words of a key.
fn is_separator(b: u8) -> bool {
    matches!(b, b'_' | b'-' | b'.' | b' ')
}

/// `key` without the separators it ends in.
fn trim_separators(key: &[u8]) -> &[u8] {
    let end = key
        .iter()
        .rposition(|b| !is_separator(*b))
        .map_or(0, |i| i + 1);
    &key[..end]
}

fn has_sensitive_suffix(key: &[u8]) -> bool {
    // Most keys (`id`, `status`, `created_at`…) are turned away by their last four letters, which
    // the suffixes share among few endings: the whole tail is read only for the rest.
    let mut ending = [0u8; ENDING];
    let read = normalized_tail(key, &mut ending).len();
    if read < ENDING || !SUFFIX_ENDINGS.contains(&u32::from_le_bytes(ending)) {
        return false;
    }
    let mut tail = [0u8; LONGEST_SUFFIX];
    let tail = normalized_tail(key, &mut tail);
    SENSITIVE_SUFFIXES
        .iter()
        .any(|suffix| tail.ends_with(suffix.as_bytes()))
}

/// Whether the key's last word is one of [`SENSITIVE_LAST_WORDS`].
fn has_sensitive_last_word(key: &[u8]) -> bool {
    let word = last_word(trim_separators(key));
    word.len() <= LONGEST_LAST_WORD
        && SENSITIVE_LAST_WORDS
            .iter()
            .any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
}

/// The last word of `key` (which ends in no separator): words end at `_`, `-`, `.`, spaces,
/// anything but ASCII letters and digits, and where a lower-case letter meets an upper-case one
/// (`sshPkey`). Read back no further than the longest word it is compared with.
fn last_word(key: &[u8]) -> &[u8] {
    let end = key.len();
    let mut start = end;
    while start > 0 {
        let b = key[start - 1];
        if !b.is_ascii_alphanumeric() || end - start > LONGEST_WORD {
            break;
        }
        start -= 1;
        if b.is_ascii_uppercase() && start > 0 && key[start - 1].is_ascii_lowercase() {
            break;
        }
    }
    &key[start..end]
}

/// The key's last `N` bytes, lower-cased, with `_`, `-`, `.` and spaces removed (fewer when the
/// key has fewer).
fn normalized_tail<'a, const N: usize>(key: &[u8], tail: &'a mut [u8; N]) -> &'a [u8] {
    let mut len = 0;
    for &b in key.iter().rev() {
        if matches!(b, b'_' | b'-' | b'.' | b' ') {
            continue;
        }
        len += 1;
        tail[N - len] = b.to_ascii_lowercase();
        if len == N {
            break;
        }
    }
    &tail[N - len..]
}

/// How many of a suffix's last bytes [`SUFFIX_ENDINGS`] holds.
const ENDING: usize = 4;

/// Each of [`SENSITIVE_SUFFIXES`]' last [`ENDING`] bytes, as one little-endian number (one
/// comparison each): a key that ends in none of them has none of the suffixes.
const SUFFIX_ENDINGS: [u32; SENSITIVE_SUFFIXES.len()] = {
    let mut endings = [0u32; SENSITIVE_SUFFIXES.len()];
    let mut i = 0;
    while i < SENSITIVE_SUFFIXES.len() {
        let suffix = SENSITIVE_SUFFIXES[i].as_bytes();
        // Every suffix is longer than an ending (checked when compiling).
        assert!(suffix.len() > ENDING);
        let at = suffix.len() - ENDING;
        endings[i] =
            u32::from_le_bytes([suffix[at], suffix[at + 1], suffix[at + 2], suffix[at + 3]]);
        i += 1;
    }
    endings
};

/// The longest of [`SENSITIVE_LAST_WORDS`].
const LONGEST_LAST_WORD: usize = longest(SENSITIVE_LAST_WORDS);

/// The longest word [`last_word`] is asked for: a last word or a qualifier (a longer last word
/// is neither, and is not read to its start).
const LONGEST_WORD: usize = {
    let (words, qualifiers) = (longest(SENSITIVE_LAST_WORDS), longest(QUALIFIERS));
    if words > qualifiers {
        words
    } else {
        qualifiers
    }
};

/// The longest of [`SENSITIVE_SUFFIXES`].
const LONGEST_SUFFIX: usize = longest(SENSITIVE_SUFFIXES);

/// The length of the longest of `words`, when compiling.
const fn longest(words: &[&str]) -> usize {
    let mut longest = 0;
    let mut i = 0;
    while i < words.len() {
        if words[i].len() > longest {
            longest = words[i].len();
        }
        i += 1;
    }
    longest
}

/// Whether a URL's query parameter carries a credential: a sensitive name, or a request
/// signature (`X-Amz-Signature`, a shared access signature's `sig`), which grants access as a
/// password does but is no field name a record would use.
pub(crate) fn is_sensitive_parameter(name: &str) -> bool {
    parameter_secrecy(name).is_some()
}

/// What a query parameter's or an inline pair's name says of its value ([`key_secrecy`], and a
/// request signature is one secret).
pub(crate) fn parameter_secrecy(name: &str) -> Option<Secrecy> {
    let mut tail = [0u8; LONGEST_SUFFIX];
    key_secrecy(name.as_bytes()).or_else(|| {
        (normalized_tail(name.as_bytes(), &mut tail).ends_with(b"signature")
            || name.eq_ignore_ascii_case("sig"))
        .then_some(Secrecy::One)
    })
}

/// Whether the value under `key` identifies a record (`id`, `uuid`, `pipeline_uuid`,
/// `pipeline_schedule_id`…): such values are shown as sent, unless shaped like a credential.
pub fn is_identifier_key(key: &str) -> bool {
    let k = key.as_bytes();
    let ends = |suffix: &str| {
        k.len() >= suffix.len()
            && k[k.len() - suffix.len()..].eq_ignore_ascii_case(suffix.as_bytes())
    };
    key.eq_ignore_ascii_case("id")
        || key.eq_ignore_ascii_case("uuid")
        || ends("_id")
        || ends("_uuid")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn documented_keys_are_sensitive_in_any_spelling() {
        for key in [
            "token",
            "api_key",
            "apikey",
            "X-API-KEY",
            "apiKey",
            "password",
            "db_passwd",
            "client_secret",
            "oauth_token",
            "accessToken",
            "REFRESH_TOKEN",
            "Authorization",
            "cookie",
            "Cookie",
            "credentials",
            "private_key",
            "aws.secret",
            "snowflake_password",
            "pipeline_schedule_token",
            // Names real configurations use (see SENSITIVE_SUFFIXES' sources).
            "aws_secret_access_key",
            "AWS_SECRET_ACCESS_KEY",
            "SECRET_KEY",
            "SNOWFLAKE_PRIVATE_KEY_PASSPHRASE",
            "private_key_file_pwd",
            "db_pass",
            "DB_PASS",
            "dbPass",
            "pwd",
            "POSTGRES_SSH_PKEY",
            "sshPkey",
            "AccountKey",
            "SharedAccessKey",
            "GOOGLE_SERVICE_ACC_KEY",
            "B2_APPLICATION_KEY",
            "credentials_info",
            "keyfile_dict",
            "auth_key",
            "contrasena",
            // Numbered, qualified, short and signing names.
            "password1",
            "password_2",
            "DB_PASSWORD_PROD",
            "apiKeyProd",
            "token_v2",
            "pw",
            "DB_PW",
            "secret_key_base",
            "ssh_key",
            "encryption_key",
            "SIGNING_KEY",
            "webhook_url",
            "Ocp-Apim-Subscription-Key",
            "db_creds",
            // Secrets in the plural.
            "secrets",
            "passwords",
            "tokens",
            "api_keys",
        ] {
            assert!(is_sensitive_key(key), "{key} should be sensitive");
        }
        for key in [
            "id",
            "name",
            "tokens_used",
            "token_count",
            "status",
            "keys",
            "monkey",
            "keyword",
            "passed_sla",
            "secretary_name",
            "bypass",
            "compass",
            "passes",
            "pwd_hint",
            "AWS_ACCESS_KEY_ID",
            "api_key_id",
            "primary_key",
            "public_key",
            "partition_key",
            "SNOWFLAKE_PRIVATE_KEY_PATH",
            "GOOGLE_SERVICE_ACC_KEY_FILEPATH",
            "SharedAccessKeyName",
            "AccountName",
            // Look-alikes of the names above: what a password or token is, not what it holds.
            "password_hint",
            "password_length",
            "password_reset_url",
            "token_type",
            "token_expiry",
            "secret_santa",
            "secret_name",
            "secrets_count",
            "database",
            "prod",
            "password_resets",
            "sha256",
            "pw_hint",
        ] {
            assert!(!is_sensitive_key(key), "{key} should not be sensitive");
        }
        assert_eq!(key_secrecy(b"max_tokens"), Some(Secrecy::Many));
        assert_eq!(key_secrecy(b"credentials"), Some(Secrecy::One));
    }

    #[test]
    fn the_key_check_is_the_documented_rule_on_every_kind_of_key() {
        // The rule as documented: lower-cased, `_`, `-`, `.` and spaces removed, then a suffix of
        // the list (one secret), or a suffix and an `s` (secrets); or a last word (split at
        // separators and lower-to-upper case changes) of the short list.
        let rule = |key: &str| {
            let normalized: String = key
                .chars()
                .filter(|c| !matches!(c, '_' | '-' | '.' | ' '))
                .map(|c| c.to_ascii_lowercase())
                .collect();
            let mut spaced = String::new();
            let mut previous_lower = false;
            for c in key.chars() {
                if c.is_ascii_uppercase() && previous_lower {
                    spaced.push(' ');
                }
                previous_lower = c.is_ascii_lowercase();
                spaced.push(if c.is_ascii_alphanumeric() { c } else { ' ' });
            }
            let last_word = spaced.split(' ').rfind(|w| !w.is_empty()).unwrap_or("");
            let singular = normalized.strip_suffix('s').unwrap_or("\u{0}");
            if SENSITIVE_SUFFIXES.iter().any(|s| normalized.ends_with(s))
                || SENSITIVE_LAST_WORDS
                    .iter()
                    .any(|w| last_word.eq_ignore_ascii_case(w))
            {
                Some(Secrecy::One)
            } else if SENSITIVE_SUFFIXES.iter().any(|s| singular.ends_with(s)) {
                Some(Secrecy::Many)
            } else {
                None
            }
        };
        let mut keys = vec![
            String::new(),
            "_".into(),
            "ñ".into(),
            "tökén".into(),
            "token\u{0}".into(),
        ];
        for suffix in SENSITIVE_SUFFIXES.iter().chain(SENSITIVE_LAST_WORDS) {
            for prefix in [
                "",
                "x",
                "db_",
                "Ü-",
                "a.b c-",
                "very_long_prefix_of_many_words_",
            ] {
                let upper = suffix.to_ascii_uppercase();
                let spaced: String = suffix.chars().flat_map(|c| [c, '_']).collect();
                for body in [
                    suffix.to_string(),
                    upper,
                    spaced,
                    suffix[1..].to_string(),
                    format!("{suffix}s"),
                    format!("{suffix}_"),
                    format!("{suffix}x"),
                ] {
                    keys.push(format!("{prefix}{body}"));
                }
            }
        }
        for key in &keys {
            assert_eq!(key_secrecy(key.as_bytes()), rule(key), "{key:?}");
            // A number, a version or a qualifier at the end leaves the name what it was.
            for ending in ["1", "_2", "-v3", "_prod", ".old", "_b64_2", " base"] {
                let qualified = format!("{key}{ending}");
                let expected = if trim_separators(key.as_bytes()).is_empty() {
                    None
                } else {
                    rule(key)
                };
                assert_eq!(key_secrecy(qualified.as_bytes()), expected, "{qualified:?}");
            }
        }
    }

    #[test]
    fn request_signatures_are_sensitive_parameters_only() {
        for name in [
            "X-Amz-Signature",
            "signature",
            "sig",
            "SIG",
            "api_key",
            "x-amz-credential",
        ] {
            assert!(is_sensitive_parameter(name), "{name}");
        }
        for name in ["page", "signatures_count", "design", "config"] {
            assert!(!is_sensitive_parameter(name), "{name}");
        }
        assert!(
            !is_sensitive_key("signature"),
            "a record's field may be named so"
        );
    }

    #[test]
    fn identifier_keys() {
        for key in [
            "id",
            "ID",
            "uuid",
            "pipeline_uuid",
            "pipeline_schedule_id",
            "Block_UUID",
        ] {
            assert!(is_identifier_key(key), "{key}");
        }
        for key in ["idle", "valid", "uuids", "guid_list", "identity"] {
            assert!(!is_identifier_key(key), "{key}");
        }
    }
}
