//! An account as stored, and its JSON as GoTrue answers it (wire-api §4.3).

use crate::db::wire::Row;
use chrono::{DateTime, SecondsFormat, Utc};
use serde_json::{Map, Value, json};
use uuid::Uuid;

/// The columns [`User::from_row`] reads, in its order (prefix them with an alias if needed).
pub const USER_COLUMNS: &str = "id, aud, email, encrypted_password, email_confirmed_at, confirmation_sent_at, \
     recovery_sent_at, email_change, email_change_sent_at, invited_at, last_sign_in_at, raw_app_meta_data, \
     raw_user_meta_data, is_anonymous, banned_until, deleted_at, created_at, updated_at, phone, phone_confirmed_at, \
     phone_change, phone_change_sent_at";

/// How many columns [`USER_COLUMNS`] has.
pub const USER_COLUMN_COUNT: usize = 22;

#[derive(Debug, Clone)]
pub struct User {
    pub id: Uuid,
    pub aud: String,
    pub email: Option<String>,
    pub password_hash: Option<String>,
    pub email_confirmed_at: Option<DateTime<Utc>>,
    pub confirmation_sent_at: Option<DateTime<Utc>>,
    pub recovery_sent_at: Option<DateTime<Utc>>,
    pub email_change: Option<String>,
    pub email_change_sent_at: Option<DateTime<Utc>>,
    pub invited_at: Option<DateTime<Utc>>,
    pub last_sign_in_at: Option<DateTime<Utc>>,
    pub app_metadata: Value,
    pub user_metadata: Value,
    pub is_anonymous: bool,
    pub banned_until: Option<DateTime<Utc>>,
    pub deleted_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// E.164 digits without the `+`.
    pub phone: Option<String>,
    pub phone_confirmed_at: Option<DateTime<Utc>>,
    pub phone_change: Option<String>,
    pub phone_change_sent_at: Option<DateTime<Utc>>,
}

impl User {
    /// Reads [`USER_COLUMNS`] starting at column `first`.
    pub fn from_row(row: &Row, first: usize) -> Result<Self, crate::db::wire::Error> {
        let at = |i: usize| first + i;
        Ok(Self {
            id: row.try_get(at(0))?,
            aud: row.try_get(at(1))?,
            email: row.try_get(at(2))?,
            password_hash: row.try_get(at(3))?,
            email_confirmed_at: row.try_get(at(4))?,
            confirmation_sent_at: row.try_get(at(5))?,
            recovery_sent_at: row.try_get(at(6))?,
            email_change: row.try_get(at(7))?,
            email_change_sent_at: row.try_get(at(8))?,
            invited_at: row.try_get(at(9))?,
            last_sign_in_at: row.try_get(at(10))?,
            app_metadata: row.try_get(at(11))?,
            user_metadata: row.try_get(at(12))?,
            is_anonymous: row.try_get(at(13))?,
            banned_until: row.try_get(at(14))?,
            deleted_at: row.try_get(at(15))?,
            created_at: row.try_get(at(16))?,
            updated_at: row.try_get(at(17))?,
            phone: row.try_get(at(18))?,
            phone_confirmed_at: row.try_get(at(19))?,
            phone_change: row.try_get(at(20))?,
            phone_change_sent_at: row.try_get(at(21))?,
        })
    }

    pub fn is_banned(&self, now: DateTime<Utc>) -> bool {
        self.banned_until.is_some_and(|until| until > now)
    }

    pub fn email_or_empty(&self) -> &str {
        self.email.as_deref().unwrap_or("")
    }

    pub fn phone_or_empty(&self) -> &str {
        self.phone.as_deref().unwrap_or("")
    }

    /// Confirmed by e-mail or by phone (GoTrue's `confirmed_at`).
    pub fn confirmed_at(&self) -> Option<DateTime<Utc>> {
        match (self.email_confirmed_at, self.phone_confirmed_at) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        }
    }

    /// The user as `/user` and the admin API answer it.
    pub fn to_json(&self) -> Value {
        self.to_json_with_factors(&[])
    }

    /// The user with their second factors (`factors` is left out when there are none).
    pub fn to_json_with_factors(&self, factors: &[Value]) -> Value {
        let mut user = Map::new();
        user.insert("id".into(), json!(self.id));
        user.insert("aud".into(), json!(self.aud));
        user.insert("role".into(), json!("authenticated"));
        user.insert("email".into(), json!(self.email_or_empty()));
        user.insert("phone".into(), json!(self.phone_or_empty()));
        let optional = [
            ("email_confirmed_at", self.email_confirmed_at),
            ("phone_confirmed_at", self.phone_confirmed_at),
            ("confirmed_at", self.confirmed_at()),
            ("phone_change_sent_at", self.phone_change_sent_at),
            ("confirmation_sent_at", self.confirmation_sent_at),
            ("recovery_sent_at", self.recovery_sent_at),
            ("email_change_sent_at", self.email_change_sent_at),
            ("invited_at", self.invited_at),
            ("last_sign_in_at", self.last_sign_in_at),
            ("banned_until", self.banned_until),
            ("deleted_at", self.deleted_at),
        ];
        for (name, value) in optional {
            if let Some(at) = value {
                user.insert(name.into(), json!(timestamp(at)));
            }
        }
        if let Some(new_email) = &self.email_change {
            user.insert("new_email".into(), json!(new_email));
        }
        if let Some(new_phone) = &self.phone_change {
            user.insert("new_phone".into(), json!(new_phone));
        }
        user.insert("app_metadata".into(), self.app_metadata.clone());
        user.insert("user_metadata".into(), self.user_metadata.clone());
        user.insert("identities".into(), Value::Array(self.identities()));
        if !factors.is_empty() {
            user.insert("factors".into(), Value::Array(factors.to_vec()));
        }
        user.insert("created_at".into(), json!(timestamp(self.created_at)));
        user.insert("updated_at".into(), json!(timestamp(self.updated_at)));
        user.insert("is_anonymous".into(), json!(self.is_anonymous));
        Value::Object(user)
    }

    /// The e-mail and phone identities (GoTrue keeps one per provider; here the address and
    /// the number are the identities). Identity ids are derived from the user's id and the
    /// provider, so they are stable.
    fn identities(&self) -> Vec<Value> {
        let mut identities = Vec::new();
        let identity = |provider: &str, data: Value, email: &str| {
            let id = uuid::Uuid::new_v5(&self.id, provider.as_bytes());
            json!({
                "identity_id": if provider == "email" { self.id } else { id },
                "id": self.id,
                "user_id": self.id,
                "identity_data": data,
                "provider": provider,
                "email": email,
                "last_sign_in_at": self.last_sign_in_at.map(timestamp),
                "created_at": timestamp(self.created_at),
                "updated_at": timestamp(self.updated_at),
            })
        };
        if let Some(email) = self.email.as_deref().filter(|e| !e.is_empty()) {
            let data = json!({
                "sub": self.id,
                "email": email,
                "email_verified": self.email_confirmed_at.is_some(),
                "phone_verified": false,
            });
            identities.push(identity("email", data, email));
        }
        if let Some(phone) = self.phone.as_deref().filter(|p| !p.is_empty()) {
            let data = json!({
                "sub": self.id,
                "phone": phone,
                "email_verified": false,
                "phone_verified": self.phone_confirmed_at.is_some(),
            });
            identities.push(identity("phone", data, ""));
        }
        identities
    }
}

/// RFC 3339 with microseconds and `Z`, as GoTrue writes times.
pub fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Micros, true)
}

/// Merges `changes` into `metadata` key by key; a `null` value removes the key.
pub fn merge_metadata(metadata: &Value, changes: &Map<String, Value>) -> Value {
    let mut merged = metadata.as_object().cloned().unwrap_or_default();
    for (key, value) in changes {
        if value.is_null() {
            merged.remove(key);
        } else {
            merged.insert(key.clone(), value.clone());
        }
    }
    Value::Object(merged)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> User {
        let at = DateTime::parse_from_rfc3339("2026-11-21T10:00:00.123456Z").unwrap().with_timezone(&Utc);
        User {
            id: Uuid::nil(),
            aud: "authenticated".into(),
            email: Some("asha@example.org".into()),
            password_hash: Some("$argon2id$secret".into()),
            email_confirmed_at: Some(at),
            confirmation_sent_at: None,
            recovery_sent_at: None,
            email_change: None,
            email_change_sent_at: None,
            invited_at: None,
            last_sign_in_at: None,
            app_metadata: json!({"provider": "email", "providers": ["email"]}),
            user_metadata: json!({"name": "Asha"}),
            is_anonymous: false,
            banned_until: None,
            deleted_at: None,
            created_at: at,
            updated_at: at,
            phone: None,
            phone_confirmed_at: None,
            phone_change: None,
            phone_change_sent_at: None,
        }
    }

    #[test]
    fn the_json_has_gotrue_fields_and_never_the_hash() {
        let json = sample().to_json();
        assert_eq!(json["email"], "asha@example.org");
        assert_eq!(json["phone"], "");
        assert_eq!(json["role"], "authenticated");
        assert_eq!(json["confirmed_at"], "2026-11-21T10:00:00.123456Z");
        assert_eq!(json["identities"][0]["provider"], "email");
        assert_eq!(json["identities"][0]["identity_data"]["email_verified"], true);
        assert!(json.get("recovery_sent_at").is_none(), "unset times are left out");
        assert!(!json.to_string().contains("argon2"), "{json}");
    }

    #[test]
    fn metadata_merges_key_by_key_and_null_removes() {
        let changes = json!({"city": "Mumbai", "name": null});
        let merged = merge_metadata(&json!({"name": "Asha", "age": 30}), changes.as_object().unwrap());
        assert_eq!(merged, json!({"age": 30, "city": "Mumbai"}));
    }
}
