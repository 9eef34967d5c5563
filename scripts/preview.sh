#!/usr/bin/env bash
# The main job: set up (idempotent), build the widget, serve the preview on 127.0.0.1.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
./scripts/build.sh
exec node preview/serve.mjs
