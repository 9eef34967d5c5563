//! Hooks for the end-to-end tests, compiled only with the `test-hooks` feature: the shipped file
//! (`scripts/build.sh`) carries none of them; `scripts/build.sh --test-hooks` builds
//! dist/test-hooks/resource-widget.html with them for the checks that need one, and
//! tests/built-file.test.mjs fails if any of these names reaches dist/resource-widget.html.

/// Exposes `window.__resourceWidgetTest.panic()`, which aborts inside the widget exactly as a panic
/// does in these builds (`panic = "abort"`: a trap): the end-to-end tests use it to check that a
/// dead widget becomes the error state and still reports its size (the boot script's last resort).
pub fn expose(window: &web_sys::Window) {
    let panic = wasm_bindgen::closure::Closure::<dyn Fn()>::new(|| std::process::abort());
    let hooks = js_sys::Object::new();
    let _ = js_sys::Reflect::set(&hooks, &"panic".into(), panic.as_ref());
    let _ = js_sys::Reflect::set(window, &"__resourceWidgetTest".into(), &hooks);
    // The hook lives as long as the page.
    panic.forget();
}
