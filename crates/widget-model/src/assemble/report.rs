//! What the model reports about its input while it is built: notices for the reader, diagnostics
//! for tooling, each list bounded.

use crate::limits::MAX_NOTICES;
use crate::words::Msg;

/// Collects what the model reports about its input: notices for the reader, diagnostics for
/// tooling.
#[derive(Default)]
pub(super) struct Report {
    pub(super) notices: Vec<Msg>,
    pub(super) diagnostics: Vec<String>,
}

impl Report {
    pub(super) fn visible(&mut self, msg: Msg) {
        if self.notices.len() < MAX_NOTICES {
            self.notices.push(msg);
        }
    }
    pub(super) fn diagnostic(&mut self, text: impl Into<String>) {
        if self.diagnostics.len() < MAX_NOTICES {
            self.diagnostics.push(text.into());
        }
    }
}

/// A count as messages carry it.
pub(super) fn count(n: usize) -> u64 {
    u64::try_from(n).unwrap_or(u64::MAX)
}

/// Reports the hints' and summary's `problems`, and how many values were redacted.
pub(super) fn report_problems(problems: Vec<String>, redacted: usize, report: &mut Report) {
    for p in problems {
        report.diagnostic(p);
    }
    if redacted > 0 {
        report.diagnostic(format!(
            "{redacted} sensitive value{} redacted",
            if redacted == 1 { "" } else { "s" }
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_and_redactions_are_reported_once_each() {
        let mut report = Report::default();
        report_problems(vec!["hint x ignored".into()], 1, &mut report);
        report_problems(Vec::new(), 2, &mut report);
        report_problems(Vec::new(), 0, &mut report);
        assert_eq!(
            report.diagnostics,
            [
                "hint x ignored",
                "1 sensitive value redacted",
                "2 sensitive values redacted"
            ]
        );
    }
}
