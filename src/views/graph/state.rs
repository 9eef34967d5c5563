//! What the parts of one graph share: the selected, focused and hovered node, the zoom, and the
//! view the frame's width gives the graph.

use leptos::prelude::*;
use widget_app::graph_geometry::InitialView;

/// How large the drawing is shown.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Zoom {
    /// As the graph opened: readable ([`widget_app::graph_geometry::initial_view`]).
    Opening,
    /// The whole width in the frame, however small.
    Fit,
    Scale(f32),
}

/// What the parts of one graph share: the selected, focused and hovered node, the zoom, and the
/// view the frame's width gives the graph.
#[derive(Clone, Copy)]
pub(super) struct GraphState {
    pub(super) selected: RwSignal<Option<usize>>,
    pub(super) focused: RwSignal<Option<usize>>,
    pub(super) hovered: RwSignal<Option<usize>>,
    pub(super) zoom: RwSignal<Zoom>,
    /// Which way the layers run and the opening scale, for the frame's width.
    pub(super) opening: Memo<InitialView>,
    /// A graph too large to read was drawn anyway.
    pub(super) drawn_anyway: RwSignal<bool>,
}

impl GraphState {
    /// The one node in the tab order: the focused, else the selected, else the first.
    pub(super) fn tab_stop(self) -> usize {
        self.focused.get().or(self.selected.get()).unwrap_or(0)
    }

    pub(super) fn toggle(self, i: usize) {
        self.selected
            .update(|s| *s = if *s == Some(i) { None } else { Some(i) });
    }

    /// The scale the drawing is shown at now; `None` for Fit.
    pub(super) fn scale(self) -> Option<f32> {
        match self.zoom.get() {
            Zoom::Opening => Some(self.opening.get().scale),
            Zoom::Fit => None,
            Zoom::Scale(k) => Some(k),
        }
    }
}
