// MCPJam's MCP Apps conformance test (npm @mcpjam/sdk, MCPAppsConformanceTest: the tools' and the
// resources' `_meta.ui`, `resources/read`, the HTML) against a server over Streamable HTTP. Passes
// only when every one of its checks ran and passed: a check it skipped is a failure here.
//
//   node scripts/conformance/mcp-apps.mjs URL
import { MCPAppsConformanceTest, MCP_APPS_CHECK_IDS } from "@mcpjam/sdk";

const url = process.argv[2];
if (!url) {
  console.error("usage: node scripts/conformance/mcp-apps.mjs URL");
  process.exit(64);
}
const result = await new MCPAppsConformanceTest({ url }).run();
for (const check of result.checks) {
  const why = check.error ? `: ${check.error.message}` : "";
  const warnings = check.warnings?.length ? ` (warnings: ${check.warnings.join("; ")})` : "";
  console.log(`mcp-apps: ${check.status} ${check.id} (${check.title})${why}${warnings}`);
}
const ran = new Set(result.checks.filter((check) => check.status === "passed").map((check) => check.id));
const missing = MCP_APPS_CHECK_IDS.filter((id) => !ran.has(id));
console.log(`mcp-apps: ${ran.size} of ${MCP_APPS_CHECK_IDS.length} checks passed; ${result.summary}`);
if (missing.length > 0) {
  console.error(`mcp-apps: not passed: ${missing.join(", ")}`);
  process.exit(1);
}
