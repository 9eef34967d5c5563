//! Which kept result belongs to which tool call. A result kept across a reload of the frame (the
//! bridge's `storage`) is keyed by the tool, the request id and a hash of the call's arguments, so
//! that a frame rebuilt for another call never shows this one's result.

/// Where the result of the call of `tool` (request `request_id`) with `arguments` (canonical JSON
/// text) is kept.
pub fn result_key(tool: &str, request_id: &str, arguments: &str) -> String {
    format!(
        "resource-widget/v2/{tool}/{request_id}/{:016x}",
        fnv1a(arguments.as_bytes())
    )
}

/// 64-bit FNV-1a: a stable, dependency-free digest (the key need not resist an attacker: the
/// frame's own storage is the frame's own).
fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325u64, |hash, &b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_differ_with_tool_request_and_arguments() {
        let key = result_key("pipeline_get", "7", r#"{"uuid":"etl"}"#);
        assert!(key.starts_with("resource-widget/v2/pipeline_get/7/"));
        assert_eq!(key, result_key("pipeline_get", "7", r#"{"uuid":"etl"}"#));
        assert_ne!(key, result_key("pipeline_get", "7", r#"{"uuid":"etl2"}"#));
        assert_ne!(key, result_key("pipeline_get", "8", r#"{"uuid":"etl"}"#));
        assert_ne!(key, result_key("block_get", "7", r#"{"uuid":"etl"}"#));
    }
}
