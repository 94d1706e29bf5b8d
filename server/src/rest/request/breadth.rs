//! How broad one request may be. Depth is bounded by the grammars ([`super::cursor`]); breadth
//! here: a `select` with hundreds of embeds, or thousands of filters, is cheap to send and
//! expensive to plan and run, so it is refused before it reaches the database (400 `PGRST100`).
//!
//! | what | counted | at most |
//! |---|---|---|
//! | embedded resources | every `rel(...)` and `...rel(...)`, at any depth | [`MAX_EMBEDS`] |
//! | select items | every item at any depth, embeds included | [`MAX_SELECT_ITEMS`] |
//! | filters | every horizontal filter (`col=op.value`), root and embeds | [`MAX_FILTERS`] |
//! | logic-tree nodes | every `and`/`or` and every condition in them | [`MAX_LOGIC_NODES`] |
//! | order terms | every term of every `order` | [`MAX_ORDER_TERMS`] |

use super::error::ParseError;
use super::logic::LogicTree;
use super::params::QueryParams;
use super::select::SelectItem;

pub const MAX_EMBEDS: usize = 32;
pub const MAX_SELECT_ITEMS: usize = 256;
pub const MAX_FILTERS: usize = 100;
pub const MAX_LOGIC_NODES: usize = 100;
pub const MAX_ORDER_TERMS: usize = 32;

/// Refuses a request broader than the limits above.
pub fn check(params: &QueryParams) -> Result<(), ParseError> {
    let (mut items, mut embeds) = (0usize, 0usize);
    if let Some(select) = &params.select {
        count_select(select, &mut items, &mut embeds);
    }
    let logic: usize = params.logic.iter().map(|(_, tree)| logic_nodes(tree)).sum();
    let order: usize = params.order.iter().map(|(_, terms)| terms.len()).sum();
    let checks = [
        (embeds, MAX_EMBEDS, "embedded resources", "select"),
        (items, MAX_SELECT_ITEMS, "select items", "select"),
        (params.filters.len(), MAX_FILTERS, "filters", "filter"),
        (logic, MAX_LOGIC_NODES, "logic tree nodes", "and/or"),
        (order, MAX_ORDER_TERMS, "order terms", "order"),
    ];
    for (found, max, what, param) in checks {
        if found > max {
            return Err(ParseError {
                context: format!("the request is too broad: {found} {what} (at most {max})"),
                column: 0,
                details: format!("A request may have at most {max} {what}; split the {param} into several requests"),
            });
        }
    }
    Ok(())
}

fn count_select(items: &[SelectItem], total: &mut usize, embeds: &mut usize) {
    for item in items {
        *total += 1;
        match item {
            SelectItem::Relation(relation) => {
                *embeds += 1;
                count_select(&relation.children, total, embeds);
            }
            SelectItem::Spread(spread) => {
                *embeds += 1;
                count_select(&spread.children, total, embeds);
            }
            SelectItem::Star | SelectItem::Field(_) | SelectItem::CountAll { .. } => {}
        }
    }
}

fn logic_nodes(tree: &LogicTree) -> usize {
    match tree {
        LogicTree::Stmt(_) => 1,
        LogicTree::Expr { children, .. } => 1 + children.iter().map(logic_nodes).sum::<usize>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(raw: &str) -> Result<QueryParams, ParseError> {
        QueryParams::from_query(raw)
    }

    fn embeds(n: usize) -> String {
        (0..n).map(|i| format!("a{i}:tasks(id)")).collect::<Vec<_>>().join(",")
    }

    #[test]
    fn embeds_up_to_the_limit_pass_and_one_more_is_refused() {
        assert!(query(&format!("select=id,{}", embeds(MAX_EMBEDS))).is_ok());
        let error = query(&format!("select=id,{}", embeds(MAX_EMBEDS + 1))).unwrap_err();
        assert_eq!(error.message(), "the request is too broad: 33 embedded resources (at most 32)");
    }

    #[test]
    fn nested_embeds_and_spreads_count_too() {
        let nested = (0..20).map(|i| format!("a{i}:tasks(id,b:users(id))")).collect::<Vec<_>>().join(",");
        let error = query(&format!("select={nested}")).unwrap_err();
        assert!(error.message().contains("40 embedded resources"), "{}", error.message());
        let spreads = (0..40).map(|_| "...users(id)").collect::<Vec<_>>().join(",");
        assert!(query(&format!("select={spreads}")).is_err());
    }

    #[test]
    fn filters_logic_nodes_and_order_terms_are_bounded() {
        let filters = (0..=MAX_FILTERS).map(|i| format!("c{i}=eq.1")).collect::<Vec<_>>().join("&");
        assert!(query(&filters).unwrap_err().message().contains("filters"));
        let conditions = (0..MAX_LOGIC_NODES).map(|i| format!("c{i}.eq.1")).collect::<Vec<_>>().join(",");
        assert!(query(&format!("or=({conditions})")).unwrap_err().message().contains("logic tree nodes"));
        let terms = (0..=MAX_ORDER_TERMS).map(|i| format!("c{i}")).collect::<Vec<_>>().join(",");
        assert!(query(&format!("order={terms}")).unwrap_err().message().contains("order terms"));
        let items = (0..=MAX_SELECT_ITEMS).map(|i| format!("c{i}")).collect::<Vec<_>>().join(",");
        assert!(query(&format!("select={items}")).unwrap_err().message().contains("select items"));
        assert!(query("select=id,name&id=eq.1&or=(a.eq.1,b.eq.2)&order=id").is_ok());
    }
}
