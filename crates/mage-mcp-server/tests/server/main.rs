//! The server's integration tests, one test binary (one link of rmcp, tokio and reqwest): the
//! built server driven by rmcp's own client over stdio (`stdio`) and Streamable HTTP (`http`);
//! hostile input over HTTP, sent as raw requests, mostly to the HTTP router built in this process
//! (`hostile`, with `in_process`); the suite of tool behaviour
//! every backend passes (`suite`), run against the demo project here and against a real Mage
//! server in `mage` (run by `scripts/mage-test.sh`; without `MAGE_TEST_URL` its tests return at
//! once); ids refused before any request (`ids`, with `recorder`); deadlines and cancellation
//! against a stand-in cluster that never answers (`deadline`); replicas sharing their sessions
//! through Redis (`replicas`); clients of MCP `2026-07-28`, which has no sessions (`sessionless`).

mod common;
mod deadline;
mod hostile;
mod http;
mod ids;
mod in_process;
mod mage;
mod recorder;
mod replicas;
mod sessionless;
mod stdio;
mod suite;
