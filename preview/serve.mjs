#!/usr/bin/env node
// The preview: a small MCP Apps host on 127.0.0.1 that loads the real dist/resource-widget.html in
// a sandboxed frame and plays fixture JSON (or yours) to it, or, in live mode, calls the tools of a
// running MCP server (mage-mcp-server --http) and shows the widget that server serves.
// `node preview/serve.mjs` serves it on PREVIEW_PORT (default 8080) and the sandbox on the next
// port; MCP_SERVER_URL (http://127.0.0.1:PORT/mcp) names the server that /mcp on the preview's
// origin forwards to (MCP_SERVER_NOTE says why there is none), MCP_SERVER_TOKEN its token (put in
// the address printed, for the page's live mode). Ctrl-C stops it.
// scripts/preview.sh starts the MCP server and this together.
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { startServers, bundleForBrowser } from "../host/server.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..");
/** The model's report, natively: the debug build scripts/preview.sh (and `cargo test-native`)
 * makes, else a release build, which reads a result the same way. */
const REPORT = ["debug", "release"].map((p) => join(ROOT, `target/${p}/examples/report`)).find(existsSync) ?? join(ROOT, "target/debug/examples/report");
const MAX_BODY = 9 * 1024 * 1024;

function respond(res, status, body, type) {
  res.writeHead(status, { "Content-Type": type, "Cache-Control": "no-store" });
  res.end(body);
  return true;
}

/** What the model makes of `text`, from the same Rust code the widget runs. */
function report(text) {
  if (!existsSync(REPORT)) return Promise.resolve({ error: "report tool not built: run scripts/preview.sh" });
  return new Promise((resolve) => {
    const child = spawn(REPORT, { stdio: ["pipe", "pipe", "ignore"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.on("close", () => {
      try {
        resolve(JSON.parse(out));
      } catch {
        resolve({ error: "the report tool gave no answer" });
      }
    });
    child.stdin.end(text);
  });
}

/** Hop-by-hop headers (RFC 9110 7.6.1) and Host: never forwarded by the /mcp proxy. */
const HOP_BY_HOP = new Set(["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade", "host"]);
const LOOPBACK_NAMES = new Set(["127.0.0.1", "localhost", "[::1]"]);
/** How long the MCP server may take to answer a request's headers (its streams may then stay open). */
const UPSTREAM_HEADERS_TIMEOUT = 15_000;

function forwardedHeaders(headers) {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name.toLowerCase())));
}

/**
 * Forwards one request on /mcp to the MCP server at `upstream`, streaming both ways (Streamable
 * HTTP answers with JSON or a server-sent event stream). The page's Origin goes along unchanged,
 * so the server's DNS-rebinding check still judges the browser's origin; requests whose Host is
 * not a loopback name are refused here first.
 */
function proxyMcp(upstream, req, res) {
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  if (!LOOPBACK_NAMES.has(host)) return respond(res, 403, JSON.stringify({ error: `Host ${host} is not loopback` }), "application/json");
  const target = new URL(upstream);
  const failed = (status, message) => {
    if (res.headersSent) return res.destroy();
    respond(res, status, JSON.stringify({ error: message }), "application/json");
  };
  const outgoing = httpRequest(
    target,
    { method: req.method, headers: { ...forwardedHeaders(req.headers), host: target.host } },
    (incoming) => {
      clearTimeout(timer);
      res.writeHead(incoming.statusCode, forwardedHeaders(incoming.headers));
      res.flushHeaders();
      incoming.pipe(res);
      incoming.on("error", () => res.destroy());
    },
  );
  const timer = setTimeout(() => outgoing.destroy(Object.assign(new Error("no answer"), { code: "ETIMEDOUT" })), UPSTREAM_HEADERS_TIMEOUT);
  outgoing.on("error", (e) => {
    clearTimeout(timer);
    failed(502, `the MCP server at ${upstream} does not answer (${e.code ?? e.message})`);
  });
  // The page went away (or closed its event stream): drop the server's side too.
  res.on("close", () => {
    clearTimeout(timer);
    outgoing.destroy();
  });
  req.pipe(outgoing);
  return true;
}

async function readBody(req) {
  let size = 0;
  const chunks = [];
  for await (const chunk of req) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * Starts the preview; resolves to the servers (hostUrl, sandboxUrl, close). `mcpUrl` is the MCP
 * server's Streamable HTTP endpoint that /mcp forwards to (live mode); without it, `mcpNote` tells
 * the page why there is no server.
 */
export async function startPreview({ port = 0, sandboxPort = 0, mcpUrl = null, mcpNote = null } = {}) {
  if (mcpUrl) {
    const url = new URL(mcpUrl);
    if (url.protocol !== "http:" || !LOOPBACK_NAMES.has(url.hostname)) throw new Error(`MCP server URL must be http on loopback: ${mcpUrl}`);
  }
  const bundle = bundleForBrowser(join(HERE, "preview.mjs"));
  let servers;
  const route = async (url, res, req) => {
    switch (url.pathname) {
      case "/":
      case "/index.html":
        return respond(res, 200, await readFile(join(HERE, "index.html")), "text/html; charset=utf-8");
      case "/preview.js":
        return respond(res, 200, await bundle, "text/javascript; charset=utf-8");
      case "/registration.json":
        return respond(res, 200, await readFile(join(HERE, "registration.json")), "application/json");
      case "/config.json":
        return respond(res, 200, JSON.stringify({ sandboxUrl: servers.sandboxUrl, mcp: { path: "/mcp", upstream: mcpUrl, note: mcpNote } }), "application/json");
      case "/mcp":
        if (!mcpUrl) return respond(res, 503, JSON.stringify({ error: mcpNote ?? "no MCP server: set MCP_SERVER_URL or run scripts/preview.sh" }), "application/json");
        return proxyMcp(mcpUrl, req, res);
      case "/report": {
        if (req.method !== "POST") return respond(res, 405, "POST a tool result", "text/plain");
        const body = await readBody(req);
        if (body === null) return respond(res, 413, JSON.stringify({ error: "over 9 MB" }), "application/json");
        return respond(res, 200, JSON.stringify(await report(body)), "application/json");
      }
    }
    return false;
  };
  servers = await startServers({ hostPort: port, sandboxPort, routes: [route] });
  return servers;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.PREVIEW_PORT ?? 8080);
  const mcpUrl = process.env.MCP_SERVER_URL || null;
  const mcpNote = process.env.MCP_SERVER_NOTE || null;
  let servers;
  try {
    servers = await startPreview({ port, sandboxPort: Number(process.env.PREVIEW_SANDBOX_PORT ?? port + 1), mcpUrl, mcpNote });
  } catch (e) {
    console.error(e.code ? `preview: cannot listen on 127.0.0.1:${port} (${e.code}); set PREVIEW_PORT` : `preview: ${e.message}`);
    process.exit(1);
  }
  // The MCP server admits only requests with its token; the page reads it from its address and
  // sends it (preview/live.mjs), as a Jupyter page does.
  const token = process.env.MCP_SERVER_TOKEN;
  const address = token ? `${servers.hostUrl}/?token=${encodeURIComponent(token)}` : `${servers.hostUrl}/`;
  console.log(`preview: ${address}  (sandbox ${servers.sandboxUrl}; Ctrl-C stops)`);
  console.log(mcpUrl ? `preview: live mode calls ${mcpUrl} through ${servers.hostUrl}/mcp` : `preview: no MCP server, fixtures only${mcpNote ? ` (${mcpNote})` : ""}`);
  const stop = async () => {
    await servers.close();
    console.log("\npreview: stopped");
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
