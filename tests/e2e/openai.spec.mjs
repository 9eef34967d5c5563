// Chromium only (Playwright: the stub goes in with addInitScript before the widget runs).
// The widget under the window.openai runtime (ChatGPT's Apps SDK), with a stub that follows the
// published shape: globals (toolOutput, toolResponseMetadata, theme, displayMode, maxHeight, locale,
// widgetState), the openai:set_globals event, setWidgetState, notifyIntrinsicHeight, openExternal.
import { test, expect, expectRows, fixtureText, manifest } from "./support.mjs";

/** Installs the stub before the widget's scripts run. `globals` seeds window.openai. */
function installStub(globals) {
  const calls = { heights: [], widgetStates: [], external: [] };
  window.openaiCalls = calls;
  window.openai = {
    toolInput: {},
    toolOutput: null,
    toolResponseMetadata: null,
    widgetState: null,
    theme: "light",
    locale: "en-US",
    displayMode: "inline",
    maxHeight: 800,
    safeArea: { insets: { top: 0, bottom: 0, left: 0, right: 0 } },
    userAgent: { device: { type: "desktop" }, capabilities: { hover: true, touch: false } },
    ...globals,
    notifyIntrinsicHeight(height) {
      calls.heights.push(height);
    },
    async setWidgetState(state) {
      calls.widgetStates.push(state);
      window.openai.widgetState = state;
    },
    openExternal({ href }) {
      calls.external.push(href);
    },
    async callTool() {
      return { structuredContent: null };
    },
    // As the runtime does: the mode changes and the globals say so.
    async requestDisplayMode({ mode }) {
      calls.displayModes = [...(calls.displayModes ?? []), mode];
      window.setGlobals({ displayMode: mode });
      return { mode };
    },
    async sendFollowUpMessage({ prompt }) {
      calls.followUps = [...(calls.followUps ?? []), prompt];
    },
  };
  // What the host does when globals change: assign them, then announce the change.
  window.setGlobals = (changed) => {
    Object.assign(window.openai, changed);
    window.dispatchEvent(new CustomEvent("openai:set_globals", { detail: { globals: changed } }));
  };
}

/** The structuredContent and _meta a fixture's tool result gives window.openai. */
function globalsOf(file) {
  const result = JSON.parse(fixtureText(file));
  const structured = result.kind !== undefined ? result : result.structuredContent ?? null;
  return { toolOutput: structured, toolResponseMetadata: result._meta ?? null };
}

async function open(page, servers, globals) {
  await page.addInitScript(installStub, globals);
  await page.goto(`${servers.hostUrl}/resource-widget.html`);
}

test("renders toolOutput with its hints and the host's theme, and reports its height", async ({ page, servers }) => {
  await open(page, servers, { ...globalsOf("delivery/hints.json"), theme: "dark" });
  const root = page.locator("#widget");
  await expect(root).toHaveAttribute("data-state", "ok");
  await expect(page.locator("h1")).toHaveText("Last five runs");
  await expect(root).toHaveClass(/theme-dark/);
  await expect(root).toHaveClass(/density-comfortable/);
  await expect.poll(() => page.evaluate(() => window.openaiCalls.heights.at(-1) ?? 0)).toBeGreaterThan(150);
});

test("renders again on openai:set_globals", async ({ page, servers }) => {
  await open(page, servers, { toolOutput: null });
  const root = page.locator("#widget");
  await expect(root).toHaveAttribute("data-state", "loading");
  await page.evaluate((g) => window.setGlobals(g), globalsOf("pipeline_runs/list-ok.json"));
  await expect(root).toHaveAttribute("data-state", "ok");
  await expect(page.locator(".table tbody tr")).toHaveCount(20);
  await page.evaluate(() => window.setGlobals({ theme: "dark", maxHeight: 500 }));
  await expect(root).toHaveClass(/theme-dark/);
  await page.evaluate((g) => window.setGlobals(g), globalsOf("blocks/list-ok.json"));
  await expect(page.locator(".table tbody tr")).toHaveCount(8);
});

test("remembers the result in widgetState, redacted, and shows it as restored after a reload", async ({ page, servers }) => {
  const secret = "0123456789abcdef0123456789abcdef";
  await open(page, servers, globalsOf("adversarial/unredacted-tokens.json"));
  await expect(page.locator("#widget")).toHaveAttribute("data-state", "ok");
  await expect.poll(() => page.evaluate(() => window.openaiCalls.widgetStates.length)).toBeGreaterThan(0);
  const remembered = await page.evaluate(() => window.openaiCalls.widgetStates.at(-1));
  expect(JSON.stringify(remembered)).not.toContain(secret);
  expect(remembered.resourceWidget.structured).toContain("daily_6am");

  // The host rebuilds the frame: toolOutput is gone, widgetState remains.
  const page2 = await page.context().newPage();
  await open(page2, servers, { toolOutput: null, widgetState: remembered });
  await expect(page2.locator("#widget")).toHaveAttribute("data-state", "ok");
  await expect(page2.locator(".notices")).toContainText("Restored");
  await expect(page2.locator(".table tbody")).toContainText("daily_6am");
});

test("opens links through openExternal", async ({ page, servers }) => {
  const structured = {
    kind: "svc_resource_widget", schema_version: 1, resource: "pipelines", action: "list", state: "ok",
    records: [{ uuid: "a", docs: "https://docs.example/pipelines/a" }],
  };
  await open(page, servers, { toolOutput: structured });
  await page.locator("a.link").click();
  await expect.poll(() => page.evaluate(() => window.openaiCalls.external)).toEqual(["https://docs.example/pipelines/a"]);
});

test("asks for fullscreen through requestDisplayMode and follows displayMode", async ({ page, servers }) => {
  await open(page, servers, globalsOf("pipelines/get-graph.json"));
  await expect(page.locator("[data-node-id]")).toHaveCount(8);
  await page.locator(".call-bar__fullscreen").click();
  await expect(page.locator("#widget")).toHaveClass(/display-fullscreen/);
  expect(await page.evaluate(() => window.openaiCalls.displayModes)).toEqual(["fullscreen"]);
  await expect(page.locator(".call-bar__fullscreen")).toHaveAttribute("aria-pressed", "true");
});

test("asks about a failed run through sendFollowUpMessage", async ({ page, servers }) => {
  const list = JSON.parse(fixtureText("pipeline_runs/list-ok.json")).structuredContent;
  const run = list.records.find((r) => r.status === "failed");
  await open(page, servers, { toolOutput: { ...list, action: "get", records: [run], pagination: null, summary: null } });
  await page.locator(".call-bar__ask").click();
  await expect.poll(() => page.evaluate(() => window.openaiCalls.followUps)).toEqual([`Why did pipeline run ${run.id} fail?`]);
});

test("opens a row through callTool and goes back", async ({ page, servers }) => {
  await open(page, servers, globalsOf("pipelines/list-ok.json"));
  await expect(page.locator(".table tbody tr")).toHaveCount(6);
  const detail = JSON.parse(fixtureText("pipelines/get-graph.json"));
  await page.evaluate((answer) => {
    window.openaiCalls.tools = [];
    window.openai.callTool = async (name, args) => {
      window.openaiCalls.tools.push({ name, args });
      return answer;
    };
  }, detail);
  await page.locator(".row-open").first().click();
  await expect(page.locator("[data-node-id]")).toHaveCount(8);
  expect(await page.evaluate(() => window.openaiCalls.tools)).toEqual([{ name: "pipeline_get", args: { uuid: "etl_daily" } }]);
  await page.locator(".call-bar__back").click();
  await expect(page.locator(".table tbody tr")).toHaveCount(6);
});

// Every fixture that window.openai can carry (a structuredContent) renders as its manifest says. One
// frame per worker takes them one after another, as ChatGPT delivers results to a frame that is up
// (openai:set_globals); before each, a one-row marker result is shown, so that a fixture that
// renders like the previous one cannot pass on the previous one's rows.
const fixtureTest = test.extend({
  openaiFrame: [
    async ({ browser, servers }, use) => {
      const context = await browser.newContext();
      const page = await context.newPage();
      await open(page, servers, { toolOutput: null });
      await expect(page.locator("#widget")).toHaveAttribute("data-state", "loading");
      await use(page);
      await context.close();
    },
    { scope: "worker" },
  ],
});

let markers = 0;
for (const { file, expect: want } of manifest.fixtures) {
  const { toolOutput } = globalsOf(file);
  if (!toolOutput) continue; // text-only results reach window.openai as no toolOutput at all
  if (want.state === "error" && want.schema === "none" && file !== "errors/not-a-widget.json") continue;
  fixtureTest(`window.openai: ${file}`, async ({ openaiFrame: page }) => {
    const marker = `openai-marker-${++markers}`;
    const markerResult = { kind: "svc_resource_widget", schema_version: 1, resource: "pipelines", action: "list", state: "ok", records: [{ uuid: marker, name: marker }] };
    await page.evaluate((g) => window.setGlobals(g), { toolOutput: markerResult, toolResponseMetadata: null });
    await expect(page.locator("#widget")).toContainText(marker);
    // As text: Playwright's argument serialisation gives up on a result nested 100 levels deep.
    await page.evaluate((text) => window.setGlobals(JSON.parse(text)), JSON.stringify(globalsOf(file)));
    await expect(page.locator("#widget")).not.toContainText(marker);
    await expect(page.locator("#widget")).toHaveAttribute("data-state", want.state);
    // Outputs and logs are drawn in forms of their own, not as rows of records (checks/fixtures.mjs).
    if (want.layout === "list" && want.state === "ok" && !want.compact && (want.content ?? "records") === "records") {
      await expectRows(page, want.rows);
    }
  });
}
