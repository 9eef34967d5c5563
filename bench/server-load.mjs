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
//
// --binary: default target/release/mage-mcp-server (scripts/bench-server.sh builds it).
// --baseline: another build of the server (scripts/build-commit.sh --server COMMIT): each round
// runs it, then --binary, under the same load, and the end prints every figure of both side by
// side with the ratio, marking a figure more than 1.2 times worse than the baseline's.
// The server logs each call's stages (begin_us, tool_us, result_us: checks and credentials, the
// tool against its backend, the result redacted and serialised); their p50 and p99 are printed,
// and the rest of a call's latency is transport (HTTP, JSON-RPC, the event stream) and queueing.
// --mage-url: the server drives that Mage server, with MAGE_OAUTH_TOKEN and MAGE_API_KEY from the
// environment (scripts/bench-server.sh --mage starts one and logs in).
// Every request is bounded (30 s), and each round by --max-seconds: past it the round fails.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { isWorse, WORSE_MARK } from "./compare.mjs";

// The server admits only requests with its token (Authorization: Bearer): the load runs with it on.
const TOKEN = `server-load-${randomBytes(16).toString("hex")}`;
const AUTHORIZED = { requestInit: { headers: { Authorization: `Bearer ${TOKEN}` } } };

const REQUEST_TIMEOUT = 30_000;
const STARTUP_TIMEOUT = 30_000;
const RSS_SAMPLE_MS = 50;

function parseArgs(argv) {
  const options = { binary: "target/release/mage-mcp-server", baseline: null, sessions: 24, calls: 40, rounds: 2, maxSeconds: 300, mageUrl: null };
  const names = { "--binary": "binary", "--baseline": "baseline", "--sessions": "sessions", "--calls": "calls", "--rounds": "rounds", "--max-seconds": "maxSeconds", "--mage-url": "mageUrl" };
  for (let i = 0; i < argv.length; i += 2) {
    const key = names[argv[i]];
    if (!key || argv[i + 1] === undefined) throw new Error(`server-load.mjs: unknown or incomplete argument ${argv[i]} (see the header)`);
    options[key] = typeof options[key] === "number" ? Number(argv[i + 1]) : argv[i + 1];
  }
  for (const key of ["sessions", "calls", "rounds", "maxSeconds"]) {
    if (!Number.isInteger(options[key]) || options[key] < 1) throw new Error(`server-load.mjs: --${key} must be a whole number from 1`);
  }
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
        const call = line.match(TOOL_CALL_LOG);
        if (call) {
          (toolTimes[call[1]] ??= []).push(Number(call[2]));
          for (const stage of STAGES) {
            const us = stageOf(line, stage);
            if (us !== null) stageTimes[stage].push(us / 1000);
          }
        }
        if (announced) continue;
        if (seen.length < 1 << 16) seen += line + "\n";
        const address = line.match(/http:\/\/127\.0\.0\.1:\d+\/mcp/);
        if (address) { announced = true; clearTimeout(timer); child.removeAllListeners("exit"); resolve({ child, url: address[0], toolTimes, stageTimes }); }
      }
    });
  });
}

async function connect(url) {
  const client = new Client({ name: "server-load-bench", version: "1.0.0" });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), AUTHORIZED), { timeout: REQUEST_TIMEOUT });
  return client;
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
  const client = await connect(url);
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

/** One session: handshake, then `calls` tool calls, each timed. */
async function session(url, ids, index, calls, samples) {
  const started = performance.now();
  const client = await connect(url);
  samples.handshake.push(performance.now() - started);
  try {
    for (let call = 0; call < calls; call++) {
      const [tool, args] = MIX[(index + call) % MIX.length];
      const t = performance.now();
      const result = await callTool(client, tool, args(ids, index * 7 + call));
      const ms = performance.now() - t;
      (samples.tools[tool] ??= []).push(ms);
      samples.all.push(ms);
      if (result.isError) samples.toolErrors.push(`${tool}: ${result.content?.[0]?.text?.slice(0, 160)}`);
    }
  } finally {
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

/**
 * One round against a fresh server from `binary` (`name` in the output): prints its table, returns
 * its figures (lower is better except throughput) and whether every call succeeded.
 */
async function round(options, binary, name, widget, number) {
  const { child, url, toolTimes, stageTimes } = await startServer(binary, widget, options.mageUrl);
  let peakRss = 0;
  const sampler = setInterval(() => { peakRss = Math.max(peakRss, procStatusKiB(child.pid, "VmRSS") ?? 0); }, RSS_SAMPLE_MS);
  let deadline;
  try {
    const ids = await discover(url);
    const logged = () => Object.values(toolTimes).flat().length;
    await settle(() => logged() >= ids.calls);
    for (const key of Object.keys(toolTimes)) delete toolTimes[key];
    for (const stage of STAGES) stageTimes[stage].length = 0;
    const idleRss = procStatusKiB(child.pid, "VmRSS");
    const samples = { handshake: [], tools: {}, all: [], toolErrors: [] };
    const serverCpu0 = cpuSeconds(child.pid);
    const clientCpu0 = process.cpuUsage();
    const load = loadavg()[0];
    const t0 = performance.now();
    const sessions = Array.from({ length: options.sessions }, (_, i) => session(url, ids, i, options.calls, samples));
    const limit = new Promise((_, reject) => { deadline = setTimeout(() => reject(new Error(`the round took over ${options.maxSeconds} s`)), options.maxSeconds * 1000); });
    await Promise.race([Promise.all(sessions), limit]);
    const wall = (performance.now() - t0) / 1000;
    const serverCpu = cpuSeconds(child.pid) - serverCpu0;
    const clientCpuUsage = process.cpuUsage(clientCpu0);
    const clientCpu = (clientCpuUsage.user + clientCpuUsage.system) / 1e6;
    await settle(() => logged() >= samples.all.length);
    const hwm = procStatusKiB(child.pid, "VmHWM");
    console.log(`\n### Round ${number}, ${name} (${binary}): ${options.sessions} concurrent sessions x ${options.calls} calls, ${options.mageUrl ? `Mage at ${options.mageUrl}` : "the demo project"}`);
    console.log(`\nload average before the round ${load.toFixed(2)} on ${cpus().length} cores; ${ids.pipelines.length} pipelines, ${ids.runs.length} runs, ${ids.blockRuns.length} block runs in the mix\n`);
    console.log("| | calls | p50 ms | p99 ms | max ms |\n|---|---:|---:|---:|---:|");
    for (const [tool] of MIX) if (samples.tools[tool]) console.log(row(tool, samples.tools[tool]));
    console.log(row("**all tool calls**", samples.all));
    console.log(row("handshake (initialize + initialized)", samples.handshake));
    console.log(row("the tools' own time in the server (its log, whole ms)", Object.values(toolTimes).flat()));
    const stageNames = { begin_us: "  stage: checks and credentials", tool_us: "  stage: the tool against its backend", result_us: "  stage: the result redacted and serialised" };
    for (const stage of STAGES) if (stageTimes[stage].length) console.log(row(stageNames[stage], stageTimes[stage]));
    console.log(`\n${samples.all.length} calls in ${wall.toFixed(2)} s: ${(samples.all.length / wall).toFixed(0)} calls/s; tool errors: ${samples.toolErrors.length}`);
    for (const e of samples.toolErrors.slice(0, 5)) console.log(`  tool error: ${e}`);
    console.log(`CPU over the round: server ${serverCpu.toFixed(2)} s (${((serverCpu / samples.all.length) * 1000).toFixed(2)} ms a call), this client ${clientCpu.toFixed(2)} s, of ${(wall * cpus().length).toFixed(1)} core-seconds`);
    console.log(`server memory: VmRSS idle ${mib(idleRss)}, highest sampled VmRSS ${mib(peakRss)}, VmHWM ${mib(hwm)}`);
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
    return { ok: samples.toolErrors.length === 0, figures };
  } finally {
    clearTimeout(deadline);
    clearInterval(sampler);
    child.kill("SIGTERM");
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
  try {
    for (let n = 1; n <= options.rounds; n++) {
      for (const [name, binary] of builds) {
        const result = await round(options, binary, name, widget, n);
        ok = result.ok && ok;
        figures[name].push(result.figures);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (options.baseline) compare(figures, options);
  if (!ok) {
    console.error("server-load.mjs: some tool calls failed (above)");
    process.exitCode = 1;
  }
}

main().catch((e) => {
  console.error(`server-load.mjs: ${e?.stack ?? e}`);
  process.exit(1);
});
