// The whole chain, live: the official MCP client (@modelcontextprotocol/client, bundled for the
// browser) in Chromium → the preview's /mcp → mage-mcp-server over Streamable HTTP →
// tools/call and resources/read → the ext-apps host (host/host.mjs) → the widget the server
// served. For a list, a graph, a mutation banner then the list that shows it, a run the widget
// follows to its end through its own calls, the same across the loss of the replica that started
// the run (two replicas behind nginx sharing the demo project through Redis, as
// bench/replicas/cluster.mjs deploys them), an auth error, the widget's own tools/call forwarded
// to the server, a server that is down; and the preview's live mode driven through its form once.
//
// The server is the built debug binary, which scripts/test.sh's `cargo test-native` builds
// before the end-to-end step (cargo build -p mage-mcp-server otherwise; MAGE_MCP_SERVER
// names another, e.g. target/release/mage-mcp-server), started here on a free loopback port
// and stopped after.
import { test as base, expect } from "@playwright/test";
import { spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { startCluster } from "../../bench/replicas/cluster.mjs";
import { bundleForBrowser } from "../../host/server.mjs";
import { startPreview } from "../../preview/serve.mjs";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const SERVER_BIN = process.env.MAGE_MCP_SERVER ?? join(ROOT, "target/debug/mage-mcp-server");
const WIDGET = join(ROOT, "dist/resource-widget.html");
const LIVE_BUNDLE = bundleForBrowser(join(ROOT, "preview/live.mjs"));
/** The token the demo servers here are started with; the page carries it in its address, as the preview's does. */
const TOKEN = "live-chain-http-token-0123456789";

/** Starts mage-mcp-server on a free loopback port; resolves once it names its URL (20 s at most). */
async function startDemoServer(args = []) {
  if (!existsSync(SERVER_BIN)) throw new Error(`${SERVER_BIN} is not built: run cargo build -p mage-mcp-server`);
  if (!existsSync(WIDGET)) throw new Error(`${WIDGET} is not built: run ./scripts/build.sh`);
  const child = spawn(SERVER_BIN, ["--http", "127.0.0.1:0", "--widget", WIDGET, ...args], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, MCP_AUTH_TOKEN: TOKEN },
  });
  let log = "";
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const url = await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`mage-mcp-server named no URL in 20 s:\n${log}`)), 20_000);
    child.stderr.on("data", (chunk) => {
      log += chunk;
      const match = log.match(/serving MCP over Streamable HTTP at (http:\/\/\S+\/mcp)/);
      if (match) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`mage-mcp-server stopped (${code}):\n${log}`));
    });
  });
  return {
    url,
    log: () => log,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const stopped = await Promise.race([exited.then(() => true), new Promise((r) => setTimeout(() => r(false), 5_000))]);
      if (!stopped) {
        child.kill("SIGKILL");
        await exited;
      }
    },
  };
}

/** A preview whose /mcp forwards to `upstream` ({ url, stop }); its stop stops both. */
async function previewBefore(upstream) {
  try {
    const preview = await startPreview({ mcpUrl: upstream.url });
    return {
      preview,
      async stop() {
        await preview.close();
        await upstream.stop();
      },
    };
  } catch (e) {
    await upstream.stop();
    throw e;
  }
}

/** A demo server and a preview whose /mcp forwards to it. */
async function startChain(args = []) {
  const demo = await startDemoServer(args);
  return { demo, ...(await previewBefore(demo)) };
}

const EXPIRED = {
  cluster_url: "http://127.0.0.1:6789",
  oauth_token: "live-chain-token-8c1f",
  oauth_token_expires_at: "2020-01-01T00:00:00Z",
};

const test = base.extend({
  chain: [
    async ({}, use) => {
      const chain = await startChain();
      await use(chain);
      await chain.stop();
    },
    { scope: "worker", timeout: 40_000 },
  ],
  /** A second server whose --config credentials expired in 2020. */
  expiredChain: [
    async ({}, use) => {
      const dir = mkdtempSync(join(tmpdir(), "live-chain-"));
      const config = join(dir, "config.json");
      writeFileSync(config, JSON.stringify(EXPIRED));
      const chain = await startChain(["--config", config]);
      await use(chain);
      await chain.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    { scope: "worker", timeout: 40_000 },
  ],
});

const widget = (page) => page.frameLocator(".widget-frame").frameLocator("iframe");

/** Opens the test host on the preview's origin (so /mcp is same-origin) with the live client as window.live. */
async function openHost(page, chain) {
  await page.goto(`${chain.preview.hostUrl}/test-host.html?token=${TOKEN}`);
  await page.waitForSelector("body[data-ready=true]", { state: "attached" });
  // preview/live.mjs (the preview's client code), bundled with the SDK, as a module.
  await page.evaluate(async (source) => {
    const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
    window.live = await import(url);
    URL.revokeObjectURL(url);
  }, await LIVE_BUNDLE);
}

/**
 * In the page: connect, call `name` with `args`, read the tool's widget through resources/read,
 * load it in the host (sandbox CSP `csp`), send tool-input and tool-result; the widget's own
 * tools/call go to the server. Returns what the test checks.
 */
function runChain(page, { name, args = {}, csp = "spec-default-wasm", sandboxUrl }) {
  return page.evaluate(
    async ({ name, args, csp, sandboxUrl }) => {
      const { live } = window;
      window.session ??= await live.connect("/mcp");
      const { session } = window;
      const tool = session.tools.find((t) => t.name === name);
      if (!tool) throw new Error(`no tool ${name}`);
      const uri = live.widgetUri(tool);
      const [result, resource] = await Promise.all([live.callTool(session, name, args), live.readWidget(session, uri)]);
      window.messages = [];
      document.getElementById("stage").replaceChildren();
      window.testHost = await window.host.createHost({
        container: document.getElementById("stage"),
        sandboxUrl: `${sandboxUrl}?csp=${csp}`,
        widgetHtml: resource.html,
        hostContext: { theme: "light", locale: "en-US", toolInfo: { id: 1, tool: { name } } },
        onMessage: (entry) => window.messages.push(entry),
        onCallTool: (params, extra) => {
          (window.widgetCalls ??= []).push({ name: params.name, arguments: params.arguments ?? {} });
          return live.callTool(session, params.name, params.arguments ?? {}, extra.mcpReq.signal);
        },
      });
      // Bounded, so a widget that never completes the handshake fails here and says so.
      const handshake = await Promise.race([window.testHost.initialized.then(() => true), new Promise((r) => setTimeout(() => r(false), 15_000))]);
      if (!handshake) throw new Error(`the widget served as ${uri} did not complete ui/initialize in 15 s`);
      await window.testHost.toolInput(args);
      await window.testHost.toolResult(result);
      return {
        uri,
        tools: session.tools.map((t) => t.name),
        resource: { uri: resource.uri, mimeType: resource.mimeType, size: resource.size, sha256: resource.sha256, html: resource.html },
        result,
      };
    },
    { name, args, csp, sandboxUrl },
  );
}

test.describe.configure({ mode: "serial" });

test("a list: pipeline_list through client, server, resources/read, host and widget", async ({ page, chain }) => {
  await openHost(page, chain);
  const run = await runChain(page, { name: "pipeline_list", sandboxUrl: chain.preview.sandboxUrl });
  expect(run.tools).toEqual(expect.arrayContaining(["pipeline_list", "pipeline_get", "pipeline_create", "block_list", "run_logs"]));

  // The frame got the file the server served, byte for byte: the built widget, under a ui:// URI
  // that carries the first 8 hex digits of its SHA-256.
  const file = readFileSync(WIDGET);
  const sha = createHash("sha256").update(file).digest("hex");
  expect(run.resource.mimeType).toBe("text/html;profile=mcp-app");
  expect(run.resource.uri).toBe(`ui://pipeline-service/resource-widget-${sha.slice(0, 8)}.html`);
  expect(run.resource.size).toBe(file.length);
  expect(run.resource.sha256).toBe(sha);
  expect(run.resource.html === file.toString("utf8")).toBe(true);

  const records = run.result.structuredContent.records;
  expect(run.result.isError ?? false).toBe(false);
  expect(records.length).toBeGreaterThanOrEqual(6);
  const root = widget(page).locator("#widget");
  await expect(root).toHaveAttribute("data-state", "ok");
  await expect(widget(page).locator(".table-scroll .table > tbody > tr:not(.table__spacer)")).toHaveCount(records.length);
  await expect(widget(page).locator("tbody")).toContainText("warehouse_rebuild");
  // tool-input carried the arguments, then tool-result the server's answer.
  const sent = await page.evaluate(() => window.messages.filter((m) => m.direction === "host→widget").map((m) => m.message.method));
  expect(sent).toEqual(expect.arrayContaining(["ui/notifications/tool-input", "ui/notifications/tool-result"]));
  expect(sent.indexOf("ui/notifications/tool-input")).toBeLessThan(sent.indexOf("ui/notifications/tool-result"));
});

test("a graph: pipeline_get of the 40-block pipeline draws every block", async ({ page, chain }) => {
  await openHost(page, chain);
  const run = await runChain(page, { name: "pipeline_get", args: { uuid: "warehouse_rebuild" }, sandboxUrl: chain.preview.sandboxUrl });
  const graph = run.result.structuredContent.graph;
  expect(graph.nodes).toHaveLength(40);
  await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  await expect(widget(page).locator("svg.graph__svg [data-node-id]")).toHaveCount(40);
  const ids = await widget(page).locator("svg.graph__svg [data-node-id]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-node-id")));
  expect(ids.sort()).toEqual(graph.nodes.map((n) => n.id).sort());
});

test("drill-down through the server: a pipeline row opens pipeline_get, Refresh calls it again, Back returns", async ({ page, chain }) => {
  await openHost(page, chain);
  await page.evaluate(() => (window.widgetCalls = []));
  await runChain(page, { name: "pipeline_list", sandboxUrl: chain.preview.sandboxUrl });
  const frame = widget(page);
  await frame.locator("tbody tr", { hasText: "warehouse_rebuild" }).locator(".row-open").click();
  await expect(frame.locator("svg.graph__svg [data-node-id]")).toHaveCount(40);
  await frame.locator(".call-bar__refresh").click();
  await expect(frame.locator(".call-bar__status")).toContainText("Updated");
  await expect(frame.locator("svg.graph__svg [data-node-id]")).toHaveCount(40);
  expect(await page.evaluate(() => window.widgetCalls)).toEqual([
    { name: "pipeline_get", arguments: { uuid: "warehouse_rebuild" } },
    { name: "pipeline_get", arguments: { uuid: "warehouse_rebuild" } },
  ]);
  await frame.locator(".call-bar__back").click();
  await expect(frame.locator("tbody")).toContainText("warehouse_rebuild");
});

test("a mutation: pipeline_create shows its banner, then pipeline_list shows the new pipeline", async ({ page, chain }) => {
  await openHost(page, chain);
  const name = `Live chain ${Date.now() % 100000}`;
  const uuid = name.toLowerCase().replace(/ /g, "_");
  const created = await runChain(page, { name: "pipeline_create", args: { name, type: "python" }, sandboxUrl: chain.preview.sandboxUrl });
  expect(created.result.isError ?? false).toBe(false);
  expect(created.result.structuredContent.action).toBe("create");
  await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  await expect(widget(page).locator(".banner")).toBeVisible();
  await expect(widget(page).locator("#widget")).toContainText(uuid);

  const listed = await runChain(page, { name: "pipeline_list", sandboxUrl: chain.preview.sandboxUrl });
  expect(listed.result.structuredContent.records.map((r) => r.uuid)).toContain(uuid);
  await expect(widget(page).locator("tbody")).toContainText(uuid);
});

test("a run followed: run_pipeline's running run reaches its end in the widget, through pipeline_run_get calls to the demo server", async ({ page, chain }) => {
  await openHost(page, chain);
  await page.evaluate(() => (window.widgetCalls = []));
  // crm_to_warehouse has two blocks one after the other: the demo ends it in two seconds.
  const started = await runChain(page, { name: "run_pipeline", args: { pipeline_uuid: "crm_to_warehouse" }, sandboxUrl: chain.preview.sandboxUrl });
  expect(started.result.structuredContent.records[0].status).toBe("running");
  const id = String(started.result.structuredContent.mutation.id);
  const status = widget(page).locator(".detail .pill").first();
  await expect(status).toHaveText("Running");
  await expect(widget(page).locator(".call-bar__live")).toBeVisible();
  // No new tool result: the widget asks the server itself, and the run ends.
  await expect(status).toHaveText("Completed", { timeout: 20_000 });
  await expect(widget(page).locator(".call-bar__live")).toHaveCount(0);
  const calls = await page.evaluate(() => window.widgetCalls);
  expect(calls.length).toBeGreaterThanOrEqual(1);
  for (const call of calls) expect(call).toEqual({ name: "pipeline_run_get", arguments: { pipeline_run_id: id } });
});

/** A replica's log line for a tool call names the tool (never its arguments). */
const TOOL_CALL_LOG = /tool call\b.*?\btool="?(\w+)"?/;

/**
 * Two replicas of the demo server behind nginx, sharing their sessions and the demo project's
 * changes through Redis (bench/replicas/cluster.mjs), and a preview whose /mcp forwards to nginx.
 * `served` lists, in order, which replica (its index) logged a call of which tool.
 */
async function startReplicatedChain() {
  if (!existsSync(SERVER_BIN)) throw new Error(`${SERVER_BIN} is not built: run cargo build -p mage-mcp-server`);
  if (!existsSync(WIDGET)) throw new Error(`${WIDGET} is not built: run ./scripts/build.sh`);
  const served = [];
  const onReplicaLog = (index, line) => {
    const call = line.match(TOOL_CALL_LOG);
    if (call) served.push({ index, tool: call[1] });
  };
  const cluster = await startCluster({ binary: SERVER_BIN, widget: WIDGET, token: TOKEN, replicas: 2, onReplicaLog });
  return { cluster, served, ...(await previewBefore(cluster)) };
}

test("a run followed across a replica's loss: the replica that started it is killed, the widget follows it to its end through the other", async ({ page }) => {
  const chain = await startReplicatedChain();
  try {
    await openHost(page, chain);
    await page.evaluate(() => (window.widgetCalls = []));
    // etl_daily's six layers of blocks run one after another, a second each: six seconds.
    const started = await runChain(page, { name: "run_pipeline", args: { pipeline_uuid: "etl_daily" }, sandboxUrl: chain.preview.sandboxUrl });
    expect(started.result.structuredContent.records[0].status).toBe("running");
    const id = String(started.result.structuredContent.mutation.id);
    const status = widget(page).locator(".detail .pill").first();
    await expect(status).toHaveText("Running");
    await expect(widget(page).locator(".call-bar__live")).toBeVisible();

    // The replica whose log shows run_pipeline started the run; it is killed (a crash) while
    // the run goes on, and nginx sends every later call to the other.
    await expect.poll(() => chain.served.find((s) => s.tool === "run_pipeline")?.index).toBeDefined();
    const starter = chain.served.find((s) => s.tool === "run_pipeline").index;
    const callsBefore = await page.evaluate(() => window.widgetCalls.length);
    await chain.cluster.stopReplica(starter, "SIGKILL");
    // The replica is gone and the run goes on: asked through the page's own client (not the
    // widget's calls), the replica left knows it as running.
    const afterLoss = await page.evaluate((id) => window.live.callTool(window.session, "pipeline_run_get", { pipeline_run_id: id }), id);
    expect(afterLoss.isError ?? false, JSON.stringify(afterLoss.structuredContent)).toBe(false);
    expect(afterLoss.structuredContent.records[0].status, "the run was still running once its replica was gone").toBe("running");
    const servedBefore = chain.served.length;

    // The widget's own calls find the run on the replica left, and it reaches its end: the first
    // comes 2 s after the result, the next 4 s after that, then 8 s (crates/widget-app/src/follow.rs).
    await expect(status).toHaveText("Completed", { timeout: 30_000 });
    await expect(widget(page).locator(".call-bar__live")).toHaveCount(0);
    await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "ok");
    await expect(widget(page).locator(".call-bar__failure")).toHaveCount(0);
    await expect(widget(page).locator(".call-bar__paused")).toHaveCount(0);
    const calls = await page.evaluate(() => window.widgetCalls);
    expect(calls.length, "calls made after the replica was lost").toBeGreaterThan(callsBefore);
    for (const call of calls) expect(call).toEqual({ name: "pipeline_run_get", arguments: { pipeline_run_id: id } });
    const answeredByTheOther = chain.served.slice(servedBefore).filter((s) => s.tool === "pipeline_run_get" && s.index !== starter);
    expect(answeredByTheOther.length, "the widget's calls the other replica answered").toBeGreaterThan(0);
  } finally {
    await chain.stop();
  }
});

test("an auth error: expired credentials give AUTH_EXPIRED with its remedy in the widget", async ({ page, expiredChain }) => {
  await openHost(page, expiredChain);
  const run = await runChain(page, { name: "pipeline_list", sandboxUrl: expiredChain.preview.sandboxUrl });
  expect(run.result.isError).toBe(true);
  expect(run.result.structuredContent.error.code).toBe("AUTH_EXPIRED");
  const root = widget(page).locator("#widget");
  await expect(root).toHaveAttribute("data-state", "error");
  await expect(widget(page).locator(".state--error .state__code")).toHaveText("AUTH_EXPIRED");
  await expect(widget(page).locator(".state--error .state__remedy")).toContainText("login command");
  // The credentials never reach the page.
  expect(JSON.stringify(run.result)).not.toContain(EXPIRED.oauth_token);
  expect(await root.evaluate((el) => el.outerHTML)).not.toContain(EXPIRED.oauth_token);
  expect(expiredChain.demo.log()).not.toContain(EXPIRED.oauth_token);
});

/**
 * Sends `tools/call` from inside the widget's frame, as an MCP App calls a server tool: the request
 * goes out through the sandbox proxy to the host, whose oncalltool forwards it to the server.
 * Resolves to the JSON-RPC answer the frame receives (10 s at most).
 */
function toolCallFromWidget(page, params) {
  const sandbox = page.mainFrame().childFrames().find((f) => f.url().includes("/sandbox.html"));
  if (!sandbox) throw new Error("no sandbox frame on the page");
  const [frame] = sandbox.childFrames();
  if (!frame) throw new Error("no widget frame inside the sandbox");
  return frame.evaluate(
    (params) =>
      new Promise((resolve, reject) => {
        const id = `live-chain-call-${Date.now()}`;
        const timer = setTimeout(() => reject(new Error(`no answer to tools/call ${params.name} in 10 s`)), 10_000);
        window.addEventListener("message", ({ data }) => {
          if (data?.id !== id) return;
          clearTimeout(timer);
          resolve(data);
        });
        window.parent.postMessage({ jsonrpc: "2.0", id, method: "tools/call", params }, "*");
      }),
    params,
  );
}

/** How many times the server's log names `tool` (it logs one line per call, never arguments). */
const callsLogged = (demo, tool) => demo.log().split("\n").filter((line) => line.includes("tool call") && line.includes(tool)).length;

test("the widget's own tools/call reaches the server through the host", async ({ page, chain }) => {
  await openHost(page, chain);
  await runChain(page, { name: "pipeline_list", sandboxUrl: chain.preview.sandboxUrl });
  await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  const before = callsLogged(chain.demo, "block_list");
  const answer = await toolCallFromWidget(page, { name: "block_list", arguments: { pipeline_uuid: "warehouse_rebuild" } });
  expect(answer.error).toBeUndefined();
  expect(answer.result.structuredContent.resource).toBe("blocks");
  expect(answer.result.structuredContent.records).toHaveLength(40);
  await expect.poll(() => callsLogged(chain.demo, "block_list")).toBe(before + 1);
});

test("a page without the server's token is refused, and says so", async ({ page, chain }) => {
  await openHost(page, chain);
  const error = await page.evaluate(() => window.live.connect("/mcp", "").then(() => "connected", (e) => window.live.describe(e)));
  expect(error).toContain("Unauthorized");
  const wrong = await page.evaluate(() => window.live.connect("/mcp", "not-the-token-0123456789").then(() => "connected", (e) => window.live.describe(e)));
  expect(wrong).toContain("Unauthorized");
});

test("a server that is down: the client's error, not a hang", async ({ page }) => {
  const chain = await startChain();
  await chain.demo.stop();
  try {
    await openHost(page, chain);
    const error = await page.evaluate(() => window.live.connect("/mcp").then(() => "connected", (e) => window.live.describe(e)));
    expect(error).toContain("does not answer");
  } finally {
    await chain.preview.close();
  }
});

test("the preview's live mode: pick a tool, fill its form, call it, see the widget", async ({ page, chain }) => {
  await page.goto(`${chain.preview.hostUrl}/?token=${TOKEN}`);
  await page.waitForSelector("body[data-ready=true]", { state: "attached", timeout: 20_000 });
  await page.check("input[name=source][value=live]");
  await expect(page.locator("#live-panel")).toHaveAttribute("data-state", "connected");
  await expect(page.locator("#live-status")).toContainText("mage-mcp-server");
  await expect(page.locator("#fixtures-panel")).toBeHidden();

  // The form comes from the tool's inputSchema: a required string, then an optional array of strings.
  await page.selectOption("#live-tool", "block_create");
  await expect(page.locator("[data-arg=pipeline_uuid] .required")).toBeVisible();
  await expect(page.locator("[data-arg=upstream_blocks]")).toHaveClass(/arg--strings/);
  await page.click("#live-call");
  await expect(page.locator("#live-error")).toContainText("pipeline_uuid is required");

  await page.selectOption("#live-tool", "pipeline_get");
  await page.fill("#arg-uuid", "warehouse_rebuild");
  await expect(page.locator("#live-args")).toContainText('"uuid": "warehouse_rebuild"');
  await page.click("#live-call");
  await expect(page.locator("#live-result")).toContainText("ok: pipeline · get · ok");
  await expect(page.locator("#live-widget [data-field=resource]")).toContainText("ui://pipeline-service/resource-widget-");
  await expect(page.locator("#live-widget [data-field=SHA-256]")).toContainText("matches the hash in the URI");
  await expect(page.locator("#live-widget [data-field=size]")).toContainText(`${readFileSync(WIDGET).length.toLocaleString("en-US")} bytes`);
  await expect(widget(page).locator("svg.graph__svg [data-node-id]")).toHaveCount(40);
  await expect(page.locator("#report-body")).toContainText("drawn: 40 blocks");

  // The widget's own tools/call goes to the server through the preview's client, and the log says so.
  const answer = await toolCallFromWidget(page, { name: "block_get", arguments: { pipeline_uuid: "warehouse_rebuild", uuid: "no_such_block" } });
  expect(answer.result.isError).toBe(true);
  expect(answer.result.structuredContent.error.code).toBe("API_ERROR");
  await expect(page.locator("#log")).toContainText("server answered tools/call block_get with an error");

  // A tool error envelope shows in the page as well as in the widget.
  await page.fill("#arg-uuid", "no_such_pipeline");
  await page.click("#live-call");
  await expect(page.locator("#live-result")).toContainText("The tool answered an error (isError): API_ERROR");
  await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "error");

  // Back to the fixtures: they still play.
  await page.check("input[name=source][value=fixtures]");
  await page.selectOption("#fixture", "pipeline_runs/list-ok.json");
  await expect(widget(page).locator(".table tbody tr")).toHaveCount(20);
});

test("the preview without a server says so and keeps its fixtures", async ({ page }) => {
  const preview = await startPreview({ mcpNote: "mage-mcp-server did not start: test" });
  try {
    await page.goto(`${preview.hostUrl}/?source=live`);
    await page.waitForSelector("body[data-ready=true]", { state: "attached", timeout: 20_000 });
    await expect(page.locator("#live-panel")).toHaveAttribute("data-state", "none");
    await expect(page.locator("#live-error")).toContainText("mage-mcp-server did not start: test");
    await page.check("input[name=source][value=fixtures]");
    await page.selectOption("#fixture", "blocks/list-ok.json");
    await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  } finally {
    await preview.close();
  }
});

test("the preview follows scripts/preview.sh's builds: the kept file at once, live mode when the server is up, this tree's widget when built, never a reload", async ({ page }) => {
  const statusDir = mkdtempSync(join(tmpdir(), "preview-status-"));
  const kept = "crates/pipeline-resource-widget/resource-widget.html";
  const built = "dist/test-hooks/resource-widget.html";
  const sha256 = (file) => createHash("sha256").update(readFileSync(join(ROOT, file))).digest("hex");
  const status = (name, value) => writeFileSync(join(statusDir, name), JSON.stringify(value));
  status("widget.json", { file: kept, kind: "kept", sha256: sha256(kept), building: true, note: "This tree's widget is being built." });
  status("mcp.json", { state: "building", upstream: null, note: "the MCP server is being built", since: Date.now() });
  const preview = await startPreview({ statusDir });
  let demo = null;
  try {
    await page.goto(`${preview.hostUrl}/?token=${TOKEN}&source=live`);
    await page.waitForSelector("body[data-ready=true]", { state: "attached", timeout: 20_000 });
    await page.evaluate(() => (window.notReloaded = true));
    await expect(page.locator("#widget-source")).toContainText(`the kept file, ${kept}`);
    await expect(page.locator("#widget-source")).toHaveAttribute("data-building", "true");
    await expect(page.locator("#live-panel")).toHaveAttribute("data-state", "building");

    // The server comes up: live mode connects by itself.
    demo = await startDemoServer();
    status("mcp.json", { state: "up", upstream: demo.url, note: "", since: Date.now() });
    await expect(page.locator("#live-panel")).toHaveAttribute("data-state", "connected");

    // This tree's widget is built: the fixtures play to it (here the build with the tests' hooks,
    // which the frame shows it runs), and the page says which file it serves.
    status("widget.json", { file: built, kind: "built", sha256: sha256(built), building: false, note: "Built from this tree by scripts/preview.sh." });
    await expect(page.locator("#widget-source")).toContainText(`built from this tree, ${built} (SHA-256 ${sha256(built).slice(0, 16)}`);
    await page.check("input[name=source][value=fixtures]");
    await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "ok");
    const innerFrame = () => page.frames().find((f) => f.parentFrame()?.parentFrame() === page.mainFrame());
    await expect.poll(() => innerFrame()?.evaluate(() => typeof window.__resourceWidgetTest)).toBe("object");
    expect(await page.evaluate(() => window.notReloaded)).toBe(true);
  } finally {
    await preview.close();
    await demo?.stop();
    rmSync(statusDir, { recursive: true, force: true });
  }
});
