// The widget on what the server answered from a real Mage server, in Chromium.
// scripts/mage-test.sh starts Mage, builds the small project and runs crates/mage-mcp-server/tests/server/mage.rs,
// which writes the CallToolResults of five calls, as they came over the wire, into the directory
// MAGE_TEST_RESULTS names; then, with Mage still running, it runs this spec with Mage's address in
// MAGE_TEST_URL:
//
//   MAGE_TEST_RESULTS=DIR MAGE_TEST_URL=http://127.0.0.1:PORT npx playwright test tests/e2e/mage-live.spec.mjs
//
// Each result goes into the real widget in the test host (host/), and what it shows is checked:
// pipeline_list as a list with a row per pipeline, pipeline_get of basic_etl_from_s3 as a drawn
// graph whose nodes are the pipeline's blocks, pipeline_runs (the completed run and the failed
// one) with the run-history strip above its rows (one mark per run, the failed run's told from a
// completed one's by its cross and its name, the words saying how many completed), block_outputs
// as an output grid of the DataFrame, and the failed run's run_logs with its exception
// (StaleCredentialError) as the first error. "Open in Mage" on pipeline_get's detail, a row of
// pipeline_list and the failed run's row asks the host (which opens links) to open an http: URL
// on Mage's own address, with the record's route and no user information, and Mage answers that
// URL with 200.
//
// Without MAGE_TEST_RESULTS, playwright.config.mjs leaves this file out of the run; with it, a
// missing or unreadable result fails its test (it is never skipped). Without MAGE_TEST_URL (the
// test command runs this spec once Mage has stopped), the "Open in Mage" test checks the URLs the
// host was asked to open, then is reported skipped for the part that needs Mage: its address and
// its answer (tests/server/mage.rs checks both on the same pages while Mage runs).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { test, expect, driverFor, widgetFrame, expectRows } from "./support.mjs";
import { WINDOW_AFTER } from "./checks/lib.mjs";

const DIR = process.env.MAGE_TEST_RESULTS;
/** The Mage server the results came from, while it runs (scripts/mage-test.sh sets it). */
const MAGE_URL = process.env.MAGE_TEST_URL;
/** How long Mage may take to answer a page of its UI. */
const MAGE_PAGE_TIMEOUT_MS = 15_000;

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

/** In the test host's page: the URLs the widget asked it to open (ui/open-link), in order. */
const openedLinks = (page) => page.evaluate(() => window.messages.filter((m) => m.message.note === "open-link").map((m) => m.message.url));

/**
 * Activates `control` (an "Open in Mage" button) and returns the one URL the host was then asked
 * to open: an http: URL without user information whose path and query are `route`, the control's
 * title.
 */
async function openInMage(page, control, route) {
  await expect(control).toHaveCount(1);
  await expect(control).toContainText("Open in Mage");
  const before = (await openedLinks(page)).length;
  await control.click();
  await expect.poll(async () => (await openedLinks(page)).length, "ui/open-link sent to the host").toBe(before + 1);
  const url = (await openedLinks(page)).at(-1);
  const parsed = new URL(url);
  expect(parsed.protocol, url).toBe("http:");
  expect(parsed.username, `no user name in ${url}`).toBe("");
  expect(parsed.password, `no password in ${url}`).toBe("");
  expect(url.split("/")[2], `no user information in ${url}`).not.toContain("@");
  expect(parsed.pathname + parsed.search, url).toBe(route);
  await expect(control).toHaveAttribute("title", url);
  return url;
}

/** The row of the `index`-th record in a short list, drawn whole in the records' order. */
const rowOf = (w, index) => w.locator(".table-scroll .table > tbody > tr:not(.table__spacer):not(.row-detail)").nth(index);

/** The name a mark gives its run: "Pipeline run 12 of pipeline_uuid, Failed, …". */
const namesRun = (name, id) => new RegExp(`^Pipeline run ${id}[ ,]`).test(name ?? "");

test("pipeline_runs from Mage: the strip above the runs, its words and one mark per run", async ({ hostPage: page, servers }) => {
  const { text, content } = saved("pipeline_runs");
  const runs = content.records;
  const completed = runs.filter((r) => r.status === "completed");
  const failed = runs.filter((r) => r.status === "failed");
  expect(completed.length, "a completed run among the saved runs").toBeGreaterThan(0);
  expect(failed.length, "a failed run among the saved runs").toBeGreaterThan(0);
  const w = await show(page, servers, text);
  await expectRows(w, runs.length);

  // The strip, drawn above the rows, one mark per run.
  const strip = w.locator("section.history");
  await expect(strip).toHaveCount(1);
  await expect(strip).not.toHaveAttribute("aria-busy", "true");
  const marks = strip.locator(".history-mark");
  await expect(marks).toHaveCount(runs.length);
  const stripBox = await strip.boundingBox();
  const tableBox = await w.locator(".table-scroll").boundingBox();
  expect(stripBox.y + stripBox.height, "the strip above the rows").toBeLessThanOrEqual(tableBox.y);

  const drawn = await marks.evaluateAll((all) =>
    all.map((mark) => ({
      name: mark.getAttribute("aria-label"),
      role: mark.getAttribute("role"),
      cross: mark.querySelector(".history-mark__cross") !== null,
    })),
  );
  for (const run of runs) {
    const named = drawn.filter((m) => namesRun(m.name, run.id));
    expect(named.length, `one mark names run ${run.id}: ${drawn.map((m) => m.name).join(" | ")}`).toBe(1);
    const [mark] = named;
    expect(mark.role, mark.name).toBe("button");
    if (run.status === "failed") {
      expect(mark.name, "a failed run's mark says so").toContain(", Failed, ");
      expect(mark.cross, `${mark.name}: a failed run's mark has a cross`).toBe(true);
    } else if (run.status === "completed") {
      expect(mark.name, "a completed run's mark says so").toContain(", Completed, ");
      expect(mark.cross, `${mark.name}: a completed run's mark has no cross`).toBe(false);
    }
  }

  // Its words: how many runs, how many of them completed.
  const words = strip.locator(".history__words");
  await expect(words).toContainText(`${runs.length} pipeline runs`);
  await expect(words).toContainText(`${completed.length} of ${runs.length} completed`);
});

test("Open in Mage from a real result: the detail and a row open the record's page on the Mage server", async ({ hostPage: page, servers }) => {
  const opened = [];

  // pipeline_get: the detail's header.
  const get = saved("pipeline_get");
  const pipeline = get.content.records[0].uuid;
  let w = await show(page, servers, get.text);
  opened.push(await openInMage(page, w.locator(".header .record-page"), `/pipelines/${pipeline}`));

  // pipeline_list: the row of basic_etl_from_s3.
  const list = saved("pipeline_list");
  const listed = list.content.records.findIndex((r) => r.uuid === "basic_etl_from_s3");
  expect(listed, "basic_etl_from_s3 listed").toBeGreaterThanOrEqual(0);
  w = await show(page, servers, list.text);
  await expectRows(w, list.content.records.length);
  const pipelineRow = rowOf(w, listed);
  await expect(pipelineRow).toContainText("basic_etl_from_s3");
  const pipelineControl = pipelineRow.locator(".row-actions .record-page");
  await expect(pipelineControl).toHaveAccessibleName(/^Open .+ in Mage$/);
  opened.push(await openInMage(page, pipelineControl, "/pipelines/basic_etl_from_s3"));

  // pipeline_runs: the failed run's row, its page under its pipeline.
  const runs = saved("pipeline_runs");
  const failedAt = runs.content.records.findIndex((r) => r.status === "failed");
  expect(failedAt, "a failed run among the saved runs").toBeGreaterThanOrEqual(0);
  const failed = runs.content.records[failedAt];
  w = await show(page, servers, runs.text);
  await expectRows(w, runs.content.records.length);
  const runRow = rowOf(w, failedAt);
  await expect(runRow).toContainText(failed.pipeline_uuid);
  const runControl = runRow.locator(".row-actions .record-page");
  await expect(runControl).toHaveAccessibleName(/^Open .+ in Mage$/);
  opened.push(await openInMage(page, runControl, `/pipelines/${failed.pipeline_uuid}/runs/${failed.id}`));

  // The pages are Mage's own: on the address the script started it at, and it answers them.
  // (Mage serves its UI's page for any path under /pipelines/, so its answer says the address and
  // the place are Mage's; the route itself is held to the record's fields above.)
  test.skip(!MAGE_URL, "MAGE_TEST_URL is not set: Mage is not running, so its address and its answer to each page are not checked here (crates/mage-mcp-server/tests/server/mage.rs checked them while Mage ran; scripts/mage-test.sh sets MAGE_TEST_URL)");
  const mage = new URL(MAGE_URL);
  for (const url of opened) {
    expect(new URL(url).origin, `${url} on Mage's address`).toBe(mage.origin);
    const answer = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(MAGE_PAGE_TIMEOUT_MS) });
    expect(answer.status, `Mage's answer to ${url}`).toBe(200);
    expect(answer.headers.get("content-type") ?? "", `${url}: a page`).toContain("text/html");
    await answer.arrayBuffer();
  }
});
