#!/usr/bin/env bash
# Install the official MCP Python SDK for examples/python-widget-server into a virtualenv OUTSIDE
# the repository, at the version pinned in examples/python-widget-server/requirements.txt.
#   SDK_EXAMPLES_VENV   (default: $HOME/.cache/resource-widget/mcp-sdk-venv)
#   PYTHON              (default: python3.11, else python3; the SDK needs Python >= 3.10)
# Idempotent: when the venv holds the pinned version, it does nothing. Prints the venv's python.
set -euo pipefail
cd "$(dirname "$0")/.."
requirements="$PWD/examples/python-widget-server/requirements.txt"
pinned="$(sed -n 's/^mcp==//p' "$requirements")"
venv="${SDK_EXAMPLES_VENV:-$HOME/.cache/resource-widget/mcp-sdk-venv}"
python="${PYTHON:-$(command -v python3.11 || command -v python3)}"

installed_version() {
  "$venv/bin/python" -c 'import importlib.metadata as m; print(m.version("mcp"))' 2>/dev/null || true
}

if [ "$(installed_version)" != "$pinned" ]; then
  start=$(date +%s)
  mkdir -p "$(dirname "$venv")"
  [ -x "$venv/bin/python" ] || "$python" -m venv "$venv"
  "$venv/bin/pip" install --quiet --disable-pip-version-check -r "$requirements"
  if [ "$(installed_version)" != "$pinned" ]; then
    echo "sdk-examples-setup: installing mcp==$pinned into $venv failed (found '$(installed_version)')" >&2
    exit 1
  fi
  echo "sdk-examples-setup: mcp $pinned installed in $venv in $(($(date +%s) - start)) s" >&2
fi
echo "$venv/bin/python"
