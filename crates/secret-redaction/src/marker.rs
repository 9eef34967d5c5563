//! What a hidden value becomes.

/// What a redacted value becomes. A renderer shows cells under a sensitive key as a marker,
/// whatever the value, so a producer's own "[redacted]" string looks the same.
pub const REDACTED: &str = "[redacted]";
