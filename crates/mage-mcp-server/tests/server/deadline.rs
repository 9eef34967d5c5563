//! A call has a deadline, and a client's cancellation stops it, with its requests to the cluster:
//! against a stand-in cluster that never answers, a read past its deadline says nothing was
//! changed, a change past it says its outcome is unknown, and a cancelled call's request to the
//! cluster is dropped at once (the stand-in sees its connection go).

use std::time::{Duration, Instant};

use rmcp::model::{CallToolRequest, CallToolRequestParams, ClientRequest};
use rmcp::service::PeerRequestOptions;
use serde_json::json;

use crate::common::*;
use crate::recorder;

#[tokio::test]
async fn a_call_past_its_deadline_stops_and_a_change_says_its_outcome_is_unknown() {
    bounded(async {
        let widget = test_widget();
        let cluster = recorder::start_stalled().await;
        let (client, _log) = spawn_with_env(
            &widget,
            &["--mage-url", &cluster.url, "--call-timeout", "2"],
            &[("MAGE_API_KEY", "stalled-api-key-123456")],
        )
        .await;
        let started = Instant::now();
        let listed = call(&client, "pipeline_list", json!({})).await;
        assert!(
            started.elapsed() < Duration::from_secs(15),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(error_code(&listed), "API_ERROR", "{}", text(&listed));
        let message = text(&listed);
        assert!(message.contains("did not finish within 2 s"), "{message}");
        assert!(message.contains("nothing was changed"), "{message}");
        assert!(
            cluster
                .wait_for("GONE GET /api/pipelines", Duration::from_secs(10))
                .await,
            "the request to the cluster was dropped: {:?}",
            cluster.seen()
        );

        let deleted = call(&client, "pipeline_delete", json!({"uuid": "etl_daily"})).await;
        let message = text(&deleted);
        assert_eq!(error_code(&deleted), "API_ERROR", "{message}");
        assert!(message.contains("outcome is unknown"), "{message}");
        assert!(message.contains("before trying again"), "{message}");
        client.cancel().await.expect("close");
    })
    .await;
}

#[tokio::test]
async fn a_cancelled_call_drops_its_request_to_the_cluster() {
    bounded(async {
        let widget = test_widget();
        let cluster = recorder::start_stalled().await;
        let (client, _log) = spawn_with_env(
            &widget,
            &["--mage-url", &cluster.url],
            &[("MAGE_API_KEY", "stalled-api-key-123456")],
        )
        .await;
        let request = ClientRequest::CallToolRequest(CallToolRequest::new(
            CallToolRequestParams::new("pipeline_list"),
        ));
        let handle = client
            .peer()
            .send_cancellable_request(request, PeerRequestOptions::no_options())
            .await
            .expect("the request is sent");
        assert!(
            cluster
                .wait_for("GET /api/pipelines", Duration::from_secs(10))
                .await,
            "the call reached the cluster: {:?}",
            cluster.seen()
        );
        assert!(cluster.seen().iter().all(|l| !l.starts_with("GONE")));
        handle
            .cancel(Some("the user stopped it".into()))
            .await
            .expect("cancel");
        assert!(
            cluster
                .wait_for("GONE GET /api/pipelines", Duration::from_secs(10))
                .await,
            "the cancelled call's request was dropped: {:?}",
            cluster.seen()
        );
        client.cancel().await.expect("close");
    })
    .await;
}
