// docs/deploy.md against what runs: its "Run it here" command started as written (with the
// debug server already built, MAGE_MCP_SERVER) and used through nginx until Ctrl-C; the nginx
// `location`, upstream servers and body limits of "Run it for real" equal to the configuration
// of the local deployment (bench/replicas/cluster.mjs), which every replicas check goes through;
// each option of its replica command one the server takes.
//
//   node --test tests/deploy.test.mjs
//
// Needs target/debug/mage-mcp-server (cargo build -p mage-mcp-server), redis-server and nginx.
import { test } from "node:test";
import assert from "node:assert/strict";
import { spawn, execFileSync } from "node:child_process";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import { createConnection } from "node:net";
import { fileURLToPath } from "node:url";
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { nginxConfig, MAX_REQUEST_BYTES } from "../bench/replicas/cluster.mjs";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SERVER = process.env.MAGE_MCP_SERVER ?? `${ROOT}target/debug/mage-mcp-server`;
const DOCS = readFileSync(`${ROOT}docs/deploy.md`, "utf8");
const START_LIMIT_MS = 60_000;
const STOP_LIMIT_MS = 30_000;
const CALL_LIMIT_MS = 20_000;

/** The text of each fenced block of docs/deploy.md in `language`. */
function fenced(language) {
  return [...DOCS.matchAll(/```(\w*)\n([\s\S]*?)```/g)].filter((m) => m[1] === language).map((m) => m[2]);
}

function onlyBlock(language, containing) {
  const blocks = fenced(language).filter((text) => text.includes(containing));
  assert.equal(blocks.length, 1, `one \`\`\`${language} block of docs/deploy.md contains ${JSON.stringify(containing)}`);
  return blocks[0];
}

/** nginx text without comments, its whitespace folded. */
const uncommented = (text) => text.replace(/#[^\n]*/g, "").replace(/\s+/g, " ");

/** The directives of the block that opens with `opening` (e.g. "location /mcp"), each folded. */
function directivesOf(text, opening) {
  const flat = uncommented(text);
  const start = flat.indexOf(`${opening} {`);
  assert.ok(start >= 0, `a block "${opening} { … }"`);
  const end = flat.indexOf("}", start);
  return flat
    .slice(start + opening.length + 2, end)
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean);
}

/** The value of `name`'s directive in bytes (nginx sizes: 4m, 512k, 4194304). */
function sizeOf(text, name) {
  const match = uncommented(text).match(new RegExp(`${name} (\\d+)([kKmM]?);`));
  assert.ok(match, `a ${name} directive`);
  const unit = { "": 1, k: 1024, m: 1024 * 1024 }[match[2].toLowerCase()];
  return Number(match[1]) * unit;
}

/** Each upstream server's parameters, after its address. */
const serverParameters = (text) => directivesOf(text, "upstream mcp_replicas").map((d) => d.split(" ").slice(2).join(" "));

const LOCAL = nginxConfig("/tmp/replicas", 8080, [3001, 3002, 3003], MAX_REQUEST_BYTES);
const FOR_REAL = onlyBlock("nginx", "upstream mcp_replicas");

test("the nginx location of docs/deploy.md is the one the local deployment runs", () => {
  assert.deepEqual(directivesOf(FOR_REAL, "location /mcp"), directivesOf(LOCAL, "location /mcp"));
});

test("its upstream servers and body limits are the local deployment's and the server's", () => {
  assert.deepEqual(serverParameters(FOR_REAL), serverParameters(LOCAL));
  const help = execFileSync(SERVER, ["--help"], { encoding: "utf8" });
  const serverLimit = Number(help.match(/--max-request-bytes[^\n]*\[default: (\d+)\]/)?.[1]);
  for (const name of ["client_max_body_size", "client_body_buffer_size"]) {
    assert.equal(sizeOf(FOR_REAL, name), sizeOf(LOCAL, name), name);
    assert.equal(sizeOf(FOR_REAL, name), serverLimit, `${name} is the server's --max-request-bytes default`);
  }
});

test("each option and variable of its replica command is one the server takes", () => {
  const command = onlyBlock("sh", "mage-mcp-server --http");
  const help = execFileSync(SERVER, ["--help"], { encoding: "utf8" });
  const options = [...command.matchAll(/(?<=\s)--[a-z][a-z-]*/g)].map((m) => m[0]);
  assert.ok(options.length >= 5, `the command's options: ${options}`);
  for (const option of options) assert.match(help, new RegExp(`\\s${option}[\\s=]`), `${option} in mage-mcp-server --help`);
  for (const [, name] of command.matchAll(/^([A-Z_]+)=/gm)) assert.match(help, new RegExp(`\\$?${name}\\b`), `${name} in mage-mcp-server --help`);
});

/** Whether 127.0.0.1:port takes a connection. */
function listening(port) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    socket.setTimeout(1000, () => { socket.destroy(); resolve(false); });
    socket.on("error", () => resolve(false));
    socket.on("connect", () => { socket.destroy(); resolve(true); });
  });
}

test("its Run it here command serves the demo through nginx and stops everything on Ctrl-C", async () => {
  const command = onlyBlock("sh", "deploy-local.sh").trim();
  const [script, ...args] = command.split(/\s+/);
  const env = { ...process.env, MAGE_MCP_SERVER: SERVER };
  delete env.MCP_AUTH_TOKEN;
  const child = spawn(`${ROOT}${script}`, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  const exited = once(child, "exit");
  /** Whether the script ends within `ms`. */
  const endsWithin = async (ms) => {
    let limit;
    const ended = await Promise.race([exited.then(() => true), new Promise((resolve) => (limit = setTimeout(() => resolve(false), ms)))]);
    clearTimeout(limit);
    return ended;
  };
  let printed = "";
  // Settles when the script says it serves (its last line at start), ends, or the limit passes.
  let startLimit;
  const serving = new Promise((resolve, reject) => {
    const read = (chunk) => {
      printed += chunk;
      if (/Ctrl-C stops everything/.test(printed)) resolve();
    };
    child.stdout.setEncoding("utf8").on("data", read);
    child.stderr.setEncoding("utf8").on("data", read);
    exited.then(() => reject(new Error(`deploy-local.sh ended before serving:\n${printed}`)));
    startLimit = setTimeout(() => reject(new Error(`deploy-local.sh did not announce its endpoint within ${START_LIMIT_MS} ms:\n${printed}`)), START_LIMIT_MS);
  });
  try {
    await serving.finally(() => clearTimeout(startLimit));
    const endpoint = printed.match(/MCP endpoint: (http:\/\/127\.0\.0\.1:(\d+)\/mcp)/);
    const token = printed.match(/Bearer <token>\): ([0-9a-f]{64})/)?.[1];
    assert.ok(endpoint && token, `an endpoint and a token printed:\n${printed}`);
    const replicaPorts = [...(printed.match(/replica\(s\) on ([^,]+(?:, [^,]+)*), sessions/)?.[1] ?? "").matchAll(/127\.0\.0\.1:(\d+)/g)].map((m) => Number(m[1]));
    assert.equal(replicaPorts.length, Number(args[args.indexOf("--replicas") + 1]), `the replicas the command asks for:\n${printed}`);

    // Without a session (MCP 2026-07-28): its calls go to every replica in turn, and no event
    // stream stays open.
    const client = new Client({ name: "deploy-docs-check", version: "1.0.0" }, { versionNegotiation: { mode: { pin: "2026-07-28" } } });
    await client.connect(new StreamableHTTPClientTransport(new URL(endpoint[1]), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }), { timeout: CALL_LIMIT_MS });
    // One call per replica at least: nginx takes them in turn.
    for (let i = 0; i < replicaPorts.length; i++) {
      const result = await client.callTool({ name: "pipeline_list", arguments: {} }, { timeout: CALL_LIMIT_MS });
      assert.ok(!result.isError, `pipeline_list through nginx: ${JSON.stringify(result).slice(0, 300)}`);
      assert.ok(result.structuredContent?.records?.length > 0, "the demo's pipelines");
    }
    await client.close();

    child.kill("SIGINT");
    assert.ok(await endsWithin(STOP_LIMIT_MS), `deploy-local.sh still running ${STOP_LIMIT_MS} ms after Ctrl-C`);
    assert.equal(child.exitCode, 0, `deploy-local.sh's exit after Ctrl-C:\n${printed}`);
    for (const port of [Number(endpoint[2]), ...replicaPorts]) assert.equal(await listening(port), false, `nothing left listening on ${port}`);
  } finally {
    // A check that failed leaves the deployment up: Ctrl-C lets it stop what it started.
    if (child.exitCode === null && child.signalCode === null) {
      child.kill("SIGINT");
      if (!(await endsWithin(STOP_LIMIT_MS))) {
        child.kill("SIGKILL");
        await exited;
      }
    }
  }
});
