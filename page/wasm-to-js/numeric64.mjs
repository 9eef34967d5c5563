// i64 instructions: a value is a pair of int32 (low word, high word), an entry's v and h. What
// fits an expression is written inline; multiplication, division, remainder, rotations, shifts by
// a variable count and conversions from floats call the run-time support (support.mjs), which
// returns the low word and leaves the high word in H.
import { fail, I32, F32, F64 } from "./read.mjs";
import { f, stack, num, pop, kindOf, takeFlushed, take64, call64, pushExpr, pushExpr64, CONST } from "./stack.mjs";

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
/** i64 arithmetic done by the run-time support. */
const HELPER64 = [];
HELPER64[0x7e] = "mul64";
HELPER64[0x7f] = "divs64";
HELPER64[0x80] = "divu64";
HELPER64[0x81] = "rems64";
HELPER64[0x82] = "remu64";

/** The handler of every numeric instruction (0x45 to 0xbf) with an i64 operand or result. */
export function numeric64(op) {
  return op < 0xa7 ? integer64(op) : conversion64(op);
}

/** i64 tests, comparisons, counts, arithmetic, bitwise operations, shifts and rotations. */
function integer64(op) {
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
  }
  if (HELPER64[op]) {
    const [a, b] = takeFlushed(2);
    return call64(`${HELPER64[op]}(${a.v},${a.h},${b.v},${b.h})`);
  }
  if (COMPARE64[op]) return compare64(op);
  return fail(`opcode 0x${op.toString(16)} in function ${f}`);
}

/** Conversions to and from i64: wrap, extend, from and to floats, reinterpretations. */
function conversion64(op) {
  switch (op) {
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
  return fail(`opcode 0x${op.toString(16)} in function ${f}`);
}

function compare64(op) {
  const [high, low] = COMPARE64[op];
  const [a, b] = take64(2, true);
  const unsigned = high.endsWith("u");
  const h = unsigned ? `(${a.h}>>>0)${high[0]}(${b.h}>>>0)` : `${a.h}${high}${b.h}`;
  pushExpr(`(${h}||${a.h}==${b.h}&&(${a.v}>>>0)${low}(${b.v}>>>0))`, I32, kindOf(a, b), true);
}

/** shl, shr_s, shr_u: inline by a constant count, else through the run-time support. */
function shift64(op) {
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
}
