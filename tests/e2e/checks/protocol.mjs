// The delivery path end to end: the real widget file inside a real MCP Apps host (each of
// drivers/hosts.mjs: our ext-apps AppBridge host, @mcp-ui/client's AppRenderer; double-iframe
// sandbox, CSP header), handshake to teardown.
import { assert, eventually, everShown, expectState, framesPass, settledSizeCount, watchForText, CSP } from "./lib.mjs";

/** Waits until the last size report is taller than `min`. */
const reportsAbove = (d, min, options) =>
  eventually(async () => {
    const height = await d.lastHeight();
    assert.ok(height > min, `last reported height ${height} > ${min}`);
  }, options);

/** A host context that names the call (the tool `name`, the request `id`): its result is remembered. */
const namingTheCall = (name, id) => ({ theme: "light", toolInfo: { id, tool: { name, inputSchema: { type: "object" } } } });

/** What the widget keeps in sessionStorage for the call `name` with request id `id`. */
const rememberedFor = (d, name, id) =>
  d.widget(
    (suffix) =>
      Object.keys(sessionStorage)
        .filter((k) => k.startsWith("resource-widget/v3/") && k.endsWith(suffix))
        .map((k) => sessionStorage.getItem(k))
        .join("\n"),
    `/${name}/${id}`,
  );

/** The builds a CSP profile runs: the wasm build where WebAssembly is allowed, else the JavaScript build. */
const BUILDS = [
  [CSP.wasm, "wasm"],
  [CSP.spec, "js"],
];

export default [
  // The cold path: a host that opens the frame once the call has ended (or reloads a conversation)
  // sends tool-input and the result the moment the handshake is done, while the widget is still
  // translating (JavaScript build) and warming up what a first result calls.
  ...BUILDS.map(([csp, build]) => ({
    name: `protocol: a result sent with tool-input the moment the handshake is done is drawn (${build} build)`,
    async run(d) {
      await d.loadWidget({ csp, observeErrors: true, watchWarmUp: true, resultOnHandshake: "pipeline_runs/list-ok.json" });
      assert.equal(await d.widget(() => document.documentElement.dataset.build ?? null), build, "<html data-build>");
      await expectState(d, "ok");
      const rows = ".table-scroll .table > tbody > tr:not(.table__spacer)";
      await eventually(async () => assert.equal(await d.count(rows), 20, "the result's rows"));
      assert.ok((await d.text(rows, 0)).includes("4821"), "the first row shows run 4821");
      await eventually(async () => assert.equal(await d.attr("#widget", "aria-busy"), null, "no aria-busy once ok"));
      // Whatever the warm-up had drawn is gone, and none of it was drawn once the result was there.
      await framesPass(d, 10);
      assert.equal(await d.count(".warm-up"), 0, "no warm-up left");
      assert.deepEqual(await d.warmUpOverResult(), [], "warm-up parts drawn over the result");
      // The widget completed the handshake before it got the result.
      const sent = (await d.messages()).filter((m) => m.direction === "widget→host" && !m.method?.startsWith("ui/notifications/sandbox")).map((m) => m.method);
      assert.deepEqual(sent.slice(0, 2), ["ui/initialize", "ui/notifications/initialized"], "the widget's first messages");
      assert.deepEqual(await d.errors(), [], "uncaught errors");
    },
  })),
  {
    name: "protocol: renders a tool result inside the host under a wasm-permitting CSP",
    async run(d) {
      await d.loadWidget({ csp: CSP.wasm, hostContext: { theme: "light", displayMode: "inline" } });

      // The handshake: ui/initialize with our appInfo, then initialized.
      const log = await d.messages();
      const initialize = log.find((m) => m.method === "ui/initialize");
      assert.ok(initialize, "the widget sent ui/initialize");
      assert.equal(initialize.params.protocolVersion, "2026-01-26");
      assert.equal(initialize.params.appInfo.name, "resource-widget");
      assert.ok(log.some((m) => m.method === "ui/notifications/initialized"), "the widget sent ui/notifications/initialized");

      await d.toolInput({ pipeline_uuid: "etl_daily" });
      await expectState(d, "loading");
      await eventually(async () => assert.equal(await d.attr("#widget", "aria-busy"), "true"));

      await d.sendResult("pipeline_runs/list-ok.json");
      await expectState(d, "ok");
      await eventually(async () => assert.equal(await d.attr("#widget", "aria-busy"), null, "no aria-busy once ok"));
      await eventually(async () => assert.equal(await d.count("tbody tr"), 20));
      await eventually(async () => assert.ok((await d.text("tbody")).includes("4821"), "tbody shows run 4821"));
      // The host grew the frame: the last row is on screen, not clipped inside the frame.
      await d.host(() => void document.querySelector(".widget-frame").scrollIntoView({ block: "nearest" }));
      await reportsAbove(d, 400);

      // The widget reported its content height, and the host sized the frame to it.
      await reportsAbove(d, 200);
      const frameHeight = await d.host(() => document.querySelector(".widget-frame").getBoundingClientRect().height);
      const reported = await d.lastHeight();
      assert.ok(Math.abs(frameHeight - reported) <= 2, `frame height ${frameHeight} vs reported ${reported}`);

      // Teardown is a request: the widget answers it.
      assert.deepEqual(await d.teardown("test finished"), {});
    },
  },
  {
    name: "protocol: sizes settle: no resize loop after the result",
    async run(d) {
      await d.loadWidget();
      await d.sendResult("pipelines/list-ok.json");
      await expectState(d, "ok");
      const settled = await settledSizeCount(d);
      // A resize loop reports in every frame; sixty frames without one is a settled widget.
      await framesPass(d, 60);
      assert.equal((await d.sizes()).length, settled, "no size report once the sizes settled");
    },
  },
  {
    name: "protocol: ignores messages that are not JSON-RPC 2.0 or not from its parent",
    async run(d) {
      await d.loadWidget();
      await watchForText(d, "forged");
      // A forged result posted by the widget's own frame (not its parent) and junk from the parent.
      await d.widget(() => {
        const forged = { jsonrpc: "2.0", method: "ui/notifications/tool-result", params: { structuredContent: { kind: "svc_resource_widget", schema_version: 1, resource: "pipelines", action: "list", state: "ok", records: [{ uuid: "forged" }] } } };
        window.postMessage(forged, "*");
      });
      await d.host(() => {
        const sandbox = document.querySelector(".widget-frame").contentWindow;
        sandbox.postMessage({ method: "ui/notifications/tool-result", params: {} }, "*");
        sandbox.postMessage("not even an object", "*");
      });
      await expectState(d, "loading");
      // Messages are handled in the order they were posted: once a genuine result that was posted
      // after them is drawn, the widget has handled (and ignored) the forged ones.
      await d.sendResult("pipelines/list-ok.json");
      await expectState(d, "ok");
      assert.equal(await everShown(d, "forged"), false, "nothing forged was ever shown");
    },
  },
  {
    name: "protocol: reports its size even when the host renders it off screen",
    async run(d) {
      // Browsers pause animation frames in off-screen cross-origin frames; the report must not wait for one.
      await d.host(() => document.body.insertAdjacentHTML("afterbegin", '<div style="height: 3000px"></div>'));
      await d.loadWidget();
      await d.sendResult("pipeline_runs/list-ok.json");
      await reportsAbove(d, 400);
    },
  },
  {
    name: "protocol: a frame rebuilt for the same tool call shows the remembered result, redacted, marked restored",
    async run(d) {
      const secret = "0123456789abcdef0123456789abcdef";
      const hostContext = namingTheCall("pipeline_schedules", 7);
      const remembered = () => rememberedFor(d, "pipeline_schedules", 7);
      await d.loadWidget({ hostContext });
      await d.toolInput({ pipeline_uuid: "etl_daily" });
      await d.sendResult("adversarial/unredacted-tokens.json");
      await expectState(d, "ok");
      // What was remembered is redacted.
      await eventually(async () => assert.ok((await remembered()).includes("daily_6am"), "the result is remembered for this call"));
      assert.ok(!(await remembered()).includes(secret), "no secret remembered");

      // The host rebuilds the frame for the same call and sends nothing for it.
      await d.loadWidget({ hostContext });
      await expectState(d, "ok");
      await eventually(async () => assert.ok((await d.text(".notices")).includes("Restored"), ".notices says Restored"));
      await eventually(async () => assert.ok((await d.text(".table tbody")).includes("daily_6am")));
      assert.ok(!(await d.text("#widget")).includes(secret), "no secret shown");

      // The host speaks after all: the frame waits for its own result, then shows it unmarked.
      await d.toolInput({ pipeline_uuid: "etl_daily" });
      await expectState(d, "loading");
      await d.sendResult("pipelines/list-ok.json");
      await eventually(async () => assert.equal(await d.count(".table tbody tr"), 6));
      await eventually(async () => assert.equal(await d.count(".notices"), 0, "no .notices for a live result"));
    },
  },
  {
    name: "protocol: a result with a long log is remembered redacted, a slice at a time after the render, and restored",
    async run(d) {
      const secret = "0123456789abcdef0123456789abcdef";
      // About 380 KB of log, three slices of the redaction and more, twice in the result (the
      // structuredContent and the fallback text): a secret near its end, its last line after it.
      const lines = Array.from({ length: 9000 }, (_, i) => `2026-11-20 06:00:${String(i % 60).padStart(2, "0")} INFO block_${i} done`);
      const content = [...lines, `ERROR connecting with token=${secret}`, "the log's last line"].join("\n");
      const result = {
        kind: "svc_resource_widget", schema_version: 1, resource: "pipeline_run", action: "logs", state: "ok",
        records: [{ name: "run.log", path: "/logs/run.log", size: content.length, content }],
      };
      const hostContext = namingTheCall("pipeline_run_logs", 8);
      const remembered = () => rememberedFor(d, "pipeline_run_logs", 8);
      await d.loadWidget({ hostContext });
      await d.toolInput({});
      await d.sendResultValue({ content: [{ type: "text", text: JSON.stringify(result) }], structuredContent: result });
      await expectState(d, "ok");
      await eventually(async () => assert.ok((await remembered()).includes("the log's last line"), "the whole log is remembered"), { timeout: 10_000 });
      const copy = await remembered();
      assert.ok(!copy.includes(secret), "no secret remembered");
      assert.ok(copy.includes("block_8999 done"), "the log remembered as it was, but for its secret");

      await d.loadWidget({ hostContext });
      await expectState(d, "ok");
      await eventually(async () => assert.ok((await d.text(".notices")).includes("Restored"), ".notices says Restored"));
      await eventually(async () => assert.ok((await d.text(".log-file__name")).includes("run.log"), "the remembered log shown"));
      assert.ok(!(await d.text("#widget")).includes(secret), "no secret shown");
    },
  },
];
