//! The HTTP/1.1 server of both listeners: hyper's connection, under the bounds that keep
//! slow or idle clients from holding what everyone else needs (`axum::serve` has none of
//! them):
//! - a request's headers must arrive within the connection timeout, which also ends idle
//!   keep-alives (hyper's header read timeout);
//! - the whole request, headers and body, must arrive within its deadline, and its body
//!   may not pause for longer than the timeout;
//! - an answer the client stops taking is given up once a write has waited the timeout;
//! - connections are bounded in all and per client, and so are requests whose body is
//!   still arriving. An IPv6 client is counted by its /64, the block one host is given;
//! - a request's head may hold at most [`MAX_HEAD_BYTES`] (431 past it), so a
//!   connection holding an unfinished head costs 72 KB, not hyper's default 400 KB;
//! - connections waiting to be accepted queue up to a backlog of 4,096
//!   (`LISTEN_BACKLOG`), not the standard library's 128, so a burst of connects does not
//!   delay a bystander's.
//!
//! Plain HTTP is only ever HTTP/1.1 from browsers, so HTTP/2 is not offered.

use std::{
    collections::HashMap,
    convert::Infallible,
    future::Future,
    io,
    net::{IpAddr, Ipv6Addr},
    pin::Pin,
    sync::{Arc, Mutex},
    task::{Context, Poll},
    time::Duration,
};

use axum::{
    body::{Body, Bytes, HttpBody},
    extract::{ConnectInfo, Request},
    http::{HeaderValue, header},
    response::{IntoResponse, Response},
};
use hyper::{body::Incoming, server::conn::http1};
use hyper_util::{
    rt::{TokioIo, TokioTimer},
    server::graceful::GracefulShutdown,
};
use models::ErrorCode;
use tokio::{
    io::{AsyncRead, AsyncWrite, ReadBuf},
    net::{TcpListener, TcpStream},
    sync::Semaphore,
    time::{Instant, Sleep},
};
use tower::{Service, ServiceExt};
use tower_http::timeout::TimeoutBody;

use crate::error::ApiError;

/// How long connections and requests may take and how many may be open.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// For a request's headers to arrive, for an idle keep-alive to send its next
    /// request, between two pieces of a request body, and for a client to take the next
    /// piece of an answer.
    pub timeout: Duration,
    /// For a whole request, headers and body, to arrive.
    pub request: Duration,
    /// For a whole upload (a multipart body) to arrive: 10 MB at a slow mobile rate.
    pub upload: Duration,
    /// Open connections in all.
    pub max: usize,
    /// Open connections from one client.
    pub per_address: usize,
    /// Requests from one client whose body is still arriving.
    pub arriving_per_address: usize,
    /// Connections the kernel queues before they are accepted (capped by its
    /// `net.core.somaxconn`).
    pub backlog: u32,
}

/// The most a request's line and headers may take (hyper's read buffer): a little more
/// than the longest address hyper takes (64 KB, 414 past it).
pub const MAX_HEAD_BYTES: usize = 72 * 1024;

/// Binds `addr` with `backlog` connections queued before they are accepted.
pub fn listen(addr: std::net::SocketAddr, backlog: u32) -> io::Result<TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    // As the standard library's bind does: a restarted server rebinds at once.
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(backlog)
}

/// File descriptors kept for everything but client connections: the database, the
/// models, uploads, outgoing requests.
const RESERVED_FILES: usize = 512;

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            timeout: Duration::from_secs(20),
            request: Duration::from_secs(30),
            upload: Duration::from_secs(60),
            max: open_file_limit()
                .map_or(4096, |limit| limit.saturating_sub(RESERVED_FILES))
                .max(64),
            // A browser opens six per site; a household or an office behind one address
            // stays far below.
            per_address: 256,
            // Sending bodies at once is rarer still: a browser uploads on its six.
            arriving_per_address: 32,
            backlog: 4096,
        }
    }
}

/// The process's limit of open files, from /proc (Linux); none elsewhere.
fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

/// The address a client is counted by: an IPv4 address as it is, an IPv6 one by its /64
/// (one host may hold a whole /64, so its full addresses are as many as it likes).
pub fn client_key(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V4(_) => ip,
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => IpAddr::V4(v4),
            None => IpAddr::V6(Ipv6Addr::from(v6.to_bits() & !u128::from(u64::MAX))),
        },
    }
}

/// Serves `service` on `listener` until `shutdown`, then lets open requests finish.
pub async fn serve<S>(
    listener: TcpListener,
    service: S,
    limits: ConnectionLimits,
    shutdown: impl Future<Output = ()>,
) -> io::Result<()>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send,
{
    let open = PerClient::new(limits.per_address);
    let arriving = PerClient::new(limits.arriving_per_address);
    let all = Arc::new(Semaphore::new(limits.max));
    let graceful = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.timeout)
        // The head's own bound (431), and a read buffer no bigger, so a connection
        // holding an unfinished head holds at most that much.
        .max_header_size(MAX_HEAD_BYTES)
        .max_buf_size(MAX_HEAD_BYTES);
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors or a connection reset before it was taken:
                    // wait a moment instead of spinning.
                    tracing::warn!(error = %e, "cannot accept a connection");
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let client = client_key(peer.ip());
        let (Ok(permit), Some(place)) = (all.clone().try_acquire_owned(), open.take(client)) else {
            tracing::debug!(%peer, "too many connections; closed");
            continue;
        };
        if let Err(e) = stream.set_nodelay(true) {
            // Small writes (SSE events above all) go out at once otherwise.
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        let stream = ClientStream::new(stream, limits.timeout);
        let request_began = stream.request_began.clone();
        let service = service.clone();
        let arriving = arriving.clone();
        let handler = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            let began = request_began
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .unwrap_or_else(Instant::now);
            let place = if request.body().is_end_stream() {
                Ok(None)
            } else {
                arriving.take(client).map(Some).ok_or(())
            };
            let service = service.clone();
            async move {
                let Ok(place) = place else {
                    return Ok(too_many_arriving());
                };
                let deadline = began + limits.deadline_for(&request);
                let request = request.map(|body| {
                    Body::new(ArrivingBody {
                        body: Box::pin(TimeoutBody::new(limits.timeout, body)),
                        deadline: Box::pin(tokio::time::sleep_until(deadline)),
                        place,
                    })
                });
                service.oneshot(request).await
            }
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), handler));
        tokio::spawn(async move {
            let _held = (permit, place);
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "connection ended");
            }
        });
    }
    graceful.shutdown().await;
    Ok(())
}

impl ConnectionLimits {
    /// How long `request` may take to arrive whole: an upload longer than the rest.
    fn deadline_for<B>(&self, request: &hyper::Request<B>) -> Duration {
        let multipart = request
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| {
                v.trim_start()
                    .to_ascii_lowercase()
                    .starts_with("multipart/")
            });
        if multipart { self.upload } else { self.request }
    }
}

/// The answer to a request over the client's bound of bodies arriving at once. The body
/// is not read, so the connection closes after it.
fn too_many_arriving() -> Response {
    let mut error = ApiError::new(
        ErrorCode::RateLimited,
        "Too many requests from this address are still being sent; try again in a moment",
    );
    error.retry_after = Some(1);
    let mut response = error.into_response();
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// Counts of something each client holds, bounded per client.
#[derive(Clone)]
struct PerClient {
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
    bound: usize,
}

/// One place of a client; dropping it frees it.
struct Place {
    held: Arc<Mutex<HashMap<IpAddr, usize>>>,
    client: IpAddr,
}

impl PerClient {
    fn new(bound: usize) -> Self {
        PerClient {
            held: Arc::default(),
            bound,
        }
    }

    /// A place for `client`; none when it holds its bound already.
    fn take(&self, client: IpAddr) -> Option<Place> {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        let count = held.entry(client).or_insert(0);
        if *count >= self.bound {
            return None;
        }
        *count += 1;
        Some(Place {
            held: self.held.clone(),
            client,
        })
    }
}

impl Drop for Place {
    fn drop(&mut self) {
        let mut held = self.held.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = held.get_mut(&self.client) {
            *count -= 1;
            if *count == 0 {
                held.remove(&self.client);
            }
        }
    }
}

/// A request body that must arrive whole by a deadline, holding its client's place among
/// the bodies arriving until it has.
struct ArrivingBody {
    body: Pin<Box<TimeoutBody<Incoming>>>,
    deadline: Pin<Box<Sleep>>,
    place: Option<Place>,
}

/// The error a request body ends with when it has not arrived whole by its deadline.
#[derive(Debug)]
pub struct ArrivedTooSlowly;

impl std::fmt::Display for ArrivedTooSlowly {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("the request did not arrive in time")
    }
}

impl std::error::Error for ArrivedTooSlowly {}

/// Whether `error` (or a cause of it) is a request body that stalled or missed its
/// deadline.
pub fn arrived_too_slowly(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(error) = cause {
        if error.is::<ArrivedTooSlowly>() || error.is::<tower_http::timeout::TimeoutError>() {
            return true;
        }
        cause = error.source();
    }
    false
}

impl HttpBody for ArrivingBody {
    type Data = Bytes;
    type Error = axum::BoxError;

    fn poll_frame(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
    ) -> Poll<Option<Result<http_body::Frame<Bytes>, Self::Error>>> {
        let this = &mut *self;
        // What has arrived is taken first: time the server took before reading the body
        // is not the client's.
        let frame = this.body.as_mut().poll_frame(cx);
        match frame {
            Poll::Ready(None | Some(Err(_))) => this.place = None,
            Poll::Pending if this.place.is_some() && this.deadline.as_mut().poll(cx).is_ready() => {
                this.place = None;
                return Poll::Ready(Some(Err(ArrivedTooSlowly.into())));
            }
            _ => {}
        }
        frame
    }

    fn is_end_stream(&self) -> bool {
        self.body.is_end_stream()
    }

    fn size_hint(&self) -> http_body::SizeHint {
        self.body.size_hint()
    }
}

/// A client's connection as hyper reads and writes it, with what the edge adds:
/// - when the request now arriving began (its first byte), for the request's deadline;
/// - a write that waits longer than the timeout fails, so a client that stops taking an
///   answer loses the connection (an SSE stream's reader included, once its backlog
///   fills the socket);
/// - hyper answers a request it cannot parse (an address over 64 KiB, headers too
///   large, a malformed request line) by itself, with an empty body, and then closes
///   the connection. The API's error envelope is put in those answers: they are the only
///   ones written with `content-length: 0` and one of these statuses.
struct ClientStream {
    stream: TcpStream,
    request_began: Arc<Mutex<Option<Instant>>>,
    write_timeout: Duration,
    /// Since when a write has waited, as a timer of the timeout.
    write_waiting: Option<Pin<Box<Sleep>>>,
    /// The envelope being written in place of hyper's answer, how much of it is out,
    /// and the length of hyper's answer, reported as written once it is.
    replacing: Option<(Vec<u8>, usize, usize)>,
}

impl ClientStream {
    fn new(stream: TcpStream, write_timeout: Duration) -> Self {
        ClientStream {
            stream,
            request_began: Arc::default(),
            write_timeout,
            write_waiting: None,
            replacing: None,
        }
    }

    /// `write`'s outcome, failed once the client has taken nothing for the timeout.
    fn unless_stalled<T>(
        &mut self,
        cx: &mut Context<'_>,
        write: Poll<io::Result<T>>,
    ) -> Poll<io::Result<T>> {
        if write.is_ready() {
            self.write_waiting = None;
            return write;
        }
        let timeout = self.write_timeout;
        let waiting = self
            .write_waiting
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(timeout)));
        match waiting.as_mut().poll(cx) {
            Poll::Ready(()) => Poll::Ready(Err(io::Error::new(
                io::ErrorKind::TimedOut,
                "the client stopped taking the answer",
            ))),
            Poll::Pending => Poll::Pending,
        }
    }

    /// Writes `buf` as it is, within the write timeout; an answer going out means the
    /// request it answers has arrived.
    fn write_through(&mut self, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        let written = Pin::new(&mut self.stream).poll_write(cx, buf);
        self.answering(cx, written)
    }

    /// A write of the answer, seen: once a piece is out the request it answers has
    /// arrived, and a write that waits is failed past the timeout.
    fn answering(
        &mut self,
        cx: &mut Context<'_>,
        written: Poll<io::Result<usize>>,
    ) -> Poll<io::Result<usize>> {
        if matches!(written, Poll::Ready(Ok(n)) if n > 0) {
            *self.request_began.lock().unwrap_or_else(|e| e.into_inner()) = None;
        }
        self.unless_stalled(cx, written)
    }

    /// The envelope answer for hyper's own answer `head`, when it is one.
    fn envelope_for(head: &[u8]) -> Option<Vec<u8>> {
        let (code, message) = if head.starts_with(b"HTTP/1.1 414 ") {
            (
                ErrorCode::UriTooLong,
                "The address is too long; a search or parameter must stay under 64 KB",
            )
        } else if head.starts_with(b"HTTP/1.1 431 ") {
            (
                ErrorCode::HeadersTooLarge,
                "The request headers are too large",
            )
        } else if head.starts_with(b"HTTP/1.1 400 ") {
            (ErrorCode::BadRequest, "The request is malformed")
        } else {
            return None;
        };
        let status = axum::http::StatusCode::from_u16(code.status()).ok()?;
        let text = std::str::from_utf8(head).ok()?;
        if !text.ends_with("\r\n\r\n")
            || !text
                .to_ascii_lowercase()
                .contains("\r\ncontent-length: 0\r\n")
        {
            return None;
        }
        let body = serde_json::json!({
            "success": false,
            "data": null,
            "error": {"message": message, "code": code.as_str()},
        })
        .to_string();
        Some(
            format!(
                "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\n\
                 connection: close\r\n\r\n{body}",
                body.len()
            )
            .into_bytes(),
        )
    }
}

impl AsyncRead for ClientStream {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let before = buf.filled().len();
        let read = Pin::new(&mut self.stream).poll_read(cx, buf);
        if buf.filled().len() > before {
            self.request_began
                .lock()
                .unwrap_or_else(|e| e.into_inner())
                .get_or_insert_with(Instant::now);
        }
        read
    }
}

impl AsyncWrite for ClientStream {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.replacing.is_none() {
            match Self::envelope_for(buf) {
                Some(envelope) => this.replacing = Some((envelope, 0, buf.len())),
                None => return this.write_through(cx, buf),
            }
        }
        let Some((envelope, mut written, answered)) = this.replacing.take() else {
            unreachable!("set above")
        };
        while written < envelope.len() {
            match this.write_through(cx, &envelope[written..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => written += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => {
                    this.replacing = Some((envelope, written, answered));
                    return Poll::Pending;
                }
            }
        }
        Poll::Ready(Ok(answered))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        let flushed = Pin::new(&mut self.stream).poll_flush(cx);
        self.unless_stalled(cx, flushed)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        // hyper's own answer is its head alone, in the first piece written.
        let first = bufs
            .iter()
            .find(|b| !b.is_empty())
            .map_or(&[][..], |b| &b[..]);
        if self.replacing.is_some() || Self::envelope_for(first).is_some() {
            return self.poll_write(cx, first);
        }
        let written = Pin::new(&mut self.stream).poll_write_vectored(cx, bufs);
        self.answering(cx, written)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_ipv6_client_is_counted_by_its_64_and_an_ipv4_one_by_its_address() {
        let key = |text: &str| client_key(text.parse().unwrap()).to_string();
        assert_eq!(key("2001:db8:1:2:aaaa:bbbb:cccc:dddd"), "2001:db8:1:2::");
        assert_eq!(key("2001:db8:1:2::1"), key("2001:db8:1:2:ffff::9"));
        assert_ne!(key("2001:db8:1:2::1"), key("2001:db8:1:3::1"));
        assert_eq!(key("203.0.113.7"), "203.0.113.7");
        assert_ne!(key("203.0.113.7"), key("203.0.113.8"));
        // An IPv4 client seen through an IPv6 socket is still that IPv4 address.
        assert_eq!(key("::ffff:203.0.113.7"), "203.0.113.7");
    }
}
