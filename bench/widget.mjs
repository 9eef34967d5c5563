#!/usr/bin/env node
// The widget's performance in a real MCP Apps host (the ext-apps AppBridge test host, double-iframe
// sandbox, Debian's Chromium). Prints medians of RUNS runs (default 5):
//   - the HTML size, raw and gzip;
//   - ms from iframe creation to ui/initialize;
//   - ms from tool-result sent to data-state settled with the first rows painted, from the
//     result's arrival in the widget frame to the same moment, and from the arrival to the DOM
//     holding the rows (the widget's own time, before layout and paint; tool-input is sent after the
//     handshake and the result 250 ms later, as a host does while the tool runs), for 10, 1,000 and 10,000
//     pipeline-run records, a 500-block graph, and the dense graph of fixtures/graphs (450 blocks,
//     34,000 edges, 3 MB), which must reach its fallback within a second;
//   - long tasks over 50 ms while scrolling through the 10,000 rows;
// for the resource widget (its wasm build, and its JavaScript build under the spec's default CSP),
// the npm example widgets server-basic-vanillajs and server-basic-react (their
// dist/mcp-app.html; size and start-up only, they do not render our records), and a plain-JS
// floor (bench/floor.html: JSON.parse and one createElement row per record). Ratios are the
// widget's figure over the floor's (or the example's).
//
//   ./scripts/bench.sh           (set-up, build, then this and bench/layout.mjs)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { join, dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium, load as loadInHost, widgetFrameOf } from "./host-page.mjs";
import { startServers } from "../host/server.mjs";
import { randomLayeredDag, median } from "./graphs.mjs";
import { pipelineRunsResult, pipelineGraphResult } from "./records.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.RUNS ?? 5);
/** How long the tool "runs" between tool-input and the result, for every widget alike. */
const TOOL_MS = 250;
const EXAMPLES = {
  "server-basic-vanillajs": "@modelcontextprotocol/server-basic-vanillajs@2.0.3",
  "server-basic-react": "@modelcontextprotocol/server-basic-react@2.0.3",
};

/** The example widgets' HTML, fetched once from the npm registry into target/bench/examples. */
function exampleHtml(name) {
  const dir = join(ROOT, "target/bench/examples", name);
  const file = join(dir, "package/dist/mcp-app.html");
  if (!existsSync(file)) {
    mkdirSync(dir, { recursive: true });
    const tarball = execFileSync("npm", ["pack", EXAMPLES[name], "--silent"], { cwd: dir, encoding: "utf8" }).trim().split("\n").pop();
    execFileSync("tar", ["xzf", tarball], { cwd: dir });
  }
  return readFileSync(file, "utf8");
}

// Each widget with the CSP its sandbox serves: ours twice, as the wasm build (the spec's default
// CSP plus 'wasm-unsafe-eval') and as the JavaScript build (the spec's default, no wasm).
// HTML=<file> measures another build of the widget (e.g. one kept from before a change).
const ourHtml = readFileSync(process.env.HTML ?? join(ROOT, "dist/resource-widget.html"), "utf8");
const WASM_CSP = "spec-default-wasm";
const widgets = {
  "resource-widget": { html: ourHtml, csp: WASM_CSP },
  "resource-widget (JS build)": { html: ourHtml, csp: "spec-default" },
  "plain-JS floor": { html: readFileSync(join(ROOT, "bench/floor.html"), "utf8"), csp: WASM_CSP },
  ...Object.fromEntries(Object.keys(EXAMPLES).map((name) => [name, { html: exampleHtml(name), csp: WASM_CSP }])),
};
const renders = new Set(["resource-widget", "resource-widget (JS build)", "plain-JS floor"]);

const LARGE_LOG = "mage run logs (1.5 MB, 3,700 lines)";
const scenarios = [
  ["10 runs", pipelineRunsResult(10)],
  ["1,000 runs", pipelineRunsResult(1000)],
  ["10,000 runs", pipelineRunsResult(10000)],
  ["500-block graph", pipelineGraphResult(randomLayeredDag(500, 2))],
  ["dense graph (fallback)", JSON.parse(readFileSync(join(ROOT, "fixtures/graphs/dense-34000-edges.json"), "utf8"))],
  [LARGE_LOG, JSON.parse(readFileSync(join(ROOT, "fixtures/mage/pipeline-run-logs-large.json"), "utf8"))],
];
// ONLY=<text> keeps the scenarios whose name contains it, and only our two builds (a quick look at
// one case, e.g. ONLY=logs); the full run measures everything.
if (process.env.ONLY) {
  for (let i = scenarios.length - 1; i >= 0; i--) if (!scenarios[i][0].includes(process.env.ONLY)) scenarios.splice(i, 1);
  for (const name of Object.keys(widgets)) if (!name.startsWith("resource-widget")) delete widgets[name];
}
/** Scenarios only our widget draws (the floor and the examples draw records as rows). */
const oursOnly = (scenario) => scenario.includes("graph") || scenario === LARGE_LOG;

const servers = await startServers();
const browser = await launchChromium();
const load = (widget) => loadInHost(browser, servers, widget);

/**
 * Sends `result`; resolves to { sentMs, arrivedMs, ownMs }. `sentMs` and `arrivedMs` run to the
 * first painted frame showing rows (so they hold the browser's layout and paint, and up to two
 * frames of waiting for one); `ownMs` is the widget's own time: from the result's arrival in the
 * frame to the moment its DOM holds the rows (a MutationObserver sees the change settle), before
 * the browser lays it out.
 */
async function render(page, result) {
  const frame = widgetFrameOf(page);
  // Before sending: forget earlier marks (a race otherwise: this could run after the new one).
  await frame.evaluate(() => performance.clearMarks("resource-widget:result-received"));
  // In the widget frame: wait for data-state ok and a row or a node, then the next frame (painted).
  const painted = frame.evaluate(
    () =>
      new Promise((resolve) => {
        const ready = () =>
          document.querySelector("[data-state=ok]") && document.querySelector("tbody tr:not(.table__spacer), [data-node-id], .graph-reason, .log__line");
        // Mutation records arrive at microtask checkpoints: the first one that finds the rows
        // there is the end of the task (or microtask) that built them.
        let builtAt = NaN;
        const observer = new MutationObserver(() => {
          if (ready()) {
            builtAt = performance.timeOrigin + performance.now();
            observer.disconnect();
          }
        });
        observer.observe(document, { subtree: true, childList: true, attributes: true });
        const poll = () =>
          ready() ? requestAnimationFrame(() => (observer.disconnect(), resolve({ at: performance.timeOrigin + performance.now(), builtAt }))) : requestAnimationFrame(poll);
        requestAnimationFrame(poll);
      }).then(({ at, builtAt }) => {
        const mark = performance.getEntriesByName("resource-widget:result-received").at(-1);
        return { paintedAt: at, builtAt, arrivedAt: mark ? performance.timeOrigin + mark.startTime : NaN };
      }),
  );
  // As a host does: tool-input when the call starts, the result when the tool has run (TOOL_MS).
  const sentAt = await page.evaluate(
    async ({ text, toolMs }) => {
      const result = JSON.parse(text);
      await window.testHost.toolInput({});
      await new Promise((r) => setTimeout(r, toolMs));
      const at = performance.timeOrigin + performance.now();
      window.testHost.toolResult(result);
      return at;
    },
    { text: JSON.stringify(result), toolMs: TOOL_MS },
  );
  const { paintedAt, builtAt, arrivedAt } = await painted;
  return { sentMs: paintedAt - sentAt, arrivedMs: paintedAt - arrivedAt, ownMs: builtAt - arrivedAt };
}

/**
 * Longest task and count over 50 ms while scrolling the table down `step` px a frame, to the
 * bottom or for `maxFrames` frames.
 */
async function scrollLongTasks(page, selector, step, maxFrames) {
  return widgetFrameOf(page).evaluate(
    ({ selector, step, maxFrames }) =>
      new Promise((resolve) => {
        const tasks = [];
        const observer = new PerformanceObserver((list) => tasks.push(...list.getEntries().map((e) => e.duration)));
        observer.observe({ type: "longtask" });
        // The tallest box of its kind: the 10,000-row table, or the log file of 3,700 lines.
        const box = [...document.querySelectorAll(selector)].sort((a, b) => b.scrollHeight - a.scrollHeight)[0];
        box.scrollTop = 0;
        let frames = 0;
        const next = () => {
          box.scrollTop += step;
          frames++;
          if (box.scrollTop + box.clientHeight < box.scrollHeight - 1 && frames < maxFrames) requestAnimationFrame(next);
          else
            setTimeout(() => {
              observer.disconnect();
              resolve({ step, frames, longest: Math.max(0, ...tasks), over50: tasks.filter((d) => d > 50).length });
            }, 200);
        };
        requestAnimationFrame(next);
      }),
    { selector, step, maxFrames },
  );
}

/** Find over the 10,000 rows: waits (at most 20 s) until the widget has built every row's text for
 *  Find in idle slices (`.table-find[data-ready]`; how long after this call is reported: a search
 *  typed sooner waits for the rest), then types QUERY into the find box a character at a time and
 *  deletes it again; each keystroke's time is from the input event to the end of the task that
 *  updates the list (a zero-delay timer queued after it, so Leptos's effects have run). Median
 *  and longest. */
const FIND_QUERY = "failed 48";
async function findKeystrokes(page) {
  return widgetFrameOf(page).evaluate(async (query) => {
    const input = document.querySelector(".table-find input");
    if (!input) return null;
    const waitStart = performance.now();
    while (!document.querySelector(".table-find[data-ready]") && performance.now() - waitStart < 20000) await new Promise((r) => setTimeout(r, 20));
    const readyMs = document.querySelector(".table-find[data-ready]") ? performance.now() - waitStart : NaN;
    const times = [];
    const type = async (value) => {
      const t0 = performance.now();
      input.value = value;
      input.dispatchEvent(new Event("input", { bubbles: true }));
      await new Promise((r) => setTimeout(r, 0));
      times.push(performance.now() - t0);
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    };
    for (let i = 1; i <= query.length; i++) await type(query.slice(0, i));
    for (let i = query.length - 1; i >= 0; i--) await type(query.slice(0, i));
    const sorted = [...times].sort((a, b) => a - b);
    return { median: sorted[Math.floor(sorted.length / 2)], longest: sorted.at(-1), keystrokes: times.length, readyMs };
  }, FIND_QUERY);
}

/** Scroll speeds: a fast fling through every row (about 36,000 px/s at 60 frames a second), and
 *  wheel-like steps through the first 600 frames (about 7,200 px/s). */
const SCROLLS = [
  [600, 5000],
  [120, 600],
];

const results = {};
for (const [name, widget] of Object.entries(widgets)) {
  const { html } = widget;
  const r = (results[name] = { raw: html.length, gzip: gzipSync(Buffer.from(html), { level: 9 }).length, init: [], scenarios: {} });
  const measured = renders.has(name) ? scenarios.filter(([s]) => name.startsWith("resource-widget") || !oursOnly(s)) : [[null]];
  for (let run = 0; run < RUNS; run++) {
    // A fresh frame per measurement: each result is the first its frame renders.
    for (const [k, [scenario, result]] of measured.entries()) {
      const { page, initMs } = await load(widget);
      if (k === 0) r.init.push(initMs);
      if (scenario) {
        (r.scenarios[scenario] ??= []).push(await render(page, result));
        // Scrolling, once per build: the 10,000-row table and the large log.
        const box = { "10,000 runs": ".table-scroll", [LARGE_LOG]: ".log" }[scenario];
        if (name.startsWith("resource-widget") && box && run === 0) {
          for (const [step, maxFrames] of SCROLLS) (r.scroll ??= []).push({ scenario, ...(await scrollLongTasks(page, box, step, maxFrames)) });
        }
        // The first run scrolls before it types: its wait for Find's texts does not start at the render.
        if (name.startsWith("resource-widget") && scenario === "10,000 runs") (r.find ??= []).push({ ...(await findKeystrokes(page)), afterScroll: run === 0 });
      }
      await page.close();
    }
  }
}
const chromiumVersion = browser.version();
await browser.close();
await servers.close();

// ---- report ----
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
/** How long after the render Find's texts were ready, over the runs whose wait began at the render. */
function readyAfterRender(finds) {
  const ready = finds.filter((f) => !f.afterScroll && !Number.isNaN(f.readyMs)).map((f) => f.readyMs);
  return ready.length ? `, ${ms(median(ready))} ms (median of ${ready.length}) after the table was drawn` : "";
}
const ms = (x) => (Number.isNaN(x) ? "—" : x < 10 ? x.toFixed(1) : Math.round(x).toString());
const ratio = (a, b) => (Number.isNaN(a) || Number.isNaN(b) || b === 0 ? "—" : `${(a / b).toFixed(2)}×`);
const ours = results["resource-widget"];
const floor = results["plain-JS floor"];
console.log(`widget benchmark: medians of ${RUNS} runs; Chromium ${chromiumVersion}; ${new Date().toISOString().slice(0, 10)}`);
console.log("");
const names = Object.keys(widgets);
console.log(`| | ${names.join(" | ")} |`);
console.log(`|---|${names.map(() => "---:").join("|")}|`);
console.log(`| HTML raw | ${names.map((n) => kb(results[n].raw)).join(" | ")} |`);
console.log(`| HTML gzip | ${names.map((n) => kb(results[n].gzip)).join(" | ")} |`);
console.log(`| iframe created → ui/initialize (ms) | ${names.map((n) => ms(median(results[n].init))).join(" | ")} |`);
for (const [scenario] of scenarios) {
  for (const [label, key] of [["sent → rendered", "sentMs"], ["arrived → rendered", "arrivedMs"], ["arrived → DOM built (own time)", "ownMs"]]) {
    const cell = (n) => {
      const runs = results[n].scenarios?.[scenario];
      return runs ? ms(median(runs.map((t) => t[key]))) : "—";
    };
    console.log(`| ${scenario}: ${label} (ms) | ${names.map(cell).join(" | ")} |`);
  }
}
console.log("");
console.log("Ratios (resource-widget ÷ other):");
for (const other of ["server-basic-vanillajs", "server-basic-react"].filter((n) => results[n])) {
  console.log(`- vs ${other}: HTML gzip ${ratio(ours.gzip, results[other].gzip)}, ui/initialize ${ratio(median(ours.init), median(results[other].init))}`);
}
for (const [scenario] of scenarios) {
  if (!floor?.scenarios[scenario]) continue;
  const a = median(ours.scenarios[scenario].map((t) => t.arrivedMs));
  const b = median(floor.scenarios[scenario].map((t) => t.arrivedMs));
  console.log(`- vs plain-JS floor, ${scenario}, arrived → rendered: ${ratio(a, b)}`);
}
const jsBuild = results["resource-widget (JS build)"];
for (const [scenario] of scenarios) {
  const a = median(jsBuild.scenarios[scenario].map((t) => t.arrivedMs));
  const b = median(ours.scenarios[scenario].map((t) => t.arrivedMs));
  console.log(`- JS build ÷ wasm build, ${scenario}, arrived → rendered: ${ratio(a, b)}`);
}
console.log("");
for (const build of ["resource-widget", "resource-widget (JS build)"]) {
  for (const { scenario, step, frames, longest, over50 } of results[build].scroll ?? []) {
    console.log(`Scrolling (${build}) ${scenario}, ${step} px a frame for ${frames} frames: longest task ${ms(longest)} ms, ${over50} over 50 ms.`);
  }
  const finds = (results[build].find ?? []).filter((f) => f.median !== undefined);
  if (finds.length > 0) {
    console.log(`Find over 10,000 rows (${build}), typing and deleting "${FIND_QUERY}": median keystroke ${ms(median(finds.map((f) => f.median)))} ms, longest ${ms(Math.max(...finds.map((f) => f.longest)))} ms (${finds.length} runs × ${finds[0].keystrokes} keystrokes), once every row's text was built in idle slices${readyAfterRender(finds)}; a search typed sooner waits for the rest.`);
  }
}
