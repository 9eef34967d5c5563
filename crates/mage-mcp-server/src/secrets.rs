//! Secrets met on the way, so that one seen under a sensitive key (a schedule token, a payload's
//! API key) is blanked wherever it is copied: within a call ([`CallSecrets`]) and, for a bounded
//! number of later calls, across calls ([`SecretMemory`]).

use std::collections::VecDeque;
use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::redact::Redactor;

/// How many calls' worth of learnt secrets the server keeps (the server's own secrets, its
/// credentials and the demo data's, are kept whatever this says).
pub const REMEMBERED_CALLS: usize = 256;

/// What one tool call knows and learns: the redactor its result is redacted with (what the server
/// knew when the call began, plus what the call met), and apart from it what the call learnt.
/// Clones share one state: the backend's HTTP client learns every answer into it.
#[derive(Debug, Clone)]
pub struct CallSecrets {
    state: Arc<Mutex<CallState>>,
}

#[derive(Debug)]
struct CallState {
    known: Redactor,
    learnt: Redactor,
    learnt_any: bool,
}

impl CallSecrets {
    /// A call that starts knowing `known`.
    pub fn new(known: Redactor) -> Self {
        Self {
            state: Arc::new(Mutex::new(CallState {
                known,
                learnt: Redactor::default(),
                learnt_any: false,
            })),
        }
    }

    fn with(&self, change: impl FnOnce(&mut CallState)) {
        if let Ok(mut state) = self.state.lock() {
            change(&mut state);
        }
    }

    /// Learns every secret under a sensitive key in `value` (an answer, a payload, a config).
    pub fn learn(&self, value: &Value) {
        self.with(|state| {
            state.known.learn(value);
            state.learnt.learn(value);
            state.learnt_any = true;
        });
    }

    /// Learns one secret value.
    pub fn learn_secret(&self, secret: &str) {
        self.with(|state| {
            state.known.learn_secret(secret);
            state.learnt.learn_secret(secret);
            state.learnt_any = true;
        });
    }

    /// A secret the call holds (a credential of its session): blanked in its result, not kept
    /// past it (the next call holds it again).
    pub fn know_secret(&self, secret: &str) {
        self.with(|state| state.known.learn_secret(secret));
    }

    /// The redactor for this call's result: everything known so far.
    pub fn redactor(&self) -> Redactor {
        self.state
            .lock()
            .map(|state| state.known.clone())
            .unwrap_or_default()
    }

    /// What the call learnt, when it learnt anything.
    pub fn learnt(&self) -> Option<Redactor> {
        let state = self.state.lock().ok()?;
        state.learnt_any.then(|| state.learnt.clone())
    }
}

/// Secrets kept across calls: the server's own (always) and what the last `capacity` calls that
/// learnt anything learnt, oldest out first, so the memory stays bounded however long the server
/// runs. A secret that leaves it is learnt again by the next call whose answers carry it under its
/// key (a run carries its schedule's token, a schedule its own).
#[derive(Debug)]
pub struct SecretMemory {
    own: Redactor,
    recent: VecDeque<Redactor>,
    capacity: usize,
}

impl SecretMemory {
    pub fn new(own: Redactor, capacity: usize) -> Self {
        Self {
            own,
            recent: VecDeque::new(),
            capacity: capacity.max(1),
        }
    }

    /// Everything kept, as one redactor.
    pub fn redactor(&self) -> Redactor {
        let mut redactor = self.own.clone();
        for learnt in &self.recent {
            redactor.merge(learnt);
        }
        redactor
    }

    /// Keeps what one call learnt, letting the oldest call's go past the capacity.
    pub fn remember(&mut self, learnt: Redactor) {
        if self.recent.len() >= self.capacity {
            self.recent.pop_front();
        }
        self.recent.push_back(learnt);
    }

    /// How many calls' worth is kept.
    #[cfg(test)]
    pub fn calls_kept(&self) -> usize {
        self.recent.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::redact::REDACTED;
    use serde_json::json;

    fn secret(n: usize) -> String {
        format!("learnt-secret-{n:04}-abcdef")
    }

    #[test]
    fn what_a_call_learns_redacts_its_result_and_the_next_calls() {
        let mut memory = SecretMemory::new(Redactor::default(), 4);
        let call = CallSecrets::new(memory.redactor());
        assert!(call.learnt().is_none(), "nothing learnt yet");
        call.learn(&json!({"token": secret(1)}));
        assert_eq!(
            call.redactor().scrub_text(&secret(1)).as_deref(),
            Some(REDACTED)
        );
        memory.remember(call.learnt().expect("learnt"));
        let next = CallSecrets::new(memory.redactor());
        assert_eq!(
            next.redactor()
                .scrub_text(&format!("log: {}", secret(1)))
                .as_deref(),
            Some("log: [redacted]")
        );
    }

    #[test]
    fn the_memory_keeps_at_most_its_capacity_and_the_servers_own_secrets_always() {
        let mut own = Redactor::default();
        own.learn_secret("the-servers-own-credential");
        let mut memory = SecretMemory::new(own, 3);
        for n in 0..10 {
            let call = CallSecrets::new(memory.redactor());
            call.learn(&json!({"api_key": secret(n)}));
            memory.remember(call.learnt().expect("learnt"));
            assert!(memory.calls_kept() <= 3);
        }
        let redactor = memory.redactor();
        assert!(redactor.scrub_text("the-servers-own-credential").is_some());
        for n in 7..10 {
            assert!(redactor.scrub_text(&secret(n)).is_some(), "recent call {n}");
        }
        assert_eq!(redactor.scrub_text(&secret(0)), None, "the oldest went");
    }
}
