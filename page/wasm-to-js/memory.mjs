// Loads and stores: through the typed array of the access's width where the instruction promises
// its natural alignment (I32[a>>2]), else through the DataView DV. An i64 is two 32-bit words.
// memory.size and memory.grow call the run-time support's msize and mgrow (support.mjs).
import { skip, u32, I32, F32, F64 } from "./read.mjs";
import { stack, emit, num, useScratch, pop, kindOf, flush, pushExpr, pushExpr64, CONST, VAR, PURE, EFFECT } from "./stack.mjs";

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
// i64 loads: [array, shift, method, natural alignment, high word: "sign" | "zero" | "load"].
const MEMORY64 = [];
MEMORY64[0x29] = ["I32", 2, "Int32", 2, "load"];
MEMORY64[0x30] = ["I8", 0, "Int8", 0, "sign"];
MEMORY64[0x31] = ["U8", 0, "Uint8", 0, "zero"];
MEMORY64[0x32] = ["I16", 1, "Int16", 1, "sign"];
MEMORY64[0x33] = ["U16", 1, "Uint16", 1, "zero"];
MEMORY64[0x34] = ["I32", 2, "Int32", 2, "sign"];
MEMORY64[0x35] = ["I32", 2, "Int32", 2, "zero"];

/** The memory instructions' handlers into `handlers` (by opcode). */
export function addMemoryHandlers(handlers) {
  for (const op of [0x28, 0x2a, 0x2b, 0x2c, 0x2d, 0x2e, 0x2f]) handlers[op] = load;
  for (let op = 0x29; op <= 0x35; op++) if (MEMORY64[op]) handlers[op] = load64;
  for (const op of [0x36, 0x38, 0x39, 0x3a, 0x3b, 0x3c, 0x3d, 0x3e]) handlers[op] = store;
  handlers[0x37] = store64;
  handlers[0x3f] = memorySize;
  handlers[0x40] = memoryGrow;
}

/** The address `base` + `offset` as text (a constant one computed). */
const address = (base, offset) => {
  if (!offset) return base.v;
  if (base.k === CONST) return String(Number(base.v.replace(/[()]/g, "")) + offset);
  return `${base.v}+${offset}`;
};
/** A word of memory as an expression: aligned through a typed array, else a DataView. */
const access = (array, shift, method, natural, a, align) =>
  align >= natural ? `${array}[${shift ? `${a}>>${shift}` : a}]` : `DV.get${method}(${a},1)`;

function load(op) {
  const [array, shift, method, natural, type] = MEMORY[op];
  const align = u32(), offset = u32();
  const base = pop();
  pushExpr(access(array, shift, method, natural, address(base, offset), align), type, kindOf(base), false);
}
function store(op) {
  const [array, shift, method, natural] = MEMORY[op];
  const align = u32(), offset = u32();
  const value = pop(), base = pop();
  flush();
  const a = address(base, offset);
  if (align >= natural) emit(`${array}[${shift ? `${a}>>${shift}` : a}]=${num(value)};`);
  else emit(`DV.set${method}(${a},${num(value)},1);`);
}
function load64(op) {
  const [array, shift, method, natural, high] = MEMORY64[op];
  const align = u32(), offset = u32();
  let base = stack[stack.length - 1];
  if (base.k > VAR) flush();
  base = pop();
  const lo = access(array, shift, method, natural, address(base, offset), align);
  const hi = high === "zero" ? "0" : high === "sign" ? `(${lo}>>31)` : access(array, shift, method, natural, address(base, offset + 4), align);
  pushExpr64(lo, hi, kindOf(base));
}
/** i64.store: both words, the address read twice. */
function store64() {
  const align = u32(), offset = u32();
  if (stack[stack.length - 2].k > VAR) flush();
  const value = pop();
  const base = pop();
  flush();
  const a = address(base, offset);
  // The high word read before the low word is stored: the value may be a load of these bytes.
  let hi = value.h;
  if (value.k > VAR) {
    useScratch();
    emit(`r=${hi};`);
    hi = "r";
  }
  const a4 = address(base, offset + 4);
  if (align >= 2) emit(`I32[${a}>>2]=${value.v};I32[${a4}>>2]=${hi};`);
  else emit(`DV.setInt32(${a},${value.v},1);DV.setInt32(${a4},${hi},1);`);
}
function memorySize() {
  skip(1);
  pushExpr("msize()", I32, PURE, false);
}
function memoryGrow() {
  skip(1);
  const pages = pop();
  flush();
  pushExpr(`mgrow(${pages.v})`, I32, EFFECT, false);
}
