//! Secrets inside a string, found word by word. In text, only what names itself a credential is
//! hidden: URL credentials, sensitive query parameters, the schedule token of a trigger path, JSON
//! Web Tokens, key formats services issue, the value after a label that names a secret
//! (`token=…`, `"api_key": "…"`, `Authorization: Bearer …`), and the credential after an auth
//! scheme. In an identifier, only credential shapes: an id is otherwise shown as sent.

use crate::keys::{is_sensitive_key, is_sensitive_parameter};
use crate::marker::REDACTED;
use crate::shapes::{
    auth_scheme, has_key_run, hide_credential_runs, is_auth_scheme, is_credential_after_scheme,
    is_embedded_credential, looks_like_secret_value, trim_quotes, AuthScheme,
};

/// A copy of `s` with embedded secrets hidden, or `None` when there was nothing to hide.
///
/// Hidden: URL credentials, sensitive query parameters, the schedule token of a trigger path, JSON
/// Web Tokens, key formats (`sk_live_…`, `ghp_…`, `xoxb-…`, `AKIA…`), an inline `name=value` or
/// `name: value` whose name is sensitive, the word after a label that names a secret
/// (`password: …`, `Authorization: Bearer …`), the word after "Bearer" or "Basic" when it is
/// shaped like a credential, and, after a bare sensitive word (`token …`), the next word when it
/// looks like a secret value. Nothing else: "Basic ETL", "Bearer bond" and a 32-hex checksum stay
/// as written.
pub fn scrub_string(s: &str) -> Option<String> {
    scrub_words(s, Scope::Text)
}

/// A copy of the identifier `s` with its credential shapes hidden (a key format, a JSON Web Token,
/// the credential after an auth scheme), or `None`: an identifier is otherwise shown exactly as
/// sent, so labels (`token=…`) and URLs inside it are left alone.
pub(crate) fn scrub_identifier(s: &str) -> Option<String> {
    scrub_words(s, Scope::Identifier)
}

/// What a string is, for which rules apply to it.
#[derive(Clone, Copy, PartialEq)]
enum Scope {
    Text,
    Identifier,
}

fn scrub_words(s: &str, scope: Scope) -> Option<String> {
    let without_keys = first_look(s, scope)?;
    let s = without_keys.as_deref().unwrap_or(s);
    WordScrub::default().finish(s, scope).or(without_keys)
}

/// The first look at a whole text, before its words: `None` when it cannot hold a secret (none of
/// what [`might_hold_secret`] looks for), else the text with its private keys' blocks hidden
/// (`Some(None)` when it has none; an identifier never has).
fn first_look(s: &str, scope: Scope) -> Option<Option<String>> {
    if !might_hold_secret(s, scope) {
        return None;
    }
    Some(match scope {
        Scope::Text => hide_private_key_blocks(s),
        Scope::Identifier => None,
    })
}

/// A text scrubbed word by word, from its start to where [`WordScrub::read`] stopped: what the
/// last word said of the next, and the rewritten text so far. Reading a text in several calls
/// gives what one call gives: a call stops only between two runs of the text's words and
/// spaces, which is where the next call starts.
#[derive(Clone, Default)]
struct WordScrub {
    /// Where in the text the next run starts.
    at: usize,
    next: Next,
    /// The rewritten text, copied only from its first change on: a megabyte log with one label in
    /// it is read, not rebuilt.
    out: Option<String>,
    /// Where in the text the part not yet copied into `out` starts.
    copied_to: usize,
}

impl WordScrub {
    /// Reads the words of `s` from where the last call stopped until a run that starts at or past
    /// `until` (or the end).
    fn read(&mut self, s: &str, scope: Scope, until: usize) {
        let Some(rest) = s.get(self.at..) else {
            return;
        };
        let base = self.at;
        for (offset, part, space) in split_keep_whitespace(rest) {
            let start = base + offset;
            if start >= until {
                self.at = start;
                return;
            }
            if space {
                continue;
            }
            self.word(s, start, part, scope);
        }
        self.at = s.len();
    }

    /// Whether every word of `s` was read.
    fn is_done(&self, s: &str) -> bool {
        self.at >= s.len()
    }

    /// One word, `part`, at `start` in `s`.
    fn word(&mut self, s: &str, start: usize, part: &str, scope: Scope) {
        if self.next.hides(part) && trim_quotes(part) != REDACTED {
            if let Some(hidden) = hide_value(part) {
                self.replace(s, start, part.len(), &hidden);
                self.next = Next::Keep;
                return;
            }
        }
        // A plain word (no label, pair, scheme, URL or query) can hold a credential only by its
        // shape, and says nothing of the next word.
        let plain = is_plain_word(part);
        self.next = if plain {
            Next::Keep
        } else {
            self.next.after(part, scope)
        };
        let clean = match scope {
            Scope::Text if plain => hide_embedded_credentials(part),
            Scope::Text => scrub_word(part),
            Scope::Identifier => hide_credential_runs(part, is_embedded_credential),
        };
        if let Some(clean) = clean {
            self.replace(s, start, part.len(), &clean);
        }
    }

    /// Puts `with` in place of the `len` bytes of `s` at `start` (at or after the last
    /// replacement's end).
    fn replace(&mut self, s: &str, start: usize, len: usize, with: &str) {
        let out = self
            .out
            .get_or_insert_with(|| String::with_capacity(s.len()));
        out.push_str(&s[self.copied_to..start]);
        out.push_str(with);
        self.copied_to = start + len;
    }

    /// The rewritten `s`, or `None` when nothing was replaced. Reads what is left first.
    fn finish(mut self, s: &str, scope: Scope) -> Option<String> {
        self.read(s, scope, s.len());
        let mut out = self.out?;
        out.push_str(&s[self.copied_to..]);
        Some(out)
    }
}

/// A long text scrubbed a slice at a time, with the verdicts [`scrub_string`] gives the whole of
/// it: its first step reads the whole text for whether it may hold a secret at all and hides its
/// private keys' blocks; each step after it reads a slice of its words, and what one word says of
/// the next carries from one slice to the next. The text stays private until it is scrubbed: the
/// only way to it is [`SlicedScrub::finish`].
#[derive(Clone)]
pub struct SlicedScrub {
    /// The text (its private keys' blocks hidden, once read).
    text: String,
    /// Whether hiding those blocks changed it.
    keys_hidden: bool,
    read: Read,
}

/// How far a [`SlicedScrub`] has gone.
#[derive(Clone)]
enum Read {
    /// Not at all.
    Unread,
    /// Its words, this far.
    Words(WordScrub),
    /// Nothing in the text is hidden by [`scrub_string`], or nothing but private keys' blocks.
    Clean,
}

impl SlicedScrub {
    /// A scrub of `text`, not started: nothing reads the text yet.
    pub fn new(text: String) -> Self {
        Self {
            text,
            keys_hidden: false,
            read: Read::Unread,
        }
    }

    /// The next step: the first one reads the whole text once (for whether it may hold a secret,
    /// and for private keys' blocks); each one after it scrubs about `bytes` more of its words (to
    /// the end of the word that passes them).
    pub fn step(&mut self, bytes: usize) {
        match &mut self.read {
            Read::Unread => match first_look(&self.text, Scope::Text) {
                None => self.read = Read::Clean,
                Some(without_keys) => {
                    if let Some(hidden) = without_keys {
                        self.text = hidden;
                        self.keys_hidden = true;
                    }
                    self.read = Read::Words(WordScrub::default());
                }
            },
            Read::Words(words) => {
                let until = words.at.saturating_add(bytes.max(1));
                words.read(&self.text, Scope::Text, until);
            }
            Read::Clean => {}
        }
    }

    /// Whether the whole text is scrubbed.
    pub fn is_done(&self) -> bool {
        match &self.read {
            Read::Unread => false,
            Read::Words(words) => words.is_done(&self.text),
            Read::Clean => true,
        }
    }

    /// The scrubbed text (what is left is scrubbed first), and whether anything in it was hidden.
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

/// Never the text: only how far the scrub has gone.
impl std::fmt::Debug for SlicedScrub {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let read = match &self.read {
            Read::Unread => None,
            Read::Words(words) => Some(words.at),
            Read::Clean => Some(self.text.len()),
        };
        f.debug_struct("SlicedScrub")
            .field("bytes", &self.text.len())
            .field("read", &read)
            .finish()
    }
}

/// PEM private keys (`-----BEGIN RSA PRIVATE KEY-----` … `-----END RSA PRIVATE KEY-----`, the
/// forms detect-secrets and gitleaks look for) replaced whole, markers included; a block without
/// its end marker is hidden to the end of the text. `None` when there is none.
fn hide_private_key_blocks(s: &str) -> Option<String> {
    const BEGIN: &str = "-----BEGIN ";
    const KEY_MARKER: &str = "PRIVATE KEY";
    const DASHES: &str = "-----";
    let mut out = String::new();
    let mut copied = 0;
    let mut from = 0;
    while let Some(begin) = s[from..].find(BEGIN).map(|i| from + i) {
        let header_start = begin + BEGIN.len();
        let Some(header_end) = s[header_start..].find(DASHES).map(|i| header_start + i) else {
            break;
        };
        from = header_end + DASHES.len();
        if !s[header_start..header_end].contains(KEY_MARKER) {
            continue;
        }
        let end = s[from..]
            .find("-----END ")
            .map(|i| from + i)
            .and_then(|end_marker| {
                let label = end_marker + "-----END ".len();
                s[label..].find(DASHES).map(|i| label + i + DASHES.len())
            })
            .unwrap_or(s.len());
        out.push_str(&s[copied..begin]);
        out.push_str(REDACTED);
        copied = end;
        from = end;
    }
    (copied > 0).then(|| out + &s[copied..])
}

/// `part` with its value hidden and the quoting around it kept: `"abc",` → `"[redacted]",`,
/// `partner-portal\n",` (a value inside JSON held in a string) → `[redacted]\n",`, so the
/// carrier stays what it was. `None` when there is no value (only quotes and punctuation).
fn hide_value(part: &str) -> Option<String> {
    let start = part.len() - part.trim_start_matches(['"', '\'', '\\']).len();
    let rest = &part[start..];
    if rest.starts_with(REDACTED) {
        return None;
    }
    let end = rest
        .find(['"', '\'', '\\', ',', ';', ')', '}', ']'])
        .unwrap_or(rest.len());
    // A sentence's full stop after the value is no part of it.
    let end = rest[..end].trim_end_matches('.').len();
    (end > 0).then(|| format!("{}{REDACTED}{}", &part[..start], &rest[end..]))
}

/// What a word says of the word after it.
#[derive(Clone, Copy, PartialEq, Default)]
enum Next {
    #[default]
    Keep,
    /// A label that names a secret (`token:`, `"api_key":`, `password=`): the next word is its value.
    Hide,
    /// A sensitive word on its own (`token`): the next word is hidden only if it looks like a secret.
    HideIfSecretLike,
    /// An auth scheme (`Bearer`, `Basic`) with no label before it: the next word is hidden only if
    /// it is shaped like that scheme's credential.
    HideIfCredential(AuthScheme),
}

impl Next {
    /// Whether `part`, coming after the word that set `self`, is hidden.
    fn hides(self, part: &str) -> bool {
        match self {
            Next::Hide => !is_auth_scheme(part),
            Next::HideIfSecretLike => looks_like_secret_value(part),
            Next::HideIfCredential(scheme) => is_credential_after_scheme(scheme, part),
            Next::Keep => false,
        }
    }

    /// What the word after `part` is, `part` having come after the word that set `self`.
    fn after(self, part: &str, scope: Scope) -> Next {
        if let Some(scheme) = auth_scheme(part) {
            // A scheme after a label passes the label on: "Authorization: Bearer <secret>".
            return if self == Next::Hide {
                Next::Hide
            } else {
                Next::HideIfCredential(scheme)
            };
        }
        if let Some((label, scheme)) = label_then_scheme(part) {
            // The label and the scheme in one word: `Authorization:Bearer <secret>` (HTTP allows
            // no space after the colon), `{"Authorization":"Bearer <secret>"}` written inline.
            return if is_sensitive_key(trim_quotes(label)) {
                Next::Hide
            } else {
                Next::HideIfCredential(scheme)
            };
        }
        match scope {
            Scope::Identifier => Next::Keep,
            Scope::Text => label_kind(part),
        }
    }
}

/// A word that ends in an auth scheme after a label: `Authorization:Bearer`, `"Authorization":"Basic`,
/// `headers={"Authorization":"Bearer`: the label's last name and the scheme.
fn label_then_scheme(word: &str) -> Option<(&str, AuthScheme)> {
    let word = word.trim_end_matches(['"', '\'', '\\']);
    let split = word.rfind([':', '='])?;
    let scheme = auth_scheme(word[split + 1..].trim_start_matches(['"', '\'', '\\']))?;
    let label = word[..split].trim_end_matches(['"', '\'', '\\']);
    let name_start = label
        .rfind([',', ';', '{', '(', '[', '"', '\'', ':', '='])
        .map_or(0, |i| i + 1);
    Some((&label[name_start..], scheme))
}

/// A cheap test that rules out almost every string before any copying: a secret needs a URL, a
/// query, a trigger path, a JSON Web Token, a key format, or a word such as `token`, `password`
/// or `Bearer`.
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

/// Whether `haystack` holds `needle`: each occurrence of its first byte, then the rest compared.
/// Words of a log are searched several times each, and the standard library's substring search
/// prepares a searcher on every call, which costs more than reading such a short word.
fn holds(haystack: &str, needle: &[u8]) -> bool {
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

/// Whether `word` holds none of the words a sensitive name or an auth scheme holds, no `/` (so no
/// URL or trigger path) and no `?` (no query): most words of a log.
fn is_plain_word(word: &str) -> bool {
    !word.bytes().any(|b| b == b'/' || b == b'?')
        && !contains_any_ignore_case(word.as_bytes(), &SECRET_WORDS)
}

/// The auth schemes' names.
const SCHEME_WORDS: Words<2> = Words::new([b"bearer", b"basic"]);

/// Every word a sensitive name contains (each of `keys::SENSITIVE_SUFFIXES` and
/// `SENSITIVE_LAST_WORDS` holds one), and the auth schemes.
const SECRET_WORDS: Words<12> = Words::new([
    b"token",
    b"key",
    b"pass",
    b"pwd",
    b"secret",
    b"auth",
    b"cookie",
    b"credential",
    b"sig",
    b"contrasena",
    b"bearer",
    b"basic",
]);

/// Lower-case ASCII words, with a table of the words each byte may start, so that a text is
/// searched for all of them in one pass.
struct Words<const N: usize> {
    words: [&'static [u8]; N],
    /// For each byte, the words (as bits) that start with it in either case.
    starting: [u32; 256],
}

impl<const N: usize> Words<N> {
    const fn new(words: [&'static [u8]; N]) -> Self {
        assert!(N <= 32);
        let mut starting = [0u32; 256];
        let mut i = 0;
        while i < N {
            let first = words[i][0];
            starting[first as usize] |= 1 << i;
            starting[first.to_ascii_uppercase() as usize] |= 1 << i;
            i += 1;
        }
        Self { words, starting }
    }
}

/// Whether `haystack` contains, in any case, one of `words`: one pass over its bytes.
fn contains_any_ignore_case<const N: usize>(haystack: &[u8], words: &Words<N>) -> bool {
    for (i, &b) in haystack.iter().enumerate() {
        let mut candidates = words.starting[usize::from(b)];
        while candidates != 0 {
            let w = candidates.trailing_zeros() as usize;
            candidates &= candidates - 1;
            let word = words.words[w];
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

/// Whether `word` labels a secret: `token:` / `"password":` / `api_key=` (the next word is the
/// value), or a bare sensitive word such as `token` (the next word may be).
fn label_kind(word: &str) -> Next {
    let word = trim_quotes(word);
    match word.strip_suffix(':').or_else(|| word.strip_suffix('=')) {
        Some(name) if is_sensitive_key(trim_quotes(name)) => Next::Hide,
        Some(_) => Next::Keep,
        None if !word.is_empty()
            && word
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
            && is_sensitive_key(word) =>
        {
            Next::HideIfSecretLike
        }
        None => Next::Keep,
    }
}

/// Splits into alternating runs of non-whitespace and whitespace, each with where it starts and
/// whether it is whitespace, so joining them gives `s` back. Whitespace is `char::is_whitespace`;
/// ASCII bytes are judged without decoding a character (a megabyte log is mostly ASCII), the
/// others by their character.
fn split_keep_whitespace(s: &str) -> impl Iterator<Item = (usize, &str, bool)> {
    let bytes = s.as_bytes();
    let mut start = 0;
    std::iter::from_fn(move || {
        let first = start;
        let mut i = start;
        let mut in_space = None;
        while i < bytes.len() {
            let b = bytes[i];
            let (space, width) = if b.is_ascii() {
                (matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'), 1)
            } else {
                match s[i..].chars().next() {
                    Some(c) => (c.is_whitespace(), c.len_utf8()),
                    None => break,
                }
            };
            if in_space.is_some_and(|prev| prev != space) {
                break;
            }
            in_space = Some(space);
            i += width;
        }
        start = i;
        in_space.map(|space| (first, &s[first..i], space))
    })
}

/// Scrubs one whitespace-free word: URLs, a path, inline `name=value` pairs (a connection string's
/// `;`-separated ones too) before a query, the query's sensitive parameters, or a bare token.
fn scrub_word(word: &str) -> Option<String> {
    // Without a URL, a trigger path or a query, only pairs and shapes are left (`token=…`,
    // `"password":"…"`, a bare key): read without a copy.
    if !holds(word, b"://") && !word.contains('?') && !holds(word, b"/pipeline_runs/") {
        let paired = hide_inline_pairs(word);
        return hide_embedded_credentials(paired.as_deref().unwrap_or(word)).or(paired);
    }
    let mut out = word.to_owned();
    let mut changed = hide_url_credentials(&mut out);
    changed |= hide_trigger_token(&mut out);
    let head_end = out.find('?').unwrap_or(out.len());
    if let Some(head) = hide_inline_pairs(&out[..head_end]) {
        out.replace_range(..head_end, &head);
        changed = true;
    }
    if let Some(q) = out.find('?') {
        changed |= hide_query_values(&mut out, q);
    }
    // A JSON Web Token or a key format anywhere in the word (after `Bearer`, in a URL).
    if let Some(clean) = hide_embedded_credentials(&out) {
        out = clean;
        changed = true;
    }
    changed.then_some(out)
}

/// `s` with its JSON Web Tokens and key formats hidden, or `None`; text that holds neither a JSON
/// header (`eyJ`) nor a run as long as the shortest key format is turned away at once.
fn hide_embedded_credentials(s: &str) -> Option<String> {
    if !has_key_run(s) && !holds(s, b"eyJ") {
        return None;
    }
    hide_credential_runs(s, is_embedded_credential)
}

/// `https://user:password@host/…` → `https://[redacted]@host/…`, for every URL in the word
/// (`https://a/x,https://u:p@b/y` holds two); a password-only one too (`redis://:pass@host`).
fn hide_url_credentials(word: &mut String) -> bool {
    let mut changed = false;
    let mut from = 0;
    while let Some(authority_start) = word[from..].find("://").map(|i| from + i + 3) {
        let authority_end = word[authority_start..]
            .find(['/', '?', '#', ',', ';', '"', '\''])
            .map_or(word.len(), |i| authority_start + i);
        from = authority_end;
        if let Some(at) = word[authority_start..authority_end].rfind('@') {
            if at > 0 && &word[authority_start..authority_start + at] != REDACTED {
                word.replace_range(authority_start..authority_start + at, REDACTED);
                changed = true;
                from = authority_start + REDACTED.len() + 1;
            }
        }
    }
    changed
}

/// `…/pipeline_runs/<hex>` → `…/pipeline_runs/[redacted]`: the schedule token of a trigger URL.
fn hide_trigger_token(word: &mut String) -> bool {
    const TRIGGER: &str = "/pipeline_runs/";
    let Some(seg_start) = word.find(TRIGGER).map(|i| i + TRIGGER.len()) else {
        return false;
    };
    let seg_end = word[seg_start..]
        .find(['/', '?', '#'])
        .map_or(word.len(), |i| seg_start + i);
    let segment = &word[seg_start..seg_end];
    let token = segment.len() >= 16 && segment.bytes().all(|b| b.is_ascii_hexdigit());
    if token {
        word.replace_range(seg_start..seg_end, REDACTED);
    }
    token
}

/// The query starting at `q` (the `?`) with the values of sensitive parameters hidden.
fn hide_query_values(word: &mut String, q: usize) -> bool {
    let query_end = word[q..].find('#').map_or(word.len(), |i| q + i);
    let mut rebuilt = String::with_capacity(query_end - q);
    let mut changed = false;
    for (i, pair) in word[q + 1..query_end].split('&').enumerate() {
        if i > 0 {
            rebuilt.push('&');
        }
        match pair.split_once('=') {
            // `&amp;sig=…`: a query written into HTML keeps its name after the escape.
            Some((name, value))
                if !value.is_empty()
                    && value != REDACTED
                    && is_sensitive_parameter(name.strip_prefix("amp;").unwrap_or(name)) =>
            {
                rebuilt.push_str(name);
                rebuilt.push('=');
                rebuilt.push_str(REDACTED);
                changed = true;
            }
            _ => rebuilt.push_str(pair),
        }
    }
    if changed {
        word.replace_range(q + 1..query_end, &rebuilt);
    }
    changed
}

/// Hides the value of each `name=value` / `name:value` segment (segments end at `,` `;` `{` `}`
/// `[` `]`) whose name is sensitive: `token=abc`, `{"a":1,"token":"x"}` written inline, a
/// connection string's `AccountKey=…;` or `SharedAccessSignature=…;`. A value that is an auth
/// scheme is kept: its credential is the next word (`Authorization:Bearer <secret>`).
fn hide_inline_pairs(word: &str) -> Option<String> {
    if !word.bytes().any(|b| b == b'=' || b == b':') {
        return None;
    }
    let hides = |segment: &str| {
        segment.find(['=', ':']).filter(|&pos| {
            let value = trim_quotes(&segment[pos + 1..]);
            !value.is_empty()
                && value != REDACTED
                && !is_auth_scheme(value)
                && is_sensitive_parameter(trim_quotes(&segment[..pos]))
        })
    };
    let segments = || word.split([',', ';', '{', '}', '[', ']']);
    // Most pairs in a text are harmless (`level:`, times): no copy unless one is hidden.
    if !segments().any(|segment| hides(segment).is_some()) {
        return None;
    }
    let mut out = String::with_capacity(word.len());
    let mut rest = word;
    while !rest.is_empty() {
        let end = rest
            .find([',', ';', '{', '}', '[', ']'])
            .unwrap_or(rest.len());
        let (segment, tail) = rest.split_at(end);
        match hides(segment) {
            Some(pos) => {
                out.push_str(&segment[..=pos]);
                out.push_str(REDACTED);
            }
            None => out.push_str(segment),
        }
        // Keep the separator itself.
        let mut chars = tail.chars();
        if let Some(separator) = chars.next() {
            out.push(separator);
        }
        rest = chars.as_str();
    }
    Some(out)
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
    fn secrets_inside_urls_and_text_are_scrubbed() {
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
                r#"{"client_secret":[redacted]}"#,
            ),
            (
                r#"{"schema_version":null,"token":"abc"}"#,
                r#"{"schema_version":null,"token":[redacted]}"#,
            ),
            ("Cookie: oauth_token=abc", "Cookie: [redacted]"),
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
            assert_eq!(scrub_string(input).as_deref(), Some(expected), "{input}");
        }
        assert_eq!(scrub_string("plain words, no secrets"), None);
        for (_, scrubbed) in cases {
            assert_eq!(
                scrub_string(scrubbed),
                None,
                "scrubbing is idempotent: {scrubbed}"
            );
        }
        assert_eq!(
            scrub_string("Bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln").as_deref(),
            Some("Bearer [redacted]")
        );
        assert_eq!(scrub_string("https://svc.example/a?page=2"), None);
        assert_eq!(scrub_string("status: running at 06:00:00, page=2"), None);
        assert_eq!(scrub_string("the token was rotated"), None);
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
            assert_eq!(scrub_string(input).as_deref(), Some(expected), "{input}");
            assert_eq!(
                scrub_identifier(input).as_deref(),
                Some(expected),
                "{input}"
            );
            assert_eq!(scrub_string(expected), None, "idempotent: {expected}");
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
            assert_eq!(scrub_string(input).as_deref(), Some(expected), "{input}");
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
            assert_eq!(scrub_string(input).as_deref(), Some(expected), "{input}");
            assert_eq!(scrub_string(expected), None, "idempotent: {expected}");
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
            assert_eq!(scrub_string(text), None, "{text}");
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
            "ends with toke",
            "contrasena",
            "Sig",
            "日本auth",
            "basi",
        ] {
            assert_eq!(
                contains_any_ignore_case(s.as_bytes(), &SECRET_WORDS),
                per_word(s),
                "{s}"
            );
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
            assert_eq!(scrub_identifier(id), None, "{id}");
        }
        assert_eq!(
            scrub_identifier("xoxb-123456789012-AbCdEfGhIj").as_deref(),
            Some(REDACTED)
        );
        // A session id that is a JSON Web Token is a credential, whatever its key says.
        assert_eq!(
            scrub_identifier("eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2ln").as_deref(),
            Some(REDACTED)
        );
    }
}
