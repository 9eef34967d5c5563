// Chromium only: what the widget looks like at the widths hosts give, compared with kept
// references (tests/e2e/visual.spec.mjs-snapshots/) within a tolerance: a runs list as the server
// returns it at 360 px (cards) and at 760 px (a row's detail open), a followed run at 760 px, and a
// change of code at 1280 px. The clock is fixed so relative times do not age; animations are off.
// After an intended change of the look: npx playwright test tests/e2e/visual.spec.mjs --update-snapshots
import { test, expect, driverFor } from "./support.mjs";
import { settledSizeCount } from "./checks/lib.mjs";

const NOW = "2026-11-20T06:30:00Z";
/** The share of pixels that may differ (anti-aliasing, a font's hinting). */
const TOLERANCE = { maxDiffPixelRatio: 0.01, animations: "disabled" };

async function show(page, servers, { width, file, height, calls = null, toolInfo, before }) {
  await page.setViewportSize({ width: width + 40, height: height + 40 });
  await page.clock.setFixedTime(new Date(NOW));
  const d = driverFor(page, servers);
  await d.loadWidget({ hostContext: { theme: "light", locale: "en-US", timeZone: "UTC", ...(toolInfo ? { toolInfo } : {}) }, width, calls });
  if (toolInfo) await d.toolInput({});
  await d.sendResult(file);
  await expect(page.frameLocator(".widget-frame").frameLocator("iframe").locator("#widget")).toHaveAttribute("data-state", "ok");
  if (before) await before(d);
  await settledSizeCount(d);
  return page.locator("#stage");
}

/** The top `height` px of the frame: enough to judge the layout, small to keep. */
const top = (page, height) => ({ ...TOLERANCE, clip: { x: 0, y: 0, width: page.viewportSize().width, height } });

test("visual: a runs list at 360 px, as cards", async ({ hostPage: page, servers }) => {
  await show(page, servers, { width: 360, height: 560, file: "pipeline_runs/list-server.json" });
  await expect(page).toHaveScreenshot("runs-360.png", top(page, 560));
});

test("visual: a runs list at 760 px, a row's detail open", async ({ hostPage: page, servers }) => {
  const before = async (d) => {
    await d.click(".row-details", 0);
    await expect(page.frameLocator(".widget-frame").frameLocator("iframe").locator(".row-detail")).toHaveCount(1);
  };
  await show(page, servers, { width: 760, height: 420, file: "pipeline_runs/list-server.json", before });
  await expect(page).toHaveScreenshot("runs-760.png", top(page, 420));
});

test("visual: a run followed as it goes, at 760 px", async ({ hostPage: page, servers }) => {
  // A host that takes calls but has not answered yet: the run as started, marked live.
  await show(page, servers, {
    width: 760,
    height: 460,
    file: "pipeline_runs/run-started.json",
    toolInfo: { id: 9, tool: { name: "run_pipeline" } },
    calls: { hang: true, answers: {} },
  });
  await expect(page).toHaveScreenshot("followed-run-760.png", top(page, 460));
});

test("visual: a change of code at 1280 px", async ({ hostPage: page, servers }) => {
  await show(page, servers, { width: 1280, height: 320, file: "blocks/update-code.json" });
  await expect(page).toHaveScreenshot("diff-1280.png", top(page, 320));
});

