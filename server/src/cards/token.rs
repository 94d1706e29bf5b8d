//! The compact token: `base64url(claims JSON) "." base64url(ECDSA P-256 signature)`, the
//! signature (SHA-256, `r || s`, 64 bytes: WebCrypto's ECDSA format) over the first part's
//! ASCII. Shorter than a JWT (no header: the key id is the claim `k`), so a QR code of one
//! stays small enough to scan from a phone's screen or a printed card.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::{Signer, Verifier};
use p256::ecdsa::{Signature, SigningKey, VerifyingKey};
use serde_json::{Map, Value};

/// Why a token was refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refused {
    /// Not two base64url parts, or the claims are not a JSON object with `k` and `exp`.
    Malformed,
    /// `k` names no published key.
    UnknownKey,
    /// The signature does not match the claims.
    Signature,
    /// `exp` has passed.
    Expired,
}

/// Signs `claims` (which must already hold `k`, the id of `key`).
pub fn sign(claims: &Map<String, Value>, key: &SigningKey) -> String {
    let body = URL_SAFE_NO_PAD.encode(Value::Object(claims.clone()).to_string());
    let signature: Signature = key.sign(body.as_bytes());
    format!("{body}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()))
}

/// The claims of `token`, when a key found by `key_for(k)` signed it and it has not expired at
/// `now` (seconds since the epoch).
pub fn verify<'a>(
    token: &str,
    key_for: impl Fn(&str) -> Option<&'a VerifyingKey>,
    now: i64,
) -> Result<Map<String, Value>, Refused> {
    let (body, signature) = token.trim().split_once('.').ok_or(Refused::Malformed)?;
    let json = URL_SAFE_NO_PAD.decode(body).map_err(|_| Refused::Malformed)?;
    let Ok(Value::Object(claims)) = serde_json::from_slice::<Value>(&json) else { return Err(Refused::Malformed) };
    let kid = claims.get("k").and_then(Value::as_str).ok_or(Refused::Malformed)?;
    let exp = claims.get("exp").and_then(Value::as_i64).ok_or(Refused::Malformed)?;
    let key = key_for(kid).ok_or(Refused::UnknownKey)?;
    let bytes = URL_SAFE_NO_PAD.decode(signature).map_err(|_| Refused::Signature)?;
    let signature = Signature::from_slice(&bytes).map_err(|_| Refused::Signature)?;
    key.verify(body.as_bytes(), &signature).map_err(|_| Refused::Signature)?;
    if exp <= now {
        return Err(Refused::Expired);
    }
    Ok(claims)
}

/// The verifying key of a published JWK (`kty` EC, `crv` P-256, `x`, `y`).
pub fn verifying_key(jwk: &Value) -> Option<VerifyingKey> {
    let coordinate = |name: &str| jwk.get(name).and_then(Value::as_str).and_then(|s| URL_SAFE_NO_PAD.decode(s).ok());
    let (x, y) = (coordinate("x")?, coordinate("y")?);
    if x.len() != 32 || y.len() != 32 {
        return None;
    }
    let mut point = vec![4u8];
    point.extend_from_slice(&x);
    point.extend_from_slice(&y);
    VerifyingKey::from_sec1_bytes(&point).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn key(byte: u8) -> SigningKey {
        SigningKey::from_slice(&[byte; 32]).unwrap()
    }

    fn claims(exp: i64) -> Map<String, Value> {
        let Value::Object(map) = json!({"m": "HWT-00012", "v": 1, "exp": exp, "k": "k1"}) else { unreachable!() };
        map
    }

    #[test]
    fn a_signed_token_verifies_until_it_expires() {
        let signer = key(5);
        let verifying = *signer.verifying_key();
        let token = sign(&claims(2_000), &signer);
        let found = |kid: &str| (kid == "k1").then_some(&verifying);
        assert_eq!(verify(&token, found, 1_999).unwrap()["m"], "HWT-00012");
        assert_eq!(verify(&token, found, 2_000), Err(Refused::Expired));
    }

    #[test]
    fn tampering_another_key_and_garbage_are_refused() {
        let signer = key(5);
        let verifying = *signer.verifying_key();
        let found = |kid: &str| (kid == "k1").then_some(&verifying);
        let token = sign(&claims(2_000), &signer);
        let (_, signature) = token.split_once('.').unwrap();
        let forged = URL_SAFE_NO_PAD.encode(json!({"m": "HWT-00013", "v": 1, "exp": 2_000, "k": "k1"}).to_string());
        assert_eq!(verify(&format!("{forged}.{signature}"), found, 1), Err(Refused::Signature));
        let other = sign(&claims(2_000), &key(6));
        assert_eq!(verify(&other, found, 1), Err(Refused::Signature));
        assert_eq!(verify(&token, |_| None, 1), Err(Refused::UnknownKey));
        assert_eq!(verify("nonsense", found, 1), Err(Refused::Malformed));
        assert_eq!(verify("e30.AAAA", found, 1), Err(Refused::Malformed));
    }

    #[test]
    fn a_published_jwk_gives_back_the_verifying_key() {
        let d = [5u8; 32];
        let jwk = crate::auth::keys::jwk::ec_public_jwk(&d, "k1").unwrap();
        assert_eq!(verifying_key(&jwk).unwrap(), *key(5).verifying_key());
        assert!(verifying_key(&json!({"x": "AA", "y": "AA"})).is_none());
    }
}
