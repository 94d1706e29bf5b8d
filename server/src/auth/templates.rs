//! The words of mail and text messages: templates the app provides (MAIL_TEMPLATES_DIR,
//! SMS_TEMPLATES_DIR), read at each send so a changed word needs no restart, with generic
//! built-in ones (`templates/*.txt` beside this file) for any the app leaves out.
//!
//! A mail template `<name>.txt` starts with a `Subject: …` line, then a blank line, then the
//! text; `<name>.html`, when present, is sent as the HTML part. A message for a reader whose
//! language is `kn` uses `<name>.kn.txt` (and `.kn.html`) when they exist. Variables use
//! GoTrue's names: `{{ .ConfirmationURL }}`, `{{ .Token }}` (the code), `{{ .TokenHash }}`,
//! `{{ .SiteURL }}`, `{{ .SiteName }}`, `{{ .Email }}`, `{{ .NewEmail }}`, `{{ .RedirectTo }}`,
//! `{{ .Minutes }}`; texts use `{{ .Code }}`. Values are HTML-escaped in HTML parts.

use std::collections::HashMap;
use std::path::{Path, PathBuf};

use serde_json::Value;

/// The mails a template may be named for.
pub const MAIL_NAMES: [&str; 8] = [
    "confirmation",
    "recovery",
    "magic_link",
    "invite",
    "email_change",
    "reauthentication",
    "password_changed_notification",
    "email_changed_notification",
];

fn builtin_mail(name: &str) -> Option<&'static str> {
    Some(match name {
        "confirmation" => include_str!("templates/confirmation.txt"),
        "recovery" => include_str!("templates/recovery.txt"),
        "magic_link" => include_str!("templates/magic_link.txt"),
        "invite" => include_str!("templates/invite.txt"),
        "email_change" => include_str!("templates/email_change.txt"),
        "reauthentication" => include_str!("templates/reauthentication.txt"),
        "password_changed_notification" => include_str!("templates/password_changed_notification.txt"),
        "email_changed_notification" => include_str!("templates/email_changed_notification.txt"),
        _ => return None,
    })
}

/// A rendered mail.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Letter {
    pub subject: String,
    pub body: String,
    pub html: Option<String>,
}

/// The values a template may use.
pub type Vars<'a> = HashMap<&'static str, String>;

#[derive(Debug, Clone, Default)]
pub struct Templates {
    mail_dir: Option<PathBuf>,
    sms_dir: Option<PathBuf>,
}

/// The reader's language: `user_metadata.language` when it is a language code (`kn`, `en-IN`).
pub fn language_of(user_metadata: &Value) -> Option<String> {
    let code = user_metadata.get("language")?.as_str()?.trim().to_ascii_lowercase();
    let valid = (2..=8).contains(&code.len())
        && code.chars().all(|c| c.is_ascii_lowercase() || c == '-')
        && code.chars().next().is_some_and(|c| c.is_ascii_lowercase());
    valid.then_some(code)
}

impl Templates {
    pub fn new(mail_dir: Option<PathBuf>, sms_dir: Option<PathBuf>) -> Self {
        Self { mail_dir, sms_dir }
    }

    /// The mail `name` for a reader of `language`, with `vars`.
    pub fn mail(&self, name: &str, language: Option<&str>, vars: &Vars<'_>) -> Letter {
        let text = self
            .mail_dir
            .as_deref()
            .and_then(|dir| read_localised(dir, name, "txt", language))
            .or_else(|| builtin_mail(name).map(str::to_owned))
            .unwrap_or_default();
        let (subject, body) = split_subject(&text);
        let html = self
            .mail_dir
            .as_deref()
            .and_then(|dir| read_localised(dir, name, "html", language))
            .map(|html| render(&html, vars, true));
        Letter { subject: render(subject, vars, false).trim().to_owned(), body: render(body, vars, false), html }
    }

    /// The text message `name` (`otp`) for a reader of `language`.
    pub fn sms(&self, name: &str, language: Option<&str>, vars: &Vars<'_>) -> String {
        let text = self
            .sms_dir
            .as_deref()
            .and_then(|dir| read_localised(dir, name, "txt", language))
            .unwrap_or_else(|| include_str!("templates/otp.sms.txt").to_owned());
        render(&text, vars, false).trim().to_owned()
    }
}

/// `dir/name.<language>.ext`, else `dir/name.ext`.
fn read_localised(dir: &Path, name: &str, ext: &str, language: Option<&str>) -> Option<String> {
    let mut candidates = Vec::new();
    if let Some(language) = language {
        candidates.push(dir.join(format!("{name}.{language}.{ext}")));
        if let Some((base, _)) = language.split_once('-') {
            candidates.push(dir.join(format!("{name}.{base}.{ext}")));
        }
    }
    candidates.push(dir.join(format!("{name}.{ext}")));
    candidates.into_iter().find_map(|path| std::fs::read_to_string(path).ok())
}

/// `Subject: …` on the first line, then the body (a template without one has no subject).
fn split_subject(text: &str) -> (&str, &str) {
    match text.split_once('\n') {
        Some((first, rest)) if first.starts_with("Subject:") => {
            (first.trim_start_matches("Subject:"), rest.strip_prefix('\n').unwrap_or(rest))
        }
        _ => ("", text),
    }
}

/// Replaces `{{ .Name }}` with its value (unknown names: nothing).
fn render(template: &str, vars: &Vars<'_>, html: bool) -> String {
    let mut out = String::with_capacity(template.len() + 64);
    let mut rest = template;
    while let Some(start) = rest.find("{{") {
        out.push_str(&rest[..start]);
        let Some(end) = rest[start..].find("}}") else {
            out.push_str(&rest[start..]);
            return out;
        };
        let name = rest[start + 2..start + end].trim().trim_start_matches('.');
        let value = vars.get(name).map(String::as_str).unwrap_or_default();
        if html {
            out.push_str(&escape_html(value));
        } else {
            out.push_str(value);
        }
        rest = &rest[start + end + 2..];
    }
    out.push_str(rest);
    out
}

fn escape_html(value: &str) -> String {
    value.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;").replace('\'', "&#39;")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn vars() -> Vars<'static> {
        HashMap::from([
            ("SiteName", "Example Club".to_owned()),
            ("Token", "123456".to_owned()),
            ("ConfirmationURL", "https://x.example/verify?a=1&b=<2>".to_owned()),
            ("Minutes", "60".to_owned()),
        ])
    }

    #[test]
    fn the_built_in_templates_name_no_app_and_fill_every_variable() {
        for name in MAIL_NAMES {
            let letter = Templates::default().mail(name, None, &vars());
            assert!(!letter.subject.is_empty(), "{name}");
            assert!(!letter.body.contains("{{"), "{name}: {}", letter.body);
        }
        let letter = Templates::default().mail("magic_link", None, &vars());
        assert!(letter.body.contains("123456") && letter.body.contains("Example Club"));
        assert_eq!(Templates::default().sms("otp", None, &vars()), "Your Example Club code is");
    }

    #[test]
    fn the_app_s_templates_win_and_a_language_picks_its_own() {
        let dir = tempfile::tempdir().unwrap();
        std::fs::write(
            dir.path().join("recovery.txt"),
            "Subject: Reset at {{ .SiteName }}\n\nLink: {{.ConfirmationURL}}\n",
        )
        .unwrap();
        std::fs::write(dir.path().join("recovery.kn.txt"), "Subject: ಪಾಸ್‌ವರ್ಡ್\n\nಲಿಂಕ್ {{ .ConfirmationURL }}\n").unwrap();
        std::fs::write(dir.path().join("recovery.html"), "<a href=\"{{ .ConfirmationURL }}\">reset</a>").unwrap();
        let templates = Templates::new(Some(dir.path().to_path_buf()), None);
        let english = templates.mail("recovery", None, &vars());
        assert_eq!(english.subject, "Reset at Example Club");
        assert_eq!(english.body, "Link: https://x.example/verify?a=1&b=<2>\n");
        assert_eq!(english.html.unwrap(), "<a href=\"https://x.example/verify?a=1&amp;b=&lt;2&gt;\">reset</a>");
        assert_eq!(templates.mail("recovery", Some("kn"), &vars()).subject, "ಪಾಸ್‌ವರ್ಡ್");
        assert_eq!(templates.mail("recovery", Some("kn-in"), &vars()).subject, "ಪಾಸ್‌ವರ್ಡ್");
        assert_eq!(templates.mail("recovery", Some("hi"), &vars()).subject, "Reset at Example Club");
        // One the app left out comes from the built-in set.
        assert_eq!(templates.mail("invite", None, &vars()).subject, "You are invited to Example Club");
    }

    #[test]
    fn languages_come_from_user_metadata() {
        assert_eq!(language_of(&serde_json::json!({"language": "kn"})), Some("kn".into()));
        assert_eq!(language_of(&serde_json::json!({"language": "../x"})), None);
        assert_eq!(language_of(&serde_json::json!({})), None);
    }
}
