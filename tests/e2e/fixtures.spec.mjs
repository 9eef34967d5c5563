// Every fixture through the real widget in the test host, under three CSPs: state, rows, texts,
// graph or fallback reason, no injected elements, no leaked secrets; and zero axe-core violations
// in the light and the dark theme.
import { test, expect, loadWidget, widgetFrame, sendResult, expectRows, fixtureText, manifest, axeViolations } from "./support.mjs";

// Every fixture under each CSP the test host serves; axe runs under the first (the DOM is the same
// whichever build drew it).
const CSPS = ["spec-default-wasm", "unsafe-eval", "spec-default"];

for (const csp of CSPS) for (const { file, expect: want } of manifest.fixtures) {
  test(`${csp}: ${file}`, async ({ hostPage: page, servers }) => {
    await loadWidget(page, servers, { csp, hostContext: { theme: "light" } });
    await sendResult(page, file);
    const widget = widgetFrame(page);
    const root = widget.locator("#widget");
    await expect(root).toHaveAttribute("data-state", want.state);

    if (want.layout === "list" && want.state === "ok" && want.rows !== undefined && !want.compact) {
      await expectRows(widget, want.rows);
    }
    if (want.layout === "detail" && want.state === "ok") {
      await expect(widget.locator("dl.detail")).toHaveCount(1);
    }
    const text = await root.evaluate((el) => el.textContent);
    for (const expected of want.text ?? []) {
      expect(text, `text ${JSON.stringify(expected)}`).toContain(expected);
    }
    if (want.graph === "fallback") {
      await expect(widget.locator(".graph-reason")).toContainText(want.reason ?? "Graph not drawn");
      await expect(widget.locator("svg.graph__svg")).toHaveCount(0);
    }
    if (want.graph === "drawable") {
      await expect(widget.locator("svg.graph__svg [data-node-id]")).toHaveCount(want.nodes);
      // Ids land in data-node-id verbatim, as attribute text.
      const ids = await widget.locator("[data-node-id]").evaluateAll((nodes) => nodes.map((n) => n.getAttribute("data-node-id")));
      const sent = JSON.parse(fixtureText(file)).structuredContent.graph.nodes.map((n) => n.id);
      expect(ids).toEqual(sent);
    }
    if (want.mutation) await expect(widget.locator(want.compact ? ".compact-success" : ".banner")).toContainText(want.mutation);
    for (const tag of want.noElements ?? []) {
      expect(await root.locator(tag).count(), `no <${tag}> from data`).toBe(0);
    }
    const html = await root.evaluate((el) => el.outerHTML);
    for (const secret of want.absent ?? []) expect(html).not.toContain(secret);

    if (csp !== CSPS[0]) return;
    expect(await axeViolations(page), "axe, light theme").toEqual([]);
    await page.evaluate(() => window.testHost.contextChanged({ theme: "dark" }));
    await expect(root).toHaveClass(/theme-dark/);
    expect(await axeViolations(page), "axe, dark theme").toEqual([]);
  });
}
