// The shared checks' page primitives (checks/lib.mjs) over a Playwright page in Chromium.
const KEYS = { Tab: "Tab", "Shift+Tab": "Shift+Tab", Enter: "Enter", Space: "Space", Escape: "Escape", ArrowLeft: "ArrowLeft", ArrowRight: "ArrowRight", Home: "Home", End: "End" };

/** The widget's Frame: host page → sandbox proxy → its (only) child frame. */
function widgetFrame(page) {
  const sandbox = page.mainFrame().childFrames().find((f) => f.url().includes("/sandbox.html"));
  const frame = sandbox?.childFrames()[0];
  if (!frame) throw new Error("no widget frame in the test host");
  return frame;
}

export function playwrightPage(page, servers, { note = () => {} } = {}) {
  const errors = [];
  page.on("pageerror", (e) => errors.push(String(e)));
  return {
    engine: "chromium",
    hostUrl: servers.hostUrl,
    sandboxUrl: servers.sandboxUrl,
    host: (fn, arg) => page.evaluate(fn, arg),
    widget: (fn, arg) => widgetFrame(page).evaluate(fn, arg),
    click: (selector, index) => page.frameLocator(".widget-frame").frameLocator("iframe").locator(selector).nth(index).click({ timeout: 10_000 }),
    focus: (selector, index) => page.frameLocator(".widget-frame").frameLocator("iframe").locator(selector).nth(index).focus({ timeout: 10_000 }),
    async press(key) {
      if (!KEYS[key]) throw new Error(`no key ${key}`);
      await page.keyboard.press(KEYS[key]);
    },
    errors: async () => [...errors],
    /** Forgets the errors seen so far: the runner's reset of the host page (checks/lib.mjs resetHostPage). */
    forgetErrors: () => void errors.splice(0),
    note,
    /** A widget frame a `share` check may reuse (checks/lib.mjs widgetFor), kept by the runner. */
    shared: null,
  };
}

export { widgetFrame };
