//! The views: Leptos components that draw the model, one folder per component with its CSS beside
//! it. They read `WidgetModel` (and the app state) and nothing else; strings from data only ever
//! become text nodes.

pub mod cell;
pub mod context;
pub mod detail;
pub mod diff;
pub mod find;
pub mod graph;
pub mod header;
pub mod history;
pub mod locale;
pub mod logs;
pub mod mutation;
pub mod navigation;
pub mod notices;
pub mod outputs;
pub mod record_page;
pub mod states;
pub mod table;
pub mod timeline;
pub mod widget;

pub use widget::Widget;
