// Shared pieces of the end-to-end suite: the servers, loading the widget into the test host, and
// reaching into its frames.
import { test as base, expect } from "@playwright/test";
import { readFileSync } from "node:fs";
import { startServers } from "../../host/server.mjs";

export { expect };

export const manifest = JSON.parse(readFileSync(new URL("../../fixtures/manifest.json", import.meta.url), "utf8"));
export const fixture = (file) => JSON.parse(readFileSync(new URL(`../../fixtures/${file}`, import.meta.url), "utf8"));

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
