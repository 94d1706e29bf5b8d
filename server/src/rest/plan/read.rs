//! Read plans: what to select from a source, which embeds to follow, how to filter, order and
//! page each level.

use super::call::CallPlan;
use super::columns::SourceColumns;
use super::condition::{Condition, FilterPlan};
use super::page::RootPage;
use super::{ColumnExpr, embed};
use crate::error::{ApiError, ErrorKind};
use crate::rest::request::identifiers::JsonOperand;
use crate::rest::request::{
    Filter, IsValue, JoinType, NullsOrder, Operation, OrderDirection, OrderTarget, QueryParams, RowRange, SelectItem,
};
use crate::schema_cache::SchemaCache;
use crate::schema_cache::model::{Cardinality, QualifiedName, Relation, Relationship};

/// Where a plan's rows come from.
#[derive(Debug, Clone, PartialEq)]
pub enum Source {
    Relation(QualifiedName),
    /// The rows of a function call.
    Call(Box<CallPlan>),
    /// The rows a write returned (the statement's `pgrst_mutation` CTE).
    Mutation,
    /// The rows of a counted call, run once in the statement's `pgrst_source` CTE (written by
    /// sql/read.rs in place of [`Source::Call`]; the planner never makes it).
    CallRows,
}

#[derive(Debug, Clone, PartialEq)]
pub struct ReadPlan {
    pub source: Source,
    /// The SQL alias of the source at this level.
    pub alias: String,
    /// The relation whose relationships embeds follow (none for record-returning functions).
    pub relation: Option<QualifiedName>,
    pub columns: SourceColumns,
    pub select: Vec<Projection>,
    /// AND-ed together.
    pub conditions: Vec<Condition>,
    pub order: Vec<OrderItem>,
    pub range: RowRange,
    pub embeds: Vec<Embed>,
}

/// One output of a level.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Projection {
    /// Every column of the source.
    Star,
    Column {
        expr: ColumnExpr,
        /// A validated type name.
        cast: Option<String>,
        output: String,
    },
    /// The legacy bare `count`: the number of rows (the level becomes one aggregate row).
    Count { output: String },
    /// `col.sum()`, `count()`: the level groups its rows by its other outputs
    /// (`db-aggregates-enabled`; [`super::aggregate`]).
    Aggregate(Box<super::aggregate::AggregateItem>),
    /// An embed (index into `embeds`), by its output name; spreads lift its columns.
    Embed(usize),
}

/// A related resource embedded at a level.
#[derive(Debug, Clone, PartialEq)]
pub struct Embed {
    /// The output key: the alias if given, else the relation as written.
    pub name: String,
    /// The relation as written in `select` (paths may use it or the alias).
    pub written: String,
    pub relationship: Relationship,
    /// Drop parent rows without a match (`!inner`, or `embed=not.is.null`).
    pub inner: bool,
    /// `...embed(...)`: columns lifted into the parent.
    pub spread: bool,
    /// A to-many spread inside another to-many spread: its rows join the outer spread's rows
    /// (as in PostgREST) instead of being aggregated on their own.
    pub flatten: bool,
    pub plan: ReadPlan,
}

impl Embed {
    pub fn is_to_one(&self) -> bool {
        self.relationship.is_to_one()
    }

    fn answers_to(&self, segment: &str) -> bool {
        self.name == segment || self.written == segment
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OrderItem {
    pub expr: OrderExpr,
    pub direction: Option<OrderDirection>,
    pub nulls: Option<NullsOrder>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum OrderExpr {
    Column(ColumnExpr),
    /// A column of a to-one embed (index into `embeds`).
    Related {
        embed: usize,
        column: ColumnExpr,
    },
}

/// Builds read plans; owns the alias counter so every level's alias is unique.
pub struct ReadPlanner<'a> {
    pub cache: &'a SchemaCache,
    pub schema: &'a str,
    next_alias: usize,
    /// Whether `count()`, `col.sum()` … are allowed (else 400 PGRST123).
    aggregates: bool,
    /// What narrows the root's paging (`Range`, the row cap); `None`: the query's own.
    page: Option<RootPage>,
}

impl<'a> ReadPlanner<'a> {
    pub fn new(cache: &'a SchemaCache, schema: &'a str) -> Self {
        Self { cache, schema, next_alias: 0, aggregates: false, page: None }
    }

    /// Allows aggregate functions in `select` (`DB_AGGREGATES_ENABLED`).
    pub fn with_aggregates(mut self, enabled: bool) -> Self {
        self.aggregates = enabled;
        self
    }

    /// Narrows the root's range by the request's `Range` header and the server's row cap
    /// (reads and set-returning calls; a write's rows are not paged).
    pub fn with_page(mut self, page: RootPage) -> Self {
        self.page = Some(page);
        self
    }

    /// The plan of a whole read. `params` carries the select, filters, order and paging of
    /// every level; the root's range is narrowed by [`Self::with_page`]'s page, if any.
    pub fn plan(
        &mut self,
        source: Source,
        alias: String,
        relation: Option<QualifiedName>,
        columns: SourceColumns,
        params: &QueryParams,
    ) -> Result<ReadPlan, ApiError> {
        let star = [SelectItem::Star];
        let items = params.select.as_deref().unwrap_or(&star);
        let mut plan = self.level(source, alias, relation, columns, items, params, &[])?;
        check_paths(&plan, params)?;
        if let Some(page) = self.page {
            plan.range = page.narrow(plan.range)?;
        }
        Ok(plan)
    }

    /// [`Self::plan`] of a table or view (a read, or the rows a write touches).
    pub fn plan_relation(&mut self, relation: &Relation, params: &QueryParams) -> Result<ReadPlan, ApiError> {
        self.plan(
            Source::Relation(relation.name.clone()),
            relation.name.name.clone(),
            Some(relation.name.clone()),
            SourceColumns::of_relation(relation),
            params,
        )
    }

    #[allow(clippy::too_many_arguments, reason = "one level of a recursive plan needs all of these")]
    fn level(
        &mut self,
        source: Source,
        alias: String,
        relation: Option<QualifiedName>,
        columns: SourceColumns,
        items: &[SelectItem],
        params: &QueryParams,
        path: &[String],
    ) -> Result<ReadPlan, ApiError> {
        let mut plan = ReadPlan {
            source,
            alias,
            relation,
            columns,
            select: Vec::new(),
            conditions: Vec::new(),
            order: Vec::new(),
            range: RowRange::ALL,
            embeds: Vec::new(),
        };
        if let Some(relation) = &plan.relation {
            super::computed::attach(self.cache, relation, &mut plan.columns, items, params, path);
        }
        for item in items {
            self.select_item(&mut plan, item, params, path)?;
        }
        for (filter_path, filter) in &params.filters {
            if filter_path.as_slice() == path {
                let condition = self.condition(&mut plan, filter)?;
                plan.conditions.push(condition);
            }
        }
        for (tree_path, tree) in &params.logic {
            if tree_path.as_slice() == path {
                plan.conditions.push(Condition::from_tree(tree, &plan.columns)?);
            }
        }
        for (order_path, terms) in &params.order {
            if order_path.as_slice() == path {
                for term in terms {
                    let expr = order_expr(&plan, &term.target)?;
                    plan.order.push(OrderItem { expr, direction: term.direction, nulls: term.nulls });
                }
            }
        }
        let paging = params.paging_at(path);
        plan.range = RowRange::from_paging(paging.limit, paging.offset);
        Ok(plan)
    }

    fn select_item(
        &mut self,
        plan: &mut ReadPlan,
        item: &SelectItem,
        params: &QueryParams,
        path: &[String],
    ) -> Result<(), ApiError> {
        match item {
            SelectItem::Star => plan.select.push(Projection::Star),
            SelectItem::CountAll { alias, cast } => {
                if !self.aggregates {
                    return Err(ApiError::new(ErrorKind::AggregatesDisabled));
                }
                plan.select.push(super::aggregate::count_all(alias.as_deref(), cast.as_deref())?);
            }
            SelectItem::Field(field) if field.aggregate.is_some() => {
                if !self.aggregates {
                    return Err(ApiError::new(ErrorKind::AggregatesDisabled));
                }
                plan.select.push(super::aggregate::of_field(field, &plan.columns)?);
            }
            SelectItem::Field(field) => {
                let name = &field.field.name;
                let legacy_count = name == "count" && field.field.json_path.is_empty() && !plan.columns.contains(name);
                if legacy_count {
                    let output = field.alias.clone().unwrap_or_else(|| "count".to_owned());
                    plan.select.push(Projection::Count { output });
                    return Ok(());
                }
                if !plan.columns.contains(name) {
                    return Err(plan.columns.undefined(name));
                }
                let output = field.alias.clone().unwrap_or_else(|| output_name(&field.field));
                let cast = field.cast.as_deref().map(validate_cast).transpose()?;
                plan.select.push(Projection::Column {
                    expr: ColumnExpr::from_field(&field.field, &plan.columns),
                    cast,
                    output,
                });
            }
            SelectItem::Relation(relation) => {
                let name = relation.alias.clone().unwrap_or_else(|| relation.relation.clone());
                let inner = relation.join == Some(JoinType::Inner);
                let index = self.embed(
                    plan,
                    EmbedRequest {
                        name,
                        written: &relation.relation,
                        hint: relation.hint.as_deref(),
                        inner,
                        spread: false,
                        children: &relation.children,
                    },
                    params,
                    path,
                )?;
                plan.select.push(Projection::Embed(index));
            }
            SelectItem::Spread(spread) => {
                let lifted = match self.aggregates {
                    true => super::aggregate::LiftedSpread::of(&spread.relation, &spread.children)?,
                    false => None,
                };
                let children = lifted.as_ref().map_or(&spread.children[..], |l| &l.children[..]);
                let inner = spread.join == Some(JoinType::Inner);
                let index = self.embed(
                    plan,
                    EmbedRequest {
                        name: spread.relation.clone(),
                        written: &spread.relation,
                        hint: spread.hint.as_deref(),
                        inner,
                        spread: true,
                        children,
                    },
                    params,
                    path,
                )?;
                if !plan.embeds[index].is_to_one() {
                    embed::flatten_nested_spreads(&mut plan.embeds[index].plan)?;
                }
                plan.select.push(Projection::Embed(index));
                if let Some(lifted) = lifted {
                    let alias = plan.embeds[index].plan.alias.clone();
                    plan.select.extend(lifted.aggregates(&alias));
                }
            }
        }
        Ok(())
    }

    fn embed(
        &mut self,
        plan: &mut ReadPlan,
        request: EmbedRequest<'_>,
        params: &QueryParams,
        path: &[String],
    ) -> Result<usize, ApiError> {
        let Some(from) = plan.relation.as_ref() else {
            return Err(ApiError::new(ErrorKind::NoRelationship).with_message(format!(
                "Could not find a relationship between '{}' and '{}' in the schema cache",
                plan.columns.source_name, request.written
            )));
        };
        let relationship = embed::resolve(self.cache, from, request.written, request.hint)?.clone();
        if plan.embeds.iter().any(|e| e.name == request.name) {
            return Err(embed::duplicate(from, &request.name, path.len() + 1));
        }
        let target = self.cache.relations.get(&relationship.to).ok_or_else(|| {
            ApiError::new(ErrorKind::TableNotFound)
                .with_message(format!("Could not find the table '{}' in the schema cache", relationship.to))
        })?;
        self.next_alias += 1;
        let alias = format!("{}_{}", relationship.to.name, self.next_alias);
        let mut child_path = path.to_vec();
        child_path.push(request.name.clone());
        let star = [SelectItem::Star];
        let children = if request.children.is_empty() && request.spread { &star[..] } else { request.children };
        let mut columns = SourceColumns::of_relation(target);
        // PostgreSQL names an unknown column by the embedded table's alias in PostgREST's
        // query, `<table>_<depth>` (a many-to-many target is joined under its own name).
        if !matches!(relationship.cardinality, Cardinality::ManyToMany(_)) {
            columns.source_name = format!("{}_{}", relationship.to.name, path.len() + 1);
        }
        let child = self.level(
            Source::Relation(relationship.to.clone()),
            alias,
            Some(relationship.to.clone()),
            columns,
            children,
            params,
            &child_path,
        )?;
        plan.embeds.push(Embed {
            name: request.name,
            written: request.written.to_owned(),
            relationship,
            inner: request.inner,
            spread: request.spread,
            flatten: false,
            plan: child,
        });
        Ok(plan.embeds.len() - 1)
    }

    /// A filter at this level: on a column, or `embed=[not.]is.null` on an embed.
    fn condition(&mut self, plan: &mut ReadPlan, filter: &Filter) -> Result<Condition, ApiError> {
        let name = &filter.field.name;
        let embed = plan.embeds.iter().position(|e| e.answers_to(name));
        match embed {
            Some(index) if filter.field.json_path.is_empty() && !plan.columns.contains(name) => {
                let is_null = match (&filter.expr.operation, filter.expr.negated) {
                    (Operation::Is(IsValue::Null), negated) => !negated,
                    (Operation::Is(IsValue::NotNull), negated) => negated,
                    _ => return Err(ApiError::new(ErrorKind::EmbedOperator)),
                };
                if plan.embeds[index].spread && plan.embeds[index].is_to_one() {
                    return Err(ApiError::new(ErrorKind::NotImplemented)
                        .with_message("Null filters on spread embeds are not supported"));
                }
                if !is_null {
                    plan.embeds[index].inner = true;
                }
                Ok(Condition::EmbedIsNull { embed: index, is_null })
            }
            _ => Ok(Condition::Filter(FilterPlan::resolve(filter, &plan.columns)?)),
        }
    }
}

struct EmbedRequest<'r> {
    name: String,
    written: &'r str,
    hint: Option<&'r str>,
    inner: bool,
    spread: bool,
    children: &'r [SelectItem],
}

fn order_expr(plan: &ReadPlan, target: &OrderTarget) -> Result<OrderExpr, ApiError> {
    match target {
        OrderTarget::Field(field) => {
            plan.columns.require(&field.name)?;
            Ok(OrderExpr::Column(ColumnExpr::from_field(field, &plan.columns)))
        }
        OrderTarget::Related { relation, field } => {
            let Some(index) = plan.embeds.iter().position(|e| e.answers_to(relation)) else {
                return Err(not_selected(relation));
            };
            let embed = &plan.embeds[index];
            if !embed.is_to_one() {
                return Err(ApiError::new(ErrorKind::RelatedOrderNotToOne)
                    .with_message(format!("A related order on '{relation}' is not possible"))
                    .with_details(format!(
                        "'{}' and '{}' do not form a many-to-one or one-to-one relationship",
                        plan.relation.as_ref().map_or(&plan.columns.source_name, |r| &r.name),
                        relation
                    )));
            }
            embed.plan.columns.require(&field.name)?;
            Ok(OrderExpr::Related { embed: index, column: ColumnExpr::from_field(field, &embed.plan.columns) })
        }
    }
}

/// Every embed path used by a filter, order, limit or logic tree must lead to an embed.
fn check_paths(plan: &ReadPlan, params: &QueryParams) -> Result<(), ApiError> {
    let paths = params
        .filters
        .iter()
        .map(|(p, _)| p)
        .chain(params.logic.iter().map(|(p, _)| p))
        .chain(params.order.iter().map(|(p, _)| p))
        .chain(params.paging.iter().map(|(p, _)| p));
    for path in paths {
        let mut level = plan;
        for segment in path {
            match level.embeds.iter().find(|e| e.answers_to(segment)) {
                Some(embed) => level = &embed.plan,
                None => return Err(not_selected(segment)),
            }
        }
    }
    Ok(())
}

fn not_selected(name: &str) -> ApiError {
    ApiError::new(ErrorKind::EmbedNotSelected)
        .with_message(format!("'{name}' is not an embedded resource in this request"))
        .with_hint(format!("Verify that '{name}' is included in the 'select' query parameter."))
}

/// The key a selected column gets: its last JSON key, else the column name.
fn output_name(field: &crate::rest::request::Field) -> String {
    match field.json_path.last().map(|s| &s.operand) {
        Some(JsonOperand::Key(key)) => key.clone(),
        _ => field.name.clone(),
    }
}

/// A cast type: words of letters, digits and `_` separated by single spaces, optionally
/// followed by `[]` (`text`, `double precision`, `int[]`). Anything else is refused, so the
/// type can be written into SQL as it is.
pub fn validate_cast(cast: &str) -> Result<String, ApiError> {
    let trimmed = cast.trim();
    let base = trimmed.strip_suffix("[]").unwrap_or(trimmed);
    let word_ok = |w: &str| {
        w.chars().next().is_some_and(|c| c.is_ascii_alphabetic() || c == '_')
            && w.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
    };
    if !base.is_empty() && base.split(' ').all(word_ok) {
        Ok(trimmed.to_owned())
    } else {
        Err(ApiError::new(ErrorKind::QueryParse)
            .with_message(format!("\"{cast}\" is not a type name"))
            .with_details("casts take a type name such as text, integer or double precision"))
    }
}
