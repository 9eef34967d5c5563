// The test command's time limits, in one place. Each is the longest a healthy run was measured to
// need (docs/performance.md, "The test command": the slowest of the measured runs, from the
// lanes' own reports) with a margin; a limit that passes means something stopped answering, and
// the failure names what and where. Assertion waits inside a check (`eventually`, Playwright's
// `expect`) are the checks' own business and are not listed here.
//
// Read by tests/e2e/webdriver.mjs, tests/e2e/checks/index.mjs and playwright.config.mjs as a
// module; by the shell scripts as variables: `eval "$(node tests/harness/timeouts.mjs)"` prints them as
// `export NAME=value` lines.
import { fileURLToPath } from "node:url";

export const TIMEOUTS = {
  // One engine's whole browser-test run (tests/web/, wasm-bindgen-test-runner's
  // WASM_BINDGEN_TEST_TIMEOUT, seconds). The runner also waits this long for the browser to start
  // and the page to load (at least 60 and 300 s).
  BROWSER_TESTS_RUN_S: 120,
  // How long the browser-test runner's read of the page's output may take (the WebDriver script
  // timeout, ms). The read is a one-line script; it waits only while a test holds the page's main
  // thread, for a few seconds at most.
  BROWSER_TESTS_SCRIPT_MS: 30_000,
  // A WebDriver server (geckodriver, WebKitWebDriver under Xvfb) answering its status after start
  // (each run's report prints how long it took: "start-up").
  DRIVER_SERVER_START_MS: 30_000,
  // A new WebDriver session (the browser started) for the end-to-end checks; retried once (the
  // report prints the slowest start).
  E2E_SESSION_START_MS: 60_000,
  // One end-to-end check, unless the check sets its own (a followed run's check waits on the
  // widget's own timers).
  E2E_CHECK_MS: 45_000,
  // A script run in the page over WebDriver, and a page load.
  E2E_SCRIPT_MS: 45_000,
  E2E_PAGE_LOAD_MS: 30_000,
  // The whole WebDriver end-to-end run of one engine; checks after it are reported as not run.
  E2E_RUN_S: 900,
  // One Playwright test, unless it sets its own (the call that waits out the widget's 30 s limit
  // does), and an `expect` assertion's own wait.
  PLAYWRIGHT_TEST_MS: 45_000,
  PLAYWRIGHT_EXPECT_MS: 10_000,
  // One run of a conformance suite against the server (scripts/conformance.sh: a scenario of
  // @modelcontextprotocol/conformance, or MCPJam's MCP Apps test), which prints each one's time.
  CONFORMANCE_RUN_S: 60,
};

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  for (const [name, value] of Object.entries(TIMEOUTS)) console.log(`export ${name}=${value}`);
}
