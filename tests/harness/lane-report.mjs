#!/usr/bin/env node
// The end of the test command's output: each layer and lane with its wall time, its CPU time (the
// user + system time of its processes, those it left behind that ended before it included:
// tests/harness/reap-all.py), how many cores the whole machine kept busy on average while it ran, and the peak load
// and longest stall then, and how many cores other processes than the test command's kept busy
// ("others' cores"); then the run's own figures: its total against the budget (TEST_BUDGET_S), and
// whether the machine was busy with other work (BUSY MACHINE) while it ran. A starved run shows
// itself here: lanes whose stall passes a second waited for a core, not for their own work. With every lane run alone on a
// quiet machine (TEST_CORES=0), "machine cores" is each lane's own use: the shares in
// tests/harness/test-lanes.sh are set from it.
//
//   node tests/harness/lane-report.mjs TIMES.tsv MONITOR.json
//
// TIMES.tsv: a line per layer or lane, `name<TAB>start ms<TAB>end ms<TAB>cpu s<TAB>status`, as
// scripts/test.sh writes it (start and end in ms since the epoch). MONITOR.json: what
// tests/harness/load-monitor.mjs wrote.
import { readFileSync, existsSync } from "node:fs";

const [timesFile, monitorFile] = process.argv.slice(2);
/** The test command's time budget on a new machine, seconds (TEST_BUDGET_S), printed beside the total. */
const BUDGET_S = Number(process.env.TEST_BUDGET_S ?? 0) || null;
/** Other processes' average use, in cores, from which the run is called busy. */
const BUSY_CORES = 0.25;
const rows = readFileSync(timesFile, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [name, start, end, cpu, status] = line.split("\t");
    return { name, start: Number(start), end: Number(end), cpu: cpu === "" ? null : Number(cpu), status };
  });
const monitor = monitorFile && existsSync(monitorFile) ? JSON.parse(readFileSync(monitorFile, "utf8")) : null;

/**
 * Between two epoch times: the peak load, the longest stall, the machine's average busy cores, and
 * the CPU seconds and average cores that processes other than the test command's used.
 */
function during(start, end) {
  if (!monitor) return { load: null, stall: null, cores: null, others: null, othersCores: null };
  let load = null;
  let stall = null;
  let first = null;
  let last = null;
  for (const sample of monitor.samples) {
    const [at, l, late, busy, others] = sample;
    const t = monitor.started + at;
    if (t < start || t > end) continue;
    if (l !== null) load = Math.max(load ?? 0, l);
    stall = Math.max(stall ?? 0, late);
    if (busy !== null && busy !== undefined) {
      first ??= { t, busy, others };
      last = { t, busy, others };
    }
  }
  const seconds = first && last && last.t > first.t ? (last.t - first.t) / 1000 : null;
  const cores = seconds ? (last.busy - first.busy) / seconds : null;
  const others = seconds && typeof first.others === "number" ? last.others - first.others : null;
  return { load, stall, cores, others, othersCores: others === null ? null : others / seconds };
}

const fixed = (n, digits = 1) => (n === null || Number.isNaN(n) ? "" : n.toFixed(digits));
const header = ["layer / lane", "wall s", "cpu s", "machine cores", "others' cores", "peak load", "stall ms", ""];
const table = rows.map((r) => {
  const wall = (r.end - r.start) / 1000;
  const { load, stall, cores, othersCores } = during(r.start, r.end);
  return [
    r.name,
    fixed(wall),
    fixed(r.cpu),
    fixed(cores, 2),
    fixed(othersCores, 2),
    fixed(load, 2),
    stall === null ? "" : String(stall),
    r.status === "0" || r.status === "" ? "" : `exit ${r.status}`,
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ").trimEnd();
console.log(line(header));
for (const row of table) console.log(line(row));

if (rows.length > 0) {
  const start = Math.min(...rows.map((r) => r.start));
  const end = Math.max(...rows.map((r) => r.end));
  const total = (end - start) / 1000;
  const budget = BUDGET_S ? `, against a budget of ${fixed(BUDGET_S, 0)} s on a new machine: ${total <= BUDGET_S ? "within" : "OVER"}` : "";
  console.log(`\ntotal ${fixed(total)} s${budget}`);
  if (monitor) {
    const { load, stall, cores, others, othersCores } = during(start, end);
    console.log(`machine: ${monitor.cores} cores, ${fixed(cores, 2)} busy on average; peak load average ${fixed(load, 2)}; longest stall ${stall ?? "?"} ms (a 250 ms timer's lateness)`);
    if (others !== null) {
      const own = cores === null ? null : (cores - othersCores) * total;
      console.log(`other processes: ${fixed(others)} CPU s (${fixed(othersCores, 2)} cores on average) beside the test command's ${fixed(own)} CPU s`);
      if (othersCores >= BUSY_CORES) {
        console.log(`BUSY MACHINE: other processes kept ${fixed(othersCores, 2)} of ${monitor.cores} cores busy while the tests ran; times here are not the tests' own`);
      }
    }
  }
}
