//! Stage three: plans become SQL text with bound parameters. Pure functions, snapshot-tested;
//! nothing here touches a connection.

pub mod aggregate;
pub mod builder;
pub mod call;
pub mod condition;
pub mod mutate;
pub mod read;

pub use builder::{Param, Sql};
pub use read::Body;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_cols;
