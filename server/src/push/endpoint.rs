//! Which push endpoints the server will ever send to: https on the default port, a host on
//! the allow-list, no credentials in the URL, and never an IP literal outside the public
//! unicast range. Checked when a subscription is saved and again before every send (where
//! the resolved addresses are checked too: see [`super::send`]).
//!
//! The URL is parsed as browsers do (WHATWG), so `https://2130706433/`, `https://0x7f.1/` and
//! `https://0177.0.0.1/` are all 127.0.0.1 here too.

use std::net::IpAddr;

use url::{Host, Url};

use super::address;

/// Longest endpoint accepted (the real ones are 150 to 500 characters).
pub const MAX_ENDPOINT_LENGTH: usize = 1024;

/// An allowed host: exact, or `*.` followed by a domain (any subdomain of it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HostPattern {
    Exact(String),
    Subdomains(String),
}

impl HostPattern {
    pub fn parse(raw: &str) -> Result<Self, String> {
        let lower = raw.trim().to_ascii_lowercase();
        let (wildcard, name) = match lower.strip_prefix("*.") {
            Some(rest) => (true, rest.to_string()),
            None => (false, lower),
        };
        let valid = !name.is_empty()
            && name.len() <= 253
            && name.split('.').all(|label| {
                !label.is_empty()
                    && label.len() <= 63
                    && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    && !label.starts_with('-')
            });
        if !valid {
            return Err(format!("{raw} is not a host name or *.domain pattern"));
        }
        Ok(if wildcard { Self::Subdomains(name) } else { Self::Exact(name) })
    }

    fn matches(&self, host: &str) -> bool {
        match self {
            Self::Exact(name) => host == name,
            Self::Subdomains(domain) => {
                host.len() > domain.len() + 1 && host.ends_with(domain.as_str()) && {
                    let cut = host.len() - domain.len() - 1;
                    host.as_bytes().get(cut) == Some(&b'.')
                }
            }
        }
    }
}

/// What the endpoint check needs to know.
#[derive(Debug, Clone, Copy)]
pub struct EndpointPolicy<'a> {
    pub allowed_hosts: &'a [HostPattern],
    /// Tests only: loopback addresses over http on any port.
    pub allow_loopback_http: bool,
}

/// A checked endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Endpoint {
    pub url: Url,
    /// The host as the URL names it (a domain, or an IP literal without brackets).
    pub host: String,
    /// Set when the host is an IP literal.
    pub ip: Option<IpAddr>,
    pub port: u16,
    pub tls: bool,
}

impl Endpoint {
    /// `scheme://host[:port]`: the VAPID `aud` claim.
    pub fn origin(&self) -> String {
        self.url.origin().ascii_serialization()
    }

    /// The `Host` header value.
    pub fn authority(&self) -> String {
        let host = match self.ip {
            Some(IpAddr::V6(v6)) => format!("[{v6}]"),
            _ => self.host.clone(),
        };
        match self.url.port() {
            Some(port) => format!("{host}:{port}"),
            None => host,
        }
    }

    /// Path and query, as sent on the request line.
    pub fn path_and_query(&self) -> String {
        match self.url.query() {
            Some(query) => format!("{}?{query}", self.url.path()),
            None => self.url.path().to_owned(),
        }
    }
}

/// Checks `raw` against `policy`; the message says what is wrong, for the client.
pub fn check(raw: &str, policy: EndpointPolicy<'_>) -> Result<Endpoint, String> {
    if raw.len() > MAX_ENDPOINT_LENGTH {
        return Err(format!("The endpoint is longer than {MAX_ENDPOINT_LENGTH} characters"));
    }
    if raw.chars().any(|c| c.is_whitespace() || c.is_control() || c == '\\') {
        return Err("The endpoint must not contain spaces, control characters or backslashes".into());
    }
    let url = Url::parse(raw).map_err(|e| format!("The endpoint is not a valid URL: {e}"))?;
    if !url.username().is_empty() || url.password().is_some() {
        return Err("The endpoint must not contain a user name or password".into());
    }
    if url.fragment().is_some() {
        return Err("The endpoint must not contain a fragment".into());
    }
    let (host, ip) = match url.host() {
        Some(Host::Domain(domain)) => (domain.to_owned(), None),
        Some(Host::Ipv4(v4)) => (v4.to_string(), Some(IpAddr::V4(v4))),
        Some(Host::Ipv6(v6)) => (v6.to_string(), Some(IpAddr::V6(v6))),
        None => return Err("The endpoint has no host".into()),
    };
    let loopback_test = policy.allow_loopback_http && ip.is_some_and(|ip| address::forbidden(ip, false).is_some());
    if let Some(ip) = ip
        && let Some(reason) = address::forbidden(ip, policy.allow_loopback_http)
    {
        return Err(format!("The endpoint's host is {reason}"));
    }
    let tls = match url.scheme() {
        "https" => true,
        "http" if loopback_test => false,
        _ => return Err("The endpoint must be an https:// URL".into()),
    };
    if url.port().is_some_and(|port| port != 443) && !loopback_test {
        return Err("The endpoint must use the default https port".into());
    }
    if !policy.allowed_hosts.iter().any(|pattern| pattern.matches(&host)) {
        return Err(format!("The endpoint's host {host} is not a known push service"));
    }
    let port = url.port_or_known_default().unwrap_or(443);
    Ok(Endpoint { url, host, ip, port, tls })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::push::settings::DEFAULT_ALLOWED_HOSTS;

    fn defaults() -> Vec<HostPattern> {
        DEFAULT_ALLOWED_HOSTS.split(',').map(|h| HostPattern::parse(h).unwrap()).collect()
    }

    fn check_default(raw: &str) -> Result<Endpoint, String> {
        check(raw, EndpointPolicy { allowed_hosts: &defaults(), allow_loopback_http: false })
    }

    #[test]
    fn real_push_service_endpoints_are_accepted() {
        for raw in [
            "https://fcm.googleapis.com/fcm/send/dpH5lCsTSSM:APA91bHqjZxM0VImWWqDRN7U0a3AycjUf4O-byuxb_wJsKRaKvV_iKw56s16ekq6FUqoCF7k2nqm6-hYtjhB2U1lGnNAjd7rrg",
            "https://fcm.googleapis.com/wp/cLr5pVGA8:APA91bE",
            "https://updates.push.services.mozilla.com/wpush/v2/gAAAAABaso4Vajy4STM25r5y5oFfyN451rUmES6mhQngxABxbZB5q",
            "https://wns2-par02p.notify.windows.com/w/?token=BQYAAAD",
            "https://web.push.apple.com/QGuQyavXutnMH6ZrPd5JbXvzXQUlg0A",
            "https://FCM.googleapis.com:443/fcm/send/x",
        ] {
            let endpoint = check_default(raw).unwrap_or_else(|e| panic!("{raw}: {e}"));
            assert!(endpoint.tls);
            assert_eq!(endpoint.port, 443);
        }
    }

    #[test]
    fn an_ssrf_corpus_is_refused() {
        let long = format!("https://fcm.googleapis.com/fcm/send/{}", "a".repeat(1100));
        let corpus: &[(&str, &str)] = &[
            ("http://fcm.googleapis.com/fcm/send/x", "https://"),
            ("https://127.0.0.1/x", "loopback"),
            ("https://[::1]/x", "loopback"),
            ("https://10.1.2.3/x", "private"),
            ("https://169.254.169.254/latest/meta-data/", "link-local"),
            ("https://0.0.0.0/x", "unspecified"),
            ("https://[::ffff:10.0.0.1]/x", "IPv6 address wrapping"),
            ("https://[::ffff:a00:1]/x", "IPv6 address wrapping"),
            ("https://2130706433/x", "loopback"),
            ("https://0177.0.0.1/x", "loopback"),
            ("https://0x7f.0.0.1/x", "loopback"),
            ("https://0x7f000001/x", "loopback"),
            ("https://127.1/x", "loopback"),
            ("https://100.64.1.1/x", "CGNAT"),
            ("https://[fd00::1]/x", "unique-local"),
            ("https://[fe80::1]/x", "link-local"),
            ("https://224.0.0.1/x", "multicast"),
            ("https://8.8.8.8/x", "not a known push service"),
            ("https://evil.example/x", "not a known push service"),
            ("https://fcm.googleapis.com@evil.com/x", "user name"),
            ("https://user:pw@fcm.googleapis.com/x", "user name"),
            ("https://fcm.googleapis.com.evil.com/x", "not a known push service"),
            ("https://evilfcm.googleapis.com/x", "not a known push service"),
            ("https://push.services.mozilla.com/x", "not a known push service"),
            ("https://xpush.services.mozilla.com/x", "not a known push service"),
            ("https://fcm.googleapis.com./x", "not a known push service"),
            ("https://fcm.googleapis.com:8443/x", "default https port"),
            ("https://fcm.googleapis.com/x#frag", "fragment"),
            ("https://fcm.googleapis.com/a b", "spaces"),
            ("https://fcm.googleapis.com\\@evil.com/", "backslashes"),
            ("ftp://fcm.googleapis.com/x", "https://"),
            ("file:///etc/passwd", "host"),
            ("javascript:alert(1)", "host"),
            ("fcm.googleapis.com/x", "not a valid URL"),
            ("", "not a valid URL"),
            (&long, "longer than"),
        ];
        for (raw, expected) in corpus {
            match check_default(raw) {
                Ok(endpoint) => panic!("{raw} was accepted as {endpoint:?}"),
                Err(message) => assert!(message.contains(expected), "{raw}: {message} (expected {expected})"),
            }
        }
    }

    #[test]
    fn the_test_setting_allows_loopback_over_http_only() {
        let allowed = [HostPattern::parse("127.0.0.1").unwrap(), HostPattern::parse("localhost").unwrap()];
        let policy = EndpointPolicy { allowed_hosts: &allowed, allow_loopback_http: true };
        let endpoint = check("http://127.0.0.1:4321/push/1", policy).unwrap();
        assert!(!endpoint.tls);
        assert_eq!(endpoint.port, 4321);
        assert_eq!(endpoint.origin(), "http://127.0.0.1:4321");
        assert_eq!(endpoint.authority(), "127.0.0.1:4321");
        assert!(check("http://10.0.0.1:4321/x", policy).is_err());
        // A name is not known to be loopback before it is resolved: https on 443 only.
        assert!(check("http://localhost:4321/x", policy).is_err());
        assert!(check("https://localhost/x", policy).is_ok());
    }

    #[test]
    fn host_patterns_parse_and_match() {
        let sub = HostPattern::parse("*.Push.Apple.com").unwrap();
        assert_eq!(sub, HostPattern::Subdomains("push.apple.com".into()));
        assert!(sub.matches("api.push.apple.com"));
        assert!(sub.matches("a.b.push.apple.com"));
        assert!(!sub.matches("push.apple.com"));
        assert!(!sub.matches("xpush.apple.com"));
        for bad in ["", "*.", "https://x", "a..b", "*x.com", "-a.com"] {
            assert!(HostPattern::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn the_request_line_and_host_come_from_the_url() {
        let endpoint = check_default("https://wns2-par02p.notify.windows.com/w/?token=BQY%2B").unwrap();
        assert_eq!(endpoint.path_and_query(), "/w/?token=BQY%2B");
        assert_eq!(endpoint.authority(), "wns2-par02p.notify.windows.com");
        assert_eq!(endpoint.origin(), "https://wns2-par02p.notify.windows.com");
    }
}
