"""The pipeline service's resource widget for MCP servers in Python: the one self-contained HTML
file an MCP Apps host shows, its content-hashed ui:// URI, the resource and tool _meta hosts read,
and `register_resource_widget`, which serves it through the official `mcp` SDK's Apps extension
(`mcp.server.apps.Apps`).

    apps = Apps()
    register_resource_widget(apps)

    @resource_widget_tool(apps, name="pipeline_list", description="Lists the pipelines.")
    def pipeline_list() -> CallToolResult: ...

    MCPServer("my-server", extensions=[apps]).run()
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from importlib.metadata import version as _installed_version
from importlib.resources import files
from typing import Any, TypeVar

from mcp.server.apps import APP_MIME_TYPE, EXTENSION_ID, Apps
from mcp.server.mcpserver.resources import TextResource

__all__ = [
    "EXTENSION_ID",
    "HTML",
    "MIME_TYPE",
    "RESOURCE_DESCRIPTION",
    "RESOURCE_NAME",
    "RESOURCE_TITLE",
    "TOOLS_THE_WIDGET_CALLS",
    "URI",
    "VERSION",
    "register_resource_widget",
    "resource_meta",
    "resource_widget_tool",
    "tool_meta",
]

# Bytes decoded as they are: read_text() would translate line endings, and hosts must get the file
# byte for byte.
HTML: str = (files(__name__) / "resource-widget.html").read_bytes().decode("utf-8")
"""The widget file's text, served unchanged."""

URI: str = f"ui://pipeline-service/resource-widget-{hashlib.sha256(HTML.encode('utf-8')).hexdigest()[:8]}.html"
"""The file's ui:// URI: the first 8 hex digits of its SHA-256 (hosts cache a widget by its URI)."""

VERSION: str = _installed_version("pipeline-resource-widget")
"""The widget's version, the same in its npm, Python and Rust packages."""
__version__ = VERSION

MIME_TYPE: str = APP_MIME_TYPE
"""The MIME type MCP Apps hosts render."""

RESOURCE_NAME = "pipeline_resource_widget"
RESOURCE_TITLE = "Pipeline resource widget"
RESOURCE_DESCRIPTION = "Renders pipeline-service tool results: list and detail tables, mutation banners, block graphs."

TOOLS_THE_WIDGET_CALLS: tuple[str, ...] = (
    "pipeline_list",
    "pipeline_get",
    "block_list",
    "block_get",
    "run_logs",
    "pipeline_runs",
    "pipeline_run_get",
    "block_runs",
    "block_outputs",
    "backfill_list",
    "pipeline_schedules",
    "pipeline_triggers",
)
"""The tools the widget calls itself through its host (to open a record, refresh, follow a run):
read-only tools only. A tool of one of these names is marked callable from the widget in its _meta
(`tool_meta`). The same list as the npm and Rust packages'."""


def resource_meta(domain: str | None = None) -> dict[str, Any]:
    """The resource's _meta. Under `ui` (the MCP Apps keys): no domains in `csp` (the widget fetches
    and loads nothing and opens links through the host), wasm where the host allows it (without it
    the page runs its JavaScript build), `permissions.clipboardWrite` (the copy buttons), and
    `domain` only when given (a dedicated origin for the frame, in the format of the host it is
    meant for). Beside it, ChatGPT's own keys. (Apps.add_html_resource writes _meta.ui from typed
    arguments; its csp has no wasmUnsafeEval and it writes no openai/* keys, hence a TextResource
    with the whole _meta.)"""
    ui: dict[str, Any] = {
        "csp": {"connectDomains": [], "resourceDomains": [], "wasmUnsafeEval": True},
        "permissions": {"clipboardWrite": {}},
        "prefersBorder": True,
    }
    if domain is not None:
        ui["domain"] = domain
    return {
        "ui": ui,
        "openai/widgetCSP": {"connect_domains": [], "resource_domains": []},
        "openai/widgetPrefersBorder": True,
        "openai/widgetDescription": "Tables, banners and block graphs for pipeline-service results.",
    }


def tool_meta(name: str) -> dict[str, Any]:
    """The _meta of the tool named `name`, whose results the widget draws: the URI under each key
    hosts read (`ui.resourceUri`, the MCP Apps key; the flat `ui/resourceUri` it replaced, which
    Claude still reads; `openai/outputTemplate`, ChatGPT's; `host/outputTemplate`), and
    `openai/widgetAccessible` when the widget calls the tool itself (`TOOLS_THE_WIDGET_CALLS`)."""
    meta: dict[str, Any] = {
        "ui": {"resourceUri": URI},
        "ui/resourceUri": URI,
        "host/outputTemplate": URI,
        "openai/outputTemplate": URI,
    }
    if name in TOOLS_THE_WIDGET_CALLS:
        meta["openai/widgetAccessible"] = True
    return meta


_Tool = TypeVar("_Tool", bound=Callable[..., Any])


def register_resource_widget(apps: Apps, *, domain: str | None = None) -> None:
    """Registers the widget on `apps` (pass it to `MCPServer(..., extensions=[apps])`): the
    resource, listed and read as `MIME_TYPE` with `resource_meta(domain)` (`domain`: the frame's
    dedicated origin, named only when given); the extension advertises MCP Apps in the server's
    capabilities."""
    apps.add_resource(
        TextResource(
            uri=URI,
            name=RESOURCE_NAME,
            title=RESOURCE_TITLE,
            description=RESOURCE_DESCRIPTION,
            mime_type=MIME_TYPE,
            meta=resource_meta(domain),
            text=HTML,
        )
    )


def resource_widget_tool(apps: Apps, **tool_kwargs: Any) -> Callable[[_Tool], _Tool]:
    """`apps.tool` for a tool whose results the widget draws: `_meta` as `tool_meta` of its name
    (`name=`, else the function's; Apps.tool writes `ui.resourceUri`, the other keys go beside
    it). `tool_kwargs` go to `MCPServer.add_tool` (name, description, ...)."""

    def register(fn: _Tool) -> _Tool:
        name = tool_kwargs.get("name") or fn.__name__
        others = {key: value for key, value in tool_meta(name).items() if key != "ui"}
        return apps.tool(resource_uri=URI, meta=others, **tool_kwargs)(fn)

    return register
