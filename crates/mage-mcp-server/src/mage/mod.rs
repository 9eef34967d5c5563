//! The Mage backend: the tools over a real Mage server's HTTP API (mage-ai 0.9.80, see
//! docs/mage.md), one module per resource, and the HTTP client they share.

mod backend;
mod blocks;
pub mod client;
mod outputs;
mod pages;
mod paging;
mod pipelines;
mod runs;
mod schedules;
mod templates;

pub use backend::MageBackend;
pub use client::MageSettings;
pub use pages::MagePages;

#[cfg(test)]
mod stub_tests;
