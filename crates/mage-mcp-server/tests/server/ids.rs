//! Ids that would climb out of a request path (`..`, `.`, empty, `a/../b`, control characters),
//! and places outside the project in free-form arguments (a block configuration's paths, a block's
//! name), are refused by every tool that takes them, naming the argument, before any request:
//! against the demo project, and in Mage mode against a recording stand-in cluster that must see
//! nothing.

use crate::common::*;
use crate::recorder;
use serde_json::json;

#[tokio::test]
async fn the_demo_refuses_ids_that_name_no_record_by_field() {
    bounded(async {
        let widget = test_widget();
        let client = stdio_client(&widget, &[]).await;
        let schemas = schemas();
        let calls = every_bad_id_is_refused_by_name(&client, &schemas).await;
        assert_eq!(calls, BAD_IDS.len() * calls_with_bad_id("x").len());
        let calls = every_bad_place_is_refused_by_name(&client, &schemas).await;
        assert_eq!(
            calls,
            calls_with_bad_name().len() + BAD_PLACES.len() * calls_with_bad_place("x").len()
        );
        client.cancel().await.expect("close");
    })
    .await;
}

#[tokio::test]
async fn in_mage_mode_a_refused_id_never_reaches_the_cluster() {
    bounded(async {
        let widget = test_widget();
        let cluster = recorder::start(None).await;
        let (client, _log) = spawn_with_env(
            &widget,
            &["--mage-url", &cluster.url],
            &[("MAGE_API_KEY", "recorder-api-key-123456")],
        )
        .await;
        let schemas = schemas();
        every_bad_id_is_refused_by_name(&client, &schemas).await;
        every_bad_place_is_refused_by_name(&client, &schemas).await;
        assert_eq!(
            cluster.seen(),
            Vec::<String>::new(),
            "requests reached the cluster"
        );
        // The recorder does see what the server sends: a valid call reaches it.
        let listed = call(&client, "pipeline_list", json!({})).await;
        assert_ne!(listed.is_error, Some(true), "{}", text(&listed));
        assert!(
            cluster
                .seen()
                .iter()
                .any(|r| r.starts_with("GET /api/pipelines")),
            "{:?}",
            cluster.seen()
        );
        client.cancel().await.expect("close");
    })
    .await;
}

#[tokio::test]
async fn user_information_in_the_mage_url_is_never_logged_nor_written() {
    bounded(async {
        let widget = test_widget();
        let cluster = recorder::start(None).await;
        let url = cluster
            .url
            .replace("http://", "http://mage-user:url-pa55word-42@");
        let cache = tempfile::tempdir().expect("cache dir");
        let cache_dir = cache.path().to_string_lossy().into_owned();
        let (client, log) = spawn_with_env(
            &widget,
            &[
                "--mage-url",
                &url,
                "--cache-dir",
                &cache_dir,
                "--log-level",
                "debug",
            ],
            &[("MAGE_API_KEY", "recorder-api-key-123456")],
        )
        .await;
        let listed = call(&client, "block_templates_list", json!({})).await;
        assert_ne!(listed.is_error, Some(true), "{}", text(&listed));
        assert!(!text(&listed).contains("url-pa55word-42"));
        client.cancel().await.expect("close");
        let log = log.await.expect("the server's log");
        assert!(log.contains("tools drive the Mage server at"), "{log}");
        assert!(!log.contains("url-pa55word-42"), "{log}");
        let mut written = String::new();
        for entry in std::fs::read_dir(cache.path()).expect("the cache dir") {
            let path = entry.expect("entry").path();
            written.push_str(&std::fs::read_to_string(&path).unwrap_or_default());
        }
        assert!(
            written.contains("block_templates"),
            "the cache was written: {written}"
        );
        assert!(!written.contains("url-pa55word-42"), "{written}");
    })
    .await;
}

/// The pages of Mage's UI that results link their records to are on the cluster's address as
/// configured, under its path, without its user information (`src/mage/pages.rs` leaves out a
/// query and a fragment too).
#[tokio::test]
async fn the_records_pages_in_mage_leave_out_the_user_information_of_its_url() {
    bounded(async {
        let widget = test_widget();
        let cluster = recorder::start(None).await;
        let url = format!(
            "{}/mage/",
            cluster
                .url
                .replace("http://", "http://mage-user:url-pa55word-42@")
        );
        let (client, _log) = spawn_with_env(
            &widget,
            &["--mage-url", &url],
            &[("MAGE_API_KEY", "recorder-api-key-123456")],
        )
        .await;
        for (tool, page) in [
            ("pipeline_list", "pipelines/{uuid}"),
            ("pipeline_runs", "pipelines/{pipeline_uuid}/runs/{id}"),
        ] {
            let listed = call(&client, tool, json!({})).await;
            assert_ne!(listed.is_error, Some(true), "{}", text(&listed));
            let written = serde_json::to_string(&listed).expect("json");
            for configured in ["mage-user", "url-pa55word-42"] {
                assert!(!written.contains(configured), "{tool}: {written}");
            }
            let hints = &listed.meta.as_ref().expect("_meta").0["host/widgetData"];
            assert_eq!(
                hints["recordUrl"],
                format!("{}/mage/{page}", cluster.url),
                "{tool}"
            );
        }
        client.cancel().await.expect("close");
    })
    .await;
}
