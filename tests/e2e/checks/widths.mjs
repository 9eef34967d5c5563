// Real lists read right at the widths hosts give, in the locales people use, in every engine:
// runs and triggers as the server returns them at 360 and 760 px in en-US, de-DE and ja-JP, with
// no header cut and every row's status and duration (a trigger's next run) in view without
// scrolling sideways; a time of another day shows its date; a DataFrame's dates read as pandas
// prints them.
import { assert, eventually, expectState, folded, CSP } from "./lib.mjs";

const LOCALES = ["en-US", "de-DE", "ja-JP"];
const WIDTHS = [360, 760];

/** Runs in the widget: what of the list is cut or out of view, and whether it scrolls sideways. */
function layout({ lead }) {
  const scroll = document.querySelector(".table-scroll");
  const root = document.querySelector("#widget").getBoundingClientRect();
  const box = scroll.getBoundingClientRect();
  const right = Math.min(box.right, root.right, document.documentElement.clientWidth) + 1;
  const outside = (el) => {
    const r = el.getBoundingClientRect();
    return r.width === 0 || r.right > right || r.left < box.left - 1;
  };
  const thead = document.querySelector(".table thead");
  const cards = getComputedStyle(thead).position === "absolute";
  const headers = cards ? [] : [...thead.querySelectorAll("th")];
  const cutHeaders = headers
    .filter((th) => {
      const label = th.querySelector(".sort__label");
      return outside(th) || (label && label.scrollWidth > label.clientWidth + 1);
    })
    .map((th) => th.textContent);
  const rows = [...document.querySelectorAll(".table tbody tr:not(.row-detail):not(.table__spacer)")];
  const missing = [];
  rows.forEach((row, i) => {
    const status = row.querySelector(".pill");
    if (!status || outside(status)) missing.push(`row ${i + 1}: status`);
    for (const label of lead) {
      const cell = row.querySelector(`td[data-label="${label}"]`);
      if (!cell) missing.push(`row ${i + 1}: no ${label} cell`);
      else if (outside(cell.firstElementChild ?? cell)) missing.push(`row ${i + 1}: ${label}`);
    }
  });
  return { rows: rows.length, sideways: scroll.scrollWidth > scroll.clientWidth + 1, cutHeaders, missing };
}

export default [
  ...LOCALES.flatMap((locale) =>
    WIDTHS.map((width) => ({
      name: `widths (${locale}, ${width} px): runs and triggers keep every header whole, each row's status and duration in view`,
      async run(d) {
        await d.loadWidget({ csp: CSP.wasm, hostContext: { theme: "light", locale, timeZone: "UTC" }, width });
        for (const [file, title, lead, rows] of [
          ["pipeline_runs/list-server.json", "Pipeline runs", ["Duration", "Executed"], 20],
          ["pipeline_schedules/list-server.json", "Triggers", ["Next run", "Interval"], null],
        ]) {
          await d.sendResult(file);
          await expectState(d, "ok");
          let seen;
          await eventually(async () => {
            assert.equal(folded(await d.text(".header__title")), title, "this list drawn");
            seen = await d.widget(layout, { lead });
            assert.ok(seen.rows > 0 && (rows === null || seen.rows === rows), `${file}: ${seen.rows} rows`);
          });
          assert.deepEqual(seen.cutHeaders, [], `${file}: headers cut or out of view`);
          assert.deepEqual(seen.missing, [], `${file}: out of view`);
          assert.equal(seen.sideways, false, `${file}: the list scrolls sideways`);
        }
        // Block runs of a week ago keep their clock times, each with its date.
        await d.sendResult("block_runs/list-ok.json");
        await expectState(d, "ok");
        let times;
        await eventually(async () => {
          times = await d.widget(() => [...document.querySelectorAll(".table tbody .time__relative")].map((t) => t.textContent));
          assert.ok(times.length >= 6, `${times.length} times`);
        });
        for (const time of times) {
          assert.doesNotMatch(time, /^\s*\d{1,2}:\d{2}(:\d{2})?\s*([AP]M)?\s*$/, `a time of another day shows its date: ${time}`);
          assert.match(time, /20/, `the day, the 20th: ${time}`);
        }
      },
    })),
  ),
  {
    name: "DataFrames: dates and datetimes read as pandas prints them, in any locale",
    async run(d) {
      await d.loadWidget({ csp: CSP.wasm, hostContext: { theme: "light", locale: "de-DE", timeZone: "Europe/Berlin" } });
      await d.sendResult("mage/block-outputs-dataframe.json");
      await expectState(d, "ok");
      let times;
      await eventually(async () => {
        times = await d.widget(() => [...document.querySelectorAll(".datum-time")].map((t) => t.textContent));
        assert.ok(times.length > 0, "times in the frame");
      });
      for (const time of times) assert.match(time, /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/, time);
    },
  },
];
