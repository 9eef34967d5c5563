//! Work done a step at a time, in the tasks after this one, so that the page answers in between:
//! a tool result's model whose long texts are redacted a slice a step
//! (`widget_model::ModelBuild`). Each step is bounded work; a task runs steps while the longest one
//! so far still fits in [`STEPS_BUDGET_MS`].

use std::sync::Arc;

use widget_app::CallOutcome;
use widget_model::ModelBuild;

/// How long steps may run in one task, in milliseconds: the next step is left to the next task
/// when the longest one so far would pass this. Steps are a few milliseconds each in the wasm
/// build and about four times that in the JavaScript build, so a task stays under the 50 ms of a
/// long task.
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
    match widget_model::build_from_json_text(&text) {
        ModelBuild::Done(model) => then(CallOutcome::Modelled(Arc::new(*model))),
        build => in_later_tasks(build, then),
    }
}

/// `build`'s steps in the tasks after this one, then `then` with its model in the next.
fn in_later_tasks(build: ModelBuild, then: impl FnOnce(CallOutcome) + 'static) {
    gloo_timers::callback::Timeout::new(0, move || match build {
        ModelBuild::Done(model) => then(CallOutcome::Modelled(Arc::new(*model))),
        build => in_later_tasks(
            for_a_task(build, ModelBuild::is_done, ModelBuild::step),
            then,
        ),
    })
    .forget();
}
