// The JavaScript build, made in the page from the same wasm.
//
// Where the host's CSP forbids WebAssembly (the MCP Apps spec's default, the MCP Inspector), the
// page translates the widget's wasm into the source of a JavaScript module and runs it as an
// inline script. The file carries the wasm once instead of the wasm and a second, larger
// JavaScript copy of it. This module is that translator; scripts/single-html.mjs puts its text in
// the page, and tests/wasm-to-js.test.mjs runs the same text against the engine's own wasm.
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
// Entry kinds, from freest to most constrained: a literal, a variable, an expression without
// effects, an expression with a call in it (runs exactly once, in order).
const CONST = 0, VAR = 1, PURE = 2, EFFECT = 3;

/** The run-time support the translated functions call: memory views, i64 and float helpers. */
const SUPPORT = `
let H=0,I8,U8,I16,U16,I32,F4,F8,DV;
function views(){I8=new Int8Array(buffer);U8=new Uint8Array(buffer);I16=new Int16Array(buffer);U16=new Uint16Array(buffer);I32=new Int32Array(buffer);F4=new Float32Array(buffer);F8=new Float64Array(buffer);DV=new DataView(buffer)}
views();
function msize(){return buffer.byteLength>>>16}
function mgrow(n){const old=msize();if(n==0)return old;const next=old+(n>>>0);if(next>MAXPAGES)return -1;try{if(buffer.resizable)buffer.resize(next*65536);else{const b=new ArrayBuffer(next*65536);new Uint8Array(b).set(U8);buffer=b;views()}}catch{return -1}return old}
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
 * The source of a JavaScript module body that behaves as `bytes` (a wasm module) would:
 * it reads its imports from a variable `imports` (`{ module: { name: function } }`, as
 * `WebAssembly.instantiate` takes them) and declares `asmExports`, the instance's exports
 * (functions, `memory` with `buffer` and `grow`, globals as `{ value }`).
 * `options.names`: name each function after the wasm's name section (for a profiler).
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
  const text = () => {
    const length = u32();
    const s = new TextDecoder().decode(bytes.subarray(at, at + length));
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
          names.set(index, text().replace(/[^A-Za-z0-9_$]+/g, "_").slice(0, 80));
        }
      }
      at = next;
    }
    return names;
  }

  const importCount = imports.length;
  const typeOf = (f) => types[f < importCount ? imports[f].type : functionTypes[f - importCount]];
  const fname = (f) => (functionNames && functionNames.has(f) ? `${functionNames.get(f)}$${f}` : `f${f}`);

  const out = [];
  const maxPages = memory.max === undefined ? 32768 : Math.min(memory.max, 32768);
  out.push(
    `let buffer=(()=>{try{const b=new ArrayBuffer(${memory.min * 65536},{maxByteLength:${maxPages * 65536}});if(b.resizable)return b}catch{}return new ArrayBuffer(${memory.min * 65536})})();`,
    `const MAXPAGES=${maxPages};`,
    SUPPORT,
  );
  for (let i = 0; i < importCount; i++) out.push(`const ${fname(i)}=imports[${JSON.stringify(imports[i].module)}][${JSON.stringify(imports[i].name)}];`);
  globals.forEach((g, i) => out.push(`let g${i}=${g.type === I64 ? g.init[0] : g.init}${g.type === I64 ? `,G${i}=${g.init[1]}` : ""};`));
  for (let i = 0; i < bodies.length; i++) out.push(translateFunction(importCount + i));
  if (table) {
    const slots = new Array(table.min).fill("null");
    for (const { offset, functions } of elements) functions.forEach((f, i) => (slots[offset + i] = fname(f)));
    out.push(`const T=[${slots.join(",")}];`);
  }
  const exported = exports.map(({ name, kind, index }) => {
    const key = JSON.stringify(name);
    if (kind === 0) return `${key}:${fname(index)}`;
    if (kind === 2) return `${key}:{get buffer(){return buffer},grow:mgrow}`;
    if (kind === 3) return `${key}:{get value(){return g${index}},set value(v){g${index}=v}}`;
    return fail(`an export of kind ${kind}`);
  });
  out.push(`const asmExports={${exported.join(",")}};`);
  if (start !== undefined) out.push(`${fname(start)}();`);
  return out.join("\n");

  // ---- one function ----
  function translateFunction(f) {
    const { params, results } = typeOf(f);
    const body = bodies[f - importCount];
    at = body.start;
    const localTypes = [...params];
    for (let groups = u32(); groups > 0; groups--) {
      const count = u32(), type = bytes[at++];
      for (let i = 0; i < count; i++) localTypes.push(type);
    }
    const code = [];
    const emit = (s) => code.push(s);
    /** @type {{v: string, h?: string, k: number, t: number, b?: boolean}[]} */
    const stack = [];
    let depthUsed = 0, labels = 0;
    const frames = [{ kind: "func", results, height: 0, label: -1 }];
    let dead = false, deadNesting = 0;

    const num = (e) => (e.b ? `(+${e.v})` : e.v);
    const push = (e) => {
      stack.push(e);
      if (stack.length > depthUsed) depthUsed = stack.length;
    };
    const pop = () => {
      const e = stack.pop();
      if (!e) fail(`operand stack underflow in function ${f}`);
      return e;
    };
    const ownTemp = (e, i) => e.k === VAR && e.v === `s${i}` && (e.t !== I64 || e.h === `t${i}`);
    /** Writes `e` into the variables of depth `i` (reading them first where `e` does). */
    const write = (i, e) => {
      if (e.t !== I64) return emit(`s${i}=${e.v};`);
      if (new RegExp(`\\bs${i}\\b`).test(e.h)) emit(`r=${e.v};t${i}=${e.h};s${i}=r;`);
      else emit(`s${i}=${e.v};t${i}=${e.h};`);
    };
    /** Every unwritten entry written to its variable, bottom up: what a side effect needs first. */
    const flush = () => {
      for (let i = 0; i < stack.length; i++) {
        const e = stack[i];
        if (e.k === CONST || ownTemp(e, i)) continue;
        write(i, e);
        stack[i] = { v: `s${i}`, h: e.t === I64 ? `t${i}` : undefined, k: VAR, t: e.t, b: e.b };
      }
    };
    /** Effects of entries about to be dropped by a branch, in order. */
    const runEffects = (below) => {
      for (let i = 0; i < below; i++) if (stack[i].k === EFFECT) emit(`${stack[i].v};`);
    };
    const temp = (t) => {
      const i = stack.length;
      return { v: `s${i}`, h: t === I64 ? `t${i}` : undefined, k: VAR, t };
    };
    const pushTemp = (t) => push(temp(t));
    const expr = (v, t, ...parts) => ({ v, t, k: Math.max(PURE, ...parts.map((p) => p.k)) });
    const expr64 = (v, h, ...parts) => ({ v, h, t: I64, k: Math.max(PURE, ...parts.map((p) => p.k)) });
    /** An i64 result that needs statements: `call` returns the low word and sets H. */
    const call64 = (call) => {
      flush();
      const i = stack.length;
      emit(`s${i}=${call};t${i}=H;`);
      pushTemp(I64);
      if (stack.length > depthUsed) depthUsed = stack.length;
    };

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
      if (e.t !== I64) emit(`s${h}=${num(e)};`);
      else if (new RegExp(`\\bs${h}\\b`).test(e.h)) emit(`r=${e.v};t${h}=${e.h};s${h}=r;`);
      else emit(`s${h}=${e.v};t${h}=${e.h};`);
      if (h + 1 > depthUsed) depthUsed = h + 1;
    };
    const returnStatement = () => {
      if (!results.length) return "return;";
      const e = stack[stack.length - 1];
      if (e.t === I64) return `return r=${e.v},H=${e.h},r;`;
      return `return ${num(e)};`;
    };
    /** The statement that jumps to `frame`, its value (if any) already written. */
    const jump = (frame) => {
      if (frame.kind === "func") return returnStatement();
      frame.targeted = true;
      return frame.kind === "loop" ? `continue L${frame.label};` : `break L${frame.label};`;
    };
    const branch = (frame) => {
      if (frame.kind === "func") {
        runEffects(stack.length - results.length);
        return emit(returnStatement());
      }
      if (frame.kind !== "loop" && frame.results.length) {
        runEffects(stack.length - 1);
        setResult(frame, stack[stack.length - 1]);
      } else {
        runEffects(stack.length);
      }
      emit(jump(frame));
    };
    const address = (base, offset) => {
      if (!offset) return base.v;
      if (base.k === CONST) return String(Number(base.v.replace(/[()]/g, "")) + offset);
      return `(${base.v}+${offset})`;
    };
    const load = (array, shift, dvGet, naturalAlign, type = I32) => {
      const align = u32(), offset = u32();
      const base = pop();
      const a = address(base, offset);
      push(expr(align >= naturalAlign ? `${array}[${shift ? `${a}>>${shift}` : a}]` : `DV.${dvGet}(${a},1)`, type, base));
    };
    const load64 = (low, high) => {
      const align = u32(), offset = u32();
      let base = pop();
      if (base.k > VAR) {
        push(base);
        flush();
        base = pop();
      }
      const [lo, hi] = [low(address(base, offset), align), high(address(base, offset + 4), address(base, offset), align)];
      push(expr64(lo, hi, base));
    };
    const store = (array, shift, dvSet, naturalAlign) => {
      const align = u32(), offset = u32();
      const value = pop(), base = pop();
      flush();
      const a = address(base, offset);
      if (align >= naturalAlign) emit(`${array}[${shift ? `${a}>>${shift}` : a}]=${num(value)};`);
      else emit(`DV.${dvSet}(${a},${num(value)},1);`);
    };
    const store64 = (bytesStored) => {
      const align = u32(), offset = u32();
      let value = pop();
      let base = pop();
      if (base.k > VAR) {
        push(base);
        push(value);
        flush();
        value = pop();
        base = pop();
      } else {
        flush();
      }
      const a = address(base, offset);
      if (bytesStored === 1) return emit(`U8[${a}]=${value.v};`);
      if (bytesStored === 2) return emit(align >= 1 ? `I16[${a}>>1]=${value.v};` : `DV.setInt16(${a},${value.v},1);`);
      if (bytesStored === 4) return emit(align >= 2 ? `I32[${a}>>2]=${value.v};` : `DV.setInt32(${a},${value.v},1);`);
      // The high word read before the low word is stored: the value may be a load of these bytes.
      let hi = value.h;
      if (value.k > VAR) {
        emit(`r=${hi};`);
        hi = "r";
      }
      const a4 = address(base, offset + 4);
      if (align >= 2) emit(`I32[${a}>>2]=${value.v};I32[${a4}>>2]=${hi};`);
      else emit(`DV.setInt32(${a},${value.v},1);DV.setInt32(${a4},${hi},1);`);
    };
    const binary = (t, template, resultType = t, bool = false) => {
      const b = pop(), a = pop();
      const e = expr(`(${template(a.v, b.v)})`, resultType, a, b);
      e.b = bool;
      push(e);
    };
    const unary = (t, template, resultType = t, bool = false) => {
      const a = pop();
      const e = expr(`(${template(a.v)})`, resultType, a);
      e.b = bool;
      push(e);
    };
    /** i64 comparison of two simple operands: `high` compares the high words, `low` the low words unsigned. */
    const compare64 = (high, low) => {
      const [a, b] = take64(2, true);
      push({ ...expr(`(${high(a.h, b.h)}||${a.h}==${b.h}&&${low(`(${a.v}>>>0)`, `(${b.v}>>>0)`)})`, I32, a, b), b: true });
    };
    /** The top `n` entries, written first: for helpers that return through H. */
    const takeFlushed = (n) => {
      flush();
      return stack.splice(stack.length - n);
    };
    /** The top `n` entries; written first if one has an effect (an i64 expression reads its
     * operands' words out of order) or, with `twice`, if one is read twice. */
    const take64 = (n, twice) => {
      const top = stack.slice(stack.length - n);
      if (top.some((e) => e.k === EFFECT || (twice && e.k > VAR))) flush();
      return stack.splice(stack.length - n);
    };
    const helper64 = (name) => {
      const [a, b] = takeFlushed(2);
      call64(`${name}(${a.v},${a.h},${b.v},${b.h})`);
    };
    const constShift = () => {
      const top = stack[stack.length - 1];
      return top.k === CONST ? Number(top.v.replace(/[()]/g, "")) & 63 : -1;
    };

    while (true) {
      const op = bytes[at++];
      if (dead) {
        // Unreachable code up to the end (or else) of the frame that a branch left: skipped.
        if (op === 0x02 || op === 0x03 || op === 0x04) {
          at++;
          deadNesting++;
          continue;
        }
        if (op === 0x0b && deadNesting > 0) {
          deadNesting--;
          continue;
        }
        if (op === 0x05 && deadNesting > 0) continue;
        if (op !== 0x0b && op !== 0x05) {
          skipImmediates(op);
          continue;
        }
      }
      switch (op) {
        case 0x00:
          runEffects(stack.length);
          emit("U();");
          dead = true;
          break;
        case 0x01:
          break;
        case 0x02:
        case 0x03: {
          const types = blockType();
          flush();
          const frame = { kind: op === 0x02 ? "block" : "loop", results: types, height: stack.length, label: labels++ };
          frames.push(frame);
          emit(op === 0x02 ? `L${frame.label}:{` : `L${frame.label}:for(;;){`);
          break;
        }
        case 0x04: {
          const types = blockType();
          const condition = pop();
          flush();
          const frame = { kind: "if", results: types, height: stack.length, label: labels++ };
          frames.push(frame);
          emit(`L${frame.label}:if(${condition.v}){`);
          break;
        }
        case 0x05: {
          const frame = frames[frames.length - 1];
          if (!dead) {
            if (frame.results.length) setResult(frame, pop());
            frame.reached = true;
          }
          frame.hasElse = true;
          stack.length = frame.height;
          dead = false;
          emit("}else{");
          break;
        }
        case 0x0b: {
          const frame = frames.pop();
          if (frame.kind === "func") {
            if (!dead) {
              runEffects(stack.length - results.length);
              emit(returnStatement());
            }
            const declared = [];
            params.forEach((t, i) => declared.push(t === I64 ? `l${i},h${i}` : `l${i}`));
            const locals = [];
            for (let i = params.length; i < localTypes.length; i++) locals.push(localTypes[i] === I64 ? `l${i}=0,h${i}=0` : `l${i}=0`);
            for (let i = 0; i < depthUsed; i++) locals.push(`s${i},t${i}`);
            locals.push("r");
            return `function ${fname(f)}(${declared.join(",")}){let ${locals.join(",")};${code.join("")}}`;
          }
          if (!dead) {
            if (frame.results.length) setResult(frame, pop());
            frame.reached = true;
            if (frame.kind === "loop") emit("break");
          }
          emit("}");
          const reachable = frame.reached || (frame.kind !== "loop" && frame.targeted) || (frame.kind === "if" && !frame.hasElse);
          stack.length = frame.height;
          dead = !reachable;
          if (reachable) for (const t of frame.results) pushTemp(t);
          break;
        }
        case 0x0c: {
          const frame = frames[frames.length - 1 - u32()];
          branch(frame);
          dead = true;
          break;
        }
        case 0x0d: {
          const frame = frames[frames.length - 1 - u32()];
          const condition = pop();
          flush();
          emit(`if(${condition.v}){`);
          if (frame.kind === "func") emit(returnStatement());
          else {
            if (frame.kind !== "loop" && frame.results.length) setResult(frame, stack[stack.length - 1]);
            emit(jump(frame));
          }
          emit("}");
          break;
        }
        case 0x0e: {
          const targets = [];
          for (let n = u32(); n > 0; n--) targets.push(u32());
          const fallback = u32();
          const index = pop();
          flush();
          const cases = new Map();
          targets.forEach((depth, i) => {
            if (!cases.has(depth)) cases.set(depth, []);
            cases.get(depth).push(i);
          });
          cases.delete(fallback);
          const arm = (depth) => {
            const frame = frames[frames.length - 1 - depth];
            const saved = code.length;
            branch(frame);
            return code.splice(saved).join("");
          };
          let s = `switch(${num(index)}){`;
          for (const [depth, values] of cases) s += `${values.map((v) => `case ${v}:`).join("")}${arm(depth)}`;
          s += `default:${arm(fallback)}}`;
          emit(s);
          dead = true;
          break;
        }
        case 0x0f:
          branch(frames[0]);
          dead = true;
          break;
        case 0x10:
        case 0x11: {
          const callee = op === 0x10 ? u32() : -1;
          let type;
          let target;
          if (op === 0x10) type = typeOf(callee);
          else {
            type = types[u32()];
            if (bytes[at++] !== 0) fail("call_indirect on a table other than 0");
            // The table index comes last in wasm and is read first in T[i](...): written first
            // when an argument has an effect.
            if (stack.slice(stack.length - type.params.length - 1).some((e) => e.k === EFFECT)) flush();
            target = pop();
          }
          const args = [];
          for (let i = type.params.length - 1; i >= 0; i--) {
            const e = pop();
            args.unshift(type.params[i] === I64 ? `${e.v},${e.h}` : num(e));
          }
          flush();
          const call = `${op === 0x10 ? fname(callee) : `T[${target.v}]`}(${args.join(",")})`;
          if (!type.results.length) emit(`${call};`);
          else if (type.results[0] === I64) call64(call);
          else push({ v: call, t: type.results[0], k: EFFECT });
          break;
        }
        case 0x1a: {
          const e = pop();
          if (e.k === EFFECT) emit(`${e.v};`);
          break;
        }
        case 0x1b: {
          let condition = pop();
          const b = pop(), a = pop();
          stack.push(a, b, condition);
          if (a.k === EFFECT || b.k === EFFECT || condition.k === EFFECT || (a.t === I64 && condition.k > VAR)) flush();
          condition = pop();
          const y = pop(), x = pop();
          const c = condition.v;
          if (x.t === I64) push(expr64(`(${c}?${x.v}:${y.v})`, `(${c}?${x.h}:${y.h})`, x, y, condition));
          else push({ ...expr(`(${c}?${x.v}:${y.v})`, x.t, x, y, condition), b: x.b || y.b });
          break;
        }
        case 0x20: {
          const i = u32();
          push(localTypes[i] === I64 ? { v: `l${i}`, h: `h${i}`, k: VAR, t: I64 } : { v: `l${i}`, k: VAR, t: localTypes[i] });
          break;
        }
        case 0x21:
        case 0x22: {
          const i = u32();
          const e = pop();
          flush();
          if (localTypes[i] !== I64) emit(`l${i}=${num(e)};`);
          else if (new RegExp(`\\bl${i}\\b`).test(e.h)) emit(`r=${e.v};h${i}=${e.h};l${i}=r;`);
          else emit(`l${i}=${e.v};h${i}=${e.h};`);
          if (op === 0x22) push(localTypes[i] === I64 ? { v: `l${i}`, h: `h${i}`, k: VAR, t: I64 } : { v: `l${i}`, k: VAR, t: localTypes[i] });
          break;
        }
        case 0x23: {
          const i = u32();
          push(globals[i].type === I64 ? { v: `g${i}`, h: `G${i}`, k: VAR, t: I64 } : { v: `g${i}`, k: VAR, t: globals[i].type });
          break;
        }
        case 0x24: {
          const i = u32();
          const e = pop();
          flush();
          if (globals[i].type === I64) emit(`r=${e.v};G${i}=${e.h};g${i}=r;`);
          else emit(`g${i}=${num(e)};`);
          break;
        }
        case 0x28: load("I32", 2, "getInt32", 2); break;
        case 0x29: load64((a, align) => (align >= 2 ? `I32[${a}>>2]` : `DV.getInt32(${a},1)`), (a4, a, align) => (align >= 2 ? `I32[${a4}>>2]` : `DV.getInt32(${a4},1)`)); break;
        case 0x2a: load("F4", 2, "getFloat32", 2, F32); break;
        case 0x2b: load("F8", 3, "getFloat64", 3, F64); break;
        case 0x2c: load("I8", 0, "getInt8", 0); break;
        case 0x2d: load("U8", 0, "getUint8", 0); break;
        case 0x2e: load("I16", 1, "getInt16", 1); break;
        case 0x2f: load("U16", 1, "getUint16", 1); break;
        case 0x30: load64((a) => `I8[${a}]`, (a4, a) => `(I8[${a}]>>31)`); break;
        case 0x31: load64((a) => `U8[${a}]`, () => "0"); break;
        case 0x32: load64((a, align) => (align >= 1 ? `I16[${a}>>1]` : `DV.getInt16(${a},1)`), (a4, a, align) => (align >= 1 ? `(I16[${a}>>1]>>31)` : `(DV.getInt16(${a},1)>>31)`)); break;
        case 0x33: load64((a, align) => (align >= 1 ? `U16[${a}>>1]` : `DV.getUint16(${a},1)`), () => "0"); break;
        case 0x34: load64((a, align) => (align >= 2 ? `I32[${a}>>2]` : `DV.getInt32(${a},1)`), (a4, a, align) => (align >= 2 ? `(I32[${a}>>2]>>31)` : `(DV.getInt32(${a},1)>>31)`)); break;
        case 0x35: load64((a, align) => (align >= 2 ? `I32[${a}>>2]` : `DV.getInt32(${a},1)`), () => "0"); break;
        case 0x36: store("I32", 2, "setInt32", 2); break;
        case 0x37: store64(8); break;
        case 0x38: store("F4", 2, "setFloat32", 2); break;
        case 0x39: store("F8", 3, "setFloat64", 3); break;
        case 0x3a: store("U8", 0, "setUint8", 0); break;
        case 0x3b: store("I16", 1, "setInt16", 1); break;
        case 0x3c: store64(1); break;
        case 0x3d: store64(2); break;
        case 0x3e: store64(4); break;
        case 0x3f:
          at++;
          push({ v: "msize()", k: PURE, t: I32 });
          break;
        case 0x40: {
          at++;
          const pages = pop();
          flush();
          push({ v: `mgrow(${pages.v})`, k: EFFECT, t: I32 });
          break;
        }
        case 0x41: {
          const n = s32();
          push({ v: n < 0 ? `(${n})` : String(n), k: CONST, t: I32 });
          break;
        }
        case 0x42: {
          const [lo, hi] = s64();
          push({ v: lo < 0 ? `(${lo})` : String(lo), h: hi < 0 ? `(${hi})` : String(hi), k: CONST, t: I64 });
          break;
        }
        case 0x43:
          push({ v: number(view.getFloat32(at, true)), k: CONST, t: F32 });
          at += 4;
          break;
        case 0x44:
          push({ v: number(view.getFloat64(at, true)), k: CONST, t: F64 });
          at += 8;
          break;
        // i32 comparisons
        case 0x45: unary(I32, (a) => `!${a}`, I32, true); break;
        case 0x46: binary(I32, (a, b) => `${a}==${b}`, I32, true); break;
        case 0x47: binary(I32, (a, b) => `${a}!=${b}`, I32, true); break;
        case 0x48: binary(I32, (a, b) => `${a}<${b}`, I32, true); break;
        case 0x49: binary(I32, (a, b) => `(${a}>>>0)<(${b}>>>0)`, I32, true); break;
        case 0x4a: binary(I32, (a, b) => `${a}>${b}`, I32, true); break;
        case 0x4b: binary(I32, (a, b) => `(${a}>>>0)>(${b}>>>0)`, I32, true); break;
        case 0x4c: binary(I32, (a, b) => `${a}<=${b}`, I32, true); break;
        case 0x4d: binary(I32, (a, b) => `(${a}>>>0)<=(${b}>>>0)`, I32, true); break;
        case 0x4e: binary(I32, (a, b) => `${a}>=${b}`, I32, true); break;
        case 0x4f: binary(I32, (a, b) => `(${a}>>>0)>=(${b}>>>0)`, I32, true); break;
        // i64 comparisons
        case 0x50: {
          const a = pop();
          push({ ...expr(`!(${a.v}|${a.h})`, I32, a), b: true });
          break;
        }
        case 0x51: {
          const [a, b] = take64(2, false);
          push({ ...expr(`(${a.v}==${b.v}&${a.h}==${b.h})`, I32, a, b), b: true });
          break;
        }
        case 0x52: {
          const [a, b] = take64(2, false);
          push({ ...expr(`(${a.v}!=${b.v}|${a.h}!=${b.h})`, I32, a, b), b: true });
          break;
        }
        case 0x53: compare64((a, b) => `${a}<${b}`, (a, b) => `${a}<${b}`); break;
        case 0x54: compare64((a, b) => `(${a}>>>0)<(${b}>>>0)`, (a, b) => `${a}<${b}`); break;
        case 0x55: compare64((a, b) => `${a}>${b}`, (a, b) => `${a}>${b}`); break;
        case 0x56: compare64((a, b) => `(${a}>>>0)>(${b}>>>0)`, (a, b) => `${a}>${b}`); break;
        case 0x57: compare64((a, b) => `${a}<${b}`, (a, b) => `${a}<=${b}`); break;
        case 0x58: compare64((a, b) => `(${a}>>>0)<(${b}>>>0)`, (a, b) => `${a}<=${b}`); break;
        case 0x59: compare64((a, b) => `${a}>${b}`, (a, b) => `${a}>=${b}`); break;
        case 0x5a: compare64((a, b) => `(${a}>>>0)>(${b}>>>0)`, (a, b) => `${a}>=${b}`); break;
        // float comparisons
        case 0x5b: case 0x61: binary(F64, (a, b) => `${a}==${b}`, I32, true); break;
        case 0x5c: case 0x62: binary(F64, (a, b) => `${a}!=${b}`, I32, true); break;
        case 0x5d: case 0x63: binary(F64, (a, b) => `${a}<${b}`, I32, true); break;
        case 0x5e: case 0x64: binary(F64, (a, b) => `${a}>${b}`, I32, true); break;
        case 0x5f: case 0x65: binary(F64, (a, b) => `${a}<=${b}`, I32, true); break;
        case 0x60: case 0x66: binary(F64, (a, b) => `${a}>=${b}`, I32, true); break;
        // i32 arithmetic
        case 0x67: unary(I32, (a) => `clz(${a})`); break;
        case 0x68: unary(I32, (a) => `ctz(${a})`); break;
        case 0x69: unary(I32, (a) => `popc(${a})`); break;
        case 0x6a: binary(I32, (a, b) => `${a}+${b}|0`); break;
        case 0x6b: binary(I32, (a, b) => `${a}-${b}|0`); break;
        case 0x6c: binary(I32, (a, b) => `imul(${a},${b})`); break;
        case 0x6d: binary(I32, (a, b) => `${a}/${b}|0`); break;
        case 0x6e: binary(I32, (a, b) => `(${a}>>>0)/(${b}>>>0)|0`); break;
        case 0x6f: binary(I32, (a, b) => `${a}%${b}|0`); break;
        case 0x70: binary(I32, (a, b) => `(${a}>>>0)%(${b}>>>0)|0`); break;
        case 0x71: binary(I32, (a, b) => `${a}&${b}`); break;
        case 0x72: binary(I32, (a, b) => `${a}|${b}`); break;
        case 0x73: binary(I32, (a, b) => `${a}^${b}`); break;
        case 0x74: binary(I32, (a, b) => `${a}<<${b}`); break;
        case 0x75: binary(I32, (a, b) => `${a}>>${b}`); break;
        case 0x76: binary(I32, (a, b) => `${a}>>>${b}|0`); break;
        case 0x77: binary(I32, (a, b) => `rotl(${a},${b})`); break;
        case 0x78: binary(I32, (a, b) => `rotr(${a},${b})`); break;
        // i64 arithmetic
        case 0x79: {
          const a = pop();
          push(expr64(`clz64(${a.v},${a.h})`, "0", a));
          break;
        }
        case 0x7a: {
          const a = pop();
          push(expr64(`ctz64(${a.v},${a.h})`, "0", a));
          break;
        }
        case 0x7b: {
          const a = pop();
          push(expr64(`(popc(${a.v})+popc(${a.h}))`, "0", a));
          break;
        }
        case 0x7c: {
          const [a, b] = take64(2, true);
          push(expr64(`(${a.v}+${b.v}|0)`, `(${a.h}+${b.h}+((${a.v}+${b.v}>>>0)<(${a.v}>>>0))|0)`, a, b));
          break;
        }
        case 0x7d: {
          const [a, b] = take64(2, true);
          push(expr64(`(${a.v}-${b.v}|0)`, `(${a.h}-${b.h}-((${a.v}>>>0)<(${b.v}>>>0))|0)`, a, b));
          break;
        }
        case 0x7e: helper64("mul64"); break;
        case 0x7f: helper64("divs64"); break;
        case 0x80: helper64("divu64"); break;
        case 0x81: helper64("rems64"); break;
        case 0x82: helper64("remu64"); break;
        case 0x83:
        case 0x84:
        case 0x85: {
          const [a, b] = take64(2, false);
          const o = op === 0x83 ? "&" : op === 0x84 ? "|" : "^";
          push(expr64(`(${a.v}${o}${b.v})`, `(${a.h}${o}${b.h})`, a, b));
          break;
        }
        case 0x86:
        case 0x87:
        case 0x88: {
          const c = constShift();
          if (c < 0) {
            const [x, n] = takeFlushed(2);
            call64(`${op === 0x86 ? "shl64" : op === 0x87 ? "shrs64" : "shru64"}(${x.v},${x.h},${n.v})`);
            break;
          }
          pop();
          if (c === 0) break;
          const [a] = take64(1, true);
          let lo, hi;
          if (op === 0x86) [lo, hi] = c < 32 ? [`(${a.v}<<${c})`, `(${a.h}<<${c}|${a.v}>>>${32 - c})`] : ["0", `(${a.v}<<${c - 32})`];
          else if (op === 0x87) [lo, hi] = c < 32 ? [`(${a.v}>>>${c}|${a.h}<<${32 - c})`, `(${a.h}>>${c})`] : [`(${a.h}>>${c - 32})`, `(${a.h}>>31)`];
          else [lo, hi] = c < 32 ? [`(${a.v}>>>${c}|${a.h}<<${32 - c})`, `(${a.h}>>>${c})`] : [`(${a.h}>>>${c - 32}|0)`, "0"];
          push(expr64(lo, hi, a));
          break;
        }
        case 0x89:
        case 0x8a: {
          const [x, n] = takeFlushed(2);
          call64(`${op === 0x89 ? "rotl64" : "rotr64"}(${x.v},${x.h},${n.v})`);
          break;
        }
        // float arithmetic
        case 0x8b: case 0x99: unary(F64, (a) => `Math.abs(${a})`, op === 0x8b ? F32 : F64); break;
        case 0x8c: case 0x9a: unary(F64, (a) => `-${a}`, op === 0x8c ? F32 : F64); break;
        case 0x8d: case 0x9b: unary(F64, (a) => `Math.ceil(${a})`, op === 0x8d ? F32 : F64); break;
        case 0x8e: case 0x9c: unary(F64, (a) => `Math.floor(${a})`, op === 0x8e ? F32 : F64); break;
        case 0x8f: case 0x9d: unary(F64, (a) => `Math.trunc(${a})`, op === 0x8f ? F32 : F64); break;
        case 0x90: case 0x9e: unary(F64, (a) => `nearest(${a})`, op === 0x90 ? F32 : F64); break;
        case 0x91: unary(F32, (a) => `fr(Math.sqrt(${a}))`); break;
        case 0x92: binary(F32, (a, b) => `fr(${a}+${b})`); break;
        case 0x93: binary(F32, (a, b) => `fr(${a}-${b})`); break;
        case 0x94: binary(F32, (a, b) => `fr(${a}*${b})`); break;
        case 0x95: binary(F32, (a, b) => `fr(${a}/${b})`); break;
        case 0x96: case 0xa4: binary(F64, (a, b) => `Math.min(${a},${b})`, op === 0x96 ? F32 : F64); break;
        case 0x97: case 0xa5: binary(F64, (a, b) => `Math.max(${a},${b})`, op === 0x97 ? F32 : F64); break;
        case 0x98: case 0xa6: binary(F64, (a, b) => `copysign(${a},${b})`, op === 0x98 ? F32 : F64); break;
        case 0x9f: unary(F64, (a) => `Math.sqrt(${a})`); break;
        case 0xa0: binary(F64, (a, b) => `${a}+${b}`); break;
        case 0xa1: binary(F64, (a, b) => `${a}-${b}`); break;
        case 0xa2: binary(F64, (a, b) => `${a}*${b}`); break;
        case 0xa3: binary(F64, (a, b) => `${a}/${b}`); break;
        // conversions
        case 0xa7: {
          const a = pop();
          push({ ...a, h: undefined, t: I32, k: a.k === VAR ? VAR : a.k });
          break;
        }
        case 0xa8: case 0xa9: case 0xaa: case 0xab: unary(F64, (a) => `~~${a}`, I32); break;
        case 0xac: {
          const [a] = take64(1, true);
          push(expr64(num(a), `(${a.v}>>31)`, a));
          break;
        }
        case 0xad: {
          const a = pop();
          push(expr64(num(a), "0", a));
          break;
        }
        case 0xae: case 0xaf: case 0xb0: case 0xb1: {
          const [a] = takeFlushed(1);
          call64(`i64f(${a.v})`);
          break;
        }
        case 0xb2: unary(I32, (a) => `fr(${a})`, F32); break;
        case 0xb3: unary(I32, (a) => `fr(${a}>>>0)`, F32); break;
        case 0xb4: case 0xb9: {
          const a = pop();
          push(expr(op === 0xb4 ? `fr(${a.h}*4294967296+(${a.v}>>>0))` : `(${a.h}*4294967296+(${a.v}>>>0))`, op === 0xb4 ? F32 : F64, a));
          break;
        }
        case 0xb5: case 0xba: {
          const a = pop();
          push(expr(op === 0xb5 ? `fr((${a.h}>>>0)*4294967296+(${a.v}>>>0))` : `((${a.h}>>>0)*4294967296+(${a.v}>>>0))`, op === 0xb5 ? F32 : F64, a));
          break;
        }
        case 0xb6: unary(F64, (a) => `fr(${a})`, F32); break;
        case 0xb7: unary(I32, (a) => `+${a}`, F64); break;
        case 0xb8: unary(I32, (a) => `${a}>>>0`, F64); break;
        case 0xbb: {
          const a = pop();
          push({ ...a, t: F64 });
          break;
        }
        case 0xbc: unary(F32, (a) => `rf32(${a})`, I32); break;
        case 0xbd: {
          const [a] = takeFlushed(1);
          call64(`ri64(${a.v})`);
          break;
        }
        case 0xbe: unary(I32, (a) => `rf32i(${a})`, F32); break;
        case 0xbf: {
          const a = pop();
          push(expr(`rf64(${a.v},${a.h})`, F64, a));
          break;
        }
        default:
          fail(`opcode 0x${op.toString(16)} in function ${f}`);
      }
    }
  }

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
