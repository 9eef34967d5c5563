#!/usr/bin/env node
// Parse once: which way of bringing a tool result into Rust is faster, in headless Chromium, for
// 1,000 and 10,000 pipeline-run records? A host delivers the CallToolResult as a JavaScript object
// (structured-cloned by postMessage) whose `content[0].text` usually holds the same JSON as text.
// Prints medians of RUNS runs (default 7) of:
//   - serde_json from JSON.stringify(structuredContent)  (what the widget's bridge does)
//   - serde_json from content[0].text                     (when the text is there)
//   - serde-wasm-bindgen from the structuredContent object
//   - serde_json validating only, and keeping records as raw spans (the model's path for long lists)
//   - JSON.parse in JavaScript, for scale
//
//   node bench/parse.mjs        (after scripts/setup.sh; builds bench/parse-wasm-bench)
import { pipelineRunsResult } from "./records.mjs";
import { openWasmBench } from "./wasm-page.mjs";

const RUNS = Number(process.env.RUNS ?? 7);
const SIZES = [1000, 10000];

const { page, chromiumVersion, close } = await openWasmBench("parse-wasm-bench", "parse_wasm_bench");
const rows = [];
for (const n of SIZES) {
  const result = pipelineRunsResult(n);
  const figures = await page.evaluate(
    async ({ resultText, runs }) => {
      const mod = await import("/parse_wasm_bench.js");
      await mod.default();
      const result = JSON.parse(resultText);
      const structured = result.structuredContent;
      const text = result.content[0].text;
      const ways = {
        "stringify + serde_json": () => mod.from_text(JSON.stringify({ structuredContent: structured })),
        "serde_json from content[0].text": () => mod.from_text(text),
        "serde-wasm-bindgen from the object": () => mod.from_object(structured),
        "serde_json scan only": () => mod.scan_only(text),
        "serde_json, records as raw spans": () => mod.raw_records(JSON.stringify({ structuredContent: structured })),
        "JSON.parse (JavaScript)": () => JSON.parse(text).records.length,
      };
      const out = {};
      for (const [name, run] of Object.entries(ways)) {
        const count = run(); // warm-up, and proof the work was done
        const times = [];
        for (let i = 0; i < runs; i++) {
          const t0 = performance.now();
          run();
          times.push(performance.now() - t0);
        }
        out[name] = { count, ms: times.sort((a, b) => a - b)[Math.floor(times.length / 2)] };
      }
      return out;
    },
    { resultText: JSON.stringify(result), runs: RUNS },
  );
  rows.push({ n, figures });
}
await close();

console.log(`parse benchmark: medians of ${RUNS} runs; Chromium ${chromiumVersion}`);
console.log(`| way | ${SIZES.map((n) => `${n.toLocaleString("en-US")} records (ms)`).join(" | ")} |`);
console.log(`|---|${SIZES.map(() => "---:").join("|")}|`);
for (const name of Object.keys(rows[0].figures)) {
  const cells = rows.map(({ n, figures }) => {
    const { ms, count } = figures[name];
    // A way that saw no records did not do the work: say so rather than print a fast time.
    return count > 0 ? ms.toFixed(1) : `failed (${count})`;
  });
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}
