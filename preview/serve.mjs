#!/usr/bin/env node
// The preview: a small MCP Apps host on 127.0.0.1 that loads the real dist/resource-widget.html in
// a sandboxed frame and plays fixture JSON to it. Ctrl-C stops it.
import { join, dirname } from "node:path";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { startServers } from "../host/server.mjs";

const HERE = dirname(fileURLToPath(import.meta.url));
const port = Number(process.env.PREVIEW_PORT ?? 8080);
const sandboxPort = Number(process.env.PREVIEW_SANDBOX_PORT ?? port + 1);

const bundle = build({
  entryPoints: [join(HERE, "preview.mjs")],
  bundle: true,
  write: false,
  format: "esm",
  platform: "browser",
  target: "es2022",
  minify: true,
  logLevel: "silent",
}).then((r) => r.outputFiles[0].text);

const page = (url, res) => {
  if (url.pathname === "/" || url.pathname === "/index.html") {
    return readFile(join(HERE, "index.html")).then((body) => {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(body);
      return true;
    });
  }
  if (url.pathname === "/preview.js") {
    return bundle.then((body) => {
      res.writeHead(200, { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "no-store" });
      res.end(body);
      return true;
    });
  }
  if (url.pathname === "/config.json") {
    res.writeHead(200, { "Content-Type": "application/json" });
    res.end(JSON.stringify({ sandboxUrl: servers.sandboxUrl }));
    return true;
  }
  return false;
};

let servers;
try {
  servers = await startServers({ hostPort: port, sandboxPort, routes: [page] });
} catch (e) {
  console.error(`preview: cannot listen on 127.0.0.1:${port}/${sandboxPort} (${e.code ?? e.message}); set PREVIEW_PORT`);
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
