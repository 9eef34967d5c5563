// The preview page: plays fixtures (or the user's JSON) to the real widget through the same host
// library the end-to-end tests use, with the host's controls and a log of every message. In live
// mode it is an MCP host: it calls a tool on the server behind /mcp and renders the result in the
// widget that server serves (see live.mjs).
import { createHost } from "../host/host.mjs";
import { buildForm, callTool, connect, describe, readArguments, readWidget, widgetUri } from "./live.mjs";

const $ = (id) => document.getElementById(id);
const radio = (name) => document.querySelector(`input[name=${name}]:checked`).value;

const [config, status, manifest, registration] = await Promise.all([
  fetch("/config.json").then((r) => r.json()),
  fetch("/status.json").then((r) => r.json()),
  fetch("/fixtures/manifest.json").then((r) => r.json()),
  fetch("/registration.json").then((r) => r.json()),
]);
/** The widget file the preview serves (the kept one, or a build of this tree), as fetched. */
let previewHtml = await fetch("/resource-widget.html").then((r) => r.text());
$("registration").textContent = JSON.stringify(registration, null, 2);

// ---- the fixture picker, grouped by resource; each option names action and state ----
const groups = new Map();
for (const entry of manifest.fixtures) {
  if (!groups.has(entry.group)) {
    const group = document.createElement("optgroup");
    group.label = entry.group;
    groups.set(entry.group, group);
    $("fixture").append(group);
  }
  const name = entry.file.slice(entry.group.length + 1).replace(/\.json$/, "");
  groups.get(entry.group).append(new Option(`${name} [${entry.expect.state}] — ${entry.title}`, entry.file));
}

// ---- the host ----
let host;
/**
 * What plays: the widget's HTML, the tool's arguments (tool-input), the CallToolResult
 * (tool-result) and, live, the answer to the widget's own tool calls. Fixtures play to the
 * preview's dist/resource-widget.html with no arguments.
 */
let current = { html: previewHtml, input: {}, payload: undefined, payloadText: undefined, onCallTool: undefined };
let fixtureCurrent = current;
let liveCurrent = null;

function hostContext() {
  const theme = radio("theme");
  const width = radio("width");
  return {
    ...(theme === "system" ? {} : { theme }),
    displayMode: $("display").value,
    locale: $("locale").value,
    timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    platform: "web",
    containerDimensions: width === "full" ? { width: $("stage").clientWidth, height: Math.round(innerHeight * 0.7) } : { maxWidth: Number(width), maxHeight: 6000 },
  };
}

function applyWidth() {
  const width = radio("width");
  $("stage").classList.toggle("full", width === "full");
  $("stage").style.width = width === "full" ? "" : `${width}px`;
  document.body.classList.toggle("dark", radio("theme") === "dark");
}

function log(entry) {
  const item = document.createElement("li");
  const { direction, message } = entry;
  item.className = direction === "host→widget" ? "to-widget" : direction === "widget→host" ? "to-host" : "note";
  const what = message.method ?? (message.result !== undefined ? `result${message.of ? ` of ${message.of}` : ""}` : message.note ?? "");
  const detail = message.params ?? message.result ?? message.url ?? "";
  const text = typeof detail === "string" ? detail : JSON.stringify(detail);
  item.textContent = `${new Date().toLocaleTimeString()} ${direction} ${what} ${text.length > 160 ? `${text.slice(0, 160)}…` : text}`;
  item.title = text.slice(0, 2000);
  $("log").prepend(item);
  while ($("log").childElementCount > 300) $("log").lastElementChild.remove();
}

async function load() {
  applyWidth();
  $("stage").replaceChildren();
  host = await createHost({
    container: $("stage"),
    sandboxUrl: `${config.sandboxUrl}?csp=${$("csp").value}`,
    widgetHtml: current.html,
    hostContext: hostContext(),
    onMessage: log,
    onCallTool: current.onCallTool,
  });
  const started = await Promise.race([host.initialized.then(() => true), new Promise((r) => setTimeout(() => r(false), 8000))]);
  if (!started) log({ direction: "note", message: { note: "the widget did not complete the handshake (see the browser console)" } });
  return started;
}

async function play() {
  if (!current.payload) return;
  if (await load()) {
    await host.toolInput(current.input);
    await host.toolResult(current.payload);
  }
}

// ---- the model's report ----
async function showReport() {
  const body = $("report-body");
  const report = await fetch("/report", { method: "POST", body: current.payloadText }).then((r) => r.json(), () => ({ error: "no answer" }));
  body.replaceChildren();
  if (report.error && !report.state) {
    body.textContent = report.error;
    return;
  }
  const dl = document.createElement("dl");
  const row = (term, value) => {
    if (value === null || value === undefined || value === "") return;
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = value;
    dl.append(dt, dd);
  };
  row("state", report.state);
  row("resource · action", `${report.resource || "—"} · ${report.action || "—"}`);
  row("layout", `${report.layout}, ${report.rows} row(s), ${report.columns.length} column(s)`);
  row("pagination", report.pagination);
  row("mutation", report.mutation && `${report.mutation.banner}${report.mutation.compact ? " (compact)" : ""}`);
  row("graph", report.graph.outcome === "drawn" ? `drawn: ${report.graph.nodes} blocks, ${report.graph.edges} edges` : report.graph.outcome === "fallback" ? report.graph.reason : "none in the result");
  row("error", report.error && [report.error.code, report.error.message, report.error.remedy].filter(Boolean).join(" — "));
  row("redacted", report.redacted ? `${report.redacted} sensitive value(s)` : "nothing");
  body.append(dl);
  if (report.notices.length) {
    const list = document.createElement("ul");
    for (const notice of report.notices) {
      const li = document.createElement("li");
      li.textContent = `${notice.text}${notice.shown ? "" : " (reported only)"}`;
      li.className = notice.shown ? "" : "diagnostic";
      list.append(li);
    }
    body.append(list);
  }
}

// While a frame loads and plays, the host-sequence buttons wait (a message sent mid-handshake would
// go nowhere), and `#stage[data-playing]` says so to people and to the preview's tests.
const SEQUENCE_BUTTONS = ["play", "send-input", "send-result", "send-cancel", "send-context", "send-teardown", "live-call"];
let playing = 0;
async function whilePlaying(work) {
  playing += 1;
  setPlaying();
  try {
    return await work();
  } finally {
    playing -= 1;
    setPlaying();
  }
}
function setPlaying() {
  $("stage").dataset.playing = String(playing > 0);
  for (const id of SEQUENCE_BUTTONS) $(id).disabled = playing > 0 || (id === "live-call" && !session);
}

async function choose(text) {
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    $("own-error").textContent = `Not JSON: ${e.message}`;
    return;
  }
  $("own-error").textContent = "";
  // A bare structuredContent is wrapped as the CallToolResult a host would deliver.
  const payload =
    parsed && typeof parsed === "object" && !Array.isArray(parsed) && "kind" in parsed
      ? { content: [{ type: "text", text }], structuredContent: parsed }
      : parsed;
  current = fixtureCurrent = { html: previewHtml, input: {}, payload, payloadText: text, onCallTool: undefined };
  await Promise.all([whilePlaying(play), showReport()]);
}

async function chooseFixture() {
  await choose(await fetch(`/fixtures/${$("fixture").value}`).then((r) => r.text()));
}

// ---- controls ----
$("fixture").addEventListener("change", () => whilePlaying(chooseFixture));
$("render-own").addEventListener("click", () => choose($("own").value));
$("own").addEventListener("dragover", (e) => {
  e.preventDefault();
  $("own").classList.add("dragging");
});
$("own").addEventListener("dragleave", () => $("own").classList.remove("dragging"));
$("own").addEventListener("drop", async (e) => {
  e.preventDefault();
  $("own").classList.remove("dragging");
  const file = e.dataTransfer.files[0];
  if (!file) return;
  $("own").value = await file.text();
  await choose($("own").value);
});
$("play").addEventListener("click", () => whilePlaying(play));
$("send-input").addEventListener("click", () => host?.toolInput(current.input));
$("send-result").addEventListener("click", () => current.payload && host?.toolResult(current.payload));
$("send-cancel").addEventListener("click", () => host?.toolCancelled("Cancelled from the preview"));
$("send-context").addEventListener("click", () => host?.contextChanged(hostContext()));
$("send-teardown").addEventListener("click", () => host?.teardown("Torn down from the preview"));
for (const input of document.querySelectorAll("input[name=theme]")) {
  input.addEventListener("change", () => {
    applyWidth();
    const theme = radio("theme");
    host?.contextChanged(theme === "system" ? { theme: null } : { theme });
  });
}
for (const input of document.querySelectorAll("input[name=width]")) {
  input.addEventListener("change", () => {
    applyWidth();
    host?.contextChanged({ containerDimensions: hostContext().containerDimensions });
  });
}
$("display").addEventListener("change", () => host?.contextChanged({ displayMode: $("display").value }));
$("locale").addEventListener("change", () => host?.contextChanged({ locale: $("locale").value }));
$("csp").addEventListener("change", () => whilePlaying(play));

// ---- live mode: the MCP server behind /mcp ----
let session = null;
let fields = [];
let tools = [];
const selectedTool = () => tools.find((t) => t.name === $("live-tool").value);

function liveState(state, status) {
  $("live-panel").dataset.state = state;
  if (status !== undefined) $("live-status").textContent = status;
}
const liveError = (text = "") => ($("live-error").textContent = text);

async function liveConnect() {
  liveError("");
  const old = session;
  session = null;
  tools = [];
  $("live-tool").replaceChildren();
  $("live-tool").disabled = true;
  $("live-form").replaceChildren();
  setPlaying();
  await old?.close();
  const { path, upstream, note, state } = config.mcp;
  if (state === "building") {
    liveState("building", "The MCP server is being built; live mode starts here when it is up.");
    return;
  }
  if (!upstream) {
    liveState("none", "No MCP server behind this preview: fixtures only.");
    liveError(
      `${note ?? "The preview was started without MCP_SERVER_URL."} Run ./scripts/preview.sh (it starts mage-mcp-server), ` +
        "or start target/release/mage-mcp-server --http and the preview with MCP_SERVER_URL=http://127.0.0.1:3001/mcp.",
    );
    return;
  }
  liveState("connecting", `Connecting to ${upstream} through ${path}…`);
  try {
    session = await connect(path);
  } catch (e) {
    liveState("error", `Not connected to ${upstream}.`);
    liveError(`Cannot reach the MCP server at ${upstream} (through ${path}): ${describe(e)}. Is it running? Then press Reconnect.`);
    return;
  }
  tools = [...session.tools].sort((a, b) => a.name.localeCompare(b.name));
  const withWidget = tools.filter(widgetUri).length;
  const { name, version } = session.server;
  liveState(
    "connected",
    `Connected to ${name} ${version} at ${upstream} (through ${path}, protocol ${session.protocolVersion ?? "?"}): ` +
      `${tools.length} tools, ${withWidget} with a widget.`,
  );
  for (const tool of tools) $("live-tool").append(new Option(tool.name, tool.name, false, tool.name === "pipeline_list"));
  $("live-tool").disabled = false;
  chooseTool();
  setPlaying();
}

function chooseTool() {
  const tool = selectedTool();
  if (!tool) return;
  const notes = [];
  if (tool.annotations?.readOnlyHint) notes.push("read only");
  if (tool.annotations?.destructiveHint) notes.push("destructive");
  const uri = widgetUri(tool);
  $("live-tool-about").textContent = `${tool.description ?? ""}${notes.length ? ` (${notes.join(", ")})` : ""}${uri ? ` Widget: ${uri}` : " No widget (_meta.ui.resourceUri)."}`;
  fields = buildForm($("live-form"), tool.inputSchema);
  showArguments();
}

function showArguments() {
  const { args, errors } = readArguments(fields);
  $("live-args").textContent = JSON.stringify(args, null, 2);
  $("live-args").classList.toggle("error", errors.length > 0);
  return { args, errors };
}

/** The widget's own tools/call, forwarded to the server through the page's MCP client. */
async function forwardToolCall(params, extra) {
  log({ direction: "note", message: { note: `forwarding the widget's tools/call ${params.name} to the server`, params: params.arguments ?? {} } });
  if (!session) {
    log({ direction: "note", message: { note: `widget's tools/call ${params.name} refused: not connected to the MCP server` } });
    throw new Error("not connected to the MCP server");
  }
  try {
    const result = await callTool(session, params.name, params.arguments ?? {}, extra?.mcpReq?.signal);
    log({ direction: "note", message: { note: `server answered tools/call ${params.name}${result.isError ? " with an error" : ""}` } });
    return result;
  } catch (e) {
    // The widget gets a JSON-RPC error; the page says why, as for its own calls.
    log({ direction: "note", message: { note: `widget's tools/call ${params.name} failed: ${describe(e)}` } });
    liveError(`The widget's tools/call ${params.name} failed: ${describe(e)}. If the server restarted or stopped, press Reconnect.`);
    throw e;
  }
}

/** "resource · action · state, N records", or the error envelope's code and message. */
function summarize(result) {
  const sc = result.structuredContent;
  if (result.isError) {
    const error = sc?.error ?? {};
    const text = error.code || error.message ? `${error.code ?? "error"}: ${error.message ?? ""}` : (result.content?.[0]?.text ?? "no details");
    return { error: true, text: `The tool answered an error (isError): ${text}` };
  }
  if (!sc || typeof sc !== "object") return { error: false, text: "ok, no structuredContent (the widget reads content[0].text)" };
  const records = Array.isArray(sc.records) ? `, ${sc.records.length} record(s)` : "";
  return { error: false, text: `ok: ${sc.resource ?? "?"} · ${sc.action ?? "?"} · ${sc.state ?? "?"}${records}` };
}

function showWidgetInfo(widget) {
  const hash = widget.uri.match(/-([0-9a-f]{8})\.html$/)?.[1];
  const rows = [
    ["resource", widget.uri],
    ["mimeType", widget.mimeType ?? "(none)"],
    ["size", `${widget.size.toLocaleString("en-US")} bytes (UTF-8), as read`],
    ["SHA-256", `${widget.sha256.slice(0, 16)}…${hash ? (widget.sha256.startsWith(hash) ? " (matches the hash in the URI)" : ` (does NOT match the URI's ${hash})`) : ""}`],
    ["vs. this preview's widget", widget.html === previewHtml ? "identical to the file the fixtures play to" : "differs from the file the fixtures play to (scripts/preview.sh restarts the server with a fresh build)"],
    ["declared CSP", JSON.stringify(widget.meta.ui?.csp ?? null)],
  ];
  const dl = document.createElement("dl");
  for (const [term, value] of rows) {
    const dt = document.createElement("dt");
    dt.textContent = term;
    const dd = document.createElement("dd");
    dd.textContent = value;
    dd.dataset.field = term;
    dl.append(dt, dd);
  }
  $("live-widget").replaceChildren(dl);
}

async function liveCall() {
  const tool = selectedTool();
  if (!session || !tool) return;
  const { args, errors } = showArguments();
  if (errors.length) {
    liveError(`Not called: ${errors.join("; ")}.`);
    return;
  }
  liveError("");
  const uri = widgetUri(tool);
  $("live-result").className = "";
  $("live-result").textContent = `Calling ${tool.name}…`;
  const started = performance.now();
  let result;
  let widget;
  try {
    [result, widget] = await Promise.all([callTool(session, tool.name, args), uri ? readWidget(session, uri) : null]);
  } catch (e) {
    $("live-result").textContent = `${tool.name}: no result.`;
    $("live-result").className = "error";
    liveError(`${tool.name} failed: ${describe(e)}. If the server restarted or stopped, press Reconnect.`);
    return;
  }
  const ms = Math.round(performance.now() - started);
  const summary = summarize(result);
  $("live-result").textContent = `${tool.name}(${JSON.stringify(args)}) in ${ms} ms: ${summary.text}`;
  $("live-result").className = summary.error ? "error" : "";
  $("live-result").dataset.isError = String(Boolean(result.isError));
  log({ direction: "note", message: { note: `tools/call ${tool.name} → ${summary.text}` } });
  if (!widget) {
    // No stale frame left on the stage to be taken for this tool's answer.
    $("live-widget").textContent = "This tool names no widget resource (_meta.ui.resourceUri); the result above is all there is.";
    liveCurrent = null;
    $("stage").replaceChildren();
    host = undefined;
    $("report-body").textContent = "—";
    return;
  }
  showWidgetInfo(widget);
  log({ direction: "note", message: { note: `resources/read ${widget.uri}: ${widget.size} bytes, ${widget.mimeType}` } });
  liveCurrent = { html: widget.html, input: args, payload: result, payloadText: JSON.stringify(result), onCallTool: forwardToolCall };
  if (source !== "live") return; // switched to the fixtures meanwhile: shown when back
  current = liveCurrent;
  await Promise.all([play(), showReport()]);
}

let source = "fixtures";
function setSource(value) {
  source = value;
  for (const input of document.querySelectorAll("input[name=source]")) input.checked = input.value === value;
  const live = value === "live";
  $("fixtures-panel").hidden = live;
  $("live-panel").hidden = !live;
  $("live-call-panel").hidden = !live;
  if (live) {
    if (!session && $("live-panel").dataset.state !== "connecting") liveConnect();
    if (liveCurrent) {
      current = liveCurrent;
      return Promise.all([whilePlaying(play), showReport()]);
    }
    // Nothing called yet: no fixture stays on the stage to be taken for the server's answer.
    $("stage").replaceChildren();
    host = undefined;
    $("report-body").textContent = "—";
  } else {
    current = fixtureCurrent;
    return Promise.all([whilePlaying(play), showReport()]);
  }
}

for (const input of document.querySelectorAll("input[name=source]")) input.addEventListener("change", () => setSource(input.value));
$("live-connect").addEventListener("click", liveConnect);
$("live-tool").addEventListener("change", chooseTool);
$("live-form").addEventListener("input", showArguments);
$("live-form").addEventListener("submit", (e) => {
  e.preventDefault();
  whilePlaying(liveCall);
});
$("live-call").addEventListener("click", () => whilePlaying(liveCall));

// ---- what the preview serves, as scripts/preview.sh's builds end ----
/** Says which widget file plays and whether this tree's is being built. */
function showWidgetSource(widget) {
  const hash = widget.sha256 ? ` (SHA-256 ${widget.sha256.slice(0, 16)}…)` : "";
  const what =
    widget.kind === "kept" ? `the kept file, ${widget.file}${hash}` : widget.kind === "built" ? `built from this tree, ${widget.file}${hash}` : widget.file;
  $("widget-source").textContent = `Widget: ${what}.${widget.note ? ` ${widget.note}` : ""}`;
  $("widget-source").dataset.kind = widget.kind;
  $("widget-source").dataset.building = String(Boolean(widget.building));
}

/** Follows /status.json while something is being built: a fresh widget replaces the one that
 * plays, a server that comes up turns live mode on; the page is never reloaded. */
async function followStatus(last) {
  const pending = (s) => s.widget.building || s.mcp.state === "building";
  while (pending(last)) {
    await new Promise((resolve) => setTimeout(resolve, STATUS_POLL_MS));
    const next = await fetch("/status.json").then((r) => r.json(), () => null);
    if (!next) continue;
    showWidgetSource(next.widget);
    if (next.widget.sha256 !== last.widget.sha256 || next.widget.file !== last.widget.file) {
      previewHtml = await fetch("/resource-widget.html").then((r) => r.text());
      fixtureCurrent.html = previewHtml;
      log({ direction: "note", message: { note: `the preview now serves ${next.widget.file}` } });
      if (source === "fixtures") await whilePlaying(play);
    }
    if (next.mcp.state !== last.mcp.state || next.mcp.upstream !== last.mcp.upstream) {
      config.mcp = { ...config.mcp, ...next.mcp };
      log({ direction: "note", message: { note: `the MCP server is ${next.mcp.state}${next.mcp.upstream ? ` at ${next.mcp.upstream}` : ""}` } });
      if (source === "live") await liveConnect();
    }
    last = next;
  }
}
/** How often the page asks what the preview serves while a build runs. */
const STATUS_POLL_MS = 2000;

showWidgetSource(status.widget);
await chooseFixture();
if (new URLSearchParams(location.search).get("source") === "live") setSource("live");
document.body.dataset.ready = "true";
followStatus(status);
