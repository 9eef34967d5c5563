//! `mage-mcp-server`: an MCP server for Mage pipelines. It serves the pipeline tools over a Mage
//! server's HTTP API (`--mage`, `--mage-url`) or over its built-in demo project (the default), and
//! the resource widget (built into the binary by `pipeline-resource-widget`, or the file
//! `--widget` names) as an MCP Apps resource, on stdio (the default) or Streamable HTTP. Logs go
//! to stderr only: stdout is the stdio transport.
//!
//! This file is the command line: the options, the logging, the backend they choose; the server
//! itself is the library (`src/lib.rs`).

use std::collections::BTreeSet;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::ExitCode;
use std::sync::Arc;
use std::time::Duration;

use anyhow::Context;
use clap::{Parser, ValueEnum};
use rmcp::ServiceExt;

use mage_mcp_server::backend::Backend;
use mage_mcp_server::config::{self, CredentialSource};
use mage_mcp_server::demo::journal::RedisJournal;
use mage_mcp_server::demo::{DemoBackend, Project};
use mage_mcp_server::http::{self, HttpAuth, HttpOptions};
use mage_mcp_server::mage::{self, MageBackend, MageSettings};
use mage_mcp_server::redact::Redactor;
use mage_mcp_server::server::{self, MageMcpServer, ServerOptions};
use mage_mcp_server::session_store::RedisSessions;
use mage_mcp_server::tools;
use mage_mcp_server::widget::WidgetResource;

/// The address `--http` uses when given without one.
const DEFAULT_HTTP_ADDRESS: &str = "127.0.0.1:3001";

#[derive(Debug, Parser)]
#[command(
    name = "mage-mcp-server",
    version,
    about = "An MCP server for Mage pipelines: the pipeline tools over a Mage server's HTTP API, or over a built-in demo project, with the resource widget as an MCP Apps resource.",
    after_help = "Transports: stdio (default) or Streamable HTTP at http://ADDR/mcp.\nSee crates/mage-mcp-server/README.md for host set-up, the tools and the data shape."
)]
struct Cli {
    /// Serve MCP on stdin/stdout (the default).
    #[arg(long, conflicts_with = "http")]
    stdio: bool,

    /// Serve MCP over Streamable HTTP at ADDR, endpoint /mcp [default ADDR: 127.0.0.1:3001]. Give a
    /// non-loopback address (0.0.0.0:3001) only to expose the server on purpose.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = DEFAULT_HTTP_ADDRESS)]
    http: Option<SocketAddr>,

    /// Also accept HTTP requests whose Origin header is ORIGIN (e.g. https://app.example:443 or
    /// http://host:*). Loopback origins are always accepted; requests without Origin pass. Repeatable.
    #[arg(long = "allow-origin", value_name = "ORIGIN")]
    allow_origins: Vec<String>,

    /// Also accept HTTP requests whose Host header names HOST (needed when clients reach a
    /// 0.0.0.0 binding by a name or address). Loopback hosts are always accepted. Repeatable.
    #[arg(long = "allow-host", value_name = "HOST")]
    allow_hosts: Vec<String>,

    /// Over HTTP: the largest request body read, in bytes; a larger one is answered 413 (a
    /// JSON-RPC invalid request) before more of it is read.
    #[arg(long, value_name = "BYTES", env = "MCP_MAX_REQUEST_BYTES", default_value_t = http::DEFAULT_MAX_REQUEST_BYTES, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=1 << 30))]
    max_request_bytes: usize,

    /// Over HTTP: read the token every client must send (`Authorization: Bearer <token>`) from
    /// FILE [default: $MCP_AUTH_TOKEN, else a new random one, printed at start]. A token given in
    /// FILE or $MCP_AUTH_TOKEN is never printed.
    #[arg(long, value_name = "FILE", conflicts_with = "no_auth")]
    auth_token_file: Option<PathBuf>,

    /// Over HTTP: let any process that reaches the address call the tools, without a token. Only
    /// with a loopback address.
    #[arg(long)]
    no_auth: bool,

    /// Over HTTP: the most MCP sessions live at once; a new one past it is refused (503). A
    /// session idle for five minutes ends.
    #[arg(long, value_name = "N", default_value_t = http::DEFAULT_MAX_SESSIONS, value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(1..=100_000))]
    max_sessions: usize,

    /// Over HTTP: share the MCP sessions with the other replicas that name the same Redis
    /// (redis://[:PASSWORD@]HOST:PORT[/DB] or redis+unix:///PATH), so that a session initialised
    /// on one continues on any other and outlives a replica's restart [default: sessions in this
    /// process only]. With the demo project, its changes (pipelines and blocks created, changed or
    /// deleted, runs started) go through the same Redis too, so that every replica answers from
    /// one project. On this machine only, unless --session-store-beyond-loopback. The URL is
    /// never printed; give it in $MCP_SESSION_STORE to keep a password off the command line.
    #[arg(
        long,
        value_name = "URL",
        env = "MCP_SESSION_STORE",
        hide_env_values = true,
        requires = "http"
    )]
    session_store: Option<String>,

    /// Accept a --session-store on another machine (its traffic is not encrypted: a private
    /// network only).
    #[arg(long, requires = "session_store")]
    session_store_beyond_loopback: bool,

    /// The longest a tool call may take, in seconds. Past it the call is stopped with its requests
    /// to the cluster; a change's result then says its outcome is unknown.
    #[arg(long, value_name = "SECONDS", default_value_t = server::DEFAULT_CALL_DEADLINE.as_secs(), value_parser = clap::value_parser!(u64).range(1..=86_400))]
    call_timeout: u64,

    /// The widget HTML to serve instead of the one built into the binary (a development build:
    /// dist/resource-widget.html). It is served under its own content-hashed URI.
    #[arg(long, value_name = "FILE")]
    widget: Option<PathBuf>,

    /// A dedicated origin for the widget's frame, named to hosts as the resource's
    /// `_meta.ui.domain`, in the format of the host it is meant for (ChatGPT asks for one when an
    /// app is submitted; Claude accepts only its own hashed domain). Without it none is named.
    #[arg(long, value_name = "DOMAIN")]
    widget_domain: Option<String>,

    /// Read credentials from this config.json ({cluster_url, oauth_token, api_key?,
    /// oauth_token_expires_at?}) as the agent does. Without it the demo runs authenticated; with
    /// --mage it defaults to config.json in the agent's hidden working directory
    /// ($SVC_AGENT_HOME, else ~/.svc_agent).
    #[arg(long, value_name = "FILE", conflicts_with = "mage_url")]
    config: Option<PathBuf>,

    /// Drive the Mage server named by the config's cluster_url instead of the demo project,
    /// with the config's oauth_token (a Mage session) and api_key (Mage's X-API-KEY).
    #[arg(long, conflicts_with_all = ["mage_url", "data"])]
    mage: bool,

    /// Drive the Mage server at URL, with credentials from the environment: MAGE_OAUTH_TOKEN
    /// (a session JWT or its token claim) and MAGE_API_KEY.
    #[arg(long, value_name = "URL", conflicts_with = "data")]
    mage_url: Option<String>,

    /// The agent's cache directory, for block_templates.json (kept 24 hours)
    /// [default: cache/ in the agent's hidden working directory].
    #[arg(long, value_name = "DIR")]
    cache_dir: Option<PathBuf>,

    /// With Mage: the largest answer read from it, in bytes; a larger one is refused with a tool
    /// error instead of being held in memory.
    #[arg(long, value_name = "BYTES", env = "MAGE_MAX_RESPONSE_BYTES", default_value_t = mage::client::DEFAULT_MAX_RESPONSE_BYTES, value_parser = clap::value_parser!(u64).range(1..))]
    max_response_bytes: u64,

    /// Load the project from this JSON file instead of the embedded demo project (same shape as
    /// fixtures/demo/project.json).
    #[arg(long, value_name = "FILE")]
    data: Option<PathBuf>,

    /// Make TOOL fail with INTERNAL_ERROR, to see and test that state. Repeatable.
    #[arg(long = "fail-tool", value_name = "TOOL")]
    fail_tools: Vec<String>,

    /// How much the server logs (to stderr). Tool results and arguments are never logged.
    #[arg(long, value_enum, default_value_t = LogLevel::Info)]
    log_level: LogLevel,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
enum LogLevel {
    Error,
    Warn,
    Info,
    Debug,
}

impl LogLevel {
    fn directive(self) -> &'static str {
        match self {
            LogLevel::Error => "error",
            LogLevel::Warn => "warn",
            LogLevel::Info => "info",
            LogLevel::Debug => "debug",
        }
    }
}

fn init_logging(level: LogLevel) {
    // rmcp logs whole requests and results at debug level: it stays at warn whatever the level,
    // so no tool result or argument reaches the log.
    let filter = tracing_subscriber::EnvFilter::new(format!(
        "warn,mage_mcp_server={},rmcp=warn",
        level.directive()
    ));
    tracing_subscriber::fmt()
        .with_writer(std::io::stderr)
        .with_ansi(false)
        .with_target(false)
        .with_env_filter(filter)
        .init();
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    init_logging(cli.log_level);
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(error) => {
            tracing::error!("cannot start the async runtime: {error}");
            return ExitCode::from(1);
        }
    };
    match runtime.block_on(run(cli)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(error) => {
            tracing::error!("{error:#}");
            ExitCode::from(2)
        }
    }
}

/// What the tools answer from, with the secrets the server holds from the start.
struct ChosenBackend {
    backend: Arc<dyn Backend>,
    own_secrets: Redactor,
    credentials: CredentialSource,
    described: String,
}

/// Mage with `--mage-url` (credentials from the environment) or `--mage` (the agent's config),
/// else the demo project (`--data FILE` or the embedded one), its changes shared through
/// `store` when replicas share one. Mage mode loads no demo data.
fn choose_backend(cli: &Cli, store: Option<&RedisSessions>) -> anyhow::Result<ChosenBackend> {
    let mage_target = if let Some(url) = &cli.mage_url {
        Some((CredentialSource::from_env(url.clone()), url.clone()))
    } else if cli.mage {
        let file = cli
            .config
            .clone()
            .unwrap_or_else(|| config::agent_home().join("config.json"));
        Some((
            CredentialSource::new(Some(file)),
            "the config's cluster_url".to_owned(),
        ))
    } else {
        None
    };
    if let Some((credentials, target)) = mage_target {
        let cache_dir = cli
            .cache_dir
            .clone()
            .unwrap_or_else(|| config::agent_home().join("cache"));
        let settings = MageSettings::new(cache_dir.clone(), cli.max_response_bytes)
            .map_err(anyhow::Error::msg)?;
        let described = format!(
            "tools drive the Mage server at {}; {}; block templates cached in {}; answers read up to {} bytes",
            config::shown_url(&target),
            credentials.describe(),
            cache_dir.display(),
            cli.max_response_bytes,
        );
        return Ok(ChosenBackend {
            backend: Arc::new(MageBackend::new(settings)),
            own_secrets: Redactor::default(),
            credentials,
            described,
        });
    }
    let project = match &cli.data {
        Some(path) => Project::from_file(path),
        None => Project::embedded(),
    }
    .map_err(anyhow::Error::msg)?;
    let described = format!(
        "project '{}' ({} pipelines) from {}",
        project.project.name,
        project.pipelines.len(),
        cli.data
            .as_ref()
            .map_or("the embedded demo data".to_owned(), |p| p
                .display()
                .to_string()),
    );
    let credentials = CredentialSource::new(cli.config.clone());
    let mut described = format!("{described}; {}", credentials.describe());
    let journal = store.map(|store| (store.shown(), RedisJournal::new(store, &project)));
    let mut demo = DemoBackend::new(project);
    if let Some((shown, journal)) = journal {
        described.push_str(&format!(
            "; its changes shared with the other replicas through the store at {shown} (key {})",
            journal.key()
        ));
        demo = demo.sharing(Arc::new(journal));
    }
    Ok(ChosenBackend {
        own_secrets: demo.secrets(),
        backend: Arc::new(demo),
        credentials,
        described,
    })
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    let mut widget = WidgetResource::load(cli.widget.as_deref()).map_err(anyhow::Error::msg)?;
    if let Some(domain) = &cli.widget_domain {
        widget = widget.with_domain(domain).map_err(anyhow::Error::msg)?;
    }
    let session_store = match (&cli.http, &cli.session_store) {
        (Some(_), Some(url)) => {
            Some(RedisSessions::open(url, cli.session_store_beyond_loopback).await?)
        }
        _ => None,
    };
    let chosen = choose_backend(&cli, session_store.as_ref())?;
    tracing::info!(
        "widget {} ({} bytes) as {}; {}",
        widget.describe(),
        widget.served.html().len(),
        widget.uri(),
        chosen.described,
    );
    let server = MageMcpServer::new(
        ServerOptions {
            backend: chosen.backend,
            own_secrets: chosen.own_secrets,
            widget,
            credentials: chosen.credentials,
            failing_tools: cli.fail_tools.iter().cloned().collect::<BTreeSet<_>>(),
            call_deadline: Duration::from_secs(cli.call_timeout),
        },
        tools::router(),
    );
    let known = server.tool_names();
    for tool in &cli.fail_tools {
        if !known.contains(tool) {
            anyhow::bail!(
                "--fail-tool {tool}: no such tool (tools: {})",
                known.join(", ")
            );
        }
    }
    match cli.http {
        Some(address) => {
            let options = HttpOptions {
                address,
                auth: http_auth(&cli, address)?,
                allow_origins: cli.allow_origins,
                allow_hosts: cli.allow_hosts,
                max_request_bytes: cli.max_request_bytes,
                max_sessions: cli.max_sessions,
                read_timeouts: http::ReadTimeouts::default(),
                session_store,
            };
            http::serve(server, options).await
        }
        None => serve_stdio(server).await,
    }
}

/// Who may call over HTTP: `--no-auth` (loopback only), else the token of `--auth-token-file`, of
/// `MCP_AUTH_TOKEN`, or a new one (only a new one is printed: the user has the others).
fn http_auth(cli: &Cli, address: SocketAddr) -> anyhow::Result<HttpAuth> {
    if cli.no_auth {
        if !address.ip().is_loopback() {
            anyhow::bail!("--no-auth is allowed on a loopback address only (not {address})");
        }
        return Ok(HttpAuth::Off);
    }
    if let Some(file) = &cli.auth_token_file {
        let token = std::fs::read_to_string(file)
            .with_context(|| format!("--auth-token-file {}: cannot read it", file.display()))?;
        return HttpAuth::given(&token, "--auth-token-file")
            .with_context(|| format!("--auth-token-file {}", file.display()));
    }
    match std::env::var(http::ENV_AUTH_TOKEN) {
        Ok(token) if !token.trim().is_empty() => HttpAuth::given(&token, "$MCP_AUTH_TOKEN")
            .with_context(|| format!("${}", http::ENV_AUTH_TOKEN)),
        _ => HttpAuth::generated(),
    }
}

async fn serve_stdio(server: MageMcpServer) -> anyhow::Result<()> {
    tracing::info!("serving MCP on stdio");
    let running = server
        .serve(rmcp::transport::stdio())
        .await
        .context("the MCP session on stdio did not start")?;
    running
        .waiting()
        .await
        .context("the MCP session on stdio failed")?;
    tracing::info!("stdin closed; stopping");
    Ok(())
}
