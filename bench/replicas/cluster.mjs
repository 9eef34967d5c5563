// A local deployment of the MCP server as a team runs it: Redis (Debian's redis-server) holding
// the sessions and the demo project's changes, N replicas of crates/mage-mcp-server sharing them
// (--session-store), and nginx (Debian's) in front, round-robin, no sticky sessions. Everything binds 127.0.0.1 and lives in a
// temporary folder; every wait is bounded; stop() ends every process this started.
//
// Used by bench/server-load.mjs --replicas N (the load through nginx, a replica stopped in the
// middle), by tests/e2e/live-chain.spec.mjs (the widget following a run across a replica's loss)
// and by scripts/deploy-local.sh (the same deployment for a person, until Ctrl-C):
//
//   node bench/replicas/cluster.mjs --binary PATH [--replicas 2] [--widget FILE]
//
// prints the URL and the token (MCP_AUTH_TOKEN when set, else a new one), then serves until
// SIGINT or SIGTERM.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { once } from "node:events";
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createConnection, createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const STARTUP_TIMEOUT_MS = 30_000;
// A replica asked to stop drains its calls in flight (crates/mage-mcp-server/src/http.rs,
// DRAIN_WAIT: 30 s), then gives its connections 5 s: past this it is killed and that is a failure.
const REPLICA_STOP_TIMEOUT_MS = 45_000;
const PROCESS_STOP_TIMEOUT_MS = 10_000;
const POLL_MS = 50;
/** The largest request body nginx passes on: the replicas' own --max-request-bytes default. */
export const MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** A free TCP port on 127.0.0.1, as the system hands one out. */
export async function freePort() {
  const server = createServer();
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address();
  server.close();
  await once(server, "close");
  return port;
}

/** Whether 127.0.0.1:port answers `probe` with something that starts with `expected`. */
function answers(port, probe, expected) {
  return new Promise((resolve) => {
    const socket = createConnection({ host: "127.0.0.1", port });
    let seen = "";
    const done = (ok) => { socket.destroy(); resolve(ok); };
    socket.setTimeout(1000, () => done(false));
    socket.on("error", () => done(false));
    socket.on("connect", () => socket.write(probe));
    socket.on("data", (data) => { seen += data; if (seen.length >= expected.length) done(seen.startsWith(expected)); });
  });
}

/** Waits, within `ms`, until `check()` resolves true; else throws naming `what`. */
async function until(what, check, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  throw new Error(`${what} within ${ms} ms`);
}

/** Ends `child` with `signal`, then SIGKILL past `ms`; resolves with whether it ended in time. */
async function stopProcess(child, signal, ms) {
  if (child.exitCode !== null || child.signalCode !== null) return true;
  const exited = once(child, "exit");
  child.kill(signal);
  // The timer is cleared once the child ended: a pending one would keep this process alive.
  let timer;
  const inTime = await Promise.race([exited.then(() => true), new Promise((r) => (timer = setTimeout(() => r(false), ms)))]);
  clearTimeout(timer);
  if (!inTime) {
    child.kill("SIGKILL");
    await exited;
  }
  return inTime;
}

/** The nginx configuration: round-robin over `ports`, streams unbuffered, nothing on disk. */
export function nginxConfig(dir, port, ports, maxRequestBytes) {
  const servers = ports.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=5s;`).join("\n");
  return `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream mcp_replicas {
${servers}
  }
  server {
    listen 127.0.0.1:${port};
    # Bodies up to the server's own limit, kept in memory.
    client_max_body_size ${maxRequestBytes};
    client_body_buffer_size ${maxRequestBytes};
    location /mcp {
      proxy_pass http://mcp_replicas;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      # Event streams pass as they come.
      proxy_buffering off;
      proxy_cache off;
      proxy_read_timeout 1h;
      proxy_connect_timeout 2s;
      # A replica that refuses the connection (stopped) is skipped; a request it has begun to
      # answer is never sent again (a change could be made twice).
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

/**
 * Starts the deployment. `binary`: the server; `widget`: the HTML it serves (else its built-in
 * one); `token`: the HTTP
 * token every replica shares; `replicas`: how many; `onReplicaLog(index, line)`: each line a
 * replica logs. Resolves with { url, redisUrl, replicas, stopReplica(i), startReplica(i), stop() }.
 */
export async function startCluster({ binary, widget, token, replicas = 2, onReplicaLog = () => {}, maxRequestBytes = MAX_REQUEST_BYTES }) {
  const dir = mkdtempSync(join(tmpdir(), "mcp-replicas-"));
  // nginx's worker runs as another user when started by root: it must reach its folders.
  chmodSync(dir, 0o755);
  const children = [];
  const cluster = { dir, replicas: [], url: null, redisUrl: null };

  const stopAll = async () => {
    for (const replica of cluster.replicas) if (replica.child) await stopProcess(replica.child, "SIGKILL", PROCESS_STOP_TIMEOUT_MS);
    for (const child of children.reverse()) await stopProcess(child, "SIGTERM", PROCESS_STOP_TIMEOUT_MS);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    const redisPort = await freePort();
    const redis = spawn("redis-server", ["--bind", "127.0.0.1", "--port", String(redisPort), "--save", "", "--appendonly", "no", "--dir", dir], { stdio: ["ignore", "ignore", "inherit"] });
    children.push(redis);
    await until("redis-server did not answer", () => answers(redisPort, "PING\r\n", "+PONG"), STARTUP_TIMEOUT_MS);
    cluster.redisUrl = `redis://127.0.0.1:${redisPort}`;

    const startReplica = async (index) => {
      const replica = cluster.replicas[index];
      const args = ["--http", `127.0.0.1:${replica.port}`, ...(widget ? ["--widget", widget] : []), "--session-store", cluster.redisUrl];
      const child = spawn(binary, args, { stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, MCP_AUTH_TOKEN: token } });
      replica.child = child;
      let partial = "";
      let announced = false;
      const ready = new Promise((resolve, reject) => {
        child.on("error", reject);
        child.on("exit", (code, signal) => { if (!announced) reject(new Error(`replica ${index + 1} exited (${code ?? signal}) before serving`)); });
        child.stderr.setEncoding("utf8");
        child.stderr.on("data", (chunk) => {
          const lines = (partial + chunk).split("\n");
          partial = lines.pop();
          for (const line of lines) {
            onReplicaLog(index, line);
            if (!announced && line.includes(`http://127.0.0.1:${replica.port}/mcp`)) { announced = true; resolve(); }
          }
        });
      });
      let timer;
      const limit = new Promise((_, reject) => { timer = setTimeout(() => reject(new Error(`replica ${index + 1} did not announce its address in ${STARTUP_TIMEOUT_MS} ms`)), STARTUP_TIMEOUT_MS); });
      try {
        await Promise.race([ready, limit]);
      } finally {
        clearTimeout(timer);
      }
    };
    /**
     * Stops replica `index` with `signal`: SIGTERM asks it to stop (it drains, then exits), as a
     * deployment's restart does; SIGKILL is a crash. Resolves with the ms it took.
     */
    const stopReplica = async (index, signal = "SIGTERM") => {
      const replica = cluster.replicas[index];
      const started = performance.now();
      const inTime = await stopProcess(replica.child, signal, REPLICA_STOP_TIMEOUT_MS);
      replica.child = null;
      if (!inTime) throw new Error(`replica ${index + 1} did not stop within ${REPLICA_STOP_TIMEOUT_MS} ms of SIGTERM`);
      return performance.now() - started;
    };

    for (let i = 0; i < replicas; i++) cluster.replicas.push({ port: await freePort(), child: null });
    for (let i = 0; i < replicas; i++) await startReplica(i);

    const nginxPort = await freePort();
    writeFileSync(join(dir, "nginx.conf"), nginxConfig(dir, nginxPort, cluster.replicas.map((r) => r.port), maxRequestBytes));
    const nginx = spawn("nginx", ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", "stderr"], { stdio: ["ignore", "ignore", "inherit"] });
    children.push(nginx);
    await until("nginx did not answer", () => answers(nginxPort, "GET / HTTP/1.0\r\n\r\n", "HTTP/1.1"), STARTUP_TIMEOUT_MS);
    cluster.url = `http://127.0.0.1:${nginxPort}/mcp`;
    return { ...cluster, startReplica, stopReplica, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

/** The deployment for a person: started, announced, stopped on SIGINT or SIGTERM. */
async function serveUntilStopped(argv) {
  const options = { binary: null, replicas: 2, widget: null };
  for (let i = 0; i < argv.length; i += 2) {
    const key = { "--binary": "binary", "--replicas": "replicas", "--widget": "widget" }[argv[i]];
    if (!key || argv[i + 1] === undefined) throw new Error(`cluster.mjs: unknown or incomplete argument ${argv[i]} (see the header)`);
    options[key] = key === "replicas" ? Number(argv[i + 1]) : argv[i + 1];
  }
  if (!options.binary) throw new Error("cluster.mjs: --binary PATH is needed");
  if (!Number.isInteger(options.replicas) || options.replicas < 1) throw new Error("cluster.mjs: --replicas takes a whole number from 1");
  const given = process.env.MCP_AUTH_TOKEN;
  const token = given || randomBytes(32).toString("hex");
  const cluster = await startCluster({ binary: options.binary, widget: options.widget, token, replicas: options.replicas });
  console.log(`${options.replicas} replica(s) on ${cluster.replicas.map((r) => `127.0.0.1:${r.port}`).join(", ")}, sessions and the demo project's changes in Redis at ${cluster.redisUrl}, nginx in front:`);
  console.log(`  MCP endpoint: ${cluster.url}`);
  console.log(given ? "  token: the one in MCP_AUTH_TOKEN" : `  token (send Authorization: Bearer <token>): ${token}`);
  console.log("Ctrl-C stops everything.");
  await new Promise((resolve) => { process.once("SIGINT", resolve); process.once("SIGTERM", resolve); });
  await cluster.stop();
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  serveUntilStopped(process.argv.slice(2)).catch((error) => {
    console.error(`cluster.mjs: ${error?.message ?? error}`);
    process.exit(1);
  });
}
