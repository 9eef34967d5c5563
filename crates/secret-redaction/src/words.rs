//! A text redacted word by word, and what one word says of the next: a label makes the next word
//! its value (`token: …`, `password = …`, `api_key: str = …`, `WITH PASSWORD '…'`), a quoted value
//! runs on to its closing quote (`"correct horse"`), a cookie header's pairs run on to its end, a
//! YAML block under a secret's name runs on while it is indented deeper, an auth scheme says its
//! credential follows. Reading stops only between runs of words and spaces, and everything a
//! word says of the words after it is kept between calls, so a text read in slices is redacted
//! as it is read whole.

use crate::keys::Secrecy;
use crate::labels::{
    complete_literal, element_content, is_annotation, is_assignment, is_block_scalar,
    is_comparison, is_label_scheme, is_operator, label, label_then_scheme, name_secrecy,
    operator_prefix, starts_quoted, Label,
};
use crate::marker::REDACTED;
use crate::pairs::hide_inline_pairs;
use crate::search::{contains_any_ignore_case, holds, SECRET_WORDS};
use crate::shapes::{
    auth_scheme, has_key_run, hide_credential_runs, is_credential_after_scheme,
    is_embedded_credential, looks_like_secret_value, trim_quotes, AuthScheme,
};
use crate::urls::{
    hide_query_values, hide_trigger_token, hide_url_credentials, hide_webhook_paths,
};
use crate::value::{is_kept, value_span, Closer, Form};

/// What a string is, for which rules apply to it.
#[derive(Clone, Copy, PartialEq)]
pub(crate) enum Scope {
    Text,
    Identifier,
}

/// What the words read so far say of the next one.
#[derive(Clone, Copy, Default, PartialEq, Debug)]
enum Next {
    #[default]
    Keep,
    /// A sensitive name alone (`PASSWORD`), on this line: an operator makes the next word its
    /// value; a quoted literal or a secret-shaped word is one.
    Name(Named),
    /// A label (`password:`, `token=`, `PASSWORD =`): the next word is the value.
    Value(Expected),
    /// A word after `name:` that may be a type annotation (`api_key: str = …`) or the value
    /// (`password: hunter2`), decided by the next word (`=`, or `|` and another type: `after_bar`
    /// once a `|` came).
    Annotation { word: Annotation, after_bar: bool },
    /// An auth scheme with no label before it: the next word if shaped like its credential.
    Scheme(AuthScheme),
    /// Inside a value that runs on to its closer. A bracketed one runs over lines indented deeper
    /// than the line it opened on (`indent`); on a line that is not, only its closer may follow
    /// (`closing`): `token: {` in a log hides no more than its line.
    Inside {
        closer: Closer,
        indent: usize,
        closing: bool,
    },
    /// A cookie header's pairs, until one does not end in `;`.
    Cookies,
    /// An XML element's content, until the next tag or the end of its line: the start tag's, or
    /// the next one when the start tag ends its own (`ends_with_line`: the next line break ends it).
    Element { ends_with_line: bool },
    /// The lines below a secret's name indented deeper than `indent`: every word but the keys,
    /// the words of one value (`after_value`: a value was hidden last on this line) as one.
    Block { indent: usize, after_value: bool },
    /// The rest of a line whose unquoted value is hidden (`password: correct horse battery`): one
    /// value with it.
    Rest,
    /// A quoted literal (its place), which a comparison with a sensitive name may follow.
    Literal { at: usize, len: usize },
    /// A literal and a comparison: the next word decides.
    Compared { at: usize, len: usize },
}

/// A sensitive name alone, as [`Next::Name`] holds it.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Named {
    secrecy: Secrecy,
    /// A word came between the name and its operator (`var token string = …`): only an operator
    /// may follow now.
    typed: bool,
    /// The name began its line (`secret = maple syrup` in INI or TOML): an unquoted value after
    /// its operator runs to the line's end.
    began_line: bool,
}

/// What a label says of the value after it.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Expected {
    secrecy: Secrecy,
    /// The label ends in a colon: a type annotation may come first, and a line break makes the
    /// lines below indented deeper than `indent` the value, or else the next line's first word.
    colon: bool,
    no_value: NoValue,
    /// The indentation of the label's line.
    indent: usize,
    /// The label begins its line (YAML, INI, TOML, a header): an unquoted value runs to the line's
    /// end (`password: correct horse battery`).
    whole_line: bool,
}

/// What, after a label, is no value of its.
#[derive(Clone, Copy, PartialEq, Debug)]
enum NoValue {
    Nothing,
    /// Another flag, after a flag: `--password -x`.
    Flag,
    /// A key of its own, after a label that ended its line: `password:` then `user: etl`.
    Key,
}

/// A word that may be a type annotation or a value: its place, what its label names, and the
/// label's line's indentation.
#[derive(Clone, Copy, PartialEq, Debug)]
struct Annotation {
    at: usize,
    len: usize,
    secrecy: Secrecy,
    indent: usize,
    whole_line: bool,
}

/// A text redacted word by word, from its start to where [`WordRedaction::read`] stopped: what the
/// words read say of the next, the indentation of the line being read, and the rewritten text so
/// far.
#[derive(Clone, Default)]
pub(crate) struct WordRedaction {
    /// Where in the text the next run starts.
    pub(crate) at: usize,
    next: Next,
    /// How many bytes of spaces the line being read is indented by.
    indent: usize,
    /// Whether a word of the line being read was read (the next word is not its first).
    mid_line: bool,
    /// Whether the word being read is its line's first.
    first_on_line: bool,
    /// The rewritten text, copied only from its first change on: a megabyte log with one label in
    /// it is read, not rebuilt.
    out: Option<String>,
    /// Where in the text the part not yet copied into `out` starts.
    copied_to: usize,
}

impl WordRedaction {
    /// Reads the words of `s` from where the last call stopped until a run that starts at or past
    /// `until` (or the end).
    pub(crate) fn read(&mut self, s: &str, scope: Scope, until: usize) {
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
                self.space(s, start, part);
            } else {
                self.word(s, start, part, scope);
            }
        }
        self.at = s.len();
    }

    /// Whether every word of `s` was read.
    pub(crate) fn is_done(&self, s: &str) -> bool {
        self.at >= s.len()
    }

    /// The rewritten `s`, or `None` when nothing was replaced. Reads what is left first, and
    /// decides a word left undecided at the end.
    pub(crate) fn finish(mut self, s: &str, scope: Scope) -> Option<String> {
        self.read(s, scope, s.len());
        if let Next::Annotation { word, .. } = self.next {
            self.hide_undecided(s, word);
        }
        let mut out = self.out?;
        out.push_str(&s[self.copied_to..]);
        Some(out)
    }

    /// A run of spaces at `start`: a line break ends what belongs to a line.
    fn space(&mut self, s: &str, start: usize, run: &str) {
        // Most runs are a space: read without a search.
        let Some(newline) = run.bytes().rposition(|b| b == b'\n') else {
            if start == 0 {
                self.indent = run.len();
            }
            return;
        };
        self.indent = run.len() - newline - 1;
        self.mid_line = false;
        self.next = match self.next {
            Next::Value(Expected {
                colon: true,
                indent,
                secrecy,
                ..
            }) => {
                if self.indent > indent {
                    Next::Block {
                        indent,
                        after_value: false,
                    }
                } else {
                    // `Enter password:` and the password on the next line.
                    Next::Value(Expected {
                        secrecy,
                        colon: true,
                        no_value: NoValue::Key,
                        indent,
                        whole_line: false,
                    })
                }
            }
            Next::Annotation { word, .. } => {
                self.hide_undecided(s, word);
                Next::Keep
            }
            Next::Block { indent, .. } if self.indent > indent => Next::Block {
                indent,
                after_value: false,
            },
            Next::Inside {
                closer: closer @ Closer::Bracket { .. },
                indent,
                ..
            } => Next::Inside {
                closer,
                indent,
                closing: self.indent <= indent,
            },
            Next::Element {
                ends_with_line: false,
            } => Next::Element {
                ends_with_line: true,
            },
            Next::Scheme(_) => self.next,
            _ => Next::Keep,
        };
    }

    /// One word, `part`, at `start` in `s`.
    fn word(&mut self, s: &str, start: usize, part: &str, scope: Scope) {
        self.first_on_line = !std::mem::replace(&mut self.mid_line, true);
        match std::mem::take(&mut self.next) {
            Next::Keep => self.fresh(s, start, part, scope),
            Next::Inside {
                closer: Closer::Bracket { close, .. },
                closing: true,
                ..
            } if !part.as_bytes().starts_with(&[close]) => self.fresh(s, start, part, scope),
            Next::Inside {
                mut closer, indent, ..
            } => match closer.end_in(part) {
                Some(end) => {
                    self.swallow(s, start + end);
                    // The lines the value ran over are gone: what follows is on its first line.
                    self.indent = indent;
                    // What follows the value in its word is read as a word of its own.
                    if end < part.len() {
                        self.fresh(s, start + end, &part[end..], scope);
                    }
                }
                None => {
                    self.swallow(s, start + part.len());
                    self.next = Next::Inside {
                        closer,
                        indent,
                        closing: false,
                    };
                }
            },
            Next::Name(named) => self.after_name(s, start, part, scope, named),
            Next::Value(expected) => self.after_label(s, start, part, scope, expected),
            Next::Rest => {
                self.swallow(s, start + part.len());
                self.next = Next::Rest;
            }
            Next::Annotation { word, after_bar } => {
                self.after_annotation(s, start, part, scope, word, after_bar)
            }
            Next::Scheme(scheme) => {
                let credential = is_credential_after_scheme(scheme, part)
                    && trim_quotes(part) != REDACTED
                    && self.hide_value(s, start, part, Secrecy::One);
                if !credential {
                    self.fresh(s, start, part, scope);
                }
            }
            // A scheme passes the header on: `Cookie: Bearer <secret>` is no cookie.
            Next::Cookies if is_label_scheme(part) => {
                self.next = Next::Value(Expected {
                    secrecy: Secrecy::One,
                    colon: false,
                    no_value: NoValue::Nothing,
                    indent: self.indent,
                    whole_line: false,
                })
            }
            Next::Cookies => self.cookie_pairs(s, start, part),
            Next::Element { .. } => {
                if part.starts_with('<') {
                    self.fresh(s, start, part, scope);
                } else {
                    let end = part.find('<').unwrap_or(part.len());
                    let _ = self.hide_all(s, start, &part[..end]);
                    if end == part.len() {
                        self.next = Next::Element {
                            ends_with_line: true,
                        };
                    }
                }
            }
            Next::Block {
                indent,
                after_value,
            } => {
                // The keys and list marks of a block stay; every other word is its values.
                let key = part.ends_with(':') || part == "-";
                let hidden = !key
                    && if after_value {
                        self.swallow(s, start + part.len());
                        true
                    } else {
                        self.hide_all(s, start, part)
                    };
                self.next = Next::Block {
                    indent,
                    after_value: hidden,
                };
            }
            Next::Literal { at, len } => {
                if is_comparison(part) {
                    self.next = Next::Compared { at, len };
                } else {
                    self.fresh(s, start, part, scope);
                }
            }
            Next::Compared { at, len } => {
                // `"value" == password)`: a literal compared with a secret's name is the secret.
                if name_secrecy(part.trim_end_matches([')', '{', ':', ';'])).is_some() {
                    self.hide_value(s, at, &s[at..at + len], Secrecy::One);
                }
                self.fresh(s, start, part, scope);
            }
        }
    }

    /// A word after a sensitive name alone.
    fn after_name(&mut self, s: &str, start: usize, part: &str, scope: Scope, named: Named) {
        let Named {
            secrecy,
            typed,
            began_line,
        } = named;
        if is_operator(part) {
            let colon = part == ":";
            self.next = Next::Value(Expected {
                secrecy,
                colon,
                no_value: NoValue::Nothing,
                indent: self.indent,
                whole_line: began_line && (!colon || self.indent > 0),
            });
            return;
        }
        if let Some(operator) = operator_prefix(part) {
            // `PASSWORD ='x'`
            if !self.hide_value(s, start + operator, &part[operator..], secrecy) {
                self.fresh(s, start, part, scope);
            }
            return;
        }
        if !typed {
            if part.eq_ignore_ascii_case("by") {
                // SQL: `IDENTIFIED BY '…'`, `… mysql_native_password BY '…'`.
                self.next = Next::Name(named);
                return;
            }
            if (starts_quoted(part) || looks_like_secret_value(part))
                && self.hide_value(s, start, part, secrecy)
            {
                return;
            }
            if is_annotation(part) {
                // `var token string = …`: one word between the name and its operator.
                self.fresh(s, start, part, scope);
                if self.next == Next::Keep {
                    self.next = Next::Name(Named {
                        typed: true,
                        ..named
                    });
                }
                return;
            }
        }
        self.fresh(s, start, part, scope);
    }

    /// A word after a word that may be a type annotation or the value (`api_key: str` …):
    /// `=` makes it a type, `|` and another type a union of types (`str | None`), anything else
    /// makes it the value. The words of a union must be plain, shapeless words, so that none
    /// that says something of the next (`Bearer`) or holds a credential is passed over.
    fn after_annotation(
        &mut self,
        s: &str,
        start: usize,
        part: &str,
        scope: Scope,
        word: Annotation,
        after_bar: bool,
    ) {
        if after_bar {
            if is_annotation(part)
                && is_plain_word(part)
                && hide_embedded_credentials(part).is_none()
            {
                self.next = Next::Annotation {
                    word,
                    after_bar: false,
                };
                return;
            }
        } else if part == "|" {
            self.next = Next::Annotation {
                word,
                after_bar: true,
            };
            return;
        } else if is_assignment(part) || (part.starts_with('=') && operator_prefix(part).is_some())
        {
            // A type after all: it keeps its words, but not a credential's shape.
            let Annotation {
                at,
                len,
                secrecy,
                indent,
                ..
            } = word;
            if let Some(clean) = hide_embedded_credentials(&s[at..at + len]) {
                self.replace(s, at, len, &clean);
            }
            match operator_prefix(part).filter(|_| !is_assignment(part)) {
                // `api_key: str ='…'`
                Some(operator) => {
                    self.hide_value(s, start + operator, &part[operator..], secrecy);
                }
                None => {
                    self.next = Next::Value(Expected {
                        secrecy,
                        colon: false,
                        no_value: NoValue::Nothing,
                        indent,
                        whole_line: false,
                    });
                }
            }
            return;
        }
        // No assignment: the word was the value (`password: hunter2 # note`), with the rest of
        // its line when its label began the line.
        let hidden = self.hide_undecided(s, word);
        if hidden && word.whole_line {
            self.swallow(s, start + part.len());
            self.next = Next::Rest;
        } else {
            self.fresh(s, start, part, scope);
        }
    }

    /// Hides a word that was left undecided between a type annotation and a value: the value;
    /// whether it did.
    fn hide_undecided(&mut self, s: &str, word: Annotation) -> bool {
        let text = &s[word.at..word.at + word.len];
        self.hide_value(s, word.at, text, word.secrecy)
    }

    /// A word after a label that expects a value.
    fn after_label(&mut self, s: &str, start: usize, part: &str, scope: Scope, expected: Expected) {
        let Expected {
            secrecy,
            colon,
            no_value,
            indent,
            whole_line,
        } = expected;
        if is_label_scheme(part) {
            // A scheme after a label passes the label on: `Authorization: Token <secret>`.
            self.next = Next::Value(Expected {
                colon: false,
                no_value: NoValue::Nothing,
                ..expected
            });
            return;
        }
        let other = match no_value {
            NoValue::Nothing => false,
            NoValue::Flag => part.starts_with('-'),
            NoValue::Key => part.len() > 1 && part.ends_with(':'),
        };
        if other {
            self.fresh(s, start, part, scope);
            return;
        }
        if colon && is_block_scalar(part) {
            self.next = Next::Block {
                indent,
                after_value: false,
            };
            return;
        }
        if colon && is_annotation(part) {
            self.next = Next::Annotation {
                word: Annotation {
                    at: start,
                    len: part.len(),
                    secrecy,
                    indent,
                    whole_line,
                },
                after_bar: false,
            };
            return;
        }
        let unquoted = !starts_quoted(part) && !part.starts_with(['{', '[', '(']);
        if !self.hide_value(s, start, part, secrecy) {
            self.fresh(s, start, part, scope);
        } else if whole_line && unquoted {
            self.next = Next::Rest;
        }
    }

    /// A word read in no state: its own secrets hidden, and what it says of the next.
    fn fresh(&mut self, s: &str, start: usize, part: &str, scope: Scope) {
        let (next, clean) = match scope {
            Scope::Identifier => (
                scheme_after(part),
                hide_credential_runs(part, is_embedded_credential),
            ),
            // A plain word (no label, pair, scheme, URL or query) can hold a credential only by
            // its shape, and says nothing of the next but that it may be a compared literal.
            Scope::Text if is_plain_word(part) => {
                (literal_at(start, part), hide_embedded_credentials(part))
            }
            Scope::Text => {
                let next = scheme_after(part);
                let next = match next {
                    Next::Keep => self.labelled(part).unwrap_or(literal_at(start, part)),
                    next => next,
                };
                let (clean, open) = redact_word(part);
                let inside = |closer| Next::Inside {
                    closer,
                    indent: self.indent,
                    closing: false,
                };
                (open.map_or(next, inside), clean)
            }
        };
        self.next = next;
        if let Some(clean) = clean {
            self.replace(s, start, part.len(), &clean);
        }
    }

    /// What a label, a name, a flag or an element says of the next word.
    fn labelled(&self, part: &str) -> Option<Next> {
        Some(match label(part)? {
            Label::Value { secrecy, colon } => Next::Value(Expected {
                secrecy,
                colon,
                no_value: NoValue::Nothing,
                indent: self.indent,
                // A top-level `name:` may be prose (`password: hunter2 was set`); an indented one
                // is a configuration's.
                whole_line: self.first_on_line && (!colon || self.indent > 0),
            }),
            Label::Flag(secrecy) => Next::Value(Expected {
                secrecy,
                colon: false,
                no_value: NoValue::Flag,
                indent: self.indent,
                whole_line: false,
            }),
            Label::Cookies => Next::Cookies,
            Label::Element => Next::Element {
                ends_with_line: false,
            },
            Label::Name(secrecy) => Next::Name(Named {
                secrecy,
                typed: false,
                began_line: self.first_on_line,
            }),
        })
    }

    /// Hides the value that `word` (at `at` in `s`) starts with, unless it stays
    /// ([`is_kept`]); whether it did. A value left open makes the next words part of it.
    fn hide_value(&mut self, s: &str, at: usize, word: &str, secrecy: Secrecy) -> bool {
        let Some(span) = value_span(word, Form::Word) else {
            return false;
        };
        if is_kept(&word[span.start..span.end], span.quoted, secrecy) {
            return false;
        }
        self.replace(s, at + span.start, span.end - span.start, REDACTED);
        if let Some(closer) = span.open {
            self.next = Next::Inside {
                closer,
                indent: self.indent,
                closing: false,
            };
        }
        true
    }

    /// Hides `part` (at `start`) whole, but for the punctuation around it; whether what it hid
    /// runs to the word's end (so that the next word of the same value joins it).
    fn hide_all(&mut self, s: &str, start: usize, part: &str) -> bool {
        let Some(span) = value_span(part, Form::Word) else {
            return false;
        };
        self.replace(s, start + span.start, span.end - span.start, REDACTED);
        span.end == part.len()
    }

    /// The pairs of a cookie header in `part`, each value hidden and each name kept; the header
    /// goes on after a pair that ends in `;`.
    fn cookie_pairs(&mut self, s: &str, start: usize, part: &str) {
        let mut from = 0;
        for pair in part.split(';') {
            let (value_at, form) = match pair.find('=') {
                Some(eq) => (eq + 1, Form::Pair { after_equals: true }),
                None => (0, Form::Word),
            };
            if let Some(span) = value_span(&pair[value_at..], form) {
                let at = start + from + value_at;
                self.replace(s, at + span.start, span.end - span.start, REDACTED);
            }
            from += pair.len() + 1;
        }
        if part.ends_with(';') {
            self.next = Next::Cookies;
        }
    }

    /// Drops what runs from the last replacement's end to `end`: the words of a value already
    /// replaced by one marker.
    fn swallow(&mut self, s: &str, end: usize) {
        let from = self.copied_to;
        if end > from {
            self.replace(s, from, end - from, "");
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
}

/// What an auth scheme in `part` says of the next word: its credential follows (`Bearer …`), or
/// a label that names a secret does (`Authorization:Token …`, inline).
fn scheme_after(part: &str) -> Next {
    if let Some(scheme) = auth_scheme(part) {
        return Next::Scheme(scheme);
    }
    match label_then_scheme(part) {
        Some((true, _)) => Next::Value(Expected {
            secrecy: Secrecy::One,
            colon: false,
            no_value: NoValue::Nothing,
            indent: 0,
            whole_line: false,
        }),
        Some((false, Some(scheme))) => Next::Scheme(scheme),
        _ => Next::Keep,
    }
}

/// [`Next::Literal`] when `part` (at `start`) is a whole quoted literal.
fn literal_at(start: usize, part: &str) -> Next {
    match complete_literal(part) {
        Some(offset) => Next::Literal {
            at: start + offset,
            len: part.len() - offset,
        },
        None => Next::Keep,
    }
}

/// Whether `word` holds none of the words a sensitive name or an auth scheme holds, no `/` (so no
/// URL or trigger path) and no `?` (no query): most words of a log.
fn is_plain_word(word: &str) -> bool {
    !word.bytes().any(|b| b == b'/' || b == b'?')
        && !contains_any_ignore_case(word.as_bytes(), &SECRET_WORDS)
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

/// Redacts one whitespace-free word: URLs (their passwords, a trigger's token, a webhook's path),
/// inline `name=value` pairs before a query, the query's sensitive parameters, an XML element's
/// content, key formats. With what closes a value the word leaves open.
fn redact_word(word: &str) -> (Option<String>, Option<Closer>) {
    // Without a URL, a trigger path or a query, only pairs and shapes are left (`token=…`,
    // `"password":"…"`, a bare key): read without a copy.
    if !holds(word, b"://") && !word.contains('?') && !holds(word, b"/pipeline_runs/") {
        let element = element_content(word)
            .map(|(start, end)| format!("{}{REDACTED}{}", &word[..start], &word[end..]));
        let base = element.as_deref().unwrap_or(word);
        let (paired, open) = match hide_inline_pairs(base) {
            Some(hidden) => (Some(hidden.text), hidden.open),
            None => (element, None),
        };
        let shapes = hide_embedded_credentials(paired.as_deref().unwrap_or(word));
        return (shapes.or(paired), open);
    }
    let mut out = word.to_owned();
    let mut changed = hide_url_credentials(&mut out);
    changed |= hide_trigger_token(&mut out);
    changed |= hide_webhook_paths(&mut out);
    let head_end = out.find('?').unwrap_or(out.len());
    let mut open = None;
    if let Some(head) = hide_inline_pairs(&out[..head_end]) {
        out.replace_range(..head_end, &head.text);
        open = head.open;
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
    (changed.then_some(out), open)
}

/// `s` with its JSON Web Tokens and key formats hidden, or `None`; text that holds neither a JSON
/// header (`eyJ`) nor a run as long as the shortest key format is turned away at once.
pub(crate) fn hide_embedded_credentials(s: &str) -> Option<String> {
    if !has_key_run(s) && !holds(s, b"eyJ") {
        return None;
    }
    hide_credential_runs(s, is_embedded_credential)
}

#[cfg(test)]
mod tests {
    use crate::text::redact_plain_text;

    /// What spans words stops where the text says it ends: its closer, its line, its indentation.
    #[test]
    fn a_value_over_several_words_ends_where_its_text_ends_it() {
        for (text, expected) in [
            // A bracket left open ends with its line unless the lines below are indented deeper.
            (
                "ERROR invalid token: {\nINFO the next line stays",
                "ERROR invalid token: [redacted]\nINFO the next line stays",
            ),
            (
                "{\n  \"secrets\": {\n    \"a\": \"x\"\n  },\n  \"name\": \"etl\"\n}",
                "{\n  \"secrets\": [redacted],\n  \"name\": \"etl\"\n}",
            ),
            // A quote left open ends with its line.
            (
                "password = \"half open\nnext line stays",
                "password = \"[redacted]\nnext line stays",
            ),
            // An element's content is its line, or the next one.
            (
                "<password>\n  hunter2\n</password>\nafter it",
                "<password>\n  [redacted]\n</password>\nafter it",
            ),
            (
                "<password> is required\nthe next line stays",
                "<password> [redacted] [redacted]\nthe next line stays",
            ),
            // A cookie header ends with its line; a name's operator is on its line.
            (
                "Cookie: a=1; b=2\nc=3; d=4",
                "Cookie: a=[redacted]; b=[redacted]\nc=3; d=4",
            ),
            ("PASSWORD\n= 'x'", "PASSWORD\n= 'x'"),
            // A label that ends its line: its value is on the next, unless a key is.
            (
                "Enter password:\nhunter2 was sent",
                "Enter password:\n[redacted] was sent",
            ),
            ("password:\nuser: etl", "password:\nuser: etl"),
            // A word after `name:` at the line's end was its value, not an annotation.
            (
                "password: hunter2\nnext: 1",
                "password: [redacted]\nnext: 1",
            ),
            // An unquoted value after a configuration's label runs to its line's end; after a
            // label that may be prose, and after a reference, it does not.
            (
                "default:\n  password: correct horse battery\n  user: etl",
                "default:\n  password: [redacted]\n  user: etl",
            ),
            (
                "secret = maple syrup on friday\nname = etl",
                "secret = [redacted]\nname = etl",
            ),
            ("password: hunter2 was set", "password: [redacted] was set"),
            (
                "  password: os.getenv('X') or default",
                "  password: os.getenv('X') or default",
            ),
            // A YAML block ends where its indentation does.
            (
                "secrets:\n  a: x y z\n  b: w\nname: etl",
                "secrets:\n  a: [redacted]\n  b: [redacted]\nname: etl",
            ),
        ] {
            let redacted = redact_plain_text(text).unwrap_or_else(|| text.to_owned());
            assert_eq!(redacted, expected, "{text}");
        }
    }
}
