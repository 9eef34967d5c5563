#!/usr/bin/env node
// What the page's translator (page/wasm-to-js.mjs, the JavaScript build) costs, printed
// as the README quotes it; in node, the one script the page runs (page/translator-script.mjs).
// Run after ./scripts/build.sh:
//
//   node bench/translate.mjs      (also the last step of ./bench/run.sh)
//
// - In node: translating the widget's whole wasm, cold (one run in a fresh process, 5 processes)
//   and warm (the later of 6 runs in one process), and the size of what it makes.
// - In Chromium, the widget in the test host under the spec's default CSP (the JavaScript build):
//   how many functions are translated on demand by the handshake and 500 ms after it with the idle
//   translation held back, how long the idle translation takes to leave no stub, and how many
//   scripts it inserted.
// - In a blank Chromium page under the same CSP: what inserting an inline classic script costs.
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { execFileSync } from "node:child_process";
import { translatorScript, wasmToJsOf } from "../page/translator-script.mjs";
import { splitData } from "../page/wasm-data.mjs";
import { launchChromium, load, widgetFrameOf } from "../host/chromium.mjs";
import { startServers } from "../host/server.mjs";
import { median } from "./graphs.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const wasm = new Uint8Array(splitData(readFileSync(join(ROOT, "dist/trunk/resource-widget_bg.wasm"))).withoutData);
const wasmToJs = wasmToJsOf(translatorScript());

/** Translates every function once; returns [ms, characters made]. */
function translateAll() {
  const start = performance.now();
  const translation = wasmToJs(wasm);
  let length = translation.prelude.length;
  for (let index = translation.importCount; index < translation.functionCount; index++) length += translation.batch(index, 0).length;
  return [performance.now() - start, length];
}

if (process.argv[2] === "--runs") {
  const runs = Array.from({ length: Number(process.argv[3]) }, () => translateAll());
  console.log(JSON.stringify(runs));
  process.exit(0);
}

// ---- node ----
const self = fileURLToPath(import.meta.url);
const cold = Array.from({ length: 5 }, () => JSON.parse(execFileSync(process.execPath, [self, "--runs", "1"], { encoding: "utf8" }))[0]);
const warm = JSON.parse(execFileSync(process.execPath, [self, "--runs", "6"], { encoding: "utf8" })).slice(3);
console.log(`node ${process.version}: translating the whole wasm (${(wasm.length / 1024).toFixed(1)} KB without its data) makes ${(cold[0][1] / 1024).toFixed(1)} KB of JavaScript`);
console.log(`  cold (one run, fresh process): median ${median(cold.map(([ms]) => ms)).toFixed(0)} ms (${cold.map(([ms]) => ms.toFixed(0)).join(" ")})`);
console.log(`  warm (runs 4-6 of 6 in one process): median ${median(warm.map(([ms]) => ms)).toFixed(0)} ms (${warm.map(([ms]) => ms.toFixed(0)).join(" ")})`);

// ---- the widget in the host ----
const html = readFileSync(join(ROOT, "dist/resource-widget.html"), "utf8");
const servers = await startServers();
const browser = await launchChromium();
/** The wasm's own functions in the widget's frame (the prelude's globals; imports are the glue's):
 * how many are still stubs, of all. */
const stubs = (frame) =>
  frame.evaluate(() => {
    let left = 0, all = 0;
    for (let i = 0; i < 10000; i++) {
      let text;
      try {
        text = String(globalThis.eval(`f${i}`));
      } catch {
        continue;
      }
      if (text.includes("$load(")) left++;
      else if (!/^function f\d+\(/.test(text)) continue;
      all++;
    }
    return { left, all };
  });
// Counts the classic scripts the boot code inserts (the prelude and the batches), in every frame.
const countScripts = () => {
  const append = Element.prototype.append;
  window.__scriptsRun = 0;
  Element.prototype.append = function (...nodes) {
    if (nodes[0] instanceof HTMLScriptElement && !nodes[0].type) window.__scriptsRun++;
    return append.apply(this, nodes);
  };
};
try {
  const onDemand = [], scriptsOnDemand = [];
  for (let run = 0; run < 3; run++) {
    const { page: host } = await load(browser, servers, {
      html,
      csp: "spec-default",
      // No idle callbacks in the widget's frame: only what the handshake calls is translated.
      beforeFrame: async (p) => {
        await p.addInitScript(countScripts);
        await p.addInitScript(() => {
          window.requestIdleCallback = () => 0;
        });
      },
    });
    await host.waitForTimeout(500);
    const frame = widgetFrameOf(host);
    const { left, all } = await stubs(frame);
    onDemand.push([all - left, all]);
    scriptsOnDemand.push(await frame.evaluate(() => window.__scriptsRun));
    await host.close();
  }
  console.log(
    `Chromium, spec-default CSP, idle translation held back: functions translated by the handshake + 500 ms: ${onDemand.map(([n, all]) => `${n} of ${all}`).join(", ")}; scripts inserted (prelude and batches): ${scriptsOnDemand.join(", ")}`,
  );

  const untilDone = [], scriptsAll = [];
  for (let run = 0; run < 3; run++) {
    const { page: host } = await load(browser, servers, { html, csp: "spec-default", beforeFrame: (p) => p.addInitScript(countScripts) });
    const frame = widgetFrameOf(host);
    const start = Date.now();
    let left = Infinity;
    while (left > 0 && Date.now() - start < 10000) {
      ({ left } = await stubs(frame));
      if (left > 0) await host.waitForTimeout(50);
    }
    untilDone.push(left === 0 ? Date.now() - start : NaN);
    scriptsAll.push(await frame.evaluate(() => window.__scriptsRun));
    await host.close();
  }
  console.log(`  with idle translation: no stub left ${untilDone.join(", ")} ms after the handshake (polled every 50 ms); scripts inserted in all: ${scriptsAll.join(", ")}`);

  // ---- inserting a script ----
  const page = await browser.newPage();
  await page.setContent(`<meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'self' 'unsafe-inline'">`);
  const insert = await page.evaluate(() => {
    const out = [];
    for (let round = 0; round < 3; round++) {
      const start = performance.now();
      for (let i = 0; i < 400; i++) {
        const script = document.createElement("script");
        script.textContent = `"use strict";globalThis.x${round}_${i}=function(a,b){let s=0;${"s=s+a|0;".repeat(20)}return s+b|0};`;
        document.head.append(script);
        script.remove();
      }
      out.push(performance.now() - start);
    }
    return out;
  });
  console.log(`a blank page, same CSP: 400 small inline classic scripts inserted in ${insert.map((ms) => ms.toFixed(0)).join(", ")} ms (${insert.map((ms) => (ms / 400).toFixed(2)).join(", ")} ms each)`);
} finally {
  await browser.close();
  await servers.close();
}
