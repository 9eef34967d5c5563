import type { McpServer, RegisteredResource } from "@modelcontextprotocol/server";

/** The widget file's text, served unchanged. */
export declare const html: string;
/** The file's ui:// URI: the first 8 hex digits of its SHA-256 (hosts cache a widget by its URI). */
export declare const uri: `ui://pipeline-service/resource-widget-${string}.html`;
/** The widget's version, the same in its npm, Python and Rust packages. */
export declare const version: string;
/** The MIME type MCP Apps hosts render. */
export declare const mimeType: "text/html;profile=mcp-app";
/** The MCP Apps extension a server advertises in its capabilities. */
export declare const extensionId: "io.modelcontextprotocol/ui";
export declare const resourceName: "pipeline_resource_widget";
export declare const resourceTitle: string;
export declare const resourceDescription: string;

/** The tools the widget calls itself through its host: read-only tools only. */
export declare const toolsTheWidgetCalls: readonly [
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
];

/** The resource's _meta (on resources/list and on resources/read's contents). */
export type ResourceMeta = {
  ui: {
    csp: { connectDomains: string[]; resourceDomains: string[]; wasmUnsafeEval: boolean };
    permissions: { clipboardWrite: Record<string, never> };
    /** The frame's dedicated origin, in the host's format: only when given. */
    domain?: string;
    prefersBorder: boolean;
  };
  "openai/widgetCSP": { connect_domains: string[]; resource_domains: string[] };
  "openai/widgetPrefersBorder": boolean;
  "openai/widgetDescription": string;
};

/** The resource's _meta, with `ui.domain` when `domain` is given. */
export declare function resourceMeta(domain?: string): ResourceMeta;

/**
 * The _meta of a tool whose results the widget draws (a type, not an interface: ext-apps'
 * registerAppTool takes a _meta with an index signature, which only a type literal satisfies).
 */
export type ToolMeta = {
  ui: { resourceUri: string };
  /** The key MCP Apps replaced with ui.resourceUri; Claude reads it. */
  "ui/resourceUri": string;
  "host/outputTemplate": string;
  "openai/outputTemplate": string;
  /** Present (true) when the widget calls the tool itself (toolsTheWidgetCalls). */
  "openai/widgetAccessible"?: true;
};

/**
 * The _meta of the tool named `name`: the widget's URI under each key hosts read, and
 * "openai/widgetAccessible" when the widget calls the tool itself.
 */
export declare function toolMeta(name: string): ToolMeta;

/** What registerResourceWidget may be given. */
export interface ResourceWidgetOptions {
  /**
   * A dedicated origin for the widget's frame (`_meta.ui.domain`), in the format of the host it
   * is meant for. Without it none is named and the host picks the frame's origin.
   */
  domain?: string;
}

/**
 * Registers the widget on `server` (before it connects): the MCP Apps extension in its
 * capabilities, and the resource, listed and read with its _meta. Point your tools at it with
 * `_meta: toolMeta(name)` (ext-apps' registerAppTool).
 */
export declare function registerResourceWidget(server: McpServer, options?: ResourceWidgetOptions): RegisteredResource;
