//! Remembering the last result across a reload of the frame, where the host allows it: hosts
//! sometimes rebuild the frame without sending the result again. What is remembered is the redacted
//! JSON (never a raw secret), at most [`MAX_STORED_BYTES`], redacted and written in tasks after the
//! render so it never delays one.
//!
//! Results are remembered per call key (`widget_app::restore::slot_key`: the host, the tool and the
//! request id), each with its digest; when a different result is remembered under a key that
//! already holds one, the entry becomes a conflict and nothing under it is shown again
//! (`widget_app::restore::merged_entry`). When a remembered result may be shown at all is the
//! bridge's restore gate. Entries live in `sessionStorage`, which another tab (another
//! conversation) does not share. Sandboxed frames may refuse storage: every access is guarded and a
//! refusal means "not remembered".

use gloo_timers::callback::Timeout;
use web_sys::{Storage, Window};
use widget_model::RedactedJson;

/// Larger results are not remembered.
pub const MAX_STORED_BYTES: usize = 1024 * 1024;
/// Results remembered per origin; the oldest is forgotten first (its key keeps a small mark).
const MAX_REMEMBERED: usize = 20;
const INDEX_KEY: &str = "resource-widget/v3/index";

fn session_storage(window: &Window) -> Option<Storage> {
    // Throws (Err) in frames without allow-same-origin; may be None; both mean no storage.
    window.session_storage().ok().flatten()
}

/// The entry remembered under `key`, if any (read it with `widget_app::restore::restorable`).
pub fn load(window: &Window, key: &str) -> Option<String> {
    session_storage(window)?.get_item(key).ok().flatten()
}

/// Keeps the redacted form of `payload` under `key`, made in the tasks after the current one
/// (`crate::steps::in_later_tasks`: slices of its long texts, `widget_model::RedactedJson`), so
/// that keeping a log of a megabyte never holds the page.
pub fn save_later(window: &Window, key: String, payload: String) {
    if payload.len() > MAX_STORED_BYTES {
        return;
    }
    let window = window.clone();
    Timeout::new(0, move || {
        let Some(redaction) = RedactedJson::new(&payload) else {
            return;
        };
        drop(payload);
        crate::steps::in_later_tasks(
            redaction,
            RedactedJson::is_done,
            |r| !r.is_done(),
            |mut r| {
                r.step();
                r
            },
            move |redaction| {
                if let Some(redacted) = redaction.finish() {
                    save(&window, &key, &redacted);
                }
            },
        );
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
    while index.len() > MAX_REMEMBERED {
        let oldest = index.remove(0);
        // Forgotten, not removed: a key whose result is gone can no longer vouch for a later one.
        let _ = storage.set_item(&oldest, widget_app::restore::FORGOTTEN_ENTRY);
    }
    let entry =
        widget_app::restore::merged_entry(storage.get_item(key).ok().flatten().as_deref(), text);
    // Quota errors leave the older state in place: not remembered, nothing broken.
    storage.set_item(key, &entry).ok()?;
    storage
        .set_item(INDEX_KEY, &serde_json::to_string(&index).ok()?)
        .ok()
}
