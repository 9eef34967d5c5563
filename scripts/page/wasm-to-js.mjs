// The JavaScript build, made in the page from the same wasm.
//
// Where the host's CSP forbids WebAssembly (the MCP Apps spec's default, the MCP Inspector), the
// page translates the widget's wasm into JavaScript and runs it as inline scripts ('unsafe-inline';
// no eval), each function when it is first called. The file carries the wasm once instead of the
// wasm and a second, larger JavaScript copy of it. This module is that translator;
// scripts/single-html.mjs puts its text in the page, and tests/wasm-to-js.test.mjs runs the same
// text against the engine's own wasm.
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

const I32 = 0x7f, I64 = 0x7e, F32 = 0x7d, F64 = 0x7c;
// Bytes of wasm code translated at most per batch (past the function that was called).
const BATCH_BYTES = 16384;
// The memory is a plain ArrayBuffer with room for this many 64 KB pages (16 MB, more than a
// 10,000-record result takes: 10 MB), which the wasm's memory.grow fills; past it, a buffer twice
// as large, copied into. The views of a resizable ArrayBuffer, which would grow in place, made
// the widget's code a fifth slower (docs/performance.md).
const RESERVED_PAGES = 256;
// Entry kinds, from freest to most constrained: a literal, a variable, an expression without
// effects, an expression with a call in it (runs exactly once, in order).
const CONST = 0, VAR = 1, PURE = 2, EFFECT = 3;
// Frame kinds.
const FUNC = 0, BLOCK = 1, LOOP = 2, IF = 3;

/** The run-time support the translated functions call: memory views, i64 and float helpers. */
const SUPPORT = `
let H=0,I8,U8,I16,U16,I32,F4,F8,DV;
function views(){I8=new Int8Array(buffer);U8=new Uint8Array(buffer);I16=new Int16Array(buffer);U16=new Uint16Array(buffer);I32=new Int32Array(buffer);F4=new Float32Array(buffer);F8=new Float64Array(buffer);DV=new DataView(buffer)}
views();
function msize(){return pages}
function mgrow(n){const old=pages;if(n==0)return old;const next=old+(n>>>0);if(next>MAXPAGES)return -1;if(next*65536>buffer.byteLength){try{const b=new ArrayBuffer(Math.min(MAXPAGES,Math.max(next,2*(buffer.byteLength>>>16)))*65536);new Uint8Array(b).set(U8);buffer=b;views()}catch{return -1}}pages=next;return old}
const fr=Math.fround,imul=Math.imul,clz=Math.clz32,SF8=new Float64Array(1),SF4=new Float32Array(SF8.buffer),SI4=new Int32Array(SF8.buffer);
function U(){throw new Error("unreachable executed")}
function ctz(x){return x?31-clz(x&-x):32}
function popc(x){x-=x>>>1&1431655765;x=(x&858993459)+(x>>>2&858993459);return imul(x+(x>>>4)&252645135,16843009)>>>24}
function rotl(x,n){return x<<n|x>>>32-n}
function rotr(x,n){return x>>>n|x<<32-n}
function clz64(l,h){return h?clz(h):32+clz(l)}
function ctz64(l,h){return l?ctz(l):32+ctz(h)}
function mul64(al,ah,bl,bh){const a0=al&65535,a1=al>>>16,b0=bl&65535,b1=bl>>>16,p00=a0*b0,p01=a0*b1,p10=a1*b0,mid=(p00>>>16)+(p01&65535)+(p10&65535);H=a1*b1+(p01>>>16)+(p10>>>16)+(mid>>>16)+imul(al,bh)+imul(ah,bl)|0;return mid<<16|p00&65535}
function big(l,h){return BigInt(h)<<32n|BigInt(l>>>0)}
function ubig(l,h){return BigInt(h>>>0)<<32n|BigInt(l>>>0)}
function unbig(b){H=Number(BigInt.asIntN(32,b>>32n));return Number(BigInt.asIntN(32,b))}
function divs64(al,ah,bl,bh){if(ah==al>>31&&bh==bl>>31){const q=Math.trunc(al/bl);H=q<0?-1:0;return q|0}return unbig(big(al,ah)/big(bl,bh))}
function rems64(al,ah,bl,bh){if(ah==al>>31&&bh==bl>>31){const r=al%bl|0;H=r>>31;return r}return unbig(big(al,ah)%big(bl,bh))}
function divu64(al,ah,bl,bh){if(!(ah|bh)){H=0;return Math.floor((al>>>0)/(bl>>>0))|0}return unbig(ubig(al,ah)/ubig(bl,bh))}
function remu64(al,ah,bl,bh){if(!(ah|bh)){H=0;return (al>>>0)%(bl>>>0)|0}return unbig(ubig(al,ah)%ubig(bl,bh))}
function shl64(l,h,n){n&=63;if(!n){H=h;return l}if(n<32){H=h<<n|l>>>32-n;return l<<n}H=l<<n-32;return 0}
function shru64(l,h,n){n&=63;if(!n){H=h;return l}if(n<32){H=h>>>n;return l>>>n|h<<32-n}H=0;return h>>>n-32|0}
function shrs64(l,h,n){n&=63;if(!n){H=h;return l}if(n<32){H=h>>n;return l>>>n|h<<32-n}H=h>>31;return h>>n-32}
function rotl64(l,h,n){n&=63;if(n>=32){const x=l;l=h;h=x;n-=32}if(!n){H=h;return l}H=h<<n|l>>>32-n;return l<<n|h>>>32-n}
function rotr64(l,h,n){return rotl64(l,h,64-(n&63))}
function i64f(x){x=Math.trunc(x);const h=Math.floor(x/4294967296);H=h|0;return x-h*4294967296|0}
function rf32(x){SF4[0]=x;return SI4[0]}
function rf32i(i){SI4[0]=i;return SF4[0]}
function ri64(x){SF8[0]=x;H=SI4[1];return SI4[0]}
function rf64(l,h){SI4[0]=l;SI4[1]=h;return SF8[0]}
function nearest(x){const r=Math.round(x);return Math.abs(x-Math.trunc(x))==.5&&r%2!=0?r-1:r}
function copysign(a,b){return b<0||Object.is(b,-0)?-Math.abs(a):Math.abs(a)}
`;

/**
 * The translation of `bytes` (a wasm module) into classic scripts that share the global scope,
 * translated as the program runs (a frame runs a tenth of the widget's functions before its first
 * message; translating all of them took longer than the rest of its start):
 * - `prelude`, run first, declares the memory, the globals, the table, a stub per function and
 *   `asmExports`, the instance's exports (functions, `memory` with `buffer` and `grow`, globals as
 *   `{ value }`). It reads its imports from a global `$imports` (`{ module: { name: function } }`,
 *   as `WebAssembly.instantiate` takes them).
 * - A stub calls the global `$load(index)`, which must run `batch(index)` as a script before it
 *   returns (an inline classic script runs as it is inserted), then calls the translated body,
 *   which the batch put in `$f[index]` as well as in the function's own binding.
 * - `install(scope, imports, runScript)` sets both globals and runs the prelude.
 * `options.names`: name each function after the wasm's name section (for a profiler);
 * `options.reservedPages`: the memory's room, in 64 KB pages, before it grows by copying into a
 * buffer twice as large (default RESERVED_PAGES; tests set less to see it grow).
 * Throws on anything outside the scope above.
 */
export function wasmToJs(bytes, options = {}) {
  let at = 0;
  const fail = (message) => {
    throw new Error(`wasm-to-js: ${message} (byte ${at})`);
  };
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const u32 = () => {
    let n = 0, shift = 0, b;
    do {
      b = bytes[at++];
      n += (b & 127) * 2 ** shift;
      shift += 7;
    } while (b & 128);
    return n;
  };
  const s32 = () => {
    let n = 0, shift = 0, b;
    do {
      b = bytes[at++];
      n |= (b & 127) << shift;
      shift += 7;
    } while (b & 128);
    if (shift < 32 && b & 64) n |= -1 << shift;
    return n | 0;
  };
  const s64 = () => {
    let n = 0n, shift = 0n, b;
    do {
      b = bytes[at++];
      n |= BigInt(b & 127) << shift;
      shift += 7n;
    } while (b & 128);
    if (shift < 64n && b & 64) n |= -1n << shift;
    return [Number(BigInt.asIntN(32, n)), Number(BigInt.asIntN(32, n >> 32n))];
  };
  const decoder = new TextDecoder();
  const text = () => {
    const length = u32();
    const s = decoder.decode(bytes.subarray(at, at + length));
    at += length;
    return s;
  };
  const limits = () => {
    const flags = u32();
    const min = u32();
    return { min, max: flags & 1 ? u32() : undefined };
  };
  const constExpr = () => {
    const op = bytes[at++];
    let value;
    if (op === 0x41) value = String(s32());
    else if (op === 0x42) value = s64();
    else if (op === 0x43) value = number(view.getFloat32(at, true)), (at += 4);
    else if (op === 0x44) value = number(view.getFloat64(at, true)), (at += 8);
    else if (op === 0x23) value = `g${u32()}`;
    else fail(`constant expression opcode 0x${op.toString(16)}`);
    if (bytes[at++] !== 0x0b) fail("constant expression longer than one instruction");
    return value;
  };

  if (view.getUint32(0) !== 0x0061736d || view.getUint32(4, true) !== 1) fail("not a wasm module");
  at = 8;
  const types = [], imports = [], functionTypes = [], globals = [], exports = [], elements = [], bodies = [];
  let memory, table, start, functionNames;
  while (at < bytes.length) {
    const id = bytes[at++];
    const size = u32();
    const end = at + size;
    if (id === 0) {
      const name = text();
      if (name === "name" && options.names) functionNames = nameSection(end);
    } else if (id === 1) {
      for (let n = u32(); n > 0; n--) {
        if (bytes[at++] !== 0x60) fail("a type that is not a function type");
        const params = [];
        for (let i = u32(); i > 0; i--) params.push(bytes[at++]);
        const results = [];
        for (let i = u32(); i > 0; i--) results.push(bytes[at++]);
        if (results.length > 1) fail("multiple results");
        types.push({ params, results });
      }
    } else if (id === 2) {
      for (let n = u32(); n > 0; n--) {
        const module = text(), name = text(), kind = bytes[at++];
        if (kind !== 0) fail(`an import that is not a function (${module}.${name})`);
        imports.push({ module, name, type: u32() });
      }
    } else if (id === 3) {
      for (let n = u32(); n > 0; n--) functionTypes.push(u32());
    } else if (id === 4) {
      if (u32() !== 1 || bytes[at++] !== 0x70) fail("a table that is not one funcref table");
      table = limits();
    } else if (id === 5) {
      if (u32() !== 1) fail("not one memory");
      memory = limits();
    } else if (id === 6) {
      for (let n = u32(); n > 0; n--) {
        const type = bytes[at++];
        at++; // mutability: every global is a variable
        globals.push({ type, init: constExpr() });
      }
    } else if (id === 7) {
      for (let n = u32(); n > 0; n--) exports.push({ name: text(), kind: bytes[at++], index: u32() });
    } else if (id === 8) {
      start = u32();
    } else if (id === 9) {
      for (let n = u32(); n > 0; n--) {
        if (u32() !== 0) fail("an element segment that is not active in table 0");
        const offset = constExpr();
        const functions = [];
        for (let i = u32(); i > 0; i--) functions.push(u32());
        elements.push({ offset: Number(offset), functions });
      }
    } else if (id === 10) {
      for (let n = u32(); n > 0; n--) {
        const size = u32();
        bodies.push({ start: at, end: at + size });
        at += size;
      }
    } else if (id === 11 || id === 12) {
      fail("a data section (the page copies the data segments in itself)");
    } else {
      fail(`section ${id}`);
    }
    at = end;
  }
  if (!memory) fail("no memory");
  if (bodies.length !== functionTypes.length) fail("function and code sections differ");

  function nameSection(end) {
    const names = new Map();
    while (at < end) {
      const kind = bytes[at++];
      const size = u32();
      const next = at + size;
      if (kind === 1) {
        for (let n = u32(); n > 0; n--) {
          const index = u32();
          names.set(index, `_${text().replace(/[^A-Za-z0-9_$]+/g, "_").slice(0, 80)}`);
        }
      }
      at = next;
    }
    return names;
  }

  const importCount = imports.length;
  const typeOf = (f) => types[f < importCount ? imports[f].type : functionTypes[f - importCount]];
  /** A function's parameters as JavaScript's: an i64 takes two (low and high word). */
  const parameterList = (types) => types.map((t, i) => (t === I64 ? `l${i},h${i}` : `l${i}`)).join(",");
  /** Appends `value` to the list `map` keeps under `key`. */
  const group = (map, key, value) => {
    if (!map.has(key)) map.set(key, []);
    map.get(key).push(value);
  };
  const fname = (f) => (functionNames && functionNames.has(f) ? `${functionNames.get(f)}$${f}` : `f${f}`);

  // ---- one function ----
  // The state of the function being translated, shared by the handlers below (small functions,
  // which the engine optimizes at once; one large switch it would not optimize in time).
  let f, params, results, localTypes, code, stack, frames, labels, dead, deadNesting, tempCount, highCount, scratch, callees;
  const emit = (s) => code.push(s);
  const num = (e) => (e.b ? `(+${e.v})` : e.v);
  const useTemp = (i, t) => {
    if (i >= tempCount) tempCount = i + 1;
    if (t === I64 && i >= highCount) highCount = i + 1;
  };
  const pop = () => {
    const e = stack.pop();
    if (!e) fail(`operand stack underflow in function ${f}`);
    return e;
  };
  const variable = (v, h, t) => ({ v, h, k: VAR, t, b: false });
  const temp = (i, t) => {
    useTemp(i, t);
    return variable(`s${i}`, t === I64 ? `t${i}` : undefined, t);
  };
  const ownTemp = (e, i) => e.k === VAR && e.v === `s${i}` && (e.t !== I64 || e.h === `t${i}`);
  /** An expression's kind from its (up to three) operands': at least PURE, EFFECT if one has an
   * effect. No rest parameters: it runs for every instruction. */
  const kindOf = (a, b = a, c = a) => {
    const k = a.k > b.k ? a.k : b.k;
    const most = k > c.k ? k : c.k;
    return most > PURE ? most : PURE;
  };
  /** `s{i}` (and `t{i}`) = e, reading them first where e's high word does. */
  const assign = (lo, hi, e) => {
    if (e.t !== I64) return emit(`${lo}=${num(e)};`);
    if (e.h.includes(lo)) {
      scratch = true;
      emit(`r=${e.v};${hi}=${e.h};${lo}=r;`);
    } else emit(`${lo}=${e.v};${hi}=${e.h};`);
  };
  /** Every unwritten entry written to its variable, bottom up: what a side effect needs first. */
  const flush = () => {
    for (let i = 0; i < stack.length; i++) {
      const e = stack[i];
      if (e.k === CONST || ownTemp(e, i)) continue;
      assign(`s${i}`, `t${i}`, e);
      const written = temp(i, e.t);
      written.b = e.b;
      stack[i] = written;
    }
  };
  /** Effects of entries about to be dropped by a branch, in order. */
  const runEffects = (below) => {
    for (let i = 0; i < below; i++) if (stack[i].k === EFFECT) emit(`${stack[i].v};`);
  };
  /** The top `n` entries, written first: for helpers that return through H. */
  const takeFlushed = (n) => {
    flush();
    return stack.splice(stack.length - n);
  };
  /** The top `n` entries; written first if one has an effect (an i64 expression reads its
   * operands' words out of order) or, with `twice`, if one is read twice. */
  const take64 = (n, twice) => {
    for (let i = stack.length - n; i < stack.length; i++) {
      const k = stack[i].k;
      if (k === EFFECT || (twice && k > VAR)) {
        flush();
        break;
      }
    }
    return stack.splice(stack.length - n);
  };
  /** An i64 result that needs statements: `call` returns the low word and sets H. */
  const call64 = (call) => {
    flush();
    const i = stack.length;
    emit(`s${i}=${call};t${i}=H;`);
    stack.push(temp(i, I64));
  };
  const pushExpr = (v, t, k, b) => stack.push({ v, h: undefined, k, t, b });
  const pushExpr64 = (v, h, k) => stack.push({ v, h, k, t: I64, b: false });

  const blockType = () => {
    const b = bytes[at++];
    if (b === 0x40) return [];
    if (b === I32 || b === I64 || b === F32 || b === F64) return [b];
    return fail("a block type with parameters or several results");
  };
  /** A branch's value written where its target expects it. */
  const setResult = (frame, e) => {
    const h = frame.height;
    if (ownTemp(e, h)) return;
    useTemp(h, e.t);
    assign(`s${h}`, `t${h}`, e);
  };
  const returnStatement = () => {
    if (!results.length) return "return;";
    const e = stack[stack.length - 1];
    if (e.t === I64) {
      scratch = true;
      return `return r=${e.v},H=${e.h},r;`;
    }
    return `return ${num(e)};`;
  };
  /** The statement that jumps to `frame`, its value (if any) already written. */
  const jump = (frame) => {
    if (frame.kind === FUNC) return returnStatement();
    frame.targeted = true;
    return frame.kind === LOOP ? `continue L${frame.label};` : `break L${frame.label};`;
  };
  const branch = (frame) => {
    if (frame.kind === FUNC) {
      runEffects(stack.length - results.length);
      return emit(returnStatement());
    }
    if (frame.kind !== LOOP && frame.results.length) {
      runEffects(stack.length - 1);
      setResult(frame, stack[stack.length - 1]);
    } else {
      runEffects(stack.length);
    }
    emit(jump(frame));
  };
  const openFrame = (kind, types, opening) => {
    const frame = { kind, results: types, height: stack.length, label: labels++, labelAt: code.length, targeted: false, reached: false, hasElse: false };
    frames.push(frame);
    emit("");
    emit(opening);
  };
  const address = (base, offset) => {
    if (!offset) return base.v;
    if (base.k === CONST) return String(Number(base.v.replace(/[()]/g, "")) + offset);
    return `${base.v}+${offset}`;
  };

  // Loads and stores: [typed array, index shift, DataView method, natural alignment (log2), type].
  const MEMORY = [];
  MEMORY[0x28] = ["I32", 2, "Int32", 2, I32];
  MEMORY[0x2a] = ["F4", 2, "Float32", 2, F32];
  MEMORY[0x2b] = ["F8", 3, "Float64", 3, F64];
  MEMORY[0x2c] = ["I8", 0, "Int8", 0, I32];
  MEMORY[0x2d] = ["U8", 0, "Uint8", 0, I32];
  MEMORY[0x2e] = ["I16", 1, "Int16", 1, I32];
  MEMORY[0x2f] = ["U16", 1, "Uint16", 1, I32];
  MEMORY[0x36] = MEMORY[0x28];
  MEMORY[0x38] = MEMORY[0x2a];
  MEMORY[0x39] = MEMORY[0x2b];
  MEMORY[0x3a] = MEMORY[0x2d];
  MEMORY[0x3b] = MEMORY[0x2e];
  // i64 stores of 1, 2 and 4 bytes store the low word as i32's do.
  MEMORY[0x3c] = MEMORY[0x2d];
  MEMORY[0x3d] = MEMORY[0x2e];
  MEMORY[0x3e] = MEMORY[0x28];
  /** A word of memory as an expression: aligned through a typed array, else a DataView. */
  const access = (array, shift, method, natural, a, align) =>
    align >= natural ? `${array}[${shift ? `${a}>>${shift}` : a}]` : `DV.get${method}(${a},1)`;
  const load = (op) => {
    const [array, shift, method, natural, type] = MEMORY[op];
    const align = u32(), offset = u32();
    const base = pop();
    pushExpr(access(array, shift, method, natural, address(base, offset), align), type, kindOf(base), false);
  };
  const store = (op) => {
    const [array, shift, method, natural] = MEMORY[op];
    const align = u32(), offset = u32();
    const value = pop(), base = pop();
    flush();
    const a = address(base, offset);
    if (align >= natural) emit(`${array}[${shift ? `${a}>>${shift}` : a}]=${num(value)};`);
    else emit(`DV.set${method}(${a},${num(value)},1);`);
  };
  // i64 loads: [array, shift, method, natural alignment, high word: "sign" | "zero" | "load"].
  const MEMORY64 = [];
  MEMORY64[0x29] = ["I32", 2, "Int32", 2, "load"];
  MEMORY64[0x30] = ["I8", 0, "Int8", 0, "sign"];
  MEMORY64[0x31] = ["U8", 0, "Uint8", 0, "zero"];
  MEMORY64[0x32] = ["I16", 1, "Int16", 1, "sign"];
  MEMORY64[0x33] = ["U16", 1, "Uint16", 1, "zero"];
  MEMORY64[0x34] = ["I32", 2, "Int32", 2, "sign"];
  MEMORY64[0x35] = ["I32", 2, "Int32", 2, "zero"];
  const load64 = (op) => {
    const [array, shift, method, natural, high] = MEMORY64[op];
    const align = u32(), offset = u32();
    let base = stack[stack.length - 1];
    if (base.k > VAR) flush();
    base = pop();
    const lo = access(array, shift, method, natural, address(base, offset), align);
    const hi = high === "zero" ? "0" : high === "sign" ? `(${lo}>>31)` : access(array, shift, method, natural, address(base, offset + 4), align);
    pushExpr64(lo, hi, kindOf(base));
  };
  /** i64.store: both words, the address read twice. */
  const store64 = () => {
    const align = u32(), offset = u32();
    if (stack[stack.length - 2].k > VAR) flush();
    const value = pop();
    const base = pop();
    flush();
    const a = address(base, offset);
    // The high word read before the low word is stored: the value may be a load of these bytes.
    let hi = value.h;
    if (value.k > VAR) {
      scratch = true;
      emit(`r=${hi};`);
      hi = "r";
    }
    const a4 = address(base, offset + 4);
    if (align >= 2) emit(`I32[${a}>>2]=${value.v};I32[${a4}>>2]=${hi};`);
    else emit(`DV.setInt32(${a},${value.v},1);DV.setInt32(${a4},${hi},1);`);
  };

  // Numeric instructions on 32-bit and float operands, as text around the operands:
  // [before, between, after, result type, boolean] for binary, [before, after, type] for unary.
  const BINARY = [], UNARY = [];
  const bin = (ops, before, between, after, type, bool = false) => ops.forEach((op) => (BINARY[op] = [before, between, after, type, bool]));
  const un = (ops, before, after, type, bool = false) => ops.forEach((op) => (UNARY[op] = [before, after, type, bool]));
  un([0x45], "(!", ")", I32, true);
  bin([0x46, 0x5b, 0x61], "(", "==", ")", I32, true);
  bin([0x47, 0x5c, 0x62], "(", "!=", ")", I32, true);
  bin([0x48, 0x5d, 0x63], "(", "<", ")", I32, true);
  bin([0x49], "((", ">>>0)<(", ">>>0))", I32, true);
  bin([0x4a, 0x5e, 0x64], "(", ">", ")", I32, true);
  bin([0x4b], "((", ">>>0)>(", ">>>0))", I32, true);
  bin([0x4c, 0x5f, 0x65], "(", "<=", ")", I32, true);
  bin([0x4d], "((", ">>>0)<=(", ">>>0))", I32, true);
  bin([0x4e, 0x60, 0x66], "(", ">=", ")", I32, true);
  bin([0x4f], "((", ">>>0)>=(", ">>>0))", I32, true);
  un([0x67], "clz(", ")", I32);
  un([0x68], "ctz(", ")", I32);
  un([0x69], "popc(", ")", I32);
  bin([0x6a], "(", "+", "|0)", I32);
  bin([0x6b], "(", "-", "|0)", I32);
  bin([0x6c], "imul(", ",", ")", I32);
  bin([0x6d], "(", "/", "|0)", I32);
  bin([0x6e], "((", ">>>0)/(", ">>>0)|0)", I32);
  bin([0x6f], "(", "%", "|0)", I32);
  bin([0x70], "((", ">>>0)%(", ">>>0)|0)", I32);
  bin([0x71], "(", "&", ")", I32);
  bin([0x72], "(", "|", ")", I32);
  bin([0x73], "(", "^", ")", I32);
  bin([0x74], "(", "<<", ")", I32);
  bin([0x75], "(", ">>", ")", I32);
  bin([0x76], "(", ">>>", "|0)", I32);
  bin([0x77], "rotl(", ",", ")", I32);
  bin([0x78], "rotr(", ",", ")", I32);
  for (const [op, type] of [[0x8b, F32], [0x99, F64]]) un([op], "Math.abs(", ")", type);
  for (const [op, type] of [[0x8c, F32], [0x9a, F64]]) un([op], "(-", ")", type);
  for (const [op, type] of [[0x8d, F32], [0x9b, F64]]) un([op], "Math.ceil(", ")", type);
  for (const [op, type] of [[0x8e, F32], [0x9c, F64]]) un([op], "Math.floor(", ")", type);
  for (const [op, type] of [[0x8f, F32], [0x9d, F64]]) un([op], "Math.trunc(", ")", type);
  for (const [op, type] of [[0x90, F32], [0x9e, F64]]) un([op], "nearest(", ")", type);
  un([0x91], "fr(Math.sqrt(", "))", F32);
  un([0x9f], "Math.sqrt(", ")", F64);
  bin([0x92], "fr(", "+", ")", F32);
  bin([0x93], "fr(", "-", ")", F32);
  bin([0x94], "fr(", "*", ")", F32);
  bin([0x95], "fr(", "/", ")", F32);
  bin([0xa0], "(", "+", ")", F64);
  bin([0xa1], "(", "-", ")", F64);
  bin([0xa2], "(", "*", ")", F64);
  bin([0xa3], "(", "/", ")", F64);
  for (const [op, type] of [[0x96, F32], [0xa4, F64]]) bin([op], "Math.min(", ",", ")", type);
  for (const [op, type] of [[0x97, F32], [0xa5, F64]]) bin([op], "Math.max(", ",", ")", type);
  for (const [op, type] of [[0x98, F32], [0xa6, F64]]) bin([op], "copysign(", ",", ")", type);
  un([0xa8, 0xa9, 0xaa, 0xab], "(~~", ")", I32);
  un([0xb2, 0xb6], "fr(", ")", F32);
  un([0xb3], "fr(", ">>>0)", F32);
  un([0xb7], "(+", ")", F64);
  un([0xb8], "(", ">>>0)", F64);
  un([0xbc], "rf32(", ")", I32);
  un([0xbe], "rf32i(", ")", F32);
  const binary = (op) => {
    const [before, between, after, type, bool] = BINARY[op];
    const b = pop(), a = pop();
    pushExpr(before + a.v + between + b.v + after, type, kindOf(a, b), bool);
  };
  const unary = (op) => {
    const [before, after, type, bool] = UNARY[op];
    const a = pop();
    pushExpr(before + a.v + after, type, kindOf(a), bool);
  };
  /** i64 comparisons: [high words compared, low words compared unsigned]. */
  const COMPARE64 = [];
  COMPARE64[0x53] = ["<", "<"];
  COMPARE64[0x54] = ["<u", "<"];
  COMPARE64[0x55] = [">", ">"];
  COMPARE64[0x56] = [">u", ">"];
  COMPARE64[0x57] = ["<", "<="];
  COMPARE64[0x58] = ["<u", "<="];
  COMPARE64[0x59] = [">", ">="];
  COMPARE64[0x5a] = [">u", ">="];
  const compare64 = (op) => {
    const [high, low] = COMPARE64[op];
    const [a, b] = take64(2, true);
    const unsigned = high.endsWith("u");
    const h = unsigned ? `(${a.h}>>>0)${high[0]}(${b.h}>>>0)` : `${a.h}${high}${b.h}`;
    pushExpr(`(${h}||${a.h}==${b.h}&&(${a.v}>>>0)${low}(${b.v}>>>0))`, I32, kindOf(a, b), true);
  };
  const shift64 = (op) => {
    const top = stack[stack.length - 1];
    if (top.k !== CONST) {
      const [x, n] = takeFlushed(2);
      return call64(`${op === 0x86 ? "shl64" : op === 0x87 ? "shrs64" : "shru64"}(${x.v},${x.h},${n.v})`);
    }
    const c = Number(top.v.replace(/[()]/g, "")) & 63;
    pop();
    if (c === 0) return;
    const [a] = take64(1, true);
    let lo, hi;
    if (op === 0x86) [lo, hi] = c < 32 ? [`(${a.v}<<${c})`, `(${a.h}<<${c}|${a.v}>>>${32 - c})`] : ["0", `(${a.v}<<${c - 32})`];
    else if (op === 0x87) [lo, hi] = c < 32 ? [`(${a.v}>>>${c}|${a.h}<<${32 - c})`, `(${a.h}>>${c})`] : [`(${a.h}>>${c - 32})`, `(${a.h}>>31)`];
    else [lo, hi] = c < 32 ? [`(${a.v}>>>${c}|${a.h}<<${32 - c})`, `(${a.h}>>>${c})`] : [`(${a.h}>>>${c - 32}|0)`, "0"];
    pushExpr64(lo, hi, kindOf(a));
  };
  const HELPER64 = [];
  HELPER64[0x7e] = "mul64";
  HELPER64[0x7f] = "divs64";
  HELPER64[0x80] = "divu64";
  HELPER64[0x81] = "rems64";
  HELPER64[0x82] = "remu64";
  const numeric64 = (op) => {
    switch (op) {
      case 0x50: {
        const a = pop();
        return pushExpr(`!(${a.v}|${a.h})`, I32, kindOf(a), true);
      }
      case 0x51:
      case 0x52: {
        const [a, b] = take64(2, false);
        return pushExpr(op === 0x51 ? `(${a.v}==${b.v}&${a.h}==${b.h})` : `(${a.v}!=${b.v}|${a.h}!=${b.h})`, I32, kindOf(a, b), true);
      }
      case 0x79:
      case 0x7a:
      case 0x7b: {
        const a = pop();
        const v = op === 0x79 ? `clz64(${a.v},${a.h})` : op === 0x7a ? `ctz64(${a.v},${a.h})` : `(popc(${a.v})+popc(${a.h}))`;
        return pushExpr64(v, "0", kindOf(a));
      }
      case 0x7c: {
        const [a, b] = take64(2, true);
        return pushExpr64(`(${a.v}+${b.v}|0)`, `(${a.h}+${b.h}+((${a.v}+${b.v}>>>0)<(${a.v}>>>0))|0)`, kindOf(a, b));
      }
      case 0x7d: {
        const [a, b] = take64(2, true);
        return pushExpr64(`(${a.v}-${b.v}|0)`, `(${a.h}-${b.h}-((${a.v}>>>0)<(${b.v}>>>0))|0)`, kindOf(a, b));
      }
      case 0x83:
      case 0x84:
      case 0x85: {
        const [a, b] = take64(2, false);
        const o = op === 0x83 ? "&" : op === 0x84 ? "|" : "^";
        return pushExpr64(`(${a.v}${o}${b.v})`, `(${a.h}${o}${b.h})`, kindOf(a, b));
      }
      case 0x86:
      case 0x87:
      case 0x88:
        return shift64(op);
      case 0x89:
      case 0x8a: {
        const [x, n] = takeFlushed(2);
        return call64(`${op === 0x89 ? "rotl64" : "rotr64"}(${x.v},${x.h},${n.v})`);
      }
      case 0xa7: {
        const a = pop();
        return stack.push({ v: a.v, h: undefined, k: a.k, t: I32, b: false });
      }
      case 0xac: {
        const [a] = take64(1, true);
        return pushExpr64(num(a), `(${a.v}>>31)`, kindOf(a));
      }
      case 0xad: {
        const a = pop();
        return pushExpr64(num(a), "0", kindOf(a));
      }
      case 0xae:
      case 0xaf:
      case 0xb0:
      case 0xb1:
        return call64(`i64f(${takeFlushed(1)[0].v})`);
      case 0xb4:
      case 0xb5:
      case 0xb9:
      case 0xba: {
        const a = pop();
        const high = op === 0xb5 || op === 0xba ? `(${a.h}>>>0)` : a.h;
        const value = `${high}*4294967296+(${a.v}>>>0)`;
        return pushExpr(op <= 0xb5 ? `fr(${value})` : `(${value})`, op <= 0xb5 ? F32 : F64, kindOf(a), false);
      }
      case 0xbb: {
        const a = pop();
        return stack.push({ v: a.v, h: undefined, k: a.k, t: F64, b: false });
      }
      case 0xbd:
        return call64(`ri64(${takeFlushed(1)[0].v})`);
      case 0xbf: {
        const a = pop();
        return pushExpr(`rf64(${a.v},${a.h})`, F64, kindOf(a), false);
      }
    }
    if (HELPER64[op]) {
      const [a, b] = takeFlushed(2);
      return call64(`${HELPER64[op]}(${a.v},${a.h},${b.v},${b.h})`);
    }
    if (COMPARE64[op]) return compare64(op);
    return fail(`opcode 0x${op.toString(16)} in function ${f}`);
  };

  // ---- control, calls, variables ----
  const HANDLERS = [];
  HANDLERS[0x00] = () => {
    runEffects(stack.length);
    emit("U();");
    dead = true;
  };
  HANDLERS[0x01] = () => {};
  HANDLERS[0x02] = () => {
    const types = blockType();
    flush();
    openFrame(BLOCK, types, "{");
  };
  HANDLERS[0x03] = () => {
    const types = blockType();
    flush();
    openFrame(LOOP, types, "for(;;){");
  };
  HANDLERS[0x04] = () => {
    const types = blockType();
    const condition = pop();
    flush();
    openFrame(IF, types, `if(${condition.v}){`);
  };
  HANDLERS[0x05] = () => {
    const frame = frames[frames.length - 1];
    if (!dead) {
      if (frame.results.length) setResult(frame, pop());
      frame.reached = true;
    }
    frame.hasElse = true;
    stack.length = frame.height;
    dead = false;
    emit("}else{");
  };
  HANDLERS[0x0b] = () => {
    const frame = frames.pop();
    if (!dead) {
      if (frame.results.length) setResult(frame, pop());
      frame.reached = true;
      if (frame.kind === LOOP) emit("break");
    }
    emit("}");
    if (frame.targeted) code[frame.labelAt] = `L${frame.label}:`;
    const reachable = frame.reached || (frame.kind !== LOOP && frame.targeted) || (frame.kind === IF && !frame.hasElse);
    stack.length = frame.height;
    dead = !reachable;
    if (reachable) for (const t of frame.results) stack.push(temp(stack.length, t));
  };
  HANDLERS[0x0c] = () => {
    branch(frames[frames.length - 1 - u32()]);
    dead = true;
  };
  HANDLERS[0x0d] = () => {
    const frame = frames[frames.length - 1 - u32()];
    const condition = pop();
    flush();
    emit(`if(${condition.v}){`);
    if (frame.kind === FUNC) emit(returnStatement());
    else {
      if (frame.kind !== LOOP && frame.results.length) setResult(frame, stack[stack.length - 1]);
      emit(jump(frame));
    }
    emit("}");
  };
  HANDLERS[0x0e] = () => {
    const targets = [];
    for (let n = u32(); n > 0; n--) targets.push(u32());
    const fallback = u32();
    const index = pop();
    flush();
    const cases = new Map();
    targets.forEach((depth, i) => depth !== fallback && group(cases, depth, i));
    const arm = (depth) => {
      const saved = code.length;
      branch(frames[frames.length - 1 - depth]);
      return code.splice(saved).join("");
    };
    let s = `switch(${num(index)}){`;
    for (const [depth, values] of cases) s += `${values.map((v) => `case ${v}:`).join("")}${arm(depth)}`;
    emit(`${s}default:${arm(fallback)}}`);
    dead = true;
  };
  HANDLERS[0x0f] = () => {
    branch(frames[0]);
    dead = true;
  };
  const call = (type, callee) => {
    const args = [];
    for (let i = type.params.length - 1; i >= 0; i--) {
      const e = pop();
      args[i] = type.params[i] === I64 ? `${e.v},${e.h}` : num(e);
    }
    flush();
    const call = `${callee}(${args.join(",")})`;
    if (!type.results.length) emit(`${call};`);
    else if (type.results[0] === I64) call64(call);
    else pushExpr(call, type.results[0], EFFECT, false);
  };
  HANDLERS[0x10] = () => {
    const callee = u32();
    if (callee >= importCount) callees.push(callee);
    call(typeOf(callee), fname(callee));
  };
  HANDLERS[0x11] = () => {
    const type = types[u32()];
    if (bytes[at++] !== 0) fail("call_indirect on a table other than 0");
    // The table index comes last in wasm and is read first in T[i](...): written first when an
    // argument has an effect.
    for (let i = stack.length - type.params.length - 1; i < stack.length; i++) {
      if (stack[i].k === EFFECT) {
        flush();
        break;
      }
    }
    call(type, `T[${pop().v}]`);
  };
  HANDLERS[0x1a] = () => {
    const e = pop();
    if (e.k === EFFECT) emit(`${e.v};`);
  };
  HANDLERS[0x1b] = () => {
    const [a, b, condition] = stack.slice(stack.length - 3);
    if (a.k === EFFECT || b.k === EFFECT || condition.k === EFFECT || (a.t === I64 && condition.k > VAR)) flush();
    const c = pop().v;
    const y = pop(), x = pop();
    const k = kindOf(x, y, condition);
    if (x.t === I64) pushExpr64(`(${c}?${x.v}:${y.v})`, `(${c}?${x.h}:${y.h})`, k);
    else pushExpr(`(${c}?${x.v}:${y.v})`, x.t, k, x.b || y.b);
  };
  const local = (i) => (localTypes[i] === I64 ? variable(`l${i}`, `h${i}`, I64) : variable(`l${i}`, undefined, localTypes[i]));
  HANDLERS[0x20] = () => stack.push(local(u32()));
  HANDLERS[0x21] = HANDLERS[0x22] = (op) => {
    const i = u32();
    const e = pop();
    flush();
    assign(`l${i}`, `h${i}`, e);
    if (op === 0x22) stack.push(local(i));
  };
  HANDLERS[0x23] = () => {
    const i = u32();
    stack.push(globals[i].type === I64 ? variable(`g${i}`, `G${i}`, I64) : variable(`g${i}`, undefined, globals[i].type));
  };
  HANDLERS[0x24] = () => {
    const i = u32();
    const e = pop();
    flush();
    assign(`g${i}`, `G${i}`, e);
  };
  for (const op of [0x28, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f]) HANDLERS[op] = load;
  for (let op = 0x29; op <= 0x35; op++) if (MEMORY64[op]) HANDLERS[op] = load64;
  for (const op of [0x36, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e]) HANDLERS[op] = store;
  HANDLERS[0x37] = store64;
  HANDLERS[0x3f] = () => {
    at++;
    pushExpr("msize()", I32, PURE, false);
  };
  HANDLERS[0x40] = () => {
    at++;
    const pages = pop();
    flush();
    pushExpr(`mgrow(${pages.v})`, I32, EFFECT, false);
  };
  HANDLERS[0x41] = () => {
    const n = s32();
    stack.push({ v: n < 0 ? `(${n})` : String(n), h: undefined, k: CONST, t: I32, b: false });
  };
  HANDLERS[0x42] = () => {
    const [lo, hi] = s64();
    stack.push({ v: lo < 0 ? `(${lo})` : String(lo), h: hi < 0 ? `(${hi})` : String(hi), k: CONST, t: I64, b: false });
  };
  HANDLERS[0x43] = () => {
    stack.push({ v: number(view.getFloat32(at, true)), h: undefined, k: CONST, t: F32, b: false });
    at += 4;
  };
  HANDLERS[0x44] = () => {
    stack.push({ v: number(view.getFloat64(at, true)), h: undefined, k: CONST, t: F64, b: false });
    at += 8;
  };
  for (let op = 0x45; op <= 0xbf; op++) HANDLERS[op] = BINARY[op] ? binary : UNARY[op] ? unary : numeric64;

  /** Skips an instruction that no path reaches, up to the end (or else) of the frame a branch
   * left; true when it was skipped. */
  const skipDead = (op) => {
    if (op === 0x02 || op === 0x03 || op === 0x04) {
      at++;
      deadNesting++;
      return true;
    }
    if (op === 0x0b || op === 0x05) {
      if (deadNesting === 0) return false;
      if (op === 0x0b) deadNesting--;
      return true;
    }
    skipImmediates(op);
    return true;
  };

  /** The function's text: its header and declarations around the translated body. */
  function functionText() {
    let locals = "";
    for (let i = params.length; i < localTypes.length; i++) locals += `,l${i}=0${localTypes[i] === I64 ? `,h${i}=0` : ""}`;
    for (let i = 0; i < tempCount; i++) locals += `,s${i}${i < highCount ? `,t${i}` : ""}`;
    if (scratch) locals += ",r";
    return `function ${fname(f)}(${parameterList(params)}){${locals ? `let ${locals.slice(1)};` : ""}${code.join("")}}`;
  }

  function translateFunction(index) {
    f = index;
    ({ params, results } = typeOf(f));
    const body = bodies[f - importCount];
    at = body.start;
    localTypes = [...params];
    for (let groups = u32(); groups > 0; groups--) {
      const count = u32(), type = bytes[at++];
      for (let i = 0; i < count; i++) localTypes.push(type);
    }
    code = [];
    stack = [];
    labels = 0;
    frames = [{ kind: FUNC, results, height: 0, label: -1, labelAt: 0, targeted: false, reached: false, hasElse: false }];
    dead = false;
    deadNesting = 0;
    tempCount = 0;
    highCount = 0;
    scratch = false;
    callees = [];
    for (;;) {
      const op = bytes[at++];
      if (dead && skipDead(op)) continue;
      if (op === 0x0b && frames.length === 1) break;
      const handler = HANDLERS[op];
      if (!handler) fail(`opcode 0x${op.toString(16)} in function ${f}`);
      handler(op);
    }
    if (at !== body.end) fail(`function ${f} ends before its body`);
    if (!dead) {
      runEffects(stack.length - results.length);
      if (results.length) emit(returnStatement());
    }
    return functionText();
  }

  // ---- the module: a prelude now, each function's body when it is first called ----
  const maxPages = memory.max === undefined ? 32768 : Math.min(memory.max, 32768);
  const slotsOf = new Map();
  const slots = new Array(table ? table.min : 0).fill("null");
  for (const { offset, functions } of elements) {
    functions.forEach((g, i) => {
      slots[offset + i] = fname(g);
      group(slotsOf, g, offset + i);
    });
  }
  const exportsOf = new Map();
  for (const { name, kind, index } of exports) if (kind === 0) group(exportsOf, index, name);
  const prelude = ['"use strict";'];
  const reserved = Math.min(maxPages, Math.max(memory.min, options.reservedPages ?? RESERVED_PAGES));
  prelude.push(`let pages=${memory.min},buffer=new ArrayBuffer(${reserved * 65536});`, `const MAXPAGES=${maxPages};`,
    SUPPORT,
  );
  for (let i = 0; i < importCount; i++) prelude.push(`const ${fname(i)}=$imports[${JSON.stringify(imports[i].module)}][${JSON.stringify(imports[i].name)}];`);
  globals.forEach((g, i) => prelude.push(`let g${i}=${g.type === I64 ? g.init[0] : g.init}${g.type === I64 ? `,G${i}=${g.init[1]}` : ""};`));
  // Each function starts as a stub that has its body (and its callees') translated, then calls it.
  // The stubs come from one factory, and find the body in $f: a stub is called once, and a
  // function text for each made the prelude three times as long for the page to parse.
  prelude.push("const $f=[];function S(i){return function(){if(!$f[i])$load(i);return $f[i].apply(null,arguments)}}");
  const stubs = [];
  for (let g = importCount; g < importCount + bodies.length; g++) stubs.push(`${fname(g)}=S(${g})`);
  if (stubs.length) prelude.push(`let ${stubs.join(",")};`);
  prelude.push(`const T=[${slots.join(",")}];`);
  const exported = exports.map(({ name, kind, index }) => {
    const key = JSON.stringify(name);
    if (kind === 0) return `${key}:${fname(index)}`;
    if (kind === 2) return `${key}:{get buffer(){return buffer},grow:mgrow}`;
    if (kind === 3) return `${key}:{get value(){return g${index}},set value(v){g${index}=v}}`;
    return fail(`an export of kind ${kind}`);
  });
  prelude.push(`const asmExports={${exported.join(",")}};`);
  if (start !== undefined) prelude.push(`${fname(start)}();`);

  const translated = new Uint8Array(importCount + bodies.length);
  /**
   * The script that replaces the stub of function `index` (and of the functions it calls, breadth
   * first, up to `budget` bytes of wasm: a stub costs a script of its own, a quarter of a
   * millisecond) with translated bodies, and points the table and the exports at them; "" when
   * `index` was translated already.
   */
  function batch(index, budget = BATCH_BYTES) {
    if (translated[index]) return "";
    const queue = [index];
    const out = ['"use strict";'];
    for (let head = 0; head < queue.length && (out.length === 1 || budget > 0); head++) {
      const g = queue[head];
      if (translated[g]) continue;
      const body = bodies[g - importCount];
      budget -= body.end - body.start;
      translateInto(out, g);
      for (const c of callees) if (!translated[c]) queue.push(c);
    }
    return out.join("\n");
  }
  /**
   * One script that replaces the stubs of the functions `indices` lists (those not translated
   * yet, none of their callees): for a list known ahead to be called, such as what the program
   * calls as it starts, in one script rather than a batch per call. "" when none is left.
   */
  function listed(indices) {
    const out = ['"use strict";'];
    for (const g of indices) {
      if (!(g >= importCount && g < importCount + bodies.length)) fail(`function ${g} listed is not one of the module's own`);
      if (!translated[g]) translateInto(out, g);
    }
    return out.length > 1 ? out.join("\n") : "";
  }
  /** Function `g` translated, its binding and its places in the table and exports pointed at it. */
  function translateInto(out, g) {
    translated[g] = 1;
    out.push(`$f[${g}]=${fname(g)}=${translateFunction(g)};`);
    for (const slot of slotsOf.get(g) ?? []) out.push(`T[${slot}]=${fname(g)};`);
    for (const name of exportsOf.get(g) ?? []) out.push(`asmExports[${JSON.stringify(name)}]=${fname(g)};`);
  }
  const preludeText = prelude.join("\n");
  /**
   * Runs the translation in `scope` (the frame's window; a vm context in the tests): sets the two
   * globals its scripts read, runs the prelude through `runScript` (which must run a classic script
   * in that scope before it returns), and has each stub run its batch the same way (`budget` as
   * batch's). The exports are then the scope's `asmExports`. `measure(name, start, index)`, when
   * given, is called after each batch is made ("translate") and after it ran ("script"), with the
   * `performance.now()` the step started at and the function whose call asked for it.
   */
  function install(scope, imports, runScript, budget, measure) {
    scope.$imports = imports;
    scope.$load = measure
      ? (index) => {
          const start = performance.now();
          const text = batch(index, budget);
          measure("translate", start, index);
          const ran = performance.now();
          runScript(text);
          measure("script", ran, index);
        }
      : (index) => runScript(batch(index, budget));
    runScript(preludeText);
  }
  return { prelude: preludeText, batch, listed, install, functionCount: importCount + bodies.length, importCount };

  function skipImmediates(op) {
    if (op >= 0x28 && op <= 0x3e) {
      u32();
      u32();
    } else if (op === 0x0c || op === 0x0d || op === 0x10 || (op >= 0x20 && op <= 0x24)) u32();
    else if (op === 0x11) {
      u32();
      at++;
    } else if (op === 0x0e) {
      for (let n = u32() + 1; n > 0; n--) u32();
    } else if (op === 0x41) s32();
    else if (op === 0x42) s64();
    else if (op === 0x43) at += 4;
    else if (op === 0x44) at += 8;
    else if (op === 0x3f || op === 0x40) at++;
    else if (op > 0xbf) fail(`opcode 0x${op.toString(16)}`);
  }
}

/** A float as a JavaScript literal that reads back as the same value (a negative one in parentheses). */
function number(x) {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "(-Infinity)";
  if (Object.is(x, -0)) return "(-0)";
  return x < 0 ? `(${x})` : String(x);
}
