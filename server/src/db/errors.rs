//! Turns a database failure into the answer PostgREST gives: the SQLSTATE as `code`, the
//! database's message, detail and hint, and the HTTP status of PostgREST's table. Connection
//! trouble is a 503 with `Retry-After`; nothing internal leaks.

use http::{HeaderValue, StatusCode, header};
use serde_json::Value;

use super::request_connections::CheckoutError;
use crate::auth::caller::ApiRole;
use crate::error::{ApiError, ErrorKind};

/// The HTTP status PostgREST answers for a SQLSTATE, for a caller running as `role`.
pub fn status_for_sqlstate(sqlstate: &str, message: &str, role: ApiRole) -> StatusCode {
    let class = sqlstate.get(..2).unwrap_or("");
    match sqlstate {
        "42501" if role == ApiRole::Anon => StatusCode::UNAUTHORIZED,
        "42501" => StatusCode::FORBIDDEN,
        "23503" | "23505" => StatusCode::CONFLICT,
        "25006" => StatusCode::METHOD_NOT_ALLOWED,
        "42883" | "42P01" => StatusCode::NOT_FOUND,
        "42P17" => StatusCode::INTERNAL_SERVER_ERROR,
        "21000" if message.contains("requires a WHERE clause") => StatusCode::BAD_REQUEST,
        "21000" => StatusCode::INTERNAL_SERVER_ERROR,
        "22023" if message.contains("role") && message.contains("does not exist") => StatusCode::UNAUTHORIZED,
        "53400" => StatusCode::INTERNAL_SERVER_ERROR,
        "57P01" => StatusCode::SERVICE_UNAVAILABLE,
        "P0001" => StatusCode::BAD_REQUEST,
        _ if sqlstate.starts_with("PT") => sqlstate
            .get(2..)
            .and_then(|digits| digits.parse::<u16>().ok())
            .and_then(|code| StatusCode::from_u16(code).ok())
            .unwrap_or(StatusCode::INTERNAL_SERVER_ERROR),
        _ => match class {
            "08" | "53" => StatusCode::SERVICE_UNAVAILABLE,
            "0L" | "0P" | "28" => StatusCode::FORBIDDEN,
            "09" | "25" | "2D" | "38" | "39" | "3B" | "40" | "54" | "55" | "57" | "58" | "F0" | "HV" | "XX" | "P0" => {
                StatusCode::INTERNAL_SERVER_ERROR
            }
            _ => StatusCode::BAD_REQUEST,
        },
    }
}

/// The API error for a failed statement run as `role`.
pub fn from_sqlx(error: sqlx::Error, role: ApiRole) -> ApiError {
    match &error {
        sqlx::Error::Database(db) => {
            let Some(pg) = db.try_downcast_ref::<sqlx::postgres::PgDatabaseError>() else {
                return ApiError::internal(error);
            };
            let (code, message, detail, hint) = (
                pg.code().to_string(),
                pg.message().to_string(),
                pg.detail().map(str::to_owned),
                pg.hint().map(str::to_owned),
            );
            from_database(&code, message, detail, hint, role, error)
        }
        sqlx::Error::PoolTimedOut => ApiError::new(ErrorKind::PoolTimeout).with_cause(error),
        sqlx::Error::Io(_) | sqlx::Error::PoolClosed | sqlx::Error::Tls(_) | sqlx::Error::Protocol(_) => {
            unavailable(error)
        }
        _ => ApiError::internal(error),
    }
}

/// The same for the request connections ([`super::wire`]).
pub fn from_wire(error: super::wire::Error, role: ApiRole) -> ApiError {
    match error.as_db_error() {
        Some(db) => {
            let (code, message, detail, hint) = (
                db.code().to_owned(),
                db.message().to_owned(),
                db.detail().map(str::to_owned),
                db.hint().map(str::to_owned),
            );
            from_database(&code, message, detail, hint, role, error)
        }
        // A value that would not encode or decode: ours, not the connection's.
        None if !error.breaks_connection() => ApiError::internal(error),
        // Not an answer from the server: the connection is gone or unusable.
        None => unavailable(error),
    }
}

/// No request connection could be had.
pub fn from_checkout(error: CheckoutError) -> ApiError {
    match error {
        CheckoutError::Timeout => ApiError::new(ErrorKind::PoolTimeout),
        CheckoutError::Closed => ApiError::new(ErrorKind::NotReady),
        CheckoutError::Connect(error) => unavailable(error),
    }
}

fn unavailable(cause: impl std::error::Error + Send + Sync + 'static) -> ApiError {
    ApiError::new(ErrorKind::DatabaseUnavailable)
        .with_header(header::RETRY_AFTER, HeaderValue::from_static("1"))
        .with_cause(cause)
}

/// PostgreSQL's error as the API answers it.
fn from_database(
    sqlstate: &str,
    message: String,
    detail: Option<String>,
    hint: Option<String>,
    role: ApiRole,
    cause: impl std::error::Error + Send + Sync + 'static,
) -> ApiError {
    let status = status_for_sqlstate(sqlstate, &message, role);
    if sqlstate == "57014" {
        crate::metrics::global().statement_timeout();
    }
    // A statement timeout is the caller's to know about (PostgREST passes it through).
    let passes_through = status == StatusCode::SERVICE_UNAVAILABLE || sqlstate == "57014";
    if status.is_server_error() && !passes_through {
        // Internal failures keep their cause in the log only.
        return ApiError::internal(cause);
    }
    let mut api = ApiError::custom(status, sqlstate.to_owned(), message);
    if let Some(detail) = detail {
        let detail = if role == ApiRole::ServiceRole { detail } else { without_key_values(detail) };
        api = api.with_details(Value::String(detail));
    }
    if let Some(hint) = hint {
        api = api.with_hint(hint);
    } else if sqlstate == "57014" {
        // PostgREST's status (500) and PostgreSQL's message, with what the caller can do.
        api = api.with_hint(
            "The request ran longer than its role's statement_timeout: narrow it with filters or a limit, \
             or split it",
        );
    }
    if status == StatusCode::SERVICE_UNAVAILABLE {
        api = api.with_header(header::RETRY_AFTER, HeaderValue::from_static("1"));
    }
    api
}

/// A key violation's detail without the key's values (`Key (email)=(a@b.org) already
/// exists.` → `Key (email) already exists.`): a caller other than the service role learns
/// which constraint refused the row, never another row's values. Other details pass as they are.
fn without_key_values(detail: String) -> String {
    let Some(rest) = detail.strip_prefix("Key (") else { return detail };
    let Some(equals) = rest.find(")=(") else { return detail };
    let columns = &rest[..equals];
    let endings = [
        (") already exists.", " already exists."),
        (") is not present in table ", " is not present in table "),
        (") is still referenced from table ", " is still referenced from table "),
        (") conflicts with existing key ", " conflicts with an existing key."),
    ];
    for (marker, replacement) in endings {
        if let Some(at) = rest.rfind(marker).filter(|at| *at > equals) {
            let tail = &rest[at + marker.len()..];
            return match marker {
                ") conflicts with existing key " | ") already exists." => format!("Key ({columns}){replacement}"),
                _ => format!("Key ({columns}){replacement}{tail}"),
            };
        }
    }
    format!("Key ({columns}) is refused.")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn key_violations_keep_the_columns_and_drop_the_values() {
        let cases = [
            ("Key (email)=(asha@example.org) already exists.", "Key (email) already exists."),
            ("Key (lower(email::text))=(a (b)) already exists.", "Key (lower(email::text)) already exists."),
            (
                "Key (person_id)=(5) is not present in table \"people\".",
                "Key (person_id) is not present in table \"people\".",
            ),
            (
                "Key (id)=(1) is still referenced from table \"notes\".",
                "Key (id) is still referenced from table \"notes\".",
            ),
            (
                "Key (room, during)=(1, [a,b)) conflicts with existing key (room, during)=(1, [c,d)).",
                "Key (room, during) conflicts with an existing key.",
            ),
            ("Failing row contains (1, x).", "Failing row contains (1, x)."),
        ];
        for (detail, expected) in cases {
            assert_eq!(without_key_values(detail.to_owned()), expected);
        }
    }

    #[test]
    fn sqlstates_map_to_postgrest_statuses() {
        let cases = [
            ("42501", ApiRole::Anon, 401),
            ("42501", ApiRole::Authenticated, 403),
            ("42501", ApiRole::ServiceRole, 403),
            ("23505", ApiRole::Anon, 409),
            ("23503", ApiRole::Anon, 409),
            ("P0001", ApiRole::Anon, 400),
            ("PT402", ApiRole::Anon, 402),
            ("PT418", ApiRole::Anon, 418),
            ("42P01", ApiRole::Anon, 404),
            ("42883", ApiRole::Anon, 404),
            ("25006", ApiRole::Anon, 405),
            ("08006", ApiRole::Anon, 503),
            ("53300", ApiRole::Anon, 503),
            ("53400", ApiRole::Anon, 500),
            ("57P01", ApiRole::Anon, 503),
            ("57014", ApiRole::Anon, 500),
            ("22P02", ApiRole::Anon, 400),
            ("23502", ApiRole::Anon, 400),
            ("23514", ApiRole::Anon, 400),
            ("42703", ApiRole::Anon, 400),
            ("XX000", ApiRole::Anon, 500),
        ];
        for (sqlstate, role, status) in cases {
            assert_eq!(status_for_sqlstate(sqlstate, "", role).as_u16(), status, "{sqlstate} as {role:?}");
        }
    }

    #[test]
    fn a_missing_where_clause_is_a_client_error() {
        assert_eq!(status_for_sqlstate("21000", "DELETE requires a WHERE clause", ApiRole::Anon), 400);
    }

    #[test]
    fn a_statement_timeout_is_a_500_with_the_message_and_a_hint() {
        let error = from_database(
            "57014",
            "canceling statement due to statement timeout".into(),
            None,
            None,
            ApiRole::Anon,
            std::io::Error::other("timeout"),
        );
        assert_eq!(error.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert_eq!(error.code(), "57014");
        assert_eq!(error.message(), "canceling statement due to statement timeout");
        assert!(error.hint().is_some_and(|h| h.contains("statement_timeout")));
    }
}
