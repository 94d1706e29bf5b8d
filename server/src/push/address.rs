//! Which IP addresses a push request may never reach: anything that is not a public unicast
//! address (private, loopback, link-local, unspecified, multicast, CGNAT, unique-local,
//! documentation and reserved ranges), also when wrapped in IPv6 (IPv4-mapped, NAT64, 6to4).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why `ip` may not be reached, or `None` for a public unicast address. With
/// `allow_loopback` (tests only), loopback addresses pass.
pub fn forbidden(ip: IpAddr, allow_loopback: bool) -> Option<&'static str> {
    if allow_loopback && ip.is_loopback() {
        return None;
    }
    match ip {
        IpAddr::V4(v4) => forbidden_v4(v4),
        IpAddr::V6(v6) => forbidden_v6(v6, allow_loopback),
    }
}

fn forbidden_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, c, _] = ip.octets();
    let reason = match (a, b, c) {
        (0, _, _) => "an unspecified (0.0.0.0/8) address",
        (10, _, _) | (172, 16..=31, _) | (192, 168, _) => "a private address",
        (100, 64..=127, _) => "a shared (CGNAT) address",
        (127, _, _) => "a loopback address",
        (169, 254, _) => "a link-local address",
        (192, 0, 0) => "an IETF protocol address",
        (192, 0, 2) | (198, 51, 100) | (203, 0, 113) => "a documentation address",
        (192, 88, 99) => "a 6to4 relay address",
        (198, 18..=19, _) => "a benchmarking address",
        (224..=239, _, _) => "a multicast address",
        (240..=255, _, _) => "a reserved or broadcast address",
        _ => return None,
    };
    Some(reason)
}

fn forbidden_v6(ip: Ipv6Addr, allow_loopback: bool) -> Option<&'static str> {
    let segments = ip.segments();
    if ip.is_unspecified() {
        return Some("an unspecified address");
    }
    if ip.is_loopback() {
        return Some("a loopback address");
    }
    // IPv4 inside IPv6: judged by the IPv4 address it carries.
    let embedded = match segments {
        [0, 0, 0, 0, 0, 0xffff, _, _] | [0x64, 0xff9b, 0, 0, 0, 0, _, _] => Some(v4_of(segments[6], segments[7])),
        [0x2002, high, low, ..] => Some(v4_of(high, low)),
        _ => None,
    };
    if let Some(v4) = embedded {
        return forbidden(IpAddr::V4(v4), allow_loopback).map(|_| "an IPv6 address wrapping a non-public IPv4 address");
    }
    let reason = match segments[0] {
        0x0000 => "an IPv4-compatible or reserved IPv6 address",
        0x0100 if segments[1..4] == [0, 0, 0] => "a discard-only address",
        0x2001 if segments[1] == 0x0db8 => "a documentation address",
        0x2001 if segments[1] < 0x0200 => "an IETF protocol address",
        0xfc00..=0xfdff => "a unique-local address",
        0xfe80..=0xfebf => "a link-local address",
        0xfec0..=0xfeff => "a site-local address",
        0xff00..=0xffff => "a multicast address",
        _ => return None,
    };
    Some(reason)
}

fn v4_of(high: u16, low: u16) -> Ipv4Addr {
    let [a, b] = high.to_be_bytes();
    let [c, d] = low.to_be_bytes();
    Ipv4Addr::new(a, b, c, d)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_public_unicast_addresses_are_allowed() {
        let cases: &[(&str, bool)] = &[
            ("142.250.185.10", true),
            ("8.8.8.8", true),
            ("2a00:1450:4001:80b::200a", true),
            ("0.0.0.0", false),
            ("10.0.0.1", false),
            ("100.64.0.1", false),
            ("100.127.255.255", false),
            ("100.128.0.1", true),
            ("127.0.0.1", false),
            ("127.1.2.3", false),
            ("169.254.169.254", false),
            ("172.16.0.1", false),
            ("172.31.255.255", false),
            ("172.32.0.1", true),
            ("192.168.1.1", false),
            ("192.0.2.1", false),
            ("198.18.0.1", false),
            ("224.0.0.1", false),
            ("255.255.255.255", false),
            ("::", false),
            ("::1", false),
            ("::ffff:10.0.0.1", false),
            ("::ffff:127.0.0.1", false),
            ("::ffff:8.8.8.8", true),
            ("64:ff9b::a00:1", false),
            ("2002:a00:1::1", false),
            ("::10.0.0.1", false),
            ("fc00::1", false),
            ("fd12:3456::1", false),
            ("fe80::1", false),
            ("ff02::1", false),
            ("2001:db8::1", false),
        ];
        for (address, public) in cases {
            let ip: IpAddr = address.parse().unwrap();
            assert_eq!(forbidden(ip, false).is_none(), *public, "{address}: {:?}", forbidden(ip, false));
        }
    }

    #[test]
    fn the_test_setting_lets_loopback_through_and_nothing_else() {
        for address in ["127.0.0.1", "::1", "::ffff:127.0.0.1"] {
            assert_eq!(forbidden(address.parse().unwrap(), true), None, "{address}");
        }
        for address in ["10.0.0.1", "169.254.169.254", "::ffff:10.0.0.1", "0.0.0.0"] {
            assert!(forbidden(address.parse().unwrap(), true).is_some(), "{address}");
        }
    }
}
