#!/usr/bin/env node
// Watches the machine while the test command runs, so that a starved run shows itself: every
// 250 ms it notes the 1-minute load average, the machine's busy CPU time so far (/proc/stat: the
// cores in use between two samples, whoever uses them, browsers that left their parent included),
// and how late its own timer fired. A timer that fires late means this process waited for a core
// that long: the machine stalled every process of its priority (browsers and their drivers
// included) for about as long. On SIGTERM it writes what it saw to OUT as JSON ({cores,
// samples: [[ms since start, load, late ms, busy CPU seconds], …]}) and exits.
//
//   node scripts/load-monitor.mjs OUT.json
//
// scripts/test.sh starts it before the first layer and reads OUT (scripts/lane-report.mjs) to print
// the peak load and the longest stall of the run and of each lane.
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";

const out = process.argv[2];
if (!out) {
  console.error("usage: node scripts/load-monitor.mjs OUT.json");
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

let expected = performance.now() + INTERVAL_MS;
const timer = setInterval(() => {
  const now = performance.now();
  const late = Math.max(0, now - expected);
  expected = now + INTERVAL_MS;
  if (samples.length < MAX_SAMPLES) samples.push([Date.now() - started, load1(), Math.round(late), busySeconds()]);
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
