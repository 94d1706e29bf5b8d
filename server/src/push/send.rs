//! One push request, on a connection of our own: the endpoint's host is resolved once, every
//! address it resolves to is checked ([`super::address`]), the connection goes to a checked
//! address (so a second lookup cannot answer differently), TLS is verified against the host
//! name, one HTTP/1.1 POST is sent, redirects are not followed, and the whole exchange has a
//! deadline. The answer is classified into an [`Outcome`].

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, SystemTime};

use bytes::Bytes;
use http::{Request, header};
use http_body_util::{BodyExt, Full, Limited};
use hyper_util::rt::TokioIo;
use rustls::pki_types::ServerName;
use tokio::net::TcpStream;

use super::address;
use super::endpoint::Endpoint;
use super::message::Encrypted;
use super::retry::parse_retry_after;

/// What became of one attempt.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Outcome {
    /// The push service accepted the message (2xx).
    Delivered { status: u16 },
    /// The push service no longer knows the subscription (404, 410): it is deleted.
    Gone { status: u16 },
    /// Worth another attempt (429, 5xx, network failure, no answer in time).
    Retry { status: Option<u16>, retry_after: Option<Duration>, error: String },
    /// Never worth another attempt (any other answer, a refused address).
    Failed { status: Option<u16>, error: String },
}

/// How a request may be sent.
pub struct Connector {
    pub tls: Arc<rustls::ClientConfig>,
    /// Tests only: loopback addresses may be reached.
    pub allow_loopback: bool,
    pub timeout: Duration,
    /// The `User-Agent` of every request.
    pub user_agent: String,
}

enum SendError {
    /// The endpoint may not be reached: never retried.
    Refused(String),
    /// The network failed: retried.
    Network(String),
}

struct Reply {
    status: u16,
    retry_after: Option<Duration>,
    body: String,
}

/// Sends `message` to `endpoint`.
pub async fn send(connector: &Connector, endpoint: &Endpoint, message: &Encrypted) -> Outcome {
    match tokio::time::timeout(connector.timeout, exchange(connector, endpoint, message)).await {
        Err(_) => Outcome::Retry {
            status: None,
            retry_after: None,
            error: format!("no answer within {} s", connector.timeout.as_secs_f32()),
        },
        Ok(Err(SendError::Refused(error))) => Outcome::Failed { status: None, error },
        Ok(Err(SendError::Network(error))) => Outcome::Retry { status: None, retry_after: None, error },
        Ok(Ok(reply)) => classify(&reply),
    }
}

fn classify(reply: &Reply) -> Outcome {
    let status = reply.status;
    let said = if reply.body.is_empty() { String::new() } else { format!(": {}", reply.body) };
    match status {
        200..=299 => Outcome::Delivered { status },
        404 | 410 => Outcome::Gone { status },
        429 | 500..=599 => Outcome::Retry {
            status: Some(status),
            retry_after: reply.retry_after,
            error: format!("the push service answered {status}{said}"),
        },
        300..=399 => Outcome::Failed {
            status: Some(status),
            error: format!("the push service answered with a redirect ({status}), which is not followed"),
        },
        _ => Outcome::Failed {
            status: Some(status),
            error: format!("the push service refused the message ({status}){said}"),
        },
    }
}

async fn exchange(connector: &Connector, endpoint: &Endpoint, message: &Encrypted) -> Result<Reply, SendError> {
    let addresses = resolve(endpoint, connector.allow_loopback).await?;
    let stream = connect(&addresses).await?;
    let request = request(endpoint, message, &connector.user_agent)?;
    if endpoint.tls {
        let name = ServerName::try_from(endpoint.host.clone())
            .map_err(|e| SendError::Refused(format!("{} is not a TLS server name: {e}", endpoint.host)))?;
        let tls = tokio_rustls::TlsConnector::from(Arc::clone(&connector.tls))
            .connect(name, stream)
            .await
            .map_err(|e| SendError::Network(format!("TLS with {} failed: {e}", endpoint.host)))?;
        http1(TokioIo::new(tls), request).await
    } else {
        http1(TokioIo::new(stream), request).await
    }
}

/// Every address of the endpoint's host, all of them public (a host with one private address
/// among public ones is refused as a whole).
async fn resolve(endpoint: &Endpoint, allow_loopback: bool) -> Result<Vec<SocketAddr>, SendError> {
    let addresses: Vec<SocketAddr> = match endpoint.ip {
        Some(ip) => vec![SocketAddr::new(ip, endpoint.port)],
        None => tokio::net::lookup_host((endpoint.host.as_str(), endpoint.port))
            .await
            .map_err(|e| SendError::Network(format!("cannot resolve {}: {e}", endpoint.host)))?
            .collect(),
    };
    if addresses.is_empty() {
        return Err(SendError::Network(format!("{} resolves to no address", endpoint.host)));
    }
    for address in &addresses {
        if let Some(reason) = address::forbidden(address.ip(), allow_loopback) {
            return Err(SendError::Refused(format!(
                "{} resolves to {}, {reason}: not sent",
                endpoint.host,
                address.ip()
            )));
        }
    }
    Ok(addresses)
}

async fn connect(addresses: &[SocketAddr]) -> Result<TcpStream, SendError> {
    let mut last = String::new();
    for address in addresses {
        match TcpStream::connect(address).await {
            Ok(stream) => {
                let _ = stream.set_nodelay(true);
                return Ok(stream);
            }
            Err(error) => last = format!("cannot connect to {address}: {error}"),
        }
    }
    Err(SendError::Network(last))
}

fn request(endpoint: &Endpoint, message: &Encrypted, user_agent: &str) -> Result<Request<Full<Bytes>>, SendError> {
    let mut builder = Request::post(endpoint.path_and_query())
        .header(header::HOST, endpoint.authority())
        .header(header::CONTENT_TYPE, "application/octet-stream")
        .header(header::CONTENT_LENGTH, message.body.len())
        .header(header::USER_AGENT, user_agent);
    for (name, value) in &message.headers {
        builder = builder.header(*name, value.as_str());
    }
    builder
        .body(Full::new(Bytes::from(message.body.clone())))
        .map_err(|e| SendError::Refused(format!("cannot build the request: {e}")))
}

async fn http1<I>(io: I, request: Request<Full<Bytes>>) -> Result<Reply, SendError>
where
    I: hyper::rt::Read + hyper::rt::Write + Unpin + Send + 'static,
{
    let network = |e: hyper::Error| SendError::Network(format!("HTTP exchange failed: {e}"));
    let (mut sender, connection) = hyper::client::conn::http1::handshake(io).await.map_err(network)?;
    let driver = tokio::spawn(async move {
        let _ = connection.await;
    });
    let response = sender.send_request(request).await.map_err(network);
    let reply = match response {
        Ok(response) => {
            let status = response.status().as_u16();
            let retry_after = response
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| parse_retry_after(v, SystemTime::now()));
            let body =
                Limited::new(response.into_body(), 4096).collect().await.map(|c| c.to_bytes()).unwrap_or_default();
            let body: String = String::from_utf8_lossy(&body).chars().filter(|c| !c.is_control()).take(300).collect();
            Ok(Reply { status, retry_after, body })
        }
        Err(error) => Err(error),
    };
    driver.abort();
    reply
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reply(status: u16, retry_after: Option<u64>) -> Reply {
        Reply { status, retry_after: retry_after.map(Duration::from_secs), body: String::new() }
    }

    #[test]
    fn answers_are_classified() {
        assert_eq!(classify(&reply(201, None)), Outcome::Delivered { status: 201 });
        assert_eq!(classify(&reply(410, None)), Outcome::Gone { status: 410 });
        assert_eq!(classify(&reply(404, None)), Outcome::Gone { status: 404 });
        assert!(matches!(
            classify(&reply(429, Some(30))),
            Outcome::Retry { status: Some(429), retry_after: Some(d), .. } if d == Duration::from_secs(30)
        ));
        assert!(matches!(classify(&reply(503, None)), Outcome::Retry { status: Some(503), .. }));
        assert!(matches!(classify(&reply(301, None)), Outcome::Failed { status: Some(301), .. }));
        assert!(matches!(classify(&reply(400, None)), Outcome::Failed { status: Some(400), .. }));
        assert!(matches!(classify(&reply(413, None)), Outcome::Failed { status: Some(413), .. }));
    }
}
