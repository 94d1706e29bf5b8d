//! Opening a connection: the socket (a Unix socket directory or a TCP host), TLS when the
//! configuration asks for it, the startup message and the login (trust, password, MD5 or
//! SCRAM-SHA-256), up to the first `ReadyForQuery`. Also the cancel request, which goes on a
//! connection of its own.

use std::path::PathBuf;
use std::pin::Pin;

use bytes::BytesMut;
use postgres_protocol::authentication::md5_hash;
use postgres_protocol::authentication::sasl::{self, ChannelBinding, ScramSha256};
use postgres_protocol::message::backend::Message;
use postgres_protocol::message::frontend;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt};
use tokio_postgres::tls::{MakeTlsConnect, TlsConnect};

use super::connection::Connection;
use super::error::{DbError, Error};

/// Any stream a connection can run on.
pub trait Io: AsyncRead + AsyncWrite + Send + Unpin {}
impl<T: AsyncRead + AsyncWrite + Send + Unpin> Io for T {}

pub type Stream = Pin<Box<dyn Io>>;

/// Where PostgreSQL listens.
#[derive(Clone, Debug)]
pub enum Target {
    /// The directory holding the socket `.s.PGSQL.<port>`.
    Socket(PathBuf),
    Tcp(String),
}

/// TLS for TCP connections: tried and dropped when refused (`Prefer`), or required.
#[derive(Clone)]
pub enum Tls {
    Off,
    Prefer(tokio_postgres_rustls::MakeRustlsConnect),
    Require(tokio_postgres_rustls::MakeRustlsConnect),
    /// Required, but no TLS configuration could be built: no connection is made.
    Unavailable,
}

/// Everything needed to open a connection.
#[derive(Clone)]
pub struct Config {
    pub target: Target,
    pub port: u16,
    pub user: String,
    pub password: Option<String>,
    pub database: Option<String>,
    pub application_name: String,
    pub tls: Tls,
}

impl Config {
    /// A socket, TLS negotiated as configured.
    async fn open(&self) -> Result<Stream, Error> {
        match &self.target {
            Target::Socket(dir) => {
                let path = dir.join(format!(".s.PGSQL.{}", self.port));
                Ok(Box::pin(tokio::net::UnixStream::connect(path).await?))
            }
            Target::Tcp(host) => {
                let socket = tokio::net::TcpStream::connect((host.as_str(), self.port)).await?;
                socket.set_nodelay(true)?;
                // A peer that vanished without closing (a dropped network path) is noticed on
                // an idle connection too, as libpq's and tokio-postgres's defaults do.
                let keepalive = socket2::TcpKeepalive::new().with_time(std::time::Duration::from_secs(2 * 60 * 60));
                socket2::SockRef::from(&socket).set_tcp_keepalive(&keepalive)?;
                let (make, required) = match &self.tls {
                    Tls::Off => return Ok(Box::pin(socket)),
                    Tls::Unavailable => return Err(Error::Tls("TLS is required and could not be set up".into())),
                    Tls::Prefer(make) => (make, false),
                    Tls::Require(make) => (make, true),
                };
                tls_over(socket, make.clone(), host, required).await
            }
        }
    }

    /// Connects and logs in.
    pub async fn connect(&self) -> Result<Connection, Error> {
        let mut stream = self.open().await?;
        let mut buf = BytesMut::with_capacity(1024);
        let mut parameters = vec![
            ("user", self.user.as_str()),
            ("application_name", self.application_name.as_str()),
            ("client_encoding", "UTF8"),
        ];
        if let Some(database) = &self.database {
            parameters.push(("database", database.as_str()));
        }
        frontend::startup_message(parameters, &mut buf)?;
        stream.write_all(&buf).await?;
        stream.flush().await?;
        let mut read = BytesMut::with_capacity(8 * 1024);
        self.log_in(&mut stream, &mut read).await?;
        let (process_id, secret_key) = ready(&mut stream, &mut read).await?;
        Ok(Connection::new(stream, read, process_id, secret_key))
    }

    async fn log_in(&self, stream: &mut Stream, read: &mut BytesMut) -> Result<(), Error> {
        let mut scram: Option<ScramSha256> = None;
        let mut scram_done = false;
        let mut out = BytesMut::new();
        loop {
            out.clear();
            match next_message(stream, read).await? {
                // Once SCRAM has begun, only its final message (the server's proof) ends it.
                Message::AuthenticationOk if scram.as_ref().is_some_and(|_| !scram_done) => {
                    return Err(Error::protocol("the server ended SCRAM without proving it knows the password"));
                }
                Message::AuthenticationOk => return Ok(()),
                Message::AuthenticationCleartextPassword | Message::AuthenticationMd5Password(_) if scram.is_some() => {
                    return Err(Error::protocol("the server asked for another password method during SCRAM"));
                }
                Message::AuthenticationCleartextPassword => {
                    frontend::password_message(self.password()?.as_bytes(), &mut out)?;
                }
                Message::AuthenticationMd5Password(body) => {
                    let hashed = md5_hash(self.user.as_bytes(), self.password()?.as_bytes(), body.salt());
                    frontend::password_message(hashed.as_bytes(), &mut out)?;
                }
                Message::AuthenticationSasl(body) => {
                    let mut offered = false;
                    let mut mechanisms = body.mechanisms();
                    while let Some(mechanism) = fallible_iterator::FallibleIterator::next(&mut mechanisms)? {
                        offered |= mechanism == sasl::SCRAM_SHA_256;
                    }
                    if !offered {
                        return Err(Error::protocol("the server offers no SASL mechanism this client knows"));
                    }
                    let exchange = ScramSha256::new(self.password()?.as_bytes(), ChannelBinding::unsupported());
                    frontend::sasl_initial_response(sasl::SCRAM_SHA_256, exchange.message(), &mut out)?;
                    scram = Some(exchange);
                }
                Message::AuthenticationSaslContinue(body) => {
                    let exchange = scram.as_mut().ok_or_else(|| Error::protocol("SASL continue before it began"))?;
                    exchange.update(body.data())?;
                    frontend::sasl_response(exchange.message(), &mut out)?;
                }
                Message::AuthenticationSaslFinal(body) => {
                    let exchange = scram.as_mut().ok_or_else(|| Error::protocol("SASL final before it began"))?;
                    exchange.finish(body.data())?;
                    scram_done = true;
                    continue;
                }
                Message::ErrorResponse(body) => return Err(Error::Db(Box::new(DbError::parse(body.fields())?))),
                Message::NoticeResponse(_) => continue,
                _ => return Err(Error::protocol("an unexpected message during the login")),
            }
            stream.write_all(&out).await?;
            stream.flush().await?;
        }
    }

    fn password(&self) -> Result<&str, Error> {
        self.password.as_deref().ok_or_else(|| Error::protocol("the server asks for a password and none is configured"))
    }

    /// Asks PostgreSQL to cancel what the backend `process_id` is running.
    pub async fn cancel(&self, process_id: i32, secret_key: i32) -> Result<(), Error> {
        let mut stream = self.open().await?;
        let mut buf = BytesMut::with_capacity(16);
        frontend::cancel_request(process_id, secret_key, &mut buf);
        stream.write_all(&buf).await?;
        stream.flush().await?;
        // The server closes the connection once it has read the request.
        let mut rest = [0u8; 1];
        let _ = stream.read(&mut rest).await;
        Ok(())
    }
}

/// `SSLRequest`, then the handshake when the server agrees.
async fn tls_over(
    mut socket: tokio::net::TcpStream,
    mut make: tokio_postgres_rustls::MakeRustlsConnect,
    host: &str,
    required: bool,
) -> Result<Stream, Error> {
    let mut buf = BytesMut::with_capacity(8);
    frontend::ssl_request(&mut buf);
    socket.write_all(&buf).await?;
    let mut answer = [0u8; 1];
    socket.read_exact(&mut answer).await?;
    match answer[0] {
        b'S' => {
            let connect = MakeTlsConnect::<tokio::net::TcpStream>::make_tls_connect(&mut make, host)
                .map_err(|e| Error::Tls(e.to_string()))?;
            let stream = connect.connect(socket).await.map_err(|e| Error::Tls(e.to_string()))?;
            Ok(Box::pin(stream))
        }
        b'N' if !required => Ok(Box::pin(socket)),
        b'N' => Err(Error::Tls("the server does not accept TLS, which is required".into())),
        _ => Err(Error::protocol("an unexpected answer to the TLS request")),
    }
}

/// After the login: parameters and the cancel key, up to `ReadyForQuery`.
async fn ready(stream: &mut Stream, read: &mut BytesMut) -> Result<(i32, i32), Error> {
    let mut key = (0, 0);
    loop {
        match next_message(stream, read).await? {
            Message::BackendKeyData(body) => key = (body.process_id(), body.secret_key()),
            Message::ParameterStatus(_) | Message::NoticeResponse(_) => {}
            Message::ReadyForQuery(_) => return Ok(key),
            Message::ErrorResponse(body) => return Err(Error::Db(Box::new(DbError::parse(body.fields())?))),
            _ => return Err(Error::protocol("an unexpected message after the login")),
        }
    }
}

/// The next whole message, reading more when the buffer holds only part of one.
pub(super) async fn next_message(stream: &mut Stream, read: &mut BytesMut) -> Result<Message, Error> {
    loop {
        if let Some(message) = Message::parse(read)? {
            return Ok(message);
        }
        if read.capacity() - read.len() < 4096 {
            read.reserve(8 * 1024);
        }
        if stream.read_buf(read).await? == 0 {
            return Err(Error::Io(std::io::ErrorKind::UnexpectedEof.into()));
        }
    }
}
