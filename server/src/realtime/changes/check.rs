//! Deciding, as each subscriber, what it may be told of a batch of changes to one table, and
//! telling it.
//!
//! Subscribers are grouped by identity (role and claims, [`Identity::group`]): a group sees
//! the same rows, so each group costs one statement per table and batch of changes, whatever
//! its number of subscribers and bindings. The statements of every group go to PostgreSQL in
//! one pipelined batch (one round trip), each after the `set_config` of its role, claims and
//! search path, inside one read-only transaction that is rolled back:
//!
//! - inserted and updated rows are selected again by primary key, under row-level security,
//!   with only the columns the role may read (and, per `select`, the ones asked for): a row
//!   the group cannot read now yields nothing;
//! - a deleted row can no longer be selected: its image (kept in the queue, never sent) is
//!   checked against the SELECT policies that apply to the role, and the payload carries its
//!   primary key only;
//! - each distinct filter condition of the group is one boolean column of the same statement.
//!
//! A statement that fails (a policy that raises, a schema changed under the cache) fails the
//! batch; the groups are then checked one by one, so only the failing group's subscribers miss
//! the change (logged).

use std::collections::HashMap;
use std::fmt::Write as _;
use std::sync::Arc;

use serde_json::Value;
use tokio_postgres::types::{ToSql, Type};

use super::catalog::{Catalog, Relation, RoleView};
use super::filter::{self, Condition, quote_ident};
use super::subscription::{Binding, ChangeListener, Kind};
use crate::db::request_connections::RequestConnections;
use crate::db::wire;
use crate::realtime::identity::Identity;
use crate::realtime::protocol;

/// One row change read from the queue.
#[derive(Debug, Clone)]
pub struct Change {
    pub kind: Kind,
    pub relid: u32,
    /// The row's primary key (a JSON object).
    pub pk: Value,
    /// UPDATE: the key before, when it changed.
    pub old_pk: Option<Value>,
    /// DELETE: the deleted row.
    pub old_row: Option<Value>,
    /// `commit_timestamp`: `2024-05-01T10:20:30.123Z`.
    pub at: String,
}

/// Why a check could not be made.
#[derive(Debug)]
pub enum CheckError {
    Checkout(crate::db::request_connections::CheckoutError),
    Db(wire::Error),
    Catalog(crate::db::service_tx::DbError),
}

impl std::fmt::Display for CheckError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Checkout(error) => write!(f, "no database connection: {error:?}"),
            Self::Db(error) => write!(f, "{error}"),
            Self::Catalog(error) => write!(f, "catalogue: {error}"),
        }
    }
}

/// A binding of a listener that wants changes of the relation being checked.
struct Target<'a> {
    listener: &'a ChangeListener,
    binding: &'a Binding,
    /// Indexes into the group's conditions: all must hold.
    conditions: Vec<usize>,
    /// Index into the group's column variants.
    variant: usize,
}

/// Subscribers of one identity.
struct Group<'a> {
    identity: &'a Identity,
    view: Arc<RoleView>,
    conditions: Vec<&'a Condition>,
    /// Column sets: `None` every readable column, else the chosen ones (and the key).
    variants: Vec<Option<&'a [String]>>,
    targets: Vec<Target<'a>>,
}

/// The result of one group's statement for one change.
struct Seen {
    /// Per variant: the record's JSON (inserts and updates), or the key's (deletes).
    records: Vec<String>,
    /// Per condition of the group.
    conditions: Vec<bool>,
}

/// Where each statement's rows stand in the batch of changes: the n-th row change, the n-th
/// delete.
struct Ords {
    rows: Vec<usize>,
    deletes: Vec<usize>,
}

/// A prepared statement of the batch: its SQL, parameter types and values.
struct Statement {
    sql: String,
    types: Vec<Type>,
    params: Vec<Box<dyn ToSql + Sync + Send>>,
}

const SET_IDENTITY_SQL: &str = "select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), \
     set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true), \
     set_config('search_path', $4, true)";
const SET_IDENTITY_TYPES: [Type; 4] = [Type::TEXT, Type::TEXT, Type::TEXT, Type::TEXT];
const OPENING: &str = "BEGIN READ ONLY; SET LOCAL statement_timeout = '5s'; SET LOCAL TIME ZONE 'UTC'";

/// Checks changes and sends what each subscriber may see.
pub struct Checker {
    pub connections: RequestConnections,
    pub catalog: Arc<Catalog>,
    /// Rows whose JSON is larger are sent with their short values only (Error 413).
    pub max_record_bytes: usize,
}

impl Checker {
    /// Sends each listener the changes (all of `relation`, in queue order) it may see; returns
    /// the number of frames queued.
    pub async fn deliver(
        &self,
        relation: &Relation,
        changes: &[Change],
        listeners: &[Arc<ChangeListener>],
    ) -> Result<usize, CheckError> {
        let mut groups: Vec<Group<'_>> = Vec::new();
        let mut by_identity: HashMap<&str, usize> = HashMap::new();
        for listener in listeners {
            let identity = listener.identity.as_ref();
            for binding in listener.bindings.iter().filter(|b| b.matches(&relation.schema, &relation.name)) {
                let index = match by_identity.get(identity.group.as_ref()) {
                    Some(index) => *index,
                    None => {
                        let view = self
                            .catalog
                            .view(&self.connections, relation, identity.role)
                            .await
                            .map_err(CheckError::Catalog)?;
                        if !view.reads_keys(relation) {
                            // Told when it subscribed; nothing can be sent without the key.
                            continue;
                        }
                        groups.push(Group {
                            identity,
                            view,
                            conditions: Vec::new(),
                            variants: Vec::new(),
                            targets: Vec::new(),
                        });
                        by_identity.insert(identity.group.as_ref(), groups.len() - 1);
                        groups.len() - 1
                    }
                };
                let group = &mut groups[index];
                if binding.conditions.iter().any(|c| relation.column(&c.column).is_none()) {
                    continue;
                }
                let conditions = binding
                    .conditions
                    .iter()
                    .map(|condition| match group.conditions.iter().position(|c| *c == condition) {
                        Some(position) => position,
                        None => {
                            group.conditions.push(condition);
                            group.conditions.len() - 1
                        }
                    })
                    .collect();
                let wanted = binding.select.as_deref();
                let variant = match group.variants.iter().position(|v| *v == wanted) {
                    Some(position) => position,
                    None => {
                        group.variants.push(wanted);
                        group.variants.len() - 1
                    }
                };
                group.targets.push(Target { listener, binding, conditions, variant });
            }
        }
        if groups.is_empty() {
            return Ok(0);
        }
        let rows: Vec<(usize, &Change)> = changes.iter().enumerate().filter(|(_, c)| c.kind != Kind::Delete).collect();
        let deletes: Vec<(usize, &Change)> =
            changes.iter().enumerate().filter(|(_, c)| c.kind == Kind::Delete).collect();
        let statements: Vec<Vec<Statement>> = groups
            .iter()
            .enumerate()
            .map(|(index, group)| {
                let mut list = Vec::new();
                if !rows.is_empty() {
                    list.push(rows_statement(relation, group, index, &rows));
                }
                if !deletes.is_empty() {
                    list.push(deletes_statement(relation, group, index, &deletes));
                }
                list
            })
            .collect();
        let ords = Ords {
            rows: rows.iter().map(|(ord, _)| *ord).collect(),
            deletes: deletes.iter().map(|(ord, _)| *ord).collect(),
        };
        let seen = self.run(relation, &groups, &statements, &ords).await?;
        Ok(self.send(relation, changes, &groups, &seen))
    }

    /// Runs every group's statements in one batch; after a refusal, group by group.
    async fn run(
        &self,
        relation: &Relation,
        groups: &[Group<'_>],
        statements: &[Vec<Statement>],
        ords: &Ords,
    ) -> Result<HashMap<(usize, usize), Seen>, CheckError> {
        let all: Vec<usize> = (0..groups.len()).collect();
        match self.run_batch(relation, groups, statements, ords, &all).await {
            Ok(seen) => return Ok(seen),
            Err(CheckError::Db(error)) if error.as_db_error().is_some() => {
                tracing::debug!(%error, table = %relation.qualified(), "a realtime check failed; checking group by group");
                if matches!(error.as_db_error().map(|e| e.code()), Some("42703" | "42P01" | "42883" | "42501")) {
                    // The schema may have changed under the cache.
                    self.catalog.clear();
                }
            }
            Err(error) => return Err(error),
        }
        let mut seen = HashMap::new();
        for index in 0..groups.len() {
            match self.run_batch(relation, groups, statements, ords, &[index]).await {
                Ok(part) => seen.extend(part),
                Err(CheckError::Db(error)) if error.as_db_error().is_some() => {
                    tracing::warn!(
                        %error,
                        table = %relation.qualified(),
                        role = groups[index].identity.role.as_str(),
                        "a realtime change could not be checked for some subscribers; they miss it"
                    );
                }
                Err(error) => return Err(error),
            }
        }
        Ok(seen)
    }

    async fn run_batch(
        &self,
        relation: &Relation,
        groups: &[Group<'_>],
        statements: &[Vec<Statement>],
        ords: &Ords,
        which: &[usize],
    ) -> Result<HashMap<(usize, usize), Seen>, CheckError> {
        let mut checkout = self.connections.checkout().await.map_err(CheckError::Checkout)?;
        let search_path = relation.search_path();
        let identity_params = |group: &Group<'_>| -> [String; 4] {
            [
                group.identity.role.as_str().to_owned(),
                group.identity.claims.to_string(),
                group.identity.subject.as_deref().unwrap_or("").to_owned(),
                search_path.clone(),
            ]
        };
        // Statements not prepared on this connection yet are prepared first, as the role of
        // the first group using them (names resolve with its privileges), so the batch that
        // follows refers to each by name however many groups use it.
        let mut unprepared: Vec<(&Statement, usize)> = Vec::new();
        for &index in which {
            for statement in &statements[index] {
                if !checkout.connection().is_prepared(&statement.sql)
                    && !unprepared.iter().any(|(s, _)| s.sql == statement.sql)
                {
                    unprepared.push((statement, index));
                }
            }
        }
        for (statement, index) in &unprepared {
            let identity = identity_params(&groups[*index]);
            let params: Vec<&(dyn ToSql + Sync)> = identity.iter().map(|p| p as &(dyn ToSql + Sync)).collect();
            super::send_batch(&mut checkout, |batch| {
                batch.simple(OPENING)?;
                batch.run(SET_IDENTITY_SQL, &SET_IDENTITY_TYPES, &params, false)?;
                batch.prepare(&statement.sql, &statement.types)?;
                batch.sync();
                batch.simple("ROLLBACK")
            })
            .await
            .map_err(CheckError::Db)?;
        }
        let identities: Vec<[String; 4]> = which.iter().map(|&index| identity_params(&groups[index])).collect();
        let replies = super::send_batch(&mut checkout, |batch| {
            batch.simple(OPENING)?;
            for (position, &index) in which.iter().enumerate() {
                let params: Vec<&(dyn ToSql + Sync)> =
                    identities[position].iter().map(|p| p as &(dyn ToSql + Sync)).collect();
                batch.run(SET_IDENTITY_SQL, &SET_IDENTITY_TYPES, &params, false)?;
                for statement in &statements[index] {
                    let params: Vec<&(dyn ToSql + Sync)> =
                        statement.params.iter().map(|p| p.as_ref() as &(dyn ToSql + Sync)).collect();
                    batch.run(&statement.sql, &statement.types, &params, true)?;
                }
            }
            batch.sync();
            batch.simple("ROLLBACK")
        })
        .await;
        let replies = replies.map_err(CheckError::Db)?;
        let mut seen = HashMap::new();
        for row in replies.rows {
            let code: i32 = row.try_get(0).map_err(CheckError::Db)?;
            let position: i64 = row.try_get(1).map_err(CheckError::Db)?;
            let records: Vec<Option<String>> = row.try_get(2).map_err(CheckError::Db)?;
            let conditions: Vec<Option<bool>> = row.try_get(3).map_err(CheckError::Db)?;
            let (Ok(code), Ok(position)) = (usize::try_from(code), usize::try_from(position)) else { continue };
            let (group, list) = (code / 2, if code % 2 == 1 { &ords.deletes } else { &ords.rows });
            let Some(&ord) = list.get(position) else { continue };
            seen.insert(
                (group, ord),
                Seen {
                    records: records.into_iter().map(Option::unwrap_or_default).collect(),
                    conditions: conditions.into_iter().map(|c| c.unwrap_or(false)).collect(),
                },
            );
        }
        Ok(seen)
    }

    /// Queues each change for the targets it passes; one frame per channel and column set.
    fn send(
        &self,
        relation: &Relation,
        changes: &[Change],
        groups: &[Group<'_>],
        seen: &HashMap<(usize, usize), Seen>,
    ) -> usize {
        let mut frames = 0;
        for (ord, change) in changes.iter().enumerate() {
            for (index, group) in groups.iter().enumerate() {
                let Some(result) = seen.get(&(index, ord)) else { continue };
                // Per channel and variant: the ids of the bindings the change is for.
                let mut wanted: Vec<(&ChangeListener, usize, Vec<u32>)> = Vec::new();
                for target in &group.targets {
                    if !target.binding.events.wants(change.kind)
                        || !target.conditions.iter().all(|&c| result.conditions.get(c).copied().unwrap_or(false))
                    {
                        continue;
                    }
                    match wanted
                        .iter_mut()
                        .find(|(l, v, _)| l.channel == target.listener.channel && *v == target.variant)
                    {
                        Some((_, _, ids)) => {
                            if !ids.contains(&target.binding.id) {
                                ids.push(target.binding.id);
                            }
                        }
                        None => wanted.push((target.listener, target.variant, vec![target.binding.id])),
                    }
                }
                let mut data: HashMap<usize, String> = HashMap::new();
                for (listener, variant, ids) in wanted {
                    let body =
                        data.entry(variant).or_insert_with(|| self.payload(relation, change, group, variant, result));
                    let ids = ids.iter().map(u32::to_string).collect::<Vec<_>>().join(",");
                    let payload = format!(r#"{{"ids":[{ids}],"data":{body}}}"#);
                    let frame =
                        protocol::push_raw(listener.outbox.vsn(), None, &listener.topic, "postgres_changes", &payload);
                    if listener.outbox.send(frame) {
                        frames += 1;
                    }
                }
            }
        }
        frames
    }

    /// The `data` of a change as Realtime writes it.
    fn payload(&self, relation: &Relation, change: &Change, group: &Group<'_>, variant: usize, seen: &Seen) -> String {
        let chosen = group.variants[variant];
        let columns: Vec<Value> = relation
            .columns
            .iter()
            .zip(&group.view.readable)
            .filter(|(column, readable)| **readable && wanted(chosen, &column.name, column.key))
            .map(|(column, _)| serde_json::json!({"name": column.name, "type": column.type_name}))
            .collect();
        let mut errors = Value::Null;
        let record = seen.records.get(variant).cloned().unwrap_or_else(|| "{}".into());
        let record = if record.len() > self.max_record_bytes {
            errors = serde_json::json!(["Error 413: Payload Too Large"]);
            shorten(&record)
        } else {
            record
        };
        let mut out = String::with_capacity(record.len() + 256);
        let _ = write!(
            out,
            r#"{{"schema":{},"table":{},"commit_timestamp":{},"type":"{}","columns":{}"#,
            Value::String(relation.schema.clone()),
            Value::String(relation.name.clone()),
            Value::String(change.at.clone()),
            change.kind.name(),
            Value::Array(columns),
        );
        match change.kind {
            Kind::Insert => {
                let _ = write!(out, r#","record":{record}"#);
            }
            Kind::Update => {
                let old = change.old_pk.as_ref().map_or_else(|| "null".to_owned(), Value::to_string);
                let _ = write!(out, r#","record":{record},"old_record":{old}"#);
            }
            Kind::Delete => {
                let _ = write!(out, r#","old_record":{record}"#);
            }
        }
        let _ = write!(out, r#","errors":{errors}}}"#);
        out
    }
}

/// Whether a column belongs to a variant.
fn wanted(chosen: Option<&[String]>, name: &str, key: bool) -> bool {
    key || chosen.is_none_or(|columns| columns.iter().any(|c| c == name))
}

/// A record too large to send: its values of at most 64 bytes (as Realtime does).
fn shorten(record: &str) -> String {
    match serde_json::from_str::<serde_json::Map<String, Value>>(record) {
        Ok(map) => Value::Object(map.into_iter().filter(|(_, v)| v.to_string().len() <= 64).collect()).to_string(),
        Err(_) => "{}".into(),
    }
}

/// The columns of a variant as a select list on the row alias.
fn select_list(
    relation: &Relation,
    view: &RoleView,
    chosen: Option<&[String]>,
    alias: &str,
    keys_only: bool,
) -> String {
    let list: Vec<String> = relation
        .columns
        .iter()
        .zip(&view.readable)
        .filter(|(column, readable)| {
            **readable && (if keys_only { column.key } else { wanted(chosen, &column.name, column.key) })
        })
        .map(|(column, _)| format!("{alias}.{}", quote_ident(&column.name)))
        .collect();
    list.join(", ")
}

/// The conditions as a boolean array on the row alias; their values become parameters from
/// `$first` on.
fn conditions_sql(
    relation: &Relation,
    group: &Group<'_>,
    alias: &str,
    first: usize,
    params: &mut Vec<Box<dyn ToSql + Sync + Send>>,
    types: &mut Vec<Type>,
) -> String {
    let mut parts = Vec::new();
    for condition in &group.conditions {
        let Some(column) = relation.column(&condition.column) else {
            parts.push("false".to_owned());
            continue;
        };
        let param = first + params.len();
        match filter::sql(condition, column, alias, param) {
            Some(expr) => {
                if filter::takes_value(condition) {
                    params.push(Box::new(condition.value.clone()));
                    types.push(Type::TEXT);
                }
                parts.push(expr);
            }
            None => parts.push("false".to_owned()),
        }
    }
    format!("array[{}]::bool[]", parts.join(", "))
}

/// Inserted and updated rows, selected again by key: `(group, ord, records, conditions)` for
/// each row the group can read.
fn rows_statement(relation: &Relation, group: &Group<'_>, index: usize, rows: &[(usize, &Change)]) -> Statement {
    let alias = quote_ident(&relation.name);
    let table = relation.qualified();
    let keys: Vec<String> = relation
        .keys()
        .map(|column| {
            let name = quote_ident(&column.name);
            format!("{alias}.{name} = (jsonb_populate_record(null::{table}, _rt_k._rt_key)).{name}")
        })
        .collect();
    let records: Vec<String> = group
        .variants
        .iter()
        .map(|chosen| {
            format!(
                "(select to_jsonb(x)::text from (select {}) as x)",
                select_list(relation, &group.view, *chosen, &alias, false)
            )
        })
        .collect();
    let mut params: Vec<Box<dyn ToSql + Sync + Send>> = Vec::new();
    let mut types = vec![Type::JSONB_ARRAY, Type::INT4];
    let conditions = conditions_sql(relation, group, &alias, 3, &mut params, &mut types);
    let sql = format!(
        "select $2::int4, _rt_k._rt_ord - 1, _rt_v._rt_records, _rt_v._rt_conditions \
         from unnest($1::jsonb[]) with ordinality as _rt_k(_rt_key, _rt_ord) \
         join lateral (select array[{records}]::text[] as _rt_records, {conditions} as _rt_conditions \
                       from {table} as {alias} where {keys}) as _rt_v on true",
        records = records.join(", "),
        keys = keys.join(" and "),
    );
    let keys: Vec<Value> = rows.iter().map(|(_, change)| change.pk.clone()).collect();
    let mut all: Vec<Box<dyn ToSql + Sync + Send>> = vec![Box::new(keys), Box::new(group_code(index, false))];
    all.extend(params);
    Statement { sql, types, params: all }
}

/// Deleted rows, checked against the policies on their image: `(group, ord, [key], conditions)`
/// for each row the group could have read.
fn deletes_statement(relation: &Relation, group: &Group<'_>, index: usize, rows: &[(usize, &Change)]) -> Statement {
    let alias = quote_ident(&relation.name);
    let table = relation.qualified();
    let key = format!(
        "(select to_jsonb(x)::text from (select {}) as x)",
        select_list(relation, &group.view, None, &alias, true)
    );
    let records = vec![key; group.variants.len().max(1)].join(", ");
    let mut params: Vec<Box<dyn ToSql + Sync + Send>> = Vec::new();
    let mut types = vec![Type::JSONB_ARRAY, Type::INT4];
    let conditions = conditions_sql(relation, group, &alias, 3, &mut params, &mut types);
    let visible = group.view.visibility_sql(relation);
    let sql = format!(
        "select $2::int4, _rt_k._rt_ord - 1, array[{records}]::text[], {conditions} \
         from unnest($1::jsonb[]) with ordinality as _rt_k(_rt_image, _rt_ord) \
         cross join lateral jsonb_populate_record(null::{table}, _rt_k._rt_image) as {alias} \
         where {visible}"
    );
    let images: Vec<Value> = rows.iter().map(|(_, change)| change.old_row.clone().unwrap_or(Value::Null)).collect();
    let mut all: Vec<Box<dyn ToSql + Sync + Send>> = vec![Box::new(images), Box::new(group_code(index, true))];
    all.extend(params);
    Statement { sql, types, params: all }
}

/// A statement's rows name their group and whether they are deletes in one number.
fn group_code(index: usize, deletes: bool) -> i32 {
    i32::try_from(index * 2 + usize::from(deletes)).unwrap_or(i32::MAX)
}
