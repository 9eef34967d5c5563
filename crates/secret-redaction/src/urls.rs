//! Credentials inside the URLs of a word: `user:password@` (a password holding `,` `;` or `/`
//! unencoded too), a trigger's schedule token, sensitive query parameters, and the webhook URLs
//! whose path is their credential (Slack, Discord, Microsoft Teams).

use crate::keys::is_sensitive_parameter;
use crate::marker::REDACTED;

/// `https://user:password@host/…` → `https://[redacted]@host/…`, for every URL in the word
/// (`https://a/x,https://u:p@b/y` holds two); a password-only one too (`redis://:pass@host`),
/// and one whose password holds `,`, `;` or `/` unencoded (`postgresql://etl:a,b/c@db/dw`).
pub(crate) fn hide_url_credentials(word: &mut String) -> bool {
    let mut changed = false;
    let mut from = 0;
    while let Some(authority_start) = word[from..].find("://").map(|i| from + i + 3) {
        let authority_end = word[authority_start..]
            .find(['/', '?', '#', ',', ';', '"', '\''])
            .map_or(word.len(), |i| authority_start + i);
        from = authority_end;
        let userinfo_end = word[authority_start..authority_end]
            .rfind('@')
            .map(|at| authority_start + at)
            .or_else(|| unencoded_userinfo_end(word, authority_start));
        if let Some(at) = userinfo_end {
            if at > authority_start && &word[authority_start..at] != REDACTED {
                word.replace_range(authority_start..at, REDACTED);
                changed = true;
                from = authority_start + REDACTED.len() + 1;
            }
        }
    }
    changed
}

/// The `@` after a `user:password` whose password holds a `/`, `,` or `;` (which end an
/// authority), read from `start` (just past `://`) up to the URL's query, a quote or the next
/// URL: the first `@` before which a user name (no `/`, `,` or `;`) and a colon stand, and
/// after which a host starts. Not `host:8080/path/@scope`: a port and a path.
fn unencoded_userinfo_end(word: &str, start: usize) -> Option<usize> {
    let rest = &word[start..];
    let limit = rest.find(['?', '#', '"', '\'']).unwrap_or(rest.len());
    let limit = rest[..limit].find("://").unwrap_or(limit);
    let at = rest[..limit].find('@')?;
    let userinfo = &rest[..at];
    let colon = userinfo.find(':')?;
    if userinfo[..colon].contains(['/', ',', ';']) {
        return None;
    }
    let password = &userinfo[colon + 1..];
    let port = password
        .find(['/', ',', ';'])
        .filter(|&end| end > 0 && password[..end].bytes().all(|b| b.is_ascii_digit()));
    let host_follows = rest[at + 1..]
        .bytes()
        .next()
        .is_some_and(|b| b.is_ascii_alphanumeric() || b == b'[');
    (port.is_none() && host_follows).then_some(start + at)
}

/// `…/pipeline_runs/<hex>` → `…/pipeline_runs/[redacted]`: the schedule token of a trigger URL.
pub(crate) fn hide_trigger_token(word: &mut String) -> bool {
    const TRIGGER: &str = "/pipeline_runs/";
    let Some(seg_start) = word.find(TRIGGER).map(|i| i + TRIGGER.len()) else {
        return false;
    };
    let seg_end = word[seg_start..]
        .find(['/', '?', '#'])
        .map_or(word.len(), |i| seg_start + i);
    let segment = &word[seg_start..seg_end];
    let token = segment.len() >= 16 && segment.bytes().all(|b| b.is_ascii_hexdigit());
    if token {
        word.replace_range(seg_start..seg_end, REDACTED);
    }
    token
}

/// The query starting at `q` (the `?`) with the values of sensitive parameters hidden.
pub(crate) fn hide_query_values(word: &mut String, q: usize) -> bool {
    let query_end = word[q..].find('#').map_or(word.len(), |i| q + i);
    let mut rebuilt = String::with_capacity(query_end - q);
    let mut changed = false;
    for (i, pair) in word[q + 1..query_end].split('&').enumerate() {
        if i > 0 {
            rebuilt.push('&');
        }
        match pair.split_once('=') {
            // `&amp;sig=…`: a query written into HTML keeps its name after the escape.
            Some((name, value))
                if !value.is_empty()
                    && value != REDACTED
                    && is_sensitive_parameter(name.strip_prefix("amp;").unwrap_or(name)) =>
            {
                rebuilt.push_str(name);
                rebuilt.push('=');
                rebuilt.push_str(REDACTED);
                changed = true;
            }
            _ => rebuilt.push_str(pair),
        }
    }
    if changed {
        word.replace_range(q + 1..query_end, &rebuilt);
    }
    changed
}

/// A service whose incoming-webhook URLs carry their secret in the path: whoever holds the URL
/// posts as the webhook.
struct Webhook {
    /// The host, or the domain its hosts end in when `subdomains`.
    host: &'static str,
    subdomains: bool,
    /// The path before the secret.
    path: &'static str,
}

/// Slack (<https://api.slack.com/messaging/webhooks>, gitleaks' `slack-webhook-url`), Discord
/// (<https://discord.com/developers/docs/resources/webhook>: `/api/webhooks/{id}/{token}`, a
/// versioned `/api/v10/webhooks/` too) and Microsoft Teams (gitleaks' `microsoft-teams-webhook`,
/// <https://github.com/gitleaks/gitleaks/blob/v8.30.1/config/gitleaks.toml>, and the older
/// `outlook.office.com/webhook/`).
const WEBHOOKS: &[Webhook] = &[
    Webhook {
        host: "hooks.slack.com",
        subdomains: false,
        path: "/services/",
    },
    Webhook {
        host: "hooks.slack.com",
        subdomains: false,
        path: "/workflows/",
    },
    Webhook {
        host: "hooks.slack.com",
        subdomains: false,
        path: "/triggers/",
    },
    Webhook {
        host: "discord.com",
        subdomains: true,
        path: "/api/",
    },
    Webhook {
        host: "discordapp.com",
        subdomains: true,
        path: "/api/",
    },
    Webhook {
        host: "webhook.office.com",
        subdomains: true,
        path: "/webhookb2/",
    },
    Webhook {
        host: "outlook.office.com",
        subdomains: false,
        path: "/webhook/",
    },
];

/// Every webhook URL in the word with its secret path hidden: `https://hooks.slack.com/services/
/// T…/B…/<secret>` → `https://hooks.slack.com/services/[redacted]`.
pub(crate) fn hide_webhook_paths(word: &mut String) -> bool {
    let mut changed = false;
    let mut from = 0;
    while let Some(authority_start) = word[from..].find("://").map(|i| from + i + 3) {
        let authority_end = word[authority_start..]
            .find(['/', '?', '#', '"', '\''])
            .map_or(word.len(), |i| authority_start + i);
        from = authority_end;
        let authority = &word[authority_start..authority_end];
        let host = authority.rsplit('@').next().unwrap_or(authority);
        let host = host.split(':').next().unwrap_or(host);
        let Some(secret_start) = WEBHOOKS
            .iter()
            .filter(|hook| serves(hook, host))
            .find_map(|hook| secret_start(hook, &word[authority_end..]))
            .map(|offset| authority_end + offset)
        else {
            continue;
        };
        let secret_end = word[secret_start..]
            .find(['?', '#', '"', '\'', ',', ';', ')', '`'])
            .map_or(word.len(), |i| secret_start + i);
        let secret = &word[secret_start..secret_end];
        if !secret.is_empty() && secret != REDACTED {
            word.replace_range(secret_start..secret_end, REDACTED);
            changed = true;
            from = secret_start + REDACTED.len();
        }
    }
    changed
}

/// Whether `host` is the webhook's.
fn serves(hook: &Webhook, host: &str) -> bool {
    let host = host.as_bytes();
    let name = hook.host.as_bytes();
    if host.eq_ignore_ascii_case(name) {
        return true;
    }
    hook.subdomains
        && host.len() > name.len()
        && host[host.len() - name.len()..].eq_ignore_ascii_case(name)
        && host[host.len() - name.len() - 1] == b'.'
}

/// Where the secret starts in `path` (a URL's path onwards) of the webhook's form.
fn secret_start(hook: &Webhook, path: &str) -> Option<usize> {
    let rest = strip_prefix_ignore_case(path, hook.path)?;
    if hook.path != "/api/" {
        return Some(path.len() - rest.len());
    }
    // Discord's: `/api/webhooks/…` or `/api/v10/webhooks/…`.
    let unversioned = rest
        .strip_prefix(['v', 'V'])
        .and_then(|r| r.split_once('/'))
        .filter(|(version, _)| !version.is_empty() && version.bytes().all(|b| b.is_ascii_digit()))
        .map_or(rest, |(_, r)| r);
    let secret = strip_prefix_ignore_case(unversioned, "webhooks/")?;
    Some(path.len() - secret.len())
}

fn strip_prefix_ignore_case<'a>(s: &'a str, prefix: &str) -> Option<&'a str> {
    let head = s.get(..prefix.len())?;
    head.eq_ignore_ascii_case(prefix)
        .then(|| &s[prefix.len()..])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hidden(word: &str, hide: fn(&mut String) -> bool) -> Option<String> {
        let mut out = word.to_owned();
        hide(&mut out).then_some(out)
    }

    #[test]
    fn a_password_holding_an_authoritys_punctuation_is_hidden_whole() {
        for (url, expected) in [
            (
                "postgresql://etl:S3,cr;et/x@db.internal:5432/dw",
                "postgresql://[redacted]@db.internal:5432/dw",
            ),
            (
                "mysql://etl:a/b@db/dw?ssl=true",
                "mysql://[redacted]@db/dw?ssl=true",
            ),
            ("https://user:p@ss@host/x", "https://[redacted]@host/x"),
        ] {
            assert_eq!(hidden(url, hide_url_credentials).as_deref(), Some(expected));
            assert_eq!(hidden(expected, hide_url_credentials), None, "{expected}");
        }
        for url in [
            "https://registry.npmjs.org/@scope/pkg",
            "https://host:8080/path/@scope",
            "https://a.example/x,https://b.example/@y",
            "https://svc.example/users/a@b.example",
            "https://svc.example/?to=a@b.example",
        ] {
            assert_eq!(hidden(url, hide_url_credentials), None, "{url}");
        }
    }

    #[test]
    fn webhook_urls_lose_their_secret_path() {
        for (url, expected) in [
            (
                "https://hooks.slack.com/services/T0AAA1111/B0BBB2222/abcdefghijklmnopqrstuvwx",
                "https://hooks.slack.com/services/[redacted]",
            ),
            (
                "post(\"https://hooks.slack.com/workflows/T01/A02/abc\",",
                "post(\"https://hooks.slack.com/workflows/[redacted]\",",
            ),
            (
                "https://discord.com/api/webhooks/112233445566778899/AbCdEf-123",
                "https://discord.com/api/webhooks/[redacted]",
            ),
            (
                "https://canary.discordapp.com/api/v10/webhooks/1/tok?wait=true",
                "https://canary.discordapp.com/api/v10/webhooks/[redacted]?wait=true",
            ),
            (
                "https://acme.webhook.office.com/webhookb2/a@b/IncomingWebhook/c/d",
                "https://acme.webhook.office.com/webhookb2/[redacted]",
            ),
            (
                "https://outlook.office.com/webhook/a@b/IncomingWebhook/c/d",
                "https://outlook.office.com/webhook/[redacted]",
            ),
        ] {
            assert_eq!(
                hidden(url, hide_webhook_paths).as_deref(),
                Some(expected),
                "{url}"
            );
            assert_eq!(hidden(expected, hide_webhook_paths), None, "{expected}");
        }
        for url in [
            "https://hooks.slack.com/services/",
            "https://api.slack.com/messaging/webhooks",
            "https://discord.com/api/users/@me",
            "https://discord.com/api/webhooks",
            "https://notdiscord.com/api/webhooks/1/x",
            "https://webhook.office.com.evil.example/webhookb2/x",
        ] {
            assert_eq!(hidden(url, hide_webhook_paths), None, "{url}");
        }
    }
}
