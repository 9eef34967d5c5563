//! Work done a step at a time, in the tasks after this one, so that the page answers in between:
//! a tool result's model whose long texts are redacted a slice a step
//! (`widget_model::ModelBuild`), and the redacted copy of a result remembered across reloads
//! (`widget_model::RedactedJson`). Each step is bounded work; a task runs steps while the longest
//! one so far still fits in [`STEPS_BUDGET_MS`].

use std::sync::Arc;

use widget_app::CallOutcome;
use widget_model::ModelBuild;

/// How long steps may run in one task, in milliseconds: the next step is left to the next task
/// when the longest one so far would pass this, so that a task stays under the 50 ms of a long
/// task in either build (the JavaScript build's steps take longer than the wasm build's).
const STEPS_BUDGET_MS: f64 = 25.0;

/// Runs `work`'s steps in this task, at least one and as many as [`STEPS_BUDGET_MS`] allows, and
/// returns what is left. Steps alike follow one another while `alike_next` says the next one is
/// of the kind run so far (a slice of a text); any other (the model's assembly) waits for a task
/// of its own, since the steps so far say nothing of its cost.
pub fn for_a_task<T>(mut work: T, alike_next: impl Fn(&T) -> bool, step: impl Fn(T) -> T) -> T {
    let started = js_sys::Date::now();
    let mut longest = 0.0f64;
    loop {
        let before = js_sys::Date::now();
        work = step(work);
        let now = js_sys::Date::now();
        longest = longest.max(now - before);
        if !alike_next(&work) || now - started + longest > STEPS_BUDGET_MS {
            return work;
        }
    }
}

/// Calls `then` with `outcome`, an answer made its model first ([`CallOutcome::Modelled`]): in
/// this task for most; for an answer with long texts, its steps in the tasks after this one and
/// `then` in a task of its own after them.
pub fn when_modelled(outcome: CallOutcome, then: impl FnOnce(CallOutcome) + 'static) {
    let CallOutcome::Answered(text) = outcome else {
        return then(outcome);
    };
    let modelled = |build: ModelBuild| CallOutcome::Modelled(Arc::new(build.finish()));
    match widget_model::build_from_json_text(&text) {
        build if build.is_done() => then(modelled(build)),
        build => in_later_tasks(
            build,
            ModelBuild::is_done,
            ModelBuild::redacts_next,
            ModelBuild::step,
            move |build| then(modelled(build)),
        ),
    }
}

/// `work`'s steps in the tasks after this one, as many to a task as [`for_a_task`] runs (steps
/// alike while `alike_next` says so), then `then` with it, once `is_done`, in a task of its own.
pub fn in_later_tasks<T: 'static>(
    work: T,
    is_done: fn(&T) -> bool,
    alike_next: fn(&T) -> bool,
    step: fn(T) -> T,
    then: impl FnOnce(T) + 'static,
) {
    gloo_timers::callback::Timeout::new(0, move || {
        if is_done(&work) {
            then(work);
        } else {
            let work = for_a_task(work, alike_next, step);
            in_later_tasks(work, is_done, alike_next, step, then);
        }
    })
    .forget();
}
