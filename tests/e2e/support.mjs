// Shared pieces of the end-to-end suite: the servers, loading the widget into the test host, and
// reaching into its frames.
import { test as base, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { startServers } from "../../host/server.mjs";

export { expect };

export const manifest = JSON.parse(readFileSync(new URL("../../fixtures/manifest.json", import.meta.url), "utf8"));
export const fixtureText = (file) => readFileSync(new URL(`../../fixtures/${file}`, import.meta.url), "utf8");

/**
 * Sends a fixture as the tool result. It travels as JSON text and is parsed in the page: Playwright's
 * own argument serialisation stalls on the deepest adversarial fixtures.
 */
export function sendResult(page, file) {
  return page.evaluate((text) => window.testHost.toolResult(JSON.parse(text)), fixtureText(file));
}

/** Past this many rows the widget windows a list (src/views/table: WINDOW_AFTER). */
const WINDOW_AFTER = 200;

/**
 * Asserts that the list inside `scope` (a page or frame locator) holds `count` records. A short
 * list draws every row; a windowed one draws a slice and says the total in `aria-rowcount`
 * (the header row included) and its own row count text.
 */
export async function expectRows(scope, count) {
  const rows = scope.locator(".table-scroll .table > tbody > tr:not(.table__spacer)");
  if (count <= WINDOW_AFTER) {
    await expect(rows).toHaveCount(count);
    return;
  }
  await expect(scope.locator(".table-scroll .table")).toHaveAttribute("aria-rowcount", String(count + 1));
  await expect(scope.locator(".table-find__count")).toHaveText(`${count} rows`);
  const drawn = await rows.count();
  expect(drawn, "a windowed list draws only a slice").toBeGreaterThan(0);
  expect(drawn).toBeLessThan(count);
}

/** `servers` is started once per worker; `host` opens the test host page. */
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

/**
 * Loads the widget into the test host under a CSP profile and, unless `handshake` is false, waits
 * for the handshake. Messages between host and widget collect in window.messages.
 */
export async function loadWidget(page, servers, { csp = "spec-default-wasm", hostContext = {}, width, handshake = true } = {}) {
  await page.evaluate(
    async ({ sandboxUrl, csp, hostContext, width, handshake }) => {
      if (width) document.documentElement.style.setProperty("--stage-width", `${width}px`);
      const widgetHtml = await (await fetch("/resource-widget.html")).text();
      window.messages = [];
      window.testHost = await window.host.createHost({
        container: document.getElementById("stage"),
        sandboxUrl: `${sandboxUrl}?csp=${csp}`,
        widgetHtml,
        hostContext,
        onMessage: (entry) => window.messages.push(entry),
      });
      if (handshake) await window.testHost.initialized;
    },
    { sandboxUrl: servers.sandboxUrl, csp, hostContext, width, handshake },
  );
}

/** The widget's document: host page → sandbox proxy → inner frame. */
export const widgetFrame = (page) => page.frameLocator(".widget-frame").frameLocator("iframe");

/** The widget's Frame object (for evaluate), found by its place under the sandbox proxy. */
export function widgetFrameHandle(page) {
  const sandbox = page.mainFrame().childFrames().find((f) => f.url().includes("/sandbox.html"));
  return sandbox?.childFrames()[0];
}

const AXE_SOURCE = readFileSync(new URL("../../node_modules/axe-core/axe.min.js", import.meta.url), "utf8");

/**
 * axe-core violations inside the widget's frame, as "rule: targets" lines. axe is evaluated through
 * the protocol (not a script tag), so the frame's CSP stays as the host set it.
 */
export async function axeViolations(page) {
  const frame = widgetFrameHandle(page);
  if (!frame) throw new Error("no widget frame");
  if (!(await frame.evaluate("typeof window.axe === 'object'"))) await frame.evaluate(AXE_SOURCE);
  return frame.evaluate(async () => {
    const results = await window.axe.run(document.querySelector("#widget"), {
      runOnly: { type: "tag", values: ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa", "best-practice"] },
      rules: { region: { enabled: false } }, // a fragment inside the host's page, not a page
      resultTypes: ["violations"],
    });
    return results.violations.map((v) => `${v.id}: ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(" | ")}`);
  });
}
