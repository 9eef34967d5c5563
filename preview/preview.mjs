// The preview page: a fixture picker over fixtures/manifest.json, played to the widget through the
// same host library the end-to-end tests use.
import { createHost } from "../host/host.mjs";

const $ = (id) => document.getElementById(id);

const [config, manifest, widgetHtml] = await Promise.all([
  fetch("/config.json").then((r) => r.json()),
  fetch("/fixtures/manifest.json").then((r) => r.json()),
  fetch("/resource-widget.html").then((r) => r.text()),
]);
for (const entry of manifest.fixtures) {
  $("fixture").append(new Option(`${entry.file} — ${entry.title}`, entry.file));
}

let host;
async function play() {
  $("stage").replaceChildren();
  host = await createHost({ container: $("stage"), sandboxUrl: `${config.sandboxUrl}?csp=spec-default-wasm`, widgetHtml });
  await host.initialized;
  await host.toolInput({});
  const result = await fetch(`/fixtures/${$("fixture").value}`).then((r) => r.json());
  await host.toolResult(result);
}
$("play").addEventListener("click", play);
$("fixture").addEventListener("change", play);
play();
