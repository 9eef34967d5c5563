//! A Leptos counter and a keyed list: the least a Leptos CSR widget carries.
use leptos::prelude::*;

fn main() {
    mount_to_body(|| {
        let count = RwSignal::new(0u32);
        let rows = RwSignal::new(vec!["a".to_owned(), "b".to_owned()]);
        #[cfg(feature = "json")]
        {
            let text = web_sys_text();
            if let Ok(serde_json::Value::Array(items)) = serde_json::from_str::<serde_json::Value>(&text) {
                rows.set(items.iter().map(|v| v.to_string()).collect());
            }
        }
        view! {
            <button on:click=move |_| count.update(|n| *n += 1)>{move || count.get()}</button>
            <ul>
                <For each=move || rows.get() key=|r| r.clone() let:row>
                    <li>{row}</li>
                </For>
            </ul>
        }
    });
}

#[cfg(feature = "json")]
fn web_sys_text() -> String {
    // Something the optimiser cannot see through: the page's title.
    document().title()
}
