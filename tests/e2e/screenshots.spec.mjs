// Chromium only (Playwright: the pictures need one engine to stay comparable).
// Screenshots of the real widget in the test host: a representative set in light, dark and narrow
// frames. They land in target/screenshots/; `UPDATE_SCREENSHOTS=1` also refreshes docs/screenshots/
// (the README's pictures).
import { mkdirSync, copyFileSync, readFileSync } from "node:fs";
import { test, expect, widgetFrame, driverFor } from "./support.mjs";

/** A few minutes after the mage fixtures were captured. */
const MAGE_NOW = "2026-11-23T16:40:00Z";

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
    await page.waitForTimeout(400); // the size report and the host's resize
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
  await page.waitForTimeout(400);
  await page.locator(".widget-frame").screenshot({ path: "target/screenshots/drill-down-list-light.png" });
  await widgetFrame(page).locator(".row-open").first().click();
  await expect(widgetFrame(page).locator("svg.graph__svg [data-node-id]")).toHaveCount(8);
  await page.waitForTimeout(400);
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
  await page.waitForTimeout(400);
  mkdirSync("target/screenshots", { recursive: true });
  await page.locator(".widget-frame").screenshot({ path: "target/screenshots/fullscreen-graph-dark.png" });
  if (process.env.UPDATE_SCREENSHOTS) copyFileSync("target/screenshots/fullscreen-graph-dark.png", "docs/screenshots/fullscreen-graph-dark.png");
});
