// Chromium only (Playwright: the pictures need one engine to stay comparable).
// Screenshots of the real widget in the test host: a representative set in light, dark and narrow
// frames. They land in target/screenshots/; `UPDATE_SCREENSHOTS=1` also refreshes docs/screenshots/
// (the README's pictures).
import { mkdirSync, copyFileSync, readFileSync } from "node:fs";
import { test, expect, widgetFrame, driverFor } from "./support.mjs";
import { settledSizeCount } from "./checks/lib.mjs";

/** A few minutes after the mage fixtures were captured. */
const MAGE_NOW = "2026-11-23T16:40:00Z";

/** Waits until `page`'s document height is the same at two polls in a row (bounded). */
async function pageSettled(page) {
  let last = NaN;
  await expect
    .poll(
      async () => {
        const height = await page.evaluate(() => document.documentElement.scrollHeight);
        const steady = height === last;
        last = height;
        return steady;
      },
      { intervals: [250], timeout: 30_000 },
    )
    .toBe(true);
}

const SHOTS = [
  { name: "runs-light", file: "pipeline_runs/list-ok.json", theme: "light", width: 760 },
  { name: "runs-dark", file: "pipeline_runs/list-ok.json", theme: "dark", width: 760 },
  { name: "runs-narrow", file: "pipeline_runs/list-ok.json", theme: "light", width: 360 },
  { name: "pipeline-graph-light", file: "pipelines/get-graph.json", theme: "light", width: 760 },
  { name: "pipeline-graph-dark", file: "pipelines/get-graph.json", theme: "dark", width: 560 },
  { name: "block-detail-dark", file: "blocks/get-python.json", theme: "dark", width: 560 },
  { name: "mutation-update-light", file: "pipelines/update.json", theme: "light", width: 560 },
  { name: "delete-compact-dark", file: "pipelines/delete.json", theme: "dark", width: 560 },
  { name: "graph-fallback-narrow", file: "graphs/cycle.json", theme: "light", width: 360 },
  { name: "error-auth-expired-light", file: "errors/auth-expired.json", theme: "light", width: 560 },
  // Real pipeline data: what mage-ai 0.9.80 returned, read at a glance. Their clock is
  // the capture's day.
  { name: "mage-pipelines-light", file: "mage/pipelines-list.json", theme: "light", width: 760, now: MAGE_NOW },
  { name: "mage-output-grid-light", file: "mage/block-outputs-dataframe.json", theme: "light", width: 760, now: MAGE_NOW },
  { name: "mage-failed-logs-dark", file: "mage/pipeline-run-logs-failed.json", theme: "dark", width: 760, now: MAGE_NOW },
  { name: "mage-run-timeline-light", file: "mage/pipeline-run-failed.json", theme: "light", width: 760, now: MAGE_NOW },
];

for (const shot of SHOTS) {
  test(`screenshot ${shot.name}`, async ({ hostPage: page, servers }) => {
    await page.setViewportSize({ width: shot.width + 40, height: 900 });
    // Relative times ("7 min ago") against the fixtures' own day, so pictures do not age.
    await page.clock.setFixedTime(new Date(shot.now ?? "2026-11-20T06:00:00Z"));
    const d = driverFor(page, servers);
    await d.loadWidget({ hostContext: { theme: shot.theme, displayMode: "inline" }, width: shot.width });
    await d.sendResult(shot.file);
    await expect(widgetFrame(page).locator("#widget")).not.toHaveAttribute("data-state", "loading");
    await settledSizeCount(d); // the size report and the host's resize
    mkdirSync("target/screenshots", { recursive: true });
    const path = `target/screenshots/${shot.name}.png`;
    await page.locator(".widget-frame").screenshot({ path });
    if (process.env.UPDATE_SCREENSHOTS) {
      mkdirSync("docs/screenshots", { recursive: true });
      copyFileSync(path, `docs/screenshots/${shot.name}.png`);
    }
  });
}

// Drill-down: the host takes tool calls; a pipeline row opened with pipeline_get, the
// call bar with Back, Refresh and when the data arrived.
test("screenshot drill-down-light", async ({ hostPage: page, servers }) => {
  const width = 760;
  await page.setViewportSize({ width: width + 40, height: 900 });
  await page.clock.setFixedTime(new Date("2026-11-20T06:00:00Z"));
  const d = driverFor(page, servers);
  const answer = JSON.parse(readFileSync("fixtures/pipelines/get-graph.json", "utf8"));
  await d.loadWidget({
    hostContext: { theme: "light", displayMode: "inline", toolInfo: { id: 1, tool: { name: "pipeline_list" } } },
    width,
    calls: { answers: { [`pipeline_get ${JSON.stringify({ uuid: "etl_daily" })}`]: answer } },
  });
  await d.toolInput({});
  await d.sendResult("pipelines/list-ok.json");
  await expect(widgetFrame(page).locator(".row-open").first()).toBeVisible();
  mkdirSync("target/screenshots", { recursive: true });
  await settledSizeCount(d); // the size report and the host's resize
  await page.locator(".widget-frame").screenshot({ path: "target/screenshots/drill-down-list-light.png" });
  await widgetFrame(page).locator(".row-open").first().click();
  await expect(widgetFrame(page).locator("svg.graph__svg [data-node-id]")).toHaveCount(8);
  await settledSizeCount(d); // the size report and the host's resize
  await page.locator(".widget-frame").screenshot({ path: "target/screenshots/drill-down-light.png" });
  if (process.env.UPDATE_SCREENSHOTS) {
    mkdirSync("docs/screenshots", { recursive: true });
    for (const name of ["drill-down-list-light", "drill-down-light"]) copyFileSync(`target/screenshots/${name}.png`, `docs/screenshots/${name}.png`);
  }
});

// Fullscreen: the host lists fullscreen; the toggle asked for it and the graph has the room.
test("screenshot fullscreen-graph-dark", async ({ hostPage: page, servers }) => {
  const width = 1100;
  await page.setViewportSize({ width: width + 40, height: 900 });
  await page.clock.setFixedTime(new Date("2026-11-20T06:00:00Z"));
  const d = driverFor(page, servers);
  await d.loadWidget({ hostContext: { theme: "dark", displayMode: "inline", availableDisplayModes: ["inline", "fullscreen"] }, width });
  await d.sendResult("pipelines/get-graph.json");
  await widgetFrame(page).locator(".call-bar__fullscreen").click();
  await expect(widgetFrame(page).locator("#widget")).toHaveClass(/display-fullscreen/);
  await settledSizeCount(d); // the size report and the host's resize
  mkdirSync("target/screenshots", { recursive: true });
  await page.locator(".widget-frame").screenshot({ path: "target/screenshots/fullscreen-graph-dark.png" });
  if (process.env.UPDATE_SCREENSHOTS) copyFileSync("target/screenshots/fullscreen-graph-dark.png", "docs/screenshots/fullscreen-graph-dark.png");
});

// ---------------------------------------------------------------------------------------------
// The Mage lane: every kind of response a real Mage server gave through the reference server,
// rendered in both builds (wasm under a CSP that allows it, the JavaScript build under the spec's
// default CSP), each checked for the data a person came for, on screen without a click, and
// written to docs/screenshots/mage-lane/<kind>-<build>.png. scripts/screenshots.sh starts Mage,
// builds the project, writes the results into MAGE_SCREENSHOT_RESULTS and runs this part alone
// (`--grep "mage lane"`); with MAGE_UI_URL set, it also pictures Mage's own pages for the same data.

const LANE = process.env.MAGE_SCREENSHOT_RESULTS;
const LANE_OUT = "docs/screenshots/mage-lane";
const BUILDS = [
  { build: "wasm", csp: "spec-default-wasm" },
  { build: "js", csp: "spec-default" },
];

/** The texts of `selector` in the widget. */
const textsOf = (w, selector) => w.locator(selector).evaluateAll((all) => all.map((e) => e.textContent.trim()));
/** The shown column headers, without the sort marks. */
const headers = async (w) => (await textsOf(w, ".table thead th")).map((h) => h.replace(/[↕↑↓]/g, "").trim());
/** Whether every element of `selector` lies inside the frame's visible width. */
const onScreen = (w, selector) =>
  w.locator(selector).first().evaluate((e) => {
    const box = e.getBoundingClientRect();
    return box.width > 0 && box.left >= 0 && box.right <= document.documentElement.clientWidth + 1 && box.top < innerHeight;
  });

/** Per kind: what a person came for, checked on the rendered widget `w` with the result `r`. */
const LANE_KINDS = {
  pipelines: async (w, r) => {
    expect(await headers(w)).toEqual(expect.arrayContaining(["Pipeline", "Name", "Type", "Blocks"]));
    await expect(w.locator(".table tbody")).toContainText("warehouse_rebuild");
    expect(await w.locator(".table tbody tr").count()).toBe(r.structuredContent.records.length);
  },
  "pipeline-graph": async (w, r) => {
    const blocks = r.structuredContent.graph.nodes.length;
    expect(blocks).toBeGreaterThanOrEqual(40);
    await expect(w.locator("svg.graph__svg [data-node-id]")).toHaveCount(blocks);
    const px = await w.locator("svg.graph__svg").evaluate((svg) => {
      const viewBox = Number(svg.getAttribute("viewBox").split(" ")[2]);
      const font = parseFloat(getComputedStyle(svg.querySelector(".node__label")).fontSize);
      return (font * svg.getBoundingClientRect().width) / viewBox;
    });
    expect(px, "labels at the opening view").toBeGreaterThanOrEqual(11 - 1e-3);
    expect(await onScreen(w, "svg.graph__svg .node__label")).toBe(true);
  },
  blocks: async (w, r) => {
    expect(await headers(w)).toEqual(expect.arrayContaining(["Name", "Type"]));
    await expect(w.locator(".table tbody")).toContainText("ledger_checksum_reconciliation");
  },
  block: async (w) => {
    await expect(w.locator(".code__body").first()).toContainText("def load_bond_cashflows");
  },
  runs: async (w) => {
    const h = await headers(w);
    expect(h).toEqual(expect.arrayContaining(["Pipeline", "Executed"]));
    await expect(w.locator(".table tbody .pill").first()).toBeVisible();
  },
  "block-runs": async (w) => {
    const h = await headers(w);
    expect(h).toEqual(expect.arrayContaining(["Block", "Duration"]));
    await expect(w.locator(".table tbody")).toContainText("ledger_checksum_reconciliation");
    // Times a minute apart read as clock times, not forty times "x min ago".
    const started = h.indexOf("Started");
    if (started >= 0) {
      const cells = await textsOf(w, `.table tbody tr td:nth-child(${started + 1})`);
      expect(cells.filter((c) => / ago$/.test(c)).length, cells.join(" | ")).toBeLessThan(cells.length);
    }
  },
  triggers: async (w, r) => {
    const types = new Set(r.structuredContent.records.map((s) => s.schedule_type ?? "none"));
    for (const t of ["time", "api", "event"]) expect(types.has(t), `a ${t} trigger in the project`).toBe(true);
    const body = w.locator(".table tbody");
    for (const interval of ["@once", "@daily", "30 2 * * *"]) await expect(body).toContainText(interval);
    expect(await headers(w)).toEqual(expect.arrayContaining(["Pipeline", "Interval", "Next run", "Last run"]));
  },
  backfills: async (w) => {
    await expect(w.locator(".table tbody")).toContainText("Backfill November revenue");
  },
  "output-dataframe": async (w) => {
    const grid = w.locator(".output .table");
    await expect(grid.locator("thead")).toContainText("pay_date");
    // Year fractions and rates at pandas' precision; dates as dates (no time of day).
    const rows = await grid.locator("tbody tr").first().evaluate((tr) => [...tr.cells].map((c) => c.textContent.trim()));
    const t = rows.find((c) => /^\d+\.\d{6}$/.test(c));
    expect(t, `a value printed with six decimals: ${rows.join(" | ")}`).toBeTruthy();
    const date = rows[1];
    expect(date, "pay_date is a date").toMatch(/2027/);
    expect(date).not.toMatch(/:/);
    expect(rows.join(" ")).not.toMatch(/ ago|in \d+ years/);
  },
  "output-orders": async (w) => {
    const body = await w.locator(".output .table tbody").textContent();
    expect(body).toContain("NaN");
    expect(body).toContain("None");
    expect(body).not.toMatch(/ ago/);
  },
  "failed-run-logs": async (w) => {
    await expect(w.locator(".log-error__message")).toContainText("StaleCredentialError");
  },
};

if (LANE) {
  for (const [kind, check] of Object.entries(LANE_KINDS)) {
    for (const { build, csp } of BUILDS) {
      test(`mage lane: ${kind} (${build})`, async ({ hostPage: page, servers }) => {
        const text = readFileSync(`${LANE}/${kind}.json`, "utf8");
        const result = JSON.parse(text);
        const width = 760;
        await page.setViewportSize({ width: width + 40, height: 1100 });
        const d = driverFor(page, servers);
        await d.loadWidget({ csp, hostContext: { theme: "light", displayMode: "inline", locale: "en-US", timeZone: "Europe/Berlin" }, width });
        await d.toolInput({});
        await page.evaluate(async (t) => void (await window.testHost.toolResult(JSON.parse(t))), text);
        const w = widgetFrame(page);
        await expect(w.locator("#widget")).toHaveAttribute("data-state", "ok");
        await expect(w.locator("html")).toHaveAttribute("data-build", build);
        await check(w, result);
        await settledSizeCount(d); // the size report and the host's resize
        mkdirSync(LANE_OUT, { recursive: true });
        await page.locator(".widget-frame").screenshot({ path: `${LANE_OUT}/${kind}-${build}.png` });
      });
    }
  }
}

// Mage's own pages for the same data, for the comparison (target/screenshots/mage-ui/, not kept).
const MAGE_UI = process.env.MAGE_UI_URL;
const MAGE_PAGES = (process.env.MAGE_UI_PAGES ?? "").split(",").filter(Boolean);
if (MAGE_UI) {
  test("mage lane: Mage's own pages", async ({ page }) => {
    test.setTimeout(MAGE_PAGES.length * 40_000 + 60_000);
    await page.setViewportSize({ width: 1400, height: 1000 });
    await page.goto(`${MAGE_UI}/sign-in`);
    await page.getByRole("textbox", { name: "Email" }).fill("admin@admin.com", { timeout: 30_000 });
    await page.getByRole("textbox", { name: "Password" }).fill("admin");
    await page.getByRole("button", { name: /Sign into Mage/ }).click();
    await page.waitForURL((url) => !url.pathname.includes("sign-in"), { timeout: 30_000 });
    mkdirSync("target/screenshots/mage-ui", { recursive: true });
    for (const entry of MAGE_PAGES) {
      const [name, path] = entry.split("=");
      await page.goto(`${MAGE_UI}${path}`);
      await page.waitForLoadState("networkidle", { timeout: 30_000 }).catch(() => {});
      await pageSettled(page); // the page's own charts and tables settle after its requests
      await page.screenshot({ path: `target/screenshots/mage-ui/${name}.png`, fullPage: true });
    }
  });
}
