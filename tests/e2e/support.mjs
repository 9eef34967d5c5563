// Playwright-only pieces of the end-to-end suite (Chromium): the servers per worker, the test host
// page, and what the Chromium-only specs use (axe-core, the window.openai stub's row check, the
// screenshots' loader). The checks every engine runs live in tests/e2e/checks/.
import { test as base, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { startServers } from "../../host/server.mjs";
import { makeDriver, WINDOW_AFTER } from "./checks/lib.mjs";
import { playwrightPage, widgetFrame as widgetFrameHandle } from "./drivers/playwright.mjs";

export { expect, widgetFrameHandle };
export { manifest, fixtureText } from "./checks/lib.mjs";

/** `servers` is started once per worker; `hostPage` opens the test host page. (The shared checks
 * have their own fixtures: drivers/playwright-suite.mjs.) */
export const test = base.extend({
  servers: [
    async ({}, use) => {
      const servers = await startServers();
      await use(servers);
      await servers.close();
    },
    { scope: "worker" },
  ],
  hostPage: async ({ page, servers }, use) => {
    await page.goto(`${servers.hostUrl}/test-host.html`);
    await page.waitForSelector("body[data-ready=true]", { state: "attached" });
    await use(page);
  },
});

/** The shared driver (checks/lib.mjs) over a Playwright page, for the Chromium-only specs. */
export const driverFor = (page, servers) => makeDriver(playwrightPage(page, servers));

/** The widget's document: host page → sandbox proxy → inner frame. */
export const widgetFrame = (page) => page.frameLocator(".widget-frame").frameLocator("iframe");

/**
 * Asserts that the list inside `scope` (a page or frame locator) holds `count` records. A short
 * list draws every row; a windowed one draws a slice and says the total in `aria-rowcount`
 * (the header row included) and its own row count text. (checks/lib.mjs has the same for every engine.)
 */
export async function expectRows(scope, count) {
  const rows = scope.locator(".table-scroll .table > tbody > tr:not(.table__spacer)");
  if (count <= WINDOW_AFTER) {
    await expect(rows).toHaveCount(count);
    return;
  }
  await expect(scope.locator(".table-scroll .table")).toHaveAttribute("aria-rowcount", String(count + 1));
  // With no locale from the host, the count is written in the browser's own.
  const written = await scope.locator(":root").evaluate((_, n) => new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(n), count);
  await expect(scope.locator(".table-find__count")).toHaveText(`${written} rows`);
  const drawn = await rows.count();
  expect(drawn, "a windowed list draws only a slice").toBeGreaterThan(0);
  expect(drawn).toBeLessThan(count);
}

const AXE_SOURCE = readFileSync(new URL("../../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");

/** The axe rules whose outcome depends on colours: all a theme changes (the DOM stays the same). */
export const AXE_COLOUR_RULES = ["color-contrast", "link-in-text-block"];

/**
 * axe-core violations inside the widget's frame, as "rule: targets" lines. axe is evaluated through
 * the protocol (not a script tag), so the frame's CSP stays as the host set it. `colourOnly` runs
 * only AXE_COLOUR_RULES: for a second theme over the same DOM, where every other rule would repeat.
 */
export async function axeViolations(page, { colourOnly = false } = {}) {
  const frame = widgetFrameHandle(page);
  if (!(await frame.evaluate("typeof window.axe === 'object'"))) await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(async (rules) => {
    const results = await window.axe.run(document.querySelector("#widget"), {
      runOnly: rules ? { type: "rule", values: rules } : { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      rules: { region: { enabled: false } }, // a fragment inside the host's page, not a page
      resultTypes: ["violations"],
    });
    return results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  }, colourOnly ? AXE_COLOUR_RULES : null);
}
