#!/usr/bin/env node
// The preview: a small MCP Apps host on 127.0.0.1 that loads the real dist/resource-widget.html in
// a sandboxed frame and plays fixture JSON (or yours) to it. `node preview/serve.mjs` serves it on
// PREVIEW_PORT (default 8080) and the sandbox on the next port; Ctrl-C stops it.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { startServers, bundleForBrowser } from "../host/server.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = join(HERE, "..");
/** The model's report, natively: built by scripts/preview.sh (and scripts/test.sh). */
const REPORT = join(ROOT, "target/release/examples/report");
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

/** Starts the preview; resolves to the servers (hostUrl, sandboxUrl, close). */
export async function startPreview({ port = 0, sandboxPort = 0 } = {}) {
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
        return respond(res, 200, JSON.stringify({ sandboxUrl: servers.sandboxUrl }), "application/json");
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
  let servers;
  try {
    servers = await startPreview({ port, sandboxPort: Number(process.env.PREVIEW_SANDBOX_PORT ?? port + 1) });
  } catch (e) {
    console.error(`preview: cannot listen on 127.0.0.1:${port} (${e.code ?? e.message}); set PREVIEW_PORT`);
    process.exit(1);
  }
  console.log(`preview: ${servers.hostUrl}/  (sandbox ${servers.sandboxUrl}; Ctrl-C stops)`);
  const stop = async () => {
    await servers.close();
    console.log("\npreview: stopped");
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}
