//! Authentication: the GoTrue-compatible account service (`api/`), the keys that sign and
//! verify tokens, and resolving the caller of a request.

pub mod api;
pub mod caller;
pub mod common_passwords;
pub mod error;
pub mod hash_workers;
pub mod housekeeping;
pub mod jwt;
pub mod keys;
pub mod mail;
pub mod password;
pub mod sealed;
pub mod service;
pub mod settings;
pub mod signin_settings;
pub mod sms;
pub mod store;
pub mod templates;
pub mod tokens;
pub mod totp;
pub mod user;
pub mod verified_tokens;
