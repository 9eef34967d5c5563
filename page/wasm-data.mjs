// A wasm module's data segments taken out of it: page/single-html.mjs carries them as a payload
// of their own (copied into either build's memory before the widget starts), and the page's
// translator takes a wasm without them; page/tests/wasm-to-js.test.mjs takes them out the same way.

/**
 * `wasm` (a Buffer) split into the module without its data section (`withoutData`) and the data
 * segments it had (`[offset, bytes]`, each active at an i32.const offset). Throws on data that
 * cannot be moved out (a DataCount section, a passive segment, an offset that is not a constant).
 */
export function splitData(wasm) {
  let at = 8;
  const leb = () => {
    let n = 0, shift = 0, b;
    do { b = wasm[at++]; n |= (b & 127) << shift; shift += 7; } while (b & 128);
    return n >>> 0;
  };
  const sleb = () => {
    let n = 0, shift = 0, b;
    do { b = wasm[at++]; n |= (b & 127) << shift; shift += 7; } while (b & 128);
    if (shift < 32 && (b & 64)) n |= -1 << shift;
    return n;
  };
  const kept = [wasm.subarray(0, 8)];
  const segments = [];
  while (at < wasm.length) {
    const start = at;
    const id = wasm[at++], size = leb(), end = at + size;
    if (id === 12) throw new Error("wasm-data: the wasm has a DataCount section (bulk memory): its data cannot be moved out");
    if (id === 11) {
      for (let count = leb(); count > 0; count--) {
        if (leb() !== 0 || wasm[at++] !== 0x41) throw new Error("wasm-data: a data segment that is not active at an i32.const offset");
        const offset = sleb() >>> 0;
        if (wasm[at++] !== 0x0b) throw new Error("wasm-data: a data segment offset that is not a constant");
        const length = leb();
        segments.push([offset, wasm.subarray(at, at + length)]);
        at += length;
      }
    } else {
      kept.push(wasm.subarray(start, end));
    }
    at = end;
  }
  return { withoutData: Buffer.concat(kept), segments };
}

/** The memory the segments make, from address 0. */
export function memoryImage(segments) {
  const image = Buffer.alloc(Math.max(0, ...segments.map(([offset, bytes]) => offset + bytes.length)));
  for (const [offset, bytes] of segments) image.set(bytes, offset);
  return image;
}
