//! The graph's layout data: each node's drawn texts, the frame's width, the layouts for it (both
//! ways the layers may run, laid out again when the frame's width changes), and the view the
//! graph opens at.

use std::sync::Arc;
use std::time::Duration;

use graph_layout::{Flow, Placement};
use leptos::html::Section;
use leptos::prelude::*;
use widget_model::words::Msg;
use widget_model::GraphNode;

use widget_app::graph_geometry::{
    initial_view, layout_for_frame, never_readable, InitialView, NodeText, LABEL_CHARS,
};

use crate::views::locale::t;

/// Graphs up to this many blocks are also laid out left to right, to open the way that reads
/// better in the frame; larger ones run down only (a second layout would double their cost).
const MAX_NODES_LAID_OUT_TWICE: usize = 200;
/// The frame's width assumed until the graph's own width is measured.
pub(super) const ASSUMED_FRAME_WIDTH: f32 = 720.0;
/// What the drawing's box takes of the section's width: its borders and a vertical scroll bar.
const VIEWPORT_CHROME_PX: f32 = 18.0;

/// A node's drawn texts: its label (cut at [`LABEL_CHARS`]) and its kind and status, in words.
pub(super) fn node_text(node: &GraphNode) -> NodeText {
    let label = widget_model::text::truncate_chars(&node.label, LABEL_CHARS);
    let kind = if node.type_name.is_empty() {
        t(&Msg::BlockWord)
    } else {
        node.type_name.replace('_', " ")
    };
    let meta = match &node.status {
        Some(status) => format!("{kind} · {}", status.label.to_lowercase()),
        None => kind,
    };
    NodeText {
        label,
        meta: widget_model::text::truncate_chars(&meta, 30),
    }
}

/// The graph laid out for the frame both ways its layers may run (right only for graphs small
/// enough).
#[derive(PartialEq)]
pub(super) struct Layouts {
    down: Arc<Placement>,
    right: Option<Arc<Placement>>,
}

impl Layouts {
    fn of(widths: &[f32], edges: &[(usize, usize)], frame_width: f32) -> Layouts {
        let laid = |flow| Arc::new(layout_for_frame(flow, widths, edges, frame_width));
        Layouts {
            down: laid(Flow::Down),
            right: (widths.len() <= MAX_NODES_LAID_OUT_TWICE).then(|| laid(Flow::Right)),
        }
    }

    pub(super) fn get(&self, flow: Flow) -> Arc<Placement> {
        match (flow, &self.right) {
            (Flow::Right, Some(right)) => Arc::clone(right),
            _ => Arc::clone(&self.down),
        }
    }

    fn opening(&self, frame_width: f32) -> InitialView {
        let size = |p: &Placement| (p.width, p.height);
        initial_view(
            size(&self.down),
            self.right.as_deref().map(size),
            frame_width,
        )
    }
}

/// The layouts of nodes `widths` wide joined by `edges`, laid out again if the frame's width
/// changes.
pub(super) fn layouts_for_frame(
    widths: Arc<[f32]>,
    edges: Vec<(usize, usize)>,
    frame_width: RwSignal<f32>,
) -> Memo<Arc<Layouts>> {
    Memo::new(move |_| Arc::new(Layouts::of(&widths, &edges, frame_width.get())))
}

/// Which way the layers run and the scale the graph opens at, for the frame's width. A graph
/// whose boxes alone are too large to read is listed without being laid out (memos compute when
/// read): only drawing it anyway lays it out.
pub(super) fn opening_view(
    widths: Arc<[f32]>,
    frame_width: RwSignal<f32>,
    drawn_anyway: RwSignal<bool>,
    layouts: Memo<Arc<Layouts>>,
) -> Memo<InitialView> {
    Memo::new(move |_| {
        let frame = frame_width.get();
        if !drawn_anyway.get() && never_readable(&widths, frame) {
            return InitialView {
                flow: Flow::Down,
                scale: 1.0,
                readable: false,
            };
        }
        layouts.with(|l| l.opening(frame))
    })
}

/// The frame's width, measured in the task after `section` enters the page; `measured` then. The
/// drawing (or the table of a graph too large to read) waits for it, so it is a task of its own
/// rather than more of the task that drew the whole result.
pub(super) fn measure_frame(
    section: NodeRef<Section>,
    frame_width: RwSignal<f32>,
    measured: RwSignal<bool>,
) {
    Effect::new(move |_| {
        if section.get().is_some() {
            set_timeout(
                move || {
                    // Gone with its result before the task came: nothing to measure or draw.
                    let Some(Some(el)) = section.try_get_untracked() else {
                        return;
                    };
                    let width = el.client_width() as f32 - VIEWPORT_CHROME_PX;
                    if width > 0.0 {
                        frame_width.try_set(width);
                    }
                    // A hidden section has no width: it is drawn at the assumed one.
                    measured.try_set(true);
                },
                Duration::ZERO,
            );
        }
    });
}
