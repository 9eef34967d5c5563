// The delivery path end to end: the real widget file inside a real MCP Apps host (ext-apps
// AppBridge, double-iframe sandbox, CSP header), handshake to teardown.
import { test, expect, loadWidget, widgetFrame, widgetFrameHandle, sendResult } from "./support.mjs";

test("renders a tool result inside the ext-apps host under a wasm-permitting CSP", async ({ hostPage: page, servers }) => {
  await loadWidget(page, servers, { csp: "spec-default-wasm", hostContext: { theme: "light", displayMode: "inline" } });
  const widget = widgetFrame(page);
  const root = widget.locator("#widget");

  // The handshake: ui/initialize with our appInfo, then initialized.
  const initialize = await page.evaluate(() => window.messages.find((m) => m.message.method === "ui/initialize")?.message);
  expect(initialize.params.protocolVersion).toBe("2026-01-26");
  expect(initialize.params.appInfo.name).toBe("resource-widget");
  expect(await page.evaluate(() => window.messages.some((m) => m.message.method === "ui/notifications/initialized"))).toBe(true);

  await page.evaluate(() => window.testHost.toolInput({ pipeline_uuid: "etl_daily" }));
  await expect(root).toHaveAttribute("data-state", "loading");
  await expect(root).toHaveAttribute("aria-busy", "true");

  await sendResult(page, "pipeline_runs/list-ok.json");
  await expect(root).toHaveAttribute("data-state", "ok");
  await expect(root).not.toHaveAttribute("aria-busy", /.*/);
  await expect(widget.locator("tbody tr")).toHaveCount(20);
  await expect(widget.locator("tbody")).toContainText("4821");
  // The host grew the frame: the last row is on screen, not clipped inside the frame.
  await page.locator(".widget-frame").scrollIntoViewIfNeeded();
  await expect.poll(() => page.evaluate(() => window.testHost.sizes.at(-1)?.height ?? 0)).toBeGreaterThan(400);

  // The widget reported its content height, and the host sized the frame to it.
  await expect.poll(() => page.evaluate(() => window.testHost.sizes.at(-1)?.height ?? 0)).toBeGreaterThan(200);
  const frameHeight = await page.locator(".widget-frame").evaluate((f) => f.getBoundingClientRect().height);
  const reported = await page.evaluate(() => window.testHost.sizes.at(-1).height);
  expect(Math.abs(frameHeight - reported)).toBeLessThanOrEqual(2);

  // Teardown is a request: the widget answers it.
  const answer = await page.evaluate(() => window.testHost.teardown("test finished"));
  expect(answer).toEqual({});
});

test("sizes settle: no resize loop after the result", async ({ hostPage: page, servers }) => {
  await loadWidget(page, servers);
  await sendResult(page, "pipelines/list-ok.json");
  await expect(widgetFrame(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  await page.waitForTimeout(300);
  const before = await page.evaluate(() => window.testHost.sizes.length);
  await page.waitForTimeout(700);
  expect(await page.evaluate(() => window.testHost.sizes.length)).toBe(before);
});

test("ignores messages that are not JSON-RPC 2.0 or not from its parent", async ({ hostPage: page, servers }) => {
  await loadWidget(page, servers);
  const widget = widgetFrame(page);
  // A forged result posted by the widget's own frame (not its parent) and junk from the parent.
  await widget.locator("body").evaluate((body) => {
    const forged = { jsonrpc: "2.0", method: "ui/notifications/tool-result", params: { structuredContent: { kind: "svc_resource_widget", schema_version: 1, resource: "pipelines", action: "list", state: "ok", records: [{ uuid: "forged" }] } } };
    window.postMessage(forged, "*");
  });
  await page.evaluate(() => {
    const sandbox = document.querySelector(".widget-frame").contentWindow;
    sandbox.postMessage({ method: "ui/notifications/tool-result", params: {} }, "*");
    sandbox.postMessage("not even an object", "*");
  });
  await page.waitForTimeout(300);
  await expect(widget.locator("#widget")).toHaveAttribute("data-state", "loading");
  await expect(widget.locator("body")).not.toContainText("forged");
});

test("reports its size even when the host renders it off screen", async ({ hostPage: page, servers }) => {
  // Browsers pause animation frames in off-screen cross-origin frames; the report must not wait for one.
  await page.evaluate(() => document.body.insertAdjacentHTML("afterbegin", '<div style="height: 3000px"></div>'));
  await loadWidget(page, servers);
  await sendResult(page, "pipeline_runs/list-ok.json");
  await expect.poll(() => page.evaluate(() => window.testHost.sizes.at(-1)?.height ?? 0), { timeout: 5000 }).toBeGreaterThan(400);
});

test("a frame rebuilt for the same tool call shows the kept result, marked restored", async ({ hostPage: page, servers }) => {
  const secret = "0123456789abcdef0123456789abcdef";
  const hostContext = { theme: "light", toolInfo: { id: 7, tool: { name: "pipeline_schedules", inputSchema: { type: "object" } } } };
  await loadWidget(page, servers, { hostContext });
  await sendResult(page, "adversarial/unredacted-tokens.json");
  await expect(widgetFrame(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  // What was kept is redacted.
  await expect
    .poll(() => widgetFrameHandle(page).evaluate(() => localStorage.getItem("resource-widget/pipeline_schedules/7") ?? ""))
    .toContain("daily_6am");
  expect(await widgetFrameHandle(page).evaluate(() => localStorage.getItem("resource-widget/pipeline_schedules/7"))).not.toContain(secret);

  // The host rebuilds the frame and sends nothing.
  await page.evaluate(() => document.querySelector(".widget-frame").remove());
  await loadWidget(page, servers, { hostContext });
  const widget = widgetFrame(page);
  await expect(widget.locator("#widget")).toHaveAttribute("data-state", "ok");
  await expect(widget.locator(".notices")).toContainText("Restored");
  await expect(widget.locator(".table tbody")).toContainText("daily_6am");

  // A live result replaces it, unmarked.
  await sendResult(page, "pipelines/list-ok.json");
  await expect(widget.locator(".table tbody tr")).toHaveCount(6);
  await expect(widget.locator(".notices")).toHaveCount(0);
});
