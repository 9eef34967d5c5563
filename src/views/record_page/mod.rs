//! "Open in Mage": a record's page in the service's own UI, opened through the host (MCP Apps
//! `ui/open-link`, `window.openai.openExternal`), never by the frame itself. Offered only when the
//! host opens links (`HostCapabilities::open_links`) and the record fills the result's
//! `recordUrl` template (`widget_model::record_page`): a detail's beside its header, a row's
//! among the row's controls.

use std::rc::Rc;

use leptos::prelude::*;
use widget_model::words::Msg;

use crate::calls::capabilities;
use crate::views::context::services;
use crate::views::locale::t;

/// Whether the host opens links: a control that only opens one is shown only then.
pub fn host_opens_links() -> bool {
    capabilities().open_links
}

/// The control that asks the host to open `address`.
///
/// - `address`: the record's page, an http(s) URL the model checked; also the control's title.
/// - `name`: the row's title, for its accessible name; a detail's header names its record.
#[component]
pub fn OpenInMage(address: String, #[prop(optional)] name: Option<String>) -> impl IntoView {
    let label = name.map(|name| t(&Msg::OpenRecordInMage { name }));
    let open = services().with_value(|s| Rc::clone(&s.open_link));
    let target = address.clone();
    view! {
        <button type="button" class="record-page" title=address aria-label=label on:click=move |_| open(&target)>
            {t(&Msg::OpenInMage)}
            <span class="record-page__mark" aria-hidden="true">"↗"</span>
        </button>
    }
}
