#!/usr/bin/env python3
"""Logs in to a local mage-ai server (the default owner, admin@admin.com) and hands the credentials
to mage-mcp-server, in one of two forms:

  python3 scripts/mage/login.py URL --config FILE
      writes FILE (mode 0600) with cluster_url, oauth_token (the session JWT) and api_key: the
      config `mage-mcp-server --mage --config FILE` reads;
  eval "$(python3 scripts/mage/login.py URL)"
      prints `export MAGE_OAUTH_TOKEN=… MAGE_API_KEY=…` for `mage-mcp-server --mage-url URL`
      (and `SERVER_ARGS="--mage-url URL" ./scripts/preview.sh`).

For a throwaway Mage started by scripts/mage/serve.sh; the email and password are Mage's defaults
unless --email/--password say otherwise. The request is bounded (60 s).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mage_client import Mage  # noqa: E402


def main() -> int:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("url", help="the Mage server, e.g. http://127.0.0.1:6789")
    p.add_argument("--config", help="write a config.json for --mage --config here (mode 0600)")
    p.add_argument("--email", default="admin@admin.com")
    p.add_argument("--password", default="admin")
    a = p.parse_args()
    m = Mage(a.url.rstrip("/"))
    m.login(a.email, a.password)
    if a.config:
        fd = os.open(a.config, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w") as f:
            json.dump({"cluster_url": a.url.rstrip("/"), "oauth_token": m.session_jwt, "api_key": m.api_key}, f)
        os.chmod(a.config, 0o600)
        print(f"login.py: wrote {a.config}", file=sys.stderr)
    else:
        print(f"export MAGE_OAUTH_TOKEN={shlex.quote(m.session_jwt)} MAGE_API_KEY={shlex.quote(m.api_key)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
