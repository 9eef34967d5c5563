//! The views: Leptos components that draw the model, one folder per component with its CSS beside
//! it. They read `WidgetModel` (and the app state) and nothing else; strings from data only ever
//! become text nodes.
//!
//! [`widget`] is the root's component, choosing what a state draws. [`locale`] is the language and
//! the `Intl` formats the views write in; [`table`] is `FindBox`, `SortHeader` and `TableRows` over
//! one `TableState` (its arithmetic in `widget_app::table_window`); [`graph`] is a folder of
//! components over one `GraphState` (its layout data, toolbar, caption, edges, a graph too large to
//! read as a table, the selected block's panel; its geometry in `widget_app::graph_geometry`);
//! [`outputs`], [`logs`] and [`timeline`] draw block outputs, log files and a run's blocks in time;
//! [`history`] the strip of a list's runs over time; [`navigation`] the bar above a result (Back,
//! Refresh, when the data arrived, a failed call, a followed run's live mark) and a row's Open
//! control, shown only when the host takes tool calls; [`diff`] a change of code.
//!
//! Never: read anything but the model and the state; send a tool call (a view raises an intent,
//! `crate::calls`); set HTML from a string; hold arithmetic of their own (a layout, a sort, a
//! window's rows: `graph-layout`, `widget-model` and `widget-app` do it, tested natively).

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
pub mod svg_focus;
pub mod table;
pub mod timeline;
pub mod widget;

pub use widget::Widget;
