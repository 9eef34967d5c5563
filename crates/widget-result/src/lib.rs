//! The widget result's vocabulary, defined once: what a producer may write and a renderer must
//! read in the fields whose values are a closed list. The MCP server writes them
//! (`crates/mage-mcp-server`); the widget's model reads them (`crates/widget-model`); the
//! published JSON Schemas (`schema/`) list the same values, and a test here holds them equal. The
//! tools the widget calls itself are listed here too, for the widget and the server that marks
//! them. The rules a result keeps are `docs/tool-interface.md`. So is the `recordUrl` hint's
//! address template, which the server writes and the widget fills ([`record_url`]).
//!
//! Entry points: [`KIND`], [`SCHEMA_VERSION`], [`DEFAULT_MAX_GRAPH_NODES`], [`TOOLS_THE_WIDGET_CALLS`]
//! and the closed lists [`ErrorCode`], [`BlockType`] and [`ColumnType`], each with `as_str` and
//! `parse`; [`record_url`] for the address template.
//!
//! Never: list a tool that creates, updates, deletes, runs or syncs among the tools the widget calls;
//! carry serde or schemars into the widget (they are behind features only the server turns on).
//!
//! Depends on: nothing (serde and schemars behind features, for the server).

pub mod record_url;

/// `structuredContent.kind` of every widget result.
pub const KIND: &str = "svc_resource_widget";

/// The `schema_version` producers write (the major version the renderer reads).
pub const SCHEMA_VERSION: u64 = 1;

/// The most graph nodes a renderer draws unless the hints lower it; a producer sends a larger
/// graph marked truncated, and the widget shows the table.
pub const DEFAULT_MAX_GRAPH_NODES: usize = 500;

/// The tools the widget calls itself, through its host: the read-only tools of the tool interface
/// and the reference server's read-only extras, and nothing that creates, updates, deletes, runs or
/// syncs. `block_templates_list` is left out: with `force_refresh` it re-fetches from the cluster,
/// which is the user's call, not the widget's. The widget builds requests from this list only
/// (`crates/widget-app/src/requests.rs`); a server marks these tools as callable from the widget
/// (`openai/widgetAccessible`, docs/tool-interface.md). The widget's packages, which are published
/// and so cannot depend on this crate, carry a copy that tests hold equal to this one, as does
/// `preview/registration.json`.
pub const TOOLS_THE_WIDGET_CALLS: [&str; 12] = [
    "pipeline_list",
    "pipeline_get",
    "block_list",
    "block_get",
    "run_logs",
    "pipeline_runs",
    "pipeline_run_get",
    "block_runs",
    "block_outputs",
    "backfill_list",
    "pipeline_schedules",
    "pipeline_triggers",
];

/// A closed list of names: each value and the name it is written as.
macro_rules! names {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal,)+ }) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "schemars", derive(schemars::JsonSchema))]
        pub enum $name {
            $($(#[$vmeta])* #[cfg_attr(feature = "serde", serde(rename = $text))] $variant,)+
        }

        impl $name {
            /// Every value, in the order the interface lists them.
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];

            /// The name it is written as.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            /// The value a name writes, or `None` for a name outside the list.
            pub fn parse(name: &str) -> Option<$name> {
                match name {
                    $($text => Some($name::$variant),)+
                    _ => None,
                }
            }
        }
    };
}

names! {
    /// `error.code` of the tool error envelope.
    ErrorCode {
        /// The configuration file is missing or malformed.
        ConfigInvalid = "CONFIG_INVALID",
        /// No credentials were found.
        AuthRequired = "AUTH_REQUIRED",
        /// The cluster answered 401 or 403.
        AuthExpired = "AUTH_EXPIRED",
        /// The cluster refused or failed the request, or an argument was refused before it.
        ApiError = "API_ERROR",
        /// No tool has that name.
        ToolNotFound = "TOOL_NOT_FOUND",
        /// The server failed unexpectedly.
        InternalError = "INTERNAL_ERROR",
    }
}

names! {
    /// A block's `type`, as block_create takes it and a graph node carries it.
    BlockType {
        DataLoader = "data_loader",
        Transformer = "transformer",
        DataExporter = "data_exporter",
        Sensor = "sensor",
        Callback = "callback",
        Chart = "chart",
        Conditional = "conditional",
        Custom = "custom",
        Dbt = "dbt",
        Extension = "extension",
        GlobalDataProduct = "global_data_product",
        Markdown = "markdown",
        Scratchpad = "scratchpad",
    }
}

names! {
    /// `columns[].type`: how a column's values are meant to be read.
    ColumnType {
        Text = "text",
        Id = "id",
        Status = "status",
        Datetime = "datetime",
        Number = "number",
        Boolean = "boolean",
        Duration = "duration",
        Code = "code",
        Json = "json",
        Tags = "tags",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    fn schema(file: &str) -> Value {
        let path = format!("{}/../../schema/{file}", env!("CARGO_MANIFEST_DIR"));
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
    }

    /// The values of the first `enum` found under `pointer` in `schema`.
    fn enum_at(schema: &Value, pointer: &str) -> Vec<String> {
        schema
            .pointer(pointer)
            .and_then(|v| v.get("enum"))
            .and_then(Value::as_array)
            .unwrap_or_else(|| panic!("no enum at {pointer}"))
            .iter()
            .filter_map(Value::as_str)
            .map(str::to_owned)
            .collect()
    }

    #[test]
    fn the_published_schemas_list_the_same_names() {
        let errors = schema("tool-error.schema.json");
        let codes: Vec<&str> = ErrorCode::ALL.iter().map(|c| c.as_str()).collect();
        assert_eq!(enum_at(&errors, "/properties/error/properties/code"), codes);
        let result = schema("widget-result.schema.json");
        let columns: Vec<&str> = ColumnType::ALL.iter().map(|c| c.as_str()).collect();
        let declared = enum_at(&result, "/properties/columns/items/oneOf/1/properties/type");
        assert_eq!(declared, columns);
        assert_eq!(
            result
                .pointer("/properties/kind/const")
                .and_then(Value::as_str),
            Some(KIND)
        );
    }

    #[test]
    fn every_name_reads_back_as_its_value_and_no_other_does() {
        for code in ErrorCode::ALL {
            assert_eq!(ErrorCode::parse(code.as_str()), Some(*code));
        }
        for block in BlockType::ALL {
            assert_eq!(BlockType::parse(block.as_str()), Some(*block));
        }
        for column in ColumnType::ALL {
            assert_eq!(ColumnType::parse(column.as_str()), Some(*column));
        }
        assert_eq!(ErrorCode::parse("api_error"), None);
        assert_eq!(BlockType::parse("Data Loader"), None);
        assert_eq!(ColumnType::parse(""), None);
        assert_eq!(BlockType::ALL.len(), 13);
    }
}
