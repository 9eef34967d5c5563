#!/usr/bin/env bash
# Install mage-ai 0.9.80 into a virtualenv OUTSIDE the repository.
#   MAGE_VENV   (default: $HOME/.cache/resource-widget/mage-venv)
#   PYTHON      (default: python3.11, else python3)
# Idempotent: when $MAGE_VENV/bin/mage exists and the installed package is 0.9.80, it does nothing.
# First install takes about 4 minutes on 2 cores (PyPI only).
set -euo pipefail
MAGE_VERSION=0.9.80
MAGE_VENV="${MAGE_VENV:-$HOME/.cache/resource-widget/mage-venv}"
PYTHON="${PYTHON:-$(command -v python3.11 || command -v python3)}"

installed_version() {
  "$MAGE_VENV/bin/python" - <<'PY' 2>/dev/null
import importlib.metadata as m
print(m.version("mage-ai"))
PY
}

if [ -x "$MAGE_VENV/bin/mage" ] && [ "$(installed_version)" = "$MAGE_VERSION" ]; then
  echo "mage-ai $MAGE_VERSION already installed in $MAGE_VENV"
  exit 0
fi

start=$(date +%s)
mkdir -p "$(dirname "$MAGE_VENV")"
if [ ! -x "$MAGE_VENV/bin/python" ]; then
  "$PYTHON" -m venv "$MAGE_VENV"
fi
"$MAGE_VENV/bin/pip" install --quiet --disable-pip-version-check --upgrade pip
"$MAGE_VENV/bin/pip" install --quiet --disable-pip-version-check "mage-ai==$MAGE_VERSION"
v="$(installed_version)"
if [ "$v" != "$MAGE_VERSION" ] || [ ! -x "$MAGE_VENV/bin/mage" ]; then
  echo "install failed: found mage-ai '$v' in $MAGE_VENV" >&2
  exit 1
fi
echo "mage-ai $v installed in $MAGE_VENV in $(( $(date +%s) - start )) s"
