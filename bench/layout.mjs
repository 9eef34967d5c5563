#!/usr/bin/env node
// Benchmark of the block-graph layout. Prints, for random layered DAGs of 100, 500, 1,000 and
// 5,000 nodes (about 1.5 edges per node, seeded), and for dense graphs at the widget's bounds
// (500 nodes, 2,500 edges, about 20,000 edge segments: crates/widget-model/src/limits.rs): the layout's
// median time natively and in headless Chromium (the same Rust compiled to wasm), elkjs's layered
// algorithm's time in node, and both layouts' edge crossings counted by the same geometric counter.
//
//   node bench/layout.mjs            (after scripts/setup.sh; builds what it needs)
//   SIZES=100,500 RUNS=3 node bench/layout.mjs
import { spawnSync, execFileSync } from "node:child_process";
import { join } from "node:path";
import ELK from "elkjs/lib/elk.bundled.js";
import { randomLayeredDag, denseDag, countCrossings, median } from "./graphs.mjs";
import { ROOT, toolEnv as env, openWasmBench } from "./wasm-page.mjs";

const SIZES = (process.env.SIZES ?? "100,500,1000,5000").split(",").map(Number);
const RUNS = Number(process.env.RUNS ?? 5);
const ELK_RUNS = Number(process.env.ELK_RUNS ?? 3);

const DENSE = process.env.DENSE === "0" ? [] : [
  { label: "500 dense", n: 500, layers: 40, edges: 2_500, span: 8 },
  { label: "500 dense, short", n: 500, layers: 25, edges: 2_500, span: 2 },
];
const graphs = [
  ...SIZES.map((n) => ({ label: String(n), n, ...randomLayeredDag(n, 1) })),
  ...DENSE.map((d) => ({ label: d.label, n: d.n, ...denseDag(d.n, d.layers, d.edges, d.span) })),
];

// --- native -------------------------------------------------------------------------------
execFileSync("cargo", ["build", "--quiet", "--release", "-p", "graph-layout", "--example", "bench"], { cwd: ROOT, env, stdio: "inherit" });
const native = spawnSync(join(ROOT, "target/release/examples/bench"), {
  input: graphs.map((g) => JSON.stringify({ widths: g.widths, edges: g.edges, runs: RUNS })).join("\n") + "\n",
  maxBuffer: 1 << 30,
});
const nativeResults = native.stdout.toString().trim().split("\n").map((line) => JSON.parse(line));

// --- wasm in headless Chromium ---------------------------------------------------------------
const { page, chromiumVersion, close } = await openWasmBench("layout-wasm-bench", "layout_wasm_bench");
const browserMs = await page.evaluate(
  async ({ graphs, runs }) => {
    const mod = await import("/layout_wasm_bench.js");
    await mod.default();
    return graphs.map((g) => {
      const widths = new Float32Array(g.widths);
      const edges = new Uint32Array(g.edges.flat());
      mod.layout_crossings(widths, edges); // warm-up
      const times = [];
      for (let i = 0; i < runs; i++) {
        const t0 = performance.now();
        mod.layout_crossings(widths, edges);
        times.push(performance.now() - t0);
      }
      return times.sort((a, b) => a - b)[Math.floor(times.length / 2)];
    });
  },
  { graphs: graphs.map((g) => ({ widths: g.widths, edges: g.edges })), runs: RUNS },
);
await close();

// --- elkjs in node -------------------------------------------------------------------------
const elk = new ELK();
const elkResults = [];
for (const g of graphs) {
  const graph = {
    id: "root",
    layoutOptions: {
      "elk.algorithm": "layered",
      "elk.direction": "DOWN",
      "elk.edgeRouting": "POLYLINE",
      "elk.spacing.nodeNode": "16",
      "elk.layered.spacing.nodeNodeBetweenLayers": "40",
    },
    children: g.widths.map((w, i) => ({ id: `n${i}`, width: w, height: 36 })),
    edges: g.edges.map(([s, t], i) => ({ id: `e${i}`, sources: [`n${s}`], targets: [`n${t}`] })),
  };
  const times = [];
  let result;
  for (let i = 0; i < ELK_RUNS; i++) {
    const t0 = performance.now();
    result = await elk.layout(structuredClone(graph));
    times.push(performance.now() - t0);
  }
  const lines = result.edges.map((e) => e.sections.flatMap((s) => [s.startPoint, ...(s.bendPoints ?? []), s.endPoint].map((p) => [p.x, p.y])));
  elkResults.push({ ms: median(times), crossings: countCrossings(lines) });
}

// --- report ----------------------------------------------------------------------------------
const fmt = (ms) => (ms < 10 ? ms.toFixed(2) : ms < 100 ? ms.toFixed(1) : Math.round(ms).toString());
console.log(`layout benchmark: medians of ${RUNS} runs (elkjs: ${ELK_RUNS}); Chromium ${chromiumVersion}; node ${process.version}`);
console.log("| graph | nodes | edges | segments | native ms | Chromium ms | elkjs ms | crossings (ours) | crossings (elkjs) | ours / elkjs |");
console.log("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|");
graphs.forEach((g, i) => {
  const ours = countCrossings(nativeResults[i].routes);
  const theirs = elkResults[i].crossings;
  const ratio = theirs === 0 ? (ours === 0 ? "1.00" : "∞") : (ours / theirs).toFixed(2);
  console.log(`| ${g.label} | ${g.n} | ${g.edges.length} | ${nativeResults[i].segments} | ${fmt(nativeResults[i].median_ms)} | ${fmt(browserMs[i])} | ${fmt(elkResults[i].ms)} | ${ours} | ${theirs} | ${ratio} |`);
});
