// Serves the test hosts on two 127.0.0.1 origins, as MCP Apps web hosts do:
//   host origin:    the host pages (the ext-apps host, test-host.html; @mcp-ui/client's AppRenderer,
//                   mcp-ui/host.html), their bundled SDKs, the widget HTML, fixtures (and the preview)
//   sandbox origin: sandbox.html, with the Content-Security-Policy named by ?csp=
// Plain node:http, no framework. Used by the end-to-end tests, the preview and the benchmarks.

import { createServer } from "node:http";
import { readFile, stat } from "node:fs/promises";
import { extname, join, normalize, relative, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The CSPs the sandbox can serve. The widget must render under each. */
const SPEC_DEFAULT = [
  "default-src 'none'",
  "script-src 'self' 'unsafe-inline'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "media-src 'self' data:",
  "connect-src 'none'",
  // What the spec adds for a sandbox when no frameDomains / baseUriDomains are declared.
  "frame-src 'none'",
  "object-src 'none'",
  "base-uri 'self'",
];
export const CSP_PROFILES = {
  /** The MCP Apps spec default when a resource declares no csp: no WebAssembly. */
  "spec-default": SPEC_DEFAULT.join("; "),
  /** The spec default plus 'wasm-unsafe-eval' (the proposed wasm flag). */
  "spec-default-wasm": SPEC_DEFAULT.map((d) => (d.startsWith("script-src") ? `${d} 'wasm-unsafe-eval'` : d)).join("; "),
  /** As Claude is reported to serve it: 'unsafe-eval' (which also allows wasm). */
  "unsafe-eval": [
    "default-src 'self' 'unsafe-inline'",
    "script-src 'self' 'unsafe-inline' 'unsafe-eval' blob: data:",
    "style-src 'self' 'unsafe-inline' blob: data:",
    "img-src 'self' data: blob:",
    "font-src 'self' data: blob:",
    "connect-src 'self'",
    "frame-src 'none'",
    "object-src 'none'",
    "base-uri 'self'",
  ].join("; "),
};

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".png": "image/png",
};

/** Bundles a browser entry point (and the npm packages it imports) into one minified ES module. */
export function bundleForBrowser(entryPoint) {
  return build({
    entryPoints: [entryPoint],
    bundle: true,
    write: false,
    format: "esm",
    platform: "browser",
    target: "es2022",
    minify: true,
    logLevel: "silent",
  }).then((r) => r.outputFiles[0].text);
}

const hostBundles = {};
/** A host library bundled once per server process: host/host.mjs, or host/mcp-ui/host.mjs. */
function bundledHost(entry) {
  hostBundles[entry] ??= bundleForBrowser(join(ROOT, entry));
  return hostBundles[entry];
}

/** A file under `base`, or null when `path` would leave it. */
function inside(base, path) {
  const full = normalize(join(base, path));
  return relative(base, full).startsWith("..") || full === base ? null : full;
}

function send(res, status, body, headers = {}) {
  res.writeHead(status, { "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff", ...headers });
  res.end(body);
}

async function sendFile(res, path, headers = {}) {
  try {
    const body = await readFile(path);
    send(res, 200, body, { "Content-Type": TYPES[extname(path)] ?? "application/octet-stream", ...headers });
  } catch {
    send(res, 404, "not found");
  }
}

/** Extra routes on the host origin: (url, res) => true when handled. */
export async function startServers({ hostPort = 0, sandboxPort = 0, routes = [] } = {}) {
  const sandbox = createServer(async (req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    if (url.pathname !== "/sandbox.html") return send(res, 404, "only /sandbox.html is served here");
    const csp = CSP_PROFILES[url.searchParams.get("csp") ?? "spec-default-wasm"];
    if (!csp) return send(res, 400, `unknown csp profile; one of: ${Object.keys(CSP_PROFILES).join(", ")}`);
    await sendFile(res, join(ROOT, "host/sandbox.html"), { "Content-Security-Policy": csp });
  });

  const host = createServer(async (req, res) => {
    const url = new URL(req.url, "http://127.0.0.1");
    for (const route of routes) if (await route(url, res, req)) return;
    switch (url.pathname) {
      case "/":
      case "/test-host.html":
        return sendFile(res, join(ROOT, "host/test-host.html"));
      case "/host.js":
        return send(res, 200, await bundledHost("host/host.mjs"), { "Content-Type": TYPES[".js"] });
      // The second host: @mcp-ui/client's AppRenderer (host/mcp-ui/), same sandbox origin.
      case "/mcp-ui/host.html":
        return sendFile(res, join(ROOT, "host/mcp-ui/host.html"));
      case "/mcp-ui/host.js":
        return send(res, 200, await bundledHost("host/mcp-ui/host.mjs"), { "Content-Type": TYPES[".js"] });
      case "/resource-widget.html":
        return sendFile(res, join(ROOT, "dist/resource-widget.html"));
      // The build with the end-to-end tests' hooks (scripts/build.sh --test-hooks).
      case "/test-hooks/resource-widget.html":
        return sendFile(res, join(ROOT, "dist/test-hooks/resource-widget.html"));
    }
    if (url.pathname.startsWith("/fixtures/")) {
      const path = inside(join(ROOT, "fixtures"), decodeURIComponent(url.pathname.slice("/fixtures/".length)));
      if (path && (await stat(path).catch(() => null))?.isFile()) return sendFile(res, path);
    }
    send(res, 404, "not found");
  });

  const listen = (server, port) =>
    new Promise((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => resolve(server.address().port));
    });
  const [hp, sp] = [await listen(host, hostPort), await listen(sandbox, sandboxPort)];
  return {
    hostUrl: `http://127.0.0.1:${hp}`,
    sandboxUrl: `http://127.0.0.1:${sp}/sandbox.html`,
    close: () => Promise.all([host, sandbox].map((s) => new Promise((r) => (s.closeAllConnections?.(), s.close(r))))),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const servers = await startServers({
    hostPort: Number(process.env.HOST_PORT ?? 0),
    sandboxPort: Number(process.env.SANDBOX_PORT ?? 0),
  });
  console.log(`host:    ${servers.hostUrl}\nsandbox: ${servers.sandboxUrl}`);
}
