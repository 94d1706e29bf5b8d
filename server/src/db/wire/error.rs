//! What can go wrong on a connection: PostgreSQL's own answer (an `ErrorResponse`, with its
//! SQLSTATE), or the connection itself (I/O, TLS, a message that breaks the protocol), or a
//! value that does not fit its column or parameter type.

use std::fmt;

use fallible_iterator::FallibleIterator;
use postgres_protocol::message::backend::ErrorFields;

type Cause = Box<dyn std::error::Error + Send + Sync>;

#[derive(Debug)]
pub enum Error {
    /// PostgreSQL refused a statement (or the login).
    Db(Box<DbError>),
    /// The socket failed or closed; the connection is gone.
    Io(std::io::Error),
    /// The TLS handshake failed, or the server refused TLS that is required.
    Tls(String),
    /// The server sent something this client cannot follow; the connection is unusable.
    Protocol(String),
    /// A batch that could not be built (a NUL byte in SQL, a statement used before it was
    /// prepared): nothing was sent, the connection is as it was.
    Invalid(String),
    /// A parameter could not be encoded as its type.
    Encode(Cause),
    /// A column could not be decoded as the type asked for.
    Decode { column: usize, cause: Cause },
}

impl Error {
    /// PostgreSQL's answer, when the failure is one.
    pub fn as_db_error(&self) -> Option<&DbError> {
        match self {
            Self::Db(db) => Some(db),
            _ => None,
        }
    }

    /// The connection can no longer be used (anything but PostgreSQL's or a value's refusal).
    pub fn breaks_connection(&self) -> bool {
        matches!(self, Self::Io(_) | Self::Tls(_) | Self::Protocol(_))
    }

    pub(super) fn protocol(what: impl Into<String>) -> Self {
        Self::Protocol(what.into())
    }

    /// A message that could not be written into a batch (postgres-protocol refuses NUL bytes).
    pub(super) fn invalid(error: std::io::Error) -> Self {
        Self::Invalid(error.to_string())
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Db(db) => write!(f, "{db}"),
            Self::Io(error) => write!(f, "database connection: {error}"),
            Self::Tls(error) => write!(f, "database TLS: {error}"),
            Self::Protocol(error) => write!(f, "database protocol: {error}"),
            Self::Invalid(error) => write!(f, "invalid database request: {error}"),
            Self::Encode(error) => write!(f, "cannot encode a parameter: {error}"),
            Self::Decode { column, cause } => write!(f, "cannot decode column {column}: {cause}"),
        }
    }
}

impl std::error::Error for Error {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Io(error) => Some(error),
            Self::Encode(cause) | Self::Decode { cause, .. } => Some(cause.as_ref()),
            _ => None,
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(error: std::io::Error) -> Self {
        Self::Io(error)
    }
}

/// An `ErrorResponse`: the fields the API answers with, and the rest for the log.
#[derive(Debug, Clone, Default)]
pub struct DbError {
    severity: String,
    code: String,
    message: String,
    detail: Option<String>,
    hint: Option<String>,
    context: Option<String>,
}

impl DbError {
    pub(super) fn parse(mut fields: ErrorFields<'_>) -> Result<Self, Error> {
        let mut error = Self::default();
        let text = |bytes: &[u8]| String::from_utf8_lossy(bytes).into_owned();
        while let Some(field) = fields.next().map_err(|e| Error::protocol(format!("error fields: {e}")))? {
            let value = field.value_bytes();
            match field.type_() {
                b'V' => error.severity = text(value),
                b'S' if error.severity.is_empty() => error.severity = text(value),
                b'C' => error.code = text(value),
                b'M' => error.message = text(value),
                b'D' => error.detail = Some(text(value)),
                b'H' => error.hint = Some(text(value)),
                b'W' => error.context = Some(text(value)),
                _ => {}
            }
        }
        if error.code.is_empty() {
            return Err(Error::protocol("an error response without a SQLSTATE"));
        }
        Ok(error)
    }

    /// The SQLSTATE, e.g. `23505`.
    pub fn code(&self) -> &str {
        &self.code
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    pub fn detail(&self) -> Option<&str> {
        self.detail.as_deref()
    }

    pub fn hint(&self) -> Option<&str> {
        self.hint.as_deref()
    }
}

impl fmt::Display for DbError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}: {}", self.severity, self.code, self.message)?;
        if let Some(detail) = &self.detail {
            write!(f, " (detail: {detail})")?;
        }
        if let Some(context) = &self.context {
            write!(f, " (context: {context})")?;
        }
        Ok(())
    }
}

impl std::error::Error for DbError {}
