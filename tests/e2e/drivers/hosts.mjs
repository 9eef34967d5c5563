// The MCP Apps hosts the shared checks (tests/e2e/checks/) run in, each a page of host/server.mjs
// offering the same `window.host.createHost` (host/host.mjs describes it):
//
//   ext-apps  host/host.mjs: the official ext-apps AppBridge, which our own host drives (it grants
//             the display modes a check lists, sizes the frame to the reported height alone)
//   mcp-ui    host/mcp-ui/host.mjs: @mcp-ui/client's AppRenderer (Goose, LibreChat, MCPJam), which
//             applies what the widget sends as given (a reported width and height become the
//             frame's) and answers every display-mode request with the current mode
//
// A check that needs what one host has and another lacks is named here, once, with why; runners
// report it as skipped in that host.
export const HOSTS = {
  "ext-apps": {
    page: "/test-host.html",
    notApplicable: {},
  },
  "mcp-ui": {
    page: "/mcp-ui/host.html",
    notApplicable: Object.fromEntries(
      ["spec-default-wasm", "spec-default"].map((csp) => [
        `fullscreen (${csp}): offered only when the host lists it; asked with ui/request-display-mode, the layout follows`,
        "AppRenderer answers ui/request-display-mode with the context's current mode and offers no hook to grant another, so no fullscreen can be granted",
      ]),
    ),
  },
};

/** The host a runner was asked for, by name. */
export function hostNamed(name) {
  const host = HOSTS[name];
  if (!host) throw new Error(`unknown host ${name}; one of ${Object.keys(HOSTS).join(", ")}`);
  return { name, ...host };
}
