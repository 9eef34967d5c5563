//! The pure arithmetic of a table: the sort a header click leads to, fixed row heights, and which
//! rows a windowed table draws for a scroll position. Tested natively.

use std::ops::Range;

use widget_model::sort::Direction;
use widget_model::Density;

/// Lists longer than this are windowed.
pub const WINDOW_AFTER: usize = 200;
/// Rows rendered above and below the visible ones: few, because the browser lays out every drawn
/// row again as rows enter (an auto-layout table), so the window's size is most of a scroll
/// frame's layout and paint; five rows (150 px) still cover a wheel's 120 px a frame (the
/// scrolling figures are in docs/performance.md).
pub const OVERSCAN: usize = 5;

/// The next sort after a click on column `column`: ascending, descending, then the producer's order.
pub fn next_sort(current: Option<(usize, Direction)>, column: usize) -> Option<(usize, Direction)> {
    match current {
        Some((c, Direction::Ascending)) if c == column => Some((column, Direction::Descending)),
        Some((c, Direction::Descending)) if c == column => None,
        _ => Some((column, Direction::Ascending)),
    }
}

/// The fixed row height of a windowed table, in CSS pixels (matches table.css).
pub fn row_height(density: Density) -> f64 {
    match density {
        Density::Compact => 30.0,
        Density::Comfortable => 38.0,
    }
}

/// How many rows a windowed table draws at most in a viewport `viewport` px high: the visible
/// rows and the overscan either side. Also the number of row elements the table recycles.
pub fn window_capacity(viewport: f64, row: f64) -> usize {
    (viewport.max(row) / row).ceil() as usize + 2 * OVERSCAN
}

/// The slice of `count` rows to render for a scroll position, with overscan; never longer than
/// [`window_capacity`] for the same viewport.
pub fn visible_range(count: usize, scroll_top: f64, viewport: f64, row: f64) -> Range<usize> {
    let first = ((scroll_top.max(0.0) / row).floor() as usize).saturating_sub(OVERSCAN);
    let shown = window_capacity(viewport, row);
    first.min(count)..(first + shown).min(count)
}

/// The slot (of `capacity` recycled row elements) that draws the row at position `position`:
/// a row keeps its slot while it stays in the window, so scrolling by `k` rows redraws `k` slots
/// and leaves the others as they are.
pub fn slot_of(position: usize, capacity: usize) -> usize {
    position % capacity.max(1)
}

/// The position whose row slot `slot` draws for the window `range`, if any: the one position of
/// the range that [`slot_of`] maps to it (a range is never longer than the capacity).
pub fn slot_position(slot: usize, capacity: usize, range: &Range<usize>) -> Option<usize> {
    let capacity = capacity.max(1);
    let position = range.start + (slot + capacity - range.start % capacity) % capacity;
    (slot < capacity && position < range.end).then_some(position)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clicks_cycle_ascending_descending_original() {
        let s = next_sort(None, 2);
        assert_eq!(s, Some((2, Direction::Ascending)));
        let s = next_sort(s, 2);
        assert_eq!(s, Some((2, Direction::Descending)));
        assert_eq!(next_sort(s, 2), None);
        assert_eq!(next_sort(s, 0), Some((0, Direction::Ascending)));
    }

    #[test]
    fn the_window_follows_the_scroll_with_overscan() {
        assert_eq!(
            visible_range(10_000, 0.0, 440.0, 30.0),
            0..15 + 2 * OVERSCAN
        );
        let r = visible_range(10_000, 30.0 * 5_000.0, 440.0, 30.0);
        assert_eq!(r.start, 5_000 - OVERSCAN);
        assert_eq!(r.len(), 15 + 2 * OVERSCAN);
        assert_eq!(visible_range(100, 1e9, 440.0, 30.0), 100..100);
        assert_eq!(visible_range(0, 0.0, 0.0, 30.0), 0..0);
    }

    #[test]
    fn every_drawn_row_has_its_own_slot_and_keeps_it_while_in_the_window() {
        let capacity = window_capacity(440.0, 30.0);
        let mut previous: Option<(Range<usize>, Vec<usize>)> = None;
        for scroll_top in [
            0.0, 29.0, 30.0, 95.0, 3_000.0, 3_031.0, 299_000.0, 299_700.0,
        ] {
            let range = visible_range(10_000, scroll_top, 440.0, 30.0);
            assert!(range.len() <= capacity);
            let slots: Vec<usize> = range.clone().map(|p| slot_of(p, capacity)).collect();
            let mut distinct = slots.clone();
            distinct.sort_unstable();
            distinct.dedup();
            assert_eq!(
                distinct.len(),
                slots.len(),
                "two rows share a slot at {scroll_top}"
            );
            for (position, &slot) in range.clone().zip(&slots) {
                assert_eq!(slot_position(slot, capacity, &range), Some(position));
            }
            // Slots that draw no row of the window say so.
            for slot in 0..capacity + 2 {
                if !slots.contains(&slot) {
                    assert_eq!(slot_position(slot, capacity, &range), None);
                }
            }
            if let Some((before, before_slots)) = previous {
                for (position, slot) in before.zip(before_slots) {
                    if range.contains(&position) {
                        assert_eq!(slot_of(position, capacity), slot);
                    }
                }
            }
            previous = Some((range, slots));
        }
        assert_eq!(slot_position(0, 0, &(0..0)), None);
    }
}
