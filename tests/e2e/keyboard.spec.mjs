// Every control is reachable and operable from the keyboard.
import { test, expect, loadWidget, widgetFrame, sendResult } from "./support.mjs";

test("sorting, copying, expanding and reading timestamps by keyboard", async ({ hostPage: page, servers }) => {
  await loadWidget(page, servers, { hostContext: { theme: "light" } });
  await sendResult(page, "pipeline_runs/list-ok.json");
  const widget = widgetFrame(page);
  await expect(widget.locator("#widget")).toHaveAttribute("data-state", "ok");

  // Tab from the first sort button to the next one; Enter sorts.
  const sorts = widget.locator(".table th .sort");
  await sorts.nth(0).focus();
  await page.keyboard.press("Tab");
  await expect(sorts.nth(1)).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Enter");
  await expect(widget.locator(".table th").first()).toHaveAttribute("aria-sort", "ascending");
  await page.keyboard.press("Space");
  await expect(widget.locator(".table th").first()).toHaveAttribute("aria-sort", "descending");

  // A copy button answers Enter, and the live region says what happened.
  await widget.locator(".copy").first().focus();
  await page.keyboard.press("Enter");
  await expect(widget.locator("[aria-live=polite]")).not.toHaveText("");

  // A nested value expands from the keyboard.
  const summary = widget.locator("details.nested > summary").first();
  await summary.focus();
  await page.keyboard.press("Enter");
  await expect(widget.locator("details.nested").first()).toHaveAttribute("open", "");

  // A timestamp takes focus and shows its absolute time.
  const time = widget.locator(".time").first();
  await time.focus();
  await expect(time.locator(".tip")).toBeVisible();
  await expect(time.locator(".tip")).toContainText("UTC");
  // Focus is visible.
  const outline = await time.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe("none");
});
