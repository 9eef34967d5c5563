// The module's sections, decoded into what the translation needs: the types, the imports (every one
// a function), each function's type and where its body is, the globals, the exports, the table
// and its element segments, the memory, the start function and, when asked for, the functions'
// names. Anything outside the translator's scope (page/wasm-to-js.mjs) stops it here.
import { readAt, position, fail, byte, skip, range, u32, s32, s64, text, f32, f64 } from "./read.mjs";

/**
 * `bytes` decoded: { bytes, view, types, imports, importCount, functionTypes, globals, exports,
 * elements, bodies ({ start, end } of each function's code), memory, table (limits: { min, max }),
 * start, functionNames (a Map, with `names` only) }.
 */
export function readSections(bytes, names) {
  const wasm = {
    bytes,
    view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength),
    types: [], imports: [], importCount: 0, functionTypes: [], globals: [], exports: [], elements: [], bodies: [],
    memory: undefined, table: undefined, start: undefined, functionNames: undefined,
  };
  readAt(wasm, 0);
  if (wasm.view.getUint32(0) !== 0x0061736d || wasm.view.getUint32(4, true) !== 1) fail("not a wasm module");
  readAt(wasm, 8);
  while (position() < bytes.length) {
    const id = byte();
    const size = u32();
    const end = position() + size;
    readSection(wasm, id, end, names);
    skip(end - position());
  }
  if (!wasm.memory) fail("no memory");
  if (wasm.bodies.length !== wasm.functionTypes.length) fail("function and code sections differ");
  wasm.importCount = wasm.imports.length;
  return wasm;
}

/** Section `id`, which ends at byte `end`, into `wasm`. */
function readSection(wasm, id, end, names) {
  if (id === 0) {
    const name = text();
    if (name === "name" && names) wasm.functionNames = nameSection(end);
  } else if (id === 1) readTypes(wasm.types);
  else if (id === 2) readImports(wasm.imports);
  else if (id === 3) {
    for (let n = u32(); n > 0; n--) wasm.functionTypes.push(u32());
  } else if (id === 4) {
    if (u32() !== 1 || byte() !== 0x70) fail("a table that is not one funcref table");
    wasm.table = limits();
  } else if (id === 5) {
    if (u32() !== 1) fail("not one memory");
    wasm.memory = limits();
  } else if (id === 6) readGlobals(wasm.globals);
  else if (id === 7) {
    for (let n = u32(); n > 0; n--) wasm.exports.push({ name: text(), kind: byte(), index: u32() });
  } else if (id === 8) wasm.start = u32();
  else if (id === 9) readElements(wasm.elements);
  else if (id === 10) readBodies(wasm.bodies);
  else if (id === 11 || id === 12) fail("a data section (the page copies the data segments in itself)");
  else fail(`section ${id}`);
}

function readTypes(types) {
  for (let n = u32(); n > 0; n--) {
    if (byte() !== 0x60) fail("a type that is not a function type");
    const params = [];
    for (let i = u32(); i > 0; i--) params.push(byte());
    const results = [];
    for (let i = u32(); i > 0; i--) results.push(byte());
    if (results.length > 1) fail("multiple results");
    types.push({ params, results });
  }
}

function readImports(imports) {
  for (let n = u32(); n > 0; n--) {
    const module = text(), name = text(), kind = byte();
    if (kind !== 0) fail(`an import that is not a function (${module}.${name})`);
    imports.push({ module, name, type: u32() });
  }
}

function readGlobals(globals) {
  for (let n = u32(); n > 0; n--) {
    const type = byte();
    skip(1); // mutability: every global is a variable
    globals.push({ type, init: constExpr() });
  }
}

function readElements(elements) {
  for (let n = u32(); n > 0; n--) {
    if (u32() !== 0) fail("an element segment that is not active in table 0");
    const offset = constExpr();
    const functions = [];
    for (let i = u32(); i > 0; i--) functions.push(u32());
    elements.push({ offset: Number(offset), functions });
  }
}

function readBodies(bodies) {
  for (let n = u32(); n > 0; n--) bodies.push(range());
}

/** The function names of a name section (up to `end`), made into JavaScript identifiers. */
function nameSection(end) {
  const names = new Map();
  while (position() < end) {
    const kind = byte();
    const size = u32();
    const next = position() + size;
    if (kind === 1) {
      for (let n = u32(); n > 0; n--) {
        const index = u32();
        names.set(index, `_${text().replace(/[^A-Za-z0-9_$]+/g, "_").slice(0, 80)}`);
      }
    }
    skip(next - position());
  }
  return names;
}

function limits() {
  const flags = u32();
  const min = u32();
  return { min, max: flags & 1 ? u32() : undefined };
}

/** A constant expression (one instruction, then end) as JavaScript: a literal or a global's name;
 * an i64 as [low word, high word]. */
function constExpr() {
  const op = byte();
  let value;
  if (op === 0x41) value = String(s32());
  else if (op === 0x42) value = s64();
  else if (op === 0x43) value = f32();
  else if (op === 0x44) value = f64();
  else if (op === 0x23) value = `g${u32()}`;
  else fail(`constant expression opcode 0x${op.toString(16)}`);
  if (byte() !== 0x0b) fail("constant expression longer than one instruction");
  return value;
}

/** Function `f`'s type ({ params, results }), imported or the module's own. */
export function typeOf(wasm, f) {
  return wasm.types[f < wasm.importCount ? wasm.imports[f].type : wasm.functionTypes[f - wasm.importCount]];
}

/** Function `f`'s name in the translation: its name section's (with `names`) or f{index}. */
export function functionName(wasm, f) {
  return wasm.functionNames && wasm.functionNames.has(f) ? `${wasm.functionNames.get(f)}$${f}` : `f${f}`;
}
