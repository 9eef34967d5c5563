// Calls: a direct call by the callee's name, call_indirect through the table T. A call's result is
// an expression with an effect; an i64 result is the low word returned and the high word left in H.
import { byte, u32, fail, I64 } from "./read.mjs";
import { typeOf, functionName } from "./sections.mjs";
import { wasm, callees, stack, emit, num, pop, flush, call64, pushExpr, EFFECT } from "./stack.mjs";

/** The call instructions' handlers into `handlers` (by opcode). */
export function addCallHandlers(handlers) {
  handlers[0x10] = callDirect;
  handlers[0x11] = callIndirect;
}

/** A call to `callee` (text) of type `type`, its arguments taken from the stack. */
function call(type, callee) {
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
}

function callDirect() {
  const callee = u32();
  if (callee >= wasm.importCount) callees.push(callee);
  call(typeOf(wasm, callee), functionName(wasm, callee));
}

function callIndirect() {
  const type = wasm.types[u32()];
  if (byte() !== 0) fail("call_indirect on a table other than 0");
  // The table index comes last in wasm and is read first in T[i](...): written first when an
  // argument has an effect.
  for (let i = stack.length - type.params.length - 1; i < stack.length; i++) {
    if (stack[i].k === EFFECT) {
      flush();
      break;
    }
  }
  call(type, `T[${pop().v}]`);
}
