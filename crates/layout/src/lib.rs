//! Layered layout (filled in by the graph issue).
