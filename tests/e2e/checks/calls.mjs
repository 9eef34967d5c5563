// The widget asks the host for more: drill-down from a list's rows and from a graph
// node, Back and Escape, Refresh with the call's own tool and arguments, failures shown where the
// user acted, and no control at all when the host does not take tool calls. The host here is the
// ext-apps AppBridge answering tools/call from fixtures (checks/lib.mjs loadWidget `calls`), in
// both builds: under the wasm-permitting CSP and under the spec's default CSP (JavaScript build).
import { assert, eventually, expectState, expectRows, folded, fixtureText, CSP } from "./lib.mjs";

const fixture = (file) => JSON.parse(fixtureText(file));
/** The key the test host answers under. */
const call = (name, args = {}) => `${name} ${JSON.stringify(args)}`;
/** The tools the widget may call (TOOLS_THE_WIDGET_CALLS in crates/widget-result/src/lib.rs). */
const READ_ONLY = new Set([
  "pipeline_list", "pipeline_get", "block_list", "block_get", "run_logs", "pipeline_runs", "pipeline_run_get",
  "block_runs", "block_outputs", "backfill_list", "pipeline_schedules", "pipeline_triggers",
]);

/**
 * The host's own call: its tool named in hostContext.toolInfo, its arguments in tool-input. The
 * widget's clock is held: a list with a running run would be followed by the widget's own calls
 * (checks/follow.mjs) when its timer fires, and the calls asserted here are the ones the check
 * caused, whatever the machine's speed.
 */
async function showHostCall(d, { csp, tool, args = {}, file, calls }) {
  await d.loadWidget({ csp, hostContext: { theme: "light", toolInfo: { id: 7, tool: { name: tool } } }, calls, holdClock: true });
  await d.toolInput(args);
  await d.sendResult(file);
  await expectState(d, "ok");
}

/** Waits until `selector` lies inside the frame the host has sized (a control under a list is
 * reachable only once the host has grown the frame to the size the widget reported). */
async function inView(d, selector) {
  await eventually(async () =>
    assert.ok(await d.widget((s) => document.querySelector(s).getBoundingClientRect().bottom <= window.innerHeight, selector), `${selector} inside the frame`),
  );
}

async function expectOnlyReadOnlyCalls(d) {
  for (const { name } of await d.toolCalls()) assert.ok(READ_ONLY.has(name), `the widget sent ${name}`);
}

const BUILDS = [CSP.wasm, CSP.spec];

export default BUILDS.flatMap((csp) => [
  {
    name: `calls (${csp}): without serverTools no call control is shown`,
    async run(d) {
      await d.loadWidget({ csp, hostContext: { toolInfo: { id: 7, tool: { name: "pipeline_list" } } } });
      await d.toolInput({});
      await d.sendResult("pipelines/list-ok.json");
      await expectRows(d, 6);
      assert.equal(await d.count(".row-open"), 0, "no Open control");
      assert.equal(await d.count(".call-bar"), 0, "no call bar");
      await d.sendResult("pipelines/get-graph.json");
      await eventually(async () => assert.equal(await d.count("[data-node-id]"), 8));
      assert.equal(await d.count(".graph__load"), 0, "no Load control");
    },
  },
  {
    name: `calls (${csp}): a pipeline row opens with pipeline_get; Back and Escape return to the list`,
    async run(d) {
      const calls = { answers: { [call("pipeline_get", { uuid: "etl_daily" })]: fixture("pipelines/get-graph.json") } };
      await showHostCall(d, { csp, tool: "pipeline_list", file: "pipelines/list-ok.json", calls });
      await expectRows(d, 6);
      assert.equal(await d.count(".row-open"), 6, "each row can be opened");
      assert.match(await d.attr(".row-open", "aria-label", 0), /etl_daily|ETL daily/);
      await d.click(".row-open", 0);
      await eventually(async () => assert.equal(await d.count("[data-node-id]"), 8, "the pipeline's graph"));
      assert.deepEqual(await d.toolCalls(), [{ name: "pipeline_get", arguments: { uuid: "etl_daily" } }]);
      await d.click(".call-bar__back");
      await expectRows(d, 6);
      await d.click(".row-open", 0);
      await eventually(async () => assert.equal(await d.count("[data-node-id]"), 8));
      await d.focus(".call-bar__back");
      await d.press("Escape");
      await expectRows(d, 6);
      assert.equal(await d.count(".call-bar__back"), 0, "nothing left to go back to");
      await expectOnlyReadOnlyCalls(d);
    },
  },
  {
    name: `calls (${csp}): a run's row opens its logs with run_logs, 1.5 MB of them made ready in steps, and Back returns`,
    async run(d) {
      const logs = fixture("mage/pipeline-run-logs-large.json");
      const calls = { answers: { [call("run_logs", { pipeline_run_id: "4821" })]: logs } };
      await showHostCall(d, { csp, tool: "pipeline_runs", file: "pipeline_runs/list-ok.json", calls });
      const runs = await d.count("tbody tr:not(.table__spacer)");
      await d.click(".row-open", 0);
      await eventually(async () => assert.ok((await d.count(".log__line")) > 0, "the log's lines"), { timeout: 20_000 });
      const names = logs.structuredContent.records.map((r) => r.name);
      const shown = await d.widget((s) => [...document.querySelectorAll(s)].map((e) => e.textContent), ".log-file__name");
      assert.deepEqual(shown, names, "every file, in order");
      assert.deepEqual(await d.toolCalls(), [{ name: "run_logs", arguments: { pipeline_run_id: "4821" } }]);
      await d.click(".call-bar__back");
      await expectRows(d, runs);
    },
  },
  {
    name: `calls (${csp}): Refresh calls the same tool with the tool-input arguments and says when`,
    async run(d) {
      const args = { pipeline_uuid: "etl_daily" };
      const calls = { answers: { [call("block_list", args)]: fixture("blocks/list-ok.json") } };
      await showHostCall(d, { csp, tool: "block_list", args, file: "blocks/list-ok.json", calls });
      await eventually(async () => assert.match(folded(await d.text(".call-bar__status")), /\d{1,2}:\d{2}/, "the time the data arrived"));
      await d.click(".call-bar__refresh");
      await eventually(async () => assert.deepEqual(await d.toolCalls(), [{ name: "block_list", arguments: args }]));
      await expectState(d, "ok");
      await expectRows(d, 8);
      // A block row opens with the list's pipeline.
      await d.click(".row-open", 0);
      await eventually(async () => {
        const [, opened] = await d.toolCalls();
        assert.deepEqual(opened, { name: "block_get", arguments: { pipeline_uuid: "etl_daily", uuid: "load_orders" } });
      });
      await expectOnlyReadOnlyCalls(d);
    },
  },
  {
    name: `calls (${csp}): a mutation's result offers neither Refresh nor Open, and nothing mutating is ever sent`,
    async run(d) {
      const calls = { answers: {} };
      await showHostCall(d, { csp, tool: "pipeline_delete", args: { uuid: "etl_daily" }, file: "pipelines/delete.json", calls });
      await eventually(async () => assert.ok((await d.count(".compact-success, .banner")) > 0));
      assert.equal(await d.count(".call-bar__refresh"), 0, "no Refresh for pipeline_delete");
      await showHostCall(d, { csp, tool: "run_pipeline", args: { pipeline_uuid: "etl_daily" }, file: "pipeline_runs/run.json", calls });
      assert.equal(await d.count(".call-bar__refresh"), 0, "no Refresh for run_pipeline");
      // A list whose rows have no read tool (schedules) opens nothing.
      await showHostCall(d, { csp, tool: "pipeline_schedules", file: "pipeline_schedules/list-ok.json", calls });
      assert.equal(await d.count(".row-open"), 0, "rows without a read tool open nothing");
      // The started run is not followed: the clock is held (checks/follow.mjs follows it).
      await d.settled();
      assert.deepEqual(await d.toolCalls(), [], "no call was sent");
    },
  },
  {
    name: `calls (${csp}): a refused call and a tool error on refresh are shown where the user acted`,
    async run(d) {
      const calls = { answers: { [call("pipeline_list")]: fixture("errors/auth-expired.json") } };
      await showHostCall(d, { csp, tool: "pipeline_list", file: "pipelines/list-ok.json", calls });
      // pipeline_get has no answer: the host refuses it.
      await d.click(".row-open", 0);
      await eventually(async () => assert.match(folded(await d.text(".call-bar__failure")), /pipeline_get failed/));
      assert.equal(await d.attr(".call-bar__failure", "role"), "alert");
      await expectRows(d, 6);
      // Refresh answers with the tool error envelope: the list stays, the error shows beside it.
      await d.click(".call-bar__refresh");
      await eventually(async () => assert.ok((await d.count(".call-bar__failure .state--error")) === 1, "the error state, in the bar"));
      await expectRows(d, 6);
      await expectOnlyReadOnlyCalls(d);
    },
  },
  {
    name: `export (${csp}): a list goes to the host as CSV when it takes files (redactions kept), else to the clipboard`,
    async run(d) {
      const secret = "0123456789abcdef0123456789abcdef";
      await d.loadWidget({ csp, hostContext: { theme: "light" }, downloads: true });
      await d.sendResult("adversarial/unredacted-tokens.json");
      await expectRows(d, 1);
      assert.equal(folded(await d.text(".table-export__button")), "Download CSV");
      await inView(d, ".table-export__button");
      await d.click(".table-export__button");
      let sent;
      await eventually(async () => {
        [sent] = (await d.messages()).filter((m) => m.method === "ui/download-file").map((m) => m.params.contents[0].resource);
        assert.ok(sent, "a ui/download-file request");
      });
      assert.equal(sent.uri, "file:///pipeline_schedules.csv");
      assert.equal(sent.mimeType, "text/csv");
      assert.ok(sent.text.split("\r\n")[1].includes("daily_6am"), sent.text);
      assert.ok(!sent.text.includes(secret), "the planted token stays redacted");
      await d.loadWidget({ csp, hostContext: { theme: "light" } });
      await d.sendResult("adversarial/unredacted-tokens.json");
      await expectRows(d, 1);
      assert.equal(folded(await d.text(".table-export__button")), "Copy as CSV");
      await inView(d, ".table-export__button");
      await d.click(".table-export__button");
      await d.settled();
      assert.deepEqual((await d.messages()).filter((m) => m.method === "ui/download-file"), [], "nothing sent without downloadFile");
    },
  },
  {
    name: `assistant (${csp}): an opened record and a selected block update the model context; a failed run offers "Ask about this"`,
    async run(d) {
      const failedRun = fixture("pipeline_runs/list-ok.json");
      const sc = failedRun.structuredContent;
      const run = sc.records.find((r) => r.status === "failed");
      const detail = { structuredContent: { ...sc, action: "get", records: [run], pagination: null, summary: null } };
      const calls = {
        answers: {
          [call("pipeline_get", { uuid: "etl_daily" })]: fixture("pipelines/get-graph.json"),
        },
      };
      // Without the capabilities: nothing is said, no Ask control.
      await d.loadWidget({ csp, hostContext: { theme: "light" } });
      await d.sendResultValue(detail);
      await expectState(d, "ok");
      assert.equal(await d.count(".call-bar__ask"), 0, "no Ask without the message capability");
      // With them.
      await d.loadWidget({ csp, hostContext: { theme: "light", toolInfo: { id: 7, tool: { name: "pipeline_list" } } }, calls, assistant: true, holdClock: true });
      await d.toolInput({});
      await d.sendResult("pipelines/list-ok.json");
      await expectRows(d, 6);
      await d.click(".row-open", 0);
      await eventually(async () => assert.equal(await d.count("[data-node-id]"), 8));
      const told = async () => (await d.messages()).filter((m) => m.method === "ui/update-model-context").map((m) => m.params);
      await eventually(async () => assert.deepEqual((await told()).map((p) => p.structuredContent), [{ uuid: "etl_daily", resource: "pipeline" }]));
      assert.equal((await told())[0].content[0].text, "The user is looking at the pipeline record etl_daily.");
      await d.click('[data-node-id="orders_chart"]');
      await eventually(async () => assert.deepEqual((await told()).at(-1).structuredContent, { resource: "blocks", uuid: "orders_chart", pipeline_uuid: "etl_daily" }));
      // A failed run: Ask about this sends the question as the user's message.
      await d.sendResultValue(detail);
      await eventually(async () => assert.equal(await d.count(".call-bar__ask"), 1));
      await d.click(".call-bar__ask");
      await eventually(async () => {
        const asked = (await d.messages()).filter((m) => m.method === "ui/message").map((m) => m.params);
        assert.deepEqual(asked, [{ role: "user", content: [{ type: "text", text: `Why did pipeline run ${run.id} fail?` }] }]);
      });
      // Nothing of a secret kind went to the assistant: only ids.
      for (const p of await told()) assert.deepEqual(Object.keys(p.structuredContent).sort(), Object.keys(p.structuredContent).filter((k) => ["resource", "uuid", "id", "pipeline_uuid"].includes(k)).sort());
    },
  },
  {
    name: `fullscreen (${csp}): offered only when the host lists it; asked with ui/request-display-mode, the layout follows`,
    async run(d) {
      await d.loadWidget({ csp, hostContext: { theme: "light", displayMode: "inline" } });
      await d.sendResult("pipelines/get-graph.json");
      await expectState(d, "ok");
      assert.equal(await d.count(".call-bar__fullscreen"), 0, "no fullscreen control when the host offers none");
      await d.loadWidget({ csp, hostContext: { theme: "light", displayMode: "inline", availableDisplayModes: ["inline", "fullscreen"] } });
      await d.sendResult("pipelines/get-graph.json");
      await expectState(d, "ok");
      assert.equal(await d.attr(".call-bar__fullscreen", "aria-pressed"), "false");
      await d.click(".call-bar__fullscreen");
      await eventually(async () => assert.match(await d.attr("#widget", "class"), /display-fullscreen/));
      const asked = (await d.messages()).filter((m) => m.method === "ui/request-display-mode").map((m) => m.params);
      assert.deepEqual(asked, [{ mode: "fullscreen" }]);
      assert.equal(await d.attr(".call-bar__fullscreen", "aria-pressed"), "true");
      await d.click(".call-bar__fullscreen");
      await eventually(async () => assert.doesNotMatch(await d.attr("#widget", "class"), /display-fullscreen/));
    },
  },
  {
    name: `calls (${csp}): a graph node whose record the result lacks loads it with block_get`,
    async run(d) {
      const result = fixture("pipelines/get-graph.json");
      result.structuredContent.records[0].blocks = [];
      const calls = { answers: { [call("block_get", { pipeline_uuid: "etl_daily", uuid: "clean_orders" })]: fixture("blocks/get-python.json") } };
      await d.loadWidget({ csp, hostContext: { theme: "light" }, calls, holdClock: true });
      await d.toolInput({ uuid: "etl_daily" });
      await d.sendResultValue(result);
      await eventually(async () => assert.equal(await d.count("[data-node-id]"), 8));
      // clean_orders is the selected node: its panel says the record is missing and offers to load it.
      await eventually(async () => assert.equal(await d.count(".graph__load"), 1));
      // The panel is under the graph: clickable once the host has grown the frame to reach it.
      await inView(d, ".graph__load");
      await d.click(".graph__load");
      await eventually(async () => assert.deepEqual(await d.toolCalls(), [{ name: "block_get", arguments: { pipeline_uuid: "etl_daily", uuid: "clean_orders" } }]));
      await eventually(async () => assert.equal(await d.count("dl.detail"), 1, "the block's record"));
      assert.ok((await d.text("#widget")).includes("clean_orders"));
      await d.click(".call-bar__back");
      await eventually(async () => assert.equal(await d.count("[data-node-id]"), 8));
    },
  },
]);
