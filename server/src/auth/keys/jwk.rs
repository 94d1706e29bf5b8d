//! JSON Web Keys (RFC 7517) as GoTrue's `JWT_KEYS` lists them: `oct` (HS256), `EC` P-256
//! (ES256) and `RSA` (RS256), each with an optional `kid` and `key_ops` (`sign`, `verify`).
//! Private keys become signing keys; every asymmetric key's public half is published.

use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey};
use serde_json::{Value, json};

/// One key of the set: what it verifies with, what it signs with (private keys), and its
/// public JWK (asymmetric keys).
pub struct Key {
    pub kid: Option<String>,
    pub alg: Algorithm,
    pub decoding: DecodingKey,
    pub encoding: Option<EncodingKey>,
    /// `key_ops` allows signing (GoTrue signs with the key marked `sign`).
    pub signs: bool,
    pub public_jwk: Option<Value>,
}

impl std::fmt::Debug for Key {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the key material.
        f.debug_struct("Key").field("kid", &self.kid).field("alg", &self.alg).field("signs", &self.signs).finish()
    }
}

fn field<'a>(jwk: &'a Value, name: &str) -> Result<&'a str, String> {
    jwk.get(name).and_then(Value::as_str).filter(|s| !s.is_empty()).ok_or_else(|| format!("a JWK needs \"{name}\""))
}

fn bytes(jwk: &Value, name: &str) -> Result<Vec<u8>, String> {
    URL_SAFE_NO_PAD.decode(field(jwk, name)?.trim_end_matches('=')).map_err(|_| format!("\"{name}\" is not base64url"))
}

/// Parses one JWK.
pub fn parse(jwk: &Value) -> Result<Key, String> {
    let kid = jwk.get("kid").and_then(Value::as_str).map(str::to_owned);
    let ops: Vec<&str> = jwk
        .get("key_ops")
        .and_then(Value::as_array)
        .map(|a| a.iter().filter_map(Value::as_str).collect())
        .unwrap_or_default();
    let private = jwk.get("d").is_some() || jwk.get("k").is_some();
    let signs = if ops.is_empty() { private } else { ops.contains(&"sign") };
    let key = match field(jwk, "kty")? {
        "oct" => {
            let secret = bytes(jwk, "k")?;
            Key {
                kid,
                alg: Algorithm::HS256,
                decoding: DecodingKey::from_secret(&secret),
                encoding: Some(EncodingKey::from_secret(&secret)),
                signs,
                public_jwk: None,
            }
        }
        "EC" => {
            if field(jwk, "crv")? != "P-256" {
                return Err("only P-256 EC keys (ES256) are supported".into());
            }
            let (x, y) = (field(jwk, "x")?, field(jwk, "y")?);
            let decoding = DecodingKey::from_ec_components(x, y).map_err(|e| format!("EC key: {e}"))?;
            let encoding = match jwk.get("d") {
                Some(_) => Some(ec_encoding_key(&bytes(jwk, "d")?)?),
                None => None,
            };
            let public = json!({"kty": "EC", "crv": "P-256", "x": x, "y": y});
            Key {
                public_jwk: Some(publish(public, kid.as_deref(), "ES256")),
                kid,
                alg: Algorithm::ES256,
                decoding,
                encoding,
                signs: signs && private,
            }
        }
        "RSA" => {
            let (n, e) = (field(jwk, "n")?, field(jwk, "e")?);
            let decoding = DecodingKey::from_rsa_components(n, e).map_err(|e| format!("RSA key: {e}"))?;
            let encoding = match jwk.get("d") {
                Some(_) => Some(rsa_encoding_key(jwk)?),
                None => None,
            };
            let public = json!({"kty": "RSA", "n": n, "e": e});
            Key {
                public_jwk: Some(publish(public, kid.as_deref(), "RS256")),
                kid,
                alg: Algorithm::RS256,
                decoding,
                encoding,
                signs: signs && private,
            }
        }
        other => return Err(format!("unsupported key type {other:?} (oct, EC or RSA)")),
    };
    Ok(key)
}

/// The public JWK as served: `kid`, `alg`, `use: sig`, `key_ops: [verify]`.
fn publish(mut public: Value, kid: Option<&str>, alg: &str) -> Value {
    if let Some(kid) = kid {
        public["kid"] = json!(kid);
    }
    public["alg"] = json!(alg);
    public["use"] = json!("sig");
    public["key_ops"] = json!(["verify"]);
    public
}

/// A P-256 private scalar as jsonwebtoken's ES256 signing key (PKCS#8).
pub fn ec_encoding_key(d: &[u8]) -> Result<EncodingKey, String> {
    use p256::pkcs8::EncodePrivateKey;
    let secret = p256::SecretKey::from_slice(d).map_err(|_| "EC key: \"d\" is not a P-256 scalar".to_owned())?;
    let der = secret.to_pkcs8_der().map_err(|e| format!("EC key: {e}"))?;
    Ok(EncodingKey::from_ec_der(der.as_bytes()))
}

fn rsa_encoding_key(jwk: &Value) -> Result<EncodingKey, String> {
    use rsa::BigUint;
    use rsa::pkcs1::EncodeRsaPrivateKey;
    let number = |name: &str| bytes(jwk, name).map(|b| BigUint::from_bytes_be(&b));
    let primes = match (jwk.get("p"), jwk.get("q")) {
        (Some(_), Some(_)) => vec![number("p")?, number("q")?],
        _ => Vec::new(),
    };
    let key = rsa::RsaPrivateKey::from_components(number("n")?, number("e")?, number("d")?, primes)
        .map_err(|e| format!("RSA key: {e}"))?;
    let der = key.to_pkcs1_der().map_err(|e| format!("RSA key: {e}"))?;
    Ok(EncodingKey::from_rsa_der(der.as_bytes()))
}

/// The public JWK of a P-256 private scalar.
pub fn ec_public_jwk(d: &[u8], kid: &str) -> Result<Value, String> {
    use p256::elliptic_curve::sec1::ToEncodedPoint;
    let secret = p256::SecretKey::from_slice(d).map_err(|_| "not a P-256 scalar".to_owned())?;
    let point = secret.public_key().to_encoded_point(false);
    let (Some(x), Some(y)) = (point.x(), point.y()) else { return Err("the point at infinity".into()) };
    let public = json!({"kty": "EC", "crv": "P-256", "x": URL_SAFE_NO_PAD.encode(x), "y": URL_SAFE_NO_PAD.encode(y)});
    Ok(publish(public, Some(kid), "ES256"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_oct_key_signs_hs256_and_is_never_published() {
        let key = parse(&json!({"kty": "oct", "k": "c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0", "kid": "k1", "key_ops": ["sign", "verify"]}))
            .unwrap();
        assert_eq!(key.alg, Algorithm::HS256);
        assert!(key.signs && key.encoding.is_some());
        assert!(key.public_jwk.is_none());
    }

    #[test]
    fn a_verify_only_key_does_not_sign_and_bad_keys_are_named() {
        let key = parse(&json!({"kty": "oct", "k": "c2VjcmV0", "key_ops": ["verify"]})).unwrap();
        assert!(!key.signs);
        assert!(parse(&json!({"kty": "OKP"})).unwrap_err().contains("unsupported key type"));
        assert!(parse(&json!({"kty": "EC", "crv": "P-384", "x": "a", "y": "b"})).unwrap_err().contains("P-256"));
        assert!(parse(&json!({"kty": "RSA", "n": "!!"})).is_err());
    }

    #[test]
    fn an_ec_private_key_publishes_its_public_half() {
        let d = [7u8; 32];
        let public = ec_public_jwk(&d, "kid-1").unwrap();
        let mut private = public.clone();
        private["d"] = json!(URL_SAFE_NO_PAD.encode(d));
        private.as_object_mut().unwrap().remove("key_ops");
        let key = parse(&private).unwrap();
        assert_eq!(key.alg, Algorithm::ES256);
        assert!(key.signs);
        assert_eq!(key.public_jwk.unwrap()["x"], public["x"]);
    }
}
