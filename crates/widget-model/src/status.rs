//! Statuses and their tones. Every value the service's API reference names has a tone; an unknown value is shown as
//! written, in the neutral tone, never guessed.

/// The colour family a status is drawn in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tone {
    /// In progress: `running`.
    Running,
    /// Finished well: `completed`, `executed`, `success`.
    Success,
    /// Finished badly: `failed`, `error`.
    Danger,
    /// Stopped on purpose: `cancelled`.
    Cancelled,
    /// Waiting to start: `initial`, `not_executed`, `pending`, `queued`.
    Pending,
    /// Switched on: `active`.
    Active,
    /// Switched off: `inactive`.
    Inactive,
    /// Anything else.
    Neutral,
}

impl Tone {
    /// The CSS modifier for this tone (`pill--running`, …).
    pub fn css_name(self) -> &'static str {
        match self {
            Tone::Running => "running",
            Tone::Success => "success",
            Tone::Danger => "danger",
            Tone::Cancelled => "cancelled",
            Tone::Pending => "pending",
            Tone::Active => "active",
            Tone::Inactive => "inactive",
            Tone::Neutral => "neutral",
        }
    }
}

/// A status value as the view shows it: its words and its tone.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Status {
    /// The value as written by the producer (`not_executed`).
    pub raw: String,
    /// The value in words (`Not executed`).
    pub label: String,
    pub tone: Tone,
}

impl Status {
    pub fn new(raw: &str) -> Status {
        let raw = crate::text::truncate_chars(raw.trim(), 64);
        Status {
            label: crate::text::humanize_key(&raw),
            tone: tone_of(&raw),
            raw,
        }
    }
}

/// The tone of a status value, case-insensitive.
pub fn tone_of(value: &str) -> Tone {
    // Compared in place: called for every status cell, so no lower-cased copy is made.
    const TONES: &[(&str, Tone)] = &[
        ("running", Tone::Running),
        ("in_progress", Tone::Running),
        ("executing", Tone::Running),
        ("completed", Tone::Success),
        ("executed", Tone::Success),
        ("success", Tone::Success),
        ("succeeded", Tone::Success),
        ("updated", Tone::Success),
        ("failed", Tone::Danger),
        ("error", Tone::Danger),
        ("errored", Tone::Danger),
        ("cancelled", Tone::Cancelled),
        ("canceled", Tone::Cancelled),
        ("initial", Tone::Pending),
        ("not_executed", Tone::Pending),
        ("pending", Tone::Pending),
        ("queued", Tone::Pending),
        ("active", Tone::Active),
        ("enabled", Tone::Active),
        ("inactive", Tone::Inactive),
        ("disabled", Tone::Inactive),
    ];
    TONES
        .iter()
        .find(|(name, _)| value.eq_ignore_ascii_case(name))
        .map_or(Tone::Neutral, |&(_, tone)| tone)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_seed_status_has_a_tone() {
        let expected = [
            ("initial", Tone::Pending),
            ("running", Tone::Running),
            ("completed", Tone::Success),
            ("failed", Tone::Danger),
            ("cancelled", Tone::Cancelled),
            ("inactive", Tone::Inactive),
            ("active", Tone::Active),
            ("not_executed", Tone::Pending),
            ("executed", Tone::Success),
        ];
        for (value, tone) in expected {
            assert_eq!(tone_of(value), tone, "{value}");
        }
    }

    #[test]
    fn unknown_values_are_neutral_and_shown_as_written() {
        let s = Status::new("upstream_failed_maybe");
        assert_eq!(s.tone, Tone::Neutral);
        assert_eq!(s.label, "Upstream failed maybe");
        assert_eq!(Status::new("RUNNING").tone, Tone::Running);
    }
}

/// How many records are in one status.
#[derive(Clone, Debug, PartialEq)]
pub struct StatusCount {
    pub status: Status,
    pub count: u64,
}
