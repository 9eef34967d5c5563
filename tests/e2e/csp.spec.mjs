// The widget under the CSPs hosts serve. Issue 2 records what the spec default (no wasm keyword)
// does to the wasm build; issue 7 makes that case render.
import { test, expect, loadWidget, widgetFrame, sendResult } from "./support.mjs";

test("records: the spec default CSP refuses WebAssembly", async ({ hostPage: page, servers }) => {
  const errors = [];
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  page.on("pageerror", (e) => errors.push(String(e)));
  await loadWidget(page, servers, { csp: "spec-default", handshake: false });
  await expect.poll(() => errors.join("\n"), { timeout: 10_000 }).toMatch(/WebAssembly|wasm-unsafe-eval|CompileError/i);
  console.log(`spec-default CSP, wasm build: ${errors.find((e) => /WebAssembly|wasm/i.test(e))}`);
  // Without wasm the widget never starts: no handshake, nothing rendered.
  expect(await page.evaluate(() => window.messages.some((m) => m.message.method === "ui/initialize"))).toBe(false);
  await expect(widgetFrame(page).locator("#widget")).toHaveCount(0);
});

test("renders under 'unsafe-eval' (as Claude serves it)", async ({ hostPage: page, servers }) => {
  await loadWidget(page, servers, { csp: "unsafe-eval" });
  await sendResult(page, "blocks/list-ok.json");
  await expect(widgetFrame(page).locator("#widget")).toHaveAttribute("data-state", "ok");
  await expect(widgetFrame(page).locator("tbody tr")).toHaveCount(8);
});
