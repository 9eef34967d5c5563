// The one list of what the end-to-end suite checks in every engine: Chromium through Playwright
// (tests/e2e/shared.spec.mjs), Firefox and WebKit through W3C WebDriver (tests/e2e/webdriver.mjs).
// Each check is { name, timeout?, axe?, run(driver) }; the driver is described in lib.mjs.
import protocol from "./protocol.mjs";
import csp from "./csp.mjs";
import keyboard from "./keyboard.mjs";
import fidelity from "./fidelity.mjs";
import fixtures from "./fixtures.mjs";
import calls from "./calls.mjs";
import follow from "./follow.mjs";
import widths from "./widths.mjs";
import sizes from "./sizes.mjs";
import history from "./history.mjs";
import { TIMEOUTS } from "../../harness/timeouts.mjs";

/** Per-check time limit unless a check sets its own (tests/harness/timeouts.mjs). */
export const CHECK_TIMEOUT = TIMEOUTS.E2E_CHECK_MS;

export const CHECKS = [...protocol, ...sizes, ...csp, ...keyboard, ...fidelity, ...calls, ...follow, ...widths, ...history, ...fixtures];

const names = new Set();
for (const { name } of CHECKS) {
  if (names.has(name)) throw new Error(`two checks are named ${name}`);
  names.add(name);
}
