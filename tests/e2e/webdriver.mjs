#!/usr/bin/env node
// Runs the shared end-to-end checks (tests/e2e/checks/) in Firefox and WebKit over W3C WebDriver:
// one test server pair for the whole run, each engine's WebDriver server, a bounded number of
// browser sessions per engine working through the list, a time limit per check, a line per check,
// a summary, and a non-zero exit when anything failed or did not run.
//
//   node tests/e2e/webdriver.mjs [--engines firefox,webkit] [--host ext-apps|mcp-ui] [--sessions N] [--grep TEXT] [--deadline SECONDS]
//
// --host: the host the checks run in (drivers/hosts.mjs; default ext-apps); a check it cannot take
// is listed as skipped with its reason.
// --sessions: browser sessions per engine (default 1: each session is a browser, and a browser
// that waits for a core stops answering). --grep: only checks whose name contains TEXT.
// --deadline: the whole run's limit (default tests/harness/timeouts.mjs's E2E_RUN_S). Results
// (results-<engines>.json) and each driver's log go to target/e2e-webdriver/ (another host's to
// target/e2e-webdriver/<host>/).
//
// Time limits are tests/harness/timeouts.mjs's. A session that does not start is started once more, and
// the log says so; a check that fails is never run again. A session lost in a check (the browser
// stopped answering) fails that check, named, and the next check gets a new session.
import { writeFileSync, mkdirSync, existsSync, readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { startServers } from "../../host/server.mjs";
import { CHECKS, CHECK_TIMEOUT } from "./checks/index.mjs";
import { makeDriver, mayReuse, afterCheck } from "./checks/lib.mjs";
import { ENGINES, startDriverServer, newSession, webdriverPage } from "./drivers/webdriver.mjs";
import { hostNamed } from "./drivers/hosts.mjs";
import { TIMEOUTS } from "../harness/timeouts.mjs";

const { values: options } = parseArgs({
  options: {
    engines: { type: "string", default: "firefox,webkit" },
    host: { type: "string", default: "ext-apps" },
    sessions: { type: "string", default: "1" },
    grep: { type: "string", default: "" },
    deadline: { type: "string", default: String(TIMEOUTS.E2E_RUN_S) },
  },
});
const engines = options.engines.split(",").filter(Boolean);
for (const engine of engines) if (!ENGINES[engine]) throw new Error(`unknown engine ${engine}`);
const sessionsPerEngine = Math.max(1, Math.min(4, Number(options.sessions) || 1));
const host = hostNamed(options.host);
const chosen = CHECKS.filter((c) => c.name.includes(options.grep));
const checks = chosen.filter((c) => !host.notApplicable[c.name]);
for (const c of chosen) if (host.notApplicable[c.name]) console.log(`  - skipped in the ${host.name} host: ${c.name}: ${host.notApplicable[c.name]}`);
// Each host its own folder: runs in two hosts can go side by side (tests/harness/test-lanes.sh).
const OUT = host.name === "ext-apps" ? "target/e2e-webdriver" : `target/e2e-webdriver/${host.name}`;
mkdirSync(OUT, { recursive: true });

const started = Date.now();
const deadline = started + Number(options.deadline) * 1000;
const seconds = (ms) => `${(ms / 1000).toFixed(1)}s`;

/** Settles with fn's outcome, or rejects after `ms`. */
function within(ms, what, promise) {
  let timer;
  return Promise.race([
    promise,
    new Promise((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: timed out after ${seconds(ms)}`)), ms))),
  ]).finally(() => clearTimeout(timer));
}

const quit = (driver) => within(10_000, "quit", driver.quit()).catch(() => {});

/** A new session within E2E_SESSION_START_MS; one that does not start is tried once more, said in the log. */
/** How long each driver server and each session took to start, for tests/harness/timeouts.mjs's limits. */
const startTimes = { driverServer: {}, sessions: [] };

async function startSession(engine, url) {
  const attempt = async () => {
    const t0 = Date.now();
    const driver = await within(TIMEOUTS.E2E_SESSION_START_MS, `${engine}: new WebDriver session`, newSession(engine, url));
    startTimes.sessions.push({ engine, ms: Date.now() - t0 });
    return driver;
  };
  try {
    return await attempt();
  } catch (error) {
    console.log(`  ! [${engine}] the session did not start (${String(error?.message ?? error).split("\n")[0]}); starting it once more`);
    return await attempt();
  }
}

/** Whether a WebDriver error says the session itself is gone (the browser died or stopped answering). */
const isLostSession = (error) => error?.name === "NoSuchSessionError" || /invalid session id|session deleted|no such session/i.test(String(error?.message));

/** Runs `queue` (shared by the engine's sessions) in one session; returns nothing, fills `results`. */
async function worker(engine, url, servers, queue, results) {
  let driver = null;
  let page = null;
  while (queue.length > 0) {
    const check = queue.shift();
    const result = { engine, name: check.name, notes: [] };
    results.push(result);
    if (Date.now() > deadline) {
      Object.assign(result, { status: "not run", error: "the run's deadline passed" });
      report(result);
      continue;
    }
    const t0 = Date.now();
    try {
      if (!driver) {
        driver = await startSession(engine, url);
        page = webdriverPage(driver, engine, servers, host.page);
      }
      page.note = (text) => result.notes.push(text);
      const limit = check.timeout ?? CHECK_TIMEOUT;
      await within(limit, check.name, (async () => {
        if (!mayReuse(page, check)) {
          page.shared = null;
          await page.open();
        }
        await check.run(makeDriver(page));
      })());
      afterCheck(page, check, true);
      result.status = "passed";
    } catch (error) {
      result.status = "failed";
      result.error = String(error?.stack ?? error);
      if (isLostSession(error)) result.error = `${engine} stopped answering its WebDriver server during this check (the session is gone): ${result.error}`;
      // The session may be stuck in the check's last command: start the next check on a new one.
      if (driver) await quit(driver);
      driver = null;
      page = null;
    }
    result.ms = Date.now() - t0;
    report(result);
  }
  if (driver) await quit(driver);
}

function report(r) {
  const mark = r.status === "passed" ? "✓" : "✘";
  console.log(`  ${mark} [${r.engine}] ${r.name} (${r.status === "not run" ? "not run" : seconds(r.ms)})`);
  for (const n of r.notes) console.log(`      note: ${n}`);
  if (r.status !== "passed") console.log(r.error.split("\n").map((l) => `      ${l}`).join("\n"));
}

const servers = await startServers();
const drivers = [];
const stopAll = async () => {
  await Promise.all(drivers.map((d) => d.stop().catch(() => {})));
  await servers.close();
};
for (const signal of ["SIGINT", "SIGTERM"]) {
  process.on(signal, async () => {
    await stopAll();
    process.exit(130);
  });
}

const results = [];
const timing = {};
try {
  console.log(`${checks.length} checks × ${engines.join(", ")}, ${sessionsPerEngine} session(s) per engine`);
  await Promise.all(
    engines.map(async (engine) => {
      const t0 = Date.now();
      let server;
      try {
        server = await startDriverServer(engine, { logDir: OUT });
        startTimes.driverServer[engine] = Date.now() - t0;
      } catch (error) {
        for (const check of checks) {
          const r = { engine, name: check.name, notes: [], status: "not run", error: String(error?.message ?? error) };
          results.push(r);
        }
        console.log(`  ✘ [${engine}] ${error.message}`);
        return;
      }
      drivers.push(server);
      const queue = [...checks];
      await Promise.all(Array.from({ length: sessionsPerEngine }, () => worker(engine, server.url, servers, queue, results)));
      await server.stop();
      timing[engine] = Date.now() - t0;
    }),
  );
} finally {
  await stopAll();
}

writeFileSync(`${OUT}/results-${engines.join("-")}.json`, JSON.stringify({ started: new Date(started).toISOString(), timing, startTimes, results }, null, 2));
const failed = results.filter((r) => r.status !== "passed");
const slowest = (list) => (list.length ? `${seconds(Math.max(...list))}` : "—");
console.log(`\nstart-up: driver server ${Object.entries(startTimes.driverServer).map(([e, ms]) => `${e} ${seconds(ms)}`).join(", ") || "—"}; sessions ${startTimes.sessions.length}, the slowest ${slowest(startTimes.sessions.map((x) => x.ms))}; the slowest check ${slowest(results.filter((r) => r.ms !== undefined).map((r) => r.ms))}`);
console.log("");
for (const engine of engines) {
  const mine = results.filter((r) => r.engine === engine);
  const passed = mine.filter((r) => r.status === "passed").length;
  console.log(`${engine}: ${passed} passed, ${mine.length - passed} failed or not run, ${seconds(timing[engine] ?? 0)}`);
}
if (failed.length > 0) {
  console.log(`\n${failed.length} failed:`);
  for (const r of failed) console.log(`  ✘ [${r.engine}] ${r.name}: ${r.error.split("\n")[0]}`);
  // What each engine's WebDriver server said last: a browser that would not start or died says
  // why there, not in the checks' errors.
  for (const engine of new Set(failed.map((r) => r.engine))) {
    const log = `${OUT}/${engine}-driver.log`;
    const lines = existsSync(log) ? readFileSync(log, "utf8").split("\n").filter((l) => l.trim()).slice(-8) : [];
    console.log(`\nthe end of ${log}:${lines.length ? "" : " (empty)"}`);
    for (const line of lines) console.log(`  | ${line.slice(0, 300)}`);
  }
  process.exitCode = 1;
} else {
  console.log(`all ${results.length} checks passed in ${seconds(Date.now() - started)}`);
}
