//! The few fixed strings a text is searched for before its words are read: the words every
//! sensitive name, auth scheme and credential phrase holds, found in one pass over the bytes, and
//! a short needle found by its first byte.

/// Whether `haystack` holds `needle`: each occurrence of its first byte, then the rest compared.
/// Words of a log are searched several times each, and the standard library's substring search
/// prepares a searcher on every call, which costs more than reading such a short word.
pub(crate) fn holds(haystack: &str, needle: &[u8]) -> bool {
    let bytes = haystack.as_bytes();
    let Some((&first, rest)) = needle.split_first() else {
        return true;
    };
    let mut from = 0;
    while let Some(at) = bytes
        .get(from..)
        .and_then(|b| b.iter().position(|&c| c == first))
    {
        let next = from + at + 1;
        if bytes.get(next..next + rest.len()) == Some(rest) {
            return true;
        }
        from = next;
    }
    false
}

/// The auth schemes that may stand before a credential with no label before them.
pub(crate) const SCHEME_WORDS: Words<2> = Words::new([b"bearer", b"basic"]);

/// Every word a sensitive name contains (each of `keys::SENSITIVE_SUFFIXES` and
/// `SENSITIVE_LAST_WORDS` holds one), the auth schemes, and `identified` (SQL's `IDENTIFIED BY`).
pub(crate) const SECRET_WORDS: Words<15> = Words::new([
    b"token",
    b"key",
    b"pass",
    b"pw",
    b"secret",
    b"auth",
    b"cookie",
    b"credential",
    b"creds",
    b"sig",
    b"contrasena",
    b"webhook",
    b"bearer",
    b"basic",
    b"identified",
]);

/// Lower-case ASCII words of two letters or more, with a table of the words each byte may start,
/// so that a text is searched for all of them in one pass.
pub(crate) struct Words<const N: usize> {
    pub(crate) words: [&'static [u8]; N],
    /// For each byte, the words (as bits) that start with it in either case.
    starting: [u32; 256],
}

impl<const N: usize> Words<N> {
    const fn new(words: [&'static [u8]; N]) -> Self {
        assert!(N <= 32);
        let mut starting = [0u32; 256];
        let mut i = 0;
        while i < N {
            assert!(words[i].len() >= 2);
            let first = words[i][0];
            starting[first as usize] |= 1 << i;
            starting[first.to_ascii_uppercase() as usize] |= 1 << i;
            i += 1;
        }
        Self { words, starting }
    }
}

/// Whether `haystack` contains, in any case, one of `words`: one pass over its bytes. A word is
/// compared whole only where its second letter follows its first: most of a log's `i`s and `p`s
/// start no `identified` and no `pw`.
pub(crate) fn contains_any_ignore_case<const N: usize>(haystack: &[u8], words: &Words<N>) -> bool {
    for (i, pair) in haystack.windows(2).enumerate() {
        let mut candidates = words.starting[usize::from(pair[0])];
        while candidates != 0 {
            let w = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let word = words.words[w];
            if pair[1].to_ascii_lowercase() != word[1] {
                continue;
            }
            if haystack
                .get(i..i + word.len())
                .is_some_and(|at| at.eq_ignore_ascii_case(word))
            {
                return true;
            }
        }
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_finds_a_needle_as_str_contains_does() {
        let cases = [
            ("", "eyJ"),
            ("ey", "eyJ"),
            ("eyeyJ", "eyJ"),
            ("xeyJ", "eyJ"),
            ("eyj", "eyJ"),
            ("https://a", "://"),
            ("a:/b://", "://"),
            ("/pipeline_runs/7", "/pipeline_runs/"),
            ("/pipeline_runs", "/pipeline_runs/"),
            ("é://", "://"),
            ("abc", ""),
        ];
        for (haystack, needle) in cases {
            assert_eq!(
                holds(haystack, needle.as_bytes()),
                haystack.contains(needle),
                "{haystack:?} / {needle:?}"
            );
        }
    }

    #[test]
    fn every_sensitive_name_holds_a_word_the_prefilter_looks_for() {
        use crate::keys::{SENSITIVE_LAST_WORDS, SENSITIVE_SUFFIXES};
        for name in SENSITIVE_SUFFIXES.iter().chain(SENSITIVE_LAST_WORDS) {
            assert!(
                contains_any_ignore_case(name.as_bytes(), &SECRET_WORDS),
                "{name} would be turned away before its value is read"
            );
        }
    }

    #[test]
    fn the_one_pass_word_search_finds_what_a_search_per_word_finds() {
        let per_word = |s: &str| {
            SECRET_WORDS.words.iter().any(|w| {
                s.as_bytes()
                    .windows(w.len())
                    .any(|window| window.eq_ignore_ascii_case(w))
            })
        };
        for s in [
            "",
            "k",
            "TOKEN",
            "my_Api_Key",
            "nothing here",
            "BeArEr x",
            "passé",
            "é-pwd",
            "DB_PW",
            "ends with toke",
            "contrasena",
            "Sig",
            "日本auth",
            "basi",
            "webhook_url",
        ] {
            assert_eq!(
                contains_any_ignore_case(s.as_bytes(), &SECRET_WORDS),
                per_word(s),
                "{s}"
            );
        }
    }
}
