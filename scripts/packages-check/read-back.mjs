// The servers scripts/packages-check.sh set up, read back through the official MCP Inspector's
// CLI as a host would see them, each started from `/`: the examples (examples/*-widget-server) in
// clean projects with the packages installed, and mage-mcp-server's binary alone. The tool's _meta
// and the resource's, listed and read as text/html;profile=mcp-app, are those of the registration
// snippet (preview/registration.json, the README's) under the file's hashed URI: every key that
// names the widget (ui.resourceUri, the flat ui/resourceUri, openai/ and host/outputTemplate), the
// widget's own tools marked openai/widgetAccessible, the clipboard-write permission. The HTML comes
// back byte for byte (the file kept in crates/pipeline-resource-widget), and the tool's result is
// a widget result (schema/widget-result.schema.json) with its JSON text. The installed npm and
// Python packages, asked directly: the tools the widget calls, each tool's _meta by its name, and
// a registration given a frame domain names it (ui.domain), listed and read. And the README's
// snippets, and the packages' READMEs', are parts of the examples as they are.
//
//   node scripts/packages-check/read-back.mjs WIDGET_HTML
//
// The servers: PACKAGES_CHECK_RUST (the rmcp example's binary), PACKAGES_CHECK_TYPESCRIPT (the
// compiled server.ts), PACKAGES_CHECK_PYTHON with PACKAGES_CHECK_PYTHON_SERVER (the venv's python,
// server.py) and PACKAGES_CHECK_SERVER (mage-mcp-server, alone).
import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { isDeepStrictEqual } from "node:util";
import Ajv2020 from "ajv/dist/2020.js";

const MIME_TYPE = "text/html;profile=mcp-app";
const TOOL = "pipeline_list";
/** A tool the widget does not call: its _meta is the registration's without widgetAccessible. */
const TOOL_THE_WIDGET_DOES_NOT_CALL = "pipeline_delete";
/** A frame domain given to the packages' registration calls (Claude's form, from the spec). */
const DOMAIN = "a904794854a047f6.claudemcpcontent.com";
/** Each Inspector run is bounded. */
const CONNECT_TIMEOUT_MS = 60_000;
const INSPECTOR_TIMEOUT_MS = 120_000;

const root = resolve(new URL("../..", import.meta.url).pathname);
const widgetPath = process.argv[2];
if (!widgetPath) {
  console.error("usage: node scripts/packages-check/read-back.mjs WIDGET_HTML");
  process.exit(64);
}
const widget = readFileSync(widgetPath);
const uri = `ui://pipeline-service/resource-widget-${createHash("sha256").update(widget).digest("hex").slice(0, 8)}.html`;
const readJson = (path) => JSON.parse(readFileSync(join(root, path), "utf8"));
const registration = readJson("preview/registration.json");
/** `value` with the registration's stable URI replaced by the file's hashed one. */
const hashed = (value) => JSON.parse(JSON.stringify(value).replaceAll(registration.resource.uri, uri));
const toolMeta = hashed(registration.tool._meta);
const { "openai/widgetAccessible": _marked, ...toolMetaNotCalled } = toolMeta;
const resourceMetaWithDomain = { ...registration.resource._meta, ui: { ...registration.resource._meta.ui, domain: DOMAIN } };
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
  expect(isDeepStrictEqual(tool?._meta, toolMeta), `the tool's _meta differs from preview/registration.json's: ${JSON.stringify(tool?._meta)}`);
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
  return `${label}: ${TOOL}'s _meta and resources/list and resources/read → ${MIME_TYPE} with the registration _meta under ${uri}, ${served.length} bytes identical to ${widgetPath}; tools/call → a valid widget result with its JSON text`;
}

/** What the installed npm package answers, asked in its project. */
const NPM_ANSWER = `
import { McpServer } from "@modelcontextprotocol/server";
import * as widget from "pipeline-resource-widget";
const registered = widget.registerResourceWidget(new McpServer({ name: "check", version: "0.0.0" }), { domain: ${JSON.stringify(DOMAIN)} });
const read = await registered.readCallback(new URL(widget.uri), {});
const names = [...widget.toolsTheWidgetCalls, ${JSON.stringify(TOOL_THE_WIDGET_DOES_NOT_CALL)}];
console.log(JSON.stringify({
  tools: widget.toolsTheWidgetCalls,
  toolMeta: Object.fromEntries(names.map((name) => [name, widget.toolMeta(name)])),
  resourceMeta: widget.resourceMeta(),
  withDomain: { listed: registered.metadata?._meta, read: read.contents[0]?._meta },
}));
`;
/** What the installed Python package answers, asked in its venv; its decorator names a tool by the
 * function's name when no name= is given. */
const PYTHON_ANSWER = `
import json
import pipeline_resource_widget as widget
from mcp.server.apps import Apps
apps = Apps()
widget.register_resource_widget(apps, domain=${JSON.stringify(DOMAIN)})
@widget.resource_widget_tool(apps, description="Opens a pipeline.")
def pipeline_get(): ...
@widget.resource_widget_tool(apps, name=${JSON.stringify(TOOL_THE_WIDGET_DOES_NOT_CALL)}, description="Deletes a pipeline.")
def remove(): ...
resource = apps.resources()[0].resource
names = [*widget.TOOLS_THE_WIDGET_CALLS, ${JSON.stringify(TOOL_THE_WIDGET_DOES_NOT_CALL)}]
print(json.dumps({
    "tools": list(widget.TOOLS_THE_WIDGET_CALLS),
    "toolMeta": {name: widget.tool_meta(name) for name in names},
    "resourceMeta": widget.resource_meta(),
    "withDomain": {"listed": resource.meta, "read": resource.meta},
    "decorated": {"pipeline_get": apps.tools()[0].meta, ${JSON.stringify(TOOL_THE_WIDGET_DOES_NOT_CALL)}: apps.tools()[1].meta},
}))
`;

/** One program's JSON answer (its last line), run from `cwd`. */
function answer(command, args, cwd) {
  return new Promise((done, fail) => {
    execFile(command, args, { cwd, timeout: INSPECTOR_TIMEOUT_MS, maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error) return fail(new Error(`${command} failed: ${error.message}\n${stderr}`));
      try {
        done(JSON.parse(stdout.trim().split("\n").at(-1)));
      } catch (parseError) {
        fail(new Error(`${command} printed no JSON: ${parseError.message}\n${stdout}`));
      }
    });
  });
}

/** The package's own answers against the registration: the list, each tool's _meta, the resource's
 * _meta, and the domain given to its registration call on the listing and the contents. */
async function checkPackageCalls({ label, ask }) {
  const got = await ask();
  const problems = [];
  const expect = (condition, why) => condition || problems.push(why);
  expect(isDeepStrictEqual(got.tools, registration.toolsTheWidgetCalls), `the tools the widget calls are ${JSON.stringify(got.tools)}, not preview/registration.json's`);
  for (const name of registration.toolsTheWidgetCalls) {
    expect(isDeepStrictEqual(got.toolMeta[name], toolMeta), `the _meta of ${name} is ${JSON.stringify(got.toolMeta[name])}`);
  }
  const notCalled = got.toolMeta[TOOL_THE_WIDGET_DOES_NOT_CALL];
  expect(isDeepStrictEqual(notCalled, toolMetaNotCalled), `the _meta of ${TOOL_THE_WIDGET_DOES_NOT_CALL} is ${JSON.stringify(notCalled)}`);
  for (const [name, meta] of Object.entries(got.decorated ?? {})) {
    const want = name === TOOL_THE_WIDGET_DOES_NOT_CALL ? toolMetaNotCalled : toolMeta;
    expect(isDeepStrictEqual(meta, want), `the decorated tool ${name}'s _meta is ${JSON.stringify(meta)}`);
  }
  expect(isDeepStrictEqual(got.resourceMeta, registration.resource._meta), `the resource _meta without a domain is ${JSON.stringify(got.resourceMeta)}`);
  for (const where of ["listed", "read"]) {
    const meta = got.withDomain[where];
    expect(isDeepStrictEqual(meta, resourceMetaWithDomain), `registered with a domain, the ${where} resource _meta is ${JSON.stringify(meta)}`);
  }
  if (problems.length) throw new Error(`${label}:\n  ${problems.join("\n  ")}`);
  return `${label}: the ${got.tools.length} tools the widget calls marked, each tool's _meta by its name, a registration's domain named on the listing and the contents`;
}

const packageCalls = [
  {
    label: "npm package, asked directly",
    ask: () => answer("node", ["--input-type=module", "--eval", NPM_ANSWER], dirname(env("PACKAGES_CHECK_TYPESCRIPT"))),
  },
  { label: "python package, asked directly", ask: () => answer(env("PACKAGES_CHECK_PYTHON"), ["-c", PYTHON_ANSWER], "/") },
];

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

const outcomes = await Promise.allSettled([...servers.map(checkServer), ...packageCalls.map(checkPackageCalls), Promise.resolve().then(checkReadmeExcerpts)]);
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
