"""A small standard-library client for a local mage-ai 0.9.80 server (used by build_project.py and
capture.py, importable from test code).

Authentication, as the server implements it (mage_ai/api/middleware.py):
  * every request under /api/ except GET /api/status carries the frontend's public API key, header
    `X-API-KEY`, value `OAUTH2_APPLICATION_CLIENT_ID` from mage_ai/settings/server.py (read from the
    installed package by `find_api_key`, not hard-coded here);
  * a session comes from POST /api/sessions {"session": {"email", "password"}}; its `token` is a JWT
    (HS256, claims `expires` and `token`); send it as cookie `oauth_token=<JWT>` (what the web UI does),
    or its `token` claim as header `OAUTH-TOKEN` or `Authorization: Bearer`.
"""

from __future__ import annotations

import base64
import glob
import json
import os
import re
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from typing import Any, Dict, Optional, Tuple

DEFAULT_VENV = os.path.join(os.path.expanduser("~"), ".cache", "resource-widget", "mage-venv")


def find_api_key(venv: Optional[str] = None) -> str:
    """The public API key of mage's web frontend, read from the installed package's source."""
    venv = venv or os.environ.get("MAGE_VENV") or DEFAULT_VENV
    candidates = glob.glob(os.path.join(venv, "lib", "python3*", "site-packages", "mage_ai", "settings", "server.py"))
    for path in candidates:
        with open(path, encoding="utf-8") as f:
            m = re.search(r"^OAUTH2_APPLICATION_CLIENT_ID\s*=\s*['\"]([^'\"]+)['\"]", f.read(), re.M)
        if m:
            return m.group(1)
    raise RuntimeError(f"OAUTH2_APPLICATION_CLIENT_ID not found under {venv} (run scripts/mage/setup.sh)")


def jwt_claims(jwt: str) -> Dict[str, Any]:
    payload = jwt.split(".")[1]
    payload += "=" * (-len(payload) % 4)
    return json.loads(base64.urlsafe_b64decode(payload))


class Response:
    def __init__(self, method: str, url: str, status: int, headers: Dict[str, str], body: bytes, elapsed: float):
        self.method, self.url, self.status, self.headers, self.body, self.elapsed = method, url, status, headers, body, elapsed

    def json(self) -> Any:
        return json.loads(self.body.decode("utf-8"))

    @property
    def error(self) -> Optional[Dict[str, Any]]:
        """mage reports most errors with HTTP 200 and a top-level "error" object."""
        try:
            data = self.json()
        except ValueError:
            return {"code": self.status, "message": self.body[:200].decode("utf-8", "replace")}
        if isinstance(data, dict) and data.get("error"):
            return data["error"]
        if self.status >= 400:
            return {"code": self.status, "message": str(data)[:200]}
        return None


class MageError(RuntimeError):
    pass


class Mage:
    def __init__(self, base_url: str, api_key: Optional[str] = None, timeout: float = 60.0):
        self.base = base_url.rstrip("/")
        self.api_key = api_key or find_api_key()
        self.timeout = timeout
        self.session_jwt: Optional[str] = None
        self.session_body: Optional[bytes] = None

    # -- transport --------------------------------------------------------------------------
    def request(self, method: str, path: str, body: Any = None, query: Optional[Dict[str, Any]] = None,
                headers: Optional[Dict[str, str]] = None, auth: bool = True, timeout: Optional[float] = None) -> Response:
        url = self.base + path
        if query:
            url += ("&" if "?" in url else "?") + urllib.parse.urlencode(query, doseq=True)
        h = {"Accept": "application/json"}
        if auth:
            h["X-API-KEY"] = self.api_key
            if self.session_jwt:
                h["Cookie"] = f"oauth_token={self.session_jwt}"
        data = None
        if body is not None:
            data = json.dumps(body).encode("utf-8")
            h["Content-Type"] = "application/json"
        if headers:
            h.update(headers)
        req = urllib.request.Request(url, data=data, method=method, headers=h)
        t0 = time.monotonic()
        try:
            with urllib.request.urlopen(req, timeout=timeout or self.timeout) as r:
                return Response(method, url, r.status, dict(r.headers), r.read(), time.monotonic() - t0)
        except urllib.error.HTTPError as e:
            return Response(method, url, e.code, dict(e.headers), e.read(), time.monotonic() - t0)

    def call(self, method: str, path: str, body: Any = None, query: Optional[Dict[str, Any]] = None, **kw) -> Any:
        """Request and decode; raise MageError on an HTTP error or a 200 with an "error" object."""
        r = self.request(method, path, body, query, **kw)
        err = r.error
        if err:
            msg = err.get("message") if isinstance(err, dict) else err
            raise MageError(f"{method} {path}: HTTP {r.status}, error {json.dumps(err)[:600]}")
        return r.json()

    def get(self, path: str, **query) -> Any:
        return self.call("GET", path, query=query or None)

    # -- auth -------------------------------------------------------------------------------
    def login(self, email: str = "admin@admin.com", password: str = "admin") -> Dict[str, Any]:
        r = self.request("POST", "/api/sessions", {"session": {"email": email, "password": password}})
        if r.error:
            raise MageError(f"login failed: HTTP {r.status} {r.body[:300]!r}")
        self.session_body = r.body
        self.session_jwt = r.json()["session"]["token"]
        return r.json()["session"]

    @property
    def session_token_claim(self) -> Optional[str]:
        return jwt_claims(self.session_jwt)["token"] if self.session_jwt else None


def wait_for_status(base_url: str, timeout: float = 120.0) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base_url.rstrip("/") + "/api/status", timeout=3) as r:
                if r.status == 200:
                    return
        except Exception:
            pass
        time.sleep(1)
    raise TimeoutError(f"{base_url}/api/status did not answer within {timeout} s")


if __name__ == "__main__":
    m = Mage(sys.argv[1])
    m.login()
    print(json.dumps(m.get(sys.argv[2] if len(sys.argv) > 2 else "/api/pipelines"), indent=1)[:4000])
