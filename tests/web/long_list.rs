//! A long list's table: windowed, its row elements recycled, focus never left in a recycled row, and
//! sorting and Find over every row (the Find box, `views::find`, built while idle).

use crate::mount::{
    all, click, container, digits, model, mount, one, text, texts, wait_until, Recorder,
};
use crate::table::first_column;
use leptos::{prelude::*, task::tick};
use resource_widget::views::table::ListTable;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;
use web_sys::HtmlElement;

/// `n` runs, the run's id in the first column (declared, as a producer may).
fn runs_json(n: usize) -> String {
    let records: Vec<String> = (0..n)
        .map(|i| {
            format!(
                r#"{{"id":{},"status":"{}","pipeline_uuid":"p{}"}}"#,
                i + 1,
                if i % 3 == 0 { "failed" } else { "completed" },
                i % 7
            )
        })
        .collect();
    format!(
        r#"{{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline_runs","action":"list","state":"ok","columns":["id","status","pipeline_uuid"],"records":[{}]}}"#,
        records.join(",")
    )
}

/// A `ListTable` of `n` runs (`runs_json`) mounted in a fresh 760-px section. Keep the handle.
fn long_list(n: usize) -> (HtmlElement, impl Sized) {
    let section = container(Some(760));
    let recorder = Recorder::default();
    let m = model(&runs_json(n));
    let handle = mount(&section, &recorder, move || view! { <ListTable model=m/> });
    (section, handle)
}

/// Scrolls a windowed table's region to row `rows` (30-px rows) and says so, as the browser does.
fn scroll_table_to(section: &Element, rows: i32) {
    let scroll = one(section, ".table-scroll").unchecked_into::<HtmlElement>();
    scroll.set_scroll_top(30 * rows);
    scroll
        .dispatch_event(&web_sys::Event::new("scroll").expect("event"))
        .expect("dispatch");
}

#[wasm_bindgen_test]
async fn a_long_list_renders_only_the_rows_in_view_and_follows_the_scroll() {
    let (section, _handle) = long_list(5_000);
    tick().await;
    let rendered = all(&section, ".table tbody tr:not(.table__spacer)").len();
    assert!(rendered > 10 && rendered < 80, "{rendered} rows in the DOM");
    assert_eq!(
        one(&section, ".table")
            .get_attribute("aria-rowcount")
            .as_deref(),
        Some("5001")
    );
    scroll_table_to(&section, 2_500);
    tick().await;
    let ids = texts(
        &section,
        ".table tbody tr:not(.table__spacer) td:first-child .id__value",
    );
    assert!(
        ids.iter().any(|id| id == "2501"),
        "row 2501 in view after scrolling: {ids:?}"
    );
    assert!(all(&section, ".table tbody tr:not(.table__spacer)").len() < 80);
}

/// Each drawn row's record number and whether the row shows that record's own status and
/// pipeline (`runs_json`'s records: failed every third, pipeline `p{i % 7}`).
fn drawn_runs(section: &Element) -> Vec<(u32, bool)> {
    all(section, ".table tbody tr:not(.table__spacer)")
        .iter()
        .map(|row| {
            let id: u32 = text(&one(row, ".id__value")).parse().expect("a run id");
            let row_text = text(row).to_lowercase();
            let status = if (id - 1).is_multiple_of(3) {
                "failed"
            } else {
                "completed"
            };
            let own = row_text.contains(status) && row_text.contains(&format!("p{}", (id - 1) % 7));
            (id, own)
        })
        .collect()
}

/// The drawn rows' run numbers, checked to be consecutive and each row to show its own run.
fn drawn_runs_in_order(section: &Element) -> Vec<u32> {
    let runs = drawn_runs(section);
    assert!(
        runs.iter().all(|(_, own)| *own),
        "a row shows another record's cells: {runs:?}"
    );
    let ids: Vec<u32> = runs.iter().map(|(id, _)| *id).collect();
    assert!(
        ids.windows(2).all(|w| w[1] == w[0] + 1),
        "rows out of order: {ids:?}"
    );
    ids
}

#[wasm_bindgen_test]
async fn scrolling_a_long_list_recycles_row_elements_and_each_shows_its_own_record() {
    let (section, _handle) = long_list(5_000);
    tick().await;
    let drawn_first = all(&section, ".table tbody tr:not(.table__spacer)");
    for rows_down in [3, 4, 40, 2_000] {
        scroll_table_to(&section, rows_down);
        tick().await;
        let drawn = all(&section, ".table tbody tr:not(.table__spacer)");
        assert!(
            drawn.iter().all(|row| drawn_first.contains(row)),
            "a row element was created scrolling to row {rows_down}"
        );
        let ids = drawn_runs_in_order(&section);
        // Assistive technology hears each row's place in the order (the header row is 1).
        let places: Vec<Option<String>> = all(&section, ".table tbody tr:not(.table__spacer)")
            .iter()
            .map(|row| row.get_attribute("aria-rowindex"))
            .collect();
        let expected: Vec<Option<String>> =
            ids.iter().map(|id| Some((id + 1).to_string())).collect();
        assert_eq!(
            places, expected,
            "aria-rowindex after scrolling to row {rows_down}"
        );
        let first_in_view = rows_down as u32 + 1;
        assert!(
            ids.contains(&first_in_view),
            "run {first_in_view} not drawn: {ids:?}"
        );
    }
}

#[wasm_bindgen_test]
async fn a_taller_frame_draws_more_recycled_rows_and_each_shows_its_own_record() {
    let (section, _handle) = long_list(5_000);
    tick().await;
    let before = drawn_runs(&section).len();
    // The host grows the frame (fullscreen): the region is taller, so the window holds more rows
    // and a new set of slots is drawn.
    section
        .style()
        .set_property("--table-max-height", "900px")
        .expect("height");
    scroll_table_to(&section, 100);
    tick().await;
    let ids = drawn_runs_in_order(&section);
    assert!(
        ids.len() > before + 10,
        "{} rows drawn, {before} before",
        ids.len()
    );
    assert!(
        ids.contains(&101) && ids.contains(&125),
        "rows 101 to 125 in view: {ids:?}"
    );
    // The new slots are recycled in turn.
    let drawn = all(&section, ".table tbody tr:not(.table__spacer)");
    scroll_table_to(&section, 103);
    tick().await;
    assert!(all(&section, ".table tbody tr:not(.table__spacer)")
        .iter()
        .all(|row| drawn.contains(row)));
    assert!(drawn_runs(&section).iter().all(|(_, own)| *own));
}

#[wasm_bindgen_test]
async fn focus_never_stays_in_a_row_element_handed_to_another_record() {
    let (section, _handle) = long_list(5_000);
    tick().await;
    let document = web_sys::window()
        .expect("window")
        .document()
        .expect("document");
    let copy =
        one(&section, ".table tbody tr:not(.table__spacer) .copy").unchecked_into::<HtmlElement>();
    copy.focus().expect("focus");
    let scroll_to = |rows: i32| scroll_table_to(&section, rows);
    // Still in the window: focus stays where it was.
    scroll_to(2);
    tick().await;
    assert_eq!(document.active_element(), Some(copy.clone().into()));
    // Out of it: its element now shows another run, so focus is not left in it (nor in any
    // row): the slot's move drops it, or the slot hands it to the table's region.
    for rows in [2_000, 2_013, 7, 4_990] {
        copy.focus().expect("focus");
        scroll_to(rows);
        tick().await;
        let in_a_row = document
            .active_element()
            .is_some_and(|a| a.closest(".table tbody tr").ok().flatten().is_some());
        assert!(
            !in_a_row,
            "focus left in a recycled row after scrolling to row {rows}"
        );
    }
    // Sorting rewrites the drawn slots in place (nothing moves): a row's control that kept focus
    // through a click elsewhere (WebKit does not focus clicked buttons) would now show another
    // run; focus goes to the table's region.
    scroll_to(0);
    tick().await;
    let copy =
        one(&section, ".table tbody tr:not(.table__spacer) .copy").unchecked_into::<HtmlElement>();
    copy.focus().expect("focus");
    // Ascending is the order already; descending changes every drawn row.
    click(&section, ".table th .sort");
    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(first_column(&section)[0], "5000");
    let region = one(&section, ".table-scroll");
    assert_eq!(
        document.active_element(),
        Some(region),
        "focus after sorting"
    );
}

#[wasm_bindgen_test]
async fn sorting_and_finding_cover_every_row_of_a_long_list() {
    let (section, _handle) = long_list(5_000);
    click(&section, ".table th .sort");
    click(&section, ".table th .sort");
    tick().await;
    assert_eq!(
        first_column(&section)[0],
        "5000",
        "descending over all rows"
    );
    let first_row = || one(&section, ".table tbody tr:not(.table__spacer)");
    assert_eq!(
        first_row().get_attribute("aria-rowindex").as_deref(),
        Some("2")
    );
    let input = one(&section, ".table-find__input").unchecked_into::<web_sys::HtmlInputElement>();
    input.set_value("4321");
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    tick().await;
    assert_eq!(first_column(&section), ["4321"]);
    assert_eq!(
        first_row().get_attribute("aria-rowindex").as_deref(),
        Some("2")
    );
    assert!(digits(&text(&one(&section, ".table-find__count"))).contains("1 of 5000 rows match"));
}

#[wasm_bindgen_test]
async fn a_long_list_builds_finds_text_when_idle_and_finds_the_same_rows() {
    let (section, _handle) = long_list(3_000);
    tick().await;
    let find = one(&section, ".table-find");
    assert!(
        find.get_attribute("data-ready").is_none(),
        "not built before the table is drawn"
    );
    // Idle slices start 300 ms after the table is drawn.
    wait_until("Find's index built", || {
        find.get_attribute("data-ready").is_some()
    })
    .await;
    // Rows above the window were never drawn, yet Find reads them.
    let input = one(&section, ".table-find__input").unchecked_into::<web_sys::HtmlInputElement>();
    input.set_value("1234");
    input
        .dispatch_event(&web_sys::Event::new("input").expect("event"))
        .expect("dispatch");
    tick().await;
    assert_eq!(first_column(&section), ["1234"]);
    assert!(digits(&text(&one(&section, ".table-find__count"))).contains("1 of 3000 rows match"));
}
