// Locals (l0…, with h0… for an i64's high word), globals (g0…, G0…), constants, drop and select.
import { u32, s32, s64, f32, f64, I32, I64, F32, F64 } from "./read.mjs";
import { wasm, localTypes, stack, emit, pop, variable, kindOf, assign, flush, pushExpr, pushExpr64, CONST, VAR, EFFECT } from "./stack.mjs";

/** The handlers of these instructions into `handlers` (by opcode). */
export function addVariableHandlers(handlers) {
  handlers[0x1a] = drop;
  handlers[0x1b] = select;
  handlers[0x20] = localGet;
  handlers[0x21] = handlers[0x22] = localSet;
  handlers[0x23] = globalGet;
  handlers[0x24] = globalSet;
  handlers[0x41] = i32Const;
  handlers[0x42] = i64Const;
  handlers[0x43] = f32Const;
  handlers[0x44] = f64Const;
}

function drop() {
  const e = pop();
  if (e.k === EFFECT) emit(`${e.v};`);
}
function select() {
  const [a, b, condition] = stack.slice(stack.length - 3);
  if (a.k === EFFECT || b.k === EFFECT || condition.k === EFFECT || (a.t === I64 && condition.k > VAR)) flush();
  const c = pop().v;
  const y = pop(), x = pop();
  const k = kindOf(x, y, condition);
  if (x.t === I64) pushExpr64(`(${c}?${x.v}:${y.v})`, `(${c}?${x.h}:${y.h})`, k);
  else pushExpr(`(${c}?${x.v}:${y.v})`, x.t, k, x.b || y.b);
}
const local = (i) => (localTypes[i] === I64 ? variable(`l${i}`, `h${i}`, I64) : variable(`l${i}`, undefined, localTypes[i]));
function localGet() {
  stack.push(local(u32()));
}
/** local.set, and local.tee (0x22), which leaves the value on the stack. */
function localSet(op) {
  const i = u32();
  const e = pop();
  flush();
  assign(`l${i}`, `h${i}`, e);
  if (op === 0x22) stack.push(local(i));
}
function globalGet() {
  const i = u32();
  const type = wasm.globals[i].type;
  stack.push(type === I64 ? variable(`g${i}`, `G${i}`, I64) : variable(`g${i}`, undefined, type));
}
function globalSet() {
  const i = u32();
  const e = pop();
  flush();
  assign(`g${i}`, `G${i}`, e);
}
function i32Const() {
  const n = s32();
  stack.push({ v: n < 0 ? `(${n})` : String(n), h: undefined, k: CONST, t: I32, b: false });
}
function i64Const() {
  const [lo, hi] = s64();
  stack.push({ v: lo < 0 ? `(${lo})` : String(lo), h: hi < 0 ? `(${hi})` : String(hi), k: CONST, t: I64, b: false });
}
function f32Const() {
  stack.push({ v: f32(), h: undefined, k: CONST, t: F32, b: false });
}
function f64Const() {
  stack.push({ v: f64(), h: undefined, k: CONST, t: F64, b: false });
}
