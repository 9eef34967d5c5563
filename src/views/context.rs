//! What every view may reach through Leptos context: the host services, a clock for relative
//! times, the live region that announces what a click did, and what the user did to the tables
//! of the screen shown (kept while a followed run's updates draw it again).

use leptos::prelude::*;
use widget_model::sort::Direction;

use crate::views::locale::{Locale, LocaleStore};
use widget_app::HostServices;

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

/// What the user did to one table: its sort, Find, the columns shown, the rows opened, where it
/// was scrolled to.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct TableMemory {
    pub sort: Option<(usize, Direction)>,
    pub query: String,
    pub all_columns: bool,
    pub open_rows: Vec<usize>,
    pub scroll_top: f64,
    pub scroll_left: f64,
    /// A log read at its end: a followed run's new lines keep it there.
    pub at_end: bool,
}

/// The tables of the screen shown, by their columns' keys (a screen has a few). A new screen
/// (`AppState::screen`) starts empty; an update of the same screen (a followed run) finds its
/// tables as the user left them.
#[derive(Clone, Copy)]
pub struct ScreenMemory {
    kept: StoredValue<(u64, Vec<(String, TableMemory)>), LocalStorage>,
}

impl ScreenMemory {
    /// Forgets everything when `screen` is not the screen remembered.
    pub fn enter(&self, screen: u64) {
        self.kept.update_value(|(shown, tables)| {
            if *shown != screen {
                *shown = screen;
                tables.clear();
            }
        });
    }

    /// What the user did to the table `key` on this screen, if it was drawn here before.
    pub fn recalled(&self, key: &str) -> Option<TableMemory> {
        self.kept
            .try_with_value(|(_, tables)| {
                tables
                    .iter()
                    .find(|(k, _)| k == key)
                    .map(|(_, m)| m.clone())
            })
            .flatten()
    }

    /// What the user did to the table `key`, so far.
    pub fn table(&self, key: &str) -> TableMemory {
        self.recalled(key).unwrap_or_default()
    }

    /// Notes a change to the table `key`.
    pub fn keep(&self, key: &str, change: impl FnOnce(&mut TableMemory)) {
        self.kept.try_update_value(|(_, tables)| {
            let at = match tables.iter().position(|(k, _)| k == key) {
                Some(at) => at,
                None if tables.len() < 64 => {
                    tables.push((key.to_owned(), TableMemory::default()));
                    tables.len() - 1
                }
                None => return,
            };
            change(&mut tables[at].1);
        });
    }
}

/// The screen's memory, where the root provides one.
pub fn screen_memory() -> Option<ScreenMemory> {
    use_context::<ScreenMemory>()
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
    provide_context(ScreenMemory {
        kept: StoredValue::new_local((0, Vec::new())),
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
