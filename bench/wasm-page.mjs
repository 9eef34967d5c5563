// A bench-only wasm crate (bench/*-wasm) built for the browser and opened in headless Chromium on a
// 127.0.0.1 page, for benchmarks that time the same Rust the widget runs.
import { execFileSync } from "node:child_process";
import { readFileSync, mkdirSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
/** The project's local tools first (wasm-bindgen from cargo, binaryen from npm). */
export const toolEnv = { ...process.env, PATH: `${ROOT}/node_modules/.bin:${process.env.HOME}/.cargo/bin:${process.env.PATH}` };

/**
 * Builds `crate` (its library is `lib`, the crate name with underscores) for wasm32, binds it
 * with wasm-bindgen, serves it, and opens it in Chromium. In the page, `await import("/<lib>.js")`
 * then `await mod.default()` gives the module. Returns { page, chromiumVersion, close }.
 */
export async function openWasmBench(crate, lib) {
  execFileSync("cargo", ["build", "--quiet", "--release", "--target", "wasm32-unknown-unknown", "-p", crate], { cwd: ROOT, env: toolEnv, stdio: "inherit" });
  const out = join(ROOT, "target/bench", crate);
  mkdirSync(out, { recursive: true });
  execFileSync("wasm-bindgen", ["--target", "web", "--out-dir", out, join(ROOT, `target/wasm32-unknown-unknown/release/${lib}.wasm`)], { env: toolEnv });
  writeFileSync(join(out, "index.html"), `<!DOCTYPE html><title>${crate}</title>`);
  const files = { "/index.html": "text/html", [`/${lib}.js`]: "text/javascript", [`/${lib}_bg.wasm`]: "application/wasm" };
  const server = createServer((req, res) => {
    const type = files[req.url];
    if (!type) return res.writeHead(404).end();
    res.writeHead(200, { "Content-Type": type }).end(readFileSync(join(out, req.url)));
  });
  await new Promise((r) => server.listen(0, "127.0.0.1", r));
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
  const page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.address().port}/index.html`);
  return {
    page,
    chromiumVersion: browser.version(),
    close: async () => {
      await browser.close();
      server.close();
    },
  };
}
