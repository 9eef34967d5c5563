// Chromium only (Playwright): the preview is a developer's page, not what hosts show.
// The preview (the main job) end to end: pick a fixture, switch the theme, paste a payload, replay
// the host's sequence, and read what the widget frame shows and the model reports.
import { readFileSync } from "node:fs";
import { test as base, expect } from "@playwright/test";
import { startPreview } from "../../preview/serve.mjs";

const test = base.extend({
  preview: [
    async ({}, use) => {
      const servers = await startPreview();
      await use(servers);
      await servers.close();
    },
    { scope: "worker" },
  ],
});

const widget = (page) => page.frameLocator(".widget-frame").frameLocator("iframe");

test.beforeEach(async ({ page, preview }) => {
  await page.goto(`${preview.hostUrl}/`);
  await page.waitForSelector("body[data-ready=true]", { state: "attached", timeout: 20_000 });
});

test("picks a fixture, switches the theme and the width", async ({ page }) => {
  await page.selectOption("#fixture", "pipeline_runs/list-ok.json");
  await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  await expect(widget(page).locator(".table tbody tr")).toHaveCount(20);
  await expect(page.locator("#report-body")).toContainText("20 row(s)");

  await page.check("input[name=theme][value=dark]");
  await expect(widget(page).locator("#widget")).toHaveClass(/theme-dark/);

  await page.check("input[name=width][value='360']");
  await expect(widget(page).locator(".table tbody tr").first()).toHaveCSS("display", "grid");
});

test("renders pasted JSON and reports what the model made of it", async ({ page }) => {
  const structured = {
    kind: "svc_resource_widget",
    schema_version: 1,
    resource: "pipelines",
    action: "list",
    state: "ok",
    records: [{ uuid: "pasted_pipeline", name: "Pasted", api_key: "abc123", mystery: { deep: true } }],
    surprise: true,
  };
  await page.fill("#own", JSON.stringify(structured));
  await page.click("#render-own");
  await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  await expect(widget(page).locator("tbody")).toContainText("pasted_pipeline");
  await expect(widget(page).locator("tbody")).not.toContainText("abc123");
  const report = page.locator("#report-body");
  await expect(report).toContainText("unknown field 'surprise' ignored");
  await expect(report).toContainText("1 sensitive value");

  await page.fill("#own", "{ not json");
  await page.click("#render-own");
  await expect(page.locator("#own-error")).toContainText("Not JSON");
});

test("shows why a graph fell back", async ({ page }) => {
  await page.selectOption("#fixture", "graphs/cycle.json");
  await expect(widget(page).locator(".graph-reason")).toContainText("cycle");
  await expect(page.locator("#report-body")).toContainText("Graph not drawn: its edges form a cycle");
});

test("replays the host's sequence and logs the messages", async ({ page }) => {
  await page.selectOption("#fixture", "blocks/list-ok.json");
  // The picked fixture has played into a new frame: only now do the sequence buttons reach it.
  await expect(page.locator("#stage")).toHaveAttribute("data-playing", "false");
  await expect(page.locator("#send-input")).toBeEnabled();
  await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  await page.click("#send-input");
  await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "loading");
  await page.click("#send-cancel");
  await expect(widget(page).locator(".state--cancelled")).toContainText("Cancelled from the preview");
  await page.click("#send-result");
  await expect(widget(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  await page.click("#send-teardown");
  await expect(page.locator("#log")).toContainText("result of ui/resource-teardown");
  await expect(page.locator("#log")).toContainText("ui/notifications/size-changed");
});

test("shows the registration snippet the README shows", async ({ page }) => {
  const snippet = JSON.parse(await page.locator("#registration").textContent());
  expect(snippet.tool._meta.ui.resourceUri).toBe(snippet.resource.uri);
  expect(snippet.tool._meta["host/outputTemplate"]).toBe(snippet.resource.uri);
  expect(snippet.tool._meta["ui/resourceUri"]).toBe(snippet.resource.uri);
  expect(snippet.resource._meta.ui.permissions).toEqual({ clipboardWrite: {} });
  const readme = readFileSync(new URL("../../README.md", import.meta.url), "utf8");
  const block = readme.match(/<!-- registration -->\s*```json\n([\s\S]*?)```/);
  expect(block, "README has the registration snippet").not.toBeNull();
  expect(JSON.parse(block[1])).toEqual(snippet);
});
