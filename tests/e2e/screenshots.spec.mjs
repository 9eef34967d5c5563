// Chromium only (Playwright: the pictures need one engine to stay comparable).
// Screenshots of the real widget in the test host: a representative set in light, dark and narrow
// frames. They land in target/screenshots/; `UPDATE_SCREENSHOTS=1` also refreshes docs/screenshots/
// (the README's pictures).
import { mkdirSync, copyFileSync } from "node:fs";
import { test, expect, widgetFrame, driverFor } from "./support.mjs";

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
];

for (const shot of SHOTS) {
  test(`screenshot ${shot.name}`, async ({ hostPage: page, servers }) => {
    await page.setViewportSize({ width: shot.width + 40, height: 900 });
    // Relative times ("7 min ago") against the fixtures' own day, so pictures do not age.
    await page.clock.setFixedTime(new Date("2026-11-20T06:00:00Z"));
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
