//! Keeping the last result across a reload of the frame, where the host allows it: hosts sometimes
//! rebuild the frame without sending the result again. What is kept is the redacted JSON (never a
//! raw secret), at most [`MAX_STORED_BYTES`], redacted and written in tasks after the render so it
//! never delays one.
//!
//! Results are kept per call key (`widget_app::restore::slot_key`: the host, the tool and the
//! request id), each with its digest; when a different result is kept under a key that already
//! holds one, the entry becomes a conflict and nothing under it is shown again
//! (`widget_app::restore::merged_entry`). When a kept result may be shown at all is the bridge's
//! restore gate. Entries live in `sessionStorage`, which another tab (another conversation) does
//! not share. Sandboxed frames may refuse storage: every access is guarded and a refusal means
//! "not kept".

use gloo_timers::callback::Timeout;
use web_sys::{Storage, Window};

/// Larger results are not kept.
pub const MAX_STORED_BYTES: usize = 1024 * 1024;
/// Results kept per origin; the oldest is forgotten first (its key keeps a small mark).
const MAX_KEPT: usize = 20;
const INDEX_KEY: &str = "resource-widget/v3/index";

fn session_storage(window: &Window) -> Option<Storage> {
    // Throws (Err) in frames without allow-same-origin; may be None; both mean no storage.
    window.session_storage().ok().flatten()
}

/// The entry kept under `key`, if any (read it with `widget_app::restore::restorable`).
pub fn load(window: &Window, key: &str) -> Option<String> {
    session_storage(window)?.get_item(key).ok().flatten()
}

/// Keeps the redacted form of `payload` under `key`, made in the tasks after the current one: a
/// step of the redaction a task (`widget_model::RedactedJson`: a slice of a long text each), so
/// that keeping a log of a megabyte never holds the page.
pub fn save_later(window: &Window, key: String, payload: String) {
    if payload.len() > MAX_STORED_BYTES {
        return;
    }
    let window = window.clone();
    Timeout::new(0, move || {
        if let Some(redaction) = widget_model::RedactedJson::new(&payload) {
            drop(payload);
            redact_then_save(window, key, redaction);
        }
    })
    .forget();
}

/// The redaction's next step in a task of its own, or, once it is done, the copy saved.
fn redact_then_save(window: Window, key: String, mut redaction: widget_model::RedactedJson) {
    Timeout::new(0, move || {
        if redaction.is_done() {
            if let Some(redacted) = redaction.finish() {
                save(&window, &key, &redacted);
            }
        } else {
            redaction.step();
            redact_then_save(window, key, redaction);
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
        // Forgotten, not removed: a key whose result is gone can no longer vouch for a later one.
        let _ = storage.set_item(&oldest, widget_app::restore::FORGOTTEN_ENTRY);
    }
    let entry =
        widget_app::restore::merged_entry(storage.get_item(key).ok().flatten().as_deref(), text);
    // Quota errors leave the older state in place: not kept, nothing broken.
    storage.set_item(key, &entry).ok()?;
    storage
        .set_item(INDEX_KEY, &serde_json::to_string(&index).ok()?)
        .ok()
}
