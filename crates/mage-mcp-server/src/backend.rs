//! What the tools ask of the service, whichever answers: the vocabulary shared by the tools and
//! every backend.

use serde_json::Value;

/// A list read page by page, and whether it stopped before the end.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    pub records: Vec<Value>,
    /// Set when the service held more than was read (a bound on the pages read was reached).
    pub truncated: Option<Truncation>,
}

/// How much a cut list left out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Truncation {
    /// How many records the service says it holds, when it says.
    pub total: Option<u64>,
    /// The bound that was reached: at most this many records are read.
    pub limit: usize,
}
