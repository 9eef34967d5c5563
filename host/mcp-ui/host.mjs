// A second MCP Apps host: @mcp-ui/client's AppRenderer (the renderer Goose, LibreChat and MCPJam
// use) in a small React page, with the sandbox proxy on another origin (host/sandbox.html, served
// by host/server.mjs with the CSP under test: @mcp-ui/client ships none). Unlike host/host.mjs it
// applies what the widget sends as AppRenderer does, unfiltered: a size report's width and height
// become the frame's, display-mode requests are answered with the current mode (inline), and the
// host context is only what a check gives.
//
// It offers the same `createHost` as host/host.mjs, so the shared end-to-end checks
// (tests/e2e/checks/) run in it unchanged; tests/e2e/drivers/hosts.mjs names what cannot apply.

import { createElement, createRef, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { flushSync } from "react-dom";
import { AppRenderer } from "@mcp-ui/client";

const HOST_INFO = { name: "resource-widget-mcp-ui-host", version: "1.0.0" };

/** The React root of the frame on the page (one at a time, as in host/host.mjs). */
let mounted = null;

/** Takes the frame off the page: its React root unmounted (AppRenderer closes its bridge). */
export function reset() {
  mounted?.unmount();
  mounted = null;
}

/**
 * Loads `widgetHtml` into AppRenderer inside `container`, with the options of host/host.mjs's
 * `createHost` (see there). Resolves once the sandbox proxy's frame is on the page; the returned
 * host's `initialized` settles when the widget completes the handshake.
 */
export async function createHost({ container, sandboxUrl, widgetHtml, hostContext = {}, onMessage = () => {}, onCallTool, downloads = false, assistant = false }) {
  reset();
  container.replaceChildren();
  const timeline = { created: performance.now() };
  const sizes = [];
  const renderer = createRef();
  // Resolvers waiting for the commit that hands AppRenderer a new prop: AppFrame sends the tool
  // input or result in its own effect, which React runs before this page's (children first).
  const committed = [];
  let setProps;

  function Host() {
    const [props, set] = useState({ hostContext, toolInput: undefined, toolResult: undefined, toolCancelled: false });
    setProps = set;
    useEffect(() => {
      for (const resolve of committed.splice(0)) resolve();
    });
    return createElement(AppRenderer, {
      ref: renderer,
      toolName: hostContext.toolInfo?.tool?.name ?? "resource_widget",
      html: widgetHtml,
      sandbox,
      hostInfo: HOST_INFO,
      hostCapabilities,
      hostContext: props.hostContext,
      toolInput: props.toolInput,
      toolResult: props.toolResult,
      toolCancelled: props.toolCancelled,
      onSizeChanged: (params) => sizes.push({ ...params, at: performance.now() }),
      onOpenLink: async ({ url }) => {
        onMessage({ direction: "host", message: { note: "open-link", url } });
        return {};
      },
      onLoggingMessage: (params) => onMessage({ direction: "widget→host", message: { method: "notifications/message", params } }),
      ...(onCallTool ? { onCallTool } : {}),
      ...(assistant ? { onMessage: async () => ({}) } : {}),
      // Requests AppRenderer has no handler of its own for: files and model context, when offered.
      onFallbackRequest: async (request) => {
        if ((downloads && request.method === "ui/download-file") || (assistant && request.method === "ui/update-model-context")) return {};
        throw Object.assign(new Error(`Method not found: ${request.method}`), { code: -32601 });
      },
    });
  }

  // Kept as one object each: AppRenderer makes a new bridge when its capabilities or sandbox change.
  const sandbox = { url: new URL(sandboxUrl) };
  const hostCapabilities = { openLinks: {}, ...(onCallTool ? { serverTools: {} } : {}), ...(downloads ? { downloadFile: {} } : {}), ...(assistant ? { updateModelContext: {}, message: {} } : {}) };
  const frame = () => container.querySelector("iframe");

  let initialized;
  const initializedPromise = new Promise((resolve) => (initialized = resolve));
  // Every message from the sandbox, as it arrives, for the log (AppRenderer handles it too).
  const listener = ({ source, data }) => {
    if (!frame() || source !== frame().contentWindow || data?.jsonrpc !== "2.0") return;
    if (data.method === "ui/initialize" && timeline.initialize === undefined) timeline.initialize = performance.now();
    onMessage({ direction: "widget→host", message: data, at: performance.now() });
    if (data.method === "ui/notifications/initialized") {
      timeline.initialized = performance.now();
      initialized();
    }
  };
  window.addEventListener("message", listener);

  // AppFrame makes the sandbox proxy's iframe itself; the checks find it as `.widget-frame`.
  const appeared = new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const iframe = frame();
      if (!iframe) return;
      iframe.classList.add("widget-frame");
      iframe.title = "Tool result";
      observer.disconnect();
      resolve(iframe);
    });
    observer.observe(container, { childList: true, subtree: true });
  });
  const root = createRoot(container);
  mounted = { unmount: () => (window.removeEventListener("message", listener), root.unmount()) };
  flushSync(() => root.render(createElement(Host)));
  await appeared;

  const send = (method, params) => onMessage({ direction: "host→widget", message: { method, params }, at: performance.now() });
  /**
   * Hands AppRenderer new props (`change`, or what it makes of the current ones); resolves after
   * the commit in which it sent them.
   */
  const update = (change) =>
    new Promise((resolve) => {
      committed.push(resolve);
      setProps((props) => ({ ...props, ...(typeof change === "function" ? change(props) : change) }));
    });

  return {
    initialized: initializedPromise,
    get iframe() {
      return frame();
    },
    sizes,
    timeline,
    /** A new object each time: AppFrame sends tool-input again only for a new one. */
    toolInput(args = {}) {
      send("ui/notifications/tool-input", { arguments: args });
      return update({ toolInput: { ...args } });
    },
    toolResult(result) {
      send("ui/notifications/tool-result", result);
      timeline.resultSent = performance.now();
      return update({ toolResult: result });
    },
    /** AppRenderer's `toolCancelled` prop: it sends tool-cancelled without the reason. */
    toolCancelled(reason) {
      send("ui/notifications/tool-cancelled", { reason });
      return update({ toolCancelled: true });
    },
    /** A new hostContext prop, the old one with `patch` over it: AppRenderer sends what changed. */
    contextChanged(patch) {
      send("ui/notifications/host-context-changed", patch);
      return update((props) => ({ hostContext: { ...props.hostContext, ...patch } }));
    },
    /** Through AppRenderer's handle, which sends ui/resource-teardown without the reason. */
    async teardown(reason = "test finished") {
      send("ui/resource-teardown", { reason });
      const answer = await renderer.current.teardownResource();
      onMessage({ direction: "widget→host", message: { result: answer, of: "ui/resource-teardown" } });
      return answer;
    },
  };
}
