// A real MCP Apps host, built from the official SDK (@modelcontextprotocol/ext-apps AppBridge and
// PostMessageTransport), with the double-iframe sandbox web hosts use: this page on one origin, a
// sandbox proxy on another (served with a Content-Security-Policy header), the widget in an inner
// iframe. The end-to-end tests, the preview and the benchmarks all drive the widget through it.

import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

const HOST_INFO = { name: "resource-widget-test-host", version: "1.0.0" };

/**
 * Loads `widgetHtml` into a sandboxed frame inside `container`. The returned host's `initialized`
 * promise settles when the widget completes the handshake (`ui/notifications/initialized`).
 *
 * @param {object} options
 * @param {HTMLElement} options.container  where the sandbox iframe goes
 * @param {string} options.sandboxUrl      the sandbox proxy page (another origin), with its CSP choice
 * @param {string} options.widgetHtml      the widget's HTML (dist/resource-widget.html)
 * @param {object} [options.hostContext]   the McpUiHostContext sent in the initialize result
 * @param {(entry: object) => void} [options.onMessage] every message between host and widget
 * @param {boolean} [options.downloads] the host takes `ui/download-file` (and says so: `downloadFile`)
 * @param {boolean} [options.assistant] the host takes `ui/update-model-context` and `ui/message`
 *   (and says so: `updateModelContext`, `message`)
 * @param {(params: object, extra: object) => Promise<object>} [options.onCallTool] answers the
 *   widget's `tools/call` requests (a live host forwards them to its MCP server); when given, the
 *   host also advertises `serverTools`
 * @returns {Promise<TestHost>}
 */
export async function createHost({ container, sandboxUrl, widgetHtml, hostContext = {}, onMessage = () => {}, onCallTool, downloads = false, assistant = false }) {
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts allow-same-origin allow-forms");
  iframe.title = "Tool result";
  iframe.className = "widget-frame";
  const timeline = { created: performance.now() };

  const proxyReady = new Promise((resolve) => {
    const listener = ({ source, data }) => {
      if (source === iframe.contentWindow && data?.method === "ui/notifications/sandbox-proxy-ready") {
        window.removeEventListener("message", listener);
        resolve();
      }
    };
    window.addEventListener("message", listener);
  });
  // Every message from the sandbox, as it arrives (before the SDK handles it), for the log.
  window.addEventListener("message", ({ source, data }) => {
    if (source === iframe.contentWindow && data?.jsonrpc === "2.0") {
      if (data.method === "ui/initialize" && timeline.initialize === undefined) timeline.initialize = performance.now();
      onMessage({ direction: "widget→host", message: data, at: performance.now() });
    }
  });
  iframe.src = sandboxUrl;
  container.appendChild(iframe);
  await proxyReady;

  const capabilities = { openLinks: {}, logging: {}, ...(onCallTool ? { serverTools: {} } : {}), ...(downloads ? { downloadFile: {} } : {}), ...(assistant ? { updateModelContext: {}, message: {} } : {}) };
  const bridge = new AppBridge(null, HOST_INFO, capabilities, { hostContext });
  if (onCallTool) bridge.oncalltool = onCallTool;
  const sizes = [];
  let initialized;
  const initializedPromise = new Promise((resolve) => (initialized = resolve));
  bridge.oninitialized = () => {
    timeline.initialized = performance.now();
    initialized();
  };
  // Each report as the widget sent it (a host may apply any field of it), and its height applied.
  bridge.onsizechange = (report) => {
    sizes.push({ ...report, at: performance.now() });
    if (report.height !== undefined) iframe.style.height = `${report.height}px`;
  };
  // A display mode the context lists is granted: the answer names it and the context follows.
  let displayMode = hostContext.displayMode ?? "inline";
  bridge.onrequestdisplaymode = async ({ mode }) => {
    if ((hostContext.availableDisplayModes ?? []).includes(mode) && mode !== displayMode) {
      displayMode = mode;
      queueMicrotask(() => bridge.sendHostContextChange({ displayMode: mode }));
    }
    return { mode: displayMode };
  };
  // Files the widget hands over are noted in the log (the request itself is logged as it arrives).
  if (downloads) bridge.ondownloadfile = async () => ({});
  if (assistant) {
    bridge.onupdatemodelcontext = async () => ({});
    bridge.onmessage = async () => ({});
  }
  bridge.onopenlink = async ({ url }) => {
    onMessage({ direction: "host", message: { note: "open-link", url } });
    return {};
  };
  bridge.onloggingmessage = (params) => onMessage({ direction: "widget→host", message: { method: "notifications/message", params } });

  await bridge.connect(new PostMessageTransport(iframe.contentWindow, iframe.contentWindow));
  const send = (method, params) => onMessage({ direction: "host→widget", message: { method, params }, at: performance.now() });
  send("ui/notifications/sandbox-resource-ready", { html: `(${widgetHtml.length} characters)` });
  await bridge.sendSandboxResourceReady({ html: widgetHtml });

  return {
    initialized: initializedPromise,
    iframe,
    bridge,
    sizes,
    timeline,
    toolInput(args = {}) {
      send("ui/notifications/tool-input", { arguments: args });
      return bridge.sendToolInput({ arguments: args });
    },
    toolResult(result) {
      send("ui/notifications/tool-result", result);
      timeline.resultSent = performance.now();
      return bridge.sendToolResult(result);
    },
    toolCancelled(reason) {
      send("ui/notifications/tool-cancelled", { reason });
      return bridge.sendToolCancelled({ reason });
    },
    contextChanged(patch) {
      send("ui/notifications/host-context-changed", patch);
      return bridge.sendHostContextChange(patch);
    },
    async teardown(reason = "test finished") {
      send("ui/resource-teardown", { reason });
      const answer = await bridge.teardownResource({ reason });
      onMessage({ direction: "widget→host", message: { result: answer, of: "ui/resource-teardown" } });
      return answer;
    },
  };
}
