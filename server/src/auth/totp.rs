//! Time-based one-time passwords (RFC 6238: HMAC-SHA1, 30-second steps, six digits), as
//! authenticator apps compute them, with the `otpauth://` URI and its QR code (SVG).

use hmac::{Hmac, Mac};
use qrcode::QrCode;
use qrcode::render::svg;
use rand::RngCore;
use sha1::Sha1;

pub const STEP_SECONDS: i64 = 30;
pub const DIGITS: u32 = 6;
/// Bytes of a new secret (160 bits, RFC 4226's recommendation).
const SECRET_BYTES: usize = 20;

/// A new random secret.
pub fn new_secret() -> Vec<u8> {
    let mut secret = vec![0u8; SECRET_BYTES];
    rand::rng().fill_bytes(&mut secret);
    secret
}

/// RFC 4648 base32 without padding, as authenticator apps take secrets.
pub fn base32(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 32] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ234567";
    let mut out = String::new();
    let (mut buffer, mut bits) = (0u32, 0u32);
    for byte in bytes {
        buffer = (buffer << 8) | u32::from(*byte);
        bits += 8;
        while bits >= 5 {
            bits -= 5;
            out.push(char::from(ALPHABET[((buffer >> bits) & 31) as usize]));
        }
    }
    if bits > 0 {
        out.push(char::from(ALPHABET[((buffer << (5 - bits)) & 31) as usize]));
    }
    out
}

/// The code of `secret` at time step `step` (RFC 4226's HOTP).
pub fn code_at(secret: &[u8], step: i64) -> String {
    let mut mac = match Hmac::<Sha1>::new_from_slice(secret) {
        Ok(mac) => mac,
        Err(_) => unreachable!("HMAC accepts keys of any length"),
    };
    mac.update(&step.to_be_bytes());
    let digest = mac.finalize().into_bytes();
    let offset = usize::from(digest[19] & 0x0f);
    let binary = (u32::from(digest[offset] & 0x7f) << 24)
        | (u32::from(digest[offset + 1]) << 16)
        | (u32::from(digest[offset + 2]) << 8)
        | u32::from(digest[offset + 3]);
    format!("{:0width$}", binary % 10u32.pow(DIGITS), width = DIGITS as usize)
}

/// The step `code` belongs to at `now` (seconds), accepting one step of clock skew either way.
pub fn matching_step(secret: &[u8], code: &str, now: i64) -> Option<i64> {
    let code = code.trim();
    if code.len() != DIGITS as usize || !code.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let current = now.div_euclid(STEP_SECONDS);
    [current - 1, current, current + 1].into_iter().find(|step| {
        let expected = code_at(secret, *step);
        expected.bytes().zip(code.bytes()).fold(0u8, |acc, (a, b)| acc | (a ^ b)) == 0
    })
}

/// The `otpauth://` URI authenticator apps read (what the QR code holds).
pub fn uri(secret: &[u8], issuer: &str, account: &str) -> String {
    let mut uri = url::Url::parse("otpauth://totp/").unwrap_or_else(|_| unreachable!("a fixed, valid URL"));
    uri.set_path(&format!("/{}:{}", utf8_percent(issuer), utf8_percent(account)));
    uri.query_pairs_mut()
        .append_pair("algorithm", "SHA1")
        .append_pair("digits", &DIGITS.to_string())
        .append_pair("issuer", issuer)
        .append_pair("period", &STEP_SECONDS.to_string())
        .append_pair("secret", &base32(secret));
    uri.to_string()
}

fn utf8_percent(text: &str) -> String {
    url::form_urlencoded::byte_serialize(text.as_bytes()).collect::<String>().replace('+', "%20")
}

/// The QR code of `text` as an SVG document.
pub fn qr_svg(text: &str) -> Result<String, String> {
    let code = QrCode::new(text.as_bytes()).map_err(|e| e.to_string())?;
    Ok(code.render::<svg::Color<'_>>().min_dimensions(200, 200).quiet_zone(true).build())
}

#[cfg(test)]
mod tests {
    use super::*;

    // RFC 6238's SHA-1 test secret and vectors (the last six digits of its eight).
    const RFC_SECRET: &[u8] = b"12345678901234567890";

    #[test]
    fn codes_match_the_rfc_vectors() {
        for (time, code) in
            [(59, "287082"), (1_111_111_109, "081804"), (1_234_567_890, "005924"), (2_000_000_000, "279037")]
        {
            assert_eq!(code_at(RFC_SECRET, time / STEP_SECONDS), code, "{time}");
        }
    }

    #[test]
    fn one_step_of_skew_is_accepted_and_no_more() {
        let now = 1_800_000_000;
        let step = now / STEP_SECONDS;
        for (offset, accepted) in [(-2, false), (-1, true), (0, true), (1, true), (2, false)] {
            let code = code_at(RFC_SECRET, step + offset);
            assert_eq!(matching_step(RFC_SECRET, &code, now).is_some(), accepted, "{offset}");
        }
        assert_eq!(matching_step(RFC_SECRET, "12345", now), None);
        assert_eq!(matching_step(RFC_SECRET, "abcdef", now), None);
    }

    #[test]
    fn secrets_are_base32_and_the_uri_names_the_issuer() {
        assert_eq!(base32(b"foobar"), "MZXW6YTBOI");
        let uri = uri(b"12345678901234567890", "Example Club", "asha@example.org");
        assert!(uri.starts_with("otpauth://totp/Example%20Club:asha%40example.org?"), "{uri}");
        assert!(
            uri.contains("secret=GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ") && uri.contains("issuer=Example+Club"),
            "{uri}"
        );
        assert!(qr_svg(&uri).unwrap().starts_with("<?xml"));
    }
}
