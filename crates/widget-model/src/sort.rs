//! Sorting rows by a column, in natural order: `item2` before `item10`, numbers by value, times by
//! instant, missing values last whichever the direction.

use std::cmp::Ordering;

use crate::cell::SortKey;
use crate::rows::Rows;

/// Which way a column is sorted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    Ascending,
    Descending,
}

impl Direction {
    /// The `aria-sort` value for a column sorted this way.
    pub fn aria(self) -> &'static str {
        match self {
            Direction::Ascending => "ascending",
            Direction::Descending => "descending",
        }
    }

    pub fn flipped(self) -> Direction {
        match self {
            Direction::Ascending => Direction::Descending,
            Direction::Descending => Direction::Ascending,
        }
    }
}

/// The row indices of `rows` ordered by column `column`. Stable: equal keys keep their order.
pub fn sorted_order(rows: &Rows, column: usize, direction: Direction) -> Vec<usize> {
    let keys: Vec<SortKey> = rows
        .iter()
        .map(|row| {
            row.cells
                .get(column)
                .map_or(SortKey::Missing, |c| c.sort_key())
        })
        .collect();
    widget_sort::sorted_positions(keys.len(), &mut |a, b| {
        let (ka, kb) = (&keys[a], &keys[b]);
        match (ka, kb) {
            (SortKey::Missing, SortKey::Missing) => Ordering::Equal,
            (SortKey::Missing, _) => Ordering::Greater,
            (_, SortKey::Missing) => Ordering::Less,
            _ => {
                let o = compare_keys(ka, kb);
                if direction == Direction::Descending {
                    o.reverse()
                } else {
                    o
                }
            }
        }
    })
}

fn rank(key: &SortKey) -> u8 {
    match key {
        SortKey::Bool(_) => 0,
        SortKey::Number(_) => 1,
        SortKey::Time(_) => 2,
        SortKey::Text(_) => 3,
        SortKey::Missing => 4,
    }
}

/// Total order over sort keys; mixed kinds order by kind.
pub fn compare_keys(a: &SortKey, b: &SortKey) -> Ordering {
    match (a, b) {
        (SortKey::Bool(x), SortKey::Bool(y)) => x.cmp(y),
        (SortKey::Number(x), SortKey::Number(y)) => x.total_cmp(y),
        (SortKey::Time(x), SortKey::Time(y)) => x.cmp(y),
        (SortKey::Text(x), SortKey::Text(y)) => natural_cmp(x, y),
        _ => rank(a).cmp(&rank(b)),
    }
}

/// Natural order: runs of ASCII digits compare by value, the rest character by character.
pub fn natural_cmp(a: &str, b: &str) -> Ordering {
    let (mut a, mut b) = (a, b);
    loop {
        match (a.chars().next(), b.chars().next()) {
            (None, None) => return Ordering::Equal,
            (None, Some(_)) => return Ordering::Less,
            (Some(_), None) => return Ordering::Greater,
            (Some(x), Some(y)) if x.is_ascii_digit() && y.is_ascii_digit() => {
                let (na, ra) = split_digits(a);
                let (nb, rb) = split_digits(b);
                let (ta, tb) = (na.trim_start_matches('0'), nb.trim_start_matches('0'));
                let by_value = ta.len().cmp(&tb.len()).then_with(|| ta.cmp(tb));
                // "01" after "1", so that the order stays total.
                let o = by_value.then_with(|| na.len().cmp(&nb.len()));
                if o != Ordering::Equal {
                    return o;
                }
                (a, b) = (ra, rb);
            }
            (Some(x), Some(y)) => {
                if x != y {
                    return x.cmp(&y);
                }
                (a, b) = (&a[x.len_utf8()..], &b[y.len_utf8()..]);
            }
        }
    }
}

fn split_digits(s: &str) -> (&str, &str) {
    let end = s.find(|c: char| !c.is_ascii_digit()).unwrap_or(s.len());
    s.split_at(end)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cell::Cell;
    use crate::rows::Row;

    #[test]
    fn natural_order_reads_numbers_as_numbers() {
        let mut items = vec![
            "item10", "item2", "item1", "Item3", "item02", "block_b", "block_a",
        ];
        items.sort_by(|a, b| natural_cmp(&a.to_lowercase(), &b.to_lowercase()));
        assert_eq!(
            items,
            ["block_a", "block_b", "item1", "item2", "item02", "Item3", "item10"]
        );
        assert_eq!(natural_cmp("a", "a"), Ordering::Equal);
        assert_eq!(natural_cmp("é2", "é10"), Ordering::Less);
        assert_eq!(natural_cmp("éa", "éb"), Ordering::Less);
        assert_eq!(natural_cmp("aé", "aè"), 'é'.cmp(&'è'));
        assert_eq!(
            natural_cmp("99999999999999999999999", "100000000000000000000000"),
            Ordering::Less
        );
    }

    fn rows(values: &[Option<f64>]) -> Rows {
        Rows::built(
            values
                .iter()
                .map(|v| Row {
                    key: String::new(),
                    ids: Default::default(),
                    cells: vec![v.map_or(Cell::Missing, |value| Cell::Number {
                        value,
                        text: String::new(),
                    })],
                })
                .collect(),
        )
    }

    #[test]
    fn missing_values_sort_last_both_ways() {
        let r = rows(&[Some(2.0), None, Some(1.0), Some(3.0)]);
        assert_eq!(sorted_order(&r, 0, Direction::Ascending), [2, 0, 3, 1]);
        assert_eq!(sorted_order(&r, 0, Direction::Descending), [3, 0, 2, 1]);
    }

    #[test]
    fn sorting_a_missing_column_keeps_order() {
        let r = rows(&[Some(2.0), Some(1.0)]);
        assert_eq!(sorted_order(&r, 5, Direction::Ascending), [0, 1]);
    }
}
