// Chromium only, beside the shared checks of tests/e2e/checks/calls.mjs: axe over the call
// controls (the Open buttons, the bar with Back and Refresh, a failure), and a tool call the host
// never answers: while it runs the control says so and a second click sends nothing (one call at a
// time); once the widget's clock (held by the check) has passed its 30-second limit, the failure is
// shown where the user acted and the list is still there.
import { test, expect, driverFor, axeViolations, fixtureText } from "./support.mjs";
import { assert, eventually, expectRows, folded, CSP } from "./checks/lib.mjs";

test("calls: the controls pass axe in both themes", async ({ hostPage: page, servers }) => {
  const d = driverFor(page, servers);
  const detail = JSON.parse(fixtureText("pipelines/get-graph.json"));
  await d.loadWidget({ hostContext: { theme: "light", toolInfo: { id: 7, tool: { name: "pipeline_list" } } }, calls: { answers: { [`pipeline_get ${JSON.stringify({ uuid: "etl_daily" })}`]: detail } } });
  await d.toolInput({});
  await d.sendResult("pipelines/list-ok.json");
  await expectRows(d, 6);
  expect(await axeViolations(page), "Open buttons and the bar, light").toEqual([]);
  await d.contextChanged({ theme: "dark" });
  await eventually(async () => assert.match(await d.attr("#widget", "class"), /theme-dark/));
  expect(await axeViolations(page, { colourOnly: true }), "dark").toEqual([]);
  await d.click(".row-open", 1); // customer_360 has no answer: the bar shows the refusal
  await eventually(async () => assert.equal(await d.count(".call-bar__failure"), 1));
  expect(await axeViolations(page), "a failure in the bar").toEqual([]);
  await d.click(".row-open", 0);
  await eventually(async () => assert.equal(await d.count(".call-bar__back"), 1));
  expect(await axeViolations(page), "an opened record with Back").toEqual([]);
});

test("calls: a call the host never answers times out after 30 s, one call at a time", async ({ hostPage: page, servers }) => {
  const d = driverFor(page, servers);
  await d.loadWidget({ csp: CSP.spec, hostContext: { toolInfo: { id: 7, tool: { name: "pipeline_list" } } }, calls: { answers: {}, hang: true }, holdClock: true });
  await d.toolInput({});
  await d.sendResult("pipelines/list-ok.json");
  await expectRows(d, 6);
  await d.click(".row-open", 0);
  await eventually(async () => assert.match(folded(await d.text(".call-bar__status")), /Opening/));
  await d.click(".row-open", 1);
  // Refresh says it is busy (aria-disabled, which Playwright will not click): a click in the page.
  assert.equal(await d.attr(".call-bar__refresh", "aria-disabled"), "true");
  await d.widget(() => document.querySelector(".call-bar__refresh").click());
  await d.settled();
  assert.equal((await d.toolCalls()).length, 1, "one call at a time");
  await d.clock.advance(29_000);
  await d.settled();
  assert.equal(await d.count(".call-bar__failure"), 0, "no failure before the limit");
  await d.clock.advance(1_000);
  await eventually(async () => assert.match(folded(await d.text(".call-bar__failure")), /pipeline_get did not answer within 30 seconds/));
  await expectRows(d, 6);
});
