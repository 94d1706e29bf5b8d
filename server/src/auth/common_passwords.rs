//! The most common passwords, refused whatever their length: the 10,000 most frequent
//! passwords of at least four characters from zxcvbn's ranked list of leaked passwords
//! (`common_passwords.txt`, MIT, Dan Wheeler and Dropbox, Inc.; compiled in), and the site's
//! own words (SITE_NAME, SITE_URL's host, PASSWORD_SITE_WORDS) with digits and symbols around
//! them (`Mysamaja@123`).
//!
//! A password is compared lower-cased, then with the digits and symbols around it stripped
//! (`Password123!` is `password`), then with common substitutions undone (`P@ssw0rd`).

use std::collections::HashSet;
use std::sync::LazyLock;

static LIST: LazyLock<HashSet<&'static str>> =
    LazyLock::new(|| include_str!("common_passwords.txt").lines().filter(|l| !l.is_empty()).collect());

/// Whether `password` is one of the common passwords or a variant of `site_words`.
pub fn is_common(password: &str, site_words: &[String]) -> bool {
    let lower = password.to_lowercase();
    let core = lower.trim_matches(|c: char| !c.is_alphabetic());
    let plain: String = undo_substitutions(&lower);
    let plain_core = plain.trim_matches(|c: char| !c.is_alphabetic());
    let candidates = [lower.as_str(), core, plain.as_str(), plain_core];
    candidates
        .iter()
        .any(|candidate| LIST.contains(candidate) || site_words.iter().any(|word| is_site_word(candidate, word)))
}

/// The site word alone, or followed by a common word ("mysamajaclub", "mysamaja2025").
fn is_site_word(candidate: &str, word: &str) -> bool {
    let letters: String = candidate.chars().filter(|c| c.is_alphabetic()).collect();
    let word: String = word.chars().filter(|c| c.is_alphabetic()).collect();
    !word.is_empty()
        && (letters == word
            || letters.strip_prefix(word.as_str()).is_some_and(|rest| LIST.contains(rest))
            || letters.strip_suffix(word.as_str()).is_some_and(|rest| LIST.contains(rest)))
}

fn undo_substitutions(text: &str) -> String {
    text.chars()
        .map(|c| match c {
            '@' | '4' => 'a',
            '0' => 'o',
            '1' | '!' => 'i',
            '3' => 'e',
            '$' | '5' => 's',
            '7' => 't',
            other => other,
        })
        .collect()
}

/// The site's words: `extra` (PASSWORD_SITE_WORDS), the site's name whole and its longer words
/// ("Mysamaja Trust" gives "mysamaja trust" and "mysamaja"), and the host's name ("mysamaja" of
/// www.mysamaja.in).
pub fn site_words(site_url: &url::Url, site_name: &str, extra: &[String]) -> Vec<String> {
    let mut words: Vec<String> = extra.iter().map(|w| w.trim().to_lowercase()).filter(|w| !w.is_empty()).collect();
    let name = site_name.trim().to_lowercase();
    if name.chars().filter(|c| c.is_alphabetic()).count() >= 5 {
        words.push(name.clone());
        words.extend(name.split_whitespace().filter(|w| w.chars().count() >= 5).map(str::to_owned));
    }
    if let Some(host) = site_url.host_str() {
        let generic = ["www", "localhost", "app", "com", "org", "net", "in", "co", "example"];
        for label in host.split('.') {
            if label.len() >= 5
                && !generic.contains(&label)
                && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
            {
                words.push(label.to_lowercase());
            }
        }
    }
    words.sort();
    words.dedup();
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words() -> Vec<String> {
        site_words(
            &url::Url::parse("https://mysamaja.example.org/").unwrap(),
            "Sangha Community",
            &["sanghatrust".into()],
        )
    }

    #[test]
    fn the_list_is_compiled_in_and_ranked() {
        assert_eq!(LIST.len(), 10_000);
        for common in ["password", "12345678", "password123", "qwerty123", "iloveyou"] {
            assert!(LIST.contains(common), "{common}");
        }
    }

    #[test]
    fn common_passwords_and_their_dressed_up_forms_are_refused() {
        for weak in [
            "password123",
            "12345678",
            "Sangha@123",
            "sangha2025",
            "SANGHA@2025",
            "Sangha Community 1",
            "SanghaTrust99",
            "Password123!",
            "P@ssw0rd",
            "iloveyou!!",
            "MySamaja@1",
            "Dragon2024!",
        ] {
            assert!(is_common(weak, &words()), "{weak} should be refused");
        }
    }

    #[test]
    fn uncommon_passwords_pass() {
        for fine in [
            "correct horse battery",
            "a brand new passphrase",
            "kq3#Zp1x",
            "Tiger!Lily2024",
            "ಹವ್ಯಕಹವ್ಯಕ",
            "Sirsi-Yellapur-1987",
        ] {
            assert!(!is_common(fine, &words()), "{fine} should pass");
        }
    }
}
