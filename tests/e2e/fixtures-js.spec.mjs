// Every fixture under the spec's default CSP (the JavaScript build) in Chromium. The checks are
// tests/e2e/checks/fixtures.mjs, as in every engine.
import { CHECKS } from "./checks/index.mjs";
import { CSP } from "./checks/lib.mjs";
import { defineChecks } from "./drivers/playwright-suite.mjs";

defineChecks(CHECKS.filter((c) => c.share?.csp === CSP.spec));
