// The page's wasm-to-JavaScript translator (page/wasm-to-js.mjs and its parts) against the
// engine's own WebAssembly: every numeric instruction on edge and random operands, memory access
// at every alignment, control flow with values, calls with i64, and the widget's own wasm
// translated whole. The translator runs as the page runs it: the one script
// page/translator-script.mjs bundles from the modules, which must make the same text.
// Run: node --test page/tests/wasm-to-js.test.mjs
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync, existsSync, mkdtempSync, mkdirSync, writeFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import vm from "node:vm";
import { wasmToJs as moduleWasmToJs } from "../wasm-to-js.mjs";
import { translatorScript, wasmToJsOf } from "../translator-script.mjs";
import { splitData } from "../wasm-data.mjs";

/** The translator the page runs (page/single-html.mjs puts this script in the page). */
const wasmToJs = wasmToJsOf(translatorScript());

const I32 = 0x7f, I64 = 0x7e, F32 = 0x7d, F64 = 0x7c;

// ---- a small wasm encoder ----
const uleb = (n) => {
  const out = [];
  do {
    let b = n & 127;
    n = Math.floor(n / 128);
    if (n) b |= 128;
    out.push(b);
  } while (n);
  return out;
};
const sleb = (v) => {
  let n = BigInt(v);
  const out = [];
  for (;;) {
    const b = Number(n & 127n);
    n >>= 7n;
    if ((n === 0n && !(b & 64)) || (n === -1n && b & 64)) return [...out, b];
    out.push(b | 128);
  }
};
const vec = (items) => [...uleb(items.length), ...items.flat()];
const section = (id, bytes) => [id, ...uleb(bytes.length), ...bytes];
const name = (s) => vec([...Buffer.from(s)]);
/** A module of functions `{ params, results, locals, body }` (body: bytes before `end`), all
 * exported as f0, f1…, with one memory (exported) and a table of every function. */
function encode(functions, { memoryPages = 1 } = {}) {
  const types = functions.map((f) => [0x60, ...vec(f.params), ...vec(f.results ?? [])]);
  const bodies = functions.map((f) => {
    const locals = vec((f.locals ?? []).map((t) => [1, t]));
    const code = [...locals, ...f.body, 0x0b];
    return [...uleb(code.length), ...code];
  });
  const exports = functions.map((_, i) => [...name(`f${i}`), 0, ...uleb(i)]);
  exports.push([...name("memory"), 2, 0]);
  return new Uint8Array([
    0, 97, 115, 109, 1, 0, 0, 0,
    ...section(1, vec(types)),
    ...section(3, vec(functions.map((_, i) => uleb(i)))),
    ...section(4, [1, 0x70, 0, ...uleb(functions.length)]),
    ...section(5, [1, 0, ...uleb(memoryPages)]),
    ...section(7, vec(exports)),
    ...section(9, [1, 0, 0x41, 0, 0x0b, ...vec(functions.map((_, i) => uleb(i)))]),
    ...section(10, vec(bodies)),
  ]);
}
/**
 * The translation run as the page runs it: its prelude, then each function's batch when a stub
 * asks for it, as scripts sharing one global scope (a vm context here, the frame's window there).
 * `batches` counts the scripts run after the prelude (one per stub called).
 */
function run(bytes, imports = {}, budget, options) {
  const translation = wasmToJs(bytes, options);
  const context = vm.createContext({});
  const stats = { batches: -1 };
  translation.install(
    context,
    imports,
    (text) => {
      stats.batches++;
      vm.runInContext(text, context);
    },
    budget,
  );
  return {
    exports: vm.runInContext("asmExports", context),
    high: () => vm.runInContext("H", context),
    runScript: (text) => vm.runInContext(text, context),
    stats,
    translation,
  };
}
/** The module both ways: the engine's instance and the translation's. */
function both(functions, options) {
  const bytes = encode(functions, options);
  const native = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  return { native, translated: run(bytes) };
}

// ---- values ----
const i32Edges = [0, 1, -1, 2, 31, 32, 33, 63, 64, 0x7fffffff, -0x80000000, 0x12345678, -0x12345678, 0xffff, 0x10000, 255, 256];
const i64Edges = [0n, 1n, -1n, 2n, 31n, 32n, 63n, 64n, 0xffffffffn, 0x100000000n, -0x100000000n, 0x7fffffffffffffffn, -0x8000000000000000n, 0x123456789abcdefn, -0x123456789abcdefn, 10000n, 0x1fffffffffffffn, 0x20000000000001n];
const f64Edges = [0, -0, 1, -1, 0.5, -0.5, 1.5, 2.5, -2.5, 3.5, 1e-310, 1e300, -1e300, Infinity, -Infinity, NaN, Math.PI, 2 ** 31, 2 ** 32 - 1, 2 ** 53, -(2 ** 52) - 0.5, 4294967296.5];
let seed = 12345;
const random32 = () => {
  seed = (Math.imul(seed, 1103515245) + 12345) | 0;
  return seed;
};
const random64 = () => (BigInt(random32()) << 32n) | BigInt(random32() >>> 0);
const values = (type, count) => {
  if (type === I32) return [...i32Edges, ...Array.from({ length: count }, random32)];
  if (type === I64) return [...i64Edges, ...Array.from({ length: count }, random64)];
  const floats = [...f64Edges, ...Array.from({ length: count }, () => random32() / (random32() || 1)), ...Array.from({ length: count }, () => random32() * 1e-3)];
  return type === F32 ? floats.map(Math.fround) : floats;
};
const words = (v) => [Number(BigInt.asIntN(32, v)), Number(BigInt.asIntN(32, v >> 32n))];
const argsFor = (types, vals) => types.flatMap((t, i) => (t === I64 ? words(vals[i]) : [vals[i]]));
/** Result of a translated call in the engine's form (BigInt for i64). */
const resultOf = (type, low, high) => (type === I64 ? (BigInt(high) << 32n) | BigInt(low >>> 0) : type === I32 ? low | 0 : low);
const same = (a, b) => (typeof a === "number" && Number.isNaN(a) ? Number.isNaN(b) : Object.is(a, b));

// Each numeric instruction: [opcode, parameter types, result type, operands that trap in wasm (skipped)].
const divides = (a, b) => b === 0 || b === 0n;
const overflows32 = (a, b) => b === -1 && a === -0x80000000;
const overflows64 = (a, b) => b === -1n && a === -0x8000000000000000n;
const NUMERIC = [
  ...[0x45].map((op) => [op, [I32], I32]),
  ...[0x46, 0x47, 0x48, 0x49, 0x4a, 0x4b, 0x4c, 0x4d, 0x4e, 0x4f].map((op) => [op, [I32, I32], I32]),
  [0x50, [I64], I32],
  ...[0x51, 0x52, 0x53, 0x54, 0x55, 0x56, 0x57, 0x58, 0x59, 0x5a].map((op) => [op, [I64, I64], I32]),
  ...[0x5b, 0x5c, 0x5d, 0x5e, 0x5f, 0x60].map((op) => [op, [F32, F32], I32]),
  ...[0x61, 0x62, 0x63, 0x64, 0x65, 0x66].map((op) => [op, [F64, F64], I32]),
  ...[0x67, 0x68, 0x69].map((op) => [op, [I32], I32]),
  ...[0x6a, 0x6b, 0x6c, 0x71, 0x72, 0x73, 0x74, 0x75, 0x76, 0x77, 0x78].map((op) => [op, [I32, I32], I32]),
  [0x6d, [I32, I32], I32, (a, b) => divides(a, b) || overflows32(a, b)],
  [0x6e, [I32, I32], I32, divides],
  [0x6f, [I32, I32], I32, divides],
  [0x70, [I32, I32], I32, divides],
  ...[0x79, 0x7a, 0x7b].map((op) => [op, [I64], I64]),
  ...[0x7c, 0x7d, 0x7e, 0x83, 0x84, 0x85, 0x86, 0x87, 0x88, 0x89, 0x8a].map((op) => [op, [I64, I64], I64]),
  [0x7f, [I64, I64], I64, (a, b) => divides(a, b) || overflows64(a, b)],
  [0x80, [I64, I64], I64, divides],
  [0x81, [I64, I64], I64, divides],
  [0x82, [I64, I64], I64, divides],
  ...[0x8b, 0x8c, 0x8d, 0x8e, 0x8f, 0x90, 0x91].map((op) => [op, [F32], F32]),
  ...[0x92, 0x93, 0x94, 0x95, 0x96, 0x97, 0x98].map((op) => [op, [F32, F32], F32]),
  ...[0x99, 0x9a, 0x9b, 0x9c, 0x9d, 0x9e, 0x9f].map((op) => [op, [F64], F64]),
  ...[0xa0, 0xa1, 0xa2, 0xa3, 0xa4, 0xa5, 0xa6].map((op) => [op, [F64, F64], F64]),
  [0xa7, [I64], I32],
  [0xaa, [F64], I32, (x) => !(x > -2147483649 && x < 2147483648)],
  [0xab, [F64], I32, (x) => !(x > -1 && x < 4294967296)],
  [0xa8, [F32], I32, (x) => !(x > -2147483649 && x < 2147483648)],
  [0xac, [I32], I64],
  [0xad, [I32], I64],
  [0xb0, [F64], I64, (x) => !(x > -9223372036854777856 && x < 9223372036854775808)],
  [0xb1, [F64], I64, (x) => !(x > -1 && x < 18446744073709551616)],
  [0xb2, [I32], F32],
  [0xb3, [I32], F32],
  [0xb6, [F64], F32],
  [0xb7, [I32], F64],
  [0xb8, [I32], F64],
  [0xb9, [I64], F64],
  [0xba, [I64], F64],
  [0xbb, [F32], F64],
  [0xbc, [F32], I32],
  [0xbd, [F64], I64],
  [0xbe, [I32], F32],
  [0xbf, [I64], F64],
];

test("every numeric instruction gives what the engine gives, on edge and random operands", () => {
  const functions = NUMERIC.map(([op, params, result]) => ({
    params,
    results: [result],
    body: [...params.flatMap((_, i) => [0x20, i]), op],
  }));
  const { native, translated } = both(functions);
  NUMERIC.forEach(([op, params, result, traps], index) => {
    const name = `f${index}`;
    const operands = params.map((t) => values(t, 40));
    const combos = params.length === 1 ? operands[0].map((a) => [a]) : operands[0].flatMap((a, i) => operands[1].filter((_, j) => (i + j) % 7 === 0 || i < 8).map((b) => [a, b]));
    for (const vals of combos) {
      if (traps?.(...vals)) continue;
      // NaN's bits are not kept through a JavaScript number; only NaN-ness is compared.
      if ((op === 0xbc || op === 0xbd) && vals.some(Number.isNaN)) continue;
      const expected = native[name](...vals);
      const low = translated.exports[name](...argsFor(params, vals));
      const actual = resultOf(result, low, translated.high());
      assert.ok(same(actual, expected), `opcode 0x${op.toString(16)}(${vals.join(", ")}): ${actual}, the engine ${expected}`);
    }
  });
});

test("i64 shifts and rotations by a constant, every count", () => {
  const functions = [];
  const cases = [];
  for (const op of [0x86, 0x87, 0x88, 0x89, 0x8a]) {
    for (const count of [0, 1, 5, 31, 32, 33, 47, 63, 64, 65]) {
      cases.push([op, count]);
      functions.push({ params: [I64], results: [I64], body: [0x20, 0, 0x42, ...sleb(count), op] });
    }
  }
  const { native, translated } = both(functions);
  cases.forEach(([op, count], i) => {
    for (const v of values(I64, 20)) {
      const low = translated.exports[`f${i}`](...words(v));
      assert.equal(resultOf(I64, low, translated.high()), native[`f${i}`](v), `0x${op.toString(16)} ${v} by ${count}`);
    }
  });
});

test("loads and stores at every width, alignment and offset, and an i64 copied onto itself shifted", () => {
  // Each access with no alignment promised (any address) and with its natural alignment promised
  // (addresses that keep it: rustc's promises are true, and the translation relies on them).
  const stores = [[0x36, I32, 2], [0x37, I64, 3], [0x38, F32, 2], [0x39, F64, 3], [0x3a, I32, 0], [0x3b, I32, 1], [0x3c, I64, 0], [0x3d, I64, 1], [0x3e, I64, 2]];
  const loads = [[0x28, I32, 2], [0x29, I64, 3], [0x2a, F32, 2], [0x2b, F64, 3], [0x2c, I32, 0], [0x2d, I32, 0], [0x2e, I32, 1], [0x2f, I32, 1], [0x30, I64, 0], [0x31, I64, 0], [0x32, I64, 1], [0x33, I64, 1], [0x34, I64, 2], [0x35, I64, 2]];
  const functions = [];
  for (const [op, type, natural] of stores) {
    for (const align of [0, natural]) functions.push({ params: [I32, type], results: [], body: [0x20, 0, 0x20, 1, op, align, 8] });
  }
  const loadAt = functions.length;
  for (const [op, type, natural] of loads) {
    for (const align of [0, natural]) functions.push({ params: [I32], results: [type], body: [0x20, 0, op, align, 16] });
  }
  // memmove-like: i64 at a copied to a + 4 (overlapping), through the stack.
  const copyAt = functions.length;
  functions.push({ params: [I32], results: [], body: [0x20, 0, 0x20, 0, 0x29, 3, 0, 0x37, 3, 4] });
  const { native, translated } = both(functions);
  const nativeBytes = () => new Uint8Array(native.memory.buffer, 0, 256);
  const translatedBytes = () => new Uint8Array(translated.exports.memory.buffer, 0, 256);
  let f = 0;
  for (const [, type, natural] of stores) {
    for (const align of [0, natural]) {
      for (const address of [16, 33, 64, 102, 104].filter((a) => (a + 8) % (1 << align) === 0)) {
        for (const v of values(type, 4).filter((x) => !Number.isNaN(x))) {
          native[`f${f}`](address, v);
          translated.exports[`f${f}`](...argsFor([I32, type], [address, v]));
          assert.deepEqual(translatedBytes(), nativeBytes(), `store #${f} (align ${align}) of ${v} at ${address}`);
        }
      }
      f++;
    }
  }
  for (let g = loadAt; g < copyAt; g++) {
    const [, type, natural] = loads[Math.floor((g - loadAt) / 2)];
    const align = (g - loadAt) % 2 ? natural : 0;
    for (let address = 0; address < 120; address += 3) {
      if ((address + 16) % (1 << align)) continue;
      const expected = native[`f${g}`](address);
      const actual = resultOf(type, translated.exports[`f${g}`](address), translated.high());
      assert.ok(same(actual, expected), `load #${g} at ${address}: ${actual}, the engine ${expected}`);
    }
  }
  native[`f${copyAt}`](40);
  translated.exports[`f${copyAt}`](40);
  assert.deepEqual(translatedBytes(), nativeBytes(), "an i64 copied 4 bytes onto itself");
});

test("control flow with values: blocks, loops, br_if and br_table with results, select, dead code, calls with i64", () => {
  const functions = [
    // f0 (n): sum 0..n-1 in a loop, carried out of a block by br_if (the loop never ends)
    { params: [I32], results: [I32], locals: [I32, I32], body: [
      0x02, I32, 0x03, 0x40, 0x20, 2, 0x20, 1, 0x20, 0, 0x4e, 0x0d, 1, 0x1a, 0x20, 2, 0x20, 1, 0x6a, 0x21, 2, 0x20, 1, 0x41, 1, 0x6a, 0x21, 1, 0x0c, 0, 0x0b, 0x00, 0x0b,
    ] },
    // f1 (i): br_table over four blocks, each giving its own value
    { params: [I32], results: [I32], body: [
      0x02, 0x40, 0x02, 0x40, 0x02, 0x40, 0x02, 0x40, 0x20, 0, 0x0e, 3, 0, 1, 2, 3, 0x0b, 0x41, 10, 0x0f, 0x0b, 0x41, 20, 0x0f, 0x0b, 0x41, 30, 0x0f, 0x0b, 0x41, 40,
    ] },
    // f2 (a, b): br_if carrying a value out of a block, else a computed one
    { params: [I32, I32], results: [I32], body: [
      0x02, I32, 0x41, 7, 0x20, 0, 0x0d, 0, 0x1a, 0x20, 1, 0x41, 3, 0x6c, 0x0b,
    ] },
    // f3 (c, x: i64, y: i64): select of i64, then add
    { params: [I32, I64, I64], results: [I64], body: [0x20, 1, 0x20, 2, 0x20, 0, 0x1b, 0x20, 1, 0x7c] },
    // f4 (c): if/else with an i64 result and dead code after a branch
    { params: [I32], results: [I64], body: [
      0x20, 0, 0x04, I64, 0x42, ...sleb(-5n), 0x0c, 0, 0x42, 1, 0x05, 0x42, ...sleb(0x123456789n), 0x0b,
    ] },
    // f5 (x: i64, y: i64): calls f3 directly and through the table (an i64 out of each)
    { params: [I64, I64], results: [I64], body: [
      0x41, 1, 0x20, 0, 0x20, 1, 0x10, 3, 0x41, 0, 0x20, 0, 0x20, 1, 0x41, 3, 0x11, 3, 0, 0x7e,
    ] },
    // f6 (p): a store between two loads of the same address: the first load is read before it
    { params: [I32], results: [I32], body: [
      0x20, 0, 0x28, 2, 0, 0x20, 0, 0x20, 0, 0x28, 2, 0, 0x41, 1, 0x6a, 0x36, 2, 0, 0x20, 0, 0x28, 2, 0, 0x6b,
    ] },
    // f7 (x): local.tee inside an expression that also reads the old value
    { params: [I32], results: [I32], body: [0x20, 0, 0x20, 0, 0x41, 5, 0x6a, 0x22, 0, 0x6c, 0x20, 0, 0x6a] },
  ];
  const { native, translated } = both(functions);
  const call = (name, types, result, vals) => resultOf(result, translated.exports[name](...argsFor(types, vals)), translated.high());
  for (const n of [0, 1, 5, 100]) assert.equal(call("f0", [I32], I32, [n]), native.f0(n), `loop sum ${n}`);
  for (const i of [-1, 0, 1, 2, 3, 4, 99]) assert.equal(call("f1", [I32], I32, [i]), native.f1(i), `br_table ${i}`);
  for (const [a, b] of [[0, 4], [1, 4], [-1, 9]]) assert.equal(call("f2", [I32, I32], I32, [a, b]), native.f2(a, b), `br_if ${a} ${b}`);
  for (const c of [0, 1]) for (const [x, y] of [[5n, -7n], [0x7fffffffffffffffn, 1n], [-1n, 0x100000000n]]) {
    assert.equal(call("f3", [I32, I64, I64], I64, [c, x, y]), native.f3(c, x, y), `select ${c} ${x} ${y}`);
    assert.equal(call("f5", [I64, I64], I64, [x, y]), native.f5(x, y), `calls ${x} ${y}`);
  }
  for (const c of [0, 1]) assert.equal(call("f4", [I32], I64, [c]), native.f4(c), `if/else i64 ${c}`);
  new Int32Array(native.memory.buffer)[10] = 41;
  new Int32Array(translated.exports.memory.buffer)[10] = 41;
  assert.equal(call("f6", [I32], I32, [40]), native.f6(40), "load, store, load");
  for (const x of [0, 3, -9]) assert.equal(call("f7", [I32], I32, [x]), native.f7(x), `tee ${x}`);
});

test("memory grows within its room, and past it by copying into a buffer twice as large, and reports its size as the engine does", () => {
  const functions = [
    { params: [I32], results: [I32], body: [0x20, 0, 0x40, 0] },
    { params: [], results: [I32], body: [0x3f, 0] },
    // f2 (address, value): store, so that growth must keep what was written
    { params: [I32, I32], results: [], body: [0x20, 0, 0x20, 1, 0x36, 2, 0] },
    { params: [I32], results: [I32], body: [0x20, 0, 0x28, 2, 0] },
  ];
  // Room for 1 page (the module's own 1: every growth copies), for 3, and the default.
  for (const reservedPages of [1, 3, undefined]) {
    const bytes = encode(functions);
    const native = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
    const translated = run(bytes, {}, undefined, { reservedPages });
    native.f2(1000, 77);
    translated.exports.f2(1000, 77);
    for (const pages of [0, 1, 3, 2]) {
      const before = translated.exports.memory.buffer;
      assert.equal(translated.exports.f0(pages), native.f0(pages), `grow ${pages}`);
      const size = native.f1();
      assert.equal(translated.exports.f1(), size, "size");
      const after = translated.exports.memory.buffer;
      assert.ok(after.byteLength >= size * 65536, "the buffer holds the memory");
      if (before.byteLength >= size * 65536) assert.equal(after, before, "no copy while there is room");
      else assert.ok(after.byteLength >= 2 * before.byteLength || after.byteLength === size * 65536, "past the room, twice as large");
      assert.equal(translated.exports.f3(1000), 77, "what was written before growing");
      translated.exports.f2(65536 * size - 4, pages);
      assert.equal(translated.exports.f3(65536 * size - 4), pages, `the last word of the memory (room ${reservedPages})`);
    }
  }
});

test("a function is translated when first called, with its callees, and the table and exports then point at it", () => {
  // f0 calls f1 directly and f2 through the table; f3 is never called.
  const functions = [
    { params: [I32], results: [I32], body: [0x20, 0, 0x10, 1, 0x20, 0, 0x41, 2, 0x11, 2, 0, 0x6a] },
    { params: [I32], results: [I32], body: [0x20, 0, 0x41, 1, 0x6a] },
    { params: [I32], results: [I32], body: [0x20, 0, 0x41, 10, 0x6c] },
    { params: [I32], results: [I32], body: [0x20, 0, 0x41, 7, 0x6b] },
  ];
  const bytes = encode(functions);
  const native = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  // A batch of one function at a time, so that each stub shows.
  const translated = run(bytes, {}, 0);
  assert.equal(translated.stats.batches, 0, "nothing is translated before a call");
  assert.equal(translated.exports.f0(4), native.f0(4));
  assert.equal(translated.stats.batches, 3, "f0, then f1 and f2 as they are called");
  assert.equal(translated.exports.f0(5), native.f0(5));
  assert.equal(translated.stats.batches, 3, "a translated function is not translated again");
  assert.equal(translated.exports.f3(1), native.f3(1));
  assert.equal(translated.stats.batches, 4);
  // A stub kept from before its function was translated still calls the body, and translates nothing again.
  const kept = run(bytes, {}, 0);
  const stub = kept.exports.f1;
  assert.equal(kept.exports.f0(4), native.f0(4));
  assert.equal(stub(6), native.f1(6));
  assert.equal(kept.stats.batches, 3, "the kept stub found f1's body");
  // With the default budget, f0's batch takes its direct callee f1 along.
  const batched = run(bytes);
  batched.exports.f0(4);
  assert.equal(batched.stats.batches, 2, "f0 with f1, then f2 through the table");
});

test("functions listed ahead are translated in one script, without their callees, each once", () => {
  // f0 calls f1 and f2; f3 is never called.
  const functions = [
    { params: [I32], results: [I32], body: [0x20, 0, 0x10, 1, 0x20, 0, 0x10, 2, 0x6a] },
    { params: [I32], results: [I32], body: [0x20, 0, 0x41, 1, 0x6a] },
    { params: [I32], results: [I32], body: [0x20, 0, 0x41, 10, 0x6c] },
    { params: [I32], results: [I32], body: [0x20, 0, 0x41, 7, 0x6b] },
  ];
  const bytes = encode(functions);
  const native = new WebAssembly.Instance(new WebAssembly.Module(bytes), {}).exports;
  const translated = run(bytes, {}, 0);
  const context = translated.stats;
  const text = translated.translation.listed([0, 1]);
  // Parenthesised: compiled as the script runs, as they are called next.
  assert.match(text, /\$f\[0\]=f0=\(function f0/);
  assert.match(text, /\$f\[1\]=f1=\(function f1/);
  assert.doesNotMatch(text, /f[23]=\(?function/, "no callee comes along");
  assert.equal(translated.translation.listed([1, 0]), "", "nothing is translated twice");
  assert.throws(() => translated.translation.listed([4]), /not one of the module's own/);
  assert.equal(context.batches, 0);
  translated.runScript(text);
  assert.equal(translated.exports.f0(4), native.f0(4));
  assert.equal(context.batches, 1, "only f2, called and not listed, has a batch of its own");
});

test("with a measure given, each batch is timed as it is made and as it runs", () => {
  const functions = [
    { params: [I32], results: [I32], body: [0x20, 0, 0x10, 1] },
    { params: [I32], results: [I32], body: [0x20, 0, 0x41, 1, 0x6a] },
  ];
  const translation = wasmToJs(encode(functions));
  const context = vm.createContext({});
  const steps = [];
  const before = performance.now();
  translation.install(context, {}, (text) => (steps.push("ran"), vm.runInContext(text, context)), 0, (name, start) => {
    assert.ok(start >= before && start <= performance.now(), `${name} started within the call`);
    steps.push(name);
  });
  assert.deepEqual(steps, ["ran"], "the prelude runs untimed");
  assert.equal(vm.runInContext("asmExports", context).f0(4), 5);
  assert.deepEqual(steps, ["ran", "translate", "ran", "script", "translate", "ran", "script"], "f0, then f1 (a batch of one function each)");
});

test("the widget's own wasm translates whole, every function into a script that compiles", (t) => {
  const path = new URL("../../dist/trunk/resource-widget_bg.wasm", import.meta.url);
  if (!existsSync(path)) return t.skip("no build: run ./scripts/build.sh");
  const wasm = readFileSync(path);
  // The data section travels apart in the page; taken out here as page/single-html.mjs does.
  const { withoutData } = splitData(wasm);
  const imports = new Proxy({}, { get: () => new Proxy({}, { get: () => () => 0 }) });
  const { exports, translation } = run(new Uint8Array(withoutData), imports);
  const native = new WebAssembly.Module(wasm);
  assert.deepEqual(Object.keys(exports).sort(), WebAssembly.Module.exports(native).map((e) => e.name).sort());
  // The modules' translation alive beside the script's: the same text for every function.
  const modules = moduleWasmToJs(new Uint8Array(withoutData));
  assert.equal(modules.prelude, translation.prelude);
  for (let index = translation.importCount; index < translation.functionCount; index++) {
    const text = translation.batch(index, 0);
    assert.equal(modules.batch(index, 0), text, `function ${index}`);
    // Compiled, not run: new vm.Script parses the whole text.
    new vm.Script(text);
  }
});

test("the modules make the same text as the page's script, with two translations alive at once", () => {
  // The control-flow module above, with a name section: names: true takes it.
  const functions = [
    { params: [I32], results: [I32], locals: [I32], body: [0x03, 0x40, 0x20, 1, 0x20, 0, 0x6a, 0x21, 1, 0x20, 0, 0x41, 1, 0x6b, 0x22, 0, 0x0d, 0, 0x0b, 0x20, 1] },
    { params: [I64, I64], results: [I64], body: [0x20, 0, 0x20, 1, 0x7e, 0x20, 0, 0x10, 2, 0x7c] },
    { params: [I64], results: [I64], body: [0x20, 0, 0x42, 3, 0x86] },
  ];
  const names = vec([[0, ...name("core::fmt::<impl Display>::fmt")], [2, ...name("shift$by-3")]]);
  const bytes = new Uint8Array([...encode(functions), ...section(0, [...name("name"), 1, ...uleb(names.length), ...names])]);
  for (const options of [{}, { names: true }, { reservedPages: 2 }]) {
    const page = wasmToJs(bytes, options), modules = moduleWasmToJs(bytes, options);
    assert.equal(modules.prelude, page.prelude);
    for (const index of [2, 0, 1]) assert.equal(modules.batch(index, 0), page.batch(index, 0), `function ${index}, ${JSON.stringify(options)}`);
  }
  assert.match(wasmToJs(bytes, { names: true }).batch(0, 0), /^"use strict";\n\$f\[0\]=_core_fmt_impl_Display_fmt\$0=function _core_fmt_impl_Display_fmt\$0\(/);
  assert.match(wasmToJs(bytes, { names: true }).batch(1, 0), /=f1=function f1\(/, "an unnamed function keeps f{index}");
});

test("the page's script is bundled from every part and exports wasmToJs alone, or the build fails", () => {
  const script = translatorScript();
  assert.match(script, /^const wasmToJs = \(\(\) => \{\n"use strict";\n/);
  assert.doesNotMatch(script, /^\s*(import|export)\b/m);
  const root = mkdtempSync(join(tmpdir(), "translator-script-"));
  try {
    mkdirSync(join(root, "parts"));
    const bundle = (files) => {
      for (const [path, text] of Object.entries(files)) writeFileSync(join(root, path), text);
      return () => translatorScript({ root, entry: "entry.mjs", parts: "parts" });
    };
    const part = 'export const one = 1;\n';
    const entry = 'import { one } from "./parts/one.mjs";\nexport function wasmToJs() {\n  return one;\n}\n';
    assert.equal(wasmToJsOf(bundle({ "parts/one.mjs": part, "entry.mjs": entry })())(), 1);
    assert.throws(bundle({ "parts/unused.mjs": part }), /not entry\.mjs and every file of parts\//, "a part the entry does not reach");
    rmSync(join(root, "parts/unused.mjs"));
    assert.throws(bundle({ "entry.mjs": `${entry}export const two = 2;\n` }), /exporting wasmToJs alone/);
    assert.throws(bundle({ "entry.mjs": `import { readFileSync } from "node:fs";\n${entry}` }), /node:fs/, "an import from outside the parts");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
