//! The block graph: nodes and edges, selection, keyboard, labels, a large pipeline, a graph too
//! large to read, and the fallback with its reason.

use crate::mount::{
    all, click, container, model, mount, one, press, text, texts, wait_until, Recorder,
};
use leptos::{prelude::*, task::tick};
use resource_widget::views::graph::GraphSection;
use wasm_bindgen::JsCast;
use wasm_bindgen_test::*;
use web_sys::Element;
use web_sys::HtmlElement;

const GRAPH: &str = include_str!("../../fixtures/pipelines/get-graph.json");

#[wasm_bindgen_test]
async fn a_valid_graph_draws_every_node_and_edge_with_its_id() {
    let (section, _handle) = graph_on(GRAPH).await;
    let nodes = all(&section, "g[data-node-id]");
    assert_eq!(nodes.len(), 8);
    assert_eq!(
        nodes[0].get_attribute("data-node-id").as_deref(),
        Some("load_orders")
    );
    assert_eq!(all(&section, "path.edge").len(), 7);
    assert!(all(&section, "path.edge")
        .iter()
        .all(|p| p.get_attribute("marker-end").is_some()));
    let data_loader = one(&section, "g[data-node-id=load_orders]");
    assert!(data_loader
        .get_attribute("class")
        .unwrap_or_default()
        .contains("node--data-loader"));
    assert_eq!(
        text(&data_loader),
        "load_ordersdata loader · executed",
        "the name is the visible text"
    );
    // The node the producer selected is highlighted and its record shown.
    let selected = one(&section, "g[data-node-id=clean_orders]");
    assert_eq!(
        selected.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    assert!(text(&one(&section, ".graph__detail")).contains("drop_duplicates"));
}

#[wasm_bindgen_test]
async fn clicking_a_node_selects_it_and_shows_its_block() {
    let (section, _handle) = graph_on(GRAPH).await;
    let node = one(&section, "g[data-node-id=orders_to_warehouse]");
    node.dispatch_event(&web_sys::MouseEvent::new("click").expect("click"))
        .expect("dispatch");
    tick().await;
    assert_eq!(node.get_attribute("aria-pressed").as_deref(), Some("true"));
    assert_eq!(
        texts(&section, ".graph__detail-title"),
        ["orders_to_warehouse"]
    );
    assert!(text(&one(&section, ".graph__detail")).contains("INSERT INTO analytics.orders"));
    assert_eq!(all(&section, "g[aria-pressed=true]").len(), 1);
}

#[wasm_bindgen_test]
async fn nodes_are_one_tab_stop_with_arrow_keys_between_them() {
    let (section, _handle) = graph_on(GRAPH).await;
    let stops: Vec<Element> = all(&section, "g[data-node-id]")
        .into_iter()
        .filter(|g| g.get_attribute("tabindex").as_deref() == Some("0"))
        .collect();
    assert_eq!(stops.len(), 1, "one tab stop");
    assert_eq!(
        stops[0].get_attribute("data-node-id").as_deref(),
        Some("clean_orders")
    );
    press(&stops[0], "ArrowDown");
    tick().await;
    let active = document().active_element().expect("focus moved");
    let below = active.get_attribute("data-node-id").unwrap_or_default();
    assert!(
        below == "enrich_customers" || below == "orders_chart",
        "{below}"
    );
    assert!(text(&one(&section, ".graph__focus")).contains(&below));
    press(&active, "Enter");
    tick().await;
    assert_eq!(
        active.get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
}

#[wasm_bindgen_test]
async fn long_labels_are_cut_and_whole_in_the_caption_on_hover() {
    let (section, _handle) =
        graph_on(include_str!("../../fixtures/adversarial/long-strings.json")).await;
    let label = text(&one(&section, ".node__label"));
    assert_eq!(label.chars().count(), 33);
    assert!(label.ends_with('…'));
    let node = one(&section, "g[data-node-id]");
    node.dispatch_event(&web_sys::MouseEvent::new("mouseenter").expect("event"))
        .expect("dispatch");
    tick().await;
    assert_eq!(text(&one(&section, ".graph__focus-label")).len(), 10_000);
}

/// The size a node label is shown at: its font size times the drawing's scale.
fn label_px(section: &Element) -> f64 {
    let svg = one(section, "svg.graph__svg");
    let view_box_width: f64 = svg
        .get_attribute("viewBox")
        .and_then(|v| v.split(' ').nth(2)?.parse().ok())
        .expect("viewBox");
    let label = one(section, ".node__label");
    let font_px: f64 = window()
        .get_computed_style(&label)
        .ok()
        .flatten()
        .and_then(|s| s.get_property_value("font-size").ok())
        .and_then(|v| v.trim_end_matches("px").parse().ok())
        .expect("font-size");
    font_px * svg.get_bounding_client_rect().width() / view_box_width
}

/// `GraphSection` on the result `json`, mounted in a fresh 760-px section, once measured and drawn.
/// Keep the handle.
async fn graph_on(json: &str) -> (HtmlElement, impl Sized) {
    let section = container(Some(760));
    let m = model(json);
    let handle = mount(
        &section,
        &Recorder::default(),
        move || view! { <GraphSection model=m/> },
    );
    // Mounted, then drawn in the task that measures the section's width.
    wait_until("the graph drawn, listed or its reason shown", || {
        !all(&section, "svg.graph__svg, .graph-reason").is_empty()
    })
    .await;
    (section, handle)
}

#[wasm_bindgen_test]
async fn a_forty_block_pipeline_opens_readable_with_nothing_out_of_reach() {
    // The 40-block warehouse DAG as a real Mage server returned it, in a 760 px frame.
    let (section, _handle) = graph_on(include_str!(
        "../../fixtures/mage/pipeline-get-warehouse.json"
    ))
    .await;
    assert_eq!(all(&section, "g[data-node-id]").len(), 40);
    let px = label_px(&section);
    assert!(
        px >= 11.0 - 1e-3,
        "labels are {px:.2} px at the opening view"
    );
    // Every label whole, every node reachable: the drawing scrolls inside its box, and the box
    // stays inside the frame.
    assert!(texts(&section, ".node__label")
        .iter()
        .all(|l| !l.ends_with('…')));
    let viewport = one(&section, ".graph__viewport");
    let drawing = one(&section, "svg.graph__svg").get_bounding_client_rect();
    assert!(f64::from(viewport.scroll_width()) + 1.0 >= drawing.width());
    assert!(f64::from(viewport.scroll_height()) + 1.0 >= drawing.height());
    assert!(viewport.get_bounding_client_rect().width() <= 760.0 + 0.5);
    // Its wide layers wrapped into rows: nothing runs past the right edge.
    assert!(
        drawing.width() <= f64::from(viewport.client_width()) + 1.0,
        "{} px drawn in {} px",
        drawing.width(),
        viewport.client_width()
    );
    assert!(section.scroll_width() <= 760, "the frame does not widen");
    // Fit and 100% stay actions.
    let button = |name: &str| {
        all(&section, ".graph__button")
            .into_iter()
            .find(|b| text(b) == name)
            .expect("a zoom button")
    };
    button("100%").unchecked_into::<HtmlElement>().click();
    tick().await;
    assert!(
        (label_px(&section) - 12.0).abs() < 0.1,
        "100%: labels at 12 px"
    );
    button("Fit").unchecked_into::<HtmlElement>().click();
    tick().await;
    assert_eq!(
        button("Fit").get_attribute("aria-pressed").as_deref(),
        Some("true")
    );
    let fitted = one(&section, "svg.graph__svg").get_bounding_client_rect();
    assert!(fitted.width() <= f64::from(viewport.client_width()) + 1.0);
}

#[wasm_bindgen_test]
async fn a_graph_too_large_to_read_is_listed_with_a_button_that_draws_it() {
    // 400 blocks side by side (no edges): wrapped into rows they still make more than six
    // boxes of drawing at a readable size.
    let nodes: Vec<String> = (0..400)
        .map(|i| format!(r#"{{"id":"block_{i:03}","type":"transformer"}}"#))
        .collect();
    let json = format!(
        r#"{{"structuredContent":{{"kind":"svc_resource_widget","schema_version":1,"resource":"pipeline","action":"get","state":"ok","records":[{{"uuid":"wide"}}],"graph":{{"nodes":[{}],"edges":[]}}}}}}"#,
        nodes.join(",")
    );
    let (section, _handle) = graph_on(&json).await;
    assert!(all(&section, "svg.graph__svg").is_empty());
    assert!(text(&one(&section, ".graph-reason")).contains("400 blocks are too many"));
    // Windowed past 200 rows: the table counts them all (the header row included).
    assert_eq!(
        one(&section, ".table")
            .get_attribute("aria-rowcount")
            .as_deref(),
        Some("401")
    );
    click(&section, ".graph-reason .graph__button");
    tick().await;
    assert_eq!(all(&section, "g[data-node-id]").len(), 400);
}

#[wasm_bindgen_test]
async fn a_malformed_graph_falls_back_with_its_reason() {
    let (section, _handle) =
        graph_on(include_str!("../../fixtures/graphs/unknown-edge.json")).await;
    assert!(all(&section, "svg").is_empty());
    assert_eq!(
        texts(&section, ".graph-reason"),
        ["Graph not drawn: an edge names the unknown block 'x'."]
    );
}
