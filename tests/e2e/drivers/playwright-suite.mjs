// Declares shared checks (tests/e2e/checks/) as Playwright tests in Chromium, in the host the
// Playwright project names (`host`, one of drivers/hosts.mjs: playwright.config.mjs). Each worker
// keeps one browser context and page between tests, so that consecutive fixture checks can share a
// widget frame as in every engine (checks/lib.mjs widgetFor); any other check starts on the host
// page put back as loaded, and every FRESH_PAGE_EVERY-th on a new context (fresh storage) with the
// host page loaded, as the WebDriver runner does. A check the host cannot take (drivers/hosts.mjs)
// is skipped with its reason.
//
// Chromium only: axe-core over every fixture under the wasm-permitting CSP (checks marked `axe`),
// every rule in the light theme and the colour rules in the dark one (the DOM is the same whichever build drew it, and whichever
// engine); the frame goes back to the light theme after, for the next fixture. In the ext-apps host
// only: the widget's DOM is the same in every host.
import { test as base, expect } from "@playwright/test";
import { startServers } from "../../../host/server.mjs";
import { CHECK_TIMEOUT } from "../checks/index.mjs";
import { makeDriver, mayReuse, afterCheck, eventually, assert, resetHostPage, mayResetHostPage } from "../checks/lib.mjs";
import { playwrightPage } from "./playwright.mjs";
import { axeViolations } from "../support.mjs";
import { hostNamed } from "./hosts.mjs";

const test = base.extend({
  /** The host the project runs the checks in (drivers/hosts.mjs). */
  host: ["ext-apps", { option: true, scope: "worker" }],
  servers: [
    async ({}, use) => {
      const servers = await startServers();
      await use(servers);
      await servers.close();
    },
    { scope: "worker" },
  ],
  session: [
    async ({ browser }, use) => {
      // `opened`: host pages readied so far; `failed`: the last check failed (the next one starts fresh).
      const session = { context: null, page: null, primitives: null, opened: 0, failed: false };
      await use(session);
      await session.context?.close();
    },
    { scope: "worker" },
  ],
});

/** The host page for the next check: the worker's page put back as loaded, or a fresh one. */
async function readyPage(session, browser, servers, host) {
  const reuse = session.page && !session.failed && mayResetHostPage(session.opened) && (await session.page.evaluate(resetHostPage));
  session.opened += 1;
  if (reuse) session.primitives.forgetErrors();
  else await freshPage(session, browser, servers, host);
}

async function freshPage(session, browser, servers, host) {
  await session.context?.close();
  session.context = await browser.newContext();
  session.page = await session.context.newPage();
  await session.page.goto(`${servers.hostUrl}${host.page}`);
  await session.page.waitForSelector("body[data-ready=true]", { state: "attached" });
  session.primitives = playwrightPage(session.page, servers);
}

export function defineChecks(checks) {
  for (const check of checks) {
    test(check.name, async ({ session, browser, servers, host: hostName }, testInfo) => {
      const host = hostNamed(hostName);
      const inapplicable = host.notApplicable[check.name];
      test.skip(Boolean(inapplicable), `not in the ${host.name} host: ${inapplicable}`);
      test.setTimeout(check.timeout ?? CHECK_TIMEOUT);
      if (!session.primitives || !mayReuse(session.primitives, check)) await readyPage(session, browser, servers, host);
      const page = session.primitives;
      page.note = (text) => {
        testInfo.annotations.push({ type: "note", description: text });
        console.log(`note [chromium, ${host.name}] ${check.name}: ${text}`);
      };
      const d = makeDriver(page);
      let passed = false;
      try {
        await check.run(d);
        if (check.axe && host.name === "ext-apps") {
          expect(await axeViolations(session.page), "axe, light theme").toEqual([]);
          await d.contextChanged({ theme: "dark" });
          await eventually(async () => assert.match(await d.attr("#widget", "class"), /theme-dark/));
          expect(await axeViolations(session.page, { colourOnly: true }), "axe, dark theme (the rules a theme can change)").toEqual([]);
          await d.contextChanged({ theme: "light" });
          await eventually(async () => assert.match(await d.attr("#widget", "class"), /theme-light/));
        }
        passed = true;
      } finally {
        afterCheck(page, check, passed);
        session.failed = !passed;
      }
    });
  }
}
