// The strip over a list of runs, as a person sees it in every engine and both builds: each mark's
// shape and name tell a slow run and a failed run apart without colour, the words beside it say
// how many runs completed and which was the slowest, a mark takes focus from the keyboard and
// names its run, and Enter on it opens the run as its row's Open does.
import { assert, eventually, expectState, fixtureText, folded, CSP } from "./lib.mjs";

const FILE = "pipeline_runs/history-slow-and-failed.json";
const SLOW = "5115";
const FAILED = "5120";
const BUILDS = [CSP.wasm, CSP.spec];

/** In the widget's document: every mark as drawn, oldest first. */
function readMarks() {
  return [...document.querySelectorAll(".history-mark")].map((mark) => {
    const bar = mark.querySelector(".history-mark__bar");
    const style = getComputedStyle(bar);
    return {
      name: mark.getAttribute("aria-label"),
      role: mark.getAttribute("role"),
      tabindex: mark.getAttribute("tabindex"),
      height: bar.getBBox().height,
      cross: mark.querySelector(".history-mark__cross") !== null,
      filled: style.fill !== "none",
      dashed: style.strokeDasharray !== "none",
    };
  });
}

const focusedName = () => document.activeElement?.getAttribute("aria-label") ?? "";
const ofRun = (marks, id) => {
  const mark = marks.find((m) => m.name.startsWith(`Pipeline run ${id} `));
  assert.ok(mark, `a mark names run ${id}: ${marks.map((m) => m.name).join(" | ")}`);
  return mark;
};

export default BUILDS.flatMap((csp) => [
  {
    name: `history (${csp}): the strip's marks tell a slow run and a failed run apart by shape and name, and say how many completed`,
    async run(d) {
      await d.loadWidget({ csp, hostContext: { theme: "light", locale: "en-US" } });
      await d.sendResult(FILE);
      await expectState(d, "ok");
      const marks = await eventually(async () => {
        const marks = await d.widget(readMarks);
        assert.equal(marks.length, 24, "a mark per run");
        return marks;
      });
      // Oldest left, as the list's records say (they are listed newest first).
      const ids = JSON.parse(fixtureText(FILE)).structuredContent.records.map((r) => String(r.id)).reverse();
      assert.deepEqual(marks.map((m) => m.name.split(" ")[2].replace(",", "")), ids, "marks in time order");
      for (const mark of marks) assert.equal(mark.role, "button", "each mark is a control with a name");
      const slow = ofRun(marks, SLOW);
      const failed = ofRun(marks, FAILED);
      const tallest = Math.max(...marks.map((m) => m.height));
      assert.equal(slow.height, tallest, "the slow run is the tallest mark");
      assert.ok(marks.filter((m) => m.height > tallest / 2).length === 1, "and the only one over half its height");
      assert.deepEqual(marks.filter((m) => m.cross).map((m) => m.name), [failed.name], "only the failed run has a cross");
      assert.ok(failed.name.includes(", Failed, "), failed.name);
      assert.ok(slow.name.includes(", Completed, ") && slow.name.includes(", took 14"), slow.name);
      assert.ok(marks.every((m) => m.filled && !m.dashed), "every run ended: filled bars");
      assert.equal(marks.filter((m) => m.tabindex === "0").length, 1, "one keyboard stop");
      const words = folded(await d.text(".history__words"));
      for (const said of ["24 pipeline runs", "23 of 24 completed", `(${SLOW})`]) assert.ok(words.includes(said), `${JSON.stringify(said)} in ${JSON.stringify(words)}`);
    },
  },
  {
    name: `history (${csp}): a mark takes focus from the keyboard, names its run, and Enter opens it with run_logs`,
    async run(d) {
      const answer = JSON.parse(fixtureText("pipeline_runs/logs.json"));
      const calls = { answers: { [`run_logs ${JSON.stringify({ pipeline_run_id: "5123" })}`]: answer } };
      await d.loadWidget({ csp, hostContext: { theme: "light", locale: "en-US", toolInfo: { id: 7, tool: { name: "pipeline_runs" } } }, calls });
      await d.toolInput({});
      await d.sendResult(FILE);
      await expectState(d, "ok");
      await eventually(async () => assert.equal(await d.count(".history-mark"), 24));
      await d.focus('.history-mark[tabindex="0"]');
      await eventually(async () => assert.match(await d.widget(focusedName), /^Pipeline run 5124 /, "the newest run takes focus first"));
      await d.press("ArrowLeft");
      await eventually(async () => assert.match(await d.widget(focusedName), /^Pipeline run 5123 /, "the arrow key moves to the run before"));
      await eventually(async () => assert.equal(await d.text(".history__caption"), await d.widget(focusedName), "the caption names it"));
      await d.press("Enter");
      await eventually(async () => assert.deepEqual(await d.toolCalls(), [{ name: "run_logs", arguments: { pipeline_run_id: "5123" } }]));
      await eventually(async () => assert.ok((await d.count(".log-file, .log__line, .table tbody tr")) > 0, "the run's logs"));
    },
  },
]);
