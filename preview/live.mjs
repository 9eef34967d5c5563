// Live mode of the preview: an MCP client (the official SDK, @modelcontextprotocol/client) on the
// page, talking Streamable HTTP to the MCP server behind the preview's /mcp, and the argument form
// it builds from a tool's inputSchema.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";

const CLIENT_INFO = { name: "resource-widget-preview", version: "1.0.0" };
/** Bound on every request to the server (connect, list, call, read). */
const REQUEST_TIMEOUT = 20_000;

/** The URI of the UI resource a tool renders with (MCP Apps `_meta.ui.resourceUri`, or the older flat key). */
export function widgetUri(tool) {
  const meta = tool?._meta ?? {};
  return meta.ui?.resourceUri ?? meta["ui/resourceUri"] ?? null;
}

/** An error's message with its cause, as one line for the page. */
export function describe(error) {
  const parts = [error?.message ?? String(error)];
  for (let cause = error?.cause; cause && parts.length < 4; cause = cause.cause) parts.push(cause.message ?? String(cause));
  return parts.join(": ");
}

/**
 * The MCP server's token from the page's address (`?token=…`, as scripts/preview.sh prints the
 * preview's URL): the server admits only requests that carry it (`Authorization: Bearer`).
 */
export function pageToken() {
  return new URLSearchParams(location.search).get("token") ?? "";
}

/** Connects to `path` (same origin) with `token` and returns the session: client, server info, tools. */
export async function connect(path, token = pageToken()) {
  const client = new Client(CLIENT_INFO);
  const headers = token ? { Authorization: `Bearer ${token}` } : {};
  const transport = new StreamableHTTPClientTransport(new URL(path, location.href), { requestInit: { headers } });
  await client.connect(transport, { timeout: REQUEST_TIMEOUT });
  try {
    const { tools } = await client.listTools(undefined, { timeout: REQUEST_TIMEOUT });
    return {
      client,
      server: client.getServerVersion() ?? { name: "unknown server", version: "" },
      capabilities: client.getServerCapabilities() ?? {},
      protocolVersion: client.getNegotiatedProtocolVersion() ?? null,
      tools,
      async close() {
        await transport.terminateSession().catch(() => {});
        await client.close().catch(() => {});
      },
    };
  } catch (e) {
    await client.close().catch(() => {});
    throw e;
  }
}

/** `tools/call` on the server; a tool error comes back as a result with `isError`, a transport or protocol failure throws. */
export function callTool(session, name, args, signal) {
  return session.client.callTool({ name, arguments: args }, { timeout: REQUEST_TIMEOUT, signal });
}

async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest("SHA-256", bytes);
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, "0")).join("");
}

/**
 * Reads a UI resource through `resources/read` (never from a cache): its HTML exactly as the server
 * sent it, its size in UTF-8 bytes, SHA-256 and `_meta`.
 */
export async function readWidget(session, uri) {
  const result = await session.client.readResource({ uri }, { timeout: REQUEST_TIMEOUT, cacheMode: "bypass" });
  const content = result.contents?.find((c) => c.uri === uri) ?? result.contents?.[0];
  if (!content) throw new Error(`resources/read of ${uri} returned no contents`);
  let html;
  let bytes;
  if (typeof content.text === "string") {
    html = content.text;
    bytes = new TextEncoder().encode(html);
  } else if (typeof content.blob === "string") {
    bytes = Uint8Array.from(atob(content.blob), (c) => c.charCodeAt(0));
    html = new TextDecoder().decode(bytes);
  } else {
    throw new Error(`resources/read of ${uri} returned neither text nor blob`);
  }
  return { uri: content.uri ?? uri, mimeType: content.mimeType ?? null, meta: content._meta ?? {}, html, size: bytes.length, sha256: await sha256Hex(bytes) };
}

// ---- the argument form ----

/** The schema's own type, without "null" (an Option in the server's Rust types). */
function typeOf(schema) {
  if (!schema || typeof schema !== "object") return null;
  if (Array.isArray(schema.enum)) return "enum";
  const types = (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t && t !== "null");
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (!types.length && Array.isArray(alternatives)) {
    const kinds = alternatives.map(typeOf).filter(Boolean);
    if (kinds.length && kinds.every((k) => k === "enum" || k === "const")) return "enum";
    if (kinds.length === 1) return kinds[0];
    if (kinds.length && kinds.every((k) => k === "string" || k === "number" || k === "integer")) return "scalar";
    return "json";
  }
  if ("const" in schema) return "const";
  if (types.length === 1) {
    const [t] = types;
    if (t === "array") return typeOf(schema.items) === "string" ? "strings" : "json";
    if (["string", "number", "integer", "boolean", "object"].includes(t)) return t === "object" ? "json" : t;
    return "json";
  }
  if (types.length && types.every((t) => t === "string" || t === "number" || t === "integer")) return "scalar";
  return "json";
}

/** The choices of an enum-like schema. */
function choices(schema) {
  if (Array.isArray(schema.enum)) return schema.enum.filter((v) => v !== null);
  return (schema.anyOf ?? schema.oneOf ?? []).flatMap((s) => (Array.isArray(s.enum) ? s.enum : "const" in s ? [s.const] : [])).filter((v) => v !== null);
}

/** Follows a local `$ref` (`#/$defs/…`, `#/definitions/…`) of the tool's schema. */
function resolve(schema, root) {
  for (let depth = 0; schema?.$ref && depth < 8; depth += 1) {
    const path = schema.$ref.replace(/^#\//, "").split("/");
    const target = path.reduce((node, key) => node?.[key], root);
    if (!target) break;
    schema = { ...target, ...Object.fromEntries(Object.entries(schema).filter(([k]) => k !== "$ref")) };
  }
  return schema;
}

function element(tag, attributes = {}, text) {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) if (value !== undefined && value !== null && value !== false) el.setAttribute(name, value === true ? "" : value);
  if (text !== undefined) el.textContent = text;
  return el;
}

/** String arguments edited as several lines (source code, prose). */
const MULTILINE = new Set(["content", "code", "source", "sql", "query", "description", "message", "text"]);

/**
 * Fills `form` with one control per property of `inputSchema`: strings as text fields (a select for
 * enums), numbers as number fields, booleans as checkboxes, arrays of strings as one-per-line
 * text, objects and anything else as JSON. Required properties are marked; defaults are filled in.
 * Returns the fields, for `readArguments`.
 */
export function buildForm(form, inputSchema = {}) {
  form.replaceChildren();
  const properties = inputSchema.properties ?? {};
  const required = new Set(inputSchema.required ?? []);
  const fields = [];
  const names = Object.keys(properties);
  if (!names.length) form.append(element("p", { class: "hint" }, "This tool takes no arguments."));
  for (const name of names) {
    const schema = resolve(properties[name], inputSchema);
    const kind = typeOf(schema) ?? "json";
    const id = `arg-${name}`;
    const isRequired = required.has(name);
    const row = element("div", { class: `arg arg--${kind}`, "data-arg": name });
    const label = element("label", { for: id });
    label.append(element("code", {}, name));
    if (isRequired) label.append(element("span", { class: "required", title: "required" }, " *"));
    const typeNote = { strings: "list of strings, one per line", json: "JSON", scalar: "string or number", enum: "one of", const: "fixed" }[kind] ?? kind;
    label.append(element("span", { class: "arg-type" }, ` ${typeNote}`));
    row.append(label);
    const hasDefault = schema.default !== undefined && schema.default !== null;
    let control;
    switch (kind) {
      case "boolean":
        control = element("input", { id, type: "checkbox", checked: schema.default === true });
        break;
      case "enum":
      case "const": {
        control = element("select", { id });
        const values = kind === "const" ? [schema.const] : choices(schema);
        if (!isRequired || !hasDefault) control.append(new Option(isRequired ? "(choose)" : "(not sent)", ""));
        for (const value of values) control.append(new Option(String(value), JSON.stringify(value), false, hasDefault && value === schema.default));
        break;
      }
      case "number":
      case "integer":
        control = element("input", {
          id,
          type: "number",
          step: kind === "integer" ? "1" : "any",
          min: schema.minimum,
          max: schema.maximum,
          value: hasDefault ? String(schema.default) : undefined,
        });
        break;
      case "strings":
        control = element("textarea", { id, rows: "3", spellcheck: "false" });
        if (Array.isArray(schema.default)) control.value = schema.default.join("\n");
        break;
      case "json":
        control = element("textarea", { id, rows: "3", spellcheck: "false", placeholder: schema.type === "array" ? "[ … ]" : "{ … }" });
        if (hasDefault) control.value = JSON.stringify(schema.default, null, 2);
        break;
      default: // string, scalar
        if (kind === "string" && (MULTILINE.has(name) || schema.contentMediaType)) {
          control = element("textarea", { id, rows: "4", spellcheck: "false" });
          if (hasDefault) control.value = String(schema.default);
        } else {
          control = element("input", { id, type: "text", spellcheck: "false", value: hasDefault ? String(schema.default) : undefined });
        }
    }
    if (isRequired && kind !== "boolean") control.setAttribute("aria-required", "true");
    if (kind !== "boolean" && !hasDefault && control.tagName !== "SELECT" && schema.examples?.length) control.setAttribute("placeholder", String(schema.examples[0]));
    row.append(control);
    if (schema.description) {
      const help = element("p", { class: "arg-help", id: `${id}-help` }, schema.description + (hasDefault ? ` (default: ${JSON.stringify(schema.default)})` : ""));
      control.setAttribute("aria-describedby", help.id);
      row.append(help);
    } else if (hasDefault) {
      row.append(element("p", { class: "arg-help" }, `default: ${JSON.stringify(schema.default)}`));
    }
    form.append(row);
    fields.push({ name, kind, schema, required: isRequired, control });
  }
  return fields;
}

/**
 * The arguments the form says, as `{ args, errors }`: empty fields are left out (the server applies
 * its defaults), a checkbox is sent when it differs from the default, a required field left empty
 * and JSON that does not parse are errors.
 */
export function readArguments(fields) {
  const args = {};
  const errors = [];
  for (const { name, kind, schema, required, control } of fields) {
    const raw = control.type === "checkbox" ? control.checked : control.value;
    if (kind === "boolean") {
      if (raw || required || schema.default === true) args[name] = raw;
      continue;
    }
    if (typeof raw === "string" && raw.trim() === "") {
      if (required) errors.push(`${name} is required`);
      continue;
    }
    switch (kind) {
      case "enum":
      case "const":
        args[name] = JSON.parse(raw);
        break;
      case "number":
      case "integer": {
        const value = Number(raw);
        if (!Number.isFinite(value)) errors.push(`${name}: not a number`);
        else args[name] = value;
        break;
      }
      case "strings":
        args[name] = raw.split("\n").map((s) => s.trim()).filter(Boolean);
        break;
      case "json":
        try {
          args[name] = JSON.parse(raw);
        } catch (e) {
          errors.push(`${name}: not JSON (${e.message})`);
        }
        break;
      case "scalar": {
        // A run id: a number when it reads as one and the schema takes numbers, else the text.
        const types = [schema.type, ...(schema.anyOf ?? schema.oneOf ?? []).map((s) => s.type)].flat();
        const numeric = raw.trim() !== "" && Number.isFinite(Number(raw)) && types.some((t) => t === "integer" || t === "number");
        args[name] = numeric ? Number(raw) : raw;
        break;
      }
      default:
        args[name] = raw;
    }
  }
  return { args, errors };
}
