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
//   - the cold path beside it for 10 and 10,000 runs: the same figures in a fresh frame whose host
//     sends tool-input and the result together the moment the handshake is done (a host that opens
//     the frame once the call has ended, a reloaded conversation), and from the frame's creation
//     to the rows built;
//   - long tasks over 50 ms while scrolling through the 10,000 rows, and from a result's arrival
//     to 300 ms after it was painted;
//   - where the cold start goes, stage by stage, from the boot code's performance marks;
//   - the JavaScript build's goals, beside the wasm build and the vanillajs example, as ratios;
// for the resource widget (its wasm build, and its JavaScript build under the spec's default CSP),
// the npm example widgets server-basic-vanillajs and server-basic-react (their
// dist/mcp-app.html; size and start-up only, they do not render our records), and a plain-JS
// floor (bench/floor.html: JSON.parse and one createElement row per record). Ratios are the
// widget's figure over the floor's (or the example's). Every widget is measured in turn within
// each run, and the load average before and after is printed: the machine may be shared.
//
//   ./bench/run.sh           (set-up, build, then this, bench/parse.mjs, bench/layout.mjs, bench/translate.mjs)
//   RUNS=3 node bench/widget.mjs (this alone, on the last build; BENCH_MINUTES bounds its time)
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { gzipSync } from "node:zlib";
import { loadavg, cpus } from "node:os";
import { join, dirname, basename } from "node:path";
import { fileURLToPath } from "node:url";
import { launchChromium, load as loadInHost, widgetFrameOf } from "../host/chromium.mjs";
import { startServers } from "../host/server.mjs";
import { randomLayeredDag, median } from "./graphs.mjs";
import { isWorse, WORSE, WORSE_MARK } from "./compare.mjs";
import { pipelineRunsResult, pipelineGraphResult } from "./records.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const RUNS = Number(process.env.RUNS ?? 5);
/** A bound on the whole measurement: no run starts after BENCH_MINUTES (default 25), and the
 *  process stops with an error 10 minutes after that, whatever it is waiting for. */
const BENCH_MINUTES = Number(process.env.BENCH_MINUTES ?? 25);
const benchStart = Date.now();
setTimeout(() => {
  console.error(`bench/widget.mjs: still running ${BENCH_MINUTES + 10} minutes after it started; stopped`);
  process.exit(2);
}, (BENCH_MINUTES + 10) * 60000).unref();
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
// HTML=<file> measures another build of the widget (e.g. one kept from before a change);
// HTML=<a>,<b> measures both in the same run, loaded in turn (an A/B of a change), each named by
// its file name.
const ourFiles = (process.env.HTML ?? join(ROOT, "dist/resource-widget.html")).split(",");
const ourLabel = (file) => (ourFiles.length === 1 ? "resource-widget" : basename(file));
const WASM_CSP = "spec-default-wasm";
/** Our widgets' names: each file's wasm build, then its JavaScript build. */
const ours = ourFiles.flatMap((file) => [ourLabel(file), `${ourLabel(file)} (JS build)`]);
const isOurs = (name) => ours.includes(name);
const widgets = {
  ...Object.fromEntries(
    ourFiles.flatMap((file) => {
      const html = readFileSync(file, "utf8");
      return [
        [ourLabel(file), { html, csp: WASM_CSP }],
        [`${ourLabel(file)} (JS build)`, { html, csp: "spec-default" }],
      ];
    }),
  ),
  "plain-JS floor": { html: readFileSync(join(ROOT, "bench/floor.html"), "utf8"), csp: WASM_CSP },
  ...Object.fromEntries(Object.keys(EXAMPLES).map((name) => [name, { html: exampleHtml(name), csp: WASM_CSP }])),
};
const renders = new Set([...ours, "plain-JS floor"]);

const LARGE_LOG = "mage run logs (1.5 MB, 3,700 lines)";
const scenarios = [
  ["10 runs", pipelineRunsResult(10)],
  ["1,000 runs", pipelineRunsResult(1000)],
  ["10,000 runs", pipelineRunsResult(10000)],
  ["500-block graph", pipelineGraphResult(randomLayeredDag(500, 2))],
  ["dense graph (fallback)", JSON.parse(readFileSync(join(ROOT, "fixtures/graphs/dense-34000-edges.json"), "utf8"))],
  [LARGE_LOG, JSON.parse(readFileSync(join(ROOT, "fixtures/mage/pipeline-run-logs-large.json"), "utf8"))],
];
// ONLY=<text> keeps the scenarios whose name contains it, and only our builds and the vanillajs
// example (whose cold start is the JavaScript build's goal): a quick look at one case, e.g.
// ONLY=logs; ONLY=start measures the cold start alone. The full run measures everything.
if (process.env.ONLY) {
  for (let i = scenarios.length - 1; i >= 0; i--) if (!scenarios[i][0].includes(process.env.ONLY)) scenarios.splice(i, 1);
  for (const name of Object.keys(widgets)) if (!isOurs(name) && name !== "server-basic-vanillajs") delete widgets[name];
}
/** Scenarios our builds also draw on the cold path (renderCold), beside the warm path. */
const COLD = ["10 runs", "10,000 runs"];
/** How much longer than the warm path's own time the cold path's may be. */
const COLD_GOAL = 1.5;
/** Scenarios only our widget draws (the floor and the examples draw records as rows). */
const oursOnly = (scenario) => scenario.includes("graph") || scenario === LARGE_LOG;

const servers = await startServers();
const browser = await launchChromium();
const load = (widget) => loadInHost(browser, servers, widget);

/**
 * Runs in the widget's document before the result can arrive (evaluated there on the warm path, an
 * inline script at the top of its page on the cold path): keeps the long tasks in
 * `window.__benchLongTasks` and sets `window.__benchPainted`, which resolves to { builtAt, paintedAt }
 * (epoch ms) once the DOM holds data-state ok and a row or a node of the result (the warm-up's
 * hidden parts are not the result), and once the next frame after that is painted.
 */
function watchRender() {
  // Long tasks, kept until 300 ms after the paint (afterRender): those that end after the result
  // arrived are the render's.
  const tasks = (window.__benchLongTasks = []);
  window.__benchObserver = new PerformanceObserver((list) => tasks.push(...list.getEntries()));
  window.__benchObserver.observe({ type: "longtask" });
  window.__benchPainted = new Promise((resolve) => {
    const ready = () =>
      document.querySelector("[data-state=ok]") &&
      document.querySelector(":is(tbody tr:not(.table__spacer), [data-node-id], .graph-reason, .log__line):not(.warm-up *)");
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
      ready() ? requestAnimationFrame(() => (observer.disconnect(), resolve({ paintedAt: performance.timeOrigin + performance.now(), builtAt }))) : requestAnimationFrame(poll);
    requestAnimationFrame(poll);
  });
}

/**
 * In the widget frame, 300 ms after the result's rows were built at `builtAt`: when the result
 * arrived (epoch ms), the longest task and the tasks over 50 ms since, and the JavaScript build's
 * translation of functions first called by the render (the boot code's measures between the
 * arrival and the rows built).
 */
function afterRender(frame, builtAt) {
  return frame.evaluate(
    ({ builtAt }) =>
      new Promise((resolve) => setTimeout(resolve, 300)).then(() => {
        window.__benchObserver.disconnect();
        const mark = performance.getEntriesByName("resource-widget:result-received").at(-1);
        const render = window.__benchLongTasks.filter((t) => mark && t.startTime + t.duration > mark.startTime).map((t) => t.duration);
        const built = builtAt - performance.timeOrigin;
        const translating = performance
          .getEntriesByType("measure")
          .filter((e) => /^resource-widget:boot:(translate|script)$/.test(e.name) && mark && e.startTime >= mark.startTime && e.startTime + e.duration <= built)
          .reduce((total, e) => total + e.duration, 0);
        return {
          arrivedAt: mark ? performance.timeOrigin + mark.startTime : NaN,
          longestTask: Math.max(0, ...render),
          tasksOver50: render.filter((d) => d > 50).length,
          translatingMs: translating,
        };
      }),
    { builtAt },
  );
}

/**
 * The warm path: tool-input, then `result` TOOL_MS later, as a host does while its tool runs;
 * resolves to { sentMs, arrivedMs, ownMs, … }. `sentMs` and `arrivedMs` run to the first painted
 * frame showing rows (so they hold the browser's layout and paint, and up to two frames of waiting
 * for one); `ownMs` is the widget's own time: from the result's arrival in the frame to the moment
 * its DOM holds the rows (a MutationObserver sees the change settle), before the browser lays it
 * out.
 */
async function render(page, result) {
  const frame = widgetFrameOf(page);
  // Before sending: forget earlier marks (a race otherwise: this could run after the new one).
  await frame.evaluate(() => performance.clearMarks("resource-widget:result-received"));
  // As a host does: tool-input when the call starts, the result when the tool has run (TOOL_MS).
  await page.evaluate(async (toolMs) => {
    await window.testHost.toolInput({});
    await new Promise((r) => setTimeout(r, toolMs));
  }, TOOL_MS);
  await frame.evaluate(watchRender);
  const painted = frame.evaluate(() => window.__benchPainted);
  const cpuBefore = await mainThreadCpu(page);
  const sentAt = await page.evaluate((text) => {
    const at = performance.timeOrigin + performance.now();
    window.testHost.toolResult(JSON.parse(text));
    return at;
  }, JSON.stringify(result));
  const { paintedAt, builtAt } = await painted;
  const cpuMs = (await mainThreadCpu(page)) - cpuBefore;
  const { arrivedAt, longestTask, tasksOver50, translatingMs } = await afterRender(frame, builtAt);
  return { sentMs: paintedAt - sentAt, arrivedMs: paintedAt - arrivedAt, ownMs: builtAt - arrivedAt, cpuMs, longestTask, tasksOver50, translatingMs };
}

/**
 * The cold path: a fresh frame of `widget` whose host sends tool-input and `result` together the
 * moment the handshake is done (a host that opens the frame once the call has ended, a reloaded
 * conversation); the same figures as `render` (but the CPU's: the frame's start shares the
 * thread), `createdMs`, from the frame's creation to the rows built: all the person waits, and
 * `createdCpuMs`, the main thread's CPU from before the frame's creation to the rows painted.
 */
async function renderCold(widget, result) {
  const html = widget.html.replace(/<head[^>]*>/i, (head) => `${head}<script>(${watchRender})()</script>`);
  let cpuBefore;
  const beforeFrame = async (page) => (cpuBefore = await mainThreadCpu(page));
  const { page, createdAt } = await load({ ...widget, html, beforeFrame, resultOnHandshake: JSON.stringify(result) });
  try {
    const frame = widgetFrameOf(page);
    const { paintedAt, builtAt } = await frame.evaluate(() => window.__benchPainted);
    const createdCpuMs = (await mainThreadCpu(page)) - cpuBefore;
    const sentAt = await page.evaluate(() => performance.timeOrigin + window.testHost.timeline.resultSent);
    const { arrivedAt, longestTask, tasksOver50, translatingMs } = await afterRender(frame, builtAt);
    return { sentMs: paintedAt - sentAt, arrivedMs: paintedAt - arrivedAt, ownMs: builtAt - arrivedAt, cpuMs: NaN, longestTask, tasksOver50, translatingMs, createdMs: builtAt - createdAt, createdCpuMs };
  } finally {
    await page.close();
  }
}

/**
 * CPU time of the renderer's main thread so far (ms; Chromium's ThreadTime metric): the host page
 * and the widget frame share it (one site). Unlike the clock, it does not count time the machine
 * gave to other processes, so figures stay comparable on a busy machine.
 */
async function mainThreadCpu(page) {
  const cdp = (page.__benchCdp ??= await page.context().newCDPSession(page).then(async (session) => (await session.send("Performance.enable"), session)));
  const { metrics } = await cdp.send("Performance.getMetrics");
  return metrics.find((m) => m.name === "ThreadTime").value * 1000;
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

/** The cold start's stages (bootBreakdown's keys), in the order a start goes through them. */
const BOOT_STAGES = [
  "iframe created → loader runs (HTML sent, parsed)",
  "loader: page code inflated",
  "page code parsed and run (glue, boot, translator)",
  "wasm and data inflated (from loader start)",
  "waiting for them after the code ran",
  "wasm compiled",
  "instantiated and started (mount)",
  "wasm sections read (translator)",
  "prelude run (stubs, memory)",
  "connecting's functions translated, in one script",
  "connected, then drawn (mount), translation included",
  "…translating before ui/initialize",
  "…running the batches before ui/initialize",
  "…batches before ui/initialize (count)",
  "ui/initialize sent, from loader start",
  "started, from iframe created",
  "iframe created → ui/initialize",
];

/**
 * Where one cold start went, from the boot code's marks and measures ("resource-widget:boot:…",
 * page/single-html.mjs) and the host's own moments: ms per stage, in order, and the translation
 * done before ui/initialize (JavaScript build). Null for a widget without the marks.
 */
async function bootBreakdown(page, createdAt, initializeAt) {
  const { origin, entries } = await widgetFrameOf(page).evaluate(() => ({
    origin: performance.timeOrigin,
    entries: performance
      .getEntries()
      .filter((e) => e.name.startsWith("resource-widget:boot:"))
      .map(({ name, entryType, startTime, duration }) => ({ name: name.slice("resource-widget:boot:".length), entryType, startTime, duration })),
  }));
  const at = Object.fromEntries(entries.filter((e) => e.entryType === "mark").map((e) => [e.name, origin + e.startTime]));
  if (at.loader === undefined || at.started === undefined) return null;
  const payloads = Math.max(at["wasm-inflated"], at["data-inflated"]);
  const ready = Math.max(payloads, at["code-running"]);
  const beforeInit = (name) => entries.filter((e) => e.entryType === "measure" && e.name === name && origin + e.startTime + e.duration <= initializeAt);
  const sum = (list) => list.reduce((total, e) => total + e.duration, 0);
  const stages = {
    "iframe created → loader runs (HTML sent, parsed)": at.loader - createdAt,
    "loader: page code inflated": at["page-inflated"] - at.loader,
    "page code parsed and run (glue, boot, translator)": at["code-running"] - at["page-inflated"],
    "wasm and data inflated (from loader start)": payloads - at.loader,
    "waiting for them after the code ran": ready - at["code-running"],
  };
  if (at.compiled !== undefined) {
    stages["wasm compiled"] = at.compiled - ready;
    stages["instantiated and started (mount)"] = at.started - at.compiled;
  } else {
    stages["wasm sections read (translator)"] = at["translator-ready"] - ready;
    stages["prelude run (stubs, memory)"] = at["prelude-run"] - at["translator-ready"];
    if (at["start-translated"] !== undefined) stages["connecting's functions translated, in one script"] = at["start-translated"] - at["prelude-run"];
    stages["connected, then drawn (mount), translation included"] = at.started - (at["start-translated"] ?? at["prelude-run"]);
    stages["…translating before ui/initialize"] = sum(beforeInit("translate"));
    stages["…running the batches before ui/initialize"] = sum(beforeInit("script"));
    stages["…batches before ui/initialize (count)"] = beforeInit("script").length;
  }
  stages["ui/initialize sent, from loader start"] = initializeAt - at.loader;
  stages["started, from iframe created"] = at.started - createdAt;
  stages["iframe created → ui/initialize"] = initializeAt - createdAt;
  return stages;
}

/** Scroll speeds: a fast fling through every row (about 36,000 px/s at 60 frames a second), and
 *  wheel-like steps through the first 600 frames (about 7,200 px/s). */
const SCROLLS = [
  [600, 5000],
  [120, 600],
];

const loadBefore = loadavg()[0];
/** The one-minute load average at the start of each run and at the end. */
const loads = [loadBefore];
let runsDone = 0;
const results = {};
for (const [name, { html }] of Object.entries(widgets)) {
  results[name] = { raw: html.length, gzip: gzipSync(Buffer.from(html), { level: 9 }).length, init: [], scenarios: {}, cold: {} };
}
// Run by run, every widget in turn in each run, so that the machine's other work falls on all alike.
for (let run = 0; run < RUNS; run++) {
  if (run > 0 && Date.now() - benchStart > BENCH_MINUTES * 60000) {
    console.error(`bench/widget.mjs: ${BENCH_MINUTES} minutes passed; ${run} of ${RUNS} runs measured`);
    break;
  }
  if (run > 0) loads.push(loadavg()[0]);
  for (const [name, widget] of Object.entries(widgets)) {
    const r = results[name];
    const drawn = renders.has(name) ? scenarios.filter(([s]) => isOurs(name) || !oursOnly(s)) : [];
    const measured = drawn.length ? drawn : [[null]];
    // A fresh frame per measurement: each result is the first its frame renders.
    for (const [k, [scenario, result]] of measured.entries()) {
      const { page, initMs, initCpuMs, createdAt, initializeAt } = await load(widget);
      if (k === 0) {
        r.init.push(initMs);
        (r.initCpu ??= []).push(initCpuMs);
        const stages = isOurs(name) ? await bootBreakdown(page, createdAt, initializeAt) : null;
        if (stages) (r.boot ??= []).push(stages);
      }
      if (scenario) {
        (r.scenarios[scenario] ??= []).push(await render(page, result));
        // Scrolling, once per build: the 10,000-row table and the large log.
        const box = { "10,000 runs": ".table-scroll", [LARGE_LOG]: ".log" }[scenario];
        if (isOurs(name) && box && run === 0) {
          for (const [step, maxFrames] of SCROLLS) (r.scroll ??= []).push({ scenario, ...(await scrollLongTasks(page, box, step, maxFrames)) });
        }
        // The first run scrolls before it types: its wait for Find's texts does not start at the render.
        if (isOurs(name) && scenario === "10,000 runs") (r.find ??= []).push({ ...(await findKeystrokes(page)), afterScroll: run === 0 });
      }
      await page.close();
      // The same result on the cold path, in a frame of its own, right after the warm path's.
      if (isOurs(name) && COLD.includes(scenario)) (r.cold[scenario] ??= []).push(await renderCold(widget, result));
    }
  }
  runsDone++;
}
loads.push(loadavg()[0]);
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
const floor = results["plain-JS floor"];
console.log(
  `widget benchmark: medians of ${runsDone} runs; Chromium ${chromiumVersion}; ${new Date().toISOString().slice(0, 10)}; ` +
    `${cpus().length} cores, load average (1 min) ${loadBefore.toFixed(1)} before, ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)} during and ${loadavg()[0].toFixed(1)} after; ` +
    `${((Date.now() - benchStart) / 60000).toFixed(1)} minutes (other work on the machine slows every figure)`,
);
console.log("");
const names = Object.keys(widgets);
console.log(`| | ${names.join(" | ")} |`);
console.log(`|---|${names.map(() => "---:").join("|")}|`);
console.log(`| HTML raw | ${names.map((n) => kb(results[n].raw)).join(" | ")} |`);
console.log(`| HTML gzip | ${names.map((n) => kb(results[n].gzip)).join(" | ")} |`);
console.log(`| iframe created → ui/initialize (ms) | ${names.map((n) => ms(median(results[n].init))).join(" | ")} |`);
console.log(`| iframe created → handshake done, main-thread CPU (ms) | ${names.map((n) => ms(median(results[n].initCpu))).join(" | ")} |`);
for (const [scenario] of scenarios) {
  for (const [label, key] of [
    ["sent → rendered", "sentMs"],
    ["arrived → rendered", "arrivedMs"],
    ["arrived → DOM built (own time)", "ownMs"],
    ["…of which translating (JS build)", "translatingMs"],
    ["sent → rendered, main-thread CPU", "cpuMs"],
    ["longest task from arrival", "longestTask"],
  ]) {
    const cell = (n) => {
      const runs = results[n].scenarios?.[scenario];
      if (key === "translatingMs" && !n.endsWith("(JS build)")) return "—";
      if (!runs) return "—";
      // A longest task matters in every run, not only the median one: each run's too.
      if (key === "longestTask" && runs.length > 1) return `${ms(median(runs.map((t) => t[key])))} (${runs.map((t) => ms(t[key])).join(" / ")})`;
      return ms(median(runs.map((t) => t[key])));
    };
    console.log(`| ${scenario}: ${label} (ms) | ${names.map(cell).join(" | ")} |`);
  }
}
console.log("");
const coldScenarios = COLD.filter((scenario) => ours.some((n) => results[n].cold[scenario]?.length));
if (coldScenarios.length) {
  console.log(
    `The cold path: tool-input and the result sent together the moment the handshake is done (a host that opens the frame once the call has ended, a reloaded conversation), ` +
      `beside the warm path (the result ${TOOL_MS} ms after tool-input); medians, ms; the goal: the cold path's own time ≤ ${COLD_GOAL} × the warm path's:`,
  );
  console.log("");
  console.log(`| | ${ours.join(" | ")} |`);
  console.log(`|---|${ours.map(() => "---:").join("|")}|`);
  const warmOwn = (n, scenario) => median((results[n].scenarios[scenario] ?? []).map((t) => t.ownMs));
  const coldOf = (n, scenario, key) => median((results[n].cold[scenario] ?? []).map((t) => t[key]));
  for (const scenario of coldScenarios) {
    const rows = [
      ["own time, warm path", (n) => ms(warmOwn(n, scenario))],
      ["own time, cold path", (n) => ms(coldOf(n, scenario, "ownMs"))],
      [`cold ÷ warm (goal ≤ ${COLD_GOAL}×)`, (n) => {
        const r = coldOf(n, scenario, "ownMs") / warmOwn(n, scenario);
        return Number.isFinite(r) ? `${r.toFixed(2)}× ${r <= COLD_GOAL ? "met" : "**missed**"}` : "—";
      }],
      ["cold path: …of which translating (JS build)", (n) => (n.endsWith("(JS build)") ? ms(coldOf(n, scenario, "translatingMs")) : "—")],
      ["cold path: sent → rendered", (n) => ms(coldOf(n, scenario, "sentMs"))],
      ["cold path: iframe created → DOM built", (n) => ms(coldOf(n, scenario, "createdMs"))],
      ["cold path: iframe created → rendered, main-thread CPU", (n) => ms(coldOf(n, scenario, "createdCpuMs"))],
      ["cold path: longest task from arrival", (n) => {
        const runs = results[n].cold[scenario] ?? [];
        return runs.length > 1 ? `${ms(median(runs.map((t) => t.longestTask)))} (${runs.map((t) => ms(t.longestTask)).join(" / ")})` : ms(coldOf(n, scenario, "longestTask"));
      }],
    ];
    for (const [label, cell] of rows) console.log(`| ${scenario}: ${label} | ${ours.map(cell).join(" | ")} |`);
  }
  console.log("");
}
const booted = names.filter((n) => results[n].boot?.length);
if (booted.length) {
  console.log("Cold start, where it goes (medians, ms; from the boot code's performance marks):");
  console.log("");
  console.log(`| stage | ${booted.join(" | ")} |`);
  console.log(`|---|${booted.map(() => "---:").join("|")}|`);
  for (const stage of BOOT_STAGES) {
    const cell = (n) => {
      const values = results[n].boot.map((b) => b[stage]).filter((v) => v !== undefined);
      return values.length ? ms(median(values)) : "—";
    };
    if (booted.some((n) => results[n].boot.some((b) => stage in b))) console.log(`| ${stage} | ${booted.map(cell).join(" | ")} |`);
  }
  console.log("");
}
for (const wasmName of ourFiles.map(ourLabel)) {
  const wasmBuild = results[wasmName], jsBuild = results[`${wasmName} (JS build)`];
  console.log(`Ratios (${wasmName}):`);
  for (const other of ["server-basic-vanillajs", "server-basic-react"].filter((n) => results[n])) {
    for (const [build, r] of [["wasm build", wasmBuild], ["JS build", jsBuild]]) {
      console.log(`- ${build} ÷ ${other}: HTML raw ${ratio(r.raw, results[other].raw)}, gzip ${ratio(r.gzip, results[other].gzip)}, ui/initialize ${ratio(median(r.init), median(results[other].init))}`);
    }
  }
  for (const [scenario] of scenarios) {
    if (!floor?.scenarios[scenario]) continue;
    const b = median(floor.scenarios[scenario].map((t) => t.arrivedMs));
    for (const [build, r] of [["wasm build", wasmBuild], ["JS build", jsBuild]]) {
      console.log(`- ${build} ÷ plain-JS floor, ${scenario}, arrived → rendered: ${ratio(median(r.scenarios[scenario].map((t) => t.arrivedMs)), b)}`);
    }
  }
  for (const [scenario] of scenarios) {
    const a = median(jsBuild.scenarios[scenario].map((t) => t.arrivedMs));
    const b = median(wasmBuild.scenarios[scenario].map((t) => t.arrivedMs));
    console.log(`- JS build ÷ wasm build, ${scenario}, arrived → rendered: ${ratio(a, b)}`);
  }
  console.log("");
}
for (const build of ours) {
  for (const { scenario, step, frames, longest, over50 } of results[build].scroll ?? []) {
    console.log(`Scrolling (${build}) ${scenario}, ${step} px a frame for ${frames} frames: longest task ${ms(longest)} ms, ${over50} over 50 ms.`);
  }
  const finds = (results[build].find ?? []).filter((f) => f.median !== undefined);
  if (finds.length > 0) {
    console.log(`Find over 10,000 rows (${build}), typing and deleting "${FIND_QUERY}": median keystroke ${ms(median(finds.map((f) => f.median)))} ms, longest ${ms(Math.max(...finds.map((f) => f.longest)))} ms (${finds.length} runs × ${finds[0].keystrokes} keystrokes), once every row's text was built in idle slices${readyAfterRender(finds)}; a search typed sooner waits for the rest.`);
  }
}

// ---- against the baseline: with two or more files (HTML=a,b), the first is the baseline ----
if (ourFiles.length >= 2) {
  const [base, ...others] = ourFiles.map(ourLabel);
  const figures = (n) => {
    const r = results[n];
    const out = { "HTML raw (KB)": r.raw / 1024, "iframe created → ui/initialize (ms)": median(r.init) };
    for (const [scenario] of scenarios) {
      const runs = r.scenarios?.[scenario];
      if (!runs) continue;
      out[`${scenario}: arrived → DOM built (ms)`] = median(runs.map((t) => t.ownMs));
      out[`${scenario}: longest task (ms)`] = median(runs.map((t) => t.longestTask));
    }
    for (const [scenario, runs] of Object.entries(r.cold)) {
      out[`${scenario}, cold path: arrived → DOM built (ms)`] = median(runs.map((t) => t.ownMs));
      out[`${scenario}, cold path: iframe created → DOM built (ms)`] = median(runs.map((t) => t.createdMs));
      out[`${scenario}, cold path: iframe created → rendered, main-thread CPU (ms)`] = median(runs.map((t) => t.createdCpuMs));
      out[`${scenario}, cold path: longest task (ms)`] = median(runs.map((t) => t.longestTask));
    }
    for (const { scenario, step, longest, over50 } of r.scroll ?? []) {
      out[`scrolling ${scenario} at ${step} px a frame: longest task (ms)`] = longest;
      out[`scrolling ${scenario} at ${step} px a frame: tasks over 50 ms`] = over50;
    }
    return out;
  };
  for (const other of others) {
    console.log(`Against the baseline (${base}), this build ${other}: each figure's ratio to the baseline's; more than ${WORSE}× worse is marked.`);
    console.log("");
    console.log("| figure | build | baseline | this build | ratio | |");
    console.log("|---|---|---:|---:|---:|---|");
    for (const suffix of ["", " (JS build)"]) {
      const a = figures(`${base}${suffix}`);
      const b = figures(`${other}${suffix}`);
      for (const key of Object.keys(b)) {
        // A millisecond (or one task) more is within the browser's noise whatever the ratio.
        const worse = isWorse(a[key], b[key], { floor: 1 });
        console.log(`| ${key} | ${suffix ? "JS" : "wasm"} | ${ms(a[key])} | ${ms(b[key])} | ${ratio(b[key], a[key])} | ${worse ? WORSE_MARK : ""} |`);
      }
    }
    console.log("");
  }
}

// ---- the JavaScript build against its goals, beside the wasm build and the vanillajs example ----
const VANILLA = "server-basic-vanillajs";
const vanilla = results[VANILLA];
/** Median and range of `values`, as text. */
const spread = (values, format = ms) =>
  !values.length ? "—" : values.length === 1 ? format(values[0]) : `${format(median(values))} (${format(Math.min(...values))}–${format(Math.max(...values))})`;
const own = (name, scenario) => (results[name].scenarios[scenario] ?? []).map((t) => t.ownMs);
const renderTasks = (name, scenario) => (results[name].scenarios[scenario] ?? []).map((t) => t.longestTask);
const fling = (name) => (results[name].scroll ?? []).find((s) => s.scenario === "10,000 runs" && s.step === 600);
/** Each goal: its figures for a build, its target (NaN: not comparable in this run), whether the
 * worst run is held to it (otherwise the median), its ratio to the vanillajs example's, and the
 * example's own. */
const goals = [
  {
    goal: "cold start: iframe created → ui/initialize ≤ the vanillajs example's (ms)",
    values: (n) => results[n].init,
    target: () => (vanilla ? median(vanilla.init) : NaN),
    vs: (mine) => (vanilla ? ratio(median(mine), median(vanilla.init)) : "—"),
    example: vanilla ? spread(vanilla.init) : "—",
  },
  { goal: "10 runs, own time ≤ 20 ms", values: (n) => own(n, "10 runs"), target: () => 20 },
  { goal: "10,000 runs, own time ≤ 150 ms", values: (n) => own(n, "10,000 runs"), target: () => 150 },
  {
    goal: "scrolling 10,000 rows (600 px a frame): longest task ≤ 50 ms",
    values: (n) => (fling(n) ? [fling(n).longest] : []),
    note: (n) => (fling(n) ? `, ${fling(n).over50} over 50` : ""),
    target: () => 50,
    worst: true,
  },
  { goal: "opening a 500-block graph: longest task ≤ 50 ms (worst run)", values: (n) => renderTasks(n, "500-block graph"), target: () => 50, worst: true },
  { goal: "opening the 1.5 MB run log: longest task ≤ 50 ms (worst run)", values: (n) => renderTasks(n, LARGE_LOG), target: () => 50, worst: true },
  {
    goal: "the file ≤ 200 KB raw (KB)",
    values: (n) => [results[n].raw / 1024],
    target: () => 200,
    format: (x) => x.toFixed(1),
    vs: (mine) => (vanilla ? ratio(mine[0] * 1024, vanilla.raw) : "—"),
    example: vanilla ? (vanilla.raw / 1024).toFixed(1) : "—",
  },
];
for (const wasmName of ourFiles.map(ourLabel)) {
  const jsName = `${wasmName} (JS build)`;
  console.log("");
  console.log(`The JavaScript build's goals (${wasmName}; median, and range over the runs), beside the wasm build and the vanillajs example in the same run; a goal is held to the median, a longest task's to the worst run:`);
  console.log("");
  console.log(`| goal | JS build | wasm build | ${VANILLA} | JS ÷ goal | JS ÷ vanillajs | wasm ÷ vanillajs | JS build |`);
  console.log("|---|---:|---:|---:|---:|---:|---:|---|");
  for (const { goal, values, target, worst = false, vs = () => "—", note = () => "", example = "—", format = ms } of goals) {
    const js = values(jsName), wasm = values(wasmName);
    const held = js.length ? (worst ? Math.max(...js) : median(js)) : NaN;
    const verdict = !js.length ? "not measured" : Number.isNaN(target()) ? "—" : held <= target() ? "met" : "**missed**";
    const cell = (list, name) => `${spread(list, format)}${note(name)}`;
    console.log(`| ${goal} | ${cell(js, jsName)} | ${cell(wasm, wasmName)} | ${example} | ${ratio(held, target())} | ${js.length ? vs(js) : "—"} | ${wasm.length ? vs(wasm) : "—"} | ${verdict} |`);
  }
}
