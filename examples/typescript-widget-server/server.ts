/**
 * A minimal MCP server in TypeScript (the official SDK, `@modelcontextprotocol/server`, with
 * `@modelcontextprotocol/ext-apps`) that ships the resource widget: it serves the built
 * dist/resource-widget.html as an MCP Apps resource and one tool, pipeline_list, whose results
 * the widget draws. MCP on stdio.
 *
 *     node server.js [WIDGET_HTML]        (default: dist/resource-widget.html)
 *
 * scripts/sdk-examples-check.sh type-checks it, compiles it and reads it back through the MCP
 * Inspector's CLI.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

import { McpServer } from "@modelcontextprotocol/server";
import { StdioServerTransport } from "@modelcontextprotocol/server/stdio";
import { RESOURCE_MIME_TYPE, registerAppResource, registerAppTool } from "@modelcontextprotocol/ext-apps/server";

const html = readFileSync(process.argv[2] ?? "dist/resource-widget.html", "utf8");

// A ui:// URI that changes with the file: hosts cache a widget by its URI.
const uri = `ui://pipeline-service/resource-widget-${createHash("sha256").update(html, "utf8").digest("hex").slice(0, 8)}.html`;

// The resource's _meta: no domains (the widget fetches nothing), wasm where the host allows it,
// and ChatGPT's own keys.
const resourceMeta = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], wasmUnsafeEval: true },
    prefersBorder: true,
  },
  "openai/widgetCSP": { connect_domains: [], resource_domains: [] },
  "openai/widgetPrefersBorder": true,
  "openai/widgetDescription": "Tables, banners and block graphs for pipeline-service results.",
};

const server = new McpServer(
  { name: "typescript-widget-server", version: "0.1.0" },
  { capabilities: { extensions: { "io.modelcontextprotocol/ui": { mimeTypes: [RESOURCE_MIME_TYPE] } } } },
);

registerAppResource(server, "pipeline_resource_widget", uri, { _meta: resourceMeta }, async () => ({
  contents: [{ uri, mimeType: RESOURCE_MIME_TYPE, text: html, _meta: resourceMeta }],
}));

registerAppTool(
  server,
  "pipeline_list",
  {
    description: "Lists the pipelines.",
    _meta: { ui: { resourceUri: uri }, "host/outputTemplate": uri, "openai/outputTemplate": uri },
  },
  async () => {
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
  },
);

await server.connect(new StdioServerTransport());
