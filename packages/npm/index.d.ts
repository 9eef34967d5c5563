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

/** The resource's _meta (on resources/list and on resources/read's contents). */
export declare const resourceMeta: {
  ui: {
    csp: { connectDomains: string[]; resourceDomains: string[]; wasmUnsafeEval: boolean };
    prefersBorder: boolean;
  };
  "openai/widgetCSP": { connect_domains: string[]; resource_domains: string[] };
  "openai/widgetPrefersBorder": boolean;
  "openai/widgetDescription": string;
};

/** The _meta of a tool whose results the widget draws: its URI under the three keys hosts read. */
export declare const toolMeta: {
  ui: { resourceUri: string };
  "host/outputTemplate": string;
  "openai/outputTemplate": string;
};

/**
 * Registers the widget on `server` (before it connects): the MCP Apps extension in its
 * capabilities, and the resource, listed and read with its _meta. Point your tools at it with
 * `_meta: toolMeta` (ext-apps' registerAppTool).
 */
export declare function registerResourceWidget(server: McpServer): RegisteredResource;
