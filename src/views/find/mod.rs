//! The widget's own Find, for every list drawn in a window (a long table's rows, a log file's
//! lines): browser find-in-page cannot see what is not drawn, so this one searches every item and
//! says how many match. What matches is `widget_app::find`; this keeps each item's searchable text
//! ([`FindIndex`]), built once, and draws the box ([`FindBox`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use leptos::html::Div;
use leptos::prelude::*;
use widget_model::words::Msg;

use crate::views::locale::t;

/// How long one idle slice of building the texts may run, in ms (well under a frame).
const SLICE_MS: f64 = 8.0;
/// How long after the list is drawn the idle building starts: the host's resize and the first
/// paint go first.
const IDLE_AFTER: Duration = Duration::from_millis(300);

/// An item's searchable text (`widget_app::find::searchable`), by its position.
type TextOf = Arc<dyn Fn(usize) -> String + Send + Sync>;

/// Every item's searchable text, built from the first item on: at the first search, or before it
/// in idle slices ([`FindIndex::build_when_idle`]).
#[derive(Clone, Copy)]
pub struct FindIndex {
    count: usize,
    text_of: StoredValue<TextOf>,
    texts: StoredValue<Vec<String>>,
    /// Whether every text is built (a search is then a filter only).
    pub ready: RwSignal<bool>,
}

impl FindIndex {
    /// The index of `count` items, whose texts `text_of` makes.
    pub fn new(count: usize, text_of: impl Fn(usize) -> String + Send + Sync + 'static) -> Self {
        FindIndex {
            count,
            text_of: StoredValue::new(Arc::new(text_of)),
            texts: StoredValue::new(Vec::new()),
            ready: RwSignal::new(count == 0),
        }
    }

    /// Builds texts until all are built or, with a deadline (ms since the epoch), until it
    /// passes. Whether all are built.
    fn build(self, deadline: Option<f64>) -> bool {
        let Some(text_of) = self.text_of.try_get_value() else {
            return true;
        };
        let done = self
            .texts
            .try_update_value(|texts| {
                while texts.len() < self.count {
                    texts.push(text_of(texts.len()));
                    if deadline.is_some_and(|d| js_sys::Date::now() > d) {
                        break;
                    }
                }
                texts.len() >= self.count
            })
            .unwrap_or(true);
        if done && !self.ready.get_untracked() {
            self.ready.set(true);
        }
        done
    }

    /// The items of `order` whose text contains `needle` (building what is not built yet).
    fn matching(self, order: &[usize], needle: &str) -> Vec<usize> {
        self.build(None);
        self.texts
            .try_with_value(|texts| widget_app::find::matching(order, texts, needle))
            .unwrap_or_default()
    }

    /// Builds the texts in slices of [`SLICE_MS`] between other work, starting [`IDLE_AFTER`]
    /// from now; stops when the list goes.
    pub fn build_when_idle(self) {
        let alive = Arc::new(AtomicBool::new(true));
        on_cleanup({
            let alive = Arc::clone(&alive);
            move || alive.store(false, Ordering::Relaxed)
        });
        fn slice(index: FindIndex, alive: Arc<AtomicBool>, after: Duration) {
            set_timeout(
                move || {
                    if alive.load(Ordering::Relaxed)
                        && !index.build(Some(js_sys::Date::now() + SLICE_MS))
                    {
                        slice(index, alive, Duration::ZERO);
                    }
                },
                after,
            );
        }
        slice(self, alive, IDLE_AFTER);
    }
}

/// `order` (item positions in display order) as Find leaves it: unchanged while the query is
/// blank, else only the items that match. Typing blanks around a query does not search again.
pub fn found_order(
    order: Memo<Arc<Vec<usize>>>,
    query: RwSignal<String>,
    index: FindIndex,
) -> Memo<Arc<Vec<usize>>> {
    let needle = Memo::new(move |_| query.with(|q| widget_app::find::needle(q)));
    Memo::new(move |_| {
        let needle = needle.get();
        if needle.is_empty() {
            return order.get();
        }
        Arc::new(order.with(|o| index.matching(o, &needle)))
    })
}

/// The Find box: a search field and how many items match.
///
/// - `query`: what is typed.
/// - `index`: the items' texts (its readiness is the box's `data-ready`).
/// - `found`: the items that match, in display order.
/// - `everything`: what the count says with no search ("5,000 rows", "3,702 lines").
/// - `total`: how many items there are.
/// - `scroll_top`, `scroller`: the list's scroll position and box, back to the top on each search.
#[component]
pub fn FindBox(
    query: RwSignal<String>,
    index: FindIndex,
    found: Memo<Arc<Vec<usize>>>,
    everything: Msg,
    total: usize,
    scroll_top: RwSignal<f64>,
    scroller: NodeRef<Div>,
) -> impl IntoView {
    let count = move || {
        if query.with(String::is_empty) {
            t(&everything)
        } else {
            t(&Msg::RowsMatch {
                shown: found.with(|f| f.len()) as u64,
                total: total as u64,
            })
        }
    };
    let on_input = move |ev| {
        query.set(event_target_value(&ev));
        scroll_top.set(0.0);
        if let Some(el) = scroller.get_untracked() {
            el.set_scroll_top(0);
        }
    };
    view! {
        // The class names tests and benchmarks select the box by.
        // data-ready: every item's text is built, so a search filters only (benchmarks wait on it).
        <div class="table-find" data-ready=move || index.ready.get().then_some("")>
            <label class="table-find__label">
                {t(&Msg::Find)}
                <input type="search" class="table-find__input" placeholder=t(&Msg::FindPlaceholder) on:input=on_input/>
            </label>
            <span class="table-find__count" role="status">{count}</span>
        </div>
    }
}
