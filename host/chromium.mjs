// The ext-apps test host (host/) in Debian's Chromium, driven by Playwright: a fresh host page per
// widget, the widget frame inside the double-iframe sandbox. Shared by the benchmarks
// (bench/widget.mjs, bench/trace.mjs, bench/translate.mjs) and the build's recording of the start
// order (page/start-order.mjs), which is why it lives with the host and not in bench/.
import { chromium } from "@playwright/test";

/** Debian's Chromium, headless, as root on this machine needs it. */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/**
 * A fresh host page with `html` loaded under `csp` and the handshake done; returns the page, the
 * ms from iframe creation to ui/initialize (`initMs`), both moments as epoch ms (`createdAt`,
 * `initializeAt`: comparable with a frame's `performance.timeOrigin + mark.startTime`), and the
 * renderer main thread's CPU ms from before the frame was created to the handshake's end
 * (`initCpuMs`). `beforeFrame(page)`, when given, runs once the host page
 * is ready and before the widget's frame is created (to start a profiler, say). `resultOnHandshake`,
 * when given (a tool result as JSON text), is sent with tool-input by the host page itself the
 * moment the handshake is done, as a host does that opens the frame once the call has ended or
 * reloads a conversation: the widget gets no time while "the tool runs". The host's moment of
 * sending it is `window.testHost.timeline.resultSent` (the host page's clock).
 */
export async function load(browser, servers, { html, csp, beforeFrame, resultOnHandshake = null }) {
  const page = await browser.newPage({ viewport: { width: 900, height: 900 } });
  await page.goto(`${servers.hostUrl}/test-host.html`);
  await page.waitForSelector("body[data-ready=true]", { state: "attached" });
  if (beforeFrame) await beforeFrame(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Performance.enable");
  const threadTime = async () => (await cdp.send("Performance.getMetrics")).metrics.find((m) => m.name === "ThreadTime").value * 1000;
  const cpuBefore = await threadTime();
  const { initMs, createdAt, initializeAt } = await page.evaluate(
    async ({ sandboxUrl, html, resultText }) => {
      document.documentElement.style.setProperty("--stage-width", "760px");
      // Parsed before the frame exists: the handshake's path does not wait for it.
      const result = resultText === null ? null : JSON.parse(resultText);
      window.testHost = await window.host.createHost({ container: document.getElementById("stage"), sandboxUrl, widgetHtml: html });
      if (result) {
        window.testHost.initialized.then(() => {
          window.testHost.toolInput({});
          window.testHost.toolResult(result);
        });
      }
      await Promise.race([window.testHost.initialized, new Promise((r) => setTimeout(r, 15000))]);
      const t = window.testHost.timeline;
      const at = (ms) => (ms === undefined ? NaN : performance.timeOrigin + ms);
      return { initMs: t.initialize === undefined ? NaN : t.initialize - t.created, createdAt: at(t.created), initializeAt: at(t.initialize) };
    },
    { sandboxUrl: `${servers.sandboxUrl}?csp=${csp}`, html, resultText: resultOnHandshake },
  );
  // The renderer's main thread (host page and widget frame: one site) until the handshake is done:
  // CPU time, which the machine's other work does not inflate as it does the clock.
  const initCpuMs = (await threadTime()) - cpuBefore;
  await cdp.detach();
  return { page, initMs, initCpuMs, createdAt, initializeAt };
}

/** The widget's own frame in a host page. */
export function widgetFrameOf(page) {
  const sandbox = page.mainFrame().childFrames().find((f) => f.url().includes("/sandbox.html"));
  return sandbox.childFrames()[0];
}
