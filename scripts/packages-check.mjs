// The servers scripts/packages-check.sh set up, read back through the official MCP Inspector's
// CLI as a host would see them, each started from `/`: the examples (examples/*-widget-server) in
// clean projects with the packages installed, and mage-mcp-server's binary alone. The tool points
// at the widget under the three keys hosts read, the resource is listed and read as
// text/html;profile=mcp-app with the _meta of the registration snippet
// (preview/registration.json, the README's), the HTML comes back byte for byte (the file kept in
// crates/pipeline-resource-widget), and the tool's result is a widget result
// (schema/widget-result.schema.json) with its JSON text. And the README's snippets, and the
// packages' READMEs', are parts of the examples as they are.
//
//   node scripts/packages-check.mjs WIDGET_HTML
//
// The servers: PACKAGES_CHECK_RUST (the rmcp example's binary), PACKAGES_CHECK_TYPESCRIPT (the
// compiled server.ts), PACKAGES_CHECK_PYTHON with PACKAGES_CHECK_PYTHON_SERVER (the venv's python,
// server.py) and PACKAGES_CHECK_SERVER (mage-mcp-server, alone).
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import Ajv2020 from "ajv/dist/2020.js";

const MIME_TYPE = "text/html;profile=mcp-app";
const TOOL = "pipeline_list";
/** Each Inspector run is bounded. */
const CONNECT_TIMEOUT_MS = 60_000;
const INSPECTOR_TIMEOUT_MS = 120_000;

const root = resolve(new URL("..", import.meta.url).pathname);
const widgetPath = process.argv[2];
if (!widgetPath) {
  console.error("usage: node scripts/packages-check.mjs WIDGET_HTML");
  process.exit(64);
}
const widget = readFileSync(widgetPath);
const uri = `ui://pipeline-service/resource-widget-${createHash("sha256").update(widget).digest("hex").slice(0, 8)}.html`;
const readJson = (path) => JSON.parse(readFileSync(join(root, path), "utf8"));
const registration = readJson("preview/registration.json");
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const validateResult = ajv.compile(readJson("schema/widget-result.schema.json"));

const servers = [
  { label: "rust (the .crate, rmcp example)", command: [env("PACKAGES_CHECK_RUST")] },
  { label: "typescript (the npm tarball, @modelcontextprotocol/server + ext-apps example)", command: ["node", env("PACKAGES_CHECK_TYPESCRIPT")] },
  { label: "python (the wheel, mcp example)", command: [env("PACKAGES_CHECK_PYTHON"), env("PACKAGES_CHECK_PYTHON_SERVER")] },
  { label: "mage-mcp-server (the binary alone)", command: [env("PACKAGES_CHECK_SERVER")] },
];

function env(name) {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set (scripts/packages-check.sh sets it)`);
  return value;
}

// The Inspector keeps a catalog and secrets under HOME: a HOME of its own, secrets in memory.
const home = mkdtempSync(join(tmpdir(), "packages-check-"));
process.on("exit", () => rmSync(home, { recursive: true, force: true }));

/** One Inspector CLI call against a stdio server; its JSON output (one object per line). */
function inspect(command, args) {
  const inspector = join(root, "node_modules/.bin/mcp-inspector");
  return new Promise((done, fail) => {
    execFile(
      inspector,
      // A server's start is bounded by the Inspector's --connect-timeout, set well above its 15 s
      // default: an interpreter that loads its SDK on a loaded 2-core machine took longer.
      ["--cli", "--format", "json", "--connect-timeout", String(CONNECT_TIMEOUT_MS), ...args, "--", ...command],
      // From `/`: no server may find its widget through the working directory.
      { cwd: "/", env: { ...process.env, HOME: home, MCP_INSPECTOR_SECRET_STORE: "memory" }, timeout: INSPECTOR_TIMEOUT_MS, maxBuffer: 64 << 20 },
      (error, stdout, stderr) => {
        if (error) return fail(new Error(`inspector --cli ${args.join(" ")} failed: ${error.message}\n${stderr}`));
        try {
          done(stdout.trim().split("\n").map((line) => JSON.parse(line)));
        } catch (parseError) {
          fail(new Error(`inspector --cli ${args.join(" ")} printed no JSON: ${parseError.message}\n${stdout}`));
        }
      },
    );
  });
}

/** Everything the host needs from one server; the first failure, or a line saying what held. */
async function checkServer({ label, command }) {
  const problems = [];
  const expect = (condition, why) => condition || problems.push(why);
  // One call after another per server, the three servers side by side: three Inspector runs at a time.
  const [tools] = await inspect(command, ["--method", "tools/list"]);
  const appInfo = await inspect(command, ["--method", "tools/list", "--app-info"]);
  const [listed] = await inspect(command, ["--method", "resources/list"]);
  const [read] = await inspect(command, ["--method", "resources/read", "--uri", uri]);
  const [called] = await inspect(command, ["--method", "tools/call", "--tool-name", TOOL]);

  const tool = tools.result?.tools?.find((t) => t.name === TOOL);
  expect(tool, `tools/list has no ${TOOL}`);
  for (const [key, value] of [["ui.resourceUri", tool?._meta?.ui?.resourceUri], ["host/outputTemplate", tool?._meta?.["host/outputTemplate"]], ["openai/outputTemplate", tool?._meta?.["openai/outputTemplate"]]]) {
    expect(value === uri, `the tool's _meta ${key} is ${JSON.stringify(value)}, not ${uri}`);
  }
  const app = appInfo.find((line) => line.toolName === TOOL);
  expect(app?.hasApp && app.resourceUri === uri && app.resourceMimeType === MIME_TYPE, `--app-info: ${JSON.stringify(app)}`);

  const resource = listed.result?.resources?.find((r) => r.uri === uri);
  expect(resource, `resources/list does not list ${uri}`);
  expect(resource?.mimeType === MIME_TYPE, `resources/list gives mimeType ${resource?.mimeType}`);
  expect(isDeepStrictEqual(resource?._meta, registration.resource._meta), `resources/list _meta differs from preview/registration.json: ${JSON.stringify(resource?._meta)}`);

  const contents = read.result?.contents ?? [];
  expect(contents.length === 1, `resources/read gave ${contents.length} contents`);
  const [content] = contents;
  expect(content?.mimeType === MIME_TYPE, `resources/read gives mimeType ${content?.mimeType}`);
  expect(isDeepStrictEqual(content?._meta, registration.resource._meta), `resources/read _meta differs from preview/registration.json: ${JSON.stringify(content?._meta)}`);
  const served = Buffer.from(content?.text ?? "", "utf8");
  expect(served.equals(widget), `resources/read returned ${served.length} bytes that differ from the file's ${widget.length}`);

  const result = called.result ?? {};
  expect(result.isError !== true, `tools/call ${TOOL} answered an error: ${JSON.stringify(result.content)}`);
  expect(validateResult(result.structuredContent), `structuredContent is not a widget result: ${ajv.errorsText(validateResult.errors)}`);
  const text = result.content?.find((c) => c.type === "text")?.text;
  let fromText;
  try {
    fromText = JSON.parse(text ?? "");
  } catch {
    fromText = undefined;
  }
  expect(isDeepStrictEqual(fromText, result.structuredContent), "content[0].text is not the structuredContent as JSON");

  if (problems.length) throw new Error(`${label}:\n  ${problems.join("\n  ")}`);
  return `${label}: ${TOOL} points at ${uri}; resources/list and resources/read → ${MIME_TYPE} with the registration _meta, ${served.length} bytes identical to ${widgetPath}; tools/call → a valid widget result with its JSON text`;
}

/** Snippets marked `<!-- excerpt: PATH -->` in the READMEs: each must be a part of PATH as it is. */
const READMES = ["README.md", "packages/npm/README.md", "packages/python/README.md", "crates/pipeline-resource-widget/README.md"];
const EXAMPLES = ["examples/rmcp-widget-server/src/main.rs", "examples/typescript-widget-server/server.ts", "examples/python-widget-server/server.py"];
function checkReadmeExcerpts() {
  const found = [];
  for (const file of READMES) {
    const readme = readFileSync(join(root, file), "utf8");
    const excerpts = [...readme.matchAll(/<!-- excerpt: (\S+) -->\s*```\w*\n([\s\S]*?)```/g)];
    const stale = excerpts.filter(([, path, code]) => !readFileSync(join(root, path), "utf8").includes(code)).map(([, path]) => path);
    if (stale.length) throw new Error(`${file}'s excerpt of ${stale.join(", ")} is not in the file as it is`);
    found.push(...excerpts.map(([, path]) => path));
  }
  const missing = EXAMPLES.filter((example) => !found.includes(example));
  if (missing.length) throw new Error(`no README excerpts ${missing.join(", ")}`);
  return `the READMEs' ${found.length} excerpts are parts of their example files`;
}

const outcomes = await Promise.allSettled([...servers.map(checkServer), Promise.resolve().then(checkReadmeExcerpts)]);
let failed = false;
for (const outcome of outcomes) {
  if (outcome.status === "fulfilled") {
    console.log(`packages-check: ${outcome.value}`);
  } else {
    failed = true;
    console.error(`packages-check: ${outcome.reason.message}`);
  }
}
process.exit(failed ? 1 : 0);
