#!/usr/bin/env node
// Records the order in which the widget's JavaScript build first calls its functions, for
// scripts/single-html.mjs: the page translates what start-up calls in one script before it starts,
// and what comes next first when idle, instead of a batch of each called function and its callees
// per call (which translated twice as much as start-up runs, in 150 scripts).
//
// Input: dist/trunk/recording.html (`node scripts/single-html.mjs --recording`: the JavaScript
// build translating one function per call and noting each). It is loaded in the test host (host/)
// under the MCP Apps spec's default CSP in Chromium, as a host would: the handshake, tool-input
// (and the warm-up the widget draws while the tool runs), then a small result
// (fixtures/pipeline_runs/list-ok.json). Output: dist/trunk/start-order.json
// ({ wasm: the wasm's sha256, started: how many calls start-up makes, order: the functions }).
// PROFILE_DIR or BUILD_DIR reads and writes under that folder instead, as single-html.mjs does.
import { readFileSync, writeFileSync, readdirSync } from "node:fs";
import { createHash } from "node:crypto";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium, load, widgetFrameOf } from "../bench/host-page.mjs";
import { startServers } from "../host/server.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_DIR = process.env.PROFILE_DIR ?? process.env.BUILD_DIR;
const STAGING = join(BUILD_DIR ?? join(ROOT, "dist"), "trunk");
const wasmFile = readdirSync(STAGING).find((f) => f.endsWith("_bg.wasm"));
const wasm = createHash("sha256").update(readFileSync(join(STAGING, wasmFile))).digest("hex");
const html = readFileSync(join(STAGING, "recording.html"), "utf8");
const result = JSON.parse(readFileSync(join(ROOT, "fixtures/pipeline_runs/list-ok.json"), "utf8"));

const servers = await startServers();
const browser = await launchChromium();
try {
  const { page, initMs } = await load(browser, servers, { html, csp: "spec-default" });
  if (Number.isNaN(initMs)) throw new Error("the recording build sent no ui/initialize within 15 s");
  const frame = widgetFrameOf(page);
  const calls = () => frame.evaluate(() => window.__resourceWidgetCalls.length);
  /** Waits until no function is called for the first time for 500 ms (at most 20 s). */
  const settled = async () => {
    const until = Date.now() + 20000;
    let count = await calls();
    for (;;) {
      await frame.evaluate(() => new Promise((r) => setTimeout(r, 500)));
      const now = await calls();
      if (now === count) return;
      if (Date.now() > until) throw new Error("the widget kept calling new functions for 20 s");
      count = now;
    }
  };
  const started = await frame.evaluate(() => window.__resourceWidgetStartCalls);
  await settled();
  await page.evaluate(() => window.testHost.toolInput({}));
  await settled();
  await page.evaluate((text) => window.testHost.toolResult(JSON.parse(text)), JSON.stringify(result));
  await frame.waitForSelector("tbody tr:not(.table__spacer)", { timeout: 20000 });
  await settled();
  const order = await frame.evaluate(() => window.__resourceWidgetCalls);
  const out = join(STAGING, "start-order.json");
  writeFileSync(out, JSON.stringify({ wasm, started, order }));
  console.log(`start-order: ${relative(ROOT, out)}: ${started} functions called by start-up, ${order.length} through tool-input and a small result`);
} finally {
  await browser.close();
  await servers.close();
}
