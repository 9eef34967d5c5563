#!/usr/bin/env node
// Watches the machine while the test command runs, so that a starved run shows itself: every
// 250 ms it notes the 1-minute load average, the machine's busy CPU time so far (/proc/stat: the
// cores in use between two samples, whoever uses them, browsers that left their parent included),
// how late its own timer fired, and the CPU time other processes than the test command's have
// used so far. A timer that fires late means this process waited for a core that long: the
// machine stalled every process of its priority (browsers and their drivers included) for about as
// long. On SIGTERM it writes what it saw to OUT as JSON ({cores, samples: [[ms since start, load,
// late ms, busy CPU seconds, others' CPU seconds], …]}) and exits.
//
// The test command's processes are those below the process that started this one (the test
// command itself), and those that carry its RESOURCE_WIDGET_TEST_RUN variable (a browser its driver
// left behind is no longer below it, but keeps its environment). Every other process is another's:
// a build in another terminal, a busy loop, another test run. A process is sorted once, when first
// seen; its CPU time counts from then (or from its start, when it started after this monitor).
//
//   node tests/harness/load-monitor.mjs OUT.json [ELSEWHERE]
//
// scripts/test.sh starts it before the first layer and reads OUT (tests/harness/lane-report.mjs) to print
// the peak load and the longest stall of the run and of each lane. ELSEWHERE, when given, is
// kept up to date with the cores other processes not niced past the run's idle work used over the
// last ELSEWHERE_WINDOW_S seconds, in tenths of a core: the lanes' scheduler
// (tests/harness/test-lanes.sh) leaves them those cores.
import { readFileSync, readdirSync, renameSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";

const [out, elsewhereFile] = process.argv.slice(2);
if (!out) {
  console.error("usage: node tests/harness/load-monitor.mjs OUT.json [ELSEWHERE]");
  process.exit(64);
}

const INTERVAL_MS = 250;
// A run of the test command lasts under an hour and a half: this bounds the samples kept.
const MAX_SAMPLES = (2 * 60 * 60 * 1000) / INTERVAL_MS;
const started = Date.now();
const samples = [];

function load1() {
  try {
    return Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
  } catch {
    return null;
  }
}

/** The CPU time all cores have spent busy since boot, in seconds (/proc/stat's first line). */
function busySeconds() {
  try {
    const [, user, nice, system, , , irq, softirq, steal] = readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).map(Number);
    return (user + nice + system + irq + softirq + steal) / 100;
  } catch {
    return null;
  }
}

// ---- other processes' CPU time ----
const TICKS = 100; // USER_HZ: /proc's clock ticks a second on Linux
const RUN = process.env.RESOURCE_WIDGET_TEST_RUN ?? "";
const testCommand = process.ppid;
const bootSeconds = (() => {
  try {
    return Date.now() / 1000 - Number(readFileSync("/proc/uptime", "utf8").split(" ")[0]);
  } catch {
    return 0;
  }
})();
const startedTicks = (started / 1000 - bootSeconds) * TICKS;
/** pid → { start ticks, ours, ticks counted so far } */
const seen = new Map();
let othersTicks = 0;
// Of those, what processes used that compete with the lanes: niced less than the run's idle work
// (nice 10). A process niced more yields the cores to every lane anyway.
const YIELDING_NICE = 10;
let competingTicks = 0;

/** /proc/PID/stat's parent, start time and CPU ticks (user + system), or null when it is gone. */
function stat(pid) {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name (field 2) may hold spaces and parentheses: fields start after its last ")".
    const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]), nice: Number(fields[16]), start: Number(fields[19]) };
  } catch {
    return null;
  }
}

/** Whether `pid` belongs to the test command: below it, or carrying its run's variable. */
function belongsToTheRun(pid, info) {
  for (let at = pid, parent = info.ppid, hops = 0; hops < 64; hops++) {
    if (at === testCommand || parent === testCommand) return true;
    const known = seen.get(parent);
    if (known) return known.ours;
    if (parent <= 1) break;
    at = parent;
    parent = stat(parent)?.ppid ?? 0;
  }
  if (!RUN) return false;
  try {
    return readFileSync(`/proc/${pid}/environ`, "utf8").split("\0").includes(`RESOURCE_WIDGET_TEST_RUN=${RUN}`);
  } catch {
    return false;
  }
}

/** Adds what other processes used since the last scan to othersTicks. */
function scanProcesses() {
  const alive = new Set();
  let names;
  try {
    names = readdirSync("/proc");
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(name);
    if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) continue;
    const info = stat(pid);
    if (!info) continue;
    alive.add(pid);
    let known = seen.get(pid);
    if (!known || known.start !== info.start) {
      const ours = belongsToTheRun(pid, info);
      known = { start: info.start, ours, ticks: info.start >= startedTicks ? 0 : info.ticks };
      seen.set(pid, known);
    }
    if (!known.ours) {
      const used = Math.max(0, info.ticks - known.ticks);
      othersTicks += used;
      if (info.nice < YIELDING_NICE) competingTicks += used;
    }
    known.ticks = info.ticks;
  }
  for (const pid of seen.keys()) if (!alive.has(pid)) seen.delete(pid);
}

// The process table is read every fourth sample (once a second): enough to see who kept the
// cores busy, at a small cost of its own.
const SCAN_EVERY = 4;
let sampled = 0;
scanProcesses();

// What other processes that compete with the lanes used over the last ELSEWHERE_WINDOW_S seconds,
// written whole (a new file renamed over the old) so that a reader never sees half of it.
const ELSEWHERE_WINDOW_S = 10;
const competingAtScans = [[performance.now(), competingTicks]];
function publishElsewhere() {
  if (!elsewhereFile) return;
  const now = performance.now();
  competingAtScans.push([now, competingTicks]);
  while (competingAtScans.length > 2 && now - competingAtScans[1][0] >= ELSEWHERE_WINDOW_S * 1000) competingAtScans.shift();
  const [since, ticksThen] = competingAtScans[0];
  const seconds = (now - since) / 1000;
  if (seconds <= 0) return;
  const tenths = Math.round(((competingTicks - ticksThen) / TICKS / seconds) * 10);
  try {
    writeFileSync(`${elsewhereFile}.new`, `${tenths}\n`);
    renameSync(`${elsewhereFile}.new`, elsewhereFile);
  } catch {
    // The scheduler then reads the last value written, or none.
  }
}

let expected = performance.now() + INTERVAL_MS;
const timer = setInterval(() => {
  const now = performance.now();
  const late = Math.max(0, now - expected);
  expected = now + INTERVAL_MS;
  if (sampled++ % SCAN_EVERY === 0) {
    scanProcesses();
    publishElsewhere();
  }
  if (samples.length < MAX_SAMPLES) samples.push([Date.now() - started, load1(), Math.round(late), busySeconds(), othersTicks / TICKS]);
}, INTERVAL_MS);

function finish() {
  clearInterval(timer);
  writeFileSync(out, JSON.stringify({ started, cores: availableParallelism(), intervalMs: INTERVAL_MS, samples }));
  process.exit(0);
}
process.on("SIGTERM", finish);
process.on("SIGINT", finish);
// The test command may end without stopping it (killed): stop with the parent.
const parent = process.ppid;
setInterval(() => {
  try {
    process.kill(parent, 0);
  } catch {
    finish();
  }
}, 2000).unref();
