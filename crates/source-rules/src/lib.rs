//! Holds `tests/source_rules.rs`: rules about the repository's own source, read from the files.
//! A crate of its own so that checking them builds nothing else (no Leptos, no server).
