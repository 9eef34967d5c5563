#!/usr/bin/env node
// The end of the test command's output: each layer and lane with its wall time, its CPU time (its
// processes' user + system time, as far as they were waited for: a browser its driver left is not
// counted), how many cores the whole machine kept busy on average while it ran, and the peak load
// and longest stall then; then the run's own figures. A starved run shows itself here: lanes whose
// stall passes a second waited for a core, not for their own work. With every lane run alone on a
// quiet machine (TEST_CORES=0), "machine cores" is each lane's own use: the shares in
// scripts/test-lanes.sh are set from it.
//
//   node scripts/lane-report.mjs TIMES.tsv MONITOR.json
//
// TIMES.tsv: a line per layer or lane, `name<TAB>start ms<TAB>end ms<TAB>cpu s<TAB>status`, as
// scripts/test.sh writes it (start and end in ms since the epoch). MONITOR.json: what
// scripts/load-monitor.mjs wrote.
import { readFileSync, existsSync } from "node:fs";

const [timesFile, monitorFile] = process.argv.slice(2);
const rows = readFileSync(timesFile, "utf8")
  .split("\n")
  .filter(Boolean)
  .map((line) => {
    const [name, start, end, cpu, status] = line.split("\t");
    return { name, start: Number(start), end: Number(end), cpu: cpu === "" ? null : Number(cpu), status };
  });
const monitor = monitorFile && existsSync(monitorFile) ? JSON.parse(readFileSync(monitorFile, "utf8")) : null;

/** The peak load, longest stall and the machine's average busy cores between two epoch times. */
function during(start, end) {
  if (!monitor) return { load: null, stall: null, cores: null };
  let load = null;
  let stall = null;
  let first = null;
  let last = null;
  for (const sample of monitor.samples) {
    const [at, l, late, busy] = sample;
    const t = monitor.started + at;
    if (t < start || t > end) continue;
    if (l !== null) load = Math.max(load ?? 0, l);
    stall = Math.max(stall ?? 0, late);
    if (busy !== null && busy !== undefined) {
      first ??= { t, busy };
      last = { t, busy };
    }
  }
  const cores = first && last && last.t > first.t ? (last.busy - first.busy) / ((last.t - first.t) / 1000) : null;
  return { load, stall, cores };
}

const fixed = (n, digits = 1) => (n === null || Number.isNaN(n) ? "" : n.toFixed(digits));
const header = ["layer / lane", "wall s", "cpu s", "machine cores", "peak load", "stall ms", ""];
const table = rows.map((r) => {
  const wall = (r.end - r.start) / 1000;
  const { load, stall, cores } = during(r.start, r.end);
  return [
    r.name,
    fixed(wall),
    fixed(r.cpu),
    fixed(cores, 2),
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
  console.log(`\ntotal ${fixed((end - start) / 1000)} s`);
}
if (monitor && rows.length > 0) {
  const start = Math.min(...rows.map((r) => r.start));
  const end = Math.max(...rows.map((r) => r.end));
  const { load, stall, cores } = during(start, end);
  console.log(`machine: ${monitor.cores} cores, ${fixed(cores, 2)} busy on average; peak load average ${fixed(load, 2)}; longest stall ${stall ?? "?"} ms (a 250 ms timer's lateness)`);
}
