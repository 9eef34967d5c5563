// A run followed as it goes, in every engine: the test host's server answers pipeline_run_get
// step by step (running, then completed); the widget asks by itself with read-only calls at least
// a second apart, draws each answer in place, tells the assistant how the run ended, and stops.
// A call lost once is asked again without a word. Without serverTools it sends nothing; hidden or
// torn down, it sends nothing more. A change of
// code reads as a diff. The timing itself (2 s, backing off to 30 s, the 30-minute bound) is
// tested natively in crates/widget-app/src/follow.rs; here, the bridge and the host do it for real.
import { assert, eventually, expectState, folded, fixtureText, CSP } from "./lib.mjs";

const fixture = (file) => JSON.parse(fixtureText(file));
const call = (name, args = {}) => `${name} ${JSON.stringify(args)}`;
const FOLLOW = call("pipeline_run_get", { pipeline_run_id: "4822" });
/** crates/widget-app/src/follow.rs: the first call, after the result. */
const FIRST_DELAY_MS = 2_000;
/** The read-only tools (TOOLS_THE_WIDGET_CALLS in crates/widget-result/src/lib.rs). */
const READ_ONLY = new Set([
  "pipeline_list", "pipeline_get", "block_list", "block_get", "run_logs", "pipeline_runs", "pipeline_run_get",
  "block_runs", "block_outputs", "backfill_list", "pipeline_schedules", "pipeline_triggers",
]);

/**
 * The run_pipeline call's frame: the host names the tool, gives its input, then its result. With
 * `holdClock`, the widget's clock stands still until the check moves it (`d.clock.advance`).
 */
async function startedRun(d, { csp, calls = null, assistant = false, holdClock = false }) {
  await d.loadWidget({ csp, hostContext: { theme: "light", toolInfo: { id: 9, tool: { name: "run_pipeline" } } }, calls, assistant, holdClock });
  await d.toolInput({ pipeline_uuid: "etl_daily" });
  await d.sendResult("pipeline_runs/run-started.json");
  await expectState(d, "ok");
}

/** The tools/call requests the widget posted, whatever the host did with them. */
const postedCalls = async (d) => (await d.messages()).filter((m) => m.direction === "widget→host" && m.method === "tools/call");

/** The run's status as its record shows it (its first pill; its block runs follow). */
const runStatus = async (d) => folded(await d.text(".detail .pill", 0));

export default [
  ...[CSP.wasm, CSP.spec].map((csp) => ({
    name: `follow (${csp}): run_pipeline's running run reaches its end without a new result, read-only calls a second apart, then none`,
    async run(d) {
      const calls = { steps: { [FOLLOW]: [fixture("pipeline_runs/get-running.json"), fixture("pipeline_runs/get-completed.json")] } };
      await startedRun(d, { csp, calls, assistant: true });
      await eventually(async () => assert.equal(await d.count(".call-bar__live"), 1, "marked live"));
      assert.equal(await runStatus(d), "Running");
      await eventually(async () => assert.equal(await runStatus(d), "Completed"), { timeout: 20_000 });
      await eventually(async () => assert.equal(await d.count(".call-bar__live"), 0, "no longer live"));
      const sent = await d.toolCalls();
      assert.deepEqual(sent.map((c) => c.name), ["pipeline_run_get", "pipeline_run_get"]);
      for (const { name } of sent) assert.ok(READ_ONLY.has(name), `${name} is read-only`);
      const [first, second] = await d.toolCallTimes();
      assert.ok(second - first >= 1_000, `calls ${Math.round(second - first)} ms apart`);
      assert.equal(await d.count(".banner"), 1, "the run's banner stays");
      const told = (await d.messages()).filter((m) => m.method === "ui/update-model-context").map((m) => m.params);
      assert.deepEqual(told.map((p) => p.content[0].text), ["Pipeline run 4822 of etl_daily completed after 6 s."]);
      // A later message from the host changes nothing: no call follows the end.
      await d.contextChanged({ theme: "dark" });
      await eventually(async () => assert.match(await d.attr("#widget", "class"), /theme-dark/));
      assert.equal((await postedCalls(d)).length, 2, "no call after the run ended");
    },
  })),
  ...[CSP.wasm, CSP.spec].map((csp) => ({
    name: `follow (${csp}): a call lost with the server that served it is asked again, nothing said, and the run followed to its end`,
    async run(d) {
      const lost = { refuse: "the connection to the server that served the call was reset" };
      const calls = { steps: { [FOLLOW]: [lost, fixture("pipeline_runs/get-completed.json")] } };
      await startedRun(d, { csp, calls, holdClock: true });
      await d.clock.advance(FIRST_DELAY_MS);
      await eventually(async () => assert.equal((await d.toolCalls()).length, 1, "the first call"));
      await d.settled();
      assert.equal(await d.count(".call-bar__failure"), 0, "nothing said of one lost call");
      assert.equal(await d.count(".call-bar__live"), 1, "still live");
      assert.equal(await runStatus(d), "Running");
      // The widget's clock moves a second at a time until the call it asks again has been sent.
      await eventually(async () => {
        await d.clock.advance(1_000);
        assert.equal((await d.toolCalls()).length, 2, "asked again at the backoff");
      });
      await eventually(async () => assert.equal(await runStatus(d), "Completed"));
      await eventually(async () => assert.equal(await d.count(".call-bar__live"), 0, "no longer live"));
      assert.equal(await d.count(".call-bar__failure"), 0, "nothing said at all");
    },
  })),
  {
    name: `follow (${CSP.wasm}): without serverTools no tools/call is sent, and the view says how to see the end`,
    async run(d) {
      await startedRun(d, { csp: CSP.wasm, holdClock: true });
      await eventually(async () => assert.match(folded(await d.text(".call-bar__note")), /ask the assistant again/));
      await d.clock.advance(FIRST_DELAY_MS * 2);
      await d.settled();
      assert.deepEqual(await postedCalls(d), [], "no tools/call");
    },
  },
  {
    name: `follow (${CSP.wasm}): hidden, no call until shown again; torn down, no call at all`,
    async run(d) {
      const calls = { steps: { [FOLLOW]: [fixture("pipeline_runs/get-running.json")] } };
      // Hidden before the first call fell due: nothing, until the page shows again.
      const hide = (hidden) =>
        d.widget((hidden) => {
          Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
          document.dispatchEvent(new Event("visibilitychange"));
        }, hidden);
      const live = async (count, what) => eventually(async () => assert.equal(await d.count(".call-bar__live"), count, what));
      await startedRun(d, { csp: CSP.wasm, calls, holdClock: true });
      await live(1, "followed");
      await hide(true);
      await live(0, "paused while hidden");
      await d.clock.advance(FIRST_DELAY_MS * 2);
      await d.settled();
      assert.deepEqual(await postedCalls(d), [], "no call while hidden");
      await hide(false);
      await live(1, "followed again");
      await d.clock.advance(FIRST_DELAY_MS);
      await eventually(async () => assert.equal((await d.toolCalls()).length, 1, "a call once shown again"));
      // Torn down before the first call fell due: nothing.
      await startedRun(d, { csp: CSP.wasm, calls, holdClock: true });
      await live(1, "followed");
      await d.teardown();
      await d.clock.advance(FIRST_DELAY_MS * 2);
      await d.settled();
      assert.deepEqual(await postedCalls(d), [], "no call after teardown");
    },
  },
  ...[CSP.wasm, CSP.spec].map((csp) => ({
    name: `follow (${csp}): a running run's logs grow in place while it runs, at their end, and are asked no more once it ended`,
    async run(d) {
      const LOGS = call("run_logs", { pipeline_run_id: 4822 });
      const calls = { steps: { [LOGS]: [fixture("pipeline_runs/logs-running-more.json"), fixture("pipeline_runs/logs-completed.json")] } };
      await d.loadWidget({ csp, hostContext: { theme: "light", toolInfo: { id: 11, tool: { name: "run_logs" } } }, calls, holdClock: true });
      await d.toolInput({ pipeline_run_id: 4822 });
      await d.sendResult("pipeline_runs/logs-running.json");
      await expectState(d, "ok");
      const lastLine = () => d.widget(() => [...document.querySelectorAll(".log__message")].at(-1)?.textContent ?? "");
      await eventually(async () => assert.equal(await d.count(".call-bar__live"), 1, "marked live"));
      await eventually(async () => assert.match(await lastLine(), /Processed batch 30$/, "opened at its end"));
      await d.clock.advance(FIRST_DELAY_MS);
      await eventually(async () => assert.match(await lastLine(), /Processed batch 45$/, "the new lines, at the end"));
      await d.clock.advance(FIRST_DELAY_MS * 2);
      await eventually(async () => assert.match(await lastLine(), /Processed batch 50$/, "the run's last lines"));
      await eventually(async () => assert.equal(await d.count(".call-bar__live"), 0, "no longer live"));
      await d.clock.advance(60_000);
      await d.settled();
      assert.deepEqual((await d.toolCalls()).map((c) => c.name), ["run_logs", "run_logs"], "asked twice, then no more");
    },
  })),
  ...[CSP.wasm, CSP.spec].map((csp) => ({
    name: `diff (${csp}): block_update's change of code reads as a line diff; a long one says it was cut`,
    async run(d) {
      await d.loadWidget({ csp, hostContext: { theme: "light" } });
      await d.sendResult("blocks/update-code.json");
      await expectState(d, "ok");
      await eventually(async () => assert.equal(await d.count(".diff__line--added"), 2));
      assert.equal(await d.count(".diff__line--removed"), 1);
      assert.equal(folded(await d.text(".diff__title")), "Content: 2 lines added, 1 removed");
      assert.equal(folded(await d.text(".diff__line--removed .diff__mark")), "−", "marked by more than colour");
      assert.equal(folded(await d.text(".diff__line--removed .visually-hidden")), "removed", "and named for screen readers");
      await d.sendResult("blocks/update-large-diff.json");
      await eventually(async () => assert.equal(await d.count("details.diff__hunk"), 44));
      assert.match(folded(await d.text(".diff__cut")), /^The first 44 of 60 changed places/);
    },
  })),
];
