//! The pure arithmetic of a table: the sort a header click leads to, fixed row heights, and which
//! rows a windowed table draws for a scroll position. Tested natively.

use widget_model::sort::Direction;
use widget_model::Density;

/// Lists longer than this are windowed.
pub const WINDOW_AFTER: usize = 200;
/// Rows rendered above and below the visible ones. Five, not ten: the browser lays out every drawn
/// row again as rows enter (an auto-layout table), so the window's size is most of a scroll
/// frame's layout and paint; five rows (150 px) still cover a wheel's 120 px a frame. Measured by
/// `bench/widget.mjs`: scrolling 10,000 rows at 600 px a frame went from 9 tasks over 50 ms to
/// none (wasm) and from 71 to 13 (JS build).
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

/// The slice of `count` rows to render for a scroll position, with overscan.
pub fn visible_range(
    count: usize,
    scroll_top: f64,
    viewport: f64,
    row: f64,
) -> std::ops::Range<usize> {
    let first = ((scroll_top.max(0.0) / row).floor() as usize).saturating_sub(OVERSCAN);
    let shown = (viewport.max(row) / row).ceil() as usize + 2 * OVERSCAN;
    first.min(count)..(first + shown).min(count)
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
}
