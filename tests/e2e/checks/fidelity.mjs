// Faithful on real data end to end, in every engine: the host's locale and time zone,
// no blank frame under the spec's default CSP, a dead widget that still answers, results remembered per
// tool call, only standard host CSS variables, and the dense graph, which must not freeze the widget.
import { assert, eventually, expectState, folded, settledSizeCount, CSP } from "./lib.mjs";

/** The first relative time, its absolute tooltip, the list body and #widget's lang. */
const localeFacts = () => ({
  body: document.querySelector(".table tbody")?.textContent ?? null,
  relative: document.querySelector(".time .time__relative")?.textContent ?? null,
  tip: document.querySelector(".time .tip")?.textContent ?? null,
  lang: document.querySelector("#widget")?.getAttribute("lang") ?? null,
});

const sizeChanges = async (d) => (await d.messages()).filter((m) => m.method === "ui/notifications/size-changed");

/** crates/widget-app/src/restore.rs: how long a rebuilt frame waits for its host to speak. */
const RELOAD_WINDOW_MS = 1_500;

/** A frame for the call `hostContext.toolInfo` names, given `args` and the result `file`, whose
 * result the widget keeps (it waits until the key `…/<tool>/<id>` holds an entry). Its clock is
 * held: the reload window cannot end before the host speaks, however slow the machine. */
async function rememberedCall(d, hostContext, args, file) {
  const { id, tool } = hostContext.toolInfo;
  await d.loadWidget({ hostContext, holdClock: true });
  await d.toolInput(args);
  await d.sendResult(file);
  await expectState(d, "ok");
  await eventually(async () => {
    const suffix = `/${tool.name}/${id}`;
    const remembered = await d.widget((suffix) => Object.keys(sessionStorage).filter((k) => k.startsWith("resource-widget/v3/") && k.endsWith(suffix)), suffix);
    assert.equal(remembered.length, 1, "the result is remembered under the call's key");
  });
}

export default [
  {
    name: "locale: de-DE and Europe/Berlin write numbers, times and the zone in German; en-US re-renders",
    async run(d) {
      await d.loadWidget({ hostContext: { theme: "light", locale: "de-DE", timeZone: "Europe/Berlin" } });
      await d.sendResult("pipeline_runs/numbers-and-times.json");
      await expectState(d, "ok");
      // The run's counts are in its row's detail.
      await d.click(".row-details");
      await eventually(async () => {
        const f = await d.widget(localeFacts);
        assert.ok(f.body?.includes("1.234.567"), `the count in German: ${f.body}`);
        assert.ok(f.body.includes("1,25"), `the fraction in German: ${f.body}`);
        assert.ok(f.relative?.startsWith("vor "), `a German relative time: ${JSON.stringify(f.relative)}`);
        assert.ok(/MEZ|GMT\+1/.test(f.tip ?? ""), `the tooltip names Berlin's zone in November: ${JSON.stringify(f.tip)}`);
        assert.equal(f.lang, "de", "#widget lang");
      });
      d.note(`de-DE: relative ${JSON.stringify(await d.widget(() => document.querySelector(".time .time__relative").textContent))}, tooltip ${JSON.stringify(await d.widget(() => document.querySelector(".time .tip").textContent))}`);

      await d.contextChanged({ locale: "en-US" });
      await eventually(async () => {
        const f = await d.widget(localeFacts);
        assert.ok(f.body?.includes("1,234,567"), `the count in English: ${f.body}`);
        assert.ok(f.body.includes("1.25"), `the fraction in English: ${f.body}`);
        assert.ok(f.relative?.endsWith(" ago"), `an English relative time: ${JSON.stringify(f.relative)}`);
        assert.equal(f.lang, "en", "#widget lang");
      });
    },
  },
  {
    name: "locale: ja-JP shows the widget's own words in Japanese",
    async run(d) {
      await d.loadWidget({ hostContext: { theme: "light", locale: "ja-JP" } });
      await d.sendResult("pipelines/list-empty.json");
      await expectState(d, "empty");
      await eventually(async () => assert.ok((await d.text("#widget")).includes("このプロジェクトにはまだパイプラインがありません。"), "the empty state in Japanese"));
      assert.equal(await d.attr("#widget", "lang"), "ja");
    },
  },
  {
    name: "no blank frame: under the spec's default CSP the widget shakes hands and renders",
    async run(d) {
      await d.loadWidget({ csp: CSP.spec, handshake: false });
      await eventually(async () => {
        const methods = (await d.messages()).map((m) => m.method);
        assert.ok(methods.includes("ui/initialize"), `ui/initialize sent (messages: ${methods.join(", ") || "none"})`);
        assert.ok(methods.includes("ui/notifications/initialized"), `handshake completed (messages: ${methods.join(", ")})`);
      }, { timeout: 15_000 });
      d.note(`data-build under ${CSP.spec}: ${await d.widget(() => document.documentElement.dataset.build ?? null)}`);
      await d.sendResult("pipeline_runs/list-ok.json");
      await expectState(d, "ok");
      await eventually(async () => assert.equal(await d.count(".table tbody tr"), 20));
    },
  },
  ...[CSP.wasm, CSP.spec].map((csp) => ({
    name: `panic: a dead widget (${csp}) shows the error state and reports its size`,
    async run(d) {
      // The build with the tests' hooks: the shipped file has no way to make the widget trap.
      await d.loadWidget({ csp, testHooks: true });
      d.note(`data-build under ${csp}: ${await d.widget(() => document.documentElement.dataset.build ?? null)}`);
      await d.sendResult("pipeline_runs/list-ok.json");
      await expectState(d, "ok");
      await settledSizeCount(d);
      const before = await sizeChanges(d);
      // From a task of its own, so the trap is uncaught, as a panic in the widget's own code is. The
      // hook itself is the timer's callback: a callback written here would belong to the driver's
      // script realm (Firefox runs WebDriver scripts in a sandbox of their own), and its error would
      // be reported there instead of to the widget's window.
      const hook = await d.widget(() => {
        const kind = typeof window.__resourceWidgetTest?.panic;
        if (kind === "function") setTimeout(window.__resourceWidgetTest.panic, 0);
        return kind;
      });
      assert.equal(hook, "function", "window.__resourceWidgetTest.panic");
      await expectState(d, "error");
      await eventually(async () => assert.notEqual(folded(await d.text(".state__text")), "", "the error state says something"));
      await eventually(async () => {
        const after = await sizeChanges(d);
        assert.ok(after.length > before.length, `a size-changed after the panic (${before.length} before, ${after.length} now)`);
        const last = after.at(-1).params.height;
        assert.ok(last < before.at(-1).params.height, `the error state's height ${last} replaces the list's ${before.at(-1).params.height}`);
      });
    },
  })),
  {
    name: "restore: a new frame for the same tool, arguments and request id that gets tool-input stays loading",
    async run(d) {
      // Hosts number requests per connection: after a reconnect a new call repeats an earlier
      // call's tool, request id and even arguments. A frame that receives tool-input is such a
      // call still running; it waits for its own result, whatever is remembered.
      const hostContext = { theme: "light", toolInfo: { id: 1, tool: { name: "pipeline_get" } } };
      await rememberedCall(d, hostContext, { uuid: "etl_daily" }, "pipelines/get-graph.json");

      await d.loadWidget({ hostContext, holdClock: true });
      await d.toolInput({ uuid: "etl_daily" });
      // The gate has closed for this frame (it heard of its call), then the reload window ends.
      await eventually(async () => assert.equal(await d.attr("html", "data-restore"), "own-call"));
      await d.clock.advance(2 * RELOAD_WINDOW_MS);
      assert.equal(await d.attr("html", "data-restore"), "own-call", "still its own call after the window");
      await expectState(d, "loading");
      assert.equal(await d.count(".notices"), 0, "nothing restored");
      assert.ok(!(await d.text("#widget")).includes("ETL daily"), "the earlier call's data is not shown");

      // Its own result, when it comes, is shown live.
      await d.sendResult("pipelines/list-ok.json");
      await eventually(async () => assert.equal(await d.count(".table tbody tr"), 6));
      assert.equal(await d.count(".notices"), 0, "a live result is not marked restored");
    },
  },
  {
    name: "restore: a frame rebuilt without its result shows the remembered one after the reload window, unless another result met it under its key",
    async run(d) {
      const hostContext = { theme: "light", toolInfo: { id: 2, tool: { name: "pipeline_get" } } };
      await rememberedCall(d, hostContext, { uuid: "etl_daily" }, "pipelines/get-graph.json");

      // The host rebuilds the frame and sends nothing: the remembered result, marked restored, once the
      // reload window has passed.
      await d.loadWidget({ hostContext, holdClock: true });
      await expectState(d, "loading");
      assert.equal(await d.count(".notices"), 0, "nothing restored at the handshake");
      await d.clock.advance(RELOAD_WINDOW_MS);
      await eventually(async () => assert.equal(await d.attr("html", "data-restore"), "silent"));
      await eventually(async () => assert.ok((await d.text(".notices")).includes("Restored"), ".notices says Restored"));
      assert.ok((await d.text("#widget")).includes("ETL daily"), "the remembered result is shown");
      const initialized = (await d.messages()).find((m) => m.method === "ui/notifications/initialized");
      assert.ok(initialized, "ui/notifications/initialized in the log");

      // Another call under the same key with another result (a reconnect renumbered requests):
      // from then on the key names two calls, and a rebuilt frame shows nothing remembered.
      await d.loadWidget({ hostContext, holdClock: true });
      await d.toolInput({ uuid: "etl_hourly" });
      await d.sendResult("pipelines/list-ok.json");
      await expectState(d, "ok");
      await eventually(async () => {
        const entry = await d.widget(() => Object.entries(sessionStorage).find(([k]) => k.endsWith("/pipeline_get/2"))?.[1] ?? "");
        assert.ok(entry.startsWith("conflict"), `the key holds a conflict mark: ${entry.slice(0, 40)}`);
      });
      await d.loadWidget({ hostContext, holdClock: true });
      await d.clock.advance(RELOAD_WINDOW_MS);
      await eventually(async () => assert.equal(await d.attr("html", "data-restore"), "silent"));
      await expectState(d, "loading");
      assert.equal(await d.count(".notices"), 0, "no restored result under a key two calls shared");
    },
  },
  {
    name: "host CSS variables: standard names are applied, others and fetching values are not",
    async run(d) {
      const variables = {
        "--table-max-height": "1px",
        "--color-text-primary": "rgb(1, 2, 3)",
        "--color-background-primary": "url(https://evil.example/x.png)",
      };
      await d.loadWidget({ hostContext: { theme: "light", styles: { variables } } });
      await d.sendResult("pipeline_runs/list-ok.json");
      await expectState(d, "ok");
      const f = await d.widget(() => {
        const root = document.querySelector("#widget");
        return {
          inline: root.getAttribute("style") ?? "",
          color: getComputedStyle(root).color,
          maxHeight: getComputedStyle(document.querySelector(".table-scroll")).maxHeight,
          background: getComputedStyle(root).getPropertyValue("--color-background-primary"),
        };
      });
      assert.equal(f.color, "rgb(1, 2, 3)", "--color-text-primary applied");
      assert.ok(!f.inline.includes("--table-max-height"), `--table-max-height not set by the host: style="${f.inline}"`);
      assert.notEqual(f.maxHeight, "1px", "the table keeps its own height cap");
      assert.ok(!f.inline.includes("url("), `no fetching value: style="${f.inline}"`);
      assert.ok(!f.background.includes("url("), `--color-background-primary not a url: ${f.background}`);
    },
  },
  {
    name: "dense graph: 450 blocks and 34,000 edges reach a state with a reason shown",
    timeout: 90_000,
    async run(d) {
      await d.loadWidget({ hostContext: { theme: "light" } });
      await d.sendResult("graphs/dense-34000-edges.json");
      const sent = Date.now();
      await expectState(d, "ok");
      await eventually(async () => assert.ok(await d.visible(".graph-reason"), ".graph-reason visible"));
      d.note(`dense graph: data-state ok and .graph-reason shown ${Date.now() - sent} ms after the result was sent (with the driver's polling)`);
      assert.ok((await d.text(".graph-reason")).includes("dependencies, more than the"));
    },
  },
];
