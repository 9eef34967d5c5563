//! Mage's paged lists (`_limit`/`_offset`, `metadata {count, next}`), read page after page up to
//! a bound on pages and a bound on the bytes one call reads.

use serde_json::Value;

use super::client::Mage;
use crate::backend::{ListBound, Listing, Truncation};
use crate::records::records;
use crate::widget_result::ToolError;

/// Records per request when a tool reads every page of a list.
pub const PAGE_SIZE: usize = 100;
/// At most this many pages are read (a bound, not an expectation).
pub const MAX_PAGES: usize = 50;

/// `metadata.count` of a list answer.
pub fn total_count(body: &Value) -> Option<u64> {
    body.pointer("/metadata/count").and_then(Value::as_u64)
}

/// `metadata.next` of a list answer (a boolean in Mage 0.9.80; a URL or null elsewhere).
pub fn has_next(body: &Value) -> bool {
    match body.pointer("/metadata/next") {
        Some(Value::Bool(next)) => *next,
        Some(Value::Null) | None => false,
        Some(Value::String(s)) => !s.is_empty(),
        Some(_) => true,
    }
}

/// Every record of a paged list, at most [`MAX_PAGES`] pages and within the call's byte budget
/// for paged lists (`Mage::get_page`): past either the listing returns what it read, marked
/// truncated with the bound reached and the total Mage gives.
pub async fn all_pages(
    mage: &Mage,
    path: &str,
    query: &[(&str, String)],
    key: &str,
    what: &str,
) -> Result<Listing, ToolError> {
    let mut all = Vec::new();
    let mut cut = Some(ListBound::Records(MAX_PAGES.saturating_mul(PAGE_SIZE)));
    let mut known_total = None;
    for _ in 0..MAX_PAGES {
        let mut q: Vec<(&str, String)> = query.to_vec();
        // The offset is what has come so far: a server that pages by fewer than asked still
        // gets every record once.
        q.push(("_limit", PAGE_SIZE.to_string()));
        q.push(("_offset", all.len().to_string()));
        let Some(body) = mage.get_page(path, &q, what).await? else {
            cut = Some(ListBound::Bytes(mage.list_budget()));
            break;
        };
        let batch = records(&body, key);
        let got = batch.len();
        all.extend(batch);
        known_total = total_count(&body);
        let more = has_next(&body) && got > 0 && known_total.is_none_or(|t| (all.len() as u64) < t);
        if !more {
            cut = None;
            break;
        }
    }
    Ok(Listing {
        records: all,
        truncated: cut.map(|bound| Truncation {
            total: known_total,
            bound,
        }),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn next_is_read_in_every_form() {
        assert!(has_next(&json!({"metadata": {"next": true}})));
        assert!(has_next(
            &json!({"metadata": {"next": "http://x?_offset=100"}})
        ));
        assert!(!has_next(&json!({"metadata": {"next": null}})));
        assert!(!has_next(&json!({})));
        assert_eq!(total_count(&json!({"metadata": {"count": 7}})), Some(7));
    }
}
