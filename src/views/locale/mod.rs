//! The language and formats the views write in. The host's locale picks the catalog language
//! (`widget_model::words`) and, with the host's time zone, the platform's `Intl` formats for
//! numbers, times and durations ([`intl`]). Where `Intl` is missing or refuses the locale or the
//! zone, plain formats stand in: the widget still shows everything, in English digits and UTC.

mod intl;

use std::rc::Rc;

use leptos::prelude::*;
use widget_model::words::{self, Formats, Lang, Msg, PlainFormats, Text};

/// What the views write in.
#[derive(Clone)]
pub struct Locale {
    lang: Lang,
    formats: Rc<dyn Formats>,
}

impl Locale {
    /// The locale for a BCP 47 tag and an IANA zone (each `None` for the browser's own).
    pub fn new(tag: Option<&str>, zone: Option<&str>) -> Locale {
        let formats: Rc<dyn Formats> = match intl::IntlFormats::new(tag, zone) {
            Some(intl) => Rc::new(intl),
            None => Rc::new(PlainFormats),
        };
        Locale {
            lang: tag.map(Lang::from_locale).unwrap_or_default(),
            formats,
        }
    }

    /// English with plain formats: what views use with no locale in context.
    pub fn plain() -> Locale {
        Locale {
            lang: Lang::En,
            formats: Rc::new(PlainFormats),
        }
    }

    pub fn lang(&self) -> Lang {
        self.lang
    }

    pub fn formats(&self) -> &dyn Formats {
        self.formats.as_ref()
    }

    /// One of our messages, in this language.
    pub fn t(&self, msg: &Msg) -> String {
        words::text(self.lang, msg, self.formats.as_ref())
    }

    /// A text: the producer's as sent, ours in this language.
    pub fn text(&self, text: &Text) -> String {
        text.render(self.lang, self.formats.as_ref())
    }
}

/// The locale in context; the root replaces its value when the host's locale or zone changes and
/// draws its children again.
pub type LocaleStore = StoredValue<Locale, LocalStorage>;

/// The locale the views below write in.
pub fn locale() -> Locale {
    use_context::<LocaleStore>().map_or_else(Locale::plain, |store| store.get_value())
}

/// A handle to the locale for reactive closures (which must be `Send`, which a `Locale` is not).
pub fn locale_store() -> LocaleStore {
    use_context::<LocaleStore>().unwrap_or_else(|| StoredValue::new_local(Locale::plain()))
}

/// `msg` in the current locale.
pub fn t(msg: &Msg) -> String {
    locale().t(msg)
}
