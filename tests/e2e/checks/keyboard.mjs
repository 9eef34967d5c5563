// Every control is reachable and operable from the keyboard.
import { assert, eventually, expectState, folded } from "./lib.mjs";

export default [
  {
    name: "keyboard: sorting, copying, expanding and reading timestamps by keyboard",
    async run(d) {
      await d.loadWidget({ hostContext: { theme: "light" } });
      await d.sendResult("pipeline_runs/list-ok.json");
      await expectState(d, "ok");

      // Tab from the first sort button to the next one; Enter sorts.
      const sorts = ".table th .sort";
      await d.focus(sorts, 0);
      await d.press("Tab");
      await eventually(async () => assert.ok(await d.focused(sorts, 1), "Tab moves to the second sort button"));
      await d.press("Shift+Tab");
      await d.press("Enter");
      await eventually(async () => assert.equal(await d.attr(".table th", "aria-sort", 0), "ascending"));
      await d.press("Space");
      await eventually(async () => assert.equal(await d.attr(".table th", "aria-sort", 0), "descending"));

      // A copy button answers Enter, and the live region says what happened.
      await d.focus(".copy", 0);
      await d.press("Enter");
      await eventually(async () => assert.notEqual(folded(await d.text("[aria-live=polite]")), "", "the live region speaks"));

      // A row's detail opens from the keyboard (run 4816's, the first whose metrics are an
      // object), and in it a nested value expands.
      await d.focus(".row-details", 5);
      await d.press("Enter");
      await eventually(async () => assert.equal(await d.attr(".row-details", "aria-expanded", 5), "true"));
      await d.focus("details.nested > summary", 0);
      const before = await d.attr("details.nested", "open", 0);
      await d.press("Enter");
      await eventually(async () => assert.notEqual(await d.attr("details.nested", "open", 0), before, "Enter opens or closes it"));

      // A timestamp takes focus and shows its absolute time.
      await d.focus(".time", 0);
      const tip = ".time .tip";
      await eventually(async () => assert.equal(await d.visible(tip, 0), true, "the focused time's .tip is visible"));
      await eventually(async () => assert.ok((await d.text(tip, 0)).includes("UTC"), "the .tip names UTC"));
      // Focus is visible.
      assert.notEqual((await d.style(".time", "outline-style", 0)).trim(), "none", "a visible focus outline");
    },
  },
];
