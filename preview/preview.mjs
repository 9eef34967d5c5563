// The preview page: plays fixtures (or the user's JSON) to the real widget through the same host
// library the end-to-end tests use, with the host's controls and a log of every message.
import { createHost } from "../host/host.mjs";

const $ = (id) => document.getElementById(id);
const radio = (name) => document.querySelector(`input[name=${name}]:checked`).value;

const [config, manifest, widgetHtml, registration] = await Promise.all([
  fetch("/config.json").then((r) => r.json()),
  fetch("/fixtures/manifest.json").then((r) => r.json()),
  fetch("/resource-widget.html").then((r) => r.text()),
  fetch("/registration.json").then((r) => r.json()),
]);
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
let payload; // the CallToolResult being played
let payloadText;

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
    widgetHtml,
    hostContext: hostContext(),
    onMessage: log,
  });
  const started = await Promise.race([host.initialized.then(() => true), new Promise((r) => setTimeout(() => r(false), 8000))]);
  if (!started) log({ direction: "note", message: { note: "the widget did not complete the handshake (see the browser console)" } });
  return started;
}

async function play() {
  if (!payload) return;
  if (await load()) {
    await host.toolInput({});
    await host.toolResult(payload);
  }
}

// ---- the model's report ----
async function showReport() {
  const body = $("report-body");
  const report = await fetch("/report", { method: "POST", body: payloadText }).then((r) => r.json(), () => ({ error: "no answer" }));
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
const SEQUENCE_BUTTONS = ["play", "send-input", "send-result", "send-cancel", "send-context", "send-teardown"];
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
  for (const id of SEQUENCE_BUTTONS) $(id).disabled = playing > 0;
}

async function choose(text) {
  payloadText = text;
  let parsed;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    $("own-error").textContent = `Not JSON: ${e.message}`;
    return;
  }
  $("own-error").textContent = "";
  // A bare structuredContent is wrapped as the CallToolResult a host would deliver.
  payload =
    parsed && typeof parsed === "object" && !Array.isArray(parsed) && "kind" in parsed
      ? { content: [{ type: "text", text }], structuredContent: parsed }
      : parsed;
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
$("send-input").addEventListener("click", () => host?.toolInput({}));
$("send-result").addEventListener("click", () => payload && host?.toolResult(payload));
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

await chooseFixture();
document.body.dataset.ready = "true";
