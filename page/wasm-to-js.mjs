// The JavaScript build, made in the page from the same wasm.
//
// Where the host's CSP forbids WebAssembly (the MCP Apps spec's default, the MCP Inspector), the
// page translates the widget's wasm into JavaScript and runs it as inline scripts ('unsafe-inline';
// no eval), each function when it is first called. The file carries the wasm once instead of the
// wasm and a second, larger JavaScript copy of it. This module is that translator.
//
// Scope: the WebAssembly MVP as rustc emits it for `-C target-cpu=mvp` after wasm-opt: one memory,
// one function table filled by active element segments, functions, globals, no data section (the
// page carries the data segments apart and copies them in). Anything else stops the translation
// with an error, so the page never runs half a program.
//
// Translation: one pass per function over its instructions. The operand stack becomes a stack of
// expressions; an expression stays unwritten (folded into the instruction that consumes it) until
// something with an effect (a call, a store, a set) would run before it, and then it is written to
// a variable named after its depth (s3). i64 values are pairs of int32 (low word, high word: s3 and
// t3); a function returning i64 returns the low word and leaves the high word in H. Blocks become
// labelled blocks, loops `for(;;)`, branches `break`/`continue` to labels, br_table a `switch`.
// What the MVP traps on and the widget never does (an integer division by zero, a load out of
// bounds, a call through the table with the wrong type) is not checked, as in binaryen's wasm2js.
//
// The parts, in wasm-to-js/, each importing only those above it:
//   read.mjs       the cursor over the wasm's bytes (numbers, names, float literals, immediates)
//   sections.mjs   the module's sections decoded: types, imports, functions, table, memory…
//   support.mjs    the run-time support the translated code calls, as text (memory, i64 helpers)
//   stack.mjs      the function being translated: its locals, its code, its expression stack
//   control.mjs    blocks, loops, branches, return; code no path reaches skipped
//   calls.mjs      call and call_indirect
//   variables.mjs  locals, globals, constants, drop, select
//   memory.mjs     loads, stores, memory.size, memory.grow
//   numeric64.mjs  i64, as word pairs
//   numeric.mjs    i32, f32 and f64 arithmetic, comparisons, conversions (i64's from numeric64.mjs)
//   function.mjs   one function: its instructions, each given to its handler
//   program.mjs    the prelude, and the batches that replace stubs with translated functions
// The page runs them as one script, without imports or exports: page/translator-script.mjs
// bundles this file and its parts in the order the imports give, page/single-html.mjs puts that
// text in the page's boot code, and page/tests/wasm-to-js.test.mjs runs the same text. The cursor and
// the function being translated are the parts' own state, so one translation reads at a time
// (each call runs to its end); several translations may be alive at once.
import { readSections } from "./wasm-to-js/sections.mjs";
import { startProgram, batch, listed, install } from "./wasm-to-js/program.mjs";

/**
 * The translation of `bytes` (a wasm module) into classic scripts that share the global scope,
 * translated as the program runs (a frame runs few of the widget's functions before its first
 * message; translating all of them would take longer than the rest of its start):
 * - `prelude`, run first, declares the memory, the globals, the table, a stub per function and
 *   `asmExports`, the instance's exports (functions, `memory` with `buffer` and `grow`, globals as
 *   `{ value }`). It reads its imports from a global `$imports` (`{ module: { name: function } }`,
 *   as `WebAssembly.instantiate` takes them).
 * - A stub calls the global `$load(index)`, which must run `batch(index)` as a script before it
 *   returns (an inline classic script runs as it is inserted), then calls the translated body,
 *   which the batch put in `$f[index]` as well as in the function's own binding.
 * - `batch(index, budget)`: that script (program.mjs); `listed(indices)`: one script for the
 *   functions listed, without their callees.
 * - `install(scope, imports, runScript, budget, measure)` sets both globals and runs the prelude.
 * `options.names`: name each function after the wasm's name section (for a profiler);
 * `options.reservedPages`: the memory's room, in 64 KB pages, before it grows by copying into a
 * buffer twice as large (default 256; tests set less to see it grow).
 * Throws on anything outside the scope above.
 */
export function wasmToJs(bytes, options = {}) {
  const program = startProgram(readSections(bytes, options.names), options);
  const { importCount, bodies } = program.wasm;
  return {
    prelude: program.prelude,
    batch: (index, budget) => batch(program, index, budget),
    listed: (indices) => listed(program, indices),
    install: (scope, imports, runScript, budget, measure) => install(program, scope, imports, runScript, budget, measure),
    functionCount: importCount + bodies.length,
    importCount,
  };
}
