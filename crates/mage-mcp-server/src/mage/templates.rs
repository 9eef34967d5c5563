//! block_templates_list over `GET /api/block_templates`, cached 24 hours in `block_templates.json`
//! in the agent's cache directory; `force_refresh` bypasses the cache. The cache
//! names the cluster it came from: another cluster_url fetches anew.

use std::path::{Path, PathBuf};

use serde_json::{json, Value};

use super::{records, Mage};
use crate::widget_result::{
    column, plain_column, ColumnType, Hints, Summary, ToolError, WidgetResult,
};

/// The cache file's name, as the service's agent names it.
pub const CACHE_FILE: &str = "block_templates.json";
/// How long cached templates are used.
pub const CACHE_HOURS: i64 = 24;

/// Templates and where they came from.
pub struct Templates {
    pub templates: Vec<Value>,
    /// `None`: fetched just now; `Some(minutes)`: from the cache, that old.
    pub cached_minutes: Option<i64>,
    /// Why the cache could not be written, if it could not.
    pub cache_problem: Option<String>,
}

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
    let tmp = path.with_extension("json.tmp");
    std::fs::write(&tmp, serde_json::to_vec_pretty(&body).unwrap_or_default())
        .and_then(|()| std::fs::rename(&tmp, path))
        .map_err(|e| format!("cannot write {}: {e}", path.display()))
}

/// The templates, from the cache when it is fresh and `force_refresh` is not set.
pub async fn load(mage: &Mage, force_refresh: bool) -> Result<Templates, ToolError> {
    let path = cache_path(&mage.cache_dir);
    if !force_refresh {
        if let Some((templates, minutes)) = read_cache(&path, mage.base_url()) {
            return Ok(Templates {
                templates,
                cached_minutes: Some(minutes),
                cache_problem: None,
            });
        }
    }
    let body = mage
        .get("/api/block_templates", &[], "Block templates")
        .await?;
    let templates = records(&body, "block_templates");
    let cache_problem = write_cache(&path, mage.base_url(), &templates).err();
    if let Some(problem) = &cache_problem {
        tracing::warn!("block template cache: {problem}");
    }
    Ok(Templates {
        templates,
        cached_minutes: None,
        cache_problem,
    })
}

pub async fn list(mage: &Mage, force_refresh: bool) -> Result<WidgetResult, ToolError> {
    let loaded = load(mage, force_refresh).await?;
    let rows: Vec<Value> = loaded
        .templates
        .iter()
        .map(|t| {
            json!({
                "name": t.get("name"),
                "block_type": t.get("block_type"),
                "language": t.get("language"),
                "path": t.get("path"),
                "description": t.get("description"),
                "groups": t.get("groups"),
                "template_type": t.get("template_type"),
                "configuration": t.get("configuration"),
            })
        })
        .collect();
    let provenance = match loaded.cached_minutes {
        None => "fetched from the cluster just now".to_owned(),
        Some(m) if m < 60 => format!("cached {m} min ago"),
        Some(m) => format!("cached {} h ago", m / 60),
    };
    let mut summary = Summary::titled("Block templates")
        .subtitle(format!("{} templates ({provenance})", rows.len()))
        .total(rows.len());
    if let Some(problem) = loaded.cache_problem {
        summary.message = Some(format!("The 24-hour cache could not be kept: {problem}."));
    }
    Ok(WidgetResult::new("block_templates", "list")
        .summary(summary)
        .columns(vec![
            plain_column("name", ColumnType::Text),
            column("block_type", "Type", ColumnType::Text),
            plain_column("language", ColumnType::Text),
            plain_column("path", ColumnType::Code),
            plain_column("groups", ColumnType::Tags),
            plain_column("description", ColumnType::Text),
        ])
        .records(rows)
        .hints(Hints::keys("Block templates", "path", Some("name"), None)))
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
