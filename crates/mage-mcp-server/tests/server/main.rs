//! The server's integration tests, one test binary (one link of rmcp, tokio and reqwest instead of
//! three): the built server driven by rmcp's own client over stdio (`stdio`) and Streamable HTTP
//! (`http`), and against a real Mage server (`mage`, run by `scripts/mage-test.sh`; without
//! `MAGE_TEST_URL` its tests return at once).

mod common;
mod http;
mod ids;
mod mage;
mod recorder;
mod stdio;
