// Every fixture of fixtures/manifest.json through the real widget in the test host: state, rows,
// the columns drawn and what is said above them, texts, graph or fallback reason, no injected
// elements, no leaked secrets. Under the wasm-permitting
// CSP (the wasm build) and the spec's default CSP (the JavaScript build). The third profile the host
// serves, 'unsafe-eval', runs the same wasm build as spec-default-wasm: checks/csp.mjs asserts that,
// and replaying every fixture under it would repeat, not cover.
//
// Chromium (tests/e2e/shared.spec.mjs) also runs axe-core after each spec-default-wasm check (the
// `axe` flag), in the light and the dark theme.
import { assert, eventually, expectState, folded, fixtureText, manifest, CSP, WINDOW_AFTER } from "./lib.mjs";

export const FIXTURE_CSPS = [CSP.wasm, CSP.spec];

// Runs in the widget's document: what the manifest's expectations are checked against.
function facts({ texts, secrets, tags, mutationSelector, rows, numbers }) {
  const root = document.querySelector("#widget");
  const all = (s) => [...document.querySelectorAll(s)];
  const html = root.outerHTML;
  const text = root.textContent;
  return {
    rows: all(".table-scroll .table > tbody > tr:not(.table__spacer):not(.row-detail)").length,
    // The columns drawn, and what every row shares said above them: in view without opening a
    // row's detail or the columns behind "more columns".
    headers: all(".table-scroll .table > thead th .sort__label").map((e) => e.textContent.trim()),
    said: all(".header__shared").map((e) => e.textContent.trim()),
    rowcount: all(".table-scroll .table").map((t) => t.getAttribute("aria-rowcount")),
    rowCountText: all(".table-find__count").map((e) => e.textContent),
    details: all("dl.detail").length,
    outputs: all(".output").length,
    logFiles: all(".log-file").length,
    firstError: all(".log-error__message").map((e) => e.textContent),
    timelineBars: all(".timeline .bar").length,
    missingTexts: texts.filter((t) => !text.includes(t)),
    reasons: all(".graph-reason").map((e) => e.textContent),
    svgs: all("svg.graph__svg").length,
    svgNodes: all("svg.graph__svg [data-node-id]").length,
    nodeIds: all("[data-node-id]").map((n) => n.getAttribute("data-node-id")),
    mutation: mutationSelector ? all(mutationSelector).map((e) => e.textContent) : [],
    tags: tags.map((tag) => [tag, root.querySelectorAll(tag).length]),
    leaked: secrets.filter((s) => html.includes(s)),
    // With no locale from the host, counts are written in the browser's.
    written: new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(rows ?? 0),
    localised: Object.fromEntries(numbers.map((n) => [n, new Intl.NumberFormat(undefined, { maximumFractionDigits: 0 }).format(Number(n))])),
  };
}

/** One element's text, as Playwright's strict locators read it. */
function only(list, what) {
  assert.equal(list.length, 1, `exactly one ${what} (found ${list.length})`);
  return list[0];
}

export async function checkFixture(d, file, want) {
  await expectState(d, want.state);
  const sentIds = want.graph === "drawable" ? JSON.parse(fixtureText(file)).structuredContent.graph.nodes.map((n) => n.id) : null;
  const mutationSelector = want.mutation ? (want.compact ? ".compact-success" : ".banner") : null;
  // Every row's detail open: the texts and the secrets are looked for in all of it.
  await d.widget(() => document.querySelectorAll('.row-details[aria-expanded="false"]').forEach((b) => b.click()));
  await eventually(async () => {
    const f = await d.widget(facts, { texts: want.text ?? [], secrets: want.absent ?? [], tags: want.noElements ?? [], mutationSelector, rows: want.rows ?? null, numbers: (want.reason ?? "").match(/\d{4,}/g) ?? [] });
    // Outputs and logs are drawn in forms of their own, not as a table of records.
    const records = (want.content ?? "records") === "records";
    if (want.content === "outputs") assert.equal(f.outputs, want.outputs.length, "one .output per output");
    if (want.content === "logs") assert.equal(f.logFiles, want.rows, "one .log-file per file");
    if (want.firstError) assert.ok(only(f.firstError, ".log-error__message").includes(want.firstError), `first error: ${f.firstError}`);
    if (want.timeline !== undefined) assert.equal(f.timelineBars, want.timeline, "timeline bars");
    if (records && want.layout === "list" && want.state === "ok" && want.rows !== undefined && !want.compact) {
      if (want.rows <= WINDOW_AFTER) {
        assert.equal(f.rows, want.rows, "rows drawn");
      } else {
        assert.equal(only(f.rowcount, ".table-scroll .table"), String(want.rows + 1), "aria-rowcount");
        assert.equal(folded(only(f.rowCountText, ".table-find__count")), `${f.written} rows`, "row count text (in the browser's locale)");
        assert.ok(f.rows > 0 && f.rows < want.rows, `a windowed list draws only a slice (drew ${f.rows} of ${want.rows})`);
      }
    }
    if (want.layout === "detail" && want.state === "ok") assert.equal(f.details, 1, "one dl.detail");
    if (want.headers) assert.deepEqual(f.headers, want.headers, "the columns drawn");
    if (want.said) assert.deepEqual(f.said, want.said, "what every row shares, said above the table");
    assert.deepEqual(f.missingTexts, [], "texts the manifest expects, missing from #widget");
    if (want.graph === "fallback") {
      // A reason is the widget's own words, its counts written in the browser's locale when the host
      // names none: "4 of 1,200 blocks" in Firefox (en-US), "4 of 1200" in a POSIX one.
      const reason = (want.reason ?? "Graph not drawn").replace(/\d{4,}/g, (n) => f.localised[n]);
      assert.ok(only(f.reasons, ".graph-reason").includes(reason), `.graph-reason contains ${JSON.stringify(reason)}: ${f.reasons}`);
      assert.equal(f.svgs, 0, "no svg.graph__svg for a fallback");
    }
    if (want.graph === "drawable") {
      assert.equal(f.svgNodes, want.nodes, "nodes drawn");
      // Ids land in data-node-id verbatim, as attribute text.
      assert.deepEqual(f.nodeIds, sentIds, "data-node-id values, in order");
    }
    if (want.mutation) {
      const banner = only(f.mutation, mutationSelector);
      assert.ok(banner.includes(want.mutation), `${mutationSelector} contains ${JSON.stringify(want.mutation)}: ${banner}`);
    }
    for (const [tag, n] of f.tags) assert.equal(n, 0, `no <${tag}> from data`);
    assert.deepEqual(f.leaked, [], "secrets in #widget's HTML");
  });
}

// Consecutive fixture checks under one CSP share a widget frame (`share`, see lib.mjs widgetFor):
// each is a new tool call in the frame the previous one left, unless that one failed.
export default FIXTURE_CSPS.flatMap((csp) =>
  manifest.fixtures.map(({ file, expect: want }) => {
    const share = { csp, hostContext: { theme: "light" } };
    return {
      name: `fixture ${csp}: ${file}`,
      axe: csp === CSP.wasm,
      share,
      async run(d) {
        await d.widgetFor(share);
        await d.sendResult(file);
        await checkFixture(d, file, want);
      },
    };
  }),
);
