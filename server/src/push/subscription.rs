//! A browser's `PushSubscription` (its `toJSON()`), checked: the endpoint (see
//! [`super::endpoint`]), `keys.p256dh` an uncompressed P-256 point and `keys.auth` 16 bytes.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::PublicKey;
use serde::Deserialize;

use super::endpoint::{self, Endpoint, EndpointPolicy};
use super::keys::decode_base64;

/// The body of `POST /api/push-subscription`, as browsers serialise a subscription.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionBody {
    pub endpoint: String,
    #[serde(default)]
    pub expiration_time: Option<serde_json::Value>,
    pub keys: KeysBody,
}

#[derive(Debug, Deserialize)]
pub struct KeysBody {
    pub p256dh: String,
    pub auth: String,
}

/// The body of `DELETE /api/push-subscription`.
#[derive(Debug, Deserialize)]
pub struct EndpointBody {
    pub endpoint: String,
}

/// A subscription ready to store: keys normalised to base64url without padding.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub endpoint: Endpoint,
    pub p256dh: String,
    pub auth: String,
}

/// Which part of a subscription is wrong, and why (for the client).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Invalid {
    Endpoint(String),
    Keys(String),
}

pub fn check(body: &SubscriptionBody, policy: EndpointPolicy<'_>) -> Result<Subscription, Invalid> {
    let endpoint = endpoint::check(&body.endpoint, policy).map_err(Invalid::Endpoint)?;
    let p256dh = check_p256dh(&body.keys.p256dh).map_err(Invalid::Keys)?;
    let auth = check_auth(&body.keys.auth).map_err(Invalid::Keys)?;
    Ok(Subscription { endpoint, p256dh, auth })
}

fn check_p256dh(encoded: &str) -> Result<String, String> {
    let bytes = decode_base64(encoded).ok_or("keys.p256dh is not base64url")?;
    if bytes.len() != 65 || bytes.first() != Some(&4) {
        return Err(format!(
            "keys.p256dh must be an uncompressed P-256 public key (65 bytes starting with 0x04), got {} bytes",
            bytes.len()
        ));
    }
    PublicKey::from_sec1_bytes(&bytes).map_err(|_| "keys.p256dh is not a point on the P-256 curve".to_string())?;
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

fn check_auth(encoded: &str) -> Result<String, String> {
    let bytes = decode_base64(encoded).ok_or("keys.auth is not base64url")?;
    if bytes.len() != 16 {
        return Err(format!("keys.auth must be 16 bytes, got {}", bytes.len()));
    }
    Ok(URL_SAFE_NO_PAD.encode(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::push::endpoint::HostPattern;

    const P256DH: &str = "BH1HTeKM7-NwaLGHEqxeu2IamQaVVLkcsFHPIHmsCnqxcBHPQBprF41bEMOr3O1hUQ2jU1opNEm1F_lZV_sxMP8";
    const AUTH: &str = "sBXU5_tIYz-5w7G2B25BEw";

    fn body(p256dh: &str, auth: &str) -> SubscriptionBody {
        SubscriptionBody {
            endpoint: "https://fcm.googleapis.com/fcm/send/abc".into(),
            expiration_time: None,
            keys: KeysBody { p256dh: p256dh.into(), auth: auth.into() },
        }
    }

    fn check_keys(p256dh: &str, auth: &str) -> Result<Subscription, Invalid> {
        let allowed = [HostPattern::parse("fcm.googleapis.com").unwrap()];
        check(&body(p256dh, auth), EndpointPolicy { allowed_hosts: &allowed, allow_loopback_http: false })
    }

    #[test]
    fn a_browser_subscription_is_accepted_and_normalised() {
        let subscription = check_keys(P256DH, AUTH).unwrap();
        assert_eq!(subscription.p256dh, P256DH);
        let padded = format!("{}==", AUTH.replace('-', "+").replace('_', "/"));
        assert_eq!(check_keys(P256DH, &padded).unwrap().auth, AUTH);
    }

    #[test]
    fn bad_keys_are_explained() {
        let mut off_curve = URL_SAFE_NO_PAD.decode(P256DH).unwrap();
        off_curve[64] ^= 1;
        let off_curve = URL_SAFE_NO_PAD.encode(off_curve);
        let compressed = URL_SAFE_NO_PAD.encode([&[2u8][..], &[7u8; 32][..]].concat());
        let cases: &[(&str, &str, &str)] = &[
            ("not base64!", AUTH, "keys.p256dh is not base64url"),
            (&compressed, AUTH, "65 bytes starting with 0x04"),
            (&off_curve, AUTH, "not a point on the P-256 curve"),
            (P256DH, "c2hvcnQ", "keys.auth must be 16 bytes, got 5"),
            (P256DH, "%%%", "keys.auth is not base64url"),
        ];
        for (p256dh, auth, expected) in cases {
            match check_keys(p256dh, auth) {
                Err(Invalid::Keys(message)) => assert!(message.contains(expected), "{message}"),
                other => panic!("{p256dh}/{auth}: {other:?}"),
            }
        }
    }

    #[test]
    fn the_browser_json_shape_parses() {
        let json = serde_json::json!({
            "endpoint": "https://fcm.googleapis.com/fcm/send/abc",
            "expirationTime": null,
            "keys": {"p256dh": P256DH, "auth": AUTH}
        });
        let body: SubscriptionBody = serde_json::from_value(json).unwrap();
        assert_eq!(body.keys.auth, AUTH);
    }
}
