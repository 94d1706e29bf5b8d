//! Stage three: plans become SQL text with bound parameters. Pure functions, snapshot-tested;
//! nothing here touches a connection.

pub mod builder;
pub mod call;
mod computed;
pub mod condition;
pub mod mutate;
pub mod read;
mod spread;

pub use builder::{Param, Sql};
pub use read::Body;

#[cfg(test)]
mod embed_tests;
#[cfg(test)]
mod tests;
