#!/usr/bin/env python3
"""Build a realistic mage-ai 0.9.80 project through the HTTP API only, run it, and wait (bounded).

    python3 scripts/mage/build_project.py http://127.0.0.1:PORT [--minimal] [--out build.json]

Full project (default; 100-125 s on 2 shared cores, of which ~100 s waiting for runs):
  * 9 pipelines of the three types mage accepts (python, streaming, integration), besides the
    `example_pipeline` that `mage init` creates;
  * `warehouse_rebuild`: a 41-block DAG (6 loaders -> 27 transformers -> 8 exporters), Python blocks;
  * `bond_pricing`: a loader returning a bond's cash flows as a pandas DataFrame of dates (a
    `datetime.date` column), year fractions, zero rates and discount factors, and its run;
  * Python and SQL blocks (the SQL ones in pipelines that are not run: this venv has no database driver);
  * runs: completed ones (a loader returning a 300 x 13 pandas DataFrame), a failed one (a block
    raises, the log holds a traceback), a cancelled one, one whose block prints ~1.5 MB of log lines,
    one started by an @once time trigger the scheduler picks up, three from a backfill;
  * schedules: API triggers (they carry tokens), time triggers, an event trigger with nested
    event_matchers.
--minimal: one pipeline (3 blocks), one API trigger, one completed run: about 45 s after the server
answers (login 2 s, creation 1 s, the run 30-40 s); with --one-process the run takes 11-20 s.
--minimal --with-failure: also `token_refresh_audit` (3 blocks, an API trigger) and one run of it
that fails (its transformer raises); both runs start together and are waited for together.

Needs only the standard library. Prints progress on stderr and a JSON summary (ids, timings) on
stdout; --out also writes it to a file. Re-running against the same server reuses what exists
(pipelines, blocks, schedules by name) and only starts runs for pipelines that have none.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from datetime import datetime, timedelta, timezone

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from mage_client import Mage, MageError  # noqa: E402

T0 = time.monotonic()
TERMINAL = {"completed", "failed", "cancelled"}


def log(msg: str) -> None:
    print(f"[{time.monotonic() - T0:6.1f}s] {msg}", file=sys.stderr, flush=True)


# ---------------------------------------------------------------------------------------------
# Block sources
# ---------------------------------------------------------------------------------------------

def decorator_import(kind: str) -> str:
    return (f"if '{kind}' not in globals():\n"
            f"    from mage_ai.data_preparation.decorators import {kind}\n")


ORDERS_LOADER = decorator_import("data_loader") + decorator_import("test") + '''import numpy as np
import pandas as pd


@data_loader
def load_orders_from_s3(*args, **kwargs):
    """Orders export of the shop (s3://acme-lake/raw/orders/), generated here: 300 rows x 13 columns."""
    rng = np.random.default_rng(20261123)
    n = 300
    countries = np.array(['DE', 'FR', 'NL', 'US', 'GB', 'PL', None], dtype=object)
    statuses = np.array(['paid', 'shipped', 'refunded', 'pending', 'cancelled'], dtype=object)
    ordered = pd.Timestamp('2026-11-01 00:00:00', tz='UTC') + pd.to_timedelta(rng.integers(0, 20 * 86400, n), unit='s')
    shipped = ordered + pd.to_timedelta(rng.integers(3600, 4 * 86400, n), unit='s')
    shipped = shipped.where(rng.random(n) > 0.2)  # NaT for unshipped orders
    amount = np.round(rng.gamma(2.0, 40.0, n), 2)
    amount[rng.random(n) < 0.05] = np.nan
    names = [f'Customer {i:04d}' if i % 17 else None for i in rng.integers(1, 2000, n)]
    df = pd.DataFrame({
        'order_id': [f'ORD-{100000 + i}' for i in range(n)],
        'customer_id': rng.integers(1, 2000, n),
        'customer_name': names,
        'country': rng.choice(countries, n),
        'status': rng.choice(statuses, n),
        'amount': amount,
        'currency': np.where(rng.random(n) < 0.8, 'EUR', 'USD'),
        'quantity': rng.integers(1, 12, n),
        'discount_pct': np.round(rng.choice([0, 0, 0, 5, 10, 15.5], n), 1),
        'is_first_order': rng.random(n) < 0.3,
        'ordered_at': ordered,
        'shipped_at': shipped,
        'coupon_code': [None if i % 3 else f'BASIC{i % 50:02d}' for i in range(n)],
    })
    print(f'Loaded {len(df)} orders with {df.shape[1]} columns')
    return df


@test
def test_output(output, *args) -> None:
    assert output is not None, 'The output is undefined'
    assert len(output) == 300
'''

CLEAN_ORDERS = decorator_import("transformer") + '''import pandas as pd


@transformer
def clean_orders(df: pd.DataFrame, *args, **kwargs) -> pd.DataFrame:
    """Drop cancelled orders, fill missing countries, compute net amounts."""
    df = df[df['status'] != 'cancelled'].copy()
    df['country'] = df['country'].fillna('unknown')
    df['net_amount'] = (df['amount'] * (1 - df['discount_pct'] / 100)).round(2)
    print(f'{len(df)} orders after cleaning')
    return df
'''

QUALITY_SUMMARY = decorator_import("transformer") + '''import pandas as pd


@transformer
def orders_quality_summary(df: pd.DataFrame, *args, **kwargs):
    """Three outputs: a table of null counts, the row count, a verdict string."""
    nulls = df.isna().sum().reset_index()
    nulls.columns = ['column', 'null_count']
    verdict = 'ok' if nulls['null_count'].max() < len(df) * 0.5 else 'too many nulls'
    return [nulls, len(df), verdict]
'''

EXPORT_ORDERS = decorator_import("data_exporter") + '''import pandas as pd


@data_exporter
def export_orders(df: pd.DataFrame, **kwargs) -> None:
    """Would write to analytics.orders_clean; here it only reports what it would write."""
    print(f'Exporting {len(df)} rows to analytics.orders_clean (dry run)')
'''

TOKEN_AUDIT_LOADER = decorator_import("data_loader") + '''import pandas as pd


@data_loader
def load_refresh_events(*args, **kwargs):
    """Refresh events of the identity provider (token rotation audit)."""
    return pd.DataFrame({
        'client': ['billing-api', 'crm-sync', 'partner-portal'],
        'rotated_at': pd.to_datetime(['2026-11-20 06:00', '2026-11-21 06:00', None], utc=True),
        'days_since_rotation': [3, 2, None],
    })
'''

TOKEN_AUDIT_CHECK = decorator_import("transformer") + '''import pandas as pd


class StaleCredentialError(RuntimeError):
    pass


@transformer
def check_rotation(df: pd.DataFrame, *args, **kwargs):
    """Fails when a client has never rotated its credentials."""
    missing = df[df['rotated_at'].isna()]
    if len(missing):
        raise StaleCredentialError(
            f"{len(missing)} client(s) never rotated their refresh token: {', '.join(missing['client'])}"
        )
    return df
'''

TOKEN_AUDIT_REPORT = decorator_import("data_exporter") + '''
@data_exporter
def publish_report(df, **kwargs):
    print('Token rotation report published')
'''

CLICKSTREAM_LOADER = decorator_import("data_loader") + '''import pandas as pd


@data_loader
def replay_clickstream(*args, **kwargs):
    """Replays a day of clickstream and prints every event (a deliberately verbose block)."""
    pages = ['/', '/search', '/product/4711', '/cart', '/checkout', '/account/settings', '/help/basic-plan']
    agents = ['Mozilla/5.0 (X11; Linux x86_64)', 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_1)', 'curl/8.5.0']
    for i in range(3700):  # ~410 bytes per log line once mage wraps it: ~1.5 MB
        print(
            f'event={i:06d} session=s{(i * 7919) % 100003:06d} page={pages[i % len(pages)]} '
            f'status={200 if i % 97 else 503} latency_ms={(i * 37) % 900} agent="{agents[i % 3]}"'
        )
    return pd.DataFrame({'events': [3700], 'errors': [3700 // 97 + 1]})
'''

CLICKSTREAM_EXPORT = decorator_import("data_exporter") + '''
@data_exporter
def store_summary(df, **kwargs):
    print(df.to_string())
'''

SLOW_EXPORT_LOADER = decorator_import("data_loader") + '''import time

import pandas as pd


@data_loader
def wait_for_partner_sftp(*args, **kwargs):
    """Polls the partner's SFTP drop for up to ten minutes (the run is cancelled long before)."""
    for attempt in range(120):
        print(f'attempt {attempt + 1}: partner file not there yet, sleeping 5 s')
        time.sleep(5)
    return pd.DataFrame({'file': []})
'''

SLOW_EXPORT_UPLOAD = decorator_import("data_exporter") + '''
@data_exporter
def upload_to_partner(df, **kwargs):
    print(f'uploading {len(df)} files')
'''

REVENUE_LOADER = decorator_import("data_loader") + '''import pandas as pd


@data_loader
def load_daily_payments(*args, **kwargs):
    """Payments of the execution date (the backfill runs it once a day)."""
    day = kwargs.get('execution_date')
    print(f'loading payments for {day}')
    return pd.DataFrame({
        'day': [str(day)[:10]] * 4,
        'method': ['card', 'sepa', 'paypal', 'invoice'],
        'gross': [1520.5, 880.0, 410.25, None],
    })
'''

REVENUE_ROLLUP = decorator_import("transformer") + '''
@transformer
def rollup_revenue(df, *args, **kwargs):
    out = df.groupby('day', as_index=False)['gross'].sum()
    print(out.to_string())
    return out
'''

REVENUE_EXPORT = decorator_import("data_exporter") + '''
@data_exporter
def write_revenue(df, **kwargs):
    print(f"revenue rows: {len(df)}")
'''

SQL_ATTRIBUTION = """-- Multi-touch attribution: 40/20/40 position-based weights per conversion
WITH touches AS (
    SELECT
        t.conversion_id,
        t.channel,
        t.touched_at,
        ROW_NUMBER() OVER (PARTITION BY t.conversion_id ORDER BY t.touched_at) AS position,
        COUNT(*) OVER (PARTITION BY t.conversion_id) AS touch_count
    FROM {{ df_1 }} AS t
)
SELECT
    conversion_id,
    channel,
    CASE
        WHEN touch_count = 1 THEN 1.0
        WHEN position = 1 OR position = touch_count THEN 0.4
        ELSE 0.2 / NULLIF(touch_count - 2, 0)
    END AS credit
FROM touches
"""

SQL_SPEND = """SELECT
    campaign_id,
    channel,
    DATE_TRUNC('day', spent_at) AS day,
    SUM(amount_eur) AS spend_eur
FROM marketing.ad_spend
WHERE spent_at >= '{{ execution_date }}'::date - INTERVAL '30 days'
GROUP BY 1, 2, 3
"""

SQL_EXPORT = """INSERT INTO analytics.channel_roi (channel, day, spend_eur, attributed_revenue_eur)
SELECT s.channel, s.day, s.spend_eur, SUM(a.credit * c.revenue_eur)
FROM {{ df_1 }} AS a
JOIN {{ df_2 }} AS s USING (channel)
JOIN analytics.conversions AS c USING (conversion_id)
GROUP BY 1, 2, 3
"""

TOUCHES_LOADER = decorator_import("data_loader") + '''import pandas as pd


@data_loader
def load_touchpoints(*args, **kwargs):
    """Touchpoints from the tracking bucket (Basic auth to the legacy collector)."""
    return pd.read_parquet('s3://acme-lake/raw/touchpoints/')
'''

STREAM_SOURCE = """connector_type: kafka
bootstrap_server: "kafka-1.internal:9092,kafka-2.internal:9092"
topic: orders.v2
consumer_group: lakehouse_orders
include_metadata: true
api_version: "0.10.2"
security_protocol: "SASL_SSL"
sasl_config:
  mechanism: "PLAIN"
  username: "{{ env_var('KAFKA_USER') }}"
  password: "{{ env_var('KAFKA_PASSWORD') }}"
"""

STREAM_TRANSFORM = decorator_import("transformer") + '''from typing import Dict, List


@transformer
def flatten_orders(messages: List[Dict], *args, **kwargs):
    """Flatten each order message; drop heartbeat messages."""
    out = []
    for m in messages:
        if m.get('type') == 'heartbeat':
            continue
        out.append({'order_id': m['id'], 'amount': m['total']['amount'], 'currency': m['total']['currency']})
    return out
'''

STREAM_SINK = """connector_type: s3
bucket: acme-lakehouse
prefix: streaming/orders
file_type: parquet
buffer_timeout_seconds: 30
"""

INTEGRATION_SOURCE = """source: postgresql
config:
  database: inventory
  host: inventory-db.internal
  port: 5432
  username: etl_reader
  password: "{{ env_var('INVENTORY_DB_PASSWORD') }}"
  schema: public
  replication_method: INCREMENTAL
"""

INTEGRATION_DEST = """destination: snowflake
config:
  account: acme-eu.snowflakecomputing.com
  database: ANALYTICS
  schema: INVENTORY
  warehouse: LOADING
  username: LOADER
  password: "{{ env_var('SNOWFLAKE_PASSWORD') }}"
"""

HTTP_SOURCE = """source: api
config:
  url: https://partner.example.com/v1/stock
  method: GET
  headers:
    Authorization: "Bearer {{ env_var('PARTNER_API_TOKEN') }}"
  response_parser: data.items
"""

HTTP_DEST = """destination: bigquery
config:
  project_id: acme-analytics
  dataset: partner_stock
  path_to_credentials_json_file: /secrets/bq.json
"""

BOND_CASHFLOWS = decorator_import("data_loader") + '''import datetime

import numpy as np
import pandas as pd


@data_loader
def load_bond_cashflows(*args, **kwargs):
    """Cash flows of a 2.5 % semi-annual bond maturing 2046-10-15, priced off a zero curve."""
    valuation = datetime.date(2026, 11, 23)
    dates = [datetime.date(2027 + i // 2, 4 if i % 2 == 0 else 10, 15) for i in range(40)]
    t_years = np.array([(d - valuation).days / 365.25 for d in dates])
    zero_rate = 0.0185 + 0.0021 * np.log1p(t_years) + 0.00003 * np.sin(t_years * 7.1)
    coupon = np.full(len(dates), 1250.0)
    coupon[-1] += 100000.0
    discount = np.exp(-zero_rate * t_years)
    return pd.DataFrame({
        'coupon_no': np.arange(1, len(dates) + 1),
        'pay_date': dates,
        't_years': t_years,
        'zero_rate': zero_rate,
        'discount_factor': discount,
        'cashflow': coupon,
        'present_value': coupon * discount,
    })
'''

BOND_PRICE = decorator_import("transformer") + '''
@transformer
def price_bond(df, *args, **kwargs):
    price = df['present_value'].sum()
    print(f'dirty price per 100,000 nominal: {price:.2f}')
    return df.assign(cumulative_pv=df['present_value'].cumsum())
'''

MARKDOWN_NOTE = """# Marketing attribution

Position-based attribution (40/20/40) over the last 30 days of ad spend.
Owned by the growth analytics team; the SQL runs on the warehouse connection `default`.
"""


# ---------------------------------------------------------------------------------------------
# The 40-block DAG
# ---------------------------------------------------------------------------------------------

WAREHOUSE_LOADERS = [
    "load_orders_raw", "load_customers_crm", "load_products_catalog",
    "load_web_sessions", "load_fx_rates_ecb", "load_inventory_snapshot",
]
WAREHOUSE_TRANSFORMERS = [
    "clean_orders_raw", "dedupe_customers", "normalize_products", "sessionize_events", "convert_currencies",
    "reconcile_inventory", "join_orders_customers", "enrich_orders_products", "orders_in_eur",
    "attribute_sessions", "customer_lifetime_value", "product_margins", "daily_order_facts",
    "weekly_cohorts", "churn_signals", "stock_coverage_days", "basket_affinity", "refund_rates",
    "country_rollup", "channel_rollup", "vip_segments", "late_shipments", "inventory_alerts",
    "finance_ledger_lines", "kpi_snapshot", "data_quality_checks", "ledger_checksum_reconciliation",
]
WAREHOUSE_EXPORTERS = [
    "export_order_facts_snowflake", "export_customer_dim", "export_product_dim", "export_cohorts_bi",
    "export_inventory_alerts_slack", "export_ledger_to_erp", "export_kpis_dashboard", "export_dq_report",
]

WAREHOUSE_EXPORT_UPSTREAMS = {
    "export_order_facts_snowflake": ["daily_order_facts", "enrich_orders_products", "country_rollup"],
    "export_customer_dim": ["customer_lifetime_value", "vip_segments", "churn_signals"],
    "export_product_dim": ["normalize_products", "product_margins", "basket_affinity"],
    "export_cohorts_bi": ["weekly_cohorts", "channel_rollup"],
    "export_inventory_alerts_slack": ["inventory_alerts", "stock_coverage_days", "late_shipments"],
    "export_ledger_to_erp": ["finance_ledger_lines", "refund_rates", "ledger_checksum_reconciliation"],
    "export_kpis_dashboard": ["kpi_snapshot", "attribute_sessions"],
    "export_dq_report": ["data_quality_checks"],
}


def warehouse_dag():
    """Deterministic dense DAG: each transformer reads 1-3 earlier blocks; exporters read the marts."""
    ups = {}
    for name in WAREHOUSE_LOADERS:
        ups[name] = []
    earlier = list(WAREHOUSE_LOADERS)
    for i, name in enumerate(WAREHOUSE_TRANSFORMERS):
        if i < 6:
            picks = [WAREHOUSE_LOADERS[i]] + ([WAREHOUSE_LOADERS[(i + 2) % 6]] if i % 2 else [])
        else:
            n = 1 + (i * 7) % 3
            picks = []
            for k in range(n):
                cand = earlier[(i * 13 + k * 5) % len(earlier)]
                if cand not in picks:
                    picks.append(cand)
            # keep depth: always read the transformer just before when it adds no cycle
            prev = WAREHOUSE_TRANSFORMERS[i - 1]
            if prev not in picks and i % 3 == 0:
                picks.append(prev)
        ups[name] = picks
        earlier.append(name)
    ups.update(WAREHOUSE_EXPORT_UPSTREAMS)
    return ups


def warehouse_source(kind: str, name: str) -> str:
    if kind == "data_loader":
        return decorator_import("data_loader") + f'''import pandas as pd


@data_loader
def {name}(*args, **kwargs):
    rows = [{{'key': i, 'source': '{name.replace("load_", "")}', 'value': i * 1.5}} for i in range(25)]
    return pd.DataFrame(rows)
'''
    if kind == "transformer":
        return decorator_import("transformer") + f'''import pandas as pd


@transformer
def {name}(*frames, **kwargs):
    frames = [f for f in frames if isinstance(f, pd.DataFrame)]
    df = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
    print(f'{name}: {{len(df)}} rows from {{len(frames)}} upstream frames')
    return df.head(25)
'''
    return decorator_import("data_exporter") + f'''
@data_exporter
def {name}(*frames, **kwargs):
    print('{name}: ' + ', '.join(str(len(f)) for f in frames) + ' rows (dry run)')
'''


# ---------------------------------------------------------------------------------------------
# The project
# ---------------------------------------------------------------------------------------------

def B(name, kind, content, upstream=(), language="python", **extra):
    return dict(name=name, type=kind, language=language, content=content, upstream_blocks=list(upstream), **extra)


def full_project():
    wh = warehouse_dag()
    warehouse_blocks = []
    for kind, names in (("data_loader", WAREHOUSE_LOADERS), ("transformer", WAREHOUSE_TRANSFORMERS),
                        ("data_exporter", WAREHOUSE_EXPORTERS)):
        for n in names:
            warehouse_blocks.append(B(n, kind, warehouse_source(kind, n), wh[n]))
    return [
        dict(name="Basic ETL from S3", type="python", tags=["core", "daily"],
             description="Loads the shop's order export from S3, cleans it and writes analytics.orders_clean.",
             blocks=[
                 B("load_orders_from_s3", "data_loader", ORDERS_LOADER),
                 B("clean_orders", "transformer", CLEAN_ORDERS, ["load_orders_from_s3"]),
                 B("export_orders_clean", "data_exporter", EXPORT_ORDERS, ["clean_orders"]),
                 B("orders_quality_summary", "transformer", QUALITY_SUMMARY, ["clean_orders"]),
             ]),
        dict(name="Warehouse rebuild", type="python", tags=["warehouse", "nightly"],
             description="Rebuilds the star schema: 6 sources, 26 transformations, 8 exports.",
             blocks=warehouse_blocks),
        dict(name="Bond pricing", type="python", tags=["finance", "pricing"],
             description="Discounts a bond's cash flows on the day's zero curve.",
             blocks=[
                 B("load_bond_cashflows", "data_loader", BOND_CASHFLOWS),
                 B("price_bond", "transformer", BOND_PRICE, ["load_bond_cashflows"]),
             ]),
        dict(name="Token refresh audit", type="python", tags=["security"],
             description="Checks that every API client rotated its refresh token in the last 30 days.",
             blocks=[
                 B("load_refresh_events", "data_loader", TOKEN_AUDIT_LOADER),
                 B("check_rotation", "transformer", TOKEN_AUDIT_CHECK, ["load_refresh_events"]),
                 B("publish_rotation_report", "data_exporter", TOKEN_AUDIT_REPORT, ["check_rotation"]),
             ]),
        dict(name="Clickstream replay", type="python", tags=["web", "debug"],
             description="Replays a day of clickstream events with verbose logging.",
             blocks=[
                 B("replay_clickstream", "data_loader", CLICKSTREAM_LOADER),
                 B("store_clickstream_summary", "data_exporter", CLICKSTREAM_EXPORT, ["replay_clickstream"]),
             ]),
        dict(name="Partner SFTP export", type="python", tags=["partners"],
             description="Waits for the partner's file drop, then uploads our stock feed.",
             blocks=[
                 B("wait_for_partner_sftp", "data_loader", SLOW_EXPORT_LOADER),
                 B("upload_to_partner", "data_exporter", SLOW_EXPORT_UPLOAD, ["wait_for_partner_sftp"]),
             ]),
        dict(name="Daily revenue rollup", type="python", tags=["finance", "daily"],
             description="Sums yesterday's payments per day; backfilled for the start of November.",
             blocks=[
                 B("load_daily_payments", "data_loader", REVENUE_LOADER),
                 B("rollup_revenue", "transformer", REVENUE_ROLLUP, ["load_daily_payments"]),
                 B("write_revenue", "data_exporter", REVENUE_EXPORT, ["rollup_revenue"]),
             ]),
        dict(name="Marketing attribution", type="python", tags=["marketing"],
             description="Position-based multi-touch attribution in SQL on the warehouse.",
             blocks=[
                 B("attribution_readme", "markdown", MARKDOWN_NOTE, language="markdown"),
                 B("load_touchpoints", "data_loader", TOUCHES_LOADER),
                 B("load_ad_spend", "data_loader", SQL_SPEND, language="sql",
                   configuration={"data_provider": "postgres", "data_provider_profile": "default",
                                  "data_provider_schema": "marketing", "export_write_policy": "append"}),
                 B("position_based_credit", "transformer", SQL_ATTRIBUTION, ["load_touchpoints"], language="sql",
                   configuration={"data_provider": "postgres", "data_provider_profile": "default",
                                  "data_provider_schema": "analytics", "export_write_policy": "replace"}),
                 B("export_channel_roi", "data_exporter", SQL_EXPORT, ["position_based_credit", "load_ad_spend"],
                   language="sql",
                   configuration={"data_provider": "postgres", "data_provider_profile": "default",
                                  "data_provider_schema": "analytics", "export_write_policy": "append"}),
             ]),
        dict(name="Orders stream to lakehouse", type="streaming", tags=["streaming"],
             description="Kafka topic orders.v2 to S3 parquet, near real time.",
             blocks=[
                 B("kafka_orders_source", "data_loader", STREAM_SOURCE, language="yaml"),
                 B("flatten_order_messages", "transformer", STREAM_TRANSFORM, ["kafka_orders_source"]),
                 B("s3_orders_sink", "data_exporter", STREAM_SINK, ["flatten_order_messages"], language="yaml"),
             ]),
        dict(name="Inventory sync Postgres to Snowflake", type="integration", tags=["integration"],
             description="Incremental replication of the inventory schema.",
             blocks=[
                 B("postgres_inventory_source", "data_loader", INTEGRATION_SOURCE, language="yaml"),
                 B("snowflake_inventory_destination", "data_exporter", INTEGRATION_DEST,
                   ["postgres_inventory_source"], language="yaml"),
             ]),
        dict(name="Partner stock API with Bearer auth", type="integration", tags=["integration", "partners"],
             description="Pulls the partner's stock API (Bearer token from env) into BigQuery.",
             blocks=[
                 B("partner_stock_api_source", "data_loader", HTTP_SOURCE, language="yaml"),
                 B("bigquery_stock_destination", "data_exporter", HTTP_DEST,
                   ["partner_stock_api_source"], language="yaml"),
             ]),
    ]


def failing_project():
    return [s for s in full_project() if s["name"] == "Token refresh audit"]


def minimal_project():
    return [
        dict(name="Basic ETL from S3", type="python", tags=["core"],
             description="Loads the shop's order export from S3, cleans it and writes analytics.orders_clean.",
             blocks=[
                 B("load_orders_from_s3", "data_loader", ORDERS_LOADER),
                 B("clean_orders", "transformer", CLEAN_ORDERS, ["load_orders_from_s3"]),
                 B("export_orders_clean", "data_exporter", EXPORT_ORDERS, ["clean_orders"]),
             ]),
    ]


# ---------------------------------------------------------------------------------------------
# API helpers
# ---------------------------------------------------------------------------------------------

class Builder:
    def __init__(self, m: Mage):
        self.m = m
        self.failures = []   # what mage refused, kept for the summary
        self.timings = {}

    def note_failure(self, what, err):
        log(f"FAILED {what}: {err}")
        self.failures.append({"what": what, "error": str(err)[:500]})

    def pipeline(self, spec):
        uuid = spec["name"].lower().replace(" ", "_")
        r = self.m.request("GET", f"/api/pipelines/{uuid}")
        if r.status == 200 and not r.error:
            existing = {b["uuid"] for b in r.json()["pipeline"].get("blocks", [])}
            log(f"pipeline {uuid} exists ({len(existing)} blocks)")
        else:
            body = {"pipeline": {"name": spec["name"], "type": spec["type"], "description": spec["description"]}}
            created = self.m.call("POST", "/api/pipelines", body)["pipeline"]
            uuid = created["uuid"]
            existing = set()
            log(f"pipeline {uuid} created (type {created['type']})")
            if spec.get("tags"):
                try:  # tags are set with PUT (PATCH answers 405)
                    self.m.call("PUT", f"/api/pipelines/{uuid}", {"pipeline": {"tags": spec["tags"]}})
                except MageError as e:
                    self.note_failure(f"PUT tags on {uuid}", e)
        for b in spec["blocks"]:
            if b["name"] in existing:
                continue
            payload = {k: v for k, v in b.items() if v is not None}
            try:
                self.m.call("POST", f"/api/pipelines/{uuid}/blocks", {"block": payload})
            except MageError as e:
                self.note_failure(f"block {b['name']} ({b['type']}/{b['language']}) in {uuid}", e)
        return uuid

    def schedule(self, pipeline_uuid, name, **fields):
        listing = self.m.get(f"/api/pipelines/{pipeline_uuid}/pipeline_schedules")["pipeline_schedules"]
        for s in listing:
            if s["name"] == name:
                return s
        # event_matchers cannot be sent on create (mage 0.9.80 answers an HTTP 200 carrying error 500,
        # "'dict' object has no attribute '_sa_instance_state'"); they are set with a PUT afterwards.
        matchers = fields.pop("event_matchers", None)
        body = {"pipeline_schedule": dict(name=name, **fields)}
        s = self.m.call("POST", f"/api/pipelines/{pipeline_uuid}/pipeline_schedules", body)["pipeline_schedule"]
        log(f"schedule {s['id']} '{name}' ({s['schedule_type']}) on {pipeline_uuid}, status {s['status']}")
        if matchers:
            s = self.m.call("PUT", f"/api/pipeline_schedules/{s['id']}",
                            {"pipeline_schedule": {"event_matchers": matchers}})["pipeline_schedule"]
            log(f"schedule {s['id']}: {len(matchers)} event matcher(s) set")
        return s

    def activate(self, schedule):
        return self.m.call("PUT", f"/api/pipeline_schedules/{schedule['id']}",
                           {"pipeline_schedule": {"status": "active"}})["pipeline_schedule"]

    def runs_of(self, pipeline_uuid):
        return self.m.get("/api/pipeline_runs", pipeline_uuid=pipeline_uuid, _limit=100)["pipeline_runs"]

    def trigger(self, schedule, body):
        # The trigger endpoint is authorised by the token in its path: no API key, no session.
        r = self.m.request("POST", f"/api/pipeline_schedules/{schedule['id']}/pipeline_runs/{schedule['token']}",
                           body, auth=False)
        if r.error:
            raise MageError(f"trigger {schedule['id']}: {r.status} {r.body[:300]!r}")
        run = r.json()["pipeline_run"]
        log(f"run {run['id']} of {run['pipeline_uuid']} triggered, status {run['status']}")
        return run

    def run(self, run_id):
        return self.m.get(f"/api/pipeline_runs/{run_id}")["pipeline_run"]

    def wait(self, run_ids, timeout, until=TERMINAL, poll=3.0):
        """Bounded wait until every run is in `until`; returns {id: status}."""
        deadline = time.monotonic() + timeout
        status = {}
        while True:
            status = {rid: self.run(rid)["status"] for rid in run_ids}
            if all(s in until for s in status.values()):
                return status
            if time.monotonic() > deadline:
                log(f"timeout after {timeout} s waiting for {status}")
                return status
            time.sleep(poll)


def utc_now():
    return datetime.now(timezone.utc).replace(microsecond=0)


def fmt(dt):
    return dt.strftime("%Y-%m-%d %H:%M:%S")


def build_minimal(b: Builder, summary, one_process=False, with_failure=False):
    uuid = b.pipeline(minimal_project()[0])
    if one_process:
        # Every block of a run in one process: no per-block process start (pandas import) each time.
        b.m.call("PUT", f"/api/pipelines/{uuid}", {"pipeline": {"run_pipeline_in_one_process": True}})
    api = b.schedule(uuid, "Nightly API trigger", schedule_type="api", variables={"env": "dev"},
                     settings={"skip_if_previous_running": True})
    summary["pipelines"] = [uuid]
    summary["schedules"] = {"api": api["id"]}
    runs = b.runs_of(uuid)
    if not runs:
        runs = [b.trigger(api, {"pipeline_run": {"variables": {"env": "dev"}}, "triggered_by": "build_project"})]
    summary["runs"] = {"completed": runs[0]["id"]}
    to_wait = [runs[0]["id"]]
    if with_failure:
        audit = b.pipeline(failing_project()[0])
        if one_process:
            b.m.call("PUT", f"/api/pipelines/{audit}", {"pipeline": {"run_pipeline_in_one_process": True}})
        audit_api = b.schedule(audit, "Token rotation check", schedule_type="api", variables={"max_age_days": 30})
        summary["pipelines"].append(audit)
        summary["schedules"]["failing_api"] = audit_api["id"]
        failing = b.runs_of(audit)
        if not failing:
            failing = [b.trigger(audit_api, {"ticket": "SEC-2231"})]
        summary["runs"]["failed"] = failing[0]["id"]
        to_wait.append(failing[0]["id"])
    summary["run_status"] = b.wait(to_wait, timeout=150, poll=1.0)


def build_full(b: Builder, summary):
    specs = full_project()
    t = time.monotonic()
    uuids = [b.pipeline(s) for s in specs]
    b.timings["pipelines_and_blocks_s"] = round(time.monotonic() - t, 1)
    summary["pipelines"] = uuids
    (basic, warehouse, pricing, token_audit, clickstream, partner, revenue, attribution, streaming, inventory,
     stock) = uuids

    t = time.monotonic()
    sch = {}
    sch["basic_api"] = b.schedule(basic, "Basic ETL API trigger", schedule_type="api",
                                  variables={"env": "prod", "s3_prefix": "raw/orders/"},
                                  settings={"skip_if_previous_running": False, "allow_blocks_to_fail": False})
    sch["basic_daily"] = b.schedule(basic, "Daily at 06:00 UTC", schedule_type="time", schedule_interval="@daily",
                                    start_time="2026-01-01 06:00:00", variables={"env": "prod"}, sla=3600,
                                    settings={"skip_if_previous_running": True, "create_initial_pipeline_run": False})
    sch["warehouse_api"] = b.schedule(warehouse, "Warehouse rebuild on demand", schedule_type="api",
                                      variables={"target": "snowflake"})
    sch["warehouse_cron"] = b.schedule(warehouse, "Nightly rebuild 02:30", schedule_type="time",
                                       schedule_interval="30 2 * * *", start_time="2026-01-01 02:30:00", sla=7200)
    sch["pricing_api"] = b.schedule(pricing, "Price on demand", schedule_type="api", variables={"curve": "EUR-ZERO"})
    sch["audit_api"] = b.schedule(token_audit, "Bearer token rotation check", schedule_type="api",
                                  variables={"max_age_days": 30})
    sch["click_api"] = b.schedule(clickstream, "Replay via API", schedule_type="api")
    sch["partner_api"] = b.schedule(partner, "Partner drop webhook", schedule_type="api",
                                    variables={"partner": "northwind"})
    sch["revenue_once"] = b.schedule(revenue, "Run once now", schedule_type="time", schedule_interval="@once",
                                     start_time=fmt(utc_now() - timedelta(minutes=1)), variables={"currency": "EUR"})
    sch["revenue_hourly"] = b.schedule(revenue, "Hourly revenue refresh", schedule_type="time",
                                       schedule_interval="@hourly", start_time="2026-01-01 00:00:00")
    event_matchers = [{
        "event_type": "aws_event",
        "name": "New touchpoint files in S3",
        "pattern": {
            "source": ["aws.s3"],
            "detail-type": ["Object Created"],
            "detail": {"bucket": {"name": ["acme-lake"]},
                       "object": {"key": [{"prefix": "raw/touchpoints/"}],
                                  "size": [{"numeric": [">", 0]}],
                                  "metadata": {"tags": {"pipeline": {"owner": {"team": ["growth"]}}}}}},
        },
    }]
    sch["attribution_event"] = b.schedule(attribution, "On new touchpoint files", schedule_type="event",
                                          event_matchers=event_matchers)
    sch["stream_api"] = b.schedule(streaming, "Start stream consumer", schedule_type="api")
    sch["inventory_time"] = b.schedule(inventory, "Inventory sync every 15 min", schedule_type="time",
                                       schedule_interval="*/15 * * * *", start_time="2026-01-01 00:00:00")
    for key in ("basic_daily", "warehouse_cron", "audit_api", "revenue_once"):
        try:
            if sch[key]["status"] != "active":
                sch[key] = b.activate(sch[key])
        except MageError as e:
            b.note_failure(f"activate schedule {key}", e)
    b.timings["schedules_s"] = round(time.monotonic() - t, 1)
    summary["schedules"] = {k: v["id"] for k, v in sch.items()}

    # --- runs ---
    t = time.monotonic()
    runs = {}
    existing = {u: b.runs_of(u) for u in (basic, warehouse, pricing, token_audit, clickstream, partner, revenue)}

    def first_or_trigger(key, uuid, schedule, body):
        if existing[uuid]:
            runs[key] = existing[uuid][-1]["id"]
        else:
            runs[key] = b.trigger(schedule, body)["id"]

    first_or_trigger("completed", basic, sch["basic_api"],
                     {"pipeline_run": {"variables": {"env": "prod"}}, "requested_by": "ops@acme.example",
                      "reason": "Basic re-run after S3 outage"})
    first_or_trigger("failed", token_audit, sch["audit_api"], {"ticket": "SEC-2231"})
    first_or_trigger("pricing", pricing, sch["pricing_api"], {"pipeline_run": {"variables": {"curve": "EUR-ZERO"}}})
    first_or_trigger("large_log", clickstream, sch["click_api"], {"day": "2026-11-22"})
    first_or_trigger("cancelled", partner, sch["partner_api"], {"partner": "northwind", "file": "stock_2026-11-23.csv"})
    if not existing[partner]:
        # cancel as soon as the slow block is running (bounded)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:
            run = b.run(runs["cancelled"])
            if any(br["status"] == "running" for br in run.get("block_runs", [])):
                break
            time.sleep(2)
        time.sleep(3)
        b.m.call("PUT", f"/api/pipeline_runs/{runs['cancelled']}", {"pipeline_run": {"status": "cancelled"}})
        log(f"run {runs['cancelled']} cancelled")
    first_or_trigger("warehouse", warehouse, sch["warehouse_api"],
                     {"pipeline_run": {"variables": {"full_refresh": True}}, "triggered_by": "build_project"})

    # A second run of the basic pipeline, so the list holds two runs with the same token.
    if not existing[basic]:
        runs["completed_2"] = b.trigger(sch["basic_api"], {"reason": "second run"})["id"]

    # Backfill over three days of November (3 runs).
    backfills = b.m.get(f"/api/pipelines/{revenue}/backfills").get("backfills", [])
    if backfills:
        backfill = backfills[0]
    else:
        backfill = b.m.call("POST", f"/api/pipelines/{revenue}/backfills", {"backfill": {
            "name": "Backfill November revenue", "start_datetime": "2026-11-01 00:00:00",
            "end_datetime": "2026-11-03 00:00:00", "interval_type": "day", "interval_units": 1,
            "variables": {"currency": "EUR"}}})["backfill"]
        log(f"backfill {backfill['id']} created, status {backfill['status']}")
        backfill = b.m.call("PUT", f"/api/pipelines/{revenue}/backfills/{backfill['id']}",
                            {"backfill": {"status": "initial"}})["backfill"]
        log(f"backfill {backfill['id']} started, status {backfill['status']}")
    summary["backfill"] = backfill["id"]

    to_wait = [runs[k] for k in ("completed", "failed", "large_log", "warehouse", "completed_2", "pricing") if k in runs]
    status = b.wait(to_wait, timeout=420)
    # The @once time trigger and the backfill: the scheduler creates these runs itself.
    deadline = time.monotonic() + 120
    rev = []
    while time.monotonic() < deadline:
        rev = b.runs_of(revenue)
        if len(rev) >= 4 and all(r["status"] in TERMINAL for r in rev):
            break
        time.sleep(3)
    runs["scheduled"] = [r["id"] for r in rev]
    status.update({r["id"]: r["status"] for r in rev})
    status[runs["cancelled"]] = b.run(runs["cancelled"])["status"]
    b.timings["runs_s"] = round(time.monotonic() - t, 1)
    summary["runs"] = runs
    summary["run_status"] = status
    summary["backfill_status"] = b.m.get(f"/api/backfills/{backfill['id']}")["backfill"]["status"]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("base_url", nargs="?", default=os.environ.get("MAGE_URL"),
                    help="default: $MAGE_URL (set by serve.sh run)")
    ap.add_argument("--minimal", action="store_true", help="one pipeline, one trigger, one run")
    ap.add_argument("--one-process", action="store_true",
                    help="with --minimal: set run_pipeline_in_one_process (a 3-block run takes ~11 s instead of ~30 s)")
    ap.add_argument("--with-failure", action="store_true",
                    help="with --minimal: also a second pipeline whose run fails")
    ap.add_argument("--out", help="also write the JSON summary here")
    args = ap.parse_args()
    if not args.base_url:
        ap.error("give the base URL or set MAGE_URL")

    m = Mage(args.base_url)
    m.login()
    b = Builder(m)
    summary = {"base_url": args.base_url, "minimal": args.minimal}
    if args.minimal:
        build_minimal(b, summary, one_process=args.one_process, with_failure=args.with_failure)
    else:
        build_full(b, summary)
    summary["failures"] = b.failures
    summary["timings"] = dict(b.timings, total_s=round(time.monotonic() - T0, 1))
    text = json.dumps(summary, indent=1, default=str)
    print(text)
    if args.out:
        with open(args.out, "w") as f:
            f.write(text + "\n")
    log("done")


if __name__ == "__main__":
    main()
