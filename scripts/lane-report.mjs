#!/usr/bin/env node
// The end of the test command's output: each layer and lane with its wall time, its CPU time (its
// processes' user + system time), how many cores it kept busy on average, and the peak load and
// longest stall while it ran; then the run's own peak load and longest stall. A starved run shows
// itself here: lanes whose stall passes a second waited for a core, not for their own work.
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

/** The peak load and longest stall the monitor saw between two epoch times. */
function during(start, end) {
  if (!monitor) return { load: null, stall: null };
  let load = null;
  let stall = null;
  for (const [at, l, late] of monitor.samples) {
    const t = monitor.started + at;
    if (t < start || t > end) continue;
    if (l !== null) load = Math.max(load ?? 0, l);
    stall = Math.max(stall ?? 0, late);
  }
  return { load, stall };
}

const fixed = (n, digits = 1) => (n === null || Number.isNaN(n) ? "" : n.toFixed(digits));
const header = ["layer / lane", "wall s", "cpu s", "cores", "peak load", "stall ms", ""];
const table = rows.map((r) => {
  const wall = (r.end - r.start) / 1000;
  const { load, stall } = during(r.start, r.end);
  return [
    r.name,
    fixed(wall),
    fixed(r.cpu),
    r.cpu === null || wall <= 0 ? "" : fixed(r.cpu / wall, 2),
    fixed(load, 2),
    stall === null ? "" : String(stall),
    r.status === "0" || r.status === "" ? "" : `exit ${r.status}`,
  ];
});
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i].length)));
const line = (row) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ").trimEnd();
console.log(line(header));
for (const row of table) console.log(line(row));

if (monitor && rows.length > 0) {
  const start = Math.min(...rows.map((r) => r.start));
  const end = Math.max(...rows.map((r) => r.end));
  const { load, stall } = during(start, end);
  console.log(`\nmachine: ${monitor.cores} cores; peak load average ${fixed(load, 2)}; longest stall ${stall ?? "?"} ms (a 250 ms timer's lateness)`);
}
