// Structured control flow: blocks become labelled blocks, loops `for(;;)`, branches `break` and
// `continue` to labels, br_table a `switch`, return a `return` (an i64 returns its low word and
// leaves the high word in H). A frame's value travels in the depth variable at the frame's
// height. Code after a branch, which no path reaches, is skipped up to the end (or else) of its
// frame.
import { byte, skip, u32, fail, skipImmediates, I32, I64, F32, F64 } from "./read.mjs";
import { results, code, stack, emit, num, useScratch, useTemp, pop, ownTemp, temp, assign, flush, runEffects } from "./stack.mjs";

// Frame kinds.
const FUNC = 0, BLOCK = 1, LOOP = 2, IF = 3;

/** The open frames, the function's own first: { kind, results (types), height (of the stack
 * where it opened), label, labelAt (the code placeholder for its label), targeted (a branch
 * jumps to its label), reached (its end is reached by falling through), hasElse }. */
export let frames;
/** How many labels the function has used. */
let labels;
/** No path reaches the current instruction (after a branch, return or unreachable). */
export let dead;
/** How many blocks deep the unreachable code being skipped is. */
let deadNesting;

/** Starts the frames of the function startFunction (stack.mjs) started. */
export function startControl() {
  frames = [{ kind: FUNC, results, height: 0, label: -1, labelAt: 0, targeted: false, reached: false, hasElse: false }];
  labels = 0;
  dead = false;
  deadNesting = 0;
}

/** The function's end: what is left on the stack run, its result returned. */
export function finishControl() {
  if (!dead) {
    runEffects(stack.length - results.length);
    if (results.length) emit(returnStatement());
  }
}

/** Skips an instruction that no path reaches, up to the end (or else) of the frame a branch
 * left; true when it was skipped. */
export function skipDead(op) {
  if (op === 0x02 || op === 0x03 || op === 0x04) {
    skip(1);
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
}

const blockType = () => {
  const b = byte();
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
    useScratch();
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

/** The control instructions' handlers into `handlers` (by opcode). */
export function addControlHandlers(handlers) {
  handlers[0x00] = unreachable;
  handlers[0x01] = () => {};
  handlers[0x02] = block;
  handlers[0x03] = loop;
  handlers[0x04] = ifThen;
  handlers[0x05] = orElse;
  handlers[0x0b] = end;
  handlers[0x0c] = br;
  handlers[0x0d] = brIf;
  handlers[0x0e] = brTable;
  handlers[0x0f] = returnFromFunction;
}

function unreachable() {
  runEffects(stack.length);
  emit("U();");
  dead = true;
}
function block() {
  const types = blockType();
  flush();
  openFrame(BLOCK, types, "{");
}
function loop() {
  const types = blockType();
  flush();
  openFrame(LOOP, types, "for(;;){");
}
function ifThen() {
  const types = blockType();
  const condition = pop();
  flush();
  openFrame(IF, types, `if(${condition.v}){`);
}
function orElse() {
  const frame = frames[frames.length - 1];
  if (!dead) {
    if (frame.results.length) setResult(frame, pop());
    frame.reached = true;
  }
  frame.hasElse = true;
  stack.length = frame.height;
  dead = false;
  emit("}else{");
}
function end() {
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
}
function br() {
  branch(frames[frames.length - 1 - u32()]);
  dead = true;
}
function brIf() {
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
}
function brTable() {
  const targets = [];
  for (let n = u32(); n > 0; n--) targets.push(u32());
  const fallback = u32();
  const index = pop();
  flush();
  // The values of each depth other than the fallback's, by depth in the order first listed.
  const cases = new Map();
  targets.forEach((depth, i) => {
    if (depth === fallback) return;
    if (!cases.has(depth)) cases.set(depth, []);
    cases.get(depth).push(i);
  });
  const arm = (depth) => {
    const saved = code.length;
    branch(frames[frames.length - 1 - depth]);
    return code.splice(saved).join("");
  };
  let s = `switch(${num(index)}){`;
  for (const [depth, values] of cases) s += `${values.map((v) => `case ${v}:`).join("")}${arm(depth)}`;
  emit(`${s}default:${arm(fallback)}}`);
  dead = true;
}
function returnFromFunction() {
  branch(frames[0]);
  dead = true;
}
