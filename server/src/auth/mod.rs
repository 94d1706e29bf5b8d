//! Authentication: verifying tokens and resolving the caller of a request. (The GoTrue-style
//! account endpoints will live beside these.)

pub mod caller;
pub mod jwt;
pub mod password;
