"""A minimal MCP server in Python (the official `mcp` SDK) that ships the resource widget from the
package `pipeline-resource-widget`: the widget as an MCP Apps resource and one tool,
pipeline_list, whose results the widget draws. MCP on stdio.

    pip install pipeline-resource-widget

scripts/packages-check.sh installs the packaged wheel into a venv outside the repository and reads
this server back through the MCP Inspector's CLI.
"""

import json

from mcp.server.apps import Apps
from mcp.server.mcpserver import MCPServer
from mcp_types import CallToolResult, TextContent
from pipeline_resource_widget import register_resource_widget, resource_widget_tool

apps = Apps()
# The widget as a ui:// resource with its _meta; the Apps extension advertises MCP Apps.
register_resource_widget(apps)


# A tool whose results the widget draws points at it.
@resource_widget_tool(apps, name="pipeline_list", description="Lists the pipelines.")
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
