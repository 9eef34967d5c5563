// Pipeline-run results of any size for the benchmarks, shaped like the fixtures' (seeded).
import { rng } from "./graphs.mjs";

const STATUSES = ["completed", "completed", "completed", "running", "failed", "cancelled", "initial"];
const pad = (n) => String(n).padStart(2, "0");
const stamp = (ms) => {
  const d = new Date(ms);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}.000000+00:00`;
};

/** A CallToolResult listing `n` pipeline runs, structuredContent and content[0].text both. */
export function pipelineRunsResult(n, seed = 1) {
  const random = rng(seed);
  const base = Date.UTC(2026, 10, 20, 6);
  const records = Array.from({ length: n }, (_, i) => {
    const status = STATUSES[Math.floor(random() * STATUSES.length)];
    const at = base - i * 60_000 * 7;
    return {
      id: 100000 + n - i,
      pipeline_schedule_id: 3,
      pipeline_uuid: ["etl_daily", "customer_360", "orders_streaming"][i % 3],
      execution_date: stamp(at),
      status,
      completed_at: status === "running" || status === "initial" ? null : stamp(at + 180_000),
      variables: { env: "prod" },
      event_variables: {},
      passed_sla: status !== "failed",
      metrics: null,
      backfill_id: null,
      created_at: stamp(at),
      updated_at: stamp(at + 240_000),
    };
  });
  const structured = {
    kind: "svc_resource_widget", schema_version: 1, resource: "pipeline_runs", action: "list", state: "ok", records,
    summary: { title: `${n} pipeline runs`, total: n },
    columns: [{ key: "id", type: "id" }, "pipeline_uuid", { key: "status", type: "status" }, { key: "execution_date", type: "datetime" }, { key: "completed_at", type: "datetime" }, "passed_sla"],
  };
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
}

/** A CallToolResult of a pipeline with a graph of `graph.widths.length` blocks. */
export function pipelineGraphResult({ widths, edges }) {
  const nodes = widths.map((_, i) => ({ id: `block_${i}`, label: `block_${i}`, type: ["data_loader", "transformer", "data_exporter", "sensor"][i % 4], status: ["completed", "running", "not_executed", "failed"][i % 4], selected: false }));
  const structured = {
    kind: "svc_resource_widget", schema_version: 1, resource: "pipeline", action: "get", state: "ok",
    records: [{ uuid: "big_pipeline", name: "Big pipeline", type: "python" }],
    graph: { nodes, edges: edges.map(([s, t]) => ({ source: `block_${s}`, target: `block_${t}` })), totalNodes: nodes.length, truncated: false },
  };
  return { content: [{ type: "text", text: JSON.stringify(structured) }], structuredContent: structured };
}
