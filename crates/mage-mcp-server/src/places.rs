//! Free-form arguments that Mage makes a place of, checked before any request, in both backends,
//! as ids are (`ids.rs`): the keys of a block's configuration that name a file or a folder, and
//! the names Mage makes a file or folder name of. Mage's code is cited from
//! <https://github.com/mage-ai/mage-ai> (`mage_ai/…` below).
//!
//! Mage joins a block's configuration paths onto the project folder with `os.path.join`
//! (`mage_ai/shared/path_fixer.py`: `add_absolute_path`, `add_root_repo_path_to_relative_path`):
//! a join with an absolute path drops the folder, so `{"file_path": "/etc/x"}` would make the
//! block read, or write, a file outside the project. Each such key passes the id allow-list
//! (relative, no `.`, `..` or empty part, no `%`, `:`, `\`, `~` or control character, at most 255
//! characters) or is refused with the argument named.
//!
//! A block's name becomes its file name (`<uuid>.py`, the uuid the name cleaned by `clean_name`
//! of `mage_ai/data_preparation/models/block/utils.py`, which keeps `/`): a name that starts with
//! `/` once cleaned would be an absolute path. Every name is bounded so that the file or folder
//! name Mage makes of it fits the 255 bytes most file systems allow.

use serde_json::{Map, Value};

use crate::ids;
use crate::widget_result::ToolError;

/// The keys of a block's configuration that Mage joins onto the project folder, as paths of
/// object keys: `file_path` and `file_source` (`mage_ai/data_preparation/models/block/__init__.py`,
/// `…/block/platform/mixins.py`), a dbt block's `dbt_project_name` and `dbt_profiles_file_path`
/// (`…/block/dbt/block_yaml.py`), a global data product's `project`
/// (`…/block/global_data_product/__init__.py`).
pub const CONFIG_PATH_KEYS: &[&[&str]] = &[
    &["file_path"],
    &["file_source", "path"],
    &["file_source", "project_path"],
    &["dbt_project_name"],
    &["dbt_profiles_file_path"],
    &["global_data_product", "project"],
];

/// The longest name, in bytes of UTF-8: Mage makes a file or folder name of it (a block's
/// `<name>.<extension>`, a pipeline's folder; `letter_` before a leading digit), which most file
/// systems bound at 255 bytes.
pub const MAX_NAME_BYTES: usize = 200;

/// The characters Mage's `clean_name` removes before it makes a name a file name
/// (`mage_ai/shared/utils.py`).
const REMOVED_FROM_NAMES: &[char] = &['\u{feff}', '"', '$', '\n', '\r', '\t'];

/// Every path-naming key of a block's `config`, checked; the first one refused names itself
/// (`config.file_source.path`). Absent keys and `null` values pass.
pub fn check_config(config: Option<&Map<String, Value>>) -> Result<(), ToolError> {
    let Some(config) = config else {
        return Ok(());
    };
    CONFIG_PATH_KEYS
        .iter()
        .try_for_each(|keys| check_config_path(config, keys))
}

/// One key of [`CONFIG_PATH_KEYS`]: each object on the way must be an object (or absent), the
/// value a relative path inside the project (or absent).
fn check_config_path(config: &Map<String, Value>, keys: &[&str]) -> Result<(), ToolError> {
    let mut object = config;
    for (depth, key) in keys.iter().enumerate() {
        let field = || format!("config.{}", keys[..=depth].join("."));
        let last = depth + 1 == keys.len();
        match object.get(*key) {
            None | Some(Value::Null) => return Ok(()),
            Some(Value::String(path)) if last => return check_path(&field(), path),
            Some(Value::Object(inner)) if !last => object = inner,
            Some(_) => {
                let wanted = if last {
                    "a text (a path inside the project)"
                } else {
                    "an object"
                };
                return Err(refused(&field(), &format!("it must be {wanted}")));
            }
        }
    }
    Ok(())
}

/// A path Mage joins onto the project folder: the id allow-list (`ids.rs`).
fn check_path(field: &str, path: &str) -> Result<(), ToolError> {
    match ids::refusal(path) {
        None => Ok(()),
        Some(reason) => Err(ToolError::api(format!(
            "{field} {path:?} is not a path inside the project: {reason}; nothing was sent to the cluster (400)."
        ))),
    }
}

/// A pipeline's or a block's name, bounded ([`MAX_NAME_BYTES`]).
pub fn check_name(field: &str, name: &str) -> Result<(), ToolError> {
    if name.trim().len() > MAX_NAME_BYTES {
        return Err(refused(
            field,
            &format!(
                "it is longer than {MAX_NAME_BYTES} bytes (Mage makes a file or folder name of it)"
            ),
        ));
    }
    Ok(())
}

/// A block's name: bounded, and no absolute path once Mage has cleaned it (it keeps `/`).
pub fn check_block_name(field: &str, name: &str) -> Result<(), ToolError> {
    check_name(field, name)?;
    let cleaned: String = name
        .trim()
        .chars()
        .filter(|c| !REMOVED_FROM_NAMES.contains(c))
        .collect();
    if cleaned.starts_with('/') {
        return Err(refused(
            field,
            "it starts with '/', and Mage would make an absolute path of it (a file outside the project)",
        ));
    }
    Ok(())
}

fn refused(field: &str, reason: &str) -> ToolError {
    ToolError::api(format!(
        "{field} is refused: {reason}; nothing was sent to the cluster (400)."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::widget_result::ErrorCode;
    use serde_json::json;

    fn config(value: Value) -> Map<String, Value> {
        match value {
            Value::Object(map) => map,
            _ => Map::new(),
        }
    }

    #[test]
    fn every_path_naming_key_is_refused_outside_the_project_naming_itself() {
        for keys in CONFIG_PATH_KEYS {
            for bad in [
                "/etc/passwd",
                "/srv/other-project/dbt/models/x.sql",
                "%2Fetc%2Fpasswd",
                "../../etc/passwd",
                "dbt/../../../x",
                "C:\\Users\\x",
                "~/x",
                "a\u{0}b",
                "",
            ] {
                let mut value = json!(bad);
                for key in keys.iter().rev() {
                    value = json!({ *key: value });
                }
                let field = format!("config.{}", keys.join("."));
                let error = check_config(Some(&config(value))).expect_err(bad);
                assert_eq!(error.code, ErrorCode::ApiError);
                assert!(
                    error.message.starts_with(&format!("{field} ")),
                    "{}",
                    error.message
                );
                assert!(
                    error.message.contains("nothing was sent"),
                    "{}",
                    error.message
                );
            }
        }
        let long = "a/".repeat(200);
        assert!(check_config(Some(&config(json!({"file_path": long})))).is_err());
    }

    #[test]
    fn paths_inside_the_project_and_other_keys_pass() {
        for good in [
            json!({}),
            json!({"file_path": "dbt/demo/models/example/my_first_dbt_model.sql"}),
            json!({"file_source": {"path": "data_loaders/load.py", "project_path": "dbt/demo"}}),
            json!({"file_source": null, "dbt_project_name": "demo"}),
            json!({"data_provider": "postgres", "limit": 1000, "api_key": "/not/a/path"}),
        ] {
            assert!(check_config(Some(&config(good.clone()))).is_ok(), "{good}");
        }
        assert!(check_config(None).is_ok());
    }

    #[test]
    fn a_path_key_of_another_shape_is_refused() {
        let error = check_config(Some(&config(json!({"file_source": "/etc"})))).expect_err("shape");
        assert!(
            error
                .message
                .starts_with("config.file_source is refused: it must be an object"),
            "{}",
            error.message
        );
        let error = check_config(Some(&config(json!({"file_path": ["/etc"]})))).expect_err("shape");
        assert!(
            error.message.starts_with("config.file_path "),
            "{}",
            error.message
        );
    }

    #[test]
    fn names_are_bounded_and_a_block_name_is_no_absolute_path() {
        assert!(check_name("name", &"n".repeat(MAX_NAME_BYTES)).is_ok());
        let long = check_name("name", &"é".repeat(MAX_NAME_BYTES / 2 + 1)).expect_err("long");
        assert!(
            long.message.starts_with("name is refused"),
            "{}",
            long.message
        );
        for bad in ["/etc/cron.d/x", " /tmp/x", "\"/tmp/x", "$\t/tmp/x"] {
            let error = check_block_name("name", bad).expect_err(bad);
            assert!(error.message.contains("absolute path"), "{}", error.message);
        }
        for good in ["load orders", "models/orders", "a/b/c", "..", "x/"] {
            assert!(check_block_name("name", good).is_ok(), "{good}");
        }
    }
}
