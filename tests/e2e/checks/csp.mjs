// The default artifact under the CSPs hosts serve: it picks the wasm build where WebAssembly is
// allowed and the JavaScript build where it is not (the MCP Apps spec's default CSP). Every engine
// must report the build it really runs (<html data-build>): WebKit compiles wasm under the spec's
// default CSP and refuses only at instantiation, so it must still pick the JavaScript build.
import { assert, eventually, expectState, expectRows, folded, CSP } from "./lib.mjs";

const BUILDS = [
  [CSP.wasm, "wasm"],
  [CSP.unsafeEval, "wasm"],
  [CSP.spec, "js"],
];

export default [
  ...BUILDS.map(([csp, build]) => ({
    name: `csp: under ${csp} it runs the ${build} build and renders`,
    async run(d) {
      await d.loadWidget({ csp, observeErrors: true });
      const ran = await d.widget(() => document.documentElement.dataset.build ?? null);
      d.note(`data-build under ${csp}: ${ran}`);
      if (csp === CSP.wasm) d.note(`the browser's locale (navigator.language / Intl default): ${await d.widget(() => `${navigator.language} / ${new Intl.NumberFormat().resolvedOptions().locale}`)}`);
      assert.equal(ran, build, `<html data-build> under ${csp}`);
      await d.sendResult("pipelines/get-graph.json");
      await expectState(d, "ok");
      await eventually(async () => assert.equal(await d.count("[data-node-id]"), 8));
      // Interaction works in both builds: select a node, see its block.
      await d.click("[data-node-id=orders_to_warehouse]");
      await eventually(async () => assert.equal(folded(await d.text(".graph__detail-title")), "orders_to_warehouse"));
      assert.deepEqual(await d.errors(), [], "uncaught errors");
    },
  })),
  {
    name: "csp: the JavaScript build survives memory growth (a 1,000-record result, then another)",
    async run(d) {
      await d.loadWidget({ csp: CSP.spec });
      await d.sendResult("pipeline_runs/list-1000.json");
      await expectRows(d, 1000);
      await d.sendResult("adversarial/long-strings.json");
      await expectRows(d, 2);
      await d.sendResult("pipeline_runs/list-ok.json");
      await expectRows(d, 20);
      await eventually(async () => assert.ok((await d.text(".table tbody tr", 0)).includes("4821"), "first row shows run 4821"));
    },
  },
];
