#!/usr/bin/env python3
"""Capture what a mage-ai 0.9.80 server returns, after build_project.py, as raw files.

    python3 scripts/mage/capture.py http://127.0.0.1:PORT [--out fixtures/mage/raw]

Writes each response body as served, re-indented (json.loads then json.dumps(indent=1,
ensure_ascii=False): key order and values unchanged, nothing redacted, tokens included) to
<out>/<name>.json, plus <out>/index.json (request, HTTP status, content type, bytes served, for every
capture, including the ones with an empty body) and <out>/README.md (one line per file, then the
timestamp forms and field counts seen). Ids are discovered through the API (pipelines by uuid, runs
by pipeline and status), so it works on any server build_project.py has built.

Every file is capped at MAX_BYTES (300 KB) except the deliberately large log: a list that would be
larger is captured as its first page (`_limit`), and the cap is checked before writing.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections import Counter, OrderedDict

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mage_client import Mage, Response  # noqa: E402

MAX_BYTES = 300_000
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_OUT = os.path.normpath(os.path.join(HERE, "..", "..", "fixtures", "mage", "raw"))


class Capture:
    def __init__(self, m: Mage, out: str):
        self.m, self.out = m, out
        self.index = OrderedDict()
        os.makedirs(out, exist_ok=True)
        # Remove what a previous capture wrote (and only that), so no stale file survives.
        old_index = os.path.join(out, "index.json")
        if os.path.exists(old_index):
            with open(old_index, encoding="utf-8") as f:
                for entry in json.load(f).values():
                    if entry.get("file") and os.path.exists(os.path.join(out, entry["file"])):
                        os.remove(os.path.join(out, entry["file"]))
            os.remove(old_index)

    def save(self, name: str, r: Response, request: str, note: str = "", large_ok: bool = False) -> object:
        entry = OrderedDict(request=request, http_status=r.status,
                            content_type=r.headers.get("Content-Type"), bytes_served=len(r.body))
        if note:
            entry["note"] = note
        data = None
        if r.body:
            data = json.loads(r.body.decode("utf-8"))
            text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
            if len(text.encode("utf-8")) > MAX_BYTES and not large_ok:
                raise SystemExit(f"capture: {name} would be {len(text)} bytes (> {MAX_BYTES}); capture a page instead")
            with open(os.path.join(self.out, name + ".json"), "w", encoding="utf-8") as f:
                f.write(text)
            entry["file"] = name + ".json"
            err = data.get("error") if isinstance(data, dict) else None
            if err:
                entry["error_in_body"] = {k: err.get(k) for k in ("code", "type", "exception") if k in err}
        else:
            entry["file"] = None
            entry["note"] = (note + "; " if note else "") + "empty body: no file written"
        self.index[name] = entry
        print(f"  {name:<44} HTTP {r.status} {len(r.body):>9} B  {request}", file=sys.stderr)
        return data

    def get(self, name: str, path: str, query=None, note: str = "", large_ok: bool = False, **kw):
        r = self.m.request("GET", path, query=query, **kw)
        q = ""
        if query:
            q = "?" + "&".join(f"{k}={v}" for k, v in query.items())
        return self.save(name, r, f"GET {path}{q}", note, large_ok)


def find_run(m: Mage, pipeline_uuid: str, status: str | None = None):
    runs = m.get("/api/pipeline_runs", pipeline_uuid=pipeline_uuid, _limit=50)["pipeline_runs"]
    runs = [r for r in runs if status is None or r["status"] == status]
    if not runs:
        raise SystemExit(f"capture: no {status or ''} run of {pipeline_uuid}: run build_project.py first")
    return sorted(runs, key=lambda r: r["id"])[0]


def block_run_id(m: Mage, run_id: int, block_uuid: str) -> int:
    for br in m.get("/api/block_runs", pipeline_run_id=run_id)["block_runs"]:
        if br["block_uuid"] == block_uuid:
            return br["id"]
    raise SystemExit(f"capture: no block run of {block_uuid} in run {run_id}")


# ---------------------------------------------------------------------------------------------
# Observations for the README: timestamp forms, field counts
# ---------------------------------------------------------------------------------------------

FORMS = [
    ("YYYY-MM-DD HH:MM:SS", r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d"),
    ("YYYY-MM-DD HH:MM:SS.ffffff", r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}"),
    ("YYYY-MM-DD HH:MM:SS+00:00", r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d[+-]\d\d:\d\d"),
    ("YYYY-MM-DD HH:MM:SS.ffffff+00:00", r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{6}[+-]\d\d:\d\d"),
    ("YYYY-MM-DDTHH:MM:SS", r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d"),
    ("YYYY-MM-DDTHH:MM:SS.ffffff", r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}"),
    ("YYYY-MM-DDTHH:MM:SS+00:00", r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d"),
    ("YYYY-MM-DDTHH:MM:SS.ffffff+00:00", r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}[+-]\d\d:\d\d"),
    ("YYYY-MM-DDTHH:MM:SS.fffZ", r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z"),
    ("YYYY-MM-DDTHH:MM:SSZ", r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ"),
    ("YYYY-MM-DD", r"\d{4}-\d\d-\d\d"),
    ("YYYYMMDDTHHMMSS_ffffff (execution_partition)", r"(\d+/)?\d{8}T\d{6}_\d{6}"),
]
FORM_RES = [(n, re.compile("^" + p + "$")) for n, p in FORMS]
TIME_KEY = re.compile(r"(_at|_date|_time|_timestamp|timestamp|expires|_datetime|date|time)$")


def scan_times(obj, where, found, key=""):
    if isinstance(obj, dict):
        for k, v in obj.items():
            if k == "content" and isinstance(v, str):
                # log files: "<time> {json}" lines
                for line in v.splitlines()[:200]:
                    m = re.match(r"^(\S+) \{", line)
                    if m:
                        classify(m.group(1), f"{where}: log line prefix", found)
                        try:
                            rec = json.loads(line[len(m.group(1)) + 1:])
                            scan_times(rec, f"{where}: log line JSON", found)
                        except ValueError:
                            pass
                continue
            scan_times(v, where, found, k)
    elif isinstance(obj, list):
        for v in obj[:400]:
            scan_times(v, where, found, key)
    elif isinstance(obj, str):
        if TIME_KEY.search(key) or re.match(r"^\d{4}-\d\d-\d\d", obj):
            classify(obj, f"{where}: {key or 'cell'}", found)
    elif isinstance(obj, (int, float)) and not isinstance(obj, bool) and TIME_KEY.search(key) and obj > 1e9:
        found.setdefault("epoch seconds (float)" if isinstance(obj, float) else "epoch seconds (int)", {}).setdefault(
            f"{where}: {key}", obj)


def classify(s, where, found):
    for name, rx in FORM_RES:
        if rx.match(s):
            found.setdefault(name, {}).setdefault(where, s)
            return


def field_counts(captured):
    rows = []

    def first(name, *path):
        d = captured.get(name)
        for p in path:
            if d is None:
                return None
            d = d[p] if isinstance(p, int) or isinstance(d, dict) else None
        return d

    specs = [
        ("pipeline (list item)", "pipelines-list", "pipelines", 0),
        ("pipeline (detail)", "pipeline-warehouse_rebuild", "pipeline"),
        ("block (in pipeline detail)", "pipeline-warehouse_rebuild", "pipeline", "blocks", 0),
        ("block (blocks list item)", "blocks-basic_etl_from_s3", "blocks", 0),
        ("block (detail)", "block-load_orders_from_s3", "block"),
        ("block template", "block-templates", "block_templates", 0),
        ("pipeline run (list item)", "pipeline-runs-list", "pipeline_runs", 0),
        ("pipeline run (detail)", "pipeline-run-completed", "pipeline_run"),
        ("block run (list item)", "block-runs-page-1", "block_runs", 0),
        ("block run (embedded in a run)", "pipeline-runs-list", "pipeline_runs", 0, "block_runs", 0),
        ("block output", "block-outputs-load_orders_from_s3", "outputs", 0),
        ("logs entry", "logs-failed-run", "logs", 0),
        ("log file", "logs-failed-run", "logs", 0, "block_run_logs", 0),
        ("pipeline schedule (list item)", "pipeline-schedules-list", "pipeline_schedules", 0),
        ("pipeline schedule (detail)", "pipeline-schedule-event", "pipeline_schedule"),
        ("event matcher", "pipeline-schedule-event", "pipeline_schedule", "event_matchers", 0),
        ("backfill", "backfills-list", "backfills", 0),
        ("session", "session-create", "session"),
    ]
    for label, name, *path in specs:
        rec = first(name, *path)
        if isinstance(rec, dict):
            rows.append((label, name, len(rec), ", ".join(rec.keys())))
    return rows


# ---------------------------------------------------------------------------------------------

def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base_url", nargs="?", default=os.environ.get("MAGE_URL"),
                    help="default: $MAGE_URL (set by serve.sh run)")
    ap.add_argument("--out", default=DEFAULT_OUT)
    args = ap.parse_args()
    if not args.base_url:
        ap.error("give the base URL or set MAGE_URL")

    m = Mage(args.base_url)
    c = Capture(m, args.out)
    captured = {}

    def keep(name, data):
        captured[name] = data
        return data

    # -- auth and status --
    r = m.request("POST", "/api/sessions", {"session": {"email": "admin@admin.com", "password": "admin"}})
    keep("session-create", c.save("session-create", r, 'POST /api/sessions {"session":{"email":"admin@admin.com","password":"admin"}}',
                                  "X-API-KEY header only; the body carries the session JWT"))
    m.session_jwt = captured["session-create"]["session"]["token"]
    keep("status", c.get("status", "/api/status", auth=False, note="no credentials needed"))

    # -- pipelines and blocks --
    keep("pipelines-list", c.get("pipelines-list", "/api/pipelines"))
    keep("pipeline-warehouse_rebuild", c.get("pipeline-warehouse_rebuild", "/api/pipelines/warehouse_rebuild",
                                             note="the 40-block pipeline; blocks embed content and outputs"))
    keep("pipeline-basic_etl_from_s3", c.get("pipeline-basic_etl_from_s3", "/api/pipelines/basic_etl_from_s3"))
    keep("pipeline-token_refresh_audit", c.get("pipeline-token_refresh_audit", "/api/pipelines/token_refresh_audit",
                                               note="the pipeline whose run fails"))
    keep("pipeline-marketing_attribution", c.get("pipeline-marketing_attribution", "/api/pipelines/marketing_attribution",
                                                 note="SQL and markdown blocks"))
    keep("pipeline-orders_stream_to_lakehouse", c.get("pipeline-orders_stream_to_lakehouse", "/api/pipelines/orders_stream_to_lakehouse",
                                                      note="a streaming pipeline (YAML source and sink)"))
    keep("pipeline-inventory_sync", c.get("pipeline-inventory_sync", "/api/pipelines/inventory_sync_postgres_to_snowflake",
                                          note="an integration pipeline"))
    keep("blocks-basic_etl_from_s3", c.get("blocks-basic_etl_from_s3", "/api/pipelines/basic_etl_from_s3/blocks"))
    keep("blocks-warehouse_rebuild", c.get("blocks-warehouse_rebuild", "/api/pipelines/warehouse_rebuild/blocks"))
    keep("block-load_orders_from_s3", c.get("block-load_orders_from_s3", "/api/pipelines/basic_etl_from_s3/blocks/load_orders_from_s3"))
    keep("block-position_based_credit", c.get("block-position_based_credit", "/api/pipelines/marketing_attribution/blocks/position_based_credit",
                                              note="a SQL block"))
    keep("block-templates", c.get("block-templates", "/api/block_templates"))

    # -- runs --
    completed = find_run(m, "basic_etl_from_s3", "completed")
    failed = find_run(m, "token_refresh_audit", "failed")
    cancelled = find_run(m, "partner_sftp_export", "cancelled")
    large = find_run(m, "clickstream_replay", "completed")
    warehouse = find_run(m, "warehouse_rebuild")
    keep("pipeline-runs-list", c.get("pipeline-runs-list", "/api/pipeline_runs", {"_limit": 30, "_offset": 0},
                                     note="first page; block_runs embedded; pipeline_schedule_token copied into every run"))
    keep("pipeline-runs-basic_etl_from_s3", c.get("pipeline-runs-basic_etl_from_s3", "/api/pipeline_runs",
                                                  {"pipeline_uuid": "basic_etl_from_s3"}))
    keep("pipeline-runs-failed", c.get("pipeline-runs-failed", "/api/pipeline_runs", {"status": "failed"}))
    keep("pipeline-run-completed", c.get("pipeline-run-completed", f"/api/pipeline_runs/{completed['id']}"))
    keep("pipeline-run-failed", c.get("pipeline-run-failed", f"/api/pipeline_runs/{failed['id']}"))
    keep("pipeline-run-cancelled", c.get("pipeline-run-cancelled", f"/api/pipeline_runs/{cancelled['id']}"))

    # block runs, every page (40 a page), bounded
    page, offset = 1, 0
    while page <= 20:
        data = keep(f"block-runs-page-{page}", c.get(f"block-runs-page-{page}", "/api/block_runs",
                                                     {"_limit": 40, "_offset": offset}))
        if not data["metadata"].get("next"):
            break
        page += 1
        offset += 40
    keep("block-runs-warehouse-run", c.get("block-runs-warehouse-run", "/api/block_runs",
                                           {"pipeline_run_id": warehouse["id"]}))

    # outputs
    loader_br = block_run_id(m, completed["id"], "load_orders_from_s3")
    keep("block-outputs-load_orders_from_s3", c.get("block-outputs-load_orders_from_s3", f"/api/block_runs/{loader_br}/outputs",
                                                    note="a 300 x 13 DataFrame: sample_data of every row"))
    keep("block-outputs-sample_count-error", c.get("block-outputs-sample_count-error", f"/api/block_runs/{loader_br}/outputs",
                                                   {"sample_count": 10},
                                                   note="sample_count fails: the query string is compared with an int"))
    try:
        multi_br = block_run_id(m, completed["id"], "orders_quality_summary")
        keep("block-outputs-orders_quality_summary", c.get("block-outputs-orders_quality_summary", f"/api/block_runs/{multi_br}/outputs",
                                                           note="a block returning a list: output_0 table, output_1 and output_2 text"))
    except SystemExit as e:
        print(f"capture: {e}", file=sys.stderr)

    # logs
    keep("logs-failed-run", c.get("logs-failed-run", "/api/pipelines/token_refresh_audit/logs",
                                  {"pipeline_run_id[]": failed["id"]}))
    keep("logs-cancelled-run", c.get("logs-cancelled-run", "/api/pipelines/partner_sftp_export/logs",
                                     {"pipeline_run_id[]": cancelled["id"]}))
    keep("logs-large", c.get("logs-large", "/api/pipelines/clickstream_replay/logs",
                             {"pipeline_run_id[]": large["id"]}, note="a block that prints 3,700 lines", large_ok=True))

    # schedules and backfills
    keep("pipeline-schedules-list", c.get("pipeline-schedules-list", "/api/pipeline_schedules"))
    keep("pipeline-schedules-daily_revenue_rollup", c.get("pipeline-schedules-daily_revenue_rollup",
                                                          "/api/pipelines/daily_revenue_rollup/pipeline_schedules"))
    event = [s for s in captured["pipeline-schedules-list"]["pipeline_schedules"] if s["schedule_type"] == "event"]
    if event:
        keep("pipeline-schedule-event", c.get("pipeline-schedule-event", f"/api/pipeline_schedules/{event[0]['id']}",
                                              note="an event trigger with nested event_matchers"))
    keep("backfills-list", c.get("backfills-list", "/api/backfills"))
    bf = captured["backfills-list"]["backfills"]
    if bf:
        keep("backfill-detail", c.get("backfill-detail", f"/api/backfills/{bf[0]['id']}"))

    # errors
    keep("error-pipeline-unknown", c.get("error-pipeline-unknown", "/api/pipelines/no_such_pipeline",
                                         note="HTTP 200, error code 500 with a traceback"))
    keep("error-pipeline-run-unknown", c.get("error-pipeline-run-unknown", "/api/pipeline_runs/999999",
                                             note="HTTP 200, error code 404 with a generic message"))
    keep("error-bad-oauth-token", c.get("error-bad-oauth-token", "/api/pipelines",
                                        headers={"Cookie": "", "OAUTH-TOKEN": "0123456789abcdef0123456789abcdef"},
                                        note="header OAUTH-TOKEN with an unknown token: HTTP 401"))
    keep("error-bad-session-cookie", c.get("error-bad-session-cookie", "/api/pipelines",
                                           headers={"Cookie": "oauth_token=not-a-jwt"},
                                           note="cookie oauth_token that is not a JWT: HTTP 200, error 500"))
    keep("error-bad-api-key", c.get("error-bad-api-key", "/api/pipelines", headers={"X-API-KEY": "not-the-key"},
                                    note="HTTP 401"))
    keep("error-no-credentials", c.get("error-no-credentials", "/api/pipelines", auth=False, note="HTTP 401"))
    r = m.request("PATCH", "/api/pipelines/basic_etl_from_s3", {"pipeline": {"description": "patched"}})
    c.save("error-patch-pipeline", r, 'PATCH /api/pipelines/basic_etl_from_s3 {"pipeline":{"description":"patched"}}',
           "HTTP 405; mage updates with PUT")
    api_sched = [s for s in captured["pipeline-schedules-list"]["pipeline_schedules"] if s["schedule_type"] == "api"][0]
    r = m.request("POST", f"/api/pipeline_schedules/{api_sched['id']}/pipeline_runs/00000000000000000000000000000000", {}, auth=False)
    keep("error-trigger-bad-token", c.save("error-trigger-bad-token", r,
                                           f"POST /api/pipeline_schedules/{api_sched['id']}/pipeline_runs/00000000000000000000000000000000 {{}}",
                                           "no credentials but a wrong schedule token: HTTP 200, error 500"))

    # -- index and README --
    with open(os.path.join(args.out, "index.json"), "w", encoding="utf-8") as f:
        f.write(json.dumps(c.index, indent=1) + "\n")

    found = {}
    for name, data in captured.items():
        if data is not None and not name.startswith("error-"):
            scan_times(data, name, found)
    lines = ["# Raw mage-ai 0.9.80 responses", "",
             "Written by `scripts/mage/capture.py` against a server built by `scripts/mage/build_project.py`",
             "(see `docs/mage.md`). Bodies as served, re-indented; nothing redacted: schedule tokens, the",
             "session JWT and server paths are in here on purpose. `index.json` has the HTTP status, content",
             "type and bytes served of each request. Requests carry `X-API-KEY` and the session cookie",
             "`oauth_token` unless the line says otherwise.", "",
             "## Files", ""]
    for name, e in c.index.items():
        size = os.path.getsize(os.path.join(args.out, e["file"])) if e["file"] else 0
        what = f"`{e['file']}`" if e["file"] else f"(no file: {name})"
        note = f" — {e['note']}" if e.get("note") else ""
        lines.append(f"- {what} ({size:,} B): `{e['request']}` → HTTP {e['http_status']}{note}")
    lines.append("- `index.json`: written by capture.py itself: for each capture above, the request, HTTP status, "
                 "content type, bytes served and the error's code/type/exception when the body holds one")
    lines += ["", "## Timestamp forms seen", "",
              "Form, then up to three places where it occurs, with an example.", ""]
    for form, _ in FORMS + [("epoch seconds (float)", None), ("epoch seconds (int)", None)]:
        if form in found:
            places = list(found[form].items())
            lines.append(f"- **{form}** ({len(places)} places), e.g. "
                         + "; ".join(f"{w} = `{ex}`" for w, ex in places[:3]))
    lines += ["", "## Field counts", "", "| record | file | fields | keys in served order |", "|---|---|---|---|"]
    for label, name, n, keys in field_counts(captured):
        lines.append(f"| {label} | {name} | {n} | {keys} |")
    with open(os.path.join(args.out, "README.md"), "w", encoding="utf-8") as f:
        f.write("\n".join(lines) + "\n")
    print(f"capture: {len(c.index)} requests, files in {args.out}", file=sys.stderr)


if __name__ == "__main__":
    main()
