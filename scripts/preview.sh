#!/usr/bin/env bash
# The main job: set up (idempotent), build the widget and the model's report tool, then serve the
# preview on 127.0.0.1 (PREVIEW_PORT, default 8080). Ctrl-C stops it.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
cargo build --quiet --release -p widget-model --example report
exec node preview/serve.mjs
