#!/usr/bin/env node
// Closer looks than bench/widget.mjs takes, each printing figures the README quotes:
//
//   node bench/trace.mjs scroll [CSP]        Chromium's trace of 150 frames scrolling the 10,000-run
//                                            table 600 px a frame: ms per trace event (Layout, Paint,
//                                            UpdateLayoutTree, EventDispatch…) and the long tasks.
//                                            EXTRA_CSS="…" adds a style sheet first (to try a change);
//                                            HTML=file traces another build of the widget.
//   node bench/trace.mjs cold-start A.html B.html [CSP]
//                                            iframe created → ui/initialize for two files, loaded in
//                                            turn N times each (default 15): medians and every figure.
//   node bench/trace.mjs payloads            in a plain Chromium page: decoding each base-85 payload
//                                            of dist/resource-widget.html and inflating it, in ms.
//
// CSP is a test-host profile: spec-default (the JavaScript build) or spec-default-wasm.
import { readFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium, load, widgetFrameOf } from "./host-page.mjs";
import { startServers } from "../host/server.mjs";
import { pipelineRunsResult } from "./records.mjs";
import { median } from "./graphs.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const [mode, ...args] = process.argv.slice(2);
const browser = await launchChromium();
const servers = await startServers();

/** A fresh host page with `html` under `csp`, the handshake done: the page, the widget frame and ms to ui/initialize. */
async function open(html, csp) {
  const { page, initMs } = await load(browser, servers, { html, csp });
  return { page, frame: widgetFrameOf(page), initMs };
}

const widgetHtml = () => readFileSync(process.env.HTML ?? join(ROOT, "dist/resource-widget.html"), "utf8");

if (mode === "scroll") {
  const { page, frame } = await open(widgetHtml(), args[0] ?? "spec-default");
  await page.evaluate((text) => window.testHost.toolResult(JSON.parse(text)), JSON.stringify(pipelineRunsResult(10000)));
  await frame.waitForSelector("tbody tr:not(.table__spacer)");
  // Find's texts are built in idle time first (builds older than that mark have nothing to wait for).
  await frame.waitForSelector(".table-find[data-ready]", { state: "attached", timeout: 20000 }).catch(() => {});
  if (process.env.EXTRA_CSS) await frame.addStyleTag({ content: process.env.EXTRA_CSS });
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on("Tracing.dataCollected", (d) => events.push(...d.value));
  const complete = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
  await cdp.send("Tracing.start", { categories: "devtools.timeline", transferMode: "ReportEvents" });
  const tasks = await frame.evaluate(
    () =>
      new Promise((resolve) => {
        const tasks = [];
        const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
        observer.observe({ type: "longtask" });
        const box = document.querySelector(".table-scroll");
        let frames = 0;
        const next = () => {
          box.scrollTop += 600;
          if (++frames < 150) requestAnimationFrame(next);
          else setTimeout(() => (observer.disconnect(), resolve(tasks)), 200);
        };
        requestAnimationFrame(next);
      }),
  );
  await cdp.send("Tracing.end");
  await complete;
  const total = new Map();
  for (const e of events) if (e.ph === "X" && e.dur) total.set(e.name, (total.get(e.name) ?? 0) + e.dur / 1000);
  console.log(`150 frames at 600 px, ${args[0] ?? "spec-default"}${process.env.EXTRA_CSS ? `, with ${process.env.EXTRA_CSS}` : ""}`);
  console.log(`long tasks (ms): ${tasks.map(Math.round).join(" ") || "none"}`);
  for (const name of ["EventDispatch", "FireAnimationFrame", "Layout", "UpdateLayoutTree", "Paint", "PrePaint"]) {
    console.log(`${(total.get(name) ?? 0).toFixed(0).padStart(7)} ms ${name}`);
  }
} else if (mode === "cold-start") {
  const [a, b, csp = "spec-default"] = args;
  const files = [a, b].map((f) => ({ f, html: readFileSync(f, "utf8"), ms: [] }));
  const n = Number(process.env.N ?? 15);
  for (let i = 0; i < n; i++) {
    for (const file of files) {
      const { page, initMs } = await open(file.html, csp);
      file.ms.push(initMs);
      await page.close();
    }
  }
  for (const { f, ms } of files) console.log(`${csp} ${f}: median ${Math.round(median(ms))} ms (${ms.map(Math.round).join(" ")})`);
} else if (mode === "payloads") {
  const html = widgetHtml();
  const unpackSource = html.match(/function \w+\(\w+,\w+\)\{const \w+="[^"]{85}"[\s\S]*?subarray\(0,\w+\)\}/);
  if (!unpackSource) throw new Error("no base-85 decoder in dist/resource-widget.html");
  const payloads = [...html.matchAll(/\{text:"([^"]+)",length:(\d+)\}/g)].map((m) => ({ text: m[1], length: Number(m[2]) }));
  const page = await browser.newPage();
  const timings = await page.evaluate(
    async ({ source, payloads }) => {
      const unpack = new Function(`return (${source})`)();
      const out = [];
      for (const p of payloads) {
        let t = performance.now();
        const bytes = unpack(p.text, p.length);
        const decodeMs = performance.now() - t;
        t = performance.now();
        const inflated = await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip"))).arrayBuffer();
        out.push({ decodeMs, inflateMs: performance.now() - t, bytes: inflated.byteLength });
      }
      return out;
    },
    { source: unpackSource[0], payloads },
  );
  // In the order the file carries them: the wasm, the JavaScript build, their data.
  for (const t of timings) console.log(`payload of ${t.bytes} bytes: decoded in ${t.decodeMs.toFixed(1)} ms, inflated in ${t.inflateMs.toFixed(1)} ms`);
} else {
  console.error("usage: node bench/trace.mjs scroll [CSP] | cold-start A.html B.html [CSP] | payloads");
  process.exitCode = 2;
}
await browser.close();
await servers.close();
