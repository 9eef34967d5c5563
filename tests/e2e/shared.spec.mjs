// The shared checks (tests/e2e/checks/) in Chromium, through Playwright's runner: the host
// protocol, the CSP builds, the keyboard and the faithful-data checks here; the fixtures in
// fixtures-wasm.spec.mjs and fixtures-js.spec.mjs (one file per Playwright worker at a time).
// Firefox and WebKit run the same list through W3C WebDriver (tests/e2e/webdriver.mjs).
import { CHECKS } from "./checks/index.mjs";
import { CSP } from "./checks/lib.mjs";
import { defineChecks } from "./drivers/playwright-suite.mjs";

defineChecks(CHECKS.filter((c) => !c.share));

// Every check runs in exactly one of the three files.
const elsewhere = CHECKS.filter((c) => c.share && ![CSP.wasm, CSP.spec].includes(c.share.csp));
if (elsewhere.length > 0) throw new Error(`checks in no Chromium spec file: ${elsewhere.map((c) => c.name).join(", ")}`);
