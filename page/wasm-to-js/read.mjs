// The cursor over the wasm's bytes, which the section decoder and the instruction translator both
// read through: LEB128 numbers, names, float literals, the immediates an instruction carries.
// One translation reads at a time; each points the cursor at its own bytes first (readAt).

/** The wasm's value types, as its binary format writes them. */
export const I32 = 0x7f, I64 = 0x7e, F32 = 0x7d, F64 = 0x7c;

let bytes, view, at = 0;
const decoder = new TextDecoder();

/** Reads `input.bytes` (through `input.view`, a DataView over them) from byte `position` on. */
export function readAt(input, position) {
  bytes = input.bytes;
  view = input.view;
  at = position;
}

/** Where the cursor is: the next byte to read. */
export function position() {
  return at;
}

/** Stops the translation with `message` and where the cursor was. */
export function fail(message) {
  throw new Error(`wasm-to-js: ${message} (byte ${at})`);
}

export function byte() {
  return bytes[at++];
}

export function skip(count) {
  at += count;
}

export function u32() {
  let n = 0, shift = 0, b;
  do {
    b = bytes[at++];
    n += (b & 127) * 2 ** shift;
    shift += 7;
  } while (b & 128);
  return n;
}

export function s32() {
  let n = 0, shift = 0, b;
  do {
    b = bytes[at++];
    n |= (b & 127) << shift;
    shift += 7;
  } while (b & 128);
  if (shift < 32 && b & 64) n |= -1 << shift;
  return n | 0;
}

/** A signed 64-bit number as [low word, high word], each an int32. */
export function s64() {
  let n = 0n, shift = 0n, b;
  do {
    b = bytes[at++];
    n |= BigInt(b & 127) << shift;
    shift += 7n;
  } while (b & 128);
  if (shift < 64n && b & 64) n |= -1n << shift;
  return [Number(BigInt.asIntN(32, n)), Number(BigInt.asIntN(32, n >> 32n))];
}

/** A size-prefixed run of bytes (a function's body) as { start, end }, the cursor past it. */
export function range() {
  const size = u32();
  const start = at;
  at += size;
  return { start, end: start + size };
}

/** A name: its length, then UTF-8. */
export function text() {
  const length = u32();
  const s = decoder.decode(bytes.subarray(at, at + length));
  at += length;
  return s;
}

/** A 4-byte float as a JavaScript literal. */
export function f32() {
  const literal = number(view.getFloat32(at, true));
  at += 4;
  return literal;
}

/** An 8-byte float as a JavaScript literal. */
export function f64() {
  const literal = number(view.getFloat64(at, true));
  at += 8;
  return literal;
}

/** A float as a JavaScript literal that reads back as the same value (a negative one in parentheses). */
function number(x) {
  if (Number.isNaN(x)) return "NaN";
  if (x === Infinity) return "Infinity";
  if (x === -Infinity) return "(-Infinity)";
  if (Object.is(x, -0)) return "(-0)";
  return x < 0 ? `(${x})` : String(x);
}

/** Reads past the immediates of instruction `op` (its opcode read already), for code no path
 * reaches; fails on an opcode outside the MVP. */
export function skipImmediates(op) {
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
