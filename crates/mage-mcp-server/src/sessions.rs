//! This replica's MCP sessions: rmcp's in-memory `LocalSessionManager`, except where a client
//! comes back for a call's answer that this replica cannot give.
//!
//! A client whose call's event stream was cut (the replica answering it stopped or crashed)
//! reconnects with `Last-Event-ID`, and the load balancer sends it to whichever replica it picks.
//! That replica holds the session (in memory, or restored from the shared store) but not the lost
//! call: rmcp numbers a session's streams per process, so the id could even name another call of
//! the same session there, and otherwise rmcp answers an empty stream and the client reconnects
//! until it gives up and waits for its own timeout. So every event id this replica sends carries
//! a mark of this process and, on a call's stream, the call's JSON-RPC id
//! (`<rmcp's id>@<mark>.<call>`), and a stream is resumed only where it was made. A call's stream
//! made elsewhere ends at once with an error for that call that says its answer is lost; the
//! session's own stream (`GET` without a call) is opened anew instead.

use std::sync::Arc;

use futures::{Stream, StreamExt};
use rmcp::model::{
    ClientJsonRpcMessage, ErrorCode, ErrorData, JsonRpcError, NumberOrString, RequestId,
    ServerJsonRpcMessage,
};
use rmcp::transport::streamable_http_server::session::local::{
    LocalSessionManager, LocalSessionManagerError,
};
use rmcp::transport::streamable_http_server::session::{
    EventStore, RestoreOutcome, ServerSseMessage, SessionId, SessionManager,
};

use crate::mage::client::OUTCOME_UNKNOWN;

/// What a call whose answer is lost ends with.
pub fn lost_call_message() -> String {
    format!(
        "The server replica answering this call stopped before it sent the answer, which is lost. A read can be sent again; for a change: {OUTCOME_UNKNOWN}"
    )
}

/// The sessions this replica holds in memory.
#[derive(Debug)]
pub struct ReplicaSessions {
    local: LocalSessionManager,
    /// What this process adds to its event ids: random, so that no other replica, nor this one
    /// restarted, makes the same.
    mark: Arc<str>,
}

impl ReplicaSessions {
    /// Sessions that end after `idle` without a request.
    pub fn new(idle: std::time::Duration) -> Self {
        let mut local = LocalSessionManager::default();
        local.session_config.keep_alive = Some(idle);
        let mut bytes = [0u8; 6];
        // Without a random source the mark is the process id: still apart from other processes.
        let mark: String = match getrandom::fill(&mut bytes) {
            Ok(()) => bytes.iter().map(|b| format!("{b:02x}")).collect(),
            Err(_) => format!("p{}", std::process::id()),
        };
        Self {
            local,
            mark: mark.into(),
        }
    }

    /// `stream` with this process's mark, and `call` when given, on every event id.
    fn marked(
        &self,
        stream: impl Stream<Item = ServerSseMessage> + Send + Sync + 'static,
        call: Option<&RequestId>,
    ) -> impl Stream<Item = ServerSseMessage> + Send + Sync + 'static {
        let mark = match call.and_then(call_in_event_id) {
            Some(call) => format!("{}.{call}", self.mark),
            None => self.mark.to_string(),
        };
        stream.map(move |mut event| {
            if let Some(id) = event.event_id.take() {
                event.event_id = Some(format!("{id}@{mark}"));
            }
            event
        })
    }

    /// rmcp's own id within `last_event_id` when this process made it.
    fn own_id<'a>(&self, last_event_id: &'a str) -> Option<&'a str> {
        let (id, mark) = last_event_id.rsplit_once('@')?;
        let process = mark.split_once('.').map_or(mark, |(process, _)| process);
        (process == &*self.mark).then_some(id)
    }

    /// How many sessions this replica holds.
    pub async fn live(&self) -> usize {
        self.local.sessions.read().await.len()
    }
}

/// Whether an event id names a call's stream (`<index>/<request>` in rmcp's local sessions), not
/// the session's own stream (`<index>`).
fn names_a_call(last_event_id: &str) -> bool {
    last_event_id.contains('/')
}

/// The longest call id carried in an event id: ids are the client's to choose.
const MAX_CALL_ID_CHARS: usize = 64;

/// A call's JSON-RPC id as an event id carries it: `n<number>`, or `s<hex of the string>` (an
/// event id is one line of text, and a client's string could hold anything); none past
/// [`MAX_CALL_ID_CHARS`].
fn call_in_event_id(call: &RequestId) -> Option<String> {
    let text = match call {
        NumberOrString::Number(number) => format!("n{number}"),
        NumberOrString::String(string) => {
            let hex: String = string.bytes().map(|b| format!("{b:02x}")).collect();
            format!("s{hex}")
        }
    };
    (text.len() <= MAX_CALL_ID_CHARS).then_some(text)
}

/// The call's JSON-RPC id an event id carries, when it carries one.
fn call_of_event_id(last_event_id: &str) -> Option<RequestId> {
    let (_, mark) = last_event_id.rsplit_once('@')?;
    let (_, call) = mark.split_once('.')?;
    if let Some(number) = call.strip_prefix('n') {
        return number.parse().ok().map(NumberOrString::Number);
    }
    let hex = call.strip_prefix('s')?;
    let bytes: Option<Vec<u8>> = (0..hex.len())
        .step_by(2)
        .map(|at| u8::from_str_radix(hex.get(at..at + 2)?, 16).ok())
        .collect();
    String::from_utf8(bytes?)
        .ok()
        .map(|string| NumberOrString::String(string.into()))
}

/// The stream a lost call's client reads: one error for `call` (its id from the event id the
/// client resumes from; without one, no id, which a client that replays resumed streams takes as
/// the answer to the call it resumes).
fn lost_call(call: Option<RequestId>) -> ServerSseMessage {
    let error = ErrorData::new(ErrorCode::INTERNAL_ERROR, lost_call_message(), None);
    ServerSseMessage::from_message(ServerJsonRpcMessage::Error(JsonRpcError::new(call, error)))
}

impl SessionManager for ReplicaSessions {
    type Error = LocalSessionManagerError;
    type Transport = <LocalSessionManager as SessionManager>::Transport;

    async fn create_session(&self) -> Result<(SessionId, Self::Transport), Self::Error> {
        self.local.create_session().await
    }

    async fn initialize_session(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<ServerJsonRpcMessage, Self::Error> {
        self.local.initialize_session(id, message).await
    }

    async fn has_session(&self, id: &SessionId) -> Result<bool, Self::Error> {
        self.local.has_session(id).await
    }

    async fn close_session(&self, id: &SessionId) -> Result<(), Self::Error> {
        self.local.close_session(id).await
    }

    async fn create_stream(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        let call = match &message {
            ClientJsonRpcMessage::Request(request) => Some(request.id.clone()),
            _ => None,
        };
        let stream = self.local.create_stream(id, message).await?;
        Ok(self.marked(stream, call.as_ref()))
    }

    async fn accept_message(
        &self,
        id: &SessionId,
        message: ClientJsonRpcMessage,
    ) -> Result<(), Self::Error> {
        self.local.accept_message(id, message).await
    }

    async fn create_standalone_stream(
        &self,
        id: &SessionId,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        Ok(self.marked(self.local.create_standalone_stream(id).await?, None))
    }

    async fn resume(
        &self,
        id: &SessionId,
        last_event_id: String,
    ) -> Result<impl Stream<Item = ServerSseMessage> + Send + Sync + 'static, Self::Error> {
        let a_call = names_a_call(&last_event_id);
        let call = call_of_event_id(&last_event_id);
        let resumed = match self.own_id(&last_event_id) {
            Some(own) => self.local.resume(id, own.to_owned()).await.ok(),
            None => None,
        };
        match resumed {
            Some(stream) => Ok(self
                .marked(stream, call.as_ref())
                .left_stream()
                .left_stream()),
            None if a_call => Ok(futures::stream::iter([lost_call(call)]).right_stream()),
            None => Ok(self
                .marked(self.local.create_standalone_stream(id).await?, None)
                .right_stream()
                .left_stream()),
        }
    }

    async fn restore_session(
        &self,
        id: SessionId,
    ) -> Result<RestoreOutcome<Self::Transport>, Self::Error> {
        self.local.restore_session(id).await
    }

    fn event_store(&self) -> Option<Arc<dyn EventStore>> {
        self.local.event_store()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_event_id_carries_its_calls_id_as_one_line_within_a_bound() {
        let here = ReplicaSessions::new(std::time::Duration::from_secs(60));
        for call in [
            NumberOrString::Number(7),
            NumberOrString::String("call\n\"7\"".into()),
        ] {
            let carried = call_in_event_id(&call).expect("carried");
            assert!(
                carried.chars().all(|c| c.is_ascii_alphanumeric()),
                "{carried}"
            );
            let event_id = format!("0/3@{}.{carried}", here.mark);
            assert_eq!(call_of_event_id(&event_id), Some(call));
            assert_eq!(here.own_id(&event_id), Some("0/3"));
        }
        assert_eq!(
            call_in_event_id(&NumberOrString::String("x".repeat(100).into())),
            None
        );
        assert_eq!(call_of_event_id(&format!("0/3@{}", here.mark)), None);
        let message = serde_json::to_value(
            lost_call(Some(NumberOrString::Number(7)))
                .message
                .as_deref()
                .expect("a message"),
        )
        .expect("JSON");
        assert_eq!(message["id"], 7);
    }

    #[test]
    fn only_an_event_id_this_process_marked_is_its_own() {
        let here = ReplicaSessions::new(std::time::Duration::from_secs(60));
        let elsewhere = ReplicaSessions::new(std::time::Duration::from_secs(60));
        assert_ne!(here.mark, elsewhere.mark);
        let id = format!("0/3@{}", here.mark);
        assert_eq!(here.own_id(&id), Some("0/3"));
        assert_eq!(elsewhere.own_id(&id), None);
        assert_eq!(here.own_id("0/3"), None);
    }

    #[test]
    fn a_calls_stream_is_told_apart_from_the_sessions_own() {
        assert!(names_a_call("0/3"));
        assert!(names_a_call("12/0"));
        assert!(!names_a_call("0"));
        assert!(!names_a_call("7"));
    }

    #[test]
    fn a_lost_call_ends_with_an_error_that_says_its_answer_is_lost() {
        let event = lost_call(None);
        assert!(event.event_id.is_none());
        let message =
            serde_json::to_value(event.message.as_deref().expect("a message")).expect("JSON");
        assert!(message.get("id").is_none(), "{message}");
        assert_eq!(message["error"]["code"], -32603);
        let text = message["error"]["message"].as_str().expect("a message");
        assert!(text.contains("answer, which is lost"), "{text}");
    }
}
