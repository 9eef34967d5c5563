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
//   node bench/trace.mjs sort N [CSP]        clicking a sort header of an N-run table (fresh frames, 3
//                                            clicks in each of 3): ms from the click to the next frame.
//   node bench/trace.mjs profile WHAT [CSP]  Chromium's sampling profiler over the build with names
//                                            (./bench/build-profile.sh), WHAT one of: `render N`
//                                            (N pipeline runs delivered to a fresh frame, 5 times),
//                                            `graph N` (a pipeline with an N-block graph, default 500, the same way),
//                                            `log` (Mage's 1.5 MB run log, the same way),
//                                            `scroll` (as above), `cold-start` (iframe created →
//                                            ui/initialize, 5 times), `cold N` (iframe created → N
//                                            pipeline runs drawn, sent with tool-input the moment the
//                                            handshake is done, 5 times): the functions with the most
//                                            time, inclusive and self, in ms per run.
//
// CSP is a test-host profile: spec-default (the JavaScript build) or spec-default-wasm.
import { readFileSync, writeFileSync } from "node:fs";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium, load, widgetFrameOf } from "../host/chromium.mjs";
import { startServers } from "../host/server.mjs";
import { decoderSource, payloadsOf } from "../page/page-payloads.mjs";
import { pipelineGraphResult, pipelineRunsResult } from "./records.mjs";
import { median, randomLayeredDag } from "./graphs.mjs";

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

/** A fresh host page whose widget frame is created and initialized under Chromium's profiler;
 * with `result` (JSON text), until that result, sent with tool-input the moment the handshake is
 * done (the cold path), is drawn. */
async function profileColdStart(html, csp, result = null) {
  // The widget frame does not exist yet: profile the host page's process, which holds the frame
  // while it is same-site (127.0.0.1), from iframe creation to ui/initialize.
  let cdp;
  const startProfiler = async (page) => {
    cdp = await page.context().newCDPSession(page);
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    await cdp.send("Profiler.start");
  };
  const { page, initMs } = await load(browser, servers, { html, csp, beforeFrame: startProfiler, resultOnHandshake: result });
  if (result !== null) await widgetFrameOf(page).waitForSelector("[data-state=ok] tbody tr:not(.table__spacer)", { timeout: 20000 });
  const { profile } = await cdp.send("Profiler.stop");
  if (Number.isNaN(initMs)) throw new Error("the widget did not send ui/initialize within 15 s");
  return { page, profile };
}

/** Sends `result` to the widget and waits until `selector` is in its frame. */
async function show(page, frame, result, selector) {
  await page.evaluate((text) => window.testHost.toolResult(JSON.parse(text)), JSON.stringify(result));
  await frame.waitForSelector(selector);
}

/** Sends `count` pipeline runs to the widget and waits until rows are drawn. */
const showRuns = (page, frame, count) => show(page, frame, pipelineRunsResult(count), "tbody tr:not(.table__spacer)");

/** Sends a pipeline whose graph has `count` blocks (bench/graphs.mjs's layered DAG, two edges a
 *  block) and waits until its blocks are drawn, or listed when the drawing would be unreadable. */
const showGraph = (page, frame, count) =>
  show(page, frame, pipelineGraphResult(randomLayeredDag(count, 2)), "[data-node-id], .graph tbody tr:not(.table__spacer)");

/** Sends Mage's 1.5 MB run log (fixtures/mage/pipeline-run-logs-large.json) and waits until its lines are drawn. */
const showLog = (page, frame) =>
  show(page, frame, JSON.parse(readFileSync(join(ROOT, "fixtures/mage/pipeline-run-logs-large.json"), "utf8")), ".log__line");

/** Waits until Find's texts are built in idle time (builds older than that mark have nothing to wait for). */
async function findTextsBuilt(frame) {
  await frame.waitForSelector(".table-find[data-ready]", { state: "attached", timeout: 20000 }).catch(() => {});
}

/** In the widget frame: the 600-px fling, 150 frames down the table; resolves to the long tasks' durations. */
function fling(frame) {
  return frame.evaluate(
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
}

if (mode === "scroll") {
  const { page, frame } = await open(widgetHtml(), args[0] ?? "spec-default");
  await showRuns(page, frame, 10000);
  await findTextsBuilt(frame);
  if (process.env.EXTRA_CSS) await frame.addStyleTag({ content: process.env.EXTRA_CSS });
  const cdp = await page.context().newCDPSession(page);
  const events = [];
  cdp.on("Tracing.dataCollected", (d) => events.push(...d.value));
  const complete = new Promise((r) => cdp.once("Tracing.tracingComplete", r));
  await cdp.send("Tracing.start", { categories: "devtools.timeline", transferMode: "ReportEvents" });
  const tasks = await fling(frame);
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
  const unpackSource = decoderSource(html);
  if (!unpackSource) throw new Error("no base-85 decoder in dist/resource-widget.html");
  const payloads = payloadsOf(html);
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
    { source: unpackSource, payloads },
  );
  // In the order the file carries them: the wasm, its data, the page's code and style sheet.
  for (const t of timings) console.log(`payload of ${t.bytes} bytes: decoded in ${t.decodeMs.toFixed(1)} ms, inflated in ${t.inflateMs.toFixed(1)} ms`);
} else if (mode === "sort") {
  const count = Number(args[0] ?? 200);
  const csp = args[1] ?? "spec-default";
  const ms = [];
  for (let run = 0; run < 3; run++) {
    const { page, frame } = await open(widgetHtml(), csp);
    await showRuns(page, frame, count);
    for (let click = 0; click < 3; click++) {
      const took = await frame.evaluate(
        (click) =>
          new Promise((resolve) => {
            const start = performance.now();
            document.querySelectorAll("th .sort")[click % 2].click();
            requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - start)));
          }),
        click,
      );
      ms.push(took);
    }
    await page.close();
  }
  console.log(`sorting ${count} runs, ${csp}: click → next frame, median ${Math.round(median(ms))} ms (${ms.map(Math.round).join(" ")})`);
} else if (mode === "profile") {
  const [what, ...rest] = args;
  // Results profiled as they arrive (`render N`, `graph N`) and their default sizes.
  const delivered = { render: { show: showRuns, count: 10 }, graph: { show: showGraph, count: 500 }, log: { show: showLog, count: null } }[what];
  // `log` takes no count: the fixture is the size.
  const count = delivered ? (delivered.count === null ? 1 : Number(rest.shift() ?? delivered.count)) : what === "cold" ? Number(rest.shift() ?? 10) : 10000;
  const csp = rest[0] ?? "spec-default";
  const html = readFileSync(process.env.HTML ?? join(ROOT, "target/profile/resource-widget.html"), "utf8");
  const runs = what === "scroll" ? 1 : 5;
  const profiles = [];
  for (let run = 0; run < runs; run++) {
    if (what === "cold-start" || what === "cold") {
      const { page, profile } = await profileColdStart(html, csp, what === "cold" ? JSON.stringify(pipelineRunsResult(count)) : null);
      profiles.push(profile);
      await page.close();
      continue;
    }
    const { page, frame } = await open(html, csp);
    // The widget frame is out of process in Chromium: its own CDP session.
    const cdp = await page.context().newCDPSession(frame).catch(() => page.context().newCDPSession(page));
    await cdp.send("Profiler.enable");
    await cdp.send("Profiler.setSamplingInterval", { interval: 100 });
    if (what === "scroll") {
      await showRuns(page, frame, count);
      await findTextsBuilt(frame);
    } else if (delivered) {
      // As bench/widget.mjs and a host do: tool-input when the call starts, the result 250 ms
      // later (the widget warms up meanwhile); only the result is profiled.
      await page.evaluate(async () => {
        await window.testHost.toolInput({});
        await new Promise((r) => setTimeout(r, 250));
      });
    }
    await cdp.send("Profiler.start");
    if (what === "scroll") {
      await fling(frame);
    } else {
      await (delivered?.show ?? showRuns)(page, frame, count);
      await frame.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 50))));
    }
    profiles.push((await cdp.send("Profiler.stop")).profile);
    await page.close();
  }
  // PROFILE_OUT=file keeps the profiles (Chrome DevTools opens each; one JSON array of them).
  if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profiles));
  const inclusive = new Map();
  const self = new Map();
  const add = (map, name, us) => map.set(name, (map.get(name) ?? 0) + us / 1000 / runs);
  for (const { nodes, samples, timeDeltas } of profiles) {
    const byId = new Map(nodes.map((n) => [n.id, n]));
    const parent = new Map();
    for (const n of nodes) for (const c of n.children ?? []) parent.set(c, n.id);
    samples.forEach((id, i) => {
      const name = (n) => n.callFrame.functionName || "(anonymous)";
      add(self, name(byId.get(id)), timeDeltas[i]);
      const seen = new Set();
      for (let at = id; at !== undefined; at = parent.get(at)) {
        const n = name(byId.get(at));
        if (!seen.has(n)) (seen.add(n), add(inclusive, n, timeDeltas[i]));
      }
    });
  }
  const top = (map) => [...map].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 30));
  const profiled = { render: `rendering ${count} runs (${runs} fresh frames)`, graph: `opening a ${count}-block graph (${runs} fresh frames)`, log: `opening the 1.5 MB run log (${runs} fresh frames)`, scroll: "150 frames scrolling 10,000 runs 600 px a frame", "cold-start": `iframe created → ui/initialize (${runs} fresh frames)`, cold: `iframe created → ${count} runs, sent on the handshake, drawn (${runs} fresh frames)` };
  console.log(`profile of ${profiled[what]}, ${csp}; ms per run`);
  console.log("inclusive:");
  for (const [name, t] of top(inclusive)) console.log(`${t.toFixed(1).padStart(8)}  ${name.slice(0, 160)}`);
  console.log("self:");
  for (const [name, t] of top(self)) console.log(`${t.toFixed(1).padStart(8)}  ${name.slice(0, 160)}`);
} else {
  console.error("usage: node bench/trace.mjs scroll [CSP] | cold-start A.html B.html [CSP] | payloads | sort N [CSP] | profile render N|graph N|log|scroll|cold-start|cold N [CSP]");
  process.exitCode = 2;
}
await browser.close();
await servers.close();
