#!/usr/bin/env bash
# Builds the widget's three packages into target/packages/, each carrying the widget file kept in
# crates/pipeline-resource-widget/resource-widget.html byte for byte (the file this commit builds:
# scripts/packages-check.sh proves it), at the one version of Cargo.toml's [workspace.package]:
#
#   pipeline-resource-widget-VERSION.tgz               npm     (packages/npm)
#   pipeline_resource_widget-VERSION-py3-none-any.whl  Python  (packages/python)
#   pipeline-resource-widget-VERSION.crate             Rust    (crates/pipeline-resource-widget)
#
# Needs no widget build: node, npm, python3 with venv, cargo. The Python build backend (flit_core)
# comes from PyPI (or pip's cache); the rest is offline. Prints each package's path and size.
set -euo pipefail
cd "$(dirname "$0")/.."
out=target/packages
widget=crates/pipeline-resource-widget/resource-widget.html
say() { printf 'package: %s\n' "$*"; }

version=$(cargo metadata --no-deps --offline --format-version 1 |
  node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const p=JSON.parse(s).packages.find((p)=>p.name==="pipeline-resource-widget");console.log(p.version)})')
# One version ties the file, its URI and the change log together: it has a section there.
if ! grep -q "^## \[$version\]" CHANGELOG.md; then
  echo "package: CHANGELOG.md has no section '## [$version]' for the version in Cargo.toml" >&2
  exit 1
fi

rm -rf "$out"
mkdir -p "$out/staging"
staging=$(cd "$out/staging" && pwd)

# npm: the module, its types, the file; the version stamped into the staged package.json.
cp -r packages/npm "$staging/npm"
cp "$widget" "$staging/npm/resource-widget.html"
node -e 'const fs=require("fs");const f=process.argv[1];const p=JSON.parse(fs.readFileSync(f,"utf8"));fs.writeFileSync(f,JSON.stringify({name:p.name,version:process.argv[2],...p},null,2)+"\n")' \
  "$staging/npm/package.json" "$version"
(cd "$staging/npm" && npm pack --silent --pack-destination "$staging/.." >/dev/null)

# Python: a wheel built by pip in a venv of its own (Debian's python3 may have no pip), with the
# file as package data.
cp -r packages/python "$staging/python"
cp "$widget" "$staging/python/pipeline_resource_widget/resource-widget.html"
sed -i "s/^version = \"0.0.0\"$/version = \"$version\"/" "$staging/python/pyproject.toml"
grep -q "^version = \"$version\"$" "$staging/python/pyproject.toml" || { echo "package: no version line to stamp in packages/python/pyproject.toml" >&2; exit 1; }
python3 -m venv "$staging/build-venv"
# Fixed timestamps in the zip (flit_core reads SOURCE_DATE_EPOCH; 1980 is the zip format's first
# year), as npm pack and cargo package write theirs: the same commit packs the same bytes.
SOURCE_DATE_EPOCH=315532800 "$staging/build-venv/bin/pip" wheel --quiet --disable-pip-version-check --no-deps --wheel-dir "$out" "$staging/python"

# Rust: the crate as cargo publishes it (its build is the cargo project of scripts/packages-check.sh).
cargo package --quiet --offline --no-verify --allow-dirty -p pipeline-resource-widget
cp "target/package/pipeline-resource-widget-$version.crate" "$out/"

rm -rf "$staging"
for file in "$out"/*; do say "$(du -k "$file" | cut -f1) KB  $file"; done
say "version $version, widget $(wc -c <"$widget") bytes, ui://pipeline-service/resource-widget-$(sha256sum "$widget" | cut -c1-8).html"
