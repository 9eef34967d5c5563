// Every fixture under the wasm-permitting CSP (the wasm build) in Chromium, with axe-core in the
// light and the dark theme. The checks are tests/e2e/checks/fixtures.mjs, as in every engine.
import { CHECKS } from "./checks/index.mjs";
import { CSP } from "./checks/lib.mjs";
import { defineChecks } from "./drivers/playwright-suite.mjs";

defineChecks(CHECKS.filter((c) => c.share?.csp === CSP.wasm));
