//! The HTTP/1.1 server of both listeners. Each connection has a deadline for its next
//! request's headers, which also ends idle keep-alives, and connections are bounded in
//! all and per client address: idle or slow clients cannot hold the file descriptors
//! that everyone else needs. (`axum::serve` has neither.) Plain HTTP is only ever
//! HTTP/1.1 from browsers, so HTTP/2 is not offered.

use std::{
    collections::HashMap,
    convert::Infallible,
    future::Future,
    io,
    net::IpAddr,
    pin::Pin,
    sync::{Arc, Mutex},
    task::{Context, Poll},
    time::Duration,
};

use axum::{
    body::Body,
    extract::{ConnectInfo, Request},
    response::Response,
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
    sync::{OwnedSemaphorePermit, Semaphore},
};
use tower::{Service, ServiceExt};

/// How long connections may take and how many may be open.
#[derive(Debug, Clone, Copy)]
pub struct ConnectionLimits {
    /// For a request's headers to arrive, for an idle keep-alive to send its next
    /// request, and between two pieces of a request body.
    pub timeout: Duration,
    /// Open connections in all.
    pub max: usize,
    /// Open connections from one client address.
    pub per_address: usize,
}

/// File descriptors kept for everything but client connections: the database, the
/// models, uploads, outgoing requests.
const RESERVED_FILES: usize = 512;

impl Default for ConnectionLimits {
    fn default() -> Self {
        ConnectionLimits {
            timeout: Duration::from_secs(20),
            max: open_file_limit()
                .map_or(4096, |limit| limit.saturating_sub(RESERVED_FILES))
                .max(64),
            // A browser opens six per site; a household or an office behind one address
            // stays far below.
            per_address: 256,
        }
    }
}

/// The process's limit of open files, from /proc (Linux); none elsewhere.
fn open_file_limit() -> Option<usize> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
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
    let slots = Slots::new(limits);
    let graceful = GracefulShutdown::new();
    let mut http = http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.timeout);
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
        let Some(slot) = slots.take(peer.ip()) else {
            tracing::debug!(%peer, "too many connections; closed");
            continue;
        };
        if let Err(e) = stream.set_nodelay(true) {
            // Small writes (SSE events above all) go out at once otherwise.
            tracing::debug!(error = %e, "cannot set TCP_NODELAY");
        }
        let service = service.clone();
        let handler = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
            request.extensions_mut().insert(ConnectInfo(peer));
            service.clone().oneshot(request.map(Body::new))
        });
        let connection = graceful.watch(
            http.serve_connection(TokioIo::new(ParseErrorsInEnvelope::new(stream)), handler),
        );
        tokio::spawn(async move {
            let _slot = slot;
            if let Err(e) = connection.await {
                tracing::debug!(error = %e, %peer, "connection ended");
            }
        });
    }
    graceful.shutdown().await;
    Ok(())
}

/// The open connections, in all and per address.
struct Slots {
    all: Arc<Semaphore>,
    by_address: Arc<Mutex<HashMap<IpAddr, usize>>>,
    per_address: usize,
}

/// One open connection; dropping it frees its place.
struct Slot {
    _permit: OwnedSemaphorePermit,
    by_address: Arc<Mutex<HashMap<IpAddr, usize>>>,
    address: IpAddr,
}

impl Slots {
    fn new(limits: ConnectionLimits) -> Self {
        Slots {
            all: Arc::new(Semaphore::new(limits.max)),
            by_address: Arc::default(),
            per_address: limits.per_address,
        }
    }

    /// A place for a connection from `address`; none when either limit is reached.
    fn take(&self, address: IpAddr) -> Option<Slot> {
        let permit = self.all.clone().try_acquire_owned().ok()?;
        let mut open = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        let count = open.entry(address).or_insert(0);
        if *count >= self.per_address {
            return None;
        }
        *count += 1;
        Some(Slot {
            _permit: permit,
            by_address: self.by_address.clone(),
            address,
        })
    }
}

impl Drop for Slot {
    fn drop(&mut self) {
        let mut open = self.by_address.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(count) = open.get_mut(&self.address) {
            *count -= 1;
            if *count == 0 {
                open.remove(&self.address);
            }
        }
    }
}

/// hyper answers a request it cannot parse (an address over 64 KiB, headers too large,
/// a malformed request line) by itself, with an empty body, and then closes the
/// connection. This stream puts the API's error envelope in those answers: they are
/// the only ones written with `content-length: 0` and one of these statuses.
struct ParseErrorsInEnvelope {
    stream: TcpStream,
    /// The envelope being written in place of hyper's answer, how much of it is out,
    /// and the length of hyper's answer, reported as written once it is.
    replacing: Option<(Vec<u8>, usize, usize)>,
}

impl ParseErrorsInEnvelope {
    fn new(stream: TcpStream) -> Self {
        ParseErrorsInEnvelope {
            stream,
            replacing: None,
        }
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

impl AsyncRead for ParseErrorsInEnvelope {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for ParseErrorsInEnvelope {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = &mut *self;
        if this.replacing.is_none() {
            match Self::envelope_for(buf) {
                Some(envelope) => this.replacing = Some((envelope, 0, buf.len())),
                None => return Pin::new(&mut this.stream).poll_write(cx, buf),
            }
        }
        let Some((envelope, written, answered)) = &mut this.replacing else {
            unreachable!("set above")
        };
        while *written < envelope.len() {
            match Pin::new(&mut this.stream).poll_write(cx, &envelope[*written..]) {
                Poll::Ready(Ok(0)) => return Poll::Ready(Err(io::ErrorKind::WriteZero.into())),
                Poll::Ready(Ok(n)) => *written += n,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => return Poll::Pending,
            }
        }
        let answered = *answered;
        this.replacing = None;
        Poll::Ready(Ok(answered))
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.stream).poll_flush(cx)
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
        Pin::new(&mut self.stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}
