// One function translated: one pass over its instructions, each given to its handler by opcode
// (control.mjs, calls.mjs, variables.mjs, memory.mjs, numeric.mjs), which reads its immediates,
// takes its operands from the expression stack (stack.mjs) and pushes its result or writes
// statements.
import { byte, position, fail, I64 } from "./read.mjs";
import { functionName } from "./sections.mjs";
import { startFunction, declarations, f, params, callees, code } from "./stack.mjs";
import { startControl, finishControl, skipDead, frames, dead, addControlHandlers } from "./control.mjs";
import { addCallHandlers } from "./calls.mjs";
import { addVariableHandlers } from "./variables.mjs";
import { addMemoryHandlers } from "./memory.mjs";
import { addNumericHandlers } from "./numeric.mjs";

/** Each instruction's handler, by opcode; it is called with the opcode, its immediates unread. */
const HANDLERS = [];
addControlHandlers(HANDLERS);
addCallHandlers(HANDLERS);
addVariableHandlers(HANDLERS);
addMemoryHandlers(HANDLERS);
addNumericHandlers(HANDLERS);

/** A function's parameters as JavaScript's: an i64 takes two (low and high word). */
const parameterList = (types) => types.map((t, i) => (t === I64 ? `l${i},h${i}` : `l${i}`)).join(",");

/**
 * Function `index` of `wasm` (readSections' description, sections.mjs) as JavaScript:
 * { text: `function name(…){…}`, callees: the module's own functions it calls }.
 */
export function translateFunction(wasm, index) {
  const end = startFunction(wasm, index);
  startControl();
  for (;;) {
    const op = byte();
    if (dead && skipDead(op)) continue;
    if (op === 0x0b && frames.length === 1) break;
    const handler = HANDLERS[op];
    if (!handler) fail(`opcode 0x${op.toString(16)} in function ${f}`);
    handler(op);
  }
  if (position() !== end) fail(`function ${f} ends before its body`);
  finishControl();
  return { text: `function ${functionName(wasm, f)}(${parameterList(params)}){${declarations()}${code.join("")}}`, callees };
}
