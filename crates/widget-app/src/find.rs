//! What Find matches, for every list the widget searches in its own Find box (a windowed table's
//! rows, a log file's lines): browser find-in-page cannot see rows that are not drawn. The query
//! becomes a needle (trimmed, lower case); an item matches when its searchable text (lower case,
//! built once per item) contains the needle. The view keeps the texts
//! (`src/views/find`); this is the arithmetic.

/// The needle of a query as typed: trimmed and in lower case. Empty means no search.
pub fn needle(query: &str) -> String {
    query.trim().to_lowercase()
}

/// A text as Find reads it: in lower case, so that each item is lowered once, not at each search.
pub fn searchable(text: &str) -> String {
    text.to_lowercase()
}

/// The items of `order` (positions into `texts`) whose text contains `needle`, in `order`'s
/// order. An item without a text (not built) does not match.
pub fn matching(order: &[usize], texts: &[String], needle: &str) -> Vec<usize> {
    order
        .iter()
        .copied()
        .filter(|&i| texts.get(i).is_some_and(|t| t.contains(needle)))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_query_is_trimmed_and_read_in_lower_case() {
        assert_eq!(needle("  Run_7 "), "run_7");
        assert_eq!(needle(" \t"), "", "blank is no search");
        assert_eq!(needle("ÉTÉ"), "été");
    }

    #[test]
    fn items_match_in_the_order_given_and_unbuilt_items_never_match() {
        let texts: Vec<String> = ["Load Orders", "clean", "export orders"]
            .iter()
            .map(|t| searchable(t))
            .collect();
        assert_eq!(matching(&[2, 1, 0], &texts, &needle("ORDERS")), [2, 0]);
        assert_eq!(matching(&[0, 1, 2], &texts, "nothing"), Vec::<usize>::new());
        assert_eq!(matching(&[0, 7], &texts, "load"), [0], "item 7 has no text");
    }
}
