//! Block templates over `GET /api/block_templates`, cached 24 hours in `block_templates.json` in
//! the agent's cache directory; `force_refresh` bypasses the cache. The cache names the cluster it
//! came from: another cluster_url fetches anew. The file is read and written on tokio's blocking
//! threads, never on the async ones.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::client::Mage;
use crate::backend::Templates;
use crate::records::records;
use crate::widget_result::ToolError;

/// The cache file's name, as the service's agent names it.
pub const CACHE_FILE: &str = "block_templates.json";
/// How long cached templates are used.
pub const CACHE_HOURS: i64 = 24;

pub fn cache_path(cache_dir: &Path) -> PathBuf {
    cache_dir.join(CACHE_FILE)
}

/// Fresh cached templates of this cluster, with their age in minutes.
fn read_cache(path: &Path, cluster_url: &str) -> Option<(Vec<Value>, i64)> {
    let cached: Value = serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()?;
    if cached.get("cluster_url").and_then(Value::as_str) != Some(cluster_url) {
        return None;
    }
    let fetched_at =
        chrono::DateTime::parse_from_rfc3339(cached.get("fetched_at")?.as_str()?).ok()?;
    let age = chrono::Utc::now().signed_duration_since(fetched_at);
    if age.num_hours() >= CACHE_HOURS || age.num_seconds() < 0 {
        return None;
    }
    Some((records(&cached, "block_templates"), age.num_minutes()))
}

fn write_cache(path: &Path, cluster_url: &str, templates: &[Value]) -> Result<(), String> {
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    }
    let body = json!({
        "cluster_url": cluster_url,
        "fetched_at": chrono::Utc::now().to_rfc3339(),
        "block_templates": templates,
    });
    let text = serde_json::to_vec_pretty(&body).map_err(|e| format!("cannot encode: {e}"))?;
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, text)
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// Runs file work on the blocking threads.
async fn off_the_async_threads<T: Send + 'static>(
    work: impl FnOnce() -> T + Send + 'static,
    failed: T,
) -> T {
    tokio::task::spawn_blocking(work).await.unwrap_or(failed)
}

/// The templates, from the cache when it is fresh and `force_refresh` is not set.
pub async fn load(mage: &Mage, force_refresh: bool) -> Result<Templates, ToolError> {
    let path = cache_path(&mage.cache_dir);
    let cluster = mage.base_url();
    if !force_refresh {
        let (p, c) = (path.clone(), cluster.clone());
        if let Some((records, minutes)) =
            off_the_async_threads(move || read_cache(&p, &c), None).await
        {
            return Ok(Templates {
                records,
                cached_minutes: Some(minutes),
                cache_problem: None,
            });
        }
    }
    let body = mage
        .get("/api/block_templates", &[], "Block templates")
        .await?;
    let templates = records(&body, "block_templates");
    let written = templates.clone();
    let cache_problem = off_the_async_threads(
        move || write_cache(&path, &cluster, &written),
        Err("the cache writer stopped".to_owned()),
    )
    .await
    .err();
    if let Some(problem) = &cache_problem {
        tracing::warn!("block template cache: {problem}");
    }
    Ok(Templates {
        records: templates,
        cached_minutes: None,
        cache_problem,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cache_is_used_for_its_cluster_only_and_for_24_hours() {
        let dir = tempfile::tempdir().expect("dir");
        let path = cache_path(dir.path());
        write_cache(&path, "http://a", &[json!({"name": "Base template"})]).expect("written");
        let (templates, minutes) = read_cache(&path, "http://a").expect("fresh");
        assert_eq!(templates.len(), 1);
        assert_eq!(minutes, 0);
        assert!(read_cache(&path, "http://b").is_none(), "another cluster");
        let old = json!({"cluster_url": "http://a", "fetched_at": "2020-01-01T00:00:00Z", "block_templates": []});
        std::fs::write(&path, old.to_string()).expect("write");
        assert!(
            read_cache(&path, "http://a").is_none(),
            "older than 24 hours"
        );
    }
}
