//! One stable sort for the whole widget.
//!
//! `slice::sort_by` is generic over the element and the comparison, so each call site with its own
//! element type would put a whole driftsort into the widget's wasm.
//! Every stable sort in the pure crates goes through [`sorted_positions`] instead: it sorts
//! positions (`usize`) with a `dyn` comparison, so the wasm holds that sort once, and
//! [`sort_by`] moves the elements into the order found (a small function per element type).
//! The cost is an indirect call per comparison, far below what the comparisons themselves do here.
//!
//! Entry points: [`sort_by`], [`sort_by_key`] and [`sorted_positions`].
//!
//! Never: be bypassed by a pure crate's own `sort_by` on a new element type (each would add a sort
//! routine to the wasm); sort unstably.
//!
//! Depends on: no crate at all; `graph-layout`, `widget-model` and `widget-app` use it.

use core::cmp::Ordering;

/// The positions `0..len` in stable order by `compare` (which compares two positions): equal
/// elements keep their order.
pub fn sorted_positions(
    len: usize,
    compare: &mut dyn FnMut(usize, usize) -> Ordering,
) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by(|&a, &b| compare(a, b));
    order
}

/// Sorts `items` stably by `compare`, as `slice::sort_by` does.
pub fn sort_by<T>(items: &mut [T], mut compare: impl FnMut(&T, &T) -> Ordering) {
    let order = sorted_positions(items.len(), &mut |a, b| compare(&items[a], &items[b]));
    apply(items, &order);
}

/// Sorts `items` stably by the key `key` gives, as `slice::sort_by_key` does.
pub fn sort_by_key<T, K: Ord>(items: &mut [T], mut key: impl FnMut(&T) -> K) {
    sort_by(items, |a, b| key(a).cmp(&key(b)));
}

/// Puts `items` in `order` (position `k` receives the element that was at `order[k]`) by
/// following each cycle of the permutation with swaps.
fn apply<T>(items: &mut [T], order: &[usize]) {
    let mut placed = vec![false; items.len()];
    for start in 0..items.len() {
        if placed[start] {
            continue;
        }
        let mut at = start;
        loop {
            placed[at] = true;
            let from = order[at];
            if from == start {
                break;
            }
            items.swap(at, from);
            at = from;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small deterministic generator: the test needs variety, not a dependency.
    fn numbers(seed: u64, len: usize) -> Vec<(u8, usize)> {
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (0..len)
            .map(|i| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                ((state >> 59) as u8, i)
            })
            .collect()
    }

    #[test]
    fn sorts_as_the_standard_stable_sort_does() {
        for seed in 0..200 {
            for len in [0, 1, 2, 3, 7, 20, 33, 100] {
                let mut ours = numbers(seed, len);
                let mut std_sorted = ours.clone();
                // Compare on the first field only: stability decides the order of equal keys.
                sort_by(&mut ours, |a, b| a.0.cmp(&b.0));
                std_sorted.sort_by_key(|a| a.0);
                assert_eq!(ours, std_sorted, "seed {seed}, len {len}");
            }
        }
    }

    #[test]
    fn sorts_by_key_and_in_reverse() {
        let mut words = vec!["pear", "fig", "apple", "kiwi", "banana"];
        sort_by_key(&mut words, |w| w.len());
        assert_eq!(words, ["fig", "pear", "kiwi", "apple", "banana"]);
        sort_by_key(&mut words, |w| std::cmp::Reverse(*w));
        assert_eq!(words, ["pear", "kiwi", "fig", "banana", "apple"]);
    }

    #[test]
    fn positions_are_a_stable_permutation() {
        let keys = [3, 1, 2, 1, 3, 0];
        let order = sorted_positions(keys.len(), &mut |a, b| keys[a].cmp(&keys[b]));
        assert_eq!(order, [5, 1, 3, 2, 0, 4]);
    }
}
