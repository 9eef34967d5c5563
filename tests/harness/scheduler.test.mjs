// The lanes' scheduler (tests/harness/test-lanes.sh): which lane may start beside which, on a quiet
// machine and on one busy with other work. Each case sources the real file in bash, with the
// lanes it names running, the load monitor's file saying what other work uses, and asks `fits`.
//
//   node --test tests/harness/scheduler.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/**
 * Whether the lane named `candidate` may start on a 2-core machine while the lanes `running` run
 * and other work uses `elsewhere` tenths of the cores (undefined: the monitor has said nothing).
 */
function fits(candidate, running, elsewhere) {
  const dir = mkdtempSync(join(tmpdir(), "scheduler-test-"));
  try {
    const elsewhereFile = join(dir, "elsewhere");
    if (elsewhere !== undefined) writeFileSync(elsewhereFile, `${elsewhere}\n`);
    const script = `
      set -euo pipefail
      ELSEWHERE=${JSON.stringify(elsewhereFile)} LOGS=${JSON.stringify(dir)}
      . tests/harness/test-lanes.sh
      index() { local i; for i in "\${!LANE_NAMES[@]}"; do [ "\${LANE_NAMES[$i]}" = "$1" ] && { echo "$i"; return; }; done; echo "no lane $1" >&2; exit 2; }
      declare -A running=()
      used=0 others=0 pid=1
      for name in "$@"; do
        i=$(index "$name")
        running[$pid]=$i; pid=$((pid + 1))
        count_share "$i" 1
      done
      if fits "$(index ${JSON.stringify(candidate)})" "$used" "$others"; then echo yes; else echo no; fi
    `;
    const result = spawnSync("bash", ["-c", script, "fits", ...running], {
      encoding: "utf8",
      env: { ...process.env, TEST_CORES: "2" },
    });
    assert.equal(result.status, 0, result.stderr);
    return result.stdout.trim() === "yes";
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const CHROMIUM = "e2e chromium (playwright)";
const MCP_UI = "e2e chromium mcp-ui (playwright)";
const WEBKIT = "e2e webkit (webdriver)";
const FIREFOX = "e2e firefox (webdriver)";

test("on a quiet machine with no build running, two browser lanes within 1.4 times the cores run side by side", () => {
  assert.equal(fits(MCP_UI, [CHROMIUM], 0), true);
  assert.equal(fits(MCP_UI, [CHROMIUM], undefined), true);
  assert.equal(fits(WEBKIT, [CHROMIUM], 0), true);
});

test("never more than 1.4 times the cores: a third browser lane waits", () => {
  assert.equal(fits(FIREFOX, [CHROMIUM, MCP_UI], 0), false);
  assert.equal(fits(WEBKIT, [CHROMIUM, MCP_UI], 0), false);
});

test("beside a build, a browser lane fits only within the cores", () => {
  assert.equal(fits(FIREFOX, ["release build"], 0), true);
  assert.equal(fits(CHROMIUM, ["release build"], 0), false);
  assert.equal(fits(MCP_UI, ["test-hooks build", CHROMIUM], 0), false);
});

test("a build starts past the cores beside builds alone, never past them beside a browser lane", () => {
  assert.equal(fits("native build", ["cargo tools", "widget compile"], 0), true);
  assert.equal(fits("release build", [CHROMIUM], 0), false);
  assert.equal(fits("release build", [FIREFOX], 0), true);
});

test("on a busy machine the cores other work uses are left to it, and nothing is overcommitted", () => {
  // One core busy elsewhere: one lane of the remaining core at a time.
  assert.equal(fits(MCP_UI, [CHROMIUM], 10), false);
  assert.equal(fits(WEBKIT, ["mage"], 10), false);
  assert.equal(fits(FIREFOX, ["mage"], 10), true);
  // Half a core busy elsewhere: no overcommit, and a core and a half for the lanes.
  assert.equal(fits(MCP_UI, [CHROMIUM], 5), false);
  assert.equal(fits(FIREFOX, ["browser chromium"], 5), false);
  assert.equal(fits(FIREFOX, ["mage"], 5), true);
});

test("idle work always starts, and any lane starts when none runs, however busy the machine", () => {
  assert.equal(fits("browser build", [CHROMIUM, MCP_UI], 20), true);
  assert.equal(fits(WEBKIT, [], 20), true);
});

test("a monitor's file that says nothing readable counts as a quiet machine", () => {
  assert.equal(fits(MCP_UI, [CHROMIUM], "half"), true);
});
