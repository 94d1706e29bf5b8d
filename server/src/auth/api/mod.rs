//! The `/auth/v1` handlers (wire-api §4), one file per endpoint family. The routes are in
//! `crate::routes`.

pub mod admin;
pub mod admin_factors;
pub mod admin_links;
pub mod client;
pub mod jwks;
pub mod links;
pub mod logout;
pub mod meta;
pub mod mfa;
pub mod otp;
pub mod reauthenticate;
pub mod recover;
pub mod resend;
pub mod session;
pub mod signup;
pub mod token;
pub mod user;
pub mod verify;
