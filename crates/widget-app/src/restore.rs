//! Which remembered result, if any, a frame may show again. Hosts sometimes rebuild a frame without
//! sending its result again; the bridge remembers each live result (redacted) so that such a frame
//! is not blank. Showing another call's data as this frame's would be worse than showing nothing,
//! so a remembered result is shown only when all of these hold:
//!
//! - the host said nothing about this frame's call (no tool-input, partial input, result or
//!   cancellation) from the handshake until [`RELOAD_WINDOW_MS`] after `initialized`: a frame that
//!   receives its call's input waits for its own result, whatever is remembered ([`RestoreGate`]);
//! - the host named the call (`hostContext.toolInfo`: the tool and the request id), so the frame
//!   has a key at all ([`slot_key`]);
//! - every result ever remembered under that key was the same ([`merged_entry`]): request ids are
//!   numbered per connection and start again after a reconnect, so one key can name several calls;
//!   once two different results met under a key, nothing under it is shown again.
//!
//! A live result always replaces a restored one, and tool-input after a restore goes back to
//! loading (the state machine, `crate::state`).

/// How long after `initialized` the host may still start speaking for a frame before the frame
/// counts as rebuilt without its result (hosts send tool-input right after the handshake).
pub const RELOAD_WINDOW_MS: u32 = 1_500;

/// Where the results of the call named by `host` (its name and version), `tool` and `request_id`
/// (JSON text of the JSON-RPC id) are remembered.
pub fn slot_key(host: &str, tool: &str, request_id: &str) -> String {
    format!(
        "resource-widget/v3/{:016x}/{tool}/{request_id}",
        fnv1a(host.as_bytes())
    )
}

/// What the host has told a frame about its call, as far as restoring goes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum RestoreGate {
    /// The handshake is not done.
    #[default]
    Connecting,
    /// `initialized` was sent; the host has not spoken for the call yet.
    Listening,
    /// The host sent the call's input, result or cancellation: this frame shows its own call.
    OwnCall,
    /// The window passed in silence: a remembered result may be shown.
    Silent,
}

/// What happened, as the gate reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GateSignal {
    /// The widget sent `ui/notifications/initialized`.
    Initialized,
    /// tool-input, tool-input-partial, tool-result or tool-cancelled arrived.
    HostSpoke,
    /// [`RELOAD_WINDOW_MS`] passed after `initialized`.
    WindowElapsed,
}

impl RestoreGate {
    /// The gate after `signal`; `true` when the remembered result should be looked up now (once, at
    /// the end of a silent window).
    pub fn on(&mut self, signal: GateSignal) -> bool {
        let next = match (*self, signal) {
            (RestoreGate::OwnCall, _) | (_, GateSignal::HostSpoke) => RestoreGate::OwnCall,
            (RestoreGate::Connecting, GateSignal::Initialized) => RestoreGate::Listening,
            (RestoreGate::Listening, GateSignal::WindowElapsed) => RestoreGate::Silent,
            (state, _) => state,
        };
        let restore_now = *self == RestoreGate::Listening && next == RestoreGate::Silent;
        *self = next;
        restore_now
    }

    /// The gate's state as the root's `data-restore` attribute says it (tests wait for it).
    pub fn as_str(self) -> &'static str {
        match self {
            RestoreGate::Connecting => "connecting",
            RestoreGate::Listening => "listening",
            RestoreGate::OwnCall => "own-call",
            RestoreGate::Silent => "silent",
        }
    }
}

/// The first line of an entry under which two different results met.
const CONFLICT: &str = "conflict";

/// What an entry becomes when its result is dropped to make room: a key whose result is
/// forgotten can no longer vouch that a later one is the only one remembered under it.
pub const FORGOTTEN_ENTRY: &str = "conflict\n";

/// The entry to keep under a key that holds `previous` (if anything) once `result` (redacted JSON
/// text) is remembered there too: the result with its digest, or a conflict mark when a different
/// result was remembered there before. A conflict is final.
pub fn merged_entry(previous: Option<&str>, result: &str) -> String {
    let digest = format!("{:016x}", fnv1a(result.as_bytes()));
    match previous.map(first_line) {
        Some(line) if line == CONFLICT || line != digest => FORGOTTEN_ENTRY.to_owned(),
        _ => format!("{digest}\n{result}"),
    }
}

/// The result an entry holds, when it holds exactly one that its digest confirms.
pub fn restorable(entry: &str) -> Option<&str> {
    let (digest, result) = entry.split_once('\n')?;
    (digest != CONFLICT && digest == format!("{:016x}", fnv1a(result.as_bytes()))).then_some(result)
}

fn first_line(entry: &str) -> &str {
    entry.split_once('\n').map_or(entry, |(line, _)| line)
}

/// 64-bit FNV-1a: a stable, dependency-free digest (the key need not resist an attacker: the
/// frame's own storage is the frame's own).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_with_host_tool_and_request() {
        let key = slot_key("claude 1.0", "pipeline_get", "7");
        assert!(key.starts_with("resource-widget/v3/"));
        assert!(key.ends_with("/pipeline_get/7"));
        assert_eq!(key, slot_key("claude 1.0", "pipeline_get", "7"));
        assert_ne!(key, slot_key("claude 1.0", "pipeline_get", "8"));
        assert_ne!(key, slot_key("claude 1.0", "block_get", "7"));
        assert_ne!(key, slot_key("other 2.0", "pipeline_get", "7"));
    }

    #[test]
    fn a_frame_that_hears_of_its_call_never_restores() {
        for spoke_at in 0..2 {
            let mut gate = RestoreGate::default();
            let signals = [GateSignal::Initialized, GateSignal::WindowElapsed];
            let mut restore = false;
            for (i, signal) in signals.iter().enumerate() {
                if i == spoke_at {
                    restore |= gate.on(GateSignal::HostSpoke);
                }
                restore |= gate.on(*signal);
            }
            assert!(!restore, "input at step {spoke_at}");
            assert_eq!(gate, RestoreGate::OwnCall);
        }
    }

    #[test]
    fn a_silent_window_restores_once_and_later_input_does_not_restore_again() {
        let mut gate = RestoreGate::default();
        assert!(!gate.on(GateSignal::Initialized));
        assert_eq!(gate.as_str(), "listening");
        assert!(gate.on(GateSignal::WindowElapsed));
        assert_eq!(gate.as_str(), "silent");
        assert!(!gate.on(GateSignal::WindowElapsed));
        assert!(!gate.on(GateSignal::HostSpoke));
        assert_eq!(gate, RestoreGate::OwnCall);
    }

    #[test]
    fn the_window_means_nothing_before_the_handshake() {
        let mut gate = RestoreGate::default();
        assert!(!gate.on(GateSignal::WindowElapsed));
        assert_eq!(gate, RestoreGate::Connecting);
    }

    #[test]
    fn one_result_per_key_is_restorable_and_two_different_ones_never_are() {
        let first = merged_entry(None, r#"{"a":1}"#);
        assert_eq!(restorable(&first), Some(r#"{"a":1}"#));
        // The same result remembered again (a host that resent it) stays restorable.
        let again = merged_entry(Some(&first), r#"{"a":1}"#);
        assert_eq!(restorable(&again), Some(r#"{"a":1}"#));
        // Another call under the same key: nothing is restorable from then on.
        let other = merged_entry(Some(&again), r#"{"a":2}"#);
        assert_eq!(restorable(&other), None);
        assert_eq!(restorable(&merged_entry(Some(&other), r#"{"a":1}"#)), None);
        assert_eq!(restorable(&merged_entry(Some(&other), r#"{"a":2}"#)), None);
        // A key whose result was dropped to make room vouches for nothing after.
        assert_eq!(
            restorable(&merged_entry(Some(FORGOTTEN_ENTRY), r#"{"a":1}"#)),
            None
        );
    }

    #[test]
    fn damaged_or_foreign_entries_are_not_restorable() {
        assert_eq!(restorable(""), None);
        assert_eq!(restorable(r#"{"a":1}"#), None);
        assert_eq!(restorable("0000000000000000\n{\"a\":1}"), None);
        let remembered = merged_entry(None, "{}");
        assert_eq!(restorable(&remembered.replace("{}", "{ }")), None);
        // An entry of an older format under the same key is a different result.
        assert_eq!(restorable(&merged_entry(Some("{}"), "{}")), None);
    }
}
