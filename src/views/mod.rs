//! The views: Leptos components that draw the model. They read `WidgetModel` (and the app state)
//! and nothing else; strings from data only ever become text nodes.

pub mod states;
pub mod table;
pub mod widget;

pub use widget::Widget;
