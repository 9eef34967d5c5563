#!/usr/bin/env node
// Folds the build into the one self-contained file an MCP server registers as a ui:// resource:
// dist/resource-widget.html.
//
// Input: Trunk's output (dist/trunk: index.html with inlined CSS, the wasm-bindgen glue, the wasm).
//
// The page carries the wasm once. A small inline loader inflates the page's code (the glue, the
// boot code and the translator) and its style sheet, and starts inflating the wasm and its data
// segments. Where the host's CSP allows WebAssembly, the wasm starts. Where it does not (the MCP
// Apps spec's default CSP), the page translates that same wasm into JavaScript
// (page/wasm-to-js.mjs) as it runs, in inline classic scripts, which 'unsafe-inline'
// allows: what connecting to the host calls in one script, then after `ui/initialize` went out
// what drawing and each part of the warm-up call, in slices of at most 25 ms a task (the order of
// first calls is recorded at build time, page/start-order.mjs), any other function when first
// called, and the rest while idle; it starts through the same glue. Both builds draw the widget's
// hidden warm-up from right after connecting, a part a task, until a result comes. The data segments (strings, tables) travel apart
// from the wasm and are copied into either build's memory before the widget starts. The page
// makes no request of any kind; this script fails the build if it would.
//
// Every payload is gzipped by zopfli (smaller than zlib's best, same format) and carried as
// base-85 text (4 bytes in 5 characters, where base64 takes 5.33), in an alphabet of printable
// ASCII without the characters HTML, JSON or a JavaScript string would escape.

import { readFileSync, writeFileSync, readdirSync, mkdirSync, existsSync } from "node:fs";
import { join, dirname, relative } from "node:path";
import { gzipSync, constants } from "node:zlib";
import { fileURLToPath } from "node:url";
import { transformSync } from "esbuild";
import { gzipAsync } from "@gfx/zopfli";
import { splitData, memoryImage } from "./wasm-data.mjs";
import { stagedWasm } from "./staged-wasm.mjs";
import { translatorScript, wasmToJsOf } from "./translator-script.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
// --recording folds dist/trunk/recording.html instead: the JavaScript build translating one
// function per call and noting the order of first calls, for page/start-order.mjs; its payloads
// are gzipped by zlib (zopfli's time buys nothing there).
const RECORDING = process.argv.includes("--recording");
// bench/build-profile.sh points these elsewhere (PROFILE_DIR) to fold a build that keeps every
// function's name, for Chromium's profiler; `scripts/build.sh --test-hooks` (BUILD_DIR) folds the
// build with the end-to-end tests' hooks into dist/test-hooks. Neither file is the widget, and
// neither has a size budget.
const PROFILE_DIR = process.env.PROFILE_DIR;
const BUILD_DIR = PROFILE_DIR ?? process.env.BUILD_DIR;
const STAGING = join(BUILD_DIR ?? join(ROOT, "dist"), "trunk");
const OUTPUT = RECORDING ? join(STAGING, "recording.html") : join(BUILD_DIR ?? join(ROOT, "dist"), "resource-widget.html");

function fail(message) {
  console.error(`single-html: ${message}`);
  process.exit(1);
}
const gzip = (bytes) => gzipSync(bytes, { level: constants.Z_BEST_COMPRESSION });
const zopfli = async (bytes) => (RECORDING ? gzip(bytes) : Buffer.from(await gzipAsync(bytes, { numiterations: 15 })));

// ---- base-85 text for the payloads ----
const B85 = [...Array(94)]
  .map((_, i) => String.fromCharCode(0x21 + i))
  .filter((c) => !"\"'&<>\\`".includes(c))
  .slice(0, 85)
  .join("");
if (B85.length !== 85) fail("the base-85 alphabet is short");
/** Bytes as base-85 text: each 4 bytes (big-endian, the last group zero-padded) as 5 digits. */
function pack(bytes) {
  const padded = Buffer.alloc(Math.ceil(bytes.length / 4) * 4);
  bytes.copy(padded);
  let text = "";
  for (let i = 0; i < padded.length; i += 4) {
    let n = padded.readUInt32BE(i);
    const digits = new Array(5);
    for (let k = 4; k >= 0; k--) {
      digits[k] = B85[n % 85];
      n = Math.floor(n / 85);
    }
    text += digits.join("");
  }
  return text;
}
// The page's decoder, as source: the page runs it, and this script runs the same text to check
// that every payload decodes to its bytes.
const UNPACK = `function unpack(text, length) {
  const alphabet = ${JSON.stringify(B85)};
  const value = new Uint8Array(128);
  for (let i = 0; i < 85; i++) value[alphabet.charCodeAt(i)] = i;
  const out = new Uint8Array(text.length / 5 * 4);
  for (let i = 0, o = 0; i < text.length; i += 5, o += 4) {
    let n = 0;
    for (let k = 0; k < 5; k++) n = n * 85 + value[text.charCodeAt(i + k)];
    out[o] = n >>> 24;
    out[o + 1] = (n >>> 16) & 255;
    out[o + 2] = (n >>> 8) & 255;
    out[o + 3] = n & 255;
  }
  return out.subarray(0, length);
}`;
const unpack = new Function(`${UNPACK}\nreturn unpack;`)();
/** The payload as the page carries it, checked to decode to `bytes`. */
function payload(bytes) {
  const text = pack(bytes);
  if (!Buffer.from(unpack(text, bytes.length)).equals(bytes)) fail("base-85 payload does not decode to its bytes");
  return { text, length: bytes.length };
}
const minify = (code) =>
  transformSync(code, {
    format: "esm",
    minifyWhitespace: true,
    minifySyntax: true,
    minifyIdentifiers: !PROFILE_DIR,
    target: "es2022",
    legalComments: "none",
  }).code;

// ---- the wasm build (Trunk) ----
const files = readdirSync(STAGING);
const glueFile = files.find((f) => f.endsWith(".js") && readFileSync(join(STAGING, f), "utf8").includes("__wbg_init"));
const wasmFile = files.find((f) => f.endsWith("_bg.wasm"));
if (!glueFile || !wasmFile) fail(`no wasm-bindgen glue or wasm in ${STAGING} (found: ${files.join(", ")})`);
let html = readFileSync(join(STAGING, "index.html"), "utf8");
const glue = readFileSync(join(STAGING, glueFile), "utf8");
// With its split marker fixed (page/staged-wasm.mjs): the same bytes whatever CARGO_HOME is.
const { bytes: wasm, sha256: wasmHash } = stagedWasm(STAGING);

// The JavaScript build's memory grows past its room into a new ArrayBuffer without detaching the
// old one, so wasm-bindgen's "is my view detached?" checks would keep stale views after growth:
// compare buffers instead (also right for the wasm build, whose old buffer is detached on growth).
let patchedGlue = glue
  .replace(/(cached\w+Memory0) === null \|\| \1\.byteLength === 0/g, "$1 === null || $1.buffer !== wasm.memory.buffer")
  .replace(
    /(cached\w+Memory0)\.buffer\.detached === true \|\| \(\1\.buffer\.detached === undefined && \1\.buffer !== wasm\.memory\.buffer\)/g,
    "$1.buffer !== wasm.memory.buffer",
  );
if (/byteLength === 0|\.detached/.test(patchedGlue)) fail("the glue has a memory check this script does not know; update the patch");

// The data segments (the widget's strings and tables) as one memory image, a payload of its
// own that both builds copy into their memory before the widget starts (wasm-bindgen's finalize,
// which both go through, calls __resourceWidgetData just before __wbindgen_start). The wasm's data
// section is removed (page/wasm-data.mjs): the translator takes no data section, and the image
// compresses better alone.
const { withoutData: wasmWithoutData, segments: wasmSegments } = splitData(wasm);
const image = memoryImage(wasmSegments);
const dataOffset = Math.min(...wasmSegments.map(([offset]) => offset));
const dataGzip = await zopfli(image.subarray(dataOffset));
const startCall = "    wasm.__wbindgen_start();\n";
if (patchedGlue.split(startCall).length !== 2) fail("the glue does not call __wbindgen_start once");
patchedGlue = patchedGlue.replace(startCall, () => `    __resourceWidgetData(wasm.memory.buffer);\n${startCall}`);
// The translator (page/wasm-to-js.mjs and its parts) goes into the page's boot code as one
// script, without imports or exports, that declares `wasmToJs` (page/translator-script.mjs; a
// bundle that does not hold fails the build); that same script translates the widget's own wasm
// here, so that a wasm it cannot translate fails the build rather than the page.
let translator;
try {
  translator = translatorScript();
} catch (error) {
  fail(error.message);
}
const wasmToJs = wasmToJsOf(translator);
const buildTranslation = wasmToJs(new Uint8Array(wasmWithoutData), { names: Boolean(PROFILE_DIR) });
let jsModuleLength = buildTranslation.prelude.length;
for (let index = buildTranslation.importCount; index < buildTranslation.functionCount; index++) jsModuleLength += buildTranslation.batch(index, 0).length;
// The order in which the widget first calls its functions as it starts, draws its warm-up, takes
// tool-input and draws a small result (recorded from this same wasm in Chromium by
// page/start-order.mjs, or the one kept in the repository for it, page/start-order.json;
// scripts/build.sh chooses): the page translates what connecting calls in one script before
// starting, then what drawing and each part of the warm-up call, in slices, before each (a batch
// per call would translate the callees it brings along too, in many more scripts), and the rest
// of it first when idle.
const startOrder = RECORDING ? { order: [], connected: 0, started: 0, warmUp: [] } : readStartOrder();
function readStartOrder() {
  const file = join(STAGING, "start-order.json");
  const recorded = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : null;
  if (!recorded || recorded.wasm !== wasmHash) fail(`${relative(ROOT, file)} is missing or was recorded from another wasm: run scripts/build.sh`);
  // Checked here, so that a bad order fails the build rather than the page.
  buildTranslation.listed(recorded.order);
  if (!(recorded.connected >= 0 && recorded.connected <= recorded.started)) fail(`${relative(ROOT, file)}: no count of what connecting calls: run scripts/build.sh`);
  const warmUp = recorded.warmUp;
  if (!Array.isArray(warmUp) || !warmUp.every((at, i) => Number.isInteger(at) && at >= (i ? warmUp[i - 1] : recorded.started) && at <= recorded.order.length)) {
    fail(`${relative(ROOT, file)}: no count of what each part of the warm-up calls: run scripts/build.sh`);
  }
  return recorded;
}

// ---- the page ----
// Trunk's loader script and preload links fetch the files we inline: remove them. The style
// sheets Trunk inlined (one per component, with their comments) become one minified sheet.
const styles = [];
html = html
  .replace(/<link\b[^>]*\brel="(?:modulepreload|preload)"[^>]*>\s*/g, "")
  .replace(/<script\b[^>]*type="module"[^>]*>[\s\S]*?<\/script>\s*/g, "")
  .replace(/<style>([\s\S]*?)<\/style>\s*/g, (_, css) => {
    styles.push(css);
    return styles.length === 1 ? "<style>@STYLES@</style>\n" : "";
  });
if (styles.length === 0) fail("no inlined style sheets in Trunk's index.html");
const css = transformSync(styles.join("\n"), { loader: "css", minify: true, legalComments: "none" }).code.trim();

const wasmGzip = await zopfli(wasmWithoutData);
// The last resort, plain JavaScript that needs nothing from the Rust side: when either build
// traps (a panic, which aborts), the widget is dead, so this replaces it with the error state (in
// the words the widget left in data-fatal-message, in the host's language) and reports the new
// height through whichever host bridge is there, as the bridge would have.
const FATAL = `
function isTrap(error) {
  return error instanceof WebAssembly.RuntimeError || /^(unreachable|abort)/i.test(String(error && error.message));
}
let dead = false;
function replaceDeadWidget() {
  if (dead) return;
  dead = true;
  const old = document.getElementById("widget");
  const root = document.createElement("main");
  root.id = "widget";
  root.className = old ? old.className : "widget";
  root.dataset.state = "error";
  const box = document.createElement("div");
  box.className = "state state--error";
  box.setAttribute("role", "alert");
  const text = document.createElement("p");
  text.className = "state__text";
  text.textContent = (old && old.dataset.fatalMessage) || "The widget stopped on an internal error. Ask for the result again.";
  box.append(text);
  root.append(box);
  if (old) old.replaceWith(root); else document.body.append(root);
  const html = document.documentElement;
  html.style.height = "max-content";
  const height = Math.ceil(html.getBoundingClientRect().height);
  html.style.height = "";
  try {
    if (window.openai && typeof window.openai.notifyIntrinsicHeight === "function") window.openai.notifyIntrinsicHeight(height);
    else if (window.parent !== window) window.parent.postMessage({ jsonrpc: "2.0", method: "ui/notifications/size-changed", params: { width: Math.ceil(innerWidth), height } }, "*");
  } catch {}
}
addEventListener("error", (event) => { if (isTrap(event.error)) replaceDeadWidget(); });
addEventListener("unhandledrejection", (event) => { if (isTrap(event.reason)) replaceDeadWidget(); });
`;
// Where the cold start goes, as performance marks and measures named "resource-widget:boot:…"
// that bench/widget.mjs reads (a few dozen entries: the cost is nil). Marks, in order: loader (the
// loader starts), page-inflated, wasm-inflated, data-inflated, code-running (the glue, boot code and
// translator parsed and run), then compiled (wasm build: the module compiled) or translator-ready,
// prelude-run and start-translated (JavaScript build: the wasm's sections read, the stubs in place,
// the functions connecting calls translated), connected (ui/initialize sent) and started (the
// widget mounted). Measures: translate (making a batch's text) and script (running it) for each
// function first called, translate-slice for the slices before a first result, translate-idle
// for the idle slices.
const MARKS = `
const mark = (name) => performance.mark("resource-widget:boot:" + name);
const measureSince = (name, start) => performance.measure("resource-widget:boot:" + name, { start, end: performance.now() });
`;
// How long a slice of the JavaScript build's translation before the first result may run, in ms
// (the boot below): a result that arrives meanwhile waits for one at most. The same budget as the
// model's steps (src/steps.rs), so that a slice stays under the 50 ms of a long task.
const SLICE_MS = 25;
// The boot code runs in the wasm glue's module scope, so minification renames __wbg_init
// consistently. It starts from what the loader (below) started: the wasm and the data segments,
// being inflated.
const boot = `
${MARKS}
mark("code-running");
const load = window.__resourceWidgetLoad;
delete window.__resourceWidgetLoad;
${FATAL}
${translator}
function wasmRuns() {
  // Instantiate the smallest module, not just compile it: WebKit compiles under a CSP without
  // 'wasm-unsafe-eval' and refuses only at instantiation.
  try {
    new WebAssembly.Instance(new WebAssembly.Module(Uint8Array.of(0, 97, 115, 109, 1, 0, 0, 0)));
    return true;
  } catch {
    return false;
  }
}
// The data segments, copied in by the glue's finalize (both builds need them).
let memoryData;
function __resourceWidgetData(buffer) {
  new Uint8Array(buffer).set(memoryData, ${dataOffset});
}
// The JavaScript build: the translator's prelude and, as each function is first called, its
// batch, each run as an inline classic script (they share the global scope; one inserted by the
// DOM runs as it is inserted).
function runScript(text) {
  if (!text) return;
  const script = document.createElement("script");
  script.textContent = text;
  document.head.append(script);
  script.remove();
}
const START_ORDER = ${JSON.stringify(startOrder.order)};
// Runs next(), in a task of its own after those already queued (a MessageChannel's message, which
// no timer clamp delays).
function inNextTask(next) {
  const channel = new MessageChannel();
  channel.port1.onmessage = next;
  channel.port2.postMessage(0);
}
// Whether a tool result has reached the widget (the mark src/bridge/mcp_apps.rs sets as it
// arrives): the work done for a first result stops, so that it waits for one slice at most.
const resultArrived = () => performance.getEntriesByName("resource-widget:result-received").length > 0;
const idle = window.requestIdleCallback ?? ((next) => setTimeout(() => next({ timeRemaining: () => 5 }), 1));
// The warm-up ended when a result came: the part drawn, if any, removed when the page is idle
// (src/lib.rs, warm_up).
const endWarmUp = () => warm_up(false);
async function startJs() {
  document.documentElement.dataset.build = "js";
  const [wasm, data] = await Promise.all([load.wasm, load.data]);
  memoryData = new Uint8Array(data);
  const translation = wasmToJs(new Uint8Array(wasm), { names: ${Boolean(PROFILE_DIR)} });
  mark("translator-ready");
  ${
    RECORDING
      ? `// Recording: one function per call, each noted as it is first called.
  const calls = (window.__resourceWidgetCalls = []);
  translation.install(window, __wbg_get_imports(), runScript, 0, (step, start, index) => step === "translate" && calls.push(index));`
      : "translation.install(window, __wbg_get_imports(), runScript, undefined, measureSince);"
  }
  mark("prelude-run");
  // What connecting to the host calls, in one script, then the start (main: ui/initialize goes
  // out); what drawing calls, in one script, then the drawing, once the page is idle (src/lib.rs).
  const translateInOne = (from, to) => {
    const start = performance.now();
    const text = translation.listed(START_ORDER.slice(from, to));
    measureSince("translate", start);
    const ran = performance.now();
    runScript(text);
    measureSince("script", ran);
  };
  translateInOne(0, ${startOrder.connected});
  mark("start-translated");
  __wbg_finalize_init({ exports: asmExports }, undefined);
  mark("connected");
  ${
    RECORDING
      ? `// What drawing calls includes what its microtasks call (effects): counted in the task after.
  // Drawn once the host has answered ui/initialize (a JSON-RPC result; the widget's own listener
  // runs first and applies it in the task after), as a page whose translation of what drawing
  // calls outlasts the host's round trip does: what the answer calls comes before it.
  window.__resourceWidgetConnectCalls = calls.length;
  const answered = (event) => {
    if (event.data?.jsonrpc !== "2.0" || !("result" in event.data)) return;
    removeEventListener("message", answered);
    setTimeout(draw);
  };
  addEventListener("message", answered);
  const draw = () => {
    mount();
    mark("started");
    setTimeout(() => {
      window.__resourceWidgetStartCalls = calls.length;
      // The warm-up's parts, a task each, as the page draws them: how many functions were called
      // once each was drawn (its effects included: counted in the task after).
      const parts = (window.__resourceWidgetWarmUpCalls = []);
      const nextPart = () => warm_up(true) && setTimeout(() => (parts.push(calls.length), nextPart()));
      nextPart();
    });
  };
  return;`
      : ""
  }
  // From here until a result comes, a slice a task: what the handshake's answer and drawing call,
  // translated, then the drawing (mount); then, for each part of the warm-up (src/lib.rs, warm_up: hidden parts that
  // save a result's first draw its code's first run), what it calls, translated, then the part;
  // then the part's removal, and what a first result calls after that (tool-input's, a small
  // result's): the recorded order, cut where each part was drawn. A host may send the result the
  // moment the handshake is done, so this cannot wait for the page to be idle; each slice is a task
  // of its own (inNextTask) and the host's messages (the
  // handshake's answer, the result) run between two, so a result waits for one slice at most. A
  // result that arrives first (its mark, src/bridge/mcp_apps.rs) is drawn at once, mounting if
  // need be, and the rest waits for idle time.
  let planned = ${startOrder.connected};
  let next = translation.importCount;
  // The steps between slices, each once the order is translated up to its "at": the drawing,
  // each part of the warm-up, and the last part's removal.
  const warmUpAt = ${JSON.stringify(startOrder.warmUp)};
  const steps = [
    { at: ${startOrder.started}, run: () => (mount(), mark("started")) },
    ...warmUpAt.map((at) => ({ at, run: () => warm_up(true) })),
    { at: warmUpAt.at(-1) ?? ${startOrder.started}, run: () => warm_up(true) },
  ];
  let step = 0;
  const slice = () => {
    if (resultArrived()) {
      // Drawn now if not yet mounted; a part of the warm-up left is removed once the page is idle.
      if (step === 0) steps[step++].run();
      else if (step < steps.length) idle(endWarmUp);
      return idle(translateWhileIdle);
    }
    const until = step < steps.length ? steps[step].at : START_ORDER.length;
    if (planned >= until) {
      if (step === steps.length) return idle(translateWhileIdle);
      steps[step++].run();
      return inNextTask(slice);
    }
    const start = performance.now();
    do runScript(translation.listed(START_ORDER.slice(planned, (planned = Math.min(planned + 8, until)))));
    while (planned < until && performance.now() - start < ${SLICE_MS});
    measureSince("translate-slice", start);
    inNextTask(slice);
  };
  const translateWhileIdle = (deadline) => {
    const start = performance.now();
    while (next < translation.functionCount && deadline.timeRemaining() > 3) {
      if (planned < START_ORDER.length) runScript(translation.listed(START_ORDER.slice(planned, (planned += 8))));
      else runScript(translation.batch(next++, 4096));
    }
    measureSince("translate-idle", start);
    if (next < translation.functionCount) idle(translateWhileIdle);
  };
  // Two tasks on: ui/initialize reaches the host first, through the sandbox's relay, which may
  // share this thread.
  inNextTask(() => inNextTask(slice));
}
if (wasmRuns()) {
  document.documentElement.dataset.build = "wasm";
  try {
    const [bytes, data] = await Promise.all([load.wasm, load.data]);
    memoryData = new Uint8Array(data);
    const module = await WebAssembly.compile(bytes);
    mark("compiled");
    await __wbg_init({ module_or_path: module });
    mark("connected");
    mount();
    mark("started");
    // The warm-up's parts, a task each (src/lib.rs, warm_up), until the last is removed or a
    // result comes: a host may send the result the moment the handshake is done. Two tasks on, so
    // that ui/initialize reaches the host first, through the sandbox's relay, which may share
    // this thread.
    const part = () => (resultArrived() ? idle(endWarmUp) : warm_up(true) && inNextTask(part));
    inNextTask(() => inNextTask(part));
  } catch {
    // Whatever stopped the wasm build from starting, the JavaScript build needs none of it.
    document.body.replaceChildren();
    await startJs();
  }
} else {
  await startJs();
}
`;
// The page's code (glue, boot, translator) and its style sheet travel gzipped like the builds, a
// quarter of their size: a small loader inflates them, puts the sheet in the head and the code in
// an inline module script (before the first paint that shows anything: the body is empty until the
// widget mounts), and starts inflating the wasm and the data segments meanwhile.
const code = minify(patchedGlue + boot);
if (code.includes("\0")) fail("the page's code contains a NUL, which separates it from the style sheet");
const pageGzip = await zopfli(Buffer.from(`${css}\0${code}`));
const loader = minify(`
${MARKS}
mark("loader");
${UNPACK}
function inflate(gzipped) {
  const bytes = unpack(gzipped.text, gzipped.length);
  return new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream("gzip")));
}
const marked = (name) => (value) => (mark(name), value);
window.__resourceWidgetLoad = {
  wasm: inflate(${JSON.stringify(payload(wasmGzip))}).arrayBuffer().then(marked("wasm-inflated")),
  data: inflate(${JSON.stringify(payload(dataGzip))}).arrayBuffer().then(marked("data-inflated")),
};
const page = await inflate(${JSON.stringify(payload(pageGzip))}).text();
mark("page-inflated");
const cut = page.indexOf("\\0");
const style = document.createElement("style");
style.textContent = page.slice(0, cut);
document.head.append(style);
const script = document.createElement("script");
script.type = "module";
script.textContent = page.slice(cut + 1);
document.head.append(script);
`);
if (loader.includes("</script")) fail("the loader contains '</script'");
html = html.replace("<style>@STYLES@</style>\n", "").replace("</body>", () => `<script type="module">${loader}</script>\n</body>`);

// Self-contained means no external reference at all.
const external = html.match(/<(?:script|link|img|iframe|source|audio|video)\b[^>]*\s(?:src|href)\s*=/i);
if (external) fail(`external reference left in the page: ${external[0]}`);

mkdirSync(dirname(OUTPUT), { recursive: true });
writeFileSync(OUTPUT, html);
const kb = (n) => (n / 1024).toFixed(1);
const gz = gzip(Buffer.from(html)).length;
console.log(
  `single-html: ${relative(ROOT, OUTPUT)} ${kb(html.length)} KB raw, ${kb(gz)} KB gzip ` +
    `(wasm ${kb(wasm.length)} KB raw, ${kb(wasmGzip.length)} KB gzip without its data; ` +
    `JavaScript build made in the page: ${kb(jsModuleLength)} KB; ` +
    `their data ${kb(image.length - dataOffset)} KB raw, ${kb(dataGzip.length)} KB gzip, carried once)`,
);
// What each part takes of the file, as carried (gzip, then base-85).
const carried = (bytes) => Math.ceil(bytes.length / 4) * 5;
const parts = { wasm: carried(wasmGzip), data: carried(dataGzip), page: carried(pageGzip) };
const alone = (text) => kb(gzip(Buffer.from(text)).length);
console.log(
  `single-html: in the file: the wasm ${kb(parts.wasm)} KB, its data ${kb(parts.data)} KB, the page's code and style ${kb(parts.page)} KB ` +
    `(gzipped alone: glue ${alone(minify(patchedGlue))} KB, boot and translator ${alone(minify(boot))} KB, of which the start order ${alone(JSON.stringify(startOrder.order))} KB; style ${alone(css)} KB), ` +
    `loader and page ${kb(html.length - parts.wasm - parts.data - parts.page)} KB`,
);

// The size budget (page/size-budget.json): past it, the build fails.
if (BUILD_DIR || RECORDING) process.exit(0);
const budget = JSON.parse(readFileSync(new URL("./size-budget.json", import.meta.url), "utf8"));
const over = [
  ["file_raw", html.length],
  ["file_gzip", gz],
  ["wasm_raw", wasm.length],
].filter(([name, size]) => size > budget[name]);
for (const [name, size] of over) console.error(`single-html: ${name} is ${size} bytes, over its budget of ${budget[name]} (page/size-budget.json)`);
if (over.length) process.exit(1);
