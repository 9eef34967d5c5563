//! Keeping the last result across a reload of the frame, where the host allows it: hosts sometimes
//! rebuild the frame without sending the result again. What is kept is the redacted JSON (never a
//! raw secret), at most [`MAX_STORED_BYTES`], written after the render so it never delays one.
//!
//! A kept result belongs to one tool call: its key names the tool, the request id and a hash of the
//! call's arguments (`widget_app::restore::result_key`), and it lives in `sessionStorage`, which another tab (another
//! conversation) does not share. Sandboxed frames may refuse storage: every access is guarded and a
//! refusal means "not kept".

use gloo_timers::callback::Timeout;
use web_sys::{Storage, Window};

/// Larger results are not kept.
pub const MAX_STORED_BYTES: usize = 1024 * 1024;
/// Results kept per origin; the oldest goes first.
const MAX_KEPT: usize = 20;
const INDEX_KEY: &str = "resource-widget/v2/index";

fn session_storage(window: &Window) -> Option<Storage> {
    // Throws (Err) in frames without allow-same-origin; may be None; both mean no storage.
    window.session_storage().ok().flatten()
}

/// The result kept under `key`, if any.
pub fn load(window: &Window, key: &str) -> Option<String> {
    session_storage(window)?.get_item(key).ok().flatten()
}

/// Keeps the redacted form of `payload` under `key`, after the current task.
pub fn save_later(window: &Window, key: String, payload: String) {
    if payload.len() > MAX_STORED_BYTES {
        return;
    }
    let window = window.clone();
    Timeout::new(0, move || {
        if let Some(redacted) = widget_model::redacted_json(&payload) {
            save(&window, &key, &redacted);
        }
    })
    .forget();
}

fn save(window: &Window, key: &str, text: &str) -> Option<()> {
    let storage = session_storage(window)?;
    let mut index: Vec<String> = storage
        .get_item(INDEX_KEY)
        .ok()
        .flatten()
        .and_then(|s| serde_json::from_str(&s).ok())
        .unwrap_or_default();
    index.retain(|k| k != key);
    index.push(key.to_owned());
    while index.len() > MAX_KEPT {
        let oldest = index.remove(0);
        let _ = storage.remove_item(&oldest);
    }
    // Quota errors leave the older state in place: not kept, nothing broken.
    storage.set_item(key, text).ok()?;
    storage
        .set_item(INDEX_KEY, &serde_json::to_string(&index).ok()?)
        .ok()
}
