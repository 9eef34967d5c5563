//! What a key says of its value: a secret (the value is hidden whatever it is), an identifier
//! (shown as sent unless it is shaped like a credential), or a URL parameter that carries a
//! credential.

/// Key endings that mark a value as secret, compared case-insensitively with `_`, `-`, `.` and
/// spaces removed, so `X-API-KEY`, `apiKey` and `api_key` all match `apikey`. Taken from the names
/// real configurations give credentials:
/// - the widget's documented list (README, "Sensitive values") and `credential`;
/// - Mage's own templates: `io_config.yaml`
///   (<https://github.com/mage-ai/mage-ai/blob/0.9.79/mage_ai/data_preparation/templates/repo/io_config.yaml>:
///   `AWS_SECRET_ACCESS_KEY`, `SNOWFLAKE_PRIVATE_KEY_PASSPHRASE`, `GOOGLE_SERVICE_ACC_KEY`, …) and
///   its data-integration configs (`secret_key`, `application_key`, `credentials_info`);
/// - Yelp's detect-secrets keyword list
///   (<https://github.com/Yelp/detect-secrets/blob/v1.5.0/detect_secrets/plugins/keyword.py>:
///   `auth_key`, `service_key`, `account_key`, `db_key`, `database_key`, `priv_key`,
///   `client_key`, `contrasena`);
/// - Apache Airflow's sensitive fields (`passphrase`, `access_key`, `keyfile_dict`), and Azure's
///   connection-string keys `AccountKey` and `SharedAccessKey`.
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
];

/// Short names of secrets, sensitive only as a key's whole last word (`db_pass`, `DB_PWD`,
/// `sshPkey`), never as the end of a longer one (`bypass`, `compass`): detect-secrets' `db_pass`,
/// `key_pass`, `pwd`, and Mage's `POSTGRES_SSH_PKEY`.
pub(crate) const SENSITIVE_LAST_WORDS: &[&str] = &["pass", "pwd", "pkey"];

/// Whether the value under `key` must never be shown. Called for every key of every record (and
/// over the whole text of a long list), so it lower-cases the key's tail once, on the stack.
pub fn is_sensitive_key(key: &str) -> bool {
    is_sensitive_key_bytes(key.as_bytes())
}

/// [`is_sensitive_key`] over a key's bytes (UTF-8; only ASCII letters can match).
pub(crate) fn is_sensitive_key_bytes(key: &[u8]) -> bool {
    has_sensitive_suffix(key) || has_sensitive_last_word(key)
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

/// Whether the key's last word is one of [`SENSITIVE_LAST_WORDS`]. Words end at `_`, `-`, `.`,
/// spaces, and where a lower-case letter meets an upper-case one (`sshPkey`).
fn has_sensitive_last_word(key: &[u8]) -> bool {
    let end = key
        .iter()
        .rposition(|b| !matches!(b, b'_' | b'-' | b'.' | b' '))
        .map_or(0, |i| i + 1);
    let mut start = end;
    while start > 0 {
        let b = key[start - 1];
        if !b.is_ascii_alphanumeric() {
            break;
        }
        start -= 1;
        if end - start > LONGEST_LAST_WORD {
            // Longer than any of the words: read no further back.
            return false;
        }
        if b.is_ascii_uppercase() && start > 0 && key[start - 1].is_ascii_lowercase() {
            break;
        }
    }
    let word = &key[start..end];
    SENSITIVE_LAST_WORDS
        .iter()
        .any(|w| word.eq_ignore_ascii_case(w.as_bytes()))
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
    let mut tail = [0u8; LONGEST_SUFFIX];
    is_sensitive_key(name)
        || normalized_tail(name.as_bytes(), &mut tail).ends_with(b"signature")
        || name.eq_ignore_ascii_case("sig")
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
        ] {
            assert!(!is_sensitive_key(key), "{key} should not be sensitive");
        }
    }

    #[test]
    fn the_key_check_is_the_documented_rule_on_every_kind_of_key() {
        // The rule as documented: lower-cased, `_`, `-`, `.` and spaces removed, then a suffix of
        // the list; or a last word (split at separators and lower-to-upper case changes) of the
        // short list.
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
            SENSITIVE_SUFFIXES.iter().any(|s| normalized.ends_with(s))
                || SENSITIVE_LAST_WORDS
                    .iter()
                    .any(|w| last_word.eq_ignore_ascii_case(w))
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
                ] {
                    keys.push(format!("{prefix}{body}"));
                }
            }
        }
        for key in &keys {
            assert_eq!(is_sensitive_key(key), rule(key), "{key:?}");
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
