//! What every view may reach through Leptos context: the host services, a clock for relative
//! times, and the live region that announces what a click did.

use leptos::prelude::*;

use crate::app::HostServices;
use crate::views::locale::{Locale, LocaleStore};

/// The host services, in local storage (they hold the window, which is not `Send`).
pub type Services = StoredValue<HostServices, LocalStorage>;

/// Now, in epoch milliseconds, refreshed every minute so "3 min ago" stays true.
#[derive(Clone, Copy)]
pub struct Clock {
    pub now_ms: RwSignal<f64>,
}

/// The polite live region's message.
#[derive(Clone, Copy)]
pub struct Announcer {
    pub message: RwSignal<String>,
}

/// Provides services, clock, announcer and locale (the browser's, until the host names one) to
/// the views below. Call once, at the root.
pub fn provide(services: HostServices) {
    let now = (services.now_ms)();
    provide_context(StoredValue::new_local(services));
    provide_context::<LocaleStore>(StoredValue::new_local(Locale::new(None, None)));
    provide_context(Clock {
        now_ms: RwSignal::new(now),
    });
    provide_context(Announcer {
        message: RwSignal::new(String::new()),
    });
}

pub fn services() -> Services {
    expect_context::<Services>()
}

/// Says `message` to screen readers (and shows it briefly).
pub fn announce(message: &str) {
    if let Some(announcer) = use_context::<Announcer>() {
        announcer.message.set(message.to_owned());
    }
}
