// The module as scripts: the prelude (memory, globals, table, a stub per function, the exports),
// run first, then batches that replace stubs with translated functions as the program calls them.
import { readAt, position, fail, I64 } from "./read.mjs";
import { functionName } from "./sections.mjs";
import { SUPPORT } from "./support.mjs";
import { translateFunction } from "./function.mjs";

// Bytes of wasm code translated at most per batch (past the function that was called).
const BATCH_BYTES = 16384;
// The memory is a plain ArrayBuffer with room for this many 64 KB pages (16 MB, more than a
// 10,000-record result takes), which the wasm's memory.grow fills; past it, a buffer twice as
// large, copied into. The views of a resizable ArrayBuffer, which would grow in place, make the
// widget's code slower.
const RESERVED_PAGES = 256;

/** Appends `value` to the list `map` keeps under `key`. */
const group = (map, key, value) => {
  if (!map.has(key)) map.set(key, []);
  map.get(key).push(value);
};

/**
 * The translation of `wasm` (readSections' description, sections.mjs), its prelude made:
 * { wasm, prelude (text), translated (1 for each function translated), slotsOf and exportsOf
 * (a function's table slots and export names), at (where the cursor stopped, for errors) }.
 */
export function startProgram(wasm, options) {
  const slotsOf = new Map();
  const slots = new Array(wasm.table ? wasm.table.min : 0).fill("null");
  for (const { offset, functions } of wasm.elements) {
    functions.forEach((g, i) => {
      slots[offset + i] = functionName(wasm, g);
      group(slotsOf, g, offset + i);
    });
  }
  const exportsOf = new Map();
  for (const { name, kind, index } of wasm.exports) if (kind === 0) group(exportsOf, index, name);
  const prelude = preludeText(wasm, options, slots);
  const translated = new Uint8Array(wasm.importCount + wasm.bodies.length);
  return { wasm, prelude, translated, slotsOf, exportsOf, at: position() };
}

/** The prelude: the memory and the run-time support, the imports, globals, stubs, table and
 * exports (`slots`: the table's entries as text). */
function preludeText(wasm, options, slots) {
  const { memory, imports, importCount, globals, bodies, start } = wasm;
  const maxPages = memory.max === undefined ? 32768 : Math.min(memory.max, 32768);
  const prelude = ['"use strict";'];
  const reserved = Math.min(maxPages, Math.max(memory.min, options.reservedPages ?? RESERVED_PAGES));
  prelude.push(`let pages=${memory.min},buffer=new ArrayBuffer(${reserved * 65536});`, `const MAXPAGES=${maxPages};`, SUPPORT);
  for (let i = 0; i < importCount; i++) prelude.push(`const ${functionName(wasm, i)}=$imports[${JSON.stringify(imports[i].module)}][${JSON.stringify(imports[i].name)}];`);
  globals.forEach((g, i) => prelude.push(`let g${i}=${g.type === I64 ? g.init[0] : g.init}${g.type === I64 ? `,G${i}=${g.init[1]}` : ""};`));
  // Each function starts as a stub that has its body (and its callees') translated, then calls it.
  // The stubs come from one factory, and find the body in $f: a stub is called once, and a
  // function text for each would make the prelude far longer for the page to parse.
  prelude.push("const $f=[];function S(i){return function(){if(!$f[i])$load(i);return $f[i].apply(null,arguments)}}");
  const stubs = [];
  for (let g = importCount; g < importCount + bodies.length; g++) stubs.push(`${functionName(wasm, g)}=S(${g})`);
  if (stubs.length) prelude.push(`let ${stubs.join(",")};`);
  prelude.push(`const T=[${slots.join(",")}];`);
  const exported = wasm.exports.map(({ name, kind, index }) => {
    const key = JSON.stringify(name);
    if (kind === 0) return `${key}:${functionName(wasm, index)}`;
    if (kind === 2) return `${key}:{get buffer(){return buffer},grow:mgrow}`;
    if (kind === 3) return `${key}:{get value(){return g${index}},set value(v){g${index}=v}}`;
    return fail(`an export of kind ${kind}`);
  });
  prelude.push(`const asmExports={${exported.join(",")}};`);
  if (start !== undefined) prelude.push(`${functionName(wasm, start)}();`);
  return prelude.join("\n");
}

/**
 * The script that replaces the stub of function `index` (and of the functions it calls, breadth
 * first, up to `budget` bytes of wasm: a stub costs a script of its own, a quarter of a
 * millisecond) with translated bodies, and points the table and the exports at them; "" when
 * `index` was translated already.
 */
export function batch(program, index, budget = BATCH_BYTES) {
  const { wasm, translated } = program;
  if (translated[index]) return "";
  const queue = [index];
  const out = ['"use strict";'];
  for (let head = 0; head < queue.length && (out.length === 1 || budget > 0); head++) {
    const g = queue[head];
    if (translated[g]) continue;
    const body = wasm.bodies[g - wasm.importCount];
    budget -= body.end - body.start;
    for (const c of translateInto(program, out, g)) if (!translated[c]) queue.push(c);
  }
  return out.join("\n");
}

/**
 * One script that replaces the stubs of the functions `indices` lists (those not translated
 * yet, none of their callees): for a list known ahead to be called, such as what the program
 * calls as it starts, in one script rather than a batch per call. "" when none is left. Each
 * function is a parenthesised expression, which V8 compiles as the script runs (its heuristic for
 * functions about to be called): one parse, where a plain one is pre-parsed with the script and
 * parsed again at its first call. A batch's callees may never be called and stay lazy.
 */
export function listed(program, indices) {
  const { wasm, translated } = program;
  const out = ['"use strict";'];
  for (const g of indices) {
    if (!(g >= wasm.importCount && g < wasm.importCount + wasm.bodies.length)) {
      readAt(wasm, program.at); // the error names the byte this translation last read, as others do
      fail(`function ${g} listed is not one of the module's own`);
    }
    if (!translated[g]) translateInto(program, out, g, true);
  }
  return out.length > 1 ? out.join("\n") : "";
}

/** Function `g` translated into `out` (`eager`: parenthesised, see `listed`), its binding and
 * its places in the table and exports pointed at it; returns the module's own functions it calls. */
function translateInto(program, out, g, eager = false) {
  const { wasm, slotsOf, exportsOf } = program;
  const name = functionName(wasm, g);
  program.translated[g] = 1;
  const { text, callees } = translateFunction(wasm, g);
  program.at = position();
  out.push(eager ? `$f[${g}]=${name}=(${text});` : `$f[${g}]=${name}=${text};`);
  for (const slot of slotsOf.get(g) ?? []) out.push(`T[${slot}]=${name};`);
  for (const exported of exportsOf.get(g) ?? []) out.push(`asmExports[${JSON.stringify(exported)}]=${name};`);
  return callees;
}

/**
 * Runs the translation in `scope` (the frame's window; a vm context in the tests): sets the two
 * globals its scripts read, runs the prelude through `runScript` (which must run a classic script
 * in that scope before it returns), and has each stub run its batch the same way (`budget` as
 * batch's). The exports are then the scope's `asmExports`. `measure(name, start, index)`, when
 * given, is called after each batch is made ("translate") and after it ran ("script"), with the
 * `performance.now()` the step started at and the function whose call asked for it.
 */
export function install(program, scope, imports, runScript, budget, measure) {
  scope.$imports = imports;
  scope.$load = measure
    ? (index) => {
        const start = performance.now();
        const text = batch(program, index, budget);
        measure("translate", start, index);
        const ran = performance.now();
        runScript(text);
        measure("script", ran, index);
      }
    : (index) => runScript(batch(program, index, budget));
  runScript(program.prelude);
}
