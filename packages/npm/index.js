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
 * The tools the widget calls itself through its host (to open a record, refresh, follow a run):
 * read-only tools only. A tool of one of these names is marked callable from the widget in its
 * _meta (toolMeta). The same list as the Rust and Python packages'.
 */
export const toolsTheWidgetCalls = Object.freeze([
  "pipeline_list",
  "pipeline_get",
  "block_list",
  "block_get",
  "run_logs",
  "pipeline_runs",
  "pipeline_run_get",
  "block_runs",
  "block_outputs",
  "backfill_list",
  "pipeline_schedules",
  "pipeline_triggers",
]);

/**
 * The resource's _meta. Under `ui` (the MCP Apps keys): no domains in `csp` (the widget fetches and
 * loads nothing and opens links through the host), wasm where the host allows it (without it the
 * page runs its JavaScript build), `permissions.clipboardWrite` (the copy buttons), and `domain`
 * only when given (a dedicated origin for the frame, in the format of the host it is meant for).
 * Beside it, ChatGPT's own keys.
 */
export function resourceMeta(domain) {
  return {
    ui: {
      csp: { connectDomains: [], resourceDomains: [], wasmUnsafeEval: true },
      permissions: { clipboardWrite: {} },
      ...(domain === undefined ? {} : { domain }),
      prefersBorder: true,
    },
    "openai/widgetCSP": { connect_domains: [], resource_domains: [] },
    "openai/widgetPrefersBorder": true,
    "openai/widgetDescription": "Tables, banners and block graphs for pipeline-service results.",
  };
}

/**
 * The _meta of the tool named `name`, whose results the widget draws: the URI under each key hosts
 * read (ui.resourceUri, the MCP Apps key; the flat "ui/resourceUri" it replaced, which Claude still
 * reads; "openai/outputTemplate", ChatGPT's; "host/outputTemplate"), and
 * "openai/widgetAccessible" when the widget calls the tool itself (toolsTheWidgetCalls).
 */
export function toolMeta(name) {
  return {
    ui: { resourceUri: uri },
    "ui/resourceUri": uri,
    "host/outputTemplate": uri,
    "openai/outputTemplate": uri,
    ...(toolsTheWidgetCalls.includes(name) ? { "openai/widgetAccessible": true } : {}),
  };
}

/**
 * Registers the widget on `server` (a @modelcontextprotocol/server McpServer, before it connects):
 * the MCP Apps extension in its capabilities, and the resource, listed and read with its _meta
 * (`domain`: the frame's dedicated origin, named only when given). Point your tools at it with
 * `_meta: toolMeta(name)` (ext-apps' registerAppTool).
 */
export function registerResourceWidget(server, { domain } = {}) {
  const meta = resourceMeta(domain);
  server.server.registerCapabilities({ extensions: { [extensionId]: { mimeTypes: [mimeType] } } });
  return registerAppResource(
    server,
    resourceName,
    uri,
    { title: resourceTitle, description: resourceDescription, mimeType, _meta: meta },
    async () => ({ contents: [{ uri, mimeType, text: html, _meta: meta }] }),
  );
}
