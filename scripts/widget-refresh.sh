#!/usr/bin/env bash
# Builds the widget and keeps it in the repository, for a commit that changes it:
#   page/start-order.json                             the start order this wasm was built with (a
#                                                     recording can differ by a function; the kept
#                                                     one makes every build of the commit the same)
#   crates/pipeline-resource-widget/resource-widget.html   the file the three packages and the
#                                                     server's binary carry
#   crates/pipeline-resource-widget/resource-widget.inputs what it was built from (a digest of
#                                                     every input, scripts/widget-inputs.mjs): the
#                                                     preview serves the kept file without building
#                                                     when the tree's inputs are these
# scripts/packages-check.sh (part of ./scripts/test.sh) fails, naming this command, when either is
# not what the commit builds. Commit both with the change, and say what changed in CHANGELOG.md.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/build.sh
node page/start-order.mjs --keep
kept=crates/pipeline-resource-widget/resource-widget.html
cp dist/resource-widget.html "$kept"
node scripts/widget-inputs.mjs --record
uri="ui://pipeline-service/resource-widget-$(sha256sum "$kept" | cut -c1-8).html"
echo "widget-refresh: kept $kept ($(wc -c <"$kept") bytes, $uri), what it was built from and page/start-order.json"
git status --short -- "$kept" "${kept%.html}.inputs" page/start-order.json
