//! PEM private keys in a text (`-----BEGIN RSA PRIVATE KEY-----` … `-----END RSA PRIVATE
//! KEY-----`, the forms detect-secrets and gitleaks look for): a block is replaced whole, markers
//! included; a block without its END line (a text cut after its start) is hidden to the end of
//! the text; the body before an END line whose BEGIN line is not in the text (a text cut before
//! it) is hidden from its first line of base64.

use crate::marker::REDACTED;

const BEGIN: &str = "-----BEGIN ";
const END: &str = "-----END ";
const KEY_MARKER: &str = "PRIVATE KEY";
const DASHES: &str = "-----";

/// `s` with its private keys hidden, or `None` when it holds none. Reads the whole text: a
/// block's lines are many words.
pub(crate) fn hide_private_key_blocks(s: &str) -> Option<String> {
    let mut out = String::new();
    let mut copied = 0;
    let mut from = 0;
    while let Some((at, marker)) = next_marker(s, from) {
        let label_start = at + marker.len();
        let Some(label_end) = s[label_start..].find(DASHES).map(|i| label_start + i) else {
            break;
        };
        let after_marker = label_end + DASHES.len();
        from = after_marker;
        if !s[label_start..label_end].contains(KEY_MARKER) {
            continue;
        }
        let (start, end) = if marker == BEGIN {
            (at, block_end(s, after_marker))
        } else {
            match body_start(s, at, copied) {
                Some(start) => (start, after_marker),
                // An END line with no body before it names a key and holds none.
                None => continue,
            }
        };
        out.push_str(&s[copied..start]);
        out.push_str(REDACTED);
        copied = end;
        from = end;
    }
    (copied > 0).then(|| out + &s[copied..])
}

/// The first BEGIN or END marker at or after `from`, with which it is.
fn next_marker(s: &str, from: usize) -> Option<(usize, &'static str)> {
    let rest = &s[from..];
    match (rest.find(BEGIN), rest.find(END)) {
        (Some(b), Some(e)) if e < b => Some((from + e, END)),
        (Some(b), _) => Some((from + b, BEGIN)),
        (None, Some(e)) => Some((from + e, END)),
        (None, None) => None,
    }
}

/// Where a block whose BEGIN line ends at `from` ends: past its END line, or the text's end.
fn block_end(s: &str, from: usize) -> usize {
    s[from..]
        .find(END)
        .map(|i| from + i)
        .and_then(|end_marker| {
            let label = end_marker + END.len();
            s[label..].find(DASHES).map(|i| label + i + DASHES.len())
        })
        .unwrap_or(s.len())
}

/// The start of the body before the END marker at `end`: the lines right above it that are
/// base64 and nothing else, back to `floor` at most (a line break is a newline, or `\n` written
/// out in a string), and the base64 that ends the line above them when it starts a value (after
/// a quote, `=` or `:`: `"key": "MIIE…`). `None` when the line above is not base64.
fn body_start(s: &str, end: usize, floor: usize) -> Option<usize> {
    let mut start = end;
    while let Some(line_end) = without_line_break(&s[floor..start]) {
        let line_start = last_line_start(&s[floor..floor + line_end]);
        let line = &s[floor + line_start..floor + line_end];
        if !line.is_empty() && line.bytes().all(is_base64) {
            start = floor + line_start;
            continue;
        }
        let run = line.len() - line.bytes().rev().take_while(|b| is_base64(*b)).count();
        let starts_value = line[..run]
            .trim_end_matches(' ')
            .ends_with(['"', '\'', '=', ':']);
        if run < line.len() && starts_value {
            start = floor + line_start + run;
        }
        break;
    }
    (start < end).then_some(start)
}

/// The length of `head` without the line break it ends in (`\n`, `\r\n`, or `\n` written out),
/// or `None` when it ends in none.
fn without_line_break(head: &str) -> Option<usize> {
    if let Some(rest) = head.strip_suffix("\\n") {
        return Some(rest.strip_suffix("\\r").unwrap_or(rest).len());
    }
    let rest = head.strip_suffix('\n')?;
    Some(rest.strip_suffix('\r').unwrap_or(rest).len())
}

/// Where the last line of `head` starts: after its last line break.
fn last_line_start(head: &str) -> usize {
    let newline = head.rfind('\n').map(|i| i + 1);
    let written = head.rfind("\\n").map(|i| i + 2);
    newline.max(written).unwrap_or(0)
}

/// A character of a PEM body.
fn is_base64(b: u8) -> bool {
    b.is_ascii_alphanumeric() || matches!(b, b'+' | b'/' | b'=')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_whole_block_an_unended_one_and_a_body_cut_from_its_start_are_hidden() {
        let cases = [
            (
                "key: -----BEGIN RSA PRIVATE KEY-----\nMIIEow\n-----END RSA PRIVATE KEY----- loaded",
                "key: [redacted] loaded",
            ),
            (
                "cut: -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAA",
                "cut: [redacted]",
            ),
            (
                "…the log was cut\nMIIEowIBAAKCAQEA+/x\nbm90LWEta2V5==\n-----END RSA PRIVATE KEY-----\nnext line",
                "…the log was cut\n[redacted]\nnext line",
            ),
            (
                "MIIEowIBAAKCAQEA\r\nbm90LWEta2V5\r\n-----END PRIVATE KEY-----",
                "[redacted]",
            ),
            (
                r#"{"key": "MIIEowIBAAKCAQEA\nbm90LWEta2V5\n-----END EC PRIVATE KEY-----\n"}"#,
                r#"{"key": "[redacted]\n"}"#,
            ),
        ];
        for (text, hidden) in cases {
            assert_eq!(
                hide_private_key_blocks(text).as_deref(),
                Some(hidden),
                "{text}"
            );
            assert_eq!(
                hide_private_key_blocks(hidden),
                None,
                "idempotent: {hidden}"
            );
        }
    }

    #[test]
    fn certificates_and_an_end_line_alone_are_left_alone() {
        for text in [
            "-----BEGIN CERTIFICATE----- is public",
            "MIIEow\n-----END CERTIFICATE-----",
            "-----END RSA PRIVATE KEY----- marks where a key ends",
            "see the key below\n-----END PRIVATE KEY-----",
            "-----BEGIN RSA PRIVATE KEY",
        ] {
            assert_eq!(hide_private_key_blocks(text), None, "{text}");
        }
    }
}
