//! `GET /rpc/fn?…`: telling function arguments from filters on the function's result.
//!
//! Reserved keys (`select`, `order`, `limit`, `or`, …) keep their meaning. Every other pair is:
//!
//! 1. an argument if its key is one of the function's argument names (so `?q=eq.5` passes the
//!    text `eq.5` to an argument `q`);
//! 2. otherwise an argument if its key is a plain name (no `.` embed path, no `->`) and its value
//!    does not parse as `[not.]op.value` (PostgREST's rule: `?a=1&b=2`); the planner then reports
//!    an unknown argument as "function not found";
//! 3. otherwise a filter on the result, parsed as usual (`?id=gt.1`).
//!
//! Rule 1 is where we differ from PostgREST, which would treat `?q=eq.5` as a filter on a result
//! column `q` and call the function without `q`. A result column that shares an argument's name
//! can still be filtered with a logic tree: `and=(q.eq.5)`.

use super::error::ParseError;
use super::filter::parse_op_expr;
use super::params::{ParamKind, QueryParams, classify};

/// The query of an RPC read, split.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct RpcGetParams {
    /// `(name, value)` in query order; a repeated name is a variadic or array argument.
    pub arguments: Vec<(String, String)>,
    /// Everything else, as for a table read.
    pub query: QueryParams,
}

/// Splits decoded pairs (see [`super::query_string::decode_query`]) into arguments and the rest.
pub fn parse_rpc_get(
    pairs: &[(String, String)],
    is_argument: impl Fn(&str) -> bool,
) -> Result<RpcGetParams, ParseError> {
    let mut out = RpcGetParams::default();
    for (key, value) in pairs {
        let kind = classify(key);
        let plain_name = !key.contains('.') && !key.contains("->");
        let argument = kind == ParamKind::Filter && (is_argument(key) || (plain_name && parse_op_expr(value).is_err()));
        if argument {
            out.arguments.push((key.clone(), value.clone()));
        } else {
            out.query.add(kind, key, value)?;
        }
    }
    super::breadth::check(&out.query)?;
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rest::request::query_string::decode_query;

    fn split(raw: &str, args: &[&str]) -> RpcGetParams {
        parse_rpc_get(&decode_query(raw), |name| args.contains(&name)).unwrap_or_else(|e| panic!("{raw}: {e}"))
    }

    fn pairs(items: &[(&str, &str)]) -> Vec<(String, String)> {
        items.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn values_that_are_not_operations_are_arguments() {
        let rpc = split("a=1&arr=%7B1,2%7D", &["a", "arr"]);
        assert_eq!(rpc.arguments, pairs(&[("a", "1"), ("arr", "{1,2}")]));
        assert!(rpc.query.filters.is_empty());
        let rpc = split("unknown=1", &[]);
        assert_eq!(rpc.arguments, pairs(&[("unknown", "1")]));
    }

    #[test]
    fn operations_on_other_keys_filter_the_result() {
        let rpc = split("q=x&select=id,name&done=eq.false&order=id.asc&limit=3", &["q"]);
        assert_eq!(rpc.arguments, pairs(&[("q", "x")]));
        assert_eq!(rpc.query.filters.len(), 1);
        assert_eq!(rpc.query.filters[0].1.field.name, "done");
        assert_eq!(rpc.query.order.len(), 1);
        assert_eq!(rpc.query.paging_at(&[]).limit, Some(3));
    }

    #[test]
    fn known_arguments_stay_arguments_even_when_they_look_like_operations() {
        let rpc = split("q=eq.5&v=1&v=2", &["q", "v"]);
        assert_eq!(rpc.arguments, pairs(&[("q", "eq.5"), ("v", "1"), ("v", "2")]));
    }

    #[test]
    fn embedded_keys_are_always_filters() {
        assert!(parse_rpc_get(&pairs(&[("tasks.x", "1")]), |_| false).is_err());
        let rpc = split("tasks.x=eq.1", &[]);
        assert_eq!(rpc.query.filters.len(), 1);
    }
}
