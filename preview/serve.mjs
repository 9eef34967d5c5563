#!/usr/bin/env node
// The preview: a small MCP Apps host on 127.0.0.1 that loads the real widget in a sandboxed frame
// and plays fixture JSON (or yours) to it, or, in live mode, calls the tools of a running MCP
// server (mage-mcp-server --http) and shows the widget that server serves.
// `node preview/serve.mjs` serves it on PREVIEW_PORT (default 8080) and the sandbox on the next
// port. What it serves can change while it runs: PREVIEW_STATUS_DIR names a folder where
// scripts/preview.sh writes `widget.json` (the file to serve: the kept one, then a fresh build)
// and `mcp.json` (the MCP server: being built, up at a URL, or failed), read at every request;
// the page asks `/status.json` and follows without a reload. Without it, MCP_SERVER_URL
// (http://127.0.0.1:PORT/mcp) names the server that /mcp forwards to, MCP_SERVER_NOTE says why
// there is none, and dist/resource-widget.html is served. MCP_SERVER_TOKEN is the server's token
// (put in the address printed, for the page's live mode). Ctrl-C stops it.
import { spawn } from "node:child_process";
import { request as httpRequest } from "node:http";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, dirname, relative } from "node:path";
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

/** Whether `url` is an MCP endpoint /mcp may forward to: http on loopback. */
function loopbackHttp(url) {
  try {
    const parsed = new URL(url);
    return parsed.protocol === "http:" && LOOPBACK_NAMES.has(parsed.hostname);
  } catch {
    return false;
  }
}

/**
 * What the preview serves now: `widget` ({file, kind, sha256, building, note}: the file relative to
 * the repository, "kept" or "built" or "dist") and `mcp` ({state, upstream, note, since}: state
 * "building", "up", "failed" or "none"). Read from `statusDir` when given (a file not written yet
 * keeps the fixed values), else the fixed values.
 */
function statusOf({ statusDir, mcpUrl, mcpNote }) {
  const fixed = {
    widget: { file: "dist/resource-widget.html", kind: "dist", sha256: null, building: false, note: null },
    mcp: { state: mcpUrl ? "up" : "none", upstream: mcpUrl, note: mcpNote, since: null },
  };
  const read = async (name) => {
    if (!statusDir) return null;
    try {
      return JSON.parse(await readFile(join(statusDir, name), "utf8"));
    } catch {
      return null;
    }
  };
  return async () => {
    const [widget, mcp] = await Promise.all([read("widget.json"), read("mcp.json")]);
    const now = { widget: { ...fixed.widget, ...widget }, mcp: { ...fixed.mcp, ...mcp } };
    // Only a loopback http server is ever forwarded to, whatever a status file says.
    if (now.mcp.upstream && !loopbackHttp(now.mcp.upstream)) now.mcp = { state: "failed", upstream: null, note: `not a loopback http URL: ${now.mcp.upstream}`, since: null };
    return now;
  };
}

/**
 * Starts the preview; resolves to the servers (hostUrl, sandboxUrl, close). `mcpUrl` is the MCP
 * server's Streamable HTTP endpoint that /mcp forwards to (live mode); without it, `mcpNote` tells
 * the page why there is no server. With `statusDir`, both the widget file and the server are read
 * from the status files there at every request (see the head of this file).
 */
export async function startPreview({ port = 0, sandboxPort = 0, mcpUrl = null, mcpNote = null, statusDir = null } = {}) {
  if (mcpUrl && !loopbackHttp(mcpUrl)) throw new Error(`MCP server URL must be http on loopback: ${mcpUrl}`);
  const status = statusOf({ statusDir, mcpUrl, mcpNote });
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
      case "/config.json": {
        const { mcp } = await status();
        return respond(res, 200, JSON.stringify({ sandboxUrl: servers.sandboxUrl, mcp: { path: "/mcp", ...mcp } }), "application/json");
      }
      case "/status.json": {
        const { widget, mcp } = await status();
        return respond(res, 200, JSON.stringify({ widget: { kind: widget.kind, file: widget.file, sha256: widget.sha256, building: widget.building, note: widget.note }, mcp: { path: "/mcp", ...mcp } }), "application/json");
      }
      case "/resource-widget.html": {
        const { widget } = await status();
        if (widget.kind === "dist") return false;
        const file = join(ROOT, widget.file);
        const html = relative(ROOT, file).startsWith("..") ? null : await readFile(file).catch(() => null);
        return html ? respond(res, 200, html, "text/html; charset=utf-8") : respond(res, 404, `${widget.file} is not there`, "text/plain");
      }
      case "/mcp": {
        const { mcp } = await status();
        if (mcp.state !== "up" || !mcp.upstream) {
          const why = mcp.state === "building" ? "the MCP server is being built (scripts/preview.sh starts it when it is)" : (mcp.note ?? "no MCP server: set MCP_SERVER_URL or run scripts/preview.sh");
          return respond(res, 503, JSON.stringify({ error: why }), "application/json");
        }
        return proxyMcp(mcp.upstream, req, res);
      }
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
  const statusDir = process.env.PREVIEW_STATUS_DIR || null;
  let servers;
  try {
    servers = await startPreview({ port, sandboxPort: Number(process.env.PREVIEW_SANDBOX_PORT ?? port + 1), mcpUrl, mcpNote, statusDir });
  } catch (e) {
    console.error(e.code ? `preview: cannot listen on 127.0.0.1:${port} (${e.code}); set PREVIEW_PORT` : `preview: ${e.message}`);
    process.exit(1);
  }
  // The MCP server admits only requests with its token; the page reads it from its address and
  // sends it (preview/live.mjs), as a Jupyter page does.
  const token = process.env.MCP_SERVER_TOKEN;
  const address = token ? `${servers.hostUrl}/?token=${encodeURIComponent(token)}` : `${servers.hostUrl}/`;
  console.log(`preview: ${address}  (sandbox ${servers.sandboxUrl}; Ctrl-C stops)`);
  if (!statusDir) console.log(mcpUrl ? `preview: live mode calls ${mcpUrl} through ${servers.hostUrl}/mcp` : `preview: no MCP server, fixtures only${mcpNote ? ` (${mcpNote})` : ""}`);
  const stop = async () => {
    await servers.close();
    console.log("\npreview: stopped");
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
