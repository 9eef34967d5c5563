#!/usr/bin/env node
// Formats twiggy's CSV (bench/size-report.sh) into three short tables: the top code and data
// items, the dominators (what keeps the most bytes alive), and the bytes per crate. Names lose
// their crate hashes and are cut to one line; sections that never reach the file (function names,
// wasm-bindgen's own section, both dropped by wasm-bindgen and wasm-opt) are left out.
import { readFileSync } from "node:fs";

const [topCsv, dominatorsCsv] = process.argv.slice(2).map((f) => readFileSync(f, "utf8"));
const TOP = Number(process.env.TOP ?? 25);

/** RFC 4180 rows (twiggy quotes names with commas and doubles inner quotes). */
function rows(csv) {
  const out = [];
  let row = [], field = "", quoted = false;
  for (let i = 0; i < csv.length; i++) {
    const c = csv[i];
    if (quoted) {
      if (c === '"' && csv[i + 1] === '"') { field += '"'; i++; }
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") { row.push(field); field = ""; }
    else if (c === "\n") { row.push(field); out.push(row); row = []; field = ""; }
    else field += c;
  }
  if (field || row.length) { row.push(field); out.push(row); }
  const [header, ...body] = out;
  return body.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
}

const dropped = (name) => name.includes("function names") || name.includes("__wasm_bindgen_unstable") || name.startsWith("custom section");
const clean = (name) => name.replace(/\[[0-9a-f]{12,16}\]/g, "");
const short = (name) => { const n = clean(name); return n.length > 110 ? `${n.slice(0, 107)}...` : n; };
/** The crate an item belongs to: the first path segment of its (demangled) name. */
function crateOf(name) {
  // `<T as Trait>::f` belongs to T's crate; `<_ as Trait>::f` (a closure or a generic) to the trait's.
  const n = clean(name).replace(/^[<&(\s]+/, "").replace(/^(mut |dyn )/, "").replace(/^_ as /, "").replace(/^[<&(\s]+/, "");
  if (n.startsWith("data segment") || n.startsWith("data[")) return "(data)";
  const m = /^([a-z_][a-z0-9_]*)::/.exec(n);
  if (m) return m[1];
  if (process.env.SHOW_OTHER) console.error(name.slice(0, 100));
  return "(other: tables, imports, unnamed)";
}
const pad = (s, n) => String(s).padStart(n);

const items = rows(topCsv).filter((r) => r.Name && !dropped(r.Name));
const total = items.reduce((sum, r) => sum + Number(r.ShallowSize), 0);
console.log(`== top ${TOP} items (shallow bytes, of ${total} in code and data after wasm-bindgen, before wasm-opt)`);
for (const r of items.slice(0, TOP)) console.log(`${pad(r.ShallowSize, 8)}  ${short(r.Name)}`);

console.log(`\n== dominators: the ${TOP} items that keep the most bytes alive (retained bytes)`);
const dominators = rows(dominatorsCsv).filter((r) => r.Name && !dropped(r.Name) && !r.Name.startsWith("<meta root>") && !/^(table|elem)\[/.test(r.Name));
dominators.sort((a, b) => Number(b.RetainedSize) - Number(a.RetainedSize));
for (const r of dominators.slice(0, TOP)) console.log(`${pad(r.RetainedSize, 8)}  ${short(r.Name)}`);

console.log("\n== bytes per crate (shallow, code and data)");
const byCrate = new Map();
for (const r of items) byCrate.set(crateOf(r.Name), (byCrate.get(crateOf(r.Name)) ?? 0) + Number(r.ShallowSize));
for (const [crate, size] of [...byCrate].sort((a, b) => b[1] - a[1]).slice(0, 20)) {
  console.log(`${pad(size, 8)}  ${pad((100 * size / total).toFixed(1), 5)}%  ${crate}`);
}
