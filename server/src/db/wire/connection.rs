//! One connection and its batches: messages written together in one system call and answered
//! together, with as few `Sync`s as the transaction allows. PostgreSQL flushes its socket at
//! every `ReadyForQuery`, so a request whose BEGIN, settings, statement and COMMIT end in one
//! `Sync` costs one send and one wake-up on each side instead of four.
//!
//! Nothing runs in the background: the connection is driven by whoever holds it, and a batch
//! dropped half-way leaves the connection unusable (its holder then discards it).

use std::collections::HashMap;
use std::sync::Arc;
use std::task::{Context, Poll};

use bytes::BytesMut;
use fallible_iterator::FallibleIterator;
use postgres_protocol::message::backend::Message;
use postgres_protocol::message::frontend;
use tokio::io::{AsyncWriteExt, ReadBuf};
use tokio_postgres::types::{Kind, ToSql, Type};

use super::connect::{Stream, next_message};
use super::error::{DbError, Error};
use super::row::{Column, Row};

/// At most this many prepared statements per connection; when one more is prepared, the others
/// are closed (with the next batch).
const STATEMENT_CACHE: usize = 256;

/// `ReadyForQuery`'s transaction status: idle, in a transaction, in a failed transaction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Idle,
    InTransaction,
    Failed,
}

/// A statement prepared on this connection.
pub struct Prepared {
    name: String,
    params: Vec<Type>,
    columns: Arc<[Column]>,
}

pub struct Connection {
    stream: Stream,
    read: BytesMut,
    write: BytesMut,
    process_id: i32,
    secret_key: i32,
    statements: HashMap<String, Arc<Prepared>>,
    /// Statements dropped from the cache, closed on the server by the next batch.
    closing: Vec<String>,
    next_statement: u64,
    status: Status,
    /// A batch went out and its answers were not all read (an I/O or protocol failure, or a
    /// future dropped half-way): the connection's state is unknown and it is never used again.
    broken: bool,
}

impl Connection {
    pub(super) fn new(stream: Stream, read: BytesMut, process_id: i32, secret_key: i32) -> Self {
        Self {
            stream,
            read,
            write: BytesMut::with_capacity(4 * 1024),
            process_id,
            secret_key,
            statements: HashMap::new(),
            closing: Vec::new(),
            next_statement: 0,
            status: Status::Idle,
            broken: false,
        }
    }

    /// The backend's cancel key: process id and secret.
    pub fn cancel_key(&self) -> (i32, i32) {
        (self.process_id, self.secret_key)
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// Whether a batch's answers were left unread: such a connection must be closed.
    pub fn is_broken(&self) -> bool {
        self.broken
    }

    pub fn is_prepared(&self, sql: &str) -> bool {
        self.statements.contains_key(sql)
    }

    /// Whether an idle connection can be used: not closed by the server meanwhile (a restart,
    /// an idle timeout), with nothing but notices waiting. Does not wait.
    pub fn is_usable(&mut self) -> bool {
        if self.broken {
            return false;
        }
        let mut cx = Context::from_waker(std::task::Waker::noop());
        let mut chunk = [0u8; 1024];
        loop {
            let mut buf = ReadBuf::new(&mut chunk);
            match self.stream.as_mut().poll_read(&mut cx, &mut buf) {
                Poll::Pending => break,
                Poll::Ready(Ok(())) if buf.filled().is_empty() => return false,
                Poll::Ready(Ok(())) => self.read.extend_from_slice(buf.filled()),
                Poll::Ready(Err(_)) => return false,
            }
        }
        loop {
            match Message::parse(&mut self.read) {
                Ok(None) => return self.read.is_empty() && self.status == Status::Idle,
                Ok(Some(
                    Message::NoticeResponse(_) | Message::ParameterStatus(_) | Message::NotificationResponse(_),
                )) => {}
                Ok(Some(_)) | Err(_) => return false,
            }
        }
    }

    /// A new batch; it first closes the statements dropped from the cache.
    pub fn batch(&mut self) -> Batch<'_> {
        let start = self.write.len();
        let mut expect = Vec::new();
        // Cleared once the batch is sent: a batch never sent closes nothing.
        for name in &self.closing {
            // Only fails on a name with a NUL byte; ours are `s<number>`.
            if frontend::close(b'S', name, &mut self.write).is_ok() {
                expect.push(Expect::Close);
            }
        }
        if !expect.is_empty() {
            // A segment of its own: whatever follows (a simple query too) is not skipped.
            frontend::sync(&mut self.write);
            expect.push(Expect::Sync);
        }
        Batch { connection: self, start, expect, sent: false }
    }

    /// Remembers a statement prepared on the server; a full cache is emptied first (its
    /// statements are closed by the next batch), never dropping the one just prepared.
    fn remember(&mut self, sql: &str, statement: Arc<Prepared>) {
        if self.statements.len() >= STATEMENT_CACHE {
            self.closing.extend(self.statements.drain().map(|(_, old)| old.name.clone()));
        }
        if let Some(replaced) = self.statements.insert(sql.to_owned(), statement) {
            // The same text prepared twice in one batch: the older name is closed too.
            self.closing.push(replaced.name.clone());
        }
    }

    async fn write_all(&mut self) -> Result<(), Error> {
        self.stream.write_all(&self.write).await?;
        self.stream.flush().await?;
        self.write.clear();
        Ok(())
    }
}

/// What the answer to each message of a batch must be.
enum Expect {
    Close,
    Parse,
    /// The statement's parameter and column types: the statement is then cached under `sql`.
    Describe {
        sql: String,
        name: String,
    },
    /// Rows (kept or not), then the command tag. `columns` is `None` for a statement described
    /// earlier in the same batch.
    Execute {
        keep: bool,
        columns: Option<Arc<[Column]>>,
    },
    Sync,
    /// A simple query: whatever it answers, up to its `ReadyForQuery`.
    Simple,
}

/// The kept statement's rows and the number of rows it affected.
#[derive(Debug, Default)]
pub struct Replies {
    pub rows: Vec<Row>,
    pub affected: u64,
}

/// Messages for one write; [`Batch::send`] writes them and reads every answer.
pub struct Batch<'c> {
    connection: &'c mut Connection,
    start: usize,
    expect: Vec<Expect>,
    sent: bool,
}

impl Drop for Batch<'_> {
    fn drop(&mut self) {
        if !self.sent {
            // Never sent (a parameter that would not encode): as if never begun.
            self.connection.write.truncate(self.start);
        }
    }
}

impl Batch<'_> {
    /// A simple query (one or more statements, no parameters); its answers are not kept.
    pub fn simple(&mut self, sql: &str) -> Result<(), Error> {
        frontend::query(sql, &mut self.connection.write).map_err(Error::invalid)?;
        self.expect.push(Expect::Simple);
        Ok(())
    }

    /// Prepares `sql` (parameter types as far as given) without running it.
    pub fn prepare(&mut self, sql: &str, types: &[Type]) -> Result<(), Error> {
        let name = self.parse(sql, types)?;
        frontend::describe(b'S', &name, &mut self.connection.write).map_err(Error::invalid)?;
        self.expect.push(Expect::Describe { sql: sql.to_owned(), name });
        Ok(())
    }

    /// Runs `sql` with `params`, keeping its rows when `keep`. A statement not prepared yet is
    /// prepared in the same batch when `types` gives every parameter's type; otherwise it must
    /// have been prepared by an earlier batch.
    pub fn run(&mut self, sql: &str, types: &[Type], params: &[&(dyn ToSql + Sync)], keep: bool) -> Result<(), Error> {
        let (name, types, columns) = match self.connection.statements.get(sql) {
            Some(statement) => (statement.name.clone(), statement.params.clone(), Some(Arc::clone(&statement.columns))),
            None if types.len() == params.len() => {
                self.prepare(sql, types)?;
                let Some(Expect::Describe { name, .. }) = self.expect.last() else {
                    unreachable!("prepare pushes Describe")
                };
                (name.clone(), types.to_vec(), None)
            }
            None => return Err(Error::Invalid("a statement with untyped parameters must be prepared first".into())),
        };
        if types.len() != params.len() {
            return Err(Error::Encode(
                format!("the statement takes {} parameters, {} given", types.len(), params.len()).into(),
            ));
        }
        let formats: Vec<i16> = params.iter().zip(&types).map(|(param, ty)| param.encode_format(ty) as i16).collect();
        let bound = frontend::bind(
            "",
            &name,
            formats,
            params.iter().zip(&types),
            |(param, ty), buf| match param.to_sql_checked(ty, buf)? {
                tokio_postgres::types::IsNull::Yes => Ok(postgres_protocol::IsNull::Yes),
                tokio_postgres::types::IsNull::No => Ok(postgres_protocol::IsNull::No),
            },
            [1],
            &mut self.connection.write,
        );
        match bound {
            Ok(()) => {}
            Err(frontend::BindError::Conversion(cause)) => return Err(Error::Encode(cause)),
            Err(frontend::BindError::Serialization(error)) => return Err(Error::invalid(error)),
        }
        frontend::execute("", 0, &mut self.connection.write).map_err(Error::invalid)?;
        self.expect.push(Expect::Execute { keep, columns });
        Ok(())
    }

    /// Ends a segment: PostgreSQL answers (and flushes) with `ReadyForQuery`, and after an
    /// error skips to here.
    pub fn sync(&mut self) {
        frontend::sync(&mut self.connection.write);
        self.expect.push(Expect::Sync);
    }

    fn parse(&mut self, sql: &str, types: &[Type]) -> Result<String, Error> {
        let name = format!("s{}", self.connection.next_statement);
        self.connection.next_statement += 1;
        frontend::parse(&name, sql, types.iter().map(Type::oid), &mut self.connection.write).map_err(Error::invalid)?;
        self.expect.push(Expect::Parse);
        Ok(name)
    }

    /// Writes the batch and reads every answer. PostgreSQL's refusal comes back as
    /// [`Error::Db`] once the batch has been answered in full (the connection's
    /// [`Connection::status`] then says where the transaction stands); any other error leaves
    /// the connection unusable.
    pub async fn send(mut self) -> Result<Replies, Error> {
        if self.connection.broken {
            return Err(Error::protocol("the connection was left in an unknown state"));
        }
        if matches!(
            self.expect.last(),
            Some(Expect::Close | Expect::Parse | Expect::Describe { .. } | Expect::Execute { .. })
        ) {
            // Extended messages end with a Sync, or an error would leave the server skipping
            // until one that never comes.
            self.sync();
        }
        self.sent = true;
        self.connection.closing.clear();
        // Until every answer is read; a failure or a dropped future leaves it set.
        self.connection.broken = true;
        self.connection.write_all().await?;
        let expect = std::mem::take(&mut self.expect);
        read_replies(self.connection, expect).await
    }
}

async fn read_replies(connection: &mut Connection, expect: Vec<Expect>) -> Result<Replies, Error> {
    let mut replies = Replies::default();
    let mut failure: Option<Error> = None;
    let mut described: Option<Arc<Prepared>> = None;
    let mut params: Option<Vec<Type>> = None;
    let mut bound = false;
    let mut index = 0;
    while index < expect.len() {
        let message = match next_message(&mut connection.stream, &mut connection.read).await {
            Ok(message) => message,
            // A FATAL error (a shutdown, a terminated backend) and then the end of the socket:
            // PostgreSQL's reason is the better error. The connection stays broken.
            Err(error) => return Err(failure.unwrap_or(error)),
        };
        let step = &expect[index];
        match (step, message) {
            (_, Message::NoticeResponse(_) | Message::ParameterStatus(_) | Message::NotificationResponse(_)) => {}
            (_, Message::ErrorResponse(body)) => {
                let error = DbError::parse(body.fields())?;
                failure.get_or_insert(Error::Db(Box::new(error)));
                // PostgreSQL skips to the segment's end: the Sync, or this simple query's end.
                if !matches!(step, Expect::Simple) {
                    while !matches!(expect.get(index), Some(Expect::Sync) | None) {
                        index += 1;
                    }
                }
            }
            (Expect::Close, Message::CloseComplete) | (Expect::Parse, Message::ParseComplete) => index += 1,
            (Expect::Describe { .. }, Message::ParameterDescription(body)) => {
                params = Some(body.parameters().map(|oid| Ok(type_of(oid))).collect()?);
            }
            (Expect::Describe { sql, name }, message @ (Message::RowDescription(_) | Message::NoData)) => {
                let columns: Vec<Column> = match message {
                    Message::RowDescription(body) => body
                        .fields()
                        .map(|field| Ok(Column::new(field.name().to_owned(), type_of(field.type_oid()))))
                        .collect()?,
                    _ => Vec::new(),
                };
                let statement = Arc::new(Prepared {
                    name: name.clone(),
                    params: params.take().unwrap_or_default(),
                    columns: columns.into(),
                });
                connection.remember(sql, Arc::clone(&statement));
                described = Some(statement);
                index += 1;
            }
            (Expect::Execute { .. }, Message::BindComplete) if !bound => bound = true,
            (Expect::Execute { keep, columns }, Message::DataRow(body)) if bound => {
                if *keep {
                    let columns = match (columns, &described) {
                        (Some(columns), _) => Arc::clone(columns),
                        (None, Some(statement)) => Arc::clone(&statement.columns),
                        (None, None) => return Err(Error::protocol("rows of a statement never described")),
                    };
                    replies.rows.push(Row::new(columns, body)?);
                }
            }
            (Expect::Execute { keep, .. }, Message::CommandComplete(body)) if bound => {
                if *keep {
                    let tag = body.tag()?;
                    replies.affected = tag.rsplit(' ').next().and_then(|n| n.parse().ok()).unwrap_or(0);
                }
                bound = false;
                index += 1;
            }
            (Expect::Execute { .. }, Message::EmptyQueryResponse | Message::PortalSuspended) if bound => {
                bound = false;
                index += 1;
            }
            (Expect::Sync | Expect::Simple, Message::ReadyForQuery(body)) => {
                connection.status = match body.status() {
                    b'I' => Status::Idle,
                    b'T' => Status::InTransaction,
                    _ => Status::Failed,
                };
                bound = false;
                index += 1;
            }
            (
                Expect::Simple,
                Message::RowDescription(_)
                | Message::DataRow(_)
                | Message::CommandComplete(_)
                | Message::EmptyQueryResponse,
            ) => {}
            (_, other) => return Err(Error::protocol(format!("an unexpected message ({})", tag_of(&other)))),
        }
    }
    // Every answer read: the connection is in a known state again.
    connection.broken = false;
    match failure {
        Some(error) => Err(error),
        None => Ok(replies),
    }
}

/// The type of an OID: PostgreSQL's built-in types by name; any other (an enum, a domain, a
/// composite) is known by its number only, and decodes as nothing but raw bytes would.
fn type_of(oid: u32) -> Type {
    Type::from_oid(oid).unwrap_or_else(|| Type::new(format!("oid {oid}"), oid, Kind::Simple, String::new()))
}

fn tag_of(message: &Message) -> &'static str {
    match message {
        Message::CopyInResponse(_) | Message::CopyOutResponse(_) | Message::CopyData(_) | Message::CopyDone => "COPY",
        Message::ReadyForQuery(_) => "ReadyForQuery",
        Message::DataRow(_) => "DataRow",
        Message::CommandComplete(_) => "CommandComplete",
        Message::RowDescription(_) => "RowDescription",
        _ => "other",
    }
}
