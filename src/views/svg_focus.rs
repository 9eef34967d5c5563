//! Keyboard focus among an SVG drawing's items (a graph's nodes, a strip's marks), each one
//! keyboard stop moved with the arrow keys.

/// Moves keyboard focus to the SVG item `data-index="{index}"` beside the item that received
/// `event`: a graph's nodes and a strip's marks are one keyboard stop, moved with the arrow keys.
pub fn focus_sibling_item(event: &leptos::ev::KeyboardEvent, index: usize) {
    use wasm_bindgen::JsCast;
    let item = event
        .current_target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .and_then(|t| t.parent_element())
        .and_then(|group| {
            group
                .query_selector(&format!("[data-index=\"{index}\"]"))
                .ok()
                .flatten()
        })
        .and_then(|item| item.dyn_into::<web_sys::SvgElement>().ok());
    if let Some(item) = item {
        let _ = item.focus();
    }
}
