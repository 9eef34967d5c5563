// The published JSON Schemas (schema/) against the fixtures: every fixture meant to be valid
// validates, every one marked invalid fails, and valid widget results carry their JSON fallback
// text (rule 1). Runs with `node --test`.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import Ajv2020 from "ajv/dist/2020.js";

const read = (path) => JSON.parse(readFileSync(new URL(`../${path}`, import.meta.url), "utf8"));
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const validators = {
  widget: ajv.compile(read("schema/widget-result.schema.json")),
  hints: ajv.compile(read("schema/widget-data.schema.json")),
  "tool-error": ajv.compile(read("schema/tool-error.schema.json")),
};
const { fixtures } = read("fixtures/manifest.json");

/** The structuredContent of a fixture: its own, its content text's, or the fixture itself if bare. */
function structuredOf(result) {
  if (result.kind !== undefined) return result;
  if (result.structuredContent) return result.structuredContent;
  const text = result.content?.find((c) => c.type === "text")?.text;
  return text === undefined ? undefined : JSON.parse(text);
}

for (const { file, expect } of fixtures) {
  if (expect.schema === "none") continue;
  test(`${file} is ${expect.schema === "invalid" ? "rejected by" : "valid against"} the ${expect.schema === "tool-error" ? "tool error" : "widget result"} schema`, () => {
    const result = read(`fixtures/${file}`);
    const structured = structuredOf(result);
    const validate = expect.schema === "tool-error" ? validators["tool-error"] : validators.widget;
    const valid = validate(structured);
    if (expect.schema === "invalid") {
      assert.equal(valid, false, `${file} should fail the schema`);
      return;
    }
    assert.ok(valid, `${file}: ${ajv.errorsText(validate.errors)}`);
    const hints = result._meta?.["host/widgetData"];
    if (hints) assert.ok(validators.hints(hints), `${file} hints: ${ajv.errorsText(validators.hints.errors)}`);
    if (result.structuredContent && result.content) {
      assert.deepEqual(JSON.parse(result.content[0].text), result.structuredContent, "content[0].text is the structuredContent as JSON");
    }
  });
}

test("the schema rejects the shapes the contract forbids", () => {
  const base = { kind: "svc_resource_widget", schema_version: 1, resource: "pipelines", action: "list", state: "ok", records: [] };
  assert.ok(validators.widget(base));
  for (const [what, patch] of [
    ["another kind", { kind: "weather" }],
    ["an unknown state", { state: "done" }],
    ["schema major 2", { schema_version: 2 }],
    ["records not a list", { records: {} }],
    ["a column type outside the list", { columns: [{ key: "id", type: "uuid" }] }],
    ["a node without an id", { graph: { nodes: [{ label: "x" }], edges: [] } }],
    ["a mutation without an operation", { mutation: { id: 1 } }],
  ]) {
    assert.equal(validators.widget({ ...base, ...patch }), false, what);
  }
});

test("the hints schema takes a record's page as an http(s) template of the record's ids, and nothing else", () => {
  const hints = (recordUrl) => validators.hints({ recordUrl });
  for (const url of [
    "http://127.0.0.1:6789/pipelines/{uuid}",
    "https://mage.example.com/mage/pipelines/{pipeline_uuid}/runs/{id}",
    "http://127.0.0.1:6789/pipelines/etl_daily/logs?block_run_id[]={id}",
  ]) {
    assert.ok(hints(url), `${url}: ${ajv.errorsText(validators.hints.errors)}`);
  }
  for (const [what, url] of [
    ["javascript:", "javascript:alert(1)//{id}"],
    ["data:", "data:text/html,<b>{id}</b>"],
    ["no host", "http:///pipelines/{uuid}"],
    ["a record's value as the host", "https://{uuid}.example.com/"],
    ["a field that is no id", "http://h/pipelines/{name}"],
    ["an unmatched brace", "http://h/pipelines/{uuid"],
    ["a space", "http://h/pipelines/ {uuid}"],
    ["past 2,048 characters", `http://h/${"a".repeat(2048)}`],
    ["not a string", 42],
  ]) {
    assert.equal(hints(url), false, what);
  }
});
