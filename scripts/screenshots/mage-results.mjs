// The CallToolResults the reference server (mage-mcp-server) gives for every kind of response a
// real Mage server returns, as a host would receive them: the official MCP client drives the
// server over stdio against the Mage server that scripts/screenshots.sh started and built.
//
//   node scripts/screenshots/mage-results.mjs SERVER_BINARY CONFIG_JSON BUILD_JSON OUT_DIR
//
// CONFIG_JSON is the credentials file scripts/mage/login.py wrote, BUILD_JSON the summary
// scripts/mage/build_project.py printed (run ids). Writes OUT_DIR/<kind>.json, one CallToolResult
// each, and OUT_DIR/calls.json: the kind, the tool, its arguments and the result's size. Every
// call is bounded (REQUEST_TIMEOUT); a tool error or a missing result stops the script.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";

const REQUEST_TIMEOUT = 120_000;
const [server, config, buildFile, out] = process.argv.slice(2);
if (!out) {
  console.error("usage: mage-results.mjs SERVER_BINARY CONFIG_JSON BUILD_JSON OUT_DIR");
  process.exit(2);
}
const build = JSON.parse(readFileSync(buildFile, "utf8"));

/** The calls, one per kind of response: what a person asks of each resource. */
const calls = [
  ["pipelines", "pipeline_list", {}],
  ["pipeline-graph", "pipeline_get", { uuid: "warehouse_rebuild" }],
  ["blocks", "block_list", { pipeline_uuid: "warehouse_rebuild" }],
  ["block", "block_get", { pipeline_uuid: "bond_pricing", uuid: "load_bond_cashflows" }],
  ["runs", "pipeline_runs", { per_page: 30 }],
  ["block-runs", "block_runs", { pipeline_run_id: build.runs.warehouse }],
  ["triggers", "pipeline_schedules", {}],
  ["backfills", "backfill_list", {}],
  ["output-dataframe", "block_outputs", { pipeline_uuid: "bond_pricing", block_uuid: "load_bond_cashflows" }],
  ["output-orders", "block_outputs", { pipeline_uuid: "basic_etl_from_s3", block_uuid: "load_orders_from_s3" }],
  ["failed-run-logs", "run_logs", { pipeline_run_id: build.runs.failed }],
];

const client = new Client({ name: "screenshots", version: "1.0.0" });
const transport = new StdioClientTransport({ command: server, args: ["--mage", "--config", config], stderr: "inherit" });
await client.connect(transport, { timeout: REQUEST_TIMEOUT });
try {
  const tools = new Set((await client.listTools(undefined, { timeout: REQUEST_TIMEOUT })).tools.map((t) => t.name));
  mkdirSync(out, { recursive: true });
  const index = [];
  for (const [kind, tool, args] of calls) {
    if (!tools.has(tool)) throw new Error(`the server has no tool ${tool}`);
    const started = Date.now();
    const result = await client.callTool({ name: tool, arguments: args }, { timeout: REQUEST_TIMEOUT });
    if (result.isError) throw new Error(`${tool} ${JSON.stringify(args)}: ${JSON.stringify(result.content).slice(0, 400)}`);
    const text = JSON.stringify(result);
    writeFileSync(join(out, `${kind}.json`), text);
    index.push({ kind, tool, arguments: args, bytes: text.length, ms: Date.now() - started });
    console.error(`  ${kind.padEnd(18)} ${tool.padEnd(20)} ${String(text.length).padStart(9)} B ${Date.now() - started} ms`);
  }
  writeFileSync(join(out, "calls.json"), JSON.stringify(index, null, 1) + "\n");
} finally {
  await client.close();
}
