// Reads the payloads a built widget file carries, as page/single-html.mjs writes them and the
// minifier leaves them: the page's base-85 decoder (`function unpack(text, length) {…}`) and each
// payload as `{text:"…",length:N}`. page/tests/built-file.test.mjs and `node bench/trace.mjs payloads`
// read the file through this one reader.

/** The source of the page's base-85 decoder, or `null` when the file has none. */
export function decoderSource(html) {
  // Names as the minifier gives them: letters, digits, `_` and `$` (the decoder may be `$`).
  const name = "[\\w$]+";
  const pattern = new RegExp(`function ${name}\\(${name},${name}\\)\\{const ${name}="[^"]{85}"[\\s\\S]*?subarray\\(0,${name}\\)\\}`);
  return html.match(pattern)?.[0] ?? null;
}

/** Each payload's base-85 text and its length in bytes, in the order the file carries them. */
export function payloadsOf(html) {
  // A length as the minifier writes a number: 276000 becomes 276e3.
  return [...html.matchAll(/\{text:"([^"]+)",length:(\d+(?:e\d+)?)\}/g)].map((m) => ({ text: m[1], length: Number(m[2]) }));
}
