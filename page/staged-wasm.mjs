// The wasm Trunk staged (dist/trunk/*_bg.wasm, or under BUILD_DIR / PROFILE_DIR), read the one way
// every build step reads it: with its split marker's name fixed, so that its bytes depend on the
// source and the pinned tools only.
//
// Leptos brings in wasm_split_helpers, which exports a zero-sized static named
// `_WASM_SPLIT_MARKER_<16 hex>version`, the hex being the start of the sha256 of that crate's
// Cargo.toml path (its `version_stamp!` proc macro hashes CARGO_MANIFEST_PATH). The path lies in
// cargo's registry, under CARGO_HOME: two machines, or two users of one machine, built different
// bytes from one commit, so a different file and a different ui:// URI. Nothing reads the export
// (it only keeps a link section alive for cargo-leptos's wasm splitting, which Trunk does not do),
// so its 16 hex digits are written as zeros, in place: the same length, every other byte kept.
import { readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createHash } from "node:crypto";
import { join } from "node:path";

const MARKER = Buffer.from("_WASM_SPLIT_MARKER_");
const HEX_DIGITS = 16;

/** The staged wasm in `staging`: its path, its bytes with the marker fixed (written back when it was not), their sha256. */
export function stagedWasm(staging) {
  const name = readdirSync(staging).find((f) => f.endsWith("_bg.wasm"));
  if (!name) throw new Error(`staged-wasm: no *_bg.wasm in ${staging}`);
  const file = join(staging, name);
  const read = readFileSync(file);
  const bytes = withFixedSplitMarker(read);
  if (!bytes.equals(read)) writeFileSync(file, bytes);
  return { file, bytes, sha256: createHash("sha256").update(bytes).digest("hex") };
}

/** `wasm` with the hex of every exported `_WASM_SPLIT_MARKER_<16 hex>…` name written as zeros. */
export function withFixedSplitMarker(wasm) {
  const out = Buffer.from(wasm);
  let at = 8;
  const leb = () => {
    let n = 0, shift = 0, b;
    do { b = out[at++]; n |= (b & 127) << shift; shift += 7; } while (b & 128);
    return n >>> 0;
  };
  while (at < out.length) {
    const id = out[at++], size = leb(), end = at + size;
    if (id === 7) {
      // The export section: count, then (name length, name, kind, index) per export.
      for (let count = leb(); count > 0; count--) {
        const length = leb();
        const name = out.subarray(at, at + length);
        if (name.length >= MARKER.length + HEX_DIGITS && name.subarray(0, MARKER.length).equals(MARKER)) {
          const hex = name.subarray(MARKER.length, MARKER.length + HEX_DIGITS);
          if (!/^[0-9a-f]+$/.test(hex.toString("latin1"))) throw new Error(`staged-wasm: an export named ${name} has no hex digits where the split marker's are`);
          hex.fill("0");
        }
        at += length;
        at++; // kind
        leb(); // index
      }
    }
    at = end;
  }
  return out;
}
