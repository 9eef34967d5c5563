#!/usr/bin/env node
// Records the order in which the widget's JavaScript build first calls its functions, for
// page/single-html.mjs: the page translates what start-up calls in one script before it starts,
// and what comes next first when idle, instead of a batch of each called function and its callees
// per call (which would translate far more than start-up runs, in many more scripts).
//
// Input: dist/trunk/recording.html (`node page/single-html.mjs --recording`: the JavaScript
// build translating one function per call and noting each). It is loaded in the test host (host/)
// under the MCP Apps spec's default CSP in Chromium, as a host would: the handshake, tool-input
// then a small result (fixtures/pipeline_runs/list-ok.json); the warm-up (src/lib.rs, warm_up) is
// drawn after mounting, a part a task, as the page draws it. Output: dist/trunk/start-order.json
// ({ wasm: the wasm's sha256, connected: how many of them connecting to the host makes (main),
// started: how many start-up makes (connecting, the handshake's answer, then drawing:
// src/lib.rs), warmUp: how many once
// each part of the warm-up was drawn, order: the functions }).
// PROFILE_DIR or BUILD_DIR reads and writes under that folder instead, as single-html.mjs does.
//
// A recording can differ from the next by a function (what a task races with), and the order is
// part of the file, so the shipped build does not record: it takes the order kept in the
// repository for its wasm (docs/decisions/0014-reproducible-widget-file.md):
//   node page/start-order.mjs --kept   copies page/start-order.json to dist/trunk/ when it was
//                                         recorded from the staged wasm; exits 3 when it was not
//   node page/start-order.mjs --keep   keeps dist/trunk/start-order.json (the staged wasm's) in
//                                         page/start-order.json (./scripts/widget-refresh.sh)
//   node page/start-order.mjs --check  exits 1 unless page/start-order.json is the staged wasm's
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { stagedWasm } from "./staged-wasm.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const BUILD_DIR = process.env.PROFILE_DIR ?? process.env.BUILD_DIR;
const STAGING = join(BUILD_DIR ?? join(ROOT, "dist"), "trunk");
const KEPT = join(ROOT, "page/start-order.json");
const REFRESH = "./scripts/widget-refresh.sh";
const mode = process.argv[2] ?? "";
if (!["", "--kept", "--keep", "--check"].includes(mode)) {
  console.error("usage: node page/start-order.mjs [--kept | --keep | --check]");
  process.exit(64);
}
const { sha256: wasm } = stagedWasm(STAGING);
const kept = existsSync(KEPT) ? JSON.parse(readFileSync(KEPT, "utf8")) : null;
const keptIsCurrent = kept?.wasm === wasm;
if (mode === "--keep") {
  const staged = JSON.parse(readFileSync(join(STAGING, "start-order.json"), "utf8"));
  if (staged.wasm !== wasm) {
    console.error(`start-order: ${relative(ROOT, STAGING)}/start-order.json was recorded from another wasm: run ./scripts/build.sh`);
    process.exit(1);
  }
  // One number a line after the two fields: a new recording's diff shows what moved.
  writeFileSync(KEPT, `{"wasm": ${JSON.stringify(wasm)}, "connected": ${staged.connected}, "started": ${staged.started}, "warmUp": ${JSON.stringify(staged.warmUp)}, "order": [\n${staged.order.join(",\n")}\n]}\n`);
  console.log(`start-order: kept in ${relative(ROOT, KEPT)} (${staged.connected} functions called by connecting, ${staged.started} by start-up, ${staged.warmUp.join(", ")} by the warm-up's parts, ${staged.order.length} in all)`);
  process.exit(0);
}
if (mode === "--kept" || mode === "--check") {
  if (!keptIsCurrent) {
    console.error(
      `start-order: ${relative(ROOT, KEPT)} was recorded from another wasm than ${relative(ROOT, STAGING)}'s (${wasm.slice(0, 12)}…)` +
        (mode === "--check" ? `: run ${REFRESH} and commit what it changes` : "; recording it from this one"),
    );
    process.exit(mode === "--check" ? 1 : 3);
  }
  if (mode === "--kept") writeFileSync(join(STAGING, "start-order.json"), JSON.stringify(kept));
  console.log(`start-order: ${relative(ROOT, KEPT)} is this wasm's (${kept.connected} functions called by connecting, ${kept.started} by start-up, ${kept.order.length} in all)`);
  process.exit(0);
}

const { launchChromium, load, widgetFrameOf } = await import("../host/chromium.mjs");
const { startServers } = await import("../host/server.mjs");
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
  await settled();
  const connected = await frame.evaluate(() => window.__resourceWidgetConnectCalls);
  const started = await frame.evaluate(() => window.__resourceWidgetStartCalls);
  const warmUp = await frame.evaluate(() => window.__resourceWidgetWarmUpCalls);
  await page.evaluate(() => window.testHost.toolInput({}));
  await settled();
  await page.evaluate((text) => window.testHost.toolResult(JSON.parse(text)), JSON.stringify(result));
  await frame.waitForSelector("tbody tr:not(.table__spacer)", { timeout: 20000 });
  await settled();
  const order = await frame.evaluate(() => window.__resourceWidgetCalls);
  const out = join(STAGING, "start-order.json");
  writeFileSync(out, JSON.stringify({ wasm, connected, started, warmUp, order }));
  console.log(`start-order: ${relative(ROOT, out)}: ${connected} functions called by connecting, ${started} by start-up, ${warmUp.join(", ")} once each part of the warm-up was drawn, ${order.length} through tool-input and a small result`);

} finally {
  await browser.close();
  await servers.close();
}
