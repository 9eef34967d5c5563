/**
 * A minimal MCP server in TypeScript (the official SDK, `@modelcontextprotocol/server`, with
 * `@modelcontextprotocol/ext-apps`) that ships the resource widget from the npm package
 * `pipeline-resource-widget`: the widget as an MCP Apps resource and one tool, pipeline_list,
 * whose results the widget draws. MCP on stdio.
 *
 *     npm install pipeline-resource-widget @modelcontextprotocol/server @modelcontextprotocol/ext-apps
 *
 * scripts/packages-check.sh installs the packaged tarball into an npm project outside the
 * repository, type-checks and compiles this file there, and reads it back through the MCP
 * Inspector's CLI.
 */
import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { registerAppTool } from "@modelcontextprotocol/ext-apps/server";
import { registerResourceWidget, toolMeta } from "pipeline-resource-widget";

const server = new McpServer({ name: "typescript-widget-server", version: "0.1.0" });

// The MCP Apps capability, and the widget as a ui:// resource with its _meta.
registerResourceWidget(server);

// A tool whose results the widget draws points at it.
registerAppTool(server, "pipeline_list", { description: "Lists the pipelines.", _meta: toolMeta("pipeline_list") }, async () => {
  // A widget result (schema/widget-result.schema.json); a real server builds it from its data.
  const result = {
    kind: "svc_resource_widget",
    schema_version: 1,
    resource: "pipelines",
    action: "list",
    state: "ok",
    records: [
      { uuid: "etl_daily", name: "ETL daily", type: "python", blocks: 3 },
      { uuid: "orders_streaming", name: "Orders streaming", type: "streaming", blocks: 6 },
    ],
  };
  // structuredContent and the same JSON as text: the widget reads either (some hosts drop
  // structuredContent).
  return { content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result };
});

await server.connect(new StdioServerTransport());
