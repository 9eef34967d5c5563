// The function being translated: which it is, its locals, the code written so far, and its operand
// stack as a stack of expressions. An entry is { v: text (the low word of an i64), h: an i64's high
// word, k: kind, t: value type, b: a boolean (0 or 1) that a float context must read as a number }.
// An expression stays unwritten (folded into the instruction that consumes it) until something
// with an effect (a call, a store, a set) would run before it; then it is written to a variable
// named after its depth (s3, and t3 for an i64's high word).
//
// The instruction handlers (control.mjs, calls.mjs, variables.mjs, memory.mjs, numeric.mjs,
// numeric64.mjs) share this state: small functions, which the engine optimizes at once (one large
// switch it would not optimize in time).
import { readAt, byte, u32, fail, I64 } from "./read.mjs";
import { typeOf } from "./sections.mjs";

// Entry kinds, from freest to most constrained: a literal, a variable, an expression without
// effects, an expression with a call in it (runs exactly once, in order).
export const CONST = 0, VAR = 1, PURE = 2, EFFECT = 3;

/** The module (readSections' description) and the function (its index) being translated. */
export let wasm, f;
/** The function's parameter and result types, and every local's (parameters first). */
export let params, results, localTypes;
/** The module's own functions it calls (translated with it when a batch has room). */
export let callees;
/** The function's body as it is written: statements, some of them placeholders for a label. */
export let code;
/** The operand stack: the entries above. */
export let stack;
/** How many depth variables (s0…) the function uses, how many with a high word (t0…), and
 * whether it needs the scratch variable r. */
let tempCount, highCount, scratch;

/** Starts translating function `index` of `module`: the cursor at its locals; returns where its
 * body ends. */
export function startFunction(module, index) {
  wasm = module;
  f = index;
  ({ params, results } = typeOf(wasm, f));
  const body = wasm.bodies[f - wasm.importCount];
  readAt(wasm, body.start);
  localTypes = [...params];
  for (let groups = u32(); groups > 0; groups--) {
    const count = u32(), type = byte();
    for (let i = 0; i < count; i++) localTypes.push(type);
  }
  code = [];
  stack = [];
  tempCount = 0;
  highCount = 0;
  scratch = false;
  callees = [];
  return body.end;
}

/** The declarations of the function's locals, depth variables and scratch variable: `let …;`. */
export function declarations() {
  let locals = "";
  for (let i = params.length; i < localTypes.length; i++) locals += `,l${i}=0${localTypes[i] === I64 ? `,h${i}=0` : ""}`;
  for (let i = 0; i < tempCount; i++) locals += `,s${i}${i < highCount ? `,t${i}` : ""}`;
  if (scratch) locals += ",r";
  return locals ? `let ${locals.slice(1)};` : "";
}

export const emit = (s) => code.push(s);
/** The entry's text where a number is needed (a boolean read as one). */
export const num = (e) => (e.b ? `(+${e.v})` : e.v);
/** The scratch variable r is declared. */
export const useScratch = () => {
  scratch = true;
};
/** Depth variable s{i} (and t{i} for an i64) is declared. */
export const useTemp = (i, t) => {
  if (i >= tempCount) tempCount = i + 1;
  if (t === I64 && i >= highCount) highCount = i + 1;
};
export const pop = () => {
  const e = stack.pop();
  if (!e) fail(`operand stack underflow in function ${f}`);
  return e;
};
export const variable = (v, h, t) => ({ v, h, k: VAR, t, b: false });
export const temp = (i, t) => {
  useTemp(i, t);
  return variable(`s${i}`, t === I64 ? `t${i}` : undefined, t);
};
/** Whether `e` is depth i's own variable already. */
export const ownTemp = (e, i) => e.k === VAR && e.v === `s${i}` && (e.t !== I64 || e.h === `t${i}`);
/** An expression's kind from its (up to three) operands': at least PURE, EFFECT if one has an
 * effect. No rest parameters: it runs for every instruction. */
export const kindOf = (a, b = a, c = a) => {
  const k = a.k > b.k ? a.k : b.k;
  const most = k > c.k ? k : c.k;
  return most > PURE ? most : PURE;
};
/** `lo` (and `hi`) = e, reading them first where e's high word does. */
export const assign = (lo, hi, e) => {
  if (e.t !== I64) return emit(`${lo}=${num(e)};`);
  if (e.h.includes(lo)) {
    scratch = true;
    emit(`r=${e.v};${hi}=${e.h};${lo}=r;`);
  } else emit(`${lo}=${e.v};${hi}=${e.h};`);
};
/** Every unwritten entry written to its variable, bottom up: what a side effect needs first. */
export const flush = () => {
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
export const runEffects = (below) => {
  for (let i = 0; i < below; i++) if (stack[i].k === EFFECT) emit(`${stack[i].v};`);
};
/** The top `n` entries, written first: for helpers that return through H. */
export const takeFlushed = (n) => {
  flush();
  return stack.splice(stack.length - n);
};
/** The top `n` entries; written first if one has an effect (an i64 expression reads its
 * operands' words out of order) or, with `twice`, if one is read twice. */
export const take64 = (n, twice) => {
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
export const call64 = (call) => {
  flush();
  const i = stack.length;
  emit(`s${i}=${call};t${i}=H;`);
  stack.push(temp(i, I64));
};
export const pushExpr = (v, t, k, b) => stack.push({ v, h: undefined, k, t, b });
export const pushExpr64 = (v, h, k) => stack.push({ v, h, k, t: I64, b: false });
