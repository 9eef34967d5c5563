//! The glue between host and views, free of DOM and protocol: the events a bridge reports, the
//! host's context, the state machine that turns events into what to show, and the services views
//! may ask of the host (copy, open a link) without knowing which host it is.

pub mod events;
pub mod host_context;
pub mod services;
pub mod state;

pub use events::{HostEvent, ToolPayload};
pub use host_context::{ContextPatch, DisplayMode, HostContext, Theme};
pub use services::HostServices;
pub use state::{AppState, Phase};
