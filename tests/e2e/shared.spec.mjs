// The shared checks (tests/e2e/checks/) in Chromium, through Playwright's runner. Firefox and WebKit
// run the same list through W3C WebDriver (tests/e2e/webdriver.mjs).
//
// Chromium only: axe-core over every fixture under the wasm-permitting CSP, in the light and the
// dark theme (the DOM is the same whichever build drew it, and whichever engine).
import { test, expect, axeViolations } from "./support.mjs";
import { CHECKS, CHECK_TIMEOUT } from "./checks/index.mjs";
import { makeDriver, eventually, assert } from "./checks/lib.mjs";
import { playwrightPage } from "./drivers/playwright.mjs";

for (const check of CHECKS) {
  test(check.name, async ({ hostPage: page, servers }, testInfo) => {
    test.setTimeout(check.timeout ?? CHECK_TIMEOUT);
    const note = (text) => {
      testInfo.annotations.push({ type: "note", description: text });
      console.log(`note [chromium] ${check.name}: ${text}`);
    };
    const d = makeDriver(playwrightPage(page, servers, { note }));
    await check.run(d);

    if (!check.axe) return;
    expect(await axeViolations(page), "axe, light theme").toEqual([]);
    await d.contextChanged({ theme: "dark" });
    await eventually(async () => assert.match(await d.attr("#widget", "class"), /theme-dark/));
    expect(await axeViolations(page), "axe, dark theme").toEqual([]);
  });
}
