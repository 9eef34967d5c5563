// The pipeline service's resource widget for MCP servers in JavaScript and TypeScript: the one
// self-contained HTML file an MCP Apps host shows, its content-hashed ui:// URI, the resource and
// tool _meta hosts read, and registerResourceWidget, which serves it from a
// @modelcontextprotocol/server McpServer with ext-apps' registerAppResource.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

import { RESOURCE_MIME_TYPE, registerAppResource } from "@modelcontextprotocol/ext-apps/server";

const here = (name) => new URL(name, import.meta.url);

/** The widget file's text, served unchanged (the file is UTF-8; every byte comes back). */
export const html = readFileSync(here("./resource-widget.html"), "utf8");
/** The file's ui:// URI: the first 8 hex digits of its SHA-256 (hosts cache a widget by its URI). */
export const uri = `ui://pipeline-service/resource-widget-${createHash("sha256").update(html, "utf8").digest("hex").slice(0, 8)}.html`;
/** The widget's version, the same in its npm, Python and Rust packages. */
export const version = JSON.parse(readFileSync(here("./package.json"), "utf8")).version;
/** The MIME type MCP Apps hosts render. */
export const mimeType = RESOURCE_MIME_TYPE;
/** The MCP Apps extension a server advertises in its capabilities. */
export const extensionId = "io.modelcontextprotocol/ui";
export const resourceName = "pipeline_resource_widget";
export const resourceTitle = "Pipeline resource widget";
export const resourceDescription = "Renders pipeline-service tool results: list and detail tables, mutation banners, block graphs.";

/**
 * The resource's _meta: no domains (the widget fetches and loads nothing and opens links through
 * the host), wasm where the host allows it (without it the page runs its JavaScript build), and
 * ChatGPT's own keys.
 */
export const resourceMeta = {
  ui: {
    csp: { connectDomains: [], resourceDomains: [], wasmUnsafeEval: true },
    prefersBorder: true,
  },
  "openai/widgetCSP": { connect_domains: [], resource_domains: [] },
  "openai/widgetPrefersBorder": true,
  "openai/widgetDescription": "Tables, banners and block graphs for pipeline-service results.",
};

/** The _meta of a tool whose results the widget draws: its URI under the three keys hosts read. */
export const toolMeta = { ui: { resourceUri: uri }, "host/outputTemplate": uri, "openai/outputTemplate": uri };

/**
 * Registers the widget on `server` (a @modelcontextprotocol/server McpServer, before it connects):
 * the MCP Apps extension in its capabilities, and the resource, listed and read with its _meta.
 * Point your tools at it with `_meta: toolMeta` (ext-apps' registerAppTool).
 */
export function registerResourceWidget(server) {
  server.server.registerCapabilities({ extensions: { [extensionId]: { mimeTypes: [mimeType] } } });
  return registerAppResource(
    server,
    resourceName,
    uri,
    { title: resourceTitle, description: resourceDescription, mimeType, _meta: resourceMeta },
    async () => ({ contents: [{ uri, mimeType, text: html, _meta: resourceMeta }] }),
  );
}
