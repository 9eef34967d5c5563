//! The demo backend: a project in memory (`fixtures/demo/project.json`, or `--data FILE`), in the
//! shapes of Mage's HTTP API, so the tools and the widget can be tried without a cluster.

mod backend;
mod blocks;
mod changes;
pub mod journal;
mod pipelines;
mod progress;
mod project;
mod runs;
mod schedules;

pub use backend::DemoBackend;
pub use project::Project;
