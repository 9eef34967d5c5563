//! The tools, one module per family of the service's resources. Each tool is written once:
//! its arguments checked, the backend asked, the widget result built.

pub(crate) mod blocks;
mod diff;
mod outputs;
mod pipelines;
mod runs;
mod schedules;

use rmcp::handler::server::router::tool::ToolRouter;

use crate::server::MageMcpServer;

/// Every tool of the server.
pub fn router() -> ToolRouter<MageMcpServer> {
    MageMcpServer::pipeline_tools()
        + MageMcpServer::block_tools()
        + MageMcpServer::run_tools()
        + MageMcpServer::schedule_tools()
        + MageMcpServer::output_tools()
}
