//! Helpers the catalogs share.

use super::vocabulary::{Formats, Pagination};

/// "a–b", or "a" when both are the same, written by `f`.
pub fn range(f: &dyn Formats, (first, last): (u64, u64)) -> String {
    if first == last {
        f.integer(first)
    } else {
        format!("{}–{}", f.integer(first), f.integer(last))
    }
}

/// The range of a pagination, if it has one.
pub fn pagination_range(f: &dyn Formats, p: &Pagination) -> Option<String> {
    p.range.map(|r| range(f, r))
}

/// `'value'`, already bounded by the model.
pub fn quote(s: &str) -> String {
    format!("'{s}'")
}
