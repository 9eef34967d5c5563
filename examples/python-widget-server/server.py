"""A minimal MCP server in Python (the official `mcp` SDK) that ships the resource widget: it
serves the built dist/resource-widget.html as an MCP Apps resource and one tool, pipeline_list,
whose results the widget draws. MCP on stdio.

    python server.py [WIDGET_HTML]        (default: dist/resource-widget.html)

scripts/sdk-examples-check.sh reads it back through the MCP Inspector's CLI.
"""

import hashlib
import json
import sys
from pathlib import Path

from mcp.server.apps import APP_MIME_TYPE, Apps
from mcp.server.mcpserver import MCPServer
from mcp.server.mcpserver.resources import TextResource
from mcp_types import CallToolResult, TextContent

# Bytes decoded as they are: read_text() would translate line endings, and hosts must get the
# file byte for byte.
HTML = Path(sys.argv[1] if len(sys.argv) > 1 else "dist/resource-widget.html").read_bytes().decode("utf-8")

# A ui:// URI that changes with the file: hosts cache a widget by its URI.
URI = f"ui://pipeline-service/resource-widget-{hashlib.sha256(HTML.encode('utf-8')).hexdigest()[:8]}.html"

# The resource's _meta: no domains (the widget fetches nothing), wasm where the host allows it,
# and ChatGPT's own keys. (Apps.add_html_resource writes _meta.ui from typed arguments; its csp
# has no wasmUnsafeEval and it writes no openai/* keys, hence a TextResource with the whole _meta.)
RESOURCE_META = {
    "ui": {
        "csp": {"connectDomains": [], "resourceDomains": [], "wasmUnsafeEval": True},
        "prefersBorder": True,
    },
    "openai/widgetCSP": {"connect_domains": [], "resource_domains": []},
    "openai/widgetPrefersBorder": True,
    "openai/widgetDescription": "Tables, banners and block graphs for pipeline-service results.",
}

apps = Apps()
apps.add_resource(
    TextResource(uri=URI, name="pipeline_resource_widget", mime_type=APP_MIME_TYPE, meta=RESOURCE_META, text=HTML)
)


# Apps.tool puts the URI in _meta.ui.resourceUri; the other two keys name it for other hosts.
@apps.tool(
    resource_uri=URI,
    meta={"host/outputTemplate": URI, "openai/outputTemplate": URI},
    name="pipeline_list",
    description="Lists the pipelines.",
)
def pipeline_list() -> CallToolResult:
    # A widget result (schema/widget-result.schema.json); a real server builds it from its data.
    result = {
        "kind": "svc_resource_widget",
        "schema_version": 1,
        "resource": "pipelines",
        "action": "list",
        "state": "ok",
        "records": [
            {"uuid": "etl_daily", "name": "ETL daily", "type": "python", "blocks": 3},
            {"uuid": "orders_streaming", "name": "Orders streaming", "type": "streaming", "blocks": 6},
        ],
    }
    # structuredContent and the same JSON as text: the widget reads either (some hosts drop
    # structuredContent).
    return CallToolResult(content=[TextContent(type="text", text=json.dumps(result))], structured_content=result)


if __name__ == "__main__":
    MCPServer("python-widget-server", extensions=[apps]).run()
