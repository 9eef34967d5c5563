//! What the widget shows: waiting, loading, a result (as a model), or a cancelled call. Its own
//! module because the state machine and the calls' back stack both hold one.

use std::sync::Arc;

use widget_model::WidgetModel;

/// What the widget shows.
#[derive(Clone, Debug)]
pub enum Phase {
    /// Nothing from the host yet.
    Waiting,
    /// The tool was called; its result has not arrived.
    Loading,
    /// A result, as a model. `restored` marks one shown again after a reload.
    Ready {
        model: Arc<WidgetModel>,
        restored: bool,
    },
    /// The tool call was cancelled before it answered.
    Cancelled { reason: Option<String> },
}

/// Models compare by identity: a memo over the phase must not walk 10,000 rows to see a change.
impl PartialEq for Phase {
    fn eq(&self, other: &Phase) -> bool {
        match (self, other) {
            (Phase::Waiting, Phase::Waiting) | (Phase::Loading, Phase::Loading) => true,
            (
                Phase::Ready {
                    model: a,
                    restored: ra,
                },
                Phase::Ready {
                    model: b,
                    restored: rb,
                },
            ) => Arc::ptr_eq(a, b) && ra == rb,
            (Phase::Cancelled { reason: a }, Phase::Cancelled { reason: b }) => a == b,
            _ => false,
        }
    }
}

impl Phase {
    /// The root element's `data-state`: `ok`, `empty`, `loading` or `error`.
    pub fn data_state(&self) -> &'static str {
        match self {
            Phase::Waiting | Phase::Loading => "loading",
            Phase::Ready { model, .. } => model.state.as_str(),
            // Nothing to show and nothing wrong with the widget: the call simply did not finish.
            Phase::Cancelled { .. } => "empty",
        }
    }

    pub fn is_busy(&self) -> bool {
        self.data_state() == "loading"
    }
}
