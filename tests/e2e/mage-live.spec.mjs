// The widget on what the server answered from a real Mage server, in Chromium.
// scripts/mage-test.sh starts Mage, builds the small project and runs crates/mage-mcp-server/tests/server/mage.rs,
// which writes the CallToolResults of four calls, as they came over the wire, into the directory
// MAGE_TEST_RESULTS names; then, with Mage still running, it runs this spec:
//
//   MAGE_TEST_RESULTS=DIR npx playwright test tests/e2e/mage-live.spec.mjs
//
// Each result goes into the real widget in the test host (host/), and what it shows is checked:
// pipeline_list as a list with a row per pipeline, pipeline_get of basic_etl_from_s3 as a drawn
// graph whose nodes are the pipeline's blocks, block_outputs as an output grid of the DataFrame,
// and the failed run's run_logs with its exception (StaleCredentialError) as the first error.
//
// Without MAGE_TEST_RESULTS, playwright.config.mjs leaves this file out of the run; with it, a
// missing or unreadable result fails its test (it is never skipped).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test, expect, driverFor, widgetFrame, expectRows } from "./support.mjs";
import { WINDOW_AFTER } from "./checks/lib.mjs";

const DIR = process.env.MAGE_TEST_RESULTS;

/** A CallToolResult tests/server/mage.rs saved, as text and parsed; throws when it is not there. */
function saved(name) {
  if (!DIR) throw new Error("MAGE_TEST_RESULTS is not set (scripts/mage-test.sh sets it)");
  const file = join(DIR, `${name}.json`);
  if (!existsSync(file)) throw new Error(`${file} is missing: crates/mage-mcp-server/tests/server/mage.rs did not write it`);
  const text = readFileSync(file, "utf8");
  const result = JSON.parse(text);
  expect(result.isError ?? false, `${name}: the server answered an error: ${text.slice(0, 300)}`).toBe(false);
  expect(result.structuredContent?.kind, `${name}: a widget result`).toBe("svc_resource_widget");
  return { text, result, content: result.structuredContent };
}

/** Loads the widget (its handshake bounded to 15 s), sends the tool input, then the saved result. */
async function show(page, servers, text) {
  const d = driverFor(page, servers);
  await d.loadWidget({ hostContext: { theme: "light", locale: "en-US" }, width: 760 });
  await d.toolInput({});
  await d.host(async (text) => void (await window.testHost.toolResult(JSON.parse(text))), text);
  const root = widgetFrame(page).locator("#widget");
  await expect(root).toHaveAttribute("data-state", "ok");
  return widgetFrame(page);
}

test("pipeline_list from Mage: a list with a row per pipeline", async ({ hostPage: page, servers }) => {
  const { text, content } = saved("pipeline_list");
  const uuids = content.records.map((r) => r.uuid);
  expect(uuids).toEqual(expect.arrayContaining(["basic_etl_from_s3", "token_refresh_audit"]));
  const w = await show(page, servers, text);
  await expectRows(w, content.records.length);
  for (const uuid of ["basic_etl_from_s3", "token_refresh_audit"]) await expect(w.locator("tbody")).toContainText(uuid);
});

test("pipeline_get from Mage: the graph drawn, one node per block", async ({ hostPage: page, servers }) => {
  const { text, content } = saved("pipeline_get");
  const blocks = content.records[0].blocks.map((b) => b.uuid);
  expect(blocks.sort()).toEqual(["clean_orders", "export_orders_clean", "load_orders_from_s3"]);
  expect(content.graph.nodes.map((n) => n.id).sort()).toEqual(blocks);
  const w = await show(page, servers, text);
  const nodes = w.locator("svg.graph__svg [data-node-id]");
  await expect(nodes).toHaveCount(blocks.length);
  const ids = await nodes.evaluateAll((all) => all.map((n) => n.getAttribute("data-node-id")));
  expect(ids.sort()).toEqual(blocks);
});

test("block_outputs from Mage: the DataFrame as an output grid", async ({ hostPage: page, servers }) => {
  const { text, content } = saved("block_outputs");
  const frame = content.records[0];
  expect(frame.shape).toEqual([300, 13]);
  const sample = frame.sample_data.rows.length;
  expect(sample).toBeGreaterThan(0);
  const w = await show(page, servers, text);
  const output = w.locator(".output");
  await expect(output).toHaveCount(1);
  await expect(output.locator(".output__meta")).toContainText("300 rows × 13 columns");
  // The grid holds the sample: every row drawn, or, past WINDOW_AFTER, a windowed slice whose
  // aria-rowcount (the header row included) says them all.
  const rows = output.locator(".table-scroll .table > tbody > tr:not(.table__spacer)");
  if (sample <= WINDOW_AFTER) {
    await expect(rows).toHaveCount(sample);
  } else {
    await expect(output.locator(".table-scroll .table")).toHaveAttribute("aria-rowcount", String(sample + 1));
    await expect(rows.first()).toBeVisible();
    expect(await rows.count(), "a windowed grid draws a slice").toBeLessThan(sample);
  }
  // The frame's columns head the grid.
  const columns = frame.sample_data.columns.map((c) => (typeof c === "string" ? c : c.name));
  for (const column of [columns[0], columns.at(-1)]) await expect(output.locator(".table thead")).toContainText(column);
});

test("run_logs of the failed run from Mage: the exception first", async ({ hostPage: page, servers }) => {
  const { text, content } = saved("run_logs_failed");
  expect(content.records.some((f) => (f.content ?? "").includes("StaleCredentialError"))).toBe(true);
  const w = await show(page, servers, text);
  await expect(w.locator(".log-file")).toHaveCount(content.records.length);
  await expect(w.locator(".log-error__message")).toHaveCount(1);
  await expect(w.locator(".log-error__message")).toContainText("StaleCredentialError");
});
