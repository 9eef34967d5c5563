// End-to-end suite in Chromium: the real dist/resource-widget.html inside the ext-apps test host,
// in Debian's Chromium (never a downloaded browser). The checks every engine runs are
// tests/e2e/checks/ (shared.spec.mjs, fixtures-wasm.spec.mjs, fixtures-js.spec.mjs here; Firefox
// and WebKit: tests/e2e/webdriver.mjs); openai, preview and screenshots are Chromium-only.
// Two workers: each takes a whole file, in order (consecutive fixture checks share a frame).
// mage-live.spec.mjs (the widget on results from a real Mage server) is collected only with
// MAGE_TEST_RESULTS set, as scripts/mage-test.sh sets it; the normal run leaves it out.
// screenshots.spec.mjs makes the README's pictures and asserts nothing the fixture checks do not:
// collected only with SCREENSHOTS=1 or UPDATE_SCREENSHOTS=1, not in every test run.
// Two projects, one per host (tests/e2e/drivers/hosts.mjs): "ext-apps", every spec in our own
// ext-apps host; "mcp-ui", the shared checks' three files in @mcp-ui/client's AppRenderer (host/mcp-ui/).
// Each has its own output folder, so that the two can run side by side (tests/harness/test-lanes.sh).
import { defineConfig } from "@playwright/test";
import { TIMEOUTS } from "./tests/harness/timeouts.mjs";

export default defineConfig({
  testDir: "tests/e2e",
  testMatch: "*.spec.mjs",
  testIgnore: [
    ...(process.env.MAGE_TEST_RESULTS ? [] : ["**/mage-live.spec.mjs"]),
    ...(process.env.SCREENSHOTS || process.env.UPDATE_SCREENSHOTS ? [] : ["**/screenshots.spec.mjs"]),
  ],
  timeout: TIMEOUTS.PLAYWRIGHT_TEST_MS,
  expect: { timeout: TIMEOUTS.PLAYWRIGHT_EXPECT_MS },
  retries: 0,
  workers: 2,
  reporter: [["list"]],
  // Snapshots named without the project (visual.spec.mjs runs in the ext-apps project alone).
  snapshotPathTemplate: "{snapshotDir}/{testFileDir}/{testFileName}-snapshots/{arg}{-snapshotSuffix}{ext}",
  projects: [
    { name: "ext-apps", outputDir: "target/playwright" },
    {
      name: "mcp-ui",
      testMatch: ["shared.spec.mjs", "fixtures-wasm.spec.mjs", "fixtures-js.spec.mjs"],
      use: { host: "mcp-ui" },
      outputDir: "target/playwright-mcp-ui",
    },
  ],
  use: {
    headless: true,
    launchOptions: {
      executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
    },
  },
});
