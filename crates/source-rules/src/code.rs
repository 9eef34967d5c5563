//! A source file's production code as tokens: comments, string and character literals blanked,
//! `#[cfg(test)]` items removed. Byte offsets are kept (every removed byte becomes a space), so a
//! token's offset is its offset in the file.

/// `text` with comments and literals blanked and every `#[cfg(test)]` item removed.
pub fn production_code(text: &str) -> String {
    without_test_items(&blank_comments_and_literals(text))
}

/// `text` with every comment and every string, byte-string, raw-string and character literal
/// replaced by spaces (newlines kept). Lifetimes stay.
pub fn blank_comments_and_literals(text: &str) -> String {
    let bytes = text.as_bytes();
    let mut out = bytes.to_vec();
    let mut i = 0;
    while i < bytes.len() {
        let end = match bytes[i] {
            b'/' if bytes.get(i + 1) == Some(&b'/') => line_end(bytes, i),
            b'/' if bytes.get(i + 1) == Some(&b'*') => block_comment_end(bytes, i),
            b'"' => quoted_end(bytes, i, b'"'),
            b'r' | b'b' if !follows_ident(bytes, i) => raw_string_end(bytes, i),
            b'\'' => char_literal_end(bytes, i),
            _ => None,
        };
        match end {
            Some(end) => {
                blank(&mut out[i..end]);
                i = end;
            }
            None => i += 1,
        }
    }
    // Only ASCII bytes were written over whole literals and comments: still UTF-8.
    String::from_utf8(out).unwrap_or_default()
}

fn blank(bytes: &mut [u8]) {
    for b in bytes.iter_mut().filter(|b| **b != b'\n') {
        *b = b' ';
    }
}

fn follows_ident(bytes: &[u8], i: usize) -> bool {
    i > 0 && (bytes[i - 1].is_ascii_alphanumeric() || bytes[i - 1] == b'_')
}

fn line_end(bytes: &[u8], i: usize) -> Option<usize> {
    Some(
        bytes[i..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(bytes.len(), |p| i + p),
    )
}

/// Block comments nest in Rust.
fn block_comment_end(bytes: &[u8], i: usize) -> Option<usize> {
    let mut depth = 0usize;
    let mut j = i;
    while j + 1 < bytes.len() {
        match (bytes[j], bytes[j + 1]) {
            (b'/', b'*') => {
                depth += 1;
                j += 2;
            }
            (b'*', b'/') => {
                depth -= 1;
                j += 2;
                if depth == 0 {
                    return Some(j);
                }
            }
            _ => j += 1,
        }
    }
    Some(bytes.len())
}

/// The end of a literal opened by `quote` at `i`, escapes honoured.
fn quoted_end(bytes: &[u8], i: usize, quote: u8) -> Option<usize> {
    let mut j = i + 1;
    while j < bytes.len() {
        match bytes[j] {
            b'\\' => j += 2,
            b if b == quote => return Some(j + 1),
            _ => j += 1,
        }
    }
    Some(bytes.len())
}

/// `r"…"`, `r#"…"#`, `br"…"`, and `b"…"` / `b'…'` (byte literals).
fn raw_string_end(bytes: &[u8], i: usize) -> Option<usize> {
    let mut j = i;
    if bytes[j] == b'b' {
        j += 1;
        match bytes.get(j) {
            Some(b'"') => return quoted_end(bytes, j, b'"'),
            Some(b'\'') => return quoted_end(bytes, j, b'\''),
            Some(b'r') => {}
            _ => return None,
        }
    }
    j += 1; // the `r`
    let hashes = bytes[j..].iter().take_while(|&&b| b == b'#').count();
    if bytes.get(j + hashes) != Some(&b'"') {
        return None;
    }
    let body = j + hashes + 1;
    let closing: Vec<u8> = std::iter::once(b'"')
        .chain(std::iter::repeat_n(b'#', hashes))
        .collect();
    Some(
        bytes[body..]
            .windows(closing.len())
            .position(|w| w == closing.as_slice())
            .map_or(bytes.len(), |p| body + p + closing.len()),
    )
}

/// A character literal (`'a'`, `'\n'`, `'\u{1F600}'`, `'é'`); a lifetime (`'a`) is none.
fn char_literal_end(bytes: &[u8], i: usize) -> Option<usize> {
    if bytes.get(i + 1) == Some(&b'\\') {
        return quoted_end(bytes, i, b'\'');
    }
    // One character (1 to 4 bytes of UTF-8), then the closing quote.
    let width = match bytes.get(i + 1)? {
        b if *b < 0x80 => 1,
        b if *b >= 0xF0 => 4,
        b if *b >= 0xE0 => 3,
        _ => 2,
    };
    (bytes.get(i + 1 + width) == Some(&b'\'')).then_some(i + 2 + width)
}

/// `code` (already blanked) with each `#[cfg(test)]` item (its attribute, then everything up to
/// the `;` or the closing brace that ends the item) replaced by spaces.
pub fn without_test_items(code: &str) -> String {
    const TEST_ATTRIBUTE: &str = "#[cfg(test)]";
    let bytes = code.as_bytes();
    let mut out = bytes.to_vec();
    let mut from = 0;
    while let Some(found) = code[from..].find(TEST_ATTRIBUTE) {
        let start = from + found;
        let end = item_end(bytes, start + TEST_ATTRIBUTE.len());
        blank(&mut out[start..end]);
        from = end;
    }
    String::from_utf8(out).unwrap_or_default()
}

/// The end of the item starting at `i`: past the first `;` outside brackets, or past the brace
/// that closes its first `{`.
fn item_end(bytes: &[u8], i: usize) -> usize {
    let mut depth = 0usize;
    for (j, &b) in bytes.iter().enumerate().skip(i) {
        match b {
            b'(' | b'[' | b'{' => depth += 1,
            b')' | b']' => depth = depth.saturating_sub(1),
            b'}' => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    return j + 1;
                }
            }
            b';' if depth == 0 => return j + 1,
            _ => {}
        }
    }
    bytes.len()
}

/// A token of blanked code.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Token<'a> {
    Ident(&'a str),
    /// `::`
    PathSep,
    Punct(u8),
}

/// The tokens of blanked code, each with its byte offset. Numbers are skipped.
pub fn tokens(code: &str) -> Vec<(usize, Token<'_>)> {
    let bytes = code.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        let b = bytes[i];
        let run = |from: usize| {
            bytes[from..]
                .iter()
                .position(|c| !(c.is_ascii_alphanumeric() || *c == b'_'))
                .map_or(bytes.len(), |p| from + p)
        };
        if b.is_ascii_alphabetic() || b == b'_' {
            let end = run(i);
            out.push((i, Token::Ident(&code[i..end])));
            i = end;
        } else if b.is_ascii_digit() {
            i = run(i);
        } else if b == b':' && bytes.get(i + 1) == Some(&b':') {
            out.push((i, Token::PathSep));
            i += 2;
        } else {
            if !b.is_ascii_whitespace() {
                out.push((i, Token::Punct(b)));
            }
            i += 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn comments_and_literals_are_blanked_and_offsets_kept() {
        let text = "a // crate::x\nb /* crate::y /* nested */ still */ c \"crate::z \\\" q\" d r#\"crate::w\"# e 'x' f<'a> g b\"crate::v\" h '\\'' i";
        let code = blank_comments_and_literals(text);
        assert_eq!(code.len(), text.len());
        assert!(!code.contains("crate"), "{code}");
        let words: Vec<&str> = code.split_whitespace().collect();
        assert_eq!(words, ["a", "b", "c", "d", "e", "f<'a>", "g", "h", "i"]);
    }

    #[test]
    fn test_items_are_removed_whatever_their_form() {
        let text = "use a;\n#[cfg(test)]\nmod t { fn x() { crate::b::c(); } }\nfn keep() {}\n#[cfg(test)]\nmod stub_tests;\n#[cfg(test)]\nuse crate::d;\n#[cfg(test)]\n#[allow(dead_code)]\nfn helper() -> [u8; 2] { [0; 2] }\nfn also_kept() {}";
        let code = production_code(text);
        let words: Vec<&str> = code.split_whitespace().collect();
        assert_eq!(
            words,
            ["use", "a;", "fn", "keep()", "{}", "fn", "also_kept()", "{}"]
        );
    }

    #[test]
    fn tokens_are_identifiers_path_separators_and_punctuation() {
        let found: Vec<Token> = tokens("pub(crate) use crate::{a, b::c as d}; 42")
            .into_iter()
            .map(|(_, t)| t)
            .collect();
        use Token::*;
        assert_eq!(
            found,
            [
                Ident("pub"),
                Punct(b'('),
                Ident("crate"),
                Punct(b')'),
                Ident("use"),
                Ident("crate"),
                PathSep,
                Punct(b'{'),
                Ident("a"),
                Punct(b','),
                Ident("b"),
                PathSep,
                Ident("c"),
                Ident("as"),
                Ident("d"),
                Punct(b'}'),
                Punct(b';'),
            ]
        );
    }
}
