//! The `/auth/v1` handlers (wire-api §4), one file per endpoint family. The routes are in
//! `crate::routes`.

pub mod admin;
pub mod client;
pub mod links;
pub mod logout;
pub mod meta;
pub mod reauthenticate;
pub mod recover;
pub mod session;
pub mod signup;
pub mod token;
pub mod user;
pub mod verify;
