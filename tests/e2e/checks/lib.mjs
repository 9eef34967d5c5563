// What every shared check is written against: the driver (an engine's page with the test host
// open), fixtures, bounded waits and the widget queries built on the driver's two evaluates.
//
// A driver is built by `makeDriver(page)` from an engine's page primitives (drivers/playwright.mjs,
// drivers/webdriver.mjs):
//   page.engine                  "chromium" | "firefox" | "webkit"
//   page.hostUrl, sandboxUrl     the test servers (host/server.mjs)
//   page.host(fn, arg)           fn(arg) evaluated in the host page (it may be async); JSON back
//                                (a third argument { repeatable: true }: running fn twice does what once does)
//   page.widget(fn, arg)         fn(arg) evaluated in the widget's document (host page →
//                                .widget-frame, the sandbox proxy on another origin → its iframe)
//   page.click(selector, index)  a real pointer click on the index-th match in the widget
//   page.focus(selector, index)  focuses the index-th match in the widget (element.focus())
//   page.press(key)              a real key press in the widget: "Tab", "Shift+Tab", "Enter", "Space",
//                                "Escape", "ArrowLeft", "ArrowRight", "Home", "End"
//   page.errors()                uncaught errors the engine reported for the page (may be [])
//   page.note(text)              records a fact for the run's report (e.g. the build an engine ran)
//   page.shared                  the runner's record of a widget frame a `share` check may reuse
//                                ({ key, clean }, or null); see widgetFor
//
// Runners: before each check, reset the host page (page.open) unless the check is marked `share`,
// page.shared.key is its share key (shareKey) and page.shared.clean; after a check, set
// page.shared.clean = true when a `share` check passed, else page.shared = null. A reset puts the
// loaded host page back as it was (resetHostPage), and every FRESH_PAGE_EVERY-th loads it in a new
// tab or context: a page load per check costs far more than the check (docs/performance.md).
// Functions given to host/widget are serialised: they may use only their argument and the page.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

export { assert };

export const manifest = JSON.parse(readFileSync(new URL("../../../fixtures/manifest.json", import.meta.url), "utf8"));
export const fixtureText = (file) => readFileSync(new URL(`../../../fixtures/${file}`, import.meta.url), "utf8");

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Runs `attempt` until it returns without throwing, at most `timeout` ms and `tries` times (each
 * `interval` ms apart); then rethrows its last error, saying how long it waited. The one way checks
 * wait for the widget (Playwright's expect polls the same way, with the same 10-second default).
 */
export async function eventually(attempt, { timeout = 10_000, interval = 100, tries = 1_000 } = {}) {
  const deadline = Date.now() + timeout;
  let last;
  for (let i = 0; i < tries; i++) {
    try {
      return await attempt();
    } catch (error) {
      last = error;
    }
    if (Date.now() + interval > deadline) break;
    await sleep(interval);
  }
  if (last instanceof Error) last.message = `${last.message}\n(still failing after ${timeout} ms)`;
  throw last;
}

/**
 * Resolves once the widget's document has drawn `count` frames (requestAnimationFrame). A check that
 * something does not happen (no resize loop, no late report) waits for frames the widget would
 * have acted in, not for a guessed number of milliseconds.
 */
export const framesPass = (d, count) =>
  d.widget(
    (count) =>
      new Promise((resolve) => {
        let left = count;
        const next = () => (--left <= 0 ? resolve() : requestAnimationFrame(next));
        requestAnimationFrame(next);
      }),
    count,
  );

/**
 * Waits until the host's count of the widget's size reports holds still across `frames` frames
 * (at most `attempts` times), and returns that count.
 */
export async function settledSizeCount(d, { frames = 10, attempts = 30 } = {}) {
  let count = (await d.sizes()).length;
  for (let i = 0; i < attempts; i++) {
    await framesPass(d, frames);
    const now = (await d.sizes()).length;
    if (now === count) return count;
    count = now;
  }
  throw new Error(`size reports still arriving after ${attempts * frames} frames (${count} so far)`);
}

/**
 * Starts recording, in the widget's document, whether `needle` ever appears in its text (a
 * MutationObserver on the whole document). `everShown` reads the record: a check that something is
 * never shown sends a later, genuine message as a barrier and then asks, instead of waiting a while.
 */
export const watchForText = (d, needle) =>
  d.widget((needle) => {
    window.__everShown ??= {};
    window.__everShown[needle] = document.body?.textContent.includes(needle) ?? false;
    new MutationObserver(() => {
      if (document.body?.textContent.includes(needle)) window.__everShown[needle] = true;
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, needle);
export const everShown = (d, needle) => d.widget((needle) => window.__everShown?.[needle] ?? null, needle);

/** Past this many rows the widget windows a list (src/views/table: WINDOW_AFTER). */
export const WINDOW_AFTER = 200;

/** The CSP profiles host/server.mjs serves. */
export const CSP = { wasm: "spec-default-wasm", spec: "spec-default", unsafeEval: "unsafe-eval" };

// An inline script put at the top of the widget's <head> when a check asks to observe errors: it
// records uncaught errors and rejections of the widget's document, before any of the widget's code
// runs. It only listens ('unsafe-inline' allows it under every profile).
const ERROR_OBSERVER =
  "<script>window.__widgetErrors=[];" +
  "addEventListener('error',function(e){__widgetErrors.push(String(e.message||e.error))});" +
  "addEventListener('unhandledrejection',function(e){__widgetErrors.push('unhandled rejection: '+String(e.reason&&e.reason.message||e.reason))});" +
  "</script>";

// An inline script put at the top of the widget's <head> when a check holds the widget's clock
// (`holdClock`): the test-hooks build reads it as it starts (src/bridge/test_hooks.rs) and its clock
// stands still from the start; its timers wait for `d.clock.advance`.
const HOLD_CLOCK = "<script>window.__resourceWidgetTestHoldClock=true</script>";

// An inline script put at the top of the widget's <head> when a check watches the warm-up
// (`watchWarmUp`): it records in window.__warmUpOverResult each part of the hidden warm-up
// (src/views/widget/mod.rs) drawn while the widget shows something other than "loading" (a result
// is there), from before any of the widget's code runs.
const WARM_UP_WATCH =
  "<script>window.__warmUpOverResult=[];" +
  "new MutationObserver(function(records){var w=document.getElementById('widget');" +
  "if(!w||w.getAttribute('data-state')==='loading')return;" +
  "records.forEach(function(r){var parts=r.type==='attributes'?[r.target]:Array.prototype.slice.call(r.addedNodes);" +
  "parts.forEach(function(n){if(n.classList&&n.classList.contains('warm-up'))__warmUpOverResult.push(n.getAttribute('data-part')+' over '+w.getAttribute('data-state'))})})})" +
  ".observe(document,{subtree:true,childList:true,attributes:true,attributeFilter:['data-part']});" +
  "</script>";

/** One reset in this many loads the host page afresh (new storage), bounding what a long run leaves behind. */
const FRESH_PAGE_EVERY = 20;

/** Whether the check after `opened` host pages were readied may have the loaded one put back
 * (resetHostPage) rather than load it afresh: never the first, nor every FRESH_PAGE_EVERY-th. */
export const mayResetHostPage = (opened) => opened % FRESH_PAGE_EVERY !== 0;

/**
 * Runs in the host page (a page of drivers/hosts.mjs): puts it back as loaded: only #stage, empty,
 * after the host let go of what it drew there (a React root: host.reset), and no host state or
 * recorded messages. False when the page is not a ready host page (then the runner loads one).
 */
export function resetHostPage() {
  if (document.body?.dataset.ready !== "true" || !window.host) return false;
  window.host.reset?.();
  const stage = document.getElementById("stage");
  for (const el of [...document.body.children]) if (el !== stage && el.tagName !== "SCRIPT") el.remove();
  stage.replaceChildren();
  document.documentElement.removeAttribute("style");
  window.scrollTo(0, 0);
  window.messages = [];
  delete window.testHost;
  window.__hostErrors = [];
  return true;
}

/** The key under which a `share` check's frame may be reused (as widgetFor computes it). */
export const shareKey = ({ csp = CSP.wasm, hostContext = {} } = {}) => JSON.stringify({ csp, hostContext });

/** Whether a runner may skip the page reset before `check` (see widgetFor). */
export const mayReuse = (page, check) => Boolean(check.share && page.shared?.clean && page.shared.key === shareKey(check.share));

/** What a runner records after `check` ran on `page`. */
export function afterCheck(page, check, passed) {
  if (passed && check.share && page.shared) page.shared.clean = true;
  else page.shared = null;
}

/** How many barriers `d.settled` has posted (each marker is new). */
let barriers = 0;

/** The full driver the checks use, from an engine's page primitives. */
export function makeDriver(page) {
  const d = {
    engine: page.engine,
    note: (text) => page.note(text),
    host: (fn, arg) => page.host(fn, arg ?? null),
    widget: (fn, arg) => page.widget(fn, arg ?? null),
    click: (selector, index = 0) => page.click(selector, index),
    press: (key) => page.press(key),

    /**
     * Loads the widget into the test host under a CSP profile (removing a frame already there)
     * and, unless `handshake` is false, waits (at most 15 s) for `ui/notifications/initialized`.
     * Messages between host and widget collect in the host page's window.messages. With
     * `testHooks`, the widget is the build with the tests' hooks (`scripts/build.sh --test-hooks`).
     * With `holdClock` (that build too), the widget's clock stands still from the start: its
     * timers (a followed run's next call, a tool call's time limit, the reload window) run only
     * when the check moves the clock on (`d.clock.advance`), so a check about what happens before
     * one fires does not race it on a busy machine.
     * With `resultOnHandshake` (a fixture's file), the host page sends tool-input and that result
     * itself the moment the handshake is done, as a host does that opens the frame once the call
     * has ended or reloads a conversation. With `watchWarmUp`, `d.warmUpOverResult()` lists each
     * part of the hidden warm-up drawn while a result was shown.
     */
    async loadWidget({ csp = CSP.wasm, hostContext = {}, width, handshake = true, observeErrors = false, calls = null, downloads = false, assistant = false, testHooks = false, holdClock = false, resultOnHandshake = null, watchWarmUp = false } = {}) {
      const inHead = (observeErrors ? ERROR_OBSERVER : "") + (holdClock ? HOLD_CLOCK : "") + (watchWarmUp ? WARM_UP_WATCH : "");
      await page.host(
        async ({ sandboxUrl, csp, hostContext, width, handshake, inHead, calls, downloads, assistant, testHooks, resultText }) => {
          for (const old of document.querySelectorAll(".widget-frame")) old.remove();
          if (width) document.documentElement.style.setProperty("--stage-width", `${width}px`);
          // Each file fetched once per host page (a page reused for several checks keeps it).
          const file = testHooks ? "/test-hooks/resource-widget.html" : "/resource-widget.html";
          window.__widgetHtml ??= {};
          if (!window.__widgetHtml[file]) {
            const response = await fetch(file);
            if (!response.ok) throw new Error(`${file}: ${response.status} (built by scripts/build.sh${testHooks ? " --test-hooks" : ""})`);
            window.__widgetHtml[file] = await response.text();
          }
          let widgetHtml = window.__widgetHtml[file];
          if (inHead) widgetHtml = widgetHtml.replace(/<head[^>]*>/i, (head) => head + inHead);
          window.messages = [];
          window.toolCalls = [];
          window.toolCallTimes = [];
          window.testHost = await window.host.createHost({
            container: document.getElementById("stage"),
            sandboxUrl: `${sandboxUrl}?csp=${csp}`,
            widgetHtml,
            hostContext,
            onMessage: (entry) => window.messages.push(entry),
            // With `calls`, the host takes the widget's tools/call (and says so: serverTools):
            // each is recorded in window.toolCalls (and its time in window.toolCallTimes) and
            // answered from `calls.steps` (keyed "name {arguments JSON}": the answers in turn, the
            // last one again after them: a host whose server answers step by step; a step
            // `{ refuse: "why" }` is refused, as a call lost with the server that served it), else
            // from `calls.answers`, or refused when none matches, or never when `calls.hang`.
            onCallTool: calls
              ? async (params) => {
                  window.toolCalls.push({ name: params.name, arguments: params.arguments ?? {} });
                  window.toolCallTimes.push(performance.now());
                  if (calls.hang) return new Promise(() => {});
                  const key = `${params.name} ${JSON.stringify(params.arguments ?? {})}`;
                  const steps = calls.steps?.[key];
                  const answer = steps ? (steps.length > 1 ? steps.shift() : steps[0]) : calls.answers?.[key];
                  if (!answer) throw new Error(`the test host has no answer for ${params.name}`);
                  if (answer.refuse) throw new Error(answer.refuse);
                  return answer;
                }
              : undefined,
            downloads,
            assistant,
          });
          if (resultText !== null) {
            const result = JSON.parse(resultText);
            window.testHost.initialized.then(() => {
              window.testHost.toolInput({});
              window.testHost.toolResult(result);
            });
          }
          if (!handshake) return;
          let timer;
          const late = new Promise((_, reject) => {
            timer = setTimeout(() => {
              const seen = window.messages.map((m) => m.message.method ?? (m.message.result ? "result" : "?"));
              reject(new Error(`no ui/notifications/initialized within 15 s under ${csp}; messages: ${seen.join(", ") || "none"}`));
            }, 15_000);
          });
          try {
            await Promise.race([window.testHost.initialized, late]);
          } finally {
            clearTimeout(timer);
          }
        },
        {
          sandboxUrl: page.sandboxUrl,
          csp,
          hostContext,
          width: width ?? null,
          handshake,
          inHead,
          calls,
          downloads,
          assistant,
          testHooks: testHooks || holdClock,
          resultText: resultOnHandshake === null ? null : fixtureText(resultOnHandshake),
        },
        // It removes any frame first: running it again gives the same page.
        { repeatable: true },
      );
    },

    /**
     * A widget frame for a check marked `share` (checks/fixtures.mjs): the frame the previous check
     * left, when that check was a `share` check with the same options and passed (the runner then
     * skipped the page reset and set `page.shared.clean`), is given a new tool call (tool-input,
     * then the widget waits in data-state="loading" with the last result gone); otherwise a fresh
     * frame is loaded. A fresh frame per fixture would cost a widget start each (about a second of
     * CPU per fixture and engine on this machine), for nothing a fixture asserts.
     */
    async widgetFor({ csp = CSP.wasm, hostContext = {} } = {}) {
      const key = shareKey({ csp, hostContext });
      if (page.shared?.key === key && page.shared.clean) {
        page.shared.clean = false;
        await page.host(() => void (window.messages = []));
        await d.toolInput({});
        await expectState(d, "loading");
        return;
      }
      page.shared = null;
      await d.loadWidget({ csp, hostContext });
      page.shared = { key, clean: false };
    },

    /**
     * The widget's clock, when loaded with `holdClock`: `advance(ms)` moves it on by `ms` and runs
     * every timer that fell due (answering how many ran).
     */
    clock: {
      async advance(ms) {
        const ran = await page.widget((ms) => window.__resourceWidgetTest.clock.advance(ms), ms);
        if (ran < 0) throw new Error("the widget's clock is not held (loadWidget({ holdClock: true }))");
        return ran;
      },
    },

    /**
     * Resolves once everything the widget has posted so far has reached the host: a marker posted
     * from the widget's document travels behind it (messages between two windows arrive in the
     * order they were posted) and the host's log is read until it holds the marker. A check that
     * the widget sent nothing asks after this, not after a wait.
     */
    async settled() {
      const marker = `settled-${++barriers}`;
      await page.widget((marker) => parent.postMessage({ jsonrpc: "2.0", method: "test/barrier", params: { marker } }, "*"), marker);
      await eventually(async () => {
        const seen = await page.host((marker) => window.messages.some((m) => m.message.method === "test/barrier" && m.message.params?.marker === marker), marker);
        assert.ok(seen, "the barrier reached the host");
      });
    },

    /** The tools/call requests the widget sent (loaded with `calls`), as the host received them. */
    toolCalls: () => page.host(() => window.toolCalls ?? []),
    /** When the host received each of them (ms, the host page's clock). */
    toolCallTimes: () => page.host(() => window.toolCallTimes ?? []),
    /** Sends a tool result given as an object (a fixture changed by a check). */
    sendResultValue: (value) => page.host(async (text) => void (await window.testHost.toolResult(JSON.parse(text))), JSON.stringify(value)),
    /** Sends a fixture as the tool result; it travels as JSON text and is parsed in the page. */
    sendResult: (file) => page.host(async (text) => void (await window.testHost.toolResult(JSON.parse(text))), fixtureText(file)),
    toolInput: (args = {}) => page.host(async (args) => void (await window.testHost.toolInput(args)), args),
    toolCancelled: (reason) => page.host(async (reason) => void (await window.testHost.toolCancelled(reason)), reason),
    contextChanged: (patch) => page.host(async (patch) => void (await window.testHost.contextChanged(patch)), patch),
    teardown: (reason = "test finished") => page.host((reason) => window.testHost.teardown(reason), reason),

    /** The message log, small: method, id, and params of what the widget sent (not results sent). */
    messages: () =>
      page.host(() =>
        window.messages.map(({ direction, message, at }) => ({
          direction,
          method: message.method ?? null,
          id: message.id ?? null,
          params: direction === "widget→host" ? message.params ?? null : null,
          at: at ?? null,
          epoch: at === undefined ? null : performance.timeOrigin + at,
        })),
      ),
    /** The widget's size reports, as the host received them. */
    sizes: () => page.host(() => window.testHost.sizes),
    lastHeight: () => page.host(() => window.testHost.sizes.at(-1)?.height ?? 0),

    /** Each part of the warm-up drawn while a result was shown (loaded with watchWarmUp). */
    warmUpOverResult: () => page.widget(() => window.__warmUpOverResult ?? ["(no warm-up watch in the widget document)"]),

    /** Uncaught errors in the widget's document (loaded with observeErrors) and in the page. */
    async errors() {
      const inWidget = await page.widget(() => window.__widgetErrors ?? ["(no error observer in the widget document)"]);
      return [...inWidget, ...(await page.errors())];
    },

    // ---- queries in the widget's document ----
    // What a person sees: nothing inside the hidden warm-up (`.warm-up`, drawn until a result
    // comes and removed a task or two after it) is counted or read; the `.warm-up` element itself is.
    /** How many elements match. */
    count: (selector) => page.widget((s) => [...document.querySelectorAll(s)].filter((e) => !e.parentElement?.closest(".warm-up")).length, selector),
    /**
     * textContent of the element `selector` names: exactly one must match (as Playwright's strict
     * locators require), unless `index` picks one of several.
     */
    text: (selector, index) => page.widget(strictRead, { selector, index: index ?? null, what: "text" }),
    /** An attribute of that element, or null when it has none. */
    attr: (selector, name, index) => page.widget(strictRead, { selector, index: index ?? null, what: "attr", name }),
    /** Visible as Playwright means it: a non-empty box and not visibility:hidden. */
    visible: (selector, index) => page.widget(strictRead, { selector, index: index ?? null, what: "visible" }),
    /** Whether that element has the focus in its document. */
    focused: (selector, index) => page.widget(strictRead, { selector, index: index ?? null, what: "focused" }),
    /** A computed style property. */
    style: (selector, property, index) => page.widget(strictRead, { selector, index: index ?? null, what: "style", name: property }),
    /** Focuses that element (as Playwright's locator.focus does). */
    focus: (selector, index = 0) => page.focus(selector, index),
  };
  return d;
}

// Runs in the widget's document: one element by selector (strict unless an index is given).
function strictRead({ selector, index, what, name }) {
  const all = [...document.querySelectorAll(selector)].filter((e) => !e.parentElement?.closest(".warm-up"));
  if (index === null && all.length !== 1) throw new Error(`${all.length} elements match ${selector} (expected exactly one)`);
  const el = all[index ?? 0];
  if (!el) throw new Error(`no element ${selector} at index ${index}`);
  switch (what) {
    case "text":
      return el.textContent;
    case "attr":
      return el.getAttribute(name);
    case "visible": {
      const box = el.getBoundingClientRect();
      return box.width > 0 && box.height > 0 && getComputedStyle(el).visibility !== "hidden";
    }
    case "focused":
      return document.activeElement === el;
    case "style":
      return getComputedStyle(el).getPropertyValue(name);
  }
  throw new Error(`unknown read ${what}`);
}

/** Whitespace folded as Playwright's toHaveText folds it. */
export const folded = (text) => String(text ?? "").replace(/\s+/g, " ").trim();

/**
 * Waits until the widget's root has `data-state` `state` (at most 10 s unless `timeout` says). The
 * wait runs inside the widget's document (one round trip, not one per poll).
 */
export async function expectState(d, state, { timeout = 10_000 } = {}) {
  const seen = await d.widget(
    ({ state, timeout }) =>
      new Promise((resolve) => {
        const now = () => document.querySelector("#widget")?.getAttribute("data-state") ?? null;
        if (now() === state) return resolve(state);
        const observer = new MutationObserver(() => {
          if (now() === state) done();
        });
        const timer = setTimeout(() => done(), timeout);
        const done = () => {
          observer.disconnect();
          clearTimeout(timer);
          resolve(now());
        };
        observer.observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ["data-state"] });
      }),
    { state, timeout },
  );
  assert.equal(seen, state, `#widget data-state (waited up to ${timeout} ms)`);
}

/**
 * Asserts that the list holds `count` records. A short list draws every row; a windowed one draws
 * a slice and says the total in `aria-rowcount` (the header row included) and its row count text.
 */
export async function expectRows(d, count) {
  const rows = ".table-scroll .table > tbody > tr:not(.table__spacer)";
  if (count <= WINDOW_AFTER) {
    await eventually(async () => assert.equal(await d.count(rows), count, `rows drawn (${rows})`));
    return;
  }
  await eventually(async () => assert.equal(await d.attr(".table-scroll .table", "aria-rowcount"), String(count + 1), "aria-rowcount"));
  // With no locale from the host, the widget writes the count in the browser's own locale:
  // "1,000 rows" in Firefox (en-US), "1000 rows" where the engine's default is POSIX.
  const written = await d.widget((n) => new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(n), count);
  await eventually(async () => assert.equal(folded(await d.text(".table-find__count")), `${written} rows`, "row count text"));
  const drawn = await d.count(rows);
  assert.ok(drawn > 0, `a windowed list draws a slice (drew ${drawn})`);
  assert.ok(drawn < count, `a windowed list draws only a slice (drew ${drawn} of ${count})`);
}
