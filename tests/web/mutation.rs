//! Mutation banners, and the compact success of a delete.

use crate::mount::{container, model, mount, one, text, texts, Recorder};
use leptos::{prelude::*, task::tick};
use resource_widget::views::mutation::CompactSuccess;
use resource_widget::views::mutation::MutationBanner;
use wasm_bindgen_test::*;

#[wasm_bindgen_test]
async fn mutations_name_the_operation_and_the_changed_fields() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(include_str!("../../fixtures/pipelines/update.json"));
    let mutation = m.mutation.clone().expect("mutation");
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <MutationBanner mutation/> },
    );
    tick().await;
    assert!(
        text(&one(&section, ".banner__title")).contains("Pipeline marketing_attribution updated")
    );
    assert_eq!(texts(&section, ".changes tbody th"), ["Name"]);
}

#[wasm_bindgen_test]
async fn a_delete_without_a_record_is_a_compact_success() {
    let section = container(None);
    let recorder = Recorder::default();
    let m = model(include_str!("../../fixtures/pipelines/delete.json"));
    let mutation = m.mutation.clone().expect("mutation");
    let _handle = mount(
        &section,
        &recorder,
        move || view! { <CompactSuccess mutation/> },
    );
    tick().await;
    assert!(text(&one(&section, ".compact-success")).contains("Pipeline ml_feature_store deleted"));
    assert_eq!(
        one(&section, ".compact-success")
            .get_attribute("role")
            .as_deref(),
        Some("status")
    );
}
