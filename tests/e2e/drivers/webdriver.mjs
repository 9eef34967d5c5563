// The shared checks' page primitives (checks/lib.mjs) over W3C WebDriver (npm selenium-webdriver),
// for Firefox (geckodriver + Debian's firefox-esr, headless) and WebKit (Debian's WebKitWebDriver
// under xvfb-run: WebKitGTK has no headless mode). Each engine's driver is a process this module
// starts on a free 127.0.0.1 port and stops by its id; selenium only talks to it (usingServer), so
// nothing is looked up or downloaded.
import { spawn, execFileSync } from "node:child_process";
import { createServer } from "node:net";
import { openSync, mkdirSync } from "node:fs";
import { Builder, By, Key, Origin } from "selenium-webdriver";
import { TIMEOUTS } from "../../harness/timeouts.mjs";
import { resetHostPage, mayResetHostPage } from "../checks/lib.mjs";

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * WebKitGTK's environment. Its compositor draws with OpenGL, which under Xvfb is Mesa's software
 * renderer: it redraws the whole screen on every frame of a running CSS animation (a running run's
 * pulsing dot), two cores' worth while a page sits idle. Without compositing, WebKit repaints only
 * the dot. Pages lay out, run and answer the same either way (docs/performance.md, "The test
 * command"); tests/harness/browser-tests.sh sets the same.
 */
const WEBKIT_ENV = { WEBKIT_DISABLE_COMPOSITING_MODE: "1" };

/** How each engine's WebDriver server is started, its environment, and the capabilities of a session. */
export const ENGINES = {
  firefox: {
    command: (port) => [process.env.GECKODRIVER || "geckodriver", ["--host", "127.0.0.1", "--port", String(port), "--log", "error"]],
    capabilities: {
      browserName: "firefox",
      "moz:firefoxOptions": {
        binary: process.env.FIREFOX || "/usr/bin/firefox-esr",
        args: ["-headless"],
        // No updates, telemetry or first-run pages: nothing leaves 127.0.0.1.
        prefs: {
          "app.update.enabled": false,
          "browser.shell.checkDefaultBrowser": false,
          "datareporting.policy.dataSubmissionEnabled": false,
          "toolkit.telemetry.enabled": false,
          "network.captive-portal-service.enabled": false,
          "network.connectivity-service.enabled": false,
        },
      },
    },
  },
  webkit: {
    command: (port) => ["xvfb-run", ["-a", "-s", "-screen 0 1280x1024x24 -nolisten tcp", process.env.WEBKIT_WEBDRIVER || "WebKitWebDriver", `--port=${port}`]],
    env: WEBKIT_ENV,
    capabilities: { browserName: "MiniBrowser" },
  },
};

async function freePort() {
  const server = createServer();
  await new Promise((resolve, reject) => server.once("error", reject).listen(0, "127.0.0.1", resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

function childrenOf(pid) {
  try {
    return execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" }).split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * Starts an engine's WebDriver server and waits (at most TIMEOUTS.DRIVER_SERVER_START_MS) until it
 * says it is ready.
 * Returns { url, stop() }. Its output goes to `logDir/<engine>-driver.log`.
 */
export async function startDriverServer(engine, { logDir = "target/e2e-webdriver" } = {}) {
  const spec = ENGINES[engine];
  if (!spec) throw new Error(`unknown engine ${engine}; one of ${Object.keys(ENGINES).join(", ")}`);
  const port = await freePort();
  const [command, args] = spec.command(port);
  mkdirSync(logDir, { recursive: true });
  const log = openSync(`${logDir}/${engine}-driver.log`, "w");
  // Its own process group, so a stop reaches whatever it started (Xvfb, the browsers).
  const child = spawn(command, args, { detached: true, stdio: ["ignore", log, log], env: { ...process.env, ...spec.env } });
  let exited = false;
  child.on("exit", () => (exited = true));
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (exited) return;
    // xvfb-run cleans up (Xvfb, its lock and auth files) when its command ends: end the command
    // first, then the whole group if anything is left after 5 s.
    const targets = command === "xvfb-run" ? childrenOf(child.pid).filter((pid) => pid !== child.pid) : [child.pid];
    for (const pid of targets) {
      try {
        process.kill(pid, "SIGTERM");
      } catch {}
    }
    for (let i = 0; i < 50 && !exited; i++) await sleep(100);
    if (!exited) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
      for (let i = 0; i < 20 && alive(child.pid) && !exited; i++) await sleep(100);
    }
  };
  const readyBy = Date.now() + TIMEOUTS.DRIVER_SERVER_START_MS;
  while (Date.now() < readyBy) {
    if (exited) throw new Error(`${command} exited at start (see ${logDir}/${engine}-driver.log)`);
    try {
      const status = await (await fetch(`${url}/status`, { signal: AbortSignal.timeout(1000) })).json();
      if (status?.value?.ready !== false) return { url, stop };
    } catch {}
    await sleep(100);
  }
  await stop();
  throw new Error(`${engine}'s WebDriver server did not answer on ${url} within ${TIMEOUTS.DRIVER_SERVER_START_MS / 1000} s`);
}

/** A new session on a running driver server, with bounded script and page-load times. */
export async function newSession(engine, url) {
  const driver = await new Builder().usingServer(url).withCapabilities(ENGINES[engine].capabilities).build();
  await driver.manage().setTimeouts({ script: TIMEOUTS.E2E_SCRIPT_MS, pageLoad: TIMEOUTS.E2E_PAGE_LOAD_MS, implicit: 0 });
  return driver;
}

// Runs fn(arg) in the current frame; an async function is awaited. Errors come back as text.
const RUN = `
const done = arguments[arguments.length - 1];
const fn = FN;
Promise.resolve()
  .then(() => fn(arguments[0]))
  .then((value) => done({ ok: value === undefined ? null : value }), (e) => done({ error: String((e && e.stack) || e) }));
`;

// Runs in the widget's document: the centre of the element to click, if a click there would reach
// it and it is stable, as Playwright requires before a click: at the same point 50 ms later (a host
// growing the frame, which resets the document's scroll, or a re-render moves an element under a
// pending click). While the document is taller than the frame, the host has a size report still to
// apply (the test host sizes the frame to the content): growing the frame resets the document's
// scroll and moves the element, so the click waits for it (a while: a host may cap the height).
async function clickTarget({ selector, index, waitForFit }) {
  const locate = () => {
    if (waitForFit && document.documentElement.scrollHeight > innerHeight + 1) return { ok: false, why: "the frame is still growing to its content" };
    const el = document.querySelectorAll(selector)[index];
    if (!el) return { ok: false, why: "no such element" };
    el.scrollIntoView({ block: "nearest", inline: "nearest" });
    const box = el.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) return { ok: false, why: "it has no box" };
    const x = Math.round(box.left + box.width / 2);
    const y = Math.round(box.top + box.height / 2);
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === el || el.contains(hit))) return { ok: false, why: `its centre is covered by ${hit ? hit.outerHTML.slice(0, 80) : "nothing"}` };
    return { ok: true, x, y };
  };
  const first = locate();
  if (!first.ok) return first;
  await new Promise((resolve) => setTimeout(resolve, 50));
  const second = locate();
  if (second.ok && (second.x !== first.x || second.y !== first.y)) return { ok: false, why: "it is still moving" };
  return second;
}

// Runs in the widget's document: focus() the element; whether it took the focus.
function focusElement({ selector, index }) {
  const el = document.querySelectorAll(selector)[index ?? 0];
  if (!el) throw new Error(`no element ${selector} at index ${index} to focus`);
  el.focus();
  return document.activeElement === el;
}

// Runs in the widget's document: a point (near a corner, inside the viewport) whose element is not
// a control and not inside one, so a click there changes nothing but the focused frame.
function neutralPoint() {
  const controls = "a, button, summary, input, select, textarea, label, [tabindex], [contenteditable], [data-node-id]";
  const w = document.documentElement.clientWidth;
  const h = Math.min(document.documentElement.clientHeight, innerHeight);
  for (const [x, y] of [[2, 2], [w - 3, 2], [2, h - 3], [w - 3, h - 3], [Math.round(w / 2), 2]]) {
    const hit = document.elementFromPoint(x, y);
    if (hit && !hit.closest(controls)) return { x, y };
  }
  return null;
}

const KEYS = { Tab: Key.TAB, Enter: Key.ENTER, Space: Key.SPACE, Escape: Key.ESCAPE, ArrowLeft: Key.ARROW_LEFT, ArrowRight: Key.ARROW_RIGHT, Home: Key.HOME, End: Key.END };

/**
 * The page primitives for one session. `open()` starts a fresh tab on the test host page (so
 * sessionStorage and the host's state start empty, as a new Playwright page does) and closes the
 * previous one.
 */
export function webdriverPage(driver, engine, servers, hostPage = "/test-host.html") {
  let context = "host";
  let opened = 0;
  const toHost = async () => {
    if (context === "host") return;
    await driver.switchTo().defaultContent();
    context = "host";
  };
  const toWidget = async () => {
    if (context === "widget") return;
    await driver.switchTo().defaultContent();
    context = "host";
    const frames = await driver.findElements(By.css(".widget-frame"));
    if (frames.length !== 1) throw new Error(`${frames.length} .widget-frame elements in the test host (expected one)`);
    await driver.switchTo().frame(frames[0]);
    context = "sandbox";
    await driver.switchTo().frame(0);
    context = "widget";
  };
  const run = async (fn, arg, where) => {
    const result = await driver.executeAsyncScript(RUN.replace("FN", `(${fn.toString()})`), arg);
    if (result?.error !== undefined) throw new Error(`in the ${where}: ${result.error}`);
    return result?.ok ?? null;
  };
  const toSandbox = async () => {
    await toHost();
    await driver.switchTo().frame(0);
    context = "sandbox";
  };
  /**
   * A pointer click at (x, y) of the widget's viewport. Engines disagree on what a pointer
   * action's "viewport" is inside a frame (Firefox: the frame's, WebKit: the top-level one), so the
   * click is sent from the top-level page at the point's place there (the frames' offsets added),
   * after scrolling that point on screen.
   */
  const clickAt = async ({ x, y }) => {
    await toHost();
    const frame = await run(
      ({ y }) => {
        const f = document.querySelector(".widget-frame");
        const top = f.getBoundingClientRect().top + f.clientTop + y;
        if (top < 0 || top >= innerHeight) window.scrollBy(0, top - innerHeight / 2);
        const box = f.getBoundingClientRect();
        return { x: box.left + f.clientLeft, y: box.top + f.clientTop };
      },
      { y },
      "host page",
    );
    await toSandbox();
    const inner = await run(
      () => {
        const f = document.querySelector("iframe");
        const box = f.getBoundingClientRect();
        return { x: box.left + f.clientLeft, y: box.top + f.clientTop };
      },
      null,
      "sandbox proxy",
    );
    await toHost();
    const at = { x: Math.round(frame.x + inner.x + x), y: Math.round(frame.y + inner.y + y) };
    await driver.actions().move({ origin: Origin.VIEWPORT, x: at.x, y: at.y }).click().perform();
  };
  return {
    engine,
    hostUrl: servers.hostUrl,
    sandboxUrl: servers.sandboxUrl,
    /**
     * Readies the test host page for the next check. The first time and every FRESH_PAGE_EVERY-th
     * (checks/lib.mjs mayResetHostPage) a fresh tab loads it, closing the old one, so sessionStorage
     * starts empty; otherwise the same page is put back as it was loaded (resetHostPage), which
     * saves a page load per check.
     */
    async open() {
      if (mayResetHostPage(opened) && (await toHost(), await run(resetHostPage, null, "host page"))) {
        opened += 1;
        return;
      }
      opened += 1;
      const old = await driver.getAllWindowHandles();
      await driver.switchTo().newWindow("tab");
      const fresh = await driver.getWindowHandle();
      for (const handle of old) {
        await driver.switchTo().window(handle);
        await driver.close();
      }
      await driver.switchTo().window(fresh);
      context = "host";
      await driver.get(`${servers.hostUrl}${hostPage}`);
      for (let i = 0; i < 200; i++) {
        // Errors in the host page from here on (WebDriver reports none itself).
        const ready = await driver.executeScript(`
          if (!document.body || document.body.dataset.ready !== "true") return false;
          window.__hostErrors = [];
          addEventListener("error", (e) => __hostErrors.push("host page: " + e.message));
          addEventListener("unhandledrejection", (e) => __hostErrors.push("host page: unhandled rejection: " + ((e.reason && e.reason.message) || e.reason)));
          return true;`);
        if (ready) return;
        await sleep(100);
      }
      throw new Error(`the host page ${hostPage} did not get ready within 20 s`);
    },
    async host(fn, arg, { repeatable = false } = {}) {
      await toHost();
      try {
        return await run(fn, arg, "host page");
      } catch (error) {
        // WebKitWebDriver now and then fails to read a script's answer it was just given ("Could
        // not parse script result", on a loaded machine): a transport failure, not an answer. A
        // script that gives the same page when run again (loading the widget) is run once more.
        if (!repeatable || !String(error?.message).includes("Could not parse script result")) throw error;
        return run(fn, arg, "host page");
      }
    },
    async widget(fn, arg) {
      try {
        await toWidget();
        return await run(fn, arg, "widget frame");
      } catch (error) {
        // WebKitWebDriver now and then fails to read the frame element it was just given
        // ("Could not parse element info"; seen once in 248 checks on a loaded machine): a
        // transport failure, not an answer. Find the frame again, once.
        if (!String(error?.message).includes("Could not parse element info")) throw error;
        context = "unknown";
        await toWidget();
        return run(fn, arg, "widget frame");
      }
    },
    /**
     * A real pointer click at the element's centre, as Playwright clicks: wait (at most 10 s) until
     * it is there with a box, stable, and nothing else covers its centre, then a pointer action at
     * that point. (WebDriver's own "element click" refuses SVG groups such as the graph's nodes in both
     * Firefox and WebKit.)
     */
    async click(selector, index) {
      let target = null;
      for (let i = 0; i < 100; i++) {
        await toWidget();
        target = await run(clickTarget, { selector, index, waitForFit: i < 30 }, "widget frame");
        if (target.ok) break;
        await sleep(100);
      }
      if (!target?.ok) throw new Error(`cannot click ${selector} (index ${index}): ${target?.why}`);
      await clickAt(target);
    },
    /**
     * Focuses the element (as Playwright's locator.focus does: element.focus()). WebKit lets a
     * cross-origin frame move the focus only while that frame has it, which a user gives it by
     * clicking in it: when the first focus() is refused, this clicks a point of the widget that is
     * no control (nothing there reacts), as a user would, and focuses again.
     */
    async focus(selector, index) {
      await toWidget();
      if (await run(focusElement, { selector, index }, "widget frame")) return;
      const neutral = await run(neutralPoint, null, "widget frame");
      if (!neutral) throw new Error("no point of the widget that is not a control, to give its frame the focus");
      await clickAt(neutral);
      await toWidget();
      if (!(await run(focusElement, { selector, index }, "widget frame"))) {
        throw new Error(`${selector} (index ${index}) did not take the focus, even with its frame focused`);
      }
    },
    async press(key) {
      await toWidget();
      const actions = driver.actions();
      if (key === "Shift+Tab") actions.keyDown(Key.SHIFT).sendKeys(Key.TAB).keyUp(Key.SHIFT);
      else if (KEYS[key]) actions.sendKeys(KEYS[key]);
      else throw new Error(`no key ${key}`);
      await actions.perform();
    },
    async errors() {
      await toHost();
      return (await driver.executeScript("return window.__hostErrors || []")) ?? [];
    },
    /** The runner sets this per check. */
    note: () => {},
    /** A widget frame a `share` check may reuse (checks/lib.mjs widgetFor), kept by the runner. */
    shared: null,
  };
}
