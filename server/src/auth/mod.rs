//! Authentication: verifying tokens and resolving the caller of a request. (The GoTrue-style
//! account endpoints will live beside these.)

pub mod api;
pub mod caller;
pub mod common_passwords;
pub mod error;
pub mod hash_workers;
pub mod housekeeping;
pub mod jwt;
pub mod mail;
pub mod password;
pub mod service;
pub mod settings;
pub mod store;
pub mod tokens;
pub mod user;
pub mod verified_tokens;
