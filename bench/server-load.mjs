// Load on the MCP server's Streamable HTTP transport (crates/mage-mcp-server): SESSIONS concurrent
// sessions of the official MCP client SDK (@modelcontextprotocol/client), each initialize, the
// initialized notification, then CALLS tool calls mixed over the read tools, against the server
// binary started here on 127.0.0.1:0 (the demo project, or with --mage-url a Mage server).
// Prints, per round (a fresh server each): p50 / p99 / max latency per tool and overall as the
// client sees it (request sent to result parsed), the handshake's, the tools' own time inside the
// server (the elapsed_ms of its log line per call), throughput, tool errors, and the server's
// resident memory: VmRSS idle before the load, the highest VmRSS sampled every 50 ms, and VmHWM
// (the kernel's peak) at the end, and the CPU time the server and this client used over the round.
// The client runs on the same machine: its time is in the latencies.
//
//   node bench/server-load.mjs [--binary PATH] [--baseline PATH] [--sessions 24] [--calls 40]
//                              [--rounds 2] [--max-seconds 300] [--mage-url URL]
//                              [--replicas N[,N…]] [--protocol legacy|2026-07-28|both]
//                              [--stop-replica drain|crash[,…]]
//
// --binary: default target/release/mage-mcp-server (bench/server-load.sh builds it).
// --baseline: another build of the server (bench/build-commit.sh --server COMMIT): each round
// runs it, then --binary, under the same load, and the end prints every figure of both side by
// side with the ratio, marking a figure more than 1.2 times worse than the baseline's.
// The server logs each call's stages (begin_us, tool_us, result_us: checks and credentials, the
// tool against its backend, the result redacted and serialised); their p50 and p99 are printed,
// and the rest of a call's latency is transport (HTTP, JSON-RPC, the event stream) and queueing.
// --mage-url: the server drives that Mage server, with MAGE_OAUTH_TOKEN and MAGE_API_KEY from the
// environment (bench/server-load.sh --mage starts one and logs in).
// --replicas N: the load goes through nginx to N replicas sharing their sessions through Redis, as
// a team deploys the server (bench/replicas/cluster.mjs: everything on 127.0.0.1, stopped at the
// end); a list (1,2,3) runs a round at each count and ends with a table of calls/s and p99 per
// count. --protocol: the clients' protocol, the legacy session mode (initialize, a session id)
// or MCP 2026-07-28 (no session; server/discover), or both (every other session). --stop-replica
// (with --replicas): once half the calls are done, replica 1 stops, stays stopped for a quarter
// of the calls, and is started again: "drain" asks it to stop (SIGTERM, as a deployment's restart
// does: it lets its calls in flight end), "crash" kills it (SIGKILL); a list takes one per round,
// in turn. The round then holds that no call hung, that every call begun after the replica was
// gone succeeded, and that every session went on with its own session id to its last call; and,
// the demo's changes being shared through the same Redis, that a run started on replica 1 itself
// just before it stops is found through nginx while replica 1 is down. Each call's failure is
// printed with its time.
// Every request is bounded (30 s), and each round by --max-seconds: past it the round fails.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { isWorse, WORSE_MARK } from "./compare.mjs";
import { startCluster } from "./replicas/cluster.mjs";

// The server admits only requests with its token (Authorization: Bearer): the load runs with it on.
const TOKEN = `server-load-${randomBytes(16).toString("hex")}`;
const AUTHORIZED = { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } };

const REQUEST_TIMEOUT = 30_000;
const STARTUP_TIMEOUT = 30_000;
const RSS_SAMPLE_MS = 50;

/** The protocols --protocol names. */
const LEGACY = "legacy";
const SESSIONLESS = "2026-07-28";
const PROTOCOLS = { [LEGACY]: [LEGACY], [SESSIONLESS]: [SESSIONLESS], both: [LEGACY, SESSIONLESS] };
/** How --stop-replica stops a replica: asked to stop (it drains), or killed. */
const STOP_SIGNALS = { drain: "SIGTERM", crash: "SIGKILL" };

function parseArgs(argv) {
  const options = { binary: "target/release/mage-mcp-server", baseline: null, sessions: 24, calls: 40, rounds: 2, maxSeconds: 300, mageUrl: null, replicas: "", protocol: LEGACY, stopReplica: "" };
  const names = { "--binary": "binary", "--baseline": "baseline", "--sessions": "sessions", "--calls": "calls", "--rounds": "rounds", "--max-seconds": "maxSeconds", "--mage-url": "mageUrl", "--replicas": "replicas", "--protocol": "protocol", "--stop-replica": "stopReplica" };
  for (let i = 0; i < argv.length; i += 2) {
    const key = names[argv[i]];
    if (!key || argv[i + 1] === undefined) throw new Error(`server-load.mjs: unknown or incomplete argument ${argv[i]} (see the header)`);
    options[key] = typeof options[key] === "number" ? Number(argv[i + 1]) : argv[i + 1];
  }
  for (const key of ["sessions", "calls", "rounds", "maxSeconds"]) {
    if (!Number.isInteger(options[key]) || options[key] < 1) throw new Error(`server-load.mjs: --${key} must be a whole number from 1`);
  }
  options.replicaCounts = options.replicas ? options.replicas.split(",").map(Number) : [0];
  if (options.replicas && !options.replicaCounts.every((n) => Number.isInteger(n) && n >= 1)) throw new Error("server-load.mjs: --replicas takes whole numbers from 1, comma-separated");
  options.protocols = PROTOCOLS[options.protocol];
  if (!options.protocols) throw new Error(`server-load.mjs: --protocol is one of ${Object.keys(PROTOCOLS).join(", ")}`);
  options.stopModes = options.stopReplica ? options.stopReplica.split(",") : [];
  if (!options.stopModes.every((mode) => mode in STOP_SIGNALS)) throw new Error(`server-load.mjs: --stop-replica takes ${Object.keys(STOP_SIGNALS).join(" or ")}, comma-separated`);
  if (options.stopReplica && !options.replicas) throw new Error("server-load.mjs: --stop-replica needs --replicas");
  if (options.stopReplica && options.replicaCounts.some((n) => n < 2)) throw new Error("server-load.mjs: --stop-replica needs at least 2 replicas (one to stop, one to answer)");
  if (options.replicas && (options.baseline || options.mageUrl)) throw new Error("server-load.mjs: --replicas runs this build on the demo project only");
  return options;
}

/** A field of /proc/PID/status in KiB (VmRSS, VmHWM), or null once the process is gone. */
function procStatusKiB(pid, field) {
  try {
    const line = readFileSync(`/proc/${pid}/status`, "utf8").split("\n").find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) : null;
  } catch {
    return null;
  }
}

/** CPU time (user + system) the process has used, in seconds (/proc/PID/stat, 100 ticks a second). */
function cpuSeconds(pid) {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return NaN;
  }
}

/** Waits, 2 s at most, until `done()`: the server's log lines arrive through a pipe. */
async function settle(done) {
  for (let waited = 0; !done() && waited < 2000; waited += 20) await new Promise((r) => setTimeout(r, 20));
}

/** The server's log line for a tool call: its own time for the tool, in whole ms. */
const TOOL_CALL_LOG = /tool call\b.*?\btool="?(\w+)"?.*?\belapsed_ms=(\d+)/;
/** The stages a server that logs them reports for a call, in microseconds. */
const STAGES = ["begin_us", "tool_us", "result_us"];
const stageOf = (line, stage) => {
  const m = line.match(new RegExp(`\\b${stage}=(\\d+)`));
  return m ? Number(m[1]) : null;
};

/** Reads a server's log line: a tool call's time and stages into `toolTimes` and `stageTimes`. */
function readCallLog(line, toolTimes, stageTimes) {
  const call = line.match(TOOL_CALL_LOG);
  if (!call) return;
  (toolTimes[call[1]] ??= []).push(Number(call[2]));
  for (const stage of STAGES) {
    const us = stageOf(line, stage);
    if (us !== null) stageTimes[stage].push(us / 1000);
  }
}

/**
 * N replicas behind nginx (bench/replicas/cluster.mjs), as a target like startServer's: the
 * nginx URL, the replicas' tool times, the running replicas' pids, and the replicas' stop and
 * start.
 */
async function startReplicas(binary, widget, replicas) {
  const toolTimes = {};
  const stageTimes = Object.fromEntries(STAGES.map((stage) => [stage, []]));
  const cluster = await startCluster({ binary, widget, token: TOKEN, replicas, onReplicaLog: (_, line) => readCallLog(line, toolTimes, stageTimes) });
  return {
    url: cluster.url,
    toolTimes,
    stageTimes,
    pids: () => cluster.replicas.map((r) => r.child?.pid).filter(Boolean),
    cluster,
    stop: () => cluster.stop(),
  };
}

/** The target of a round: one server started directly, or N replicas behind nginx. */
async function startTarget(options, binary, widget, replicas) {
  if (replicas) return startReplicas(binary, widget, replicas);
  const { child, url, toolTimes, stageTimes } = await startServer(binary, widget, options.mageUrl);
  return { url, toolTimes, stageTimes, pids: () => [child.pid], stop: async () => { child.kill("SIGTERM"); } };
}

/**
 * Starts the server on a free loopback port; resolves with the child, its /mcp URL and the tool
 * times its log reports (filled as it runs).
 */
function startServer(binary, widget, mageUrl) {
  // At the default log level (info: a line per tool call, as deployed); stderr is read to the end.
  const args = ["--http", "127.0.0.1:0", "--widget", widget];
  if (mageUrl) args.push("--mage-url", mageUrl);
  const child = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, MCP_AUTH_TOKEN: TOKEN } });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => { child.kill(); reject(new Error(`the server did not announce its address in ${STARTUP_TIMEOUT} ms`)); }, STARTUP_TIMEOUT);
    let seen = "";
    let partial = "";
    let announced = false;
    const toolTimes = {};
    const stageTimes = Object.fromEntries(STAGES.map((stage) => [stage, []]));
    child.on("error", (e) => { clearTimeout(timer); reject(e); });
    child.on("exit", (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}) before serving:\n${seen}`)); });
    child.stderr.setEncoding("utf8");
    child.stderr.on("data", (chunk) => {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop();
      for (const line of lines) {
        readCallLog(line, toolTimes, stageTimes);
        if (announced) continue;
        if (seen.length < 1 << 16) seen += line + "\n";
        const address = line.match(/http:\/\/127\.0\.0\.1:\d+\/mcp/);
        if (address) { announced = true; clearTimeout(timer); child.removeAllListeners("exit"); resolve({ child, url: address[0], toolTimes, stageTimes }); }
      }
    });
  });
}

/** A client of the official SDK on `protocol`: the legacy session mode, or 2026-07-28 pinned. */
async function connect(url, protocol = LEGACY) {
  const negotiation = protocol === SESSIONLESS ? { versionNegotiation: { mode: { pin: SESSIONLESS } } } : {};
  const client = new Client({ name: "server-load-bench", version: "1.0.0" }, negotiation);
  const transport = new StreamableHTTPClientTransport(new URL(url), AUTHORIZED);
  await client.connect(transport, { timeout: REQUEST_TIMEOUT });
  return { client, transport };
}

function callTool(client, name, args) {
  return client.callTool({ name, arguments: args }, { timeout: REQUEST_TIMEOUT });
}

function recordsOf(result) {
  return Array.isArray(result?.structuredContent?.records) ? result.structuredContent.records : [];
}

/**
 * What the mix calls the tools with, read from the project itself: its pipelines, the newest runs,
 * and block runs of those runs (for block_outputs).
 */
async function discover(url) {
  const { client } = await connect(url);
  try {
    const pipelines = recordsOf(await callTool(client, "pipeline_list", {})).map((r) => r.uuid).filter(Boolean);
    const runs = recordsOf(await callTool(client, "pipeline_runs", { per_page: 20 })).map((r) => r.id).filter((id) => id !== undefined);
    const blockRuns = [];
    for (const run of runs.slice(0, 5)) {
      for (const r of recordsOf(await callTool(client, "block_runs", { pipeline_run_id: run }))) if (r.id !== undefined) blockRuns.push(r.id);
    }
    if (!pipelines.length || !runs.length || !blockRuns.length) {
      throw new Error(`the project lacks what the mix needs: ${pipelines.length} pipelines, ${runs.length} runs, ${blockRuns.length} block runs`);
    }
    return { pipelines, runs, blockRuns, calls: 2 + Math.min(5, runs.length) };
  } finally {
    await client.close().catch(() => {});
  }
}

/** The mix: the read tools a host calls most, in turn, each with ids chosen by position. */
const MIX = [
  ["pipeline_list", () => ({})],
  ["pipeline_get", (ids, k) => ({ uuid: pick(ids.pipelines, k) })],
  ["block_list", (ids, k) => ({ pipeline_uuid: pick(ids.pipelines, k) })],
  ["pipeline_runs", (ids, k) => ({ pipeline_uuid: pick(ids.pipelines, k), per_page: 20 })],
  ["block_runs", (ids, k) => ({ pipeline_run_id: pick(ids.runs, k) })],
  ["run_logs", (ids, k) => ({ pipeline_run_id: pick(ids.runs, k) })],
  ["block_outputs", (ids, k) => ({ block_run_id: pick(ids.blockRuns, k) })],
  ["pipeline_schedules", (ids, k) => ({ pipeline_uuid: pick(ids.pipelines, k) })],
];

function pick(list, k) {
  return list[k % list.length];
}

/**
 * One session on `protocol`: handshake (2026-07-28: server/discover), then `calls` tool calls,
 * each timed. With `keepGoing`, a call that fails is recorded in `samples.failures` (its tool,
 * when it began and ended, the error) and the session goes on with its next call; the session id
 * it began with and the one it ends with go to `samples.sessions`. `afterCall()` runs after each.
 */
async function session(url, ids, index, calls, samples, { protocol = LEGACY, keepGoing = false, afterCall = () => {} } = {}) {
  const started = performance.now();
  const { client, transport } = await connect(url, protocol);
  samples.handshake.push(performance.now() - started);
  const sessionId = transport.sessionId;
  let done = 0;
  try {
    for (let call = 0; call < calls; call++) {
      const [tool, args] = MIX[(index + call) % MIX.length];
      const t = performance.now();
      try {
        const result = await callTool(client, tool, args(ids, index * 7 + call));
        const ms = performance.now() - t;
        (samples.tools[tool] ??= []).push(ms);
        samples.all.push(ms);
        (samples.byProtocol[protocol] ??= []).push(ms);
        samples.calls.push({ began: t, ok: true });
        if (result.isError) samples.toolErrors.push(`${tool}: ${result.content?.[0]?.text?.slice(0, 160)}`);
        done += 1;
      } catch (error) {
        if (!keepGoing) throw error;
        samples.calls.push({ began: t, ok: false });
        samples.failures.push({ protocol, tool, began: t, ended: performance.now(), error: String(error?.message ?? error).slice(0, 200) });
      }
      afterCall();
    }
  } finally {
    samples.sessions.push({ protocol, began: sessionId, ended: transport.sessionId, done });
    await client.close().catch(() => {});
  }
}

function percentile(sorted, p) {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

function row(name, values) {
  const sorted = [...values].sort((a, b) => a - b);
  const f = (v) => v.toFixed(1);
  return `| ${name} | ${sorted.length} | ${f(percentile(sorted, 50))} | ${f(percentile(sorted, 99))} | ${f(sorted[sorted.length - 1])} |`;
}

const mib = (kib) => (kib === null ? "n/a" : `${(kib / 1024).toFixed(1)} MiB`);

/** A figure summed over processes (their VmRSS, CPU seconds), NaN or null when one is gone. */
const sumOver = (pids, read) => pids.reduce((sum, pid) => (sum === null ? null : (read(pid) === null ? null : sum + read(pid))), 0);

/**
 * Starts a run of `pipeline` on replica `index` itself, not through nginx, so that the replica
 * about to stop is the one that took it; resolves with the run's id. The client has no session
 * (MCP 2026-07-28): the round's own sessions are the ones it counts.
 */
async function startRunOn(target, index, pipeline) {
  const { client } = await connect(`http://127.0.0.1:${target.cluster.replicas[index].port}/mcp`, SESSIONLESS);
  try {
    const result = await callTool(client, "run_pipeline", { pipeline_uuid: pipeline });
    const id = result?.structuredContent?.mutation?.id;
    if (result.isError || id === undefined) throw new Error(`run_pipeline on replica ${index + 1} did not start a run: ${result.content?.[0]?.text?.slice(0, 200)}`);
    return id;
  } finally {
    await client.close().catch(() => {});
  }
}

/** pipeline_run_get of run `id` through `url`: whether it was found, and its status or the error. */
async function findRun(url, id) {
  const { client } = await connect(url);
  try {
    const result = await callTool(client, "pipeline_run_get", { pipeline_run_id: id });
    const record = recordsOf(result)[0];
    const found = !result.isError && String(record?.id) === String(id);
    return { found, said: found ? record.status : result.content?.[0]?.text?.slice(0, 200) };
  } catch (error) {
    return { found: false, said: String(error?.message ?? error).slice(0, 200) };
  } finally {
    await client.close().catch(() => {});
  }
}

/**
 * Stops replica 1 of `target` (SIGTERM: it drains its calls in flight), looks for run `runId`
 * (started on replica 1) through nginx once it is gone, keeps it stopped until `whileDown`
 * resolves (calls made meanwhile go to the others), and starts it again; resolves with the times
 * (performance.now()) the stop was asked, the replica was gone, and it served again, and what
 * the look found.
 */
async function stopAndRestartReplica(target, mode, whileDown, runId) {
  const asked = performance.now();
  await target.cluster.stopReplica(0, STOP_SIGNALS[mode]);
  const gone = performance.now();
  const run = { id: runId, ...(await findRun(target.url, runId)) };
  await whileDown();
  await target.cluster.startReplica(0);
  return { mode, asked, gone, back: performance.now(), run };
}

/**
 * What a round with a replica stopped must hold: no call hung, every call begun once the replica
 * was gone succeeded, every session went on with its session id to its last call. Prints the
 * account; returns whether it held.
 */
function checkStop(stop, samples, options) {
  const ms = (t) => `${((t - stop.asked) / 1000).toFixed(2)} s`;
  const down = samples.calls.filter((c) => c.began >= stop.gone && c.began < stop.back).length;
  console.log(`\nreplica 1 ${stop.mode === "crash" ? "killed (SIGKILL)" : "asked to stop (SIGTERM)"} at ${((stop.asked - samples.t0) / 1000).toFixed(2)} s into the round; gone ${ms(stop.gone)} later; serving again ${ms(stop.back)} after the ask (${down} calls begun while it was down)`);
  const hung = samples.failures.filter((f) => /time(d)? ?out/i.test(f.error));
  const late = samples.failures.filter((f) => f.began >= stop.gone);
  const inFlight = samples.failures.filter((f) => f.began < stop.gone);
  for (const f of samples.failures) console.log(`  call failed (${f.protocol}, ${f.tool}, begun ${ms(f.began)} after the ask, ended after ${((f.ended - f.began) / 1000).toFixed(2)} s): ${f.error}`);
  const begunAfter = samples.calls.filter((c) => c.began >= stop.gone).length;
  const restarted = samples.sessions.filter((s) => s.began !== s.ended);
  console.log(`calls: ${samples.calls.length}, of which ${samples.failures.length} failed (${inFlight.length} begun before the replica was gone, ${late.length} after); ${begunAfter} calls begun after it was gone; hung: ${hung.length}`);
  console.log(`sessions: ${samples.sessions.length} (${options.protocols.join(" and ")}), ${restarted.length} with another session id at the end`);
  console.log(`a run started on replica 1 before it stopped (id ${stop.run.id}): ${stop.run.found ? `found through nginx while it was down, ${stop.run.said}` : `not found while it was down: ${stop.run.said}`}`);
  const held = hung.length === 0 && late.length === 0 && restarted.length === 0 && begunAfter > 0 && stop.run.found;
  if (!held) console.error(`server-load.mjs: the stop was not survived: ${hung.length} hung, ${late.length} failed after the replica was gone, ${restarted.length} sessions started over${begunAfter > 0 ? "" : ", no call begun after the replica was gone"}${stop.run.found ? "" : ", the run started before the stop was not found after it"}`);
  return held;
}

/**
 * One round against a fresh server from `binary` (`name` in the output), or `replicas` of it
 * behind nginx: prints its table, returns its figures (lower is better except throughput) and
 * whether every call succeeded (with --stop-replica: whether the stop was survived).
 */
async function round(options, binary, name, widget, number, replicas = 0) {
  const target = await startTarget(options, binary, widget, replicas);
  const { url, toolTimes, stageTimes } = target;
  let peakRss = 0;
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, sumOver(target.pids(), (pid) => procStatusKiB(pid, "VmRSS")) ?? 0); }, RSS_SAMPLE_MS);
  let deadline;
  try {
    const ids = await discover(url);
    // With a replica to stop: a run it takes before the load, looked for once it is gone.
    const stopMode = options.stopModes[(number - 1) % options.stopModes.length];
    const runBeforeStop = stopMode ? await startRunOn(target, 0, ids.pipelines[0]) : undefined;
    const logged = () => Object.values(toolTimes).flat().length;
    await settle(() => logged() >= ids.calls + (stopMode ? 1 : 0));
    for (const key of Object.keys(toolTimes)) delete toolTimes[key];
    for (const stage of STAGES) stageTimes[stage].length = 0;
    const pids = target.pids();
    const idleRss = sumOver(pids, (pid) => procStatusKiB(pid, "VmRSS"));
    const samples = { handshake: [], tools: {}, all: [], byProtocol: {}, toolErrors: [], failures: [], calls: [], sessions: [] };
    const serverCpu0 = sumOver(pids, cpuSeconds);
    const clientCpu0 = process.cpuUsage();
    const load = loadavg()[0];
    const t0 = performance.now();
    samples.t0 = t0;
    // Replica 1 stops once half the calls are done and stays stopped for a quarter more.
    let stopping = null;
    const total = options.sessions * options.calls;
    const callsWhileDown = Math.floor(total / 4);
    let downSince = null;
    let onCall = () => {};
    let loadDone = false;
    const whileDown = () => new Promise((resolve) => {
      downSince = samples.calls.length;
      onCall = () => { if (loadDone || samples.calls.length - downSince >= callsWhileDown) resolve(); };
      onCall();
    });
    const afterCall = () => {
      if (stopMode && !stopping && samples.calls.length >= total / 2) stopping = stopAndRestartReplica(target, stopMode, whileDown, runBeforeStop);
      onCall();
    };
    const sessions = Array.from({ length: options.sessions }, (_, i) => {
      const protocol = options.protocols[i % options.protocols.length];
      return session(url, ids, i, options.calls, samples, { protocol, keepGoing: Boolean(stopMode), afterCall });
    });
    const limit = new Promise((_, reject) => { deadline = setTimeout(() => reject(new Error(`the round took over ${options.maxSeconds} s`)), options.maxSeconds * 1000); });
    await Promise.race([Promise.all(sessions), limit]);
    const wall = (performance.now() - t0) / 1000;
    loadDone = true;
    onCall();
    const stop = stopping ? await Promise.race([stopping, limit]) : null;
    const samePids = target.pids().join() === pids.join();
    const serverCpu = samePids ? sumOver(pids, cpuSeconds) - serverCpu0 : NaN;
    const clientCpuUsage = process.cpuUsage(clientCpu0);
    const clientCpu = (clientCpuUsage.user + clientCpuUsage.system) / 1e6;
    await settle(() => logged() >= samples.all.length);
    const hwm = samePids ? sumOver(pids, (pid) => procStatusKiB(pid, "VmHWM")) : null;
    const where = replicas ? `${replicas} replica(s) behind nginx, sessions in Redis` : (options.mageUrl ? `Mage at ${options.mageUrl}` : "the demo project");
    console.log(`\n### Round ${number}, ${name} (${binary}): ${options.sessions} concurrent sessions x ${options.calls} calls, ${where}${replicas ? `, the demo project; clients: ${options.protocols.join(" and ")}` : ""}`);
    console.log(`\nload average before the round ${load.toFixed(2)} on ${cpus().length} cores; ${ids.pipelines.length} pipelines, ${ids.runs.length} runs, ${ids.blockRuns.length} block runs in the mix\n`);
    console.log("| | calls | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|");
    for (const [tool] of MIX) if (samples.tools[tool]) console.log(row(tool, samples.tools[tool]));
    console.log(row("**all tool calls**", samples.all));
    if (options.protocols.length > 1) for (const protocol of options.protocols) if (samples.byProtocol[protocol]) console.log(row(`  clients on ${protocol}`, samples.byProtocol[protocol]));
    console.log(row(replicas ? "handshake (initialize + initialized, or server/discover)" : "handshake (initialize + initialized)", samples.handshake));
    console.log(row("the tools' own time in the server (its log, whole ms)", Object.values(toolTimes).flat()));
    const stageNames = { begin_us: "  stage: checks and credentials", tool_us: "  stage: the tool against its backend", result_us: "  stage: the result redacted and serialised" };
    for (const stage of STAGES) if (stageTimes[stage].length) console.log(row(stageNames[stage], stageTimes[stage]));
    console.log(`\n${samples.all.length} calls in ${wall.toFixed(2)} s: ${(samples.all.length / wall).toFixed(0)} calls/s; tool errors: ${samples.toolErrors.length}`);
    for (const e of samples.toolErrors.slice(0, 5)) console.log(`  tool error: ${e}`);
    const servers = replicas ? `the ${replicas} replica(s)` : "server";
    console.log(Number.isFinite(serverCpu)
      ? `CPU over the round: ${servers} ${serverCpu.toFixed(2)} s (${((serverCpu / samples.all.length) * 1000).toFixed(2)} ms a call), this client ${clientCpu.toFixed(2)} s, of ${(wall * cpus().length).toFixed(1)} core-seconds`
      : `CPU over the round: this client ${clientCpu.toFixed(2)} s, of ${(wall * cpus().length).toFixed(1)} core-seconds (a replica was restarted: the servers' is not summed)`);
    console.log(`${replicas ? "the replicas' memory, summed" : "server memory"}: VmRSS idle ${mib(idleRss)}, highest sampled VmRSS ${mib(peakRss)}, VmHWM ${mib(hwm)}`);
    const held = stop ? checkStop(stop, samples, options) : true;
    const sorted = [...samples.all].sort((a, b) => a - b);
    const stagePercentile = (stage, p) => (stageTimes[stage].length ? percentile([...stageTimes[stage]].sort((a, b) => a - b), p) : NaN);
    const figures = {
      "p50 ms": percentile(sorted, 50),
      "p99 ms": percentile(sorted, 99),
      "max ms": sorted[sorted.length - 1],
      "calls/s": samples.all.length / wall,
      "server CPU a call, ms": (serverCpu / samples.all.length) * 1000,
      "VmRSS idle, MiB": idleRss === null ? NaN : idleRss / 1024,
      "VmHWM, MiB": hwm === null ? NaN : hwm / 1024,
      "tool stage p99 ms": stagePercentile("tool_us", 99),
      "result stage p99 ms": stagePercentile("result_us", 99),
    };
    return { ok: samples.toolErrors.length === 0 && held, figures };
  } finally {
    clearTimeout(deadline);
    clearInterval(sampler);
    await target.stop();
  }
}

/** The figures of each replica count, one line each (medians over the rounds). */
function replicasTable(byCount, options) {
  console.log(`\n## Through nginx, by replicas (medians of ${options.rounds} round(s); ${options.sessions} sessions x ${options.calls} calls; clients: ${options.protocols.join(" and ")})\n`);
  console.log("| replicas | calls/s | p50 ms | p99 ms |\n|---:|---:|---:|---:|");
  for (const [count, rounds] of byCount) {
    const f = (key) => medianOf(rounds, key).toFixed(1);
    console.log(`| ${count} | ${medianOf(rounds, "calls/s").toFixed(0)} | ${f("p50 ms")} | ${f("p99 ms")} |`);
  }
}

/** The median of the rounds' values of one figure. */
function medianOf(rounds, key) {
  const values = rounds.map((r) => r[key]).filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  return values.length ? values[Math.floor((values.length - 1) / 2)] : NaN;
}

/** Both builds' figures side by side (medians over the rounds), each as a ratio to the baseline. */
function compare(figures, options) {
  console.log(`\n## Against the baseline (${options.baseline}), medians of ${options.rounds} round(s) each\n`);
  console.log("| figure | baseline | current | current ÷ baseline | |\n|---|---:|---:|---:|---|");
  for (const key of Object.keys(figures.current[0] ?? {})) {
    const base = medianOf(figures.baseline, key);
    const now = medianOf(figures.current, key);
    const ratio = now / base;
    const worse = isWorse(base, now, { higherIsBetter: key === "calls/s" });
    const shown = (v) => (Number.isFinite(v) ? v.toFixed(1) : "n/a");
    console.log(`| ${key} | ${shown(base)} | ${shown(now)} | ${Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : "n/a"} | ${worse ? WORSE_MARK : ""} |`);
  }
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  // The tools' latency does not depend on the widget; a small file keeps the figures independent of a widget build.
  const dir = mkdtempSync(join(tmpdir(), "server-load-"));
  const widget = join(dir, "widget.html");
  writeFileSync(widget, "<!doctype html><title>load</title><main id=app></main>\n");
  let ok = true;
  const builds = options.baseline ? [["baseline", options.baseline], ["current", options.binary]] : [["current", options.binary]];
  const figures = Object.fromEntries(builds.map(([name]) => [name, []]));
  const byCount = new Map(options.replicaCounts.map((count) => [count, []]));
  try {
    for (let n = 1; n <= options.rounds; n++) {
      for (const count of options.replicaCounts) {
        for (const [name, binary] of builds) {
          const result = await round(options, binary, name, widget, n, count);
          ok = result.ok && ok;
          figures[name].push(result.figures);
          byCount.get(count).push(result.figures);
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (options.baseline) compare(figures, options);
  if (options.replicas) replicasTable(byCount, options);
  if (!ok) {
    console.error(options.stopReplica ? "server-load.mjs: a call failed past the stop, a session started over, or the run started before the stop was not found after it (above)" : "server-load.mjs: some tool calls failed (above)");
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(`server-load.mjs: ${e?.stack ?? e}`);
  process.exit(1);
});
