//! The sessions of replicas, shared through Redis (`--session-store redis://…`): rmcp's
//! `SessionStore`, so that a session initialised on one replica continues on any other, and on a
//! replica that restarted. rmcp stores a session after its handshake and, when a request names a
//! session the replica does not hold, loads it and replays the handshake in memory; this store is
//! the Redis side of that, plus the idle bound that makes the store the judge of which sessions
//! are live ([`RedisSessions::touch`]).
//!
//! What is kept is the least a session needs to be restored: the protocol version it agreed on,
//! the client's declared capabilities (redacted by the workspace's engine before they are
//! written) and the client's name and version; never the client's title, icons or `_meta`,
//! never a credential, nothing a session learned (`secrets.rs`: those stay in the replica that
//! learned them). The key is a SHA-256 of the session id, so that whoever reads Redis cannot
//! list the live session ids. An entry lives [`SESSION_IDLE`] past the session's last request.
//!
//! With the demo project the same store, through the same connection, also holds the demo's
//! changes, so that every replica answers from one project (`demo/journal.rs`).

use std::net::IpAddr;
use std::time::Duration;

use redis::aio::{ConnectionManager, ConnectionManagerConfig};
use redis::{Client, ConnectionAddr};
use rmcp::model::{ClientCapabilities, Implementation, InitializeRequestParams, ProtocolVersion};
use rmcp::transport::streamable_http_server::session::{
    SessionState, SessionStore, SessionStoreError,
};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use sha2::{Digest, Sha256};

/// A session idle this long ends, in every replica's memory and in the store alike.
pub const SESSION_IDLE: Duration = Duration::from_secs(300);

/// The longest a replica waits for Redis to connect or answer: a store that does not answer
/// must not hold a request (rmcp then answers the request that needed it with an error).
const STORE_TIMEOUT: Duration = Duration::from_secs(2);

/// The form of a stored entry; an entry of another form is taken as absent.
const ENTRY_FORM: u32 = 1;

/// Where the keys of this server live in a Redis shared with others.
const KEY_PREFIX: &str = "mage-mcp-server:session:";

/// The sessions of every replica that names the same Redis.
#[derive(Clone)]
pub struct RedisSessions {
    connection: ConnectionManager,
    shown: String,
}

/// What is written for a session: enough to replay its handshake.
#[derive(Debug, PartialEq, Serialize, Deserialize)]
struct StoredSession {
    form: u32,
    protocol_version: ProtocolVersion,
    /// The client's declared capabilities, redacted.
    capabilities: Value,
    client_name: String,
    client_version: String,
}

impl StoredSession {
    fn of(params: &InitializeRequestParams) -> Self {
        let mut capabilities = serde_json::to_value(&params.capabilities).unwrap_or(Value::Null);
        secret_redaction::redact_in_place(&mut capabilities);
        Self {
            form: ENTRY_FORM,
            protocol_version: params.protocol_version.clone(),
            capabilities,
            client_name: params.client_info.name.clone(),
            client_version: params.client_info.version.clone(),
        }
    }

    /// The handshake's parameters again; capabilities that no longer read as such (a value
    /// redaction replaced) are left out rather than failing the session.
    fn params(self) -> InitializeRequestParams {
        let capabilities: ClientCapabilities =
            serde_json::from_value(self.capabilities).unwrap_or_default();
        InitializeRequestParams::new(
            capabilities,
            Implementation::new(self.client_name, self.client_version),
        )
        .with_protocol_version(self.protocol_version)
    }
}

/// The Redis key of a session: a digest, so that the store holds no session id.
fn key_of(session_id: &str) -> String {
    let digest = Sha256::digest(session_id.as_bytes());
    let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
    format!("{KEY_PREFIX}{hex}")
}

/// Whether `addr` stays on this machine: a Unix socket, or a loopback host.
fn is_local(addr: &ConnectionAddr) -> bool {
    let host = match addr {
        ConnectionAddr::Unix(_) => return true,
        ConnectionAddr::Tcp(host, _) => host,
        ConnectionAddr::TcpTls { host, .. } => host,
        _ => return false,
    };
    host.eq_ignore_ascii_case("localhost")
        || host
            .trim_matches(['[', ']'])
            .parse::<IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// `addr` as the log may show it: where it is, never a user name or password.
fn shown_addr(addr: &ConnectionAddr) -> String {
    match addr {
        ConnectionAddr::Tcp(host, port) => format!("redis://{host}:{port}"),
        ConnectionAddr::TcpTls { host, port, .. } => format!("rediss://{host}:{port}"),
        ConnectionAddr::Unix(path) => format!("redis+unix://{}", path.display()),
        _ => "a Redis server".to_owned(),
    }
}

impl RedisSessions {
    /// The store at `url` (`redis://[:PASSWORD@]HOST:PORT[/DB]`, `redis+unix:///PATH`), refused
    /// beyond this machine unless `beyond_loopback`. No error quotes the URL: it may hold a
    /// password. Connects on first use (from a task of the runtime it is opened in);
    /// [`RedisSessions::check`] asks at once.
    pub async fn open(url: &str, beyond_loopback: bool) -> anyhow::Result<Self> {
        let client = Client::open(url).map_err(|error| {
            anyhow::anyhow!("--session-store: not a Redis URL ({})", error.category())
        })?;
        let addr = client.get_connection_info().addr();
        let shown = shown_addr(addr);
        if !beyond_loopback && !is_local(addr) {
            anyhow::bail!(
                "--session-store {shown}: not on this machine; sessions would cross the network in clear (add --session-store-beyond-loopback to mean it)"
            );
        }
        let config = ConnectionManagerConfig::new()
            .set_connection_timeout(Some(STORE_TIMEOUT))
            .set_response_timeout(Some(STORE_TIMEOUT))
            .set_number_of_retries(1);
        let connection = client
            .get_connection_manager_lazy(config)
            .map_err(|error| anyhow::anyhow!("--session-store {shown}: {}", error.category()))?;
        Ok(Self { connection, shown })
    }

    /// The store's connection, which the demo's shared journal uses too (`demo/journal.rs`):
    /// the same place, rules and timeouts.
    pub(crate) fn connection(&self) -> ConnectionManager {
        self.connection.clone()
    }

    /// Where the store is, for the log (no credential).
    pub fn shown(&self) -> &str {
        &self.shown
    }

    /// Whether the store answers (`PING`), so that a replica started against a store it cannot
    /// reach says so at start.
    pub async fn check(&self) -> anyhow::Result<()> {
        let mut connection = self.connection.clone();
        redis::cmd("PING")
            .query_async::<String>(&mut connection)
            .await
            .map(|_| ())
            .map_err(|error| {
                anyhow::anyhow!("--session-store {}: {}", self.shown, error.category())
            })
    }

    /// Marks the session used now: its entry lives [`SESSION_IDLE`] more. `Ok(false)` when the
    /// store holds no such session (closed by its client, idle past the bound, never made).
    pub async fn touch(&self, session_id: &str) -> Result<bool, SessionStoreError> {
        let mut connection = self.connection.clone();
        let kept: bool = redis::cmd("EXPIRE")
            .arg(key_of(session_id))
            .arg(SESSION_IDLE.as_secs())
            .query_async(&mut connection)
            .await?;
        Ok(kept)
    }
}

#[async_trait::async_trait]
impl SessionStore for RedisSessions {
    async fn load(&self, session_id: &str) -> Result<Option<SessionState>, SessionStoreError> {
        let mut connection = self.connection.clone();
        let text: Option<String> = redis::cmd("GET")
            .arg(key_of(session_id))
            .query_async(&mut connection)
            .await?;
        let stored = text.and_then(|text| serde_json::from_str::<StoredSession>(&text).ok());
        Ok(stored
            .filter(|stored| stored.form == ENTRY_FORM)
            .map(|stored| SessionState::new(stored.params())))
    }

    async fn store(&self, session_id: &str, state: &SessionState) -> Result<(), SessionStoreError> {
        let text = serde_json::to_string(&StoredSession::of(&state.initialize_params))?;
        let mut connection = self.connection.clone();
        redis::cmd("SET")
            .arg(key_of(session_id))
            .arg(text)
            .arg("EX")
            .arg(SESSION_IDLE.as_secs())
            .query_async::<()>(&mut connection)
            .await?;
        Ok(())
    }

    async fn delete(&self, session_id: &str) -> Result<(), SessionStoreError> {
        let mut connection = self.connection.clone();
        redis::cmd("DEL")
            .arg(key_of(session_id))
            .query_async::<()>(&mut connection)
            .await?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn params(capabilities: Value) -> InitializeRequestParams {
        let mut client = Implementation::new("a-host", "1.2.3");
        client.title = Some("A host".to_owned());
        client.website_url = Some("https://host.example/?token=abc".to_owned());
        let mut params = InitializeRequestParams::new(
            serde_json::from_value(capabilities).expect("capabilities"),
            client,
        )
        .with_protocol_version(ProtocolVersion::V_2025_06_18);
        params.meta =
            Some(serde_json::from_value(json!({"trace": "kept out of the store"})).expect("meta"));
        params
    }

    #[test]
    fn a_stored_session_keeps_what_its_handshake_needs_and_nothing_else() {
        let given = params(json!({"roots": {"listChanged": true}, "extensions": {
            "io.modelcontextprotocol/ui": {"mimeTypes": ["text/html;profile=mcp-app"]}}}));
        let stored = StoredSession::of(&given);
        let text = serde_json::to_string(&stored).expect("json");
        assert!(
            !text.contains("A host") && !text.contains("host.example"),
            "{text}"
        );
        assert!(!text.contains("kept out"), "{text}");
        let restored = stored.params();
        assert_eq!(restored.protocol_version, ProtocolVersion::V_2025_06_18);
        assert_eq!(restored.capabilities, given.capabilities);
        assert_eq!(restored.client_info.name, "a-host");
        assert_eq!(restored.client_info.version, "1.2.3");
        assert!(restored.meta.is_none());
    }

    #[test]
    fn a_credential_declared_among_capabilities_is_never_stored() {
        let secret = "sk_live_4eC39HqLyjWDarjtT1zdp7dc";
        let given = params(json!({"experimental": {"vendor": {"api_key": secret,
            "note": format!("Authorization: Bearer {secret}")}}}));
        let text = serde_json::to_string(&StoredSession::of(&given)).expect("json");
        assert!(!text.contains(secret), "{text}");
    }

    #[test]
    fn a_key_is_a_digest_of_the_session_id() {
        let id = "5f0c3a52-2b4e-4e8e-9a8c-8b3c1d2e4f60";
        let key = key_of(id);
        assert!(key.starts_with(KEY_PREFIX));
        assert!(!key.contains(id));
        assert_eq!(key.len(), KEY_PREFIX.len() + 64);
        assert_eq!(key, key_of(id));
        assert_ne!(key, key_of("another"));
    }

    #[tokio::test]
    async fn only_a_store_on_this_machine_is_accepted_unless_meant() {
        for local in [
            "redis://127.0.0.1:6379",
            "redis://localhost:6379/2",
            "redis://[::1]:6379",
            "redis+unix:///run/redis.sock",
        ] {
            assert!(RedisSessions::open(local, false).await.is_ok(), "{local}");
        }
        let remote = "redis://:hunter2-password@10.1.2.3:6379/0";
        let Err(error) = RedisSessions::open(remote, false).await else {
            panic!("a remote store is refused");
        };
        let message = error.to_string();
        assert!(message.contains("redis://10.1.2.3:6379"), "{message}");
        assert!(!message.contains("hunter2"), "{message}");
        assert!(RedisSessions::open(remote, true).await.is_ok());
        let Err(error) = RedisSessions::open("http://:hunter2-password@host", false).await else {
            panic!("not a Redis URL");
        };
        assert!(!error.to_string().contains("hunter2"), "{error}");
    }
}
