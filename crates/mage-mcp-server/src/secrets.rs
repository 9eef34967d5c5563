//! Secrets met on the way, so that one seen under a sensitive key (a schedule token, a payload's
//! API key) is redacted wherever it is copied: within a call ([`CallSecrets`]) and in the later
//! calls of the same MCP session ([`SessionSecrets`]). Sessions share nothing of what they learn:
//! what one session's call sends or reads never changes another session's results. Only values
//! shaped like credentials are learned, within bounds (`secret_redaction::Redactor`).

use std::sync::{Arc, Mutex};

use serde_json::Value;

use crate::redact::Redactor;

/// What one MCP session has learned, on top of the server's own secrets (its demo data's). Over
/// HTTP each session has its own; on stdio there is one. Clones share it.
#[derive(Debug, Clone)]
pub struct SessionSecrets {
    known: Arc<Mutex<Redactor>>,
}

impl SessionSecrets {
    /// A session that starts knowing only the server's own secrets.
    pub fn new(own: &Redactor) -> Self {
        Self {
            known: Arc::new(Mutex::new(own.clone())),
        }
    }

    /// Everything the session knows now (shared until it learns more: no copy is made).
    pub fn redactor(&self) -> Redactor {
        self.known
            .lock()
            .map(|known| known.clone())
            .unwrap_or_default()
    }

    /// Keeps what one of its calls learnt.
    pub fn remember(&self, learnt: &Redactor) {
        if let Ok(mut known) = self.known.lock() {
            known.merge(learnt);
        }
    }
}

/// What one tool call knows and learns: the redactor its result is redacted with (what its
/// session knew when the call began, plus what the call met), and apart from it what the call
/// learnt. Clones share one state: the backend's HTTP client learns every answer into it.
#[derive(Debug, Clone)]
pub struct CallSecrets {
    state: Arc<Mutex<CallState>>,
}

#[derive(Debug)]
struct CallState {
    known: Redactor,
    learnt: Redactor,
}

impl CallSecrets {
    /// A call that starts knowing `known`.
    pub fn new(known: Redactor) -> Self {
        Self {
            state: Arc::new(Mutex::new(CallState {
                known,
                learnt: Redactor::default(),
            })),
        }
    }

    fn with(&self, change: impl FnOnce(&mut CallState)) {
        if let Ok(mut state) = self.state.lock() {
            change(&mut state);
        }
    }

    /// Learns every credential-like secret under a sensitive key in `value` (an answer, a
    /// payload, a config).
    pub fn learn(&self, value: &Value) {
        self.with(|state| {
            state.known.learn(value);
            state.learnt.learn(value);
        });
    }

    /// Learns one value when it is credential-like.
    pub fn learn_secret(&self, secret: &str) {
        self.with(|state| {
            state.known.learn_secret(secret);
            state.learnt.learn_secret(secret);
        });
    }

    /// A secret the call holds (a credential of its session): redacted in its result whatever its
    /// shape, not kept past it (the next call holds it again).
    pub fn know_secret(&self, secret: &str) {
        self.with(|state| state.known.trust_secret(secret));
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
        (!state.learnt.is_empty()).then(|| state.learnt.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::redact::REDACTED;
    use serde_json::json;

    fn secret(n: usize) -> String {
        format!("learnt-secret-{n:04}-a7f3c9e1b2d4")
    }

    #[test]
    fn what_a_call_learns_redacts_its_result_and_its_sessions_next_calls_only() {
        let session = SessionSecrets::new(&Redactor::default());
        let other = SessionSecrets::new(&Redactor::default());
        let call = CallSecrets::new(session.redactor());
        assert!(call.learnt().is_none(), "nothing learnt yet");
        call.learn(&json!({"token": secret(1)}));
        assert_eq!(
            call.redactor().redact_text(&secret(1)).as_deref(),
            Some(REDACTED)
        );
        session.remember(&call.learnt().expect("learnt"));
        let next = CallSecrets::new(session.redactor());
        assert_eq!(
            next.redactor()
                .redact_text(&format!("log: {}", secret(1)))
                .as_deref(),
            Some("log: [redacted]")
        );
        let elsewhere = CallSecrets::new(other.redactor());
        assert_eq!(
            elsewhere.redactor().redact_text(&secret(1)),
            None,
            "another session learnt nothing"
        );
    }

    #[test]
    fn a_name_sent_under_a_key_called_token_is_not_learnt() {
        let session = SessionSecrets::new(&Redactor::default());
        let call = CallSecrets::new(session.redactor());
        call.learn(&json!({"payload": {"token": "daily_sales_pipeline_v2"}}));
        assert!(call.learnt().is_none());
        assert_eq!(call.redactor().redact_text("daily_sales_pipeline_v2"), None);
    }

    #[test]
    fn the_servers_own_secrets_are_known_to_every_session_and_a_calls_credentials_to_it_alone() {
        let mut own = Redactor::default();
        own.trust_secret("the-servers-own-credential");
        let session = SessionSecrets::new(&own);
        let call = CallSecrets::new(session.redactor());
        call.know_secret("plain-config-token");
        assert!(call
            .redactor()
            .redact_text("the-servers-own-credential")
            .is_some());
        assert!(call.redactor().redact_text("plain-config-token").is_some());
        assert!(call.learnt().is_none(), "a credential held is not learnt");
    }
}
