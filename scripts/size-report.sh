#!/usr/bin/env bash
# Where the widget's bytes are: twiggy over the release wasm that scripts/build.sh left (cargo's
# output, before wasm-bindgen and wasm-opt, so every function still has its name). Prints the top
# items, the dominators (what keeps what alive) and the bytes per crate, then the file's figures
# against the budget (scripts/size-budget.json). Run after ./scripts/build.sh.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$HOME/.cargo/bin:$PATH"
TWIGGY_VERSION=0.8.0
if ! grep -qF " $TWIGGY_VERSION" <<<"$(twiggy --version 2>/dev/null || true)"; then
  echo "size-report: installing twiggy $TWIGGY_VERSION from crates.io (a first install takes minutes)"
  cargo install --quiet twiggy --version "$TWIGGY_VERSION" --locked
fi
WASM=target/wasm32-unknown-unknown/release/resource-widget.wasm
[ -f "$WASM" ] || { echo "size-report: $WASM is missing; run ./scripts/build.sh first" >&2; exit 1; }
TOP=${TOP:-25}

printf '== top %s items (before wasm-opt; shallow bytes)\n' "$TOP"
twiggy top -n "$TOP" "$WASM"
printf '\n== dominators, top %s (retained bytes: what each keeps alive)\n' "$TOP"
twiggy dominators -d 2 -r "$TOP" "$WASM"
printf '\n== bytes per crate (functions named by their crate path; data and tables apart)\n'
twiggy top -n 100000 --format csv "$WASM" | node -e '
  const lines = require("fs").readFileSync(0, "utf8").trim().split("\n").slice(1);
  const byCrate = new Map();
  let total = 0;
  for (const line of lines) {
    const m = line.match(/^"?(.*?)"?,(\d+),/);
    if (!m) continue;
    const [, name, size] = m;
    total += +size;
    // A demangled path starts with the crate ("leptos::…", "<tachys::… as …>"); the rest are
    // data segments, tables, imports and unnamed code.
    const path = name.replace(/^<+/, "").replace(/^&(mut )?/, "");
    const crate = /^[a-z_][a-z0-9_]*::/.test(path) ? path.split("::")[0] : name.startsWith("data[") ? "(data)" : "(other)";
    byCrate.set(crate, (byCrate.get(crate) ?? 0) + +size);
  }
  const rows = [...byCrate].sort((a, b) => b[1] - a[1]).slice(0, 25);
  for (const [crate, size] of rows) console.log(`${String(size).padStart(9)} B  ${(100 * size / total).toFixed(1).padStart(5)}%  ${crate}`);
  console.log(`${String(total).padStart(9)} B  total (before wasm-opt)`);
'
printf '\n== the file (scripts/single-html.mjs; budget in scripts/size-budget.json)\n'
node -e '
  const fs = require("fs"), zlib = require("zlib");
  const html = fs.readFileSync("dist/resource-widget.html");
  const budget = JSON.parse(fs.readFileSync("scripts/size-budget.json", "utf8"));
  const gz = zlib.gzipSync(html, { level: 9 }).length;
  console.log(`dist/resource-widget.html ${html.length} B raw (budget ${budget.file_raw}), ${gz} B gzip (budget ${budget.file_gzip})`);
'
