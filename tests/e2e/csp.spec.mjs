// The default artifact under the CSPs hosts serve: it picks the wasm build where WebAssembly is
// allowed and the JavaScript build where it is not (the MCP Apps spec's default CSP).
import { test, expect, loadWidget, widgetFrame, widgetFrameHandle, sendResult, expectRows } from "./support.mjs";

for (const [csp, build] of [["spec-default-wasm", "wasm"], ["unsafe-eval", "wasm"], ["spec-default", "js"]]) {
  test(`under ${csp} it runs the ${build} build and renders`, async ({ hostPage: page, servers }) => {
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    await loadWidget(page, servers, { csp });
    expect(await widgetFrameHandle(page).evaluate(() => document.documentElement.dataset.build)).toBe(build);
    await sendResult(page, "pipelines/get-graph.json");
    const widget = widgetFrame(page);
    await expect(widget.locator("#widget")).toHaveAttribute("data-state", "ok");
    await expect(widget.locator("[data-node-id]")).toHaveCount(8);
    // Interaction works in both builds: select a node, see its block.
    await widget.locator("[data-node-id=orders_to_warehouse]").click();
    await expect(widget.locator(".graph__detail-title")).toHaveText("orders_to_warehouse");
    expect(errors).toEqual([]);
  });
}

test("the JavaScript build survives memory growth (a 1,000-record result, then another)", async ({ hostPage: page, servers }) => {
  await loadWidget(page, servers, { csp: "spec-default" });
  const widget = widgetFrame(page);
  await sendResult(page, "pipeline_runs/list-1000.json");
  await expectRows(widget, 1000);
  await sendResult(page, "adversarial/long-strings.json");
  await expectRows(widget, 2);
  await sendResult(page, "pipeline_runs/list-ok.json");
  await expectRows(widget, 20);
  await expect(widget.locator(".table tbody tr").first()).toContainText("4821");
});
