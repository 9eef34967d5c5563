// What the widget tells its host of its size, and what the host's frame tells the widget. A host
// may apply a report as given (@mcp-ui/client's AppRenderer sizes its frame to each report's width
// and height), so: a report is a height alone, never 0 (also the JavaScript build's first, which
// the page draws later than the wasm build), within the container's maxHeight when the host gives
// one (the widget then scrolls inside the frame), the container's fixed height when the host fixes
// it (the widget fills it); the host's safe area pads the widget (MCP Apps hostContext
// containerDimensions and safeAreaInsets).
import { assert, eventually, expectState, settledSizeCount, CSP } from "./lib.mjs";

/** The widget root's computed padding, top, right, bottom, left. */
const padding = (d) =>
  d.widget(() => {
    const style = getComputedStyle(document.querySelector("#widget"));
    return [style.paddingTop, style.paddingRight, style.paddingBottom, style.paddingLeft];
  });

export default [
  ...[CSP.wasm, CSP.spec].map((csp) => ({
    name: `sizes (${csp}): every report is a height alone, none of them 0, and the frame keeps the host's width`,
    async run(d) {
      await d.loadWidget({ csp });
      await d.sendResult("pipeline_runs/list-ok.json");
      await expectState(d, "ok");
      await eventually(async () => assert.ok((await d.lastHeight()) > 400, "the list's height reported"));
      await settledSizeCount(d);
      const sizes = await d.sizes();
      for (const size of sizes) {
        const { at, ...report } = size;
        assert.deepEqual(Object.keys(report), ["height"], `a report is a height alone: ${JSON.stringify(report)}`);
        assert.ok(report.height > 0, `no report of 0: ${JSON.stringify(sizes.map((s) => s.height))}`);
      }
      const { frame, stage } = await d.host(() => ({
        frame: document.querySelector(".widget-frame").clientWidth,
        stage: document.getElementById("stage").clientWidth,
      }));
      assert.ok(frame <= stage, `the frame (${frame} px) stays within the host's column (${stage} px)`);
    },
  })),
  {
    name: "sizes: a host's maxHeight caps every report, and the widget scrolls inside the frame",
    async run(d) {
      await d.loadWidget({ hostContext: { theme: "light", containerDimensions: { maxHeight: 300 } } });
      await d.sendResult("pipeline_runs/list-ok.json");
      await expectState(d, "ok");
      await eventually(async () => assert.equal(await d.lastHeight(), 300, "the last report is the cap"));
      await settledSizeCount(d);
      const heights = (await d.sizes()).map((s) => s.height);
      assert.ok(heights.every((h) => h <= 300), `every report within 300 px: ${heights.join(", ")}`);
      // The frame holds the cap; the content is taller, and scrolls to its end inside the frame.
      const scrolled = await d.widget(() => {
        const page = document.scrollingElement;
        page.scrollTop = page.scrollHeight;
        return { viewport: innerHeight, content: page.scrollHeight, top: page.scrollTop };
      });
      assert.ok(Math.abs(scrolled.viewport - 300) <= 1, `the frame is the cap (${scrolled.viewport} px)`);
      assert.ok(scrolled.content > scrolled.viewport, `the content (${scrolled.content} px) is taller than the frame`);
      assert.ok(scrolled.top > 0, "the widget scrolls inside the frame");
    },
  },
  {
    name: "sizes: a host's fixed height is reported and the widget fills it",
    async run(d) {
      await d.loadWidget({ hostContext: { theme: "light", containerDimensions: { height: 560 } } });
      await d.sendResult("pipelines/list-ok.json");
      await expectState(d, "ok");
      await eventually(async () => assert.equal(await d.lastHeight(), 560, "the fixed height reported"));
      await eventually(async () => {
        const { root, viewport } = await d.widget(() => ({ root: document.querySelector("#widget").getBoundingClientRect().height, viewport: innerHeight }));
        assert.ok(Math.abs(viewport - 560) <= 1, `the frame is the fixed height (${viewport} px)`);
        assert.ok(Math.abs(root - viewport) <= 1, `the widget (${root} px) fills the frame (${viewport} px)`);
      });
    },
  },
  {
    name: "sizes: the host's safe area pads the widget, and a new one moves it",
    async run(d) {
      await d.loadWidget({ hostContext: { theme: "light", safeAreaInsets: { top: 20, right: 8, bottom: 30, left: 16 } } });
      await d.sendResult("pipelines/list-ok.json");
      await expectState(d, "ok");
      // The widget's own padding (10px 12px) plus the inset of each edge.
      await eventually(async () => assert.deepEqual(await padding(d), ["30px", "20px", "40px", "28px"]));
      await d.contextChanged({ safeAreaInsets: { top: 0, right: 0, bottom: 0, left: 0 } });
      await eventually(async () => assert.deepEqual(await padding(d), ["10px", "12px", "10px", "12px"]));
    },
  },
];
