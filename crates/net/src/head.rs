//! The start of every connection, read before hyper reads the rest: a
//! `/replay` request line may be as long as a slidysim link (the longest
//! world-record links are 58 000 characters; up to [`LINE_LIMIT`] are
//! read), while every other request keeps hyper's small head limit
//! (`HEAD_LIMIT`).
//!
//! The first bytes say which: a connection that starts `GET /replay?` has
//! its request line read here, up to [`LINE_LIMIT`] bytes and within the
//! header timeout, its query kept aside ([`LongQuery`]) and the line handed
//! on to hyper as `GET /replay HTTP/1.1`; the headers that follow are
//! hyper's to read, under the small limit. Any other connection gets the
//! bytes read so far handed back in front of the rest ([`Prefixed`]). At
//! most [`LONG_LINES`] long lines are read at once, so a crowd of clients
//! sending megabyte lines holds a bounded amount of memory; past that a
//! `/replay` connection is answered 503 at once. A connection carries one
//! request (see `server.rs`), so every request passes through here.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncReadExt, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::TcpStream;
use tokio::sync::Semaphore;
use tokio::time::Instant;

/// The longest `/replay` request line read.
pub(crate) const LINE_LIMIT: usize = 1 << 20;

/// `/replay` request lines read at once, at most [`LINE_LIMIT`] bytes each.
pub(crate) const LONG_LINES: usize = 64;

/// What starts a request line read here.
const LONG_START: &[u8] = b"GET /replay?";

/// The query of a `/replay` request whose line was read here (without the
/// `?`), for the handler to use instead of the URI's.
#[derive(Clone, Debug)]
pub(crate) struct LongQuery(pub(crate) Arc<str>);

/// A connection opened: its stream with the bytes read so far in front,
/// and the long query, if its request line was read here.
pub(crate) struct Opened {
    pub(crate) io: Prefixed,
    pub(crate) query: Option<LongQuery>,
}

/// Why a connection was closed before hyper saw it.
#[derive(Debug, PartialEq, Eq)]
pub(crate) enum Dropped {
    /// No head within the time, or the client closed: nothing is sent.
    Silent,
    /// Answered with this status and reason, then closed.
    Answered(u16, &'static str),
}

/// Reads the start of `tcp` within `timeout` (see the [module](self)).
pub(crate) async fn open(tcp: TcpStream, timeout: Duration, long_lines: &Arc<Semaphore>) -> (Opened, Option<Dropped>) {
    let until = Instant::now() + timeout;
    let mut io = Prefixed { prefix: Vec::new(), at: 0, inner: tcp };
    let started = tokio::time::timeout_at(until, read_start(&mut io)).await;
    match started {
        Ok(Ok(true)) => {}
        Ok(Ok(false)) => return (Opened { io, query: None }, None),
        Ok(Err(_)) | Err(_) => return (Opened { io, query: None }, Some(Dropped::Silent)),
    }
    let Ok(_permit) = long_lines.clone().try_acquire_owned() else {
        let busy = Dropped::Answered(503, "too many long replay links are being read: try again in a few seconds");
        return (Opened { io, query: None }, Some(busy));
    };
    let line = tokio::time::timeout_at(until, read_line(&mut io)).await;
    let end = match line {
        Ok(Ok(Some(end))) => end,
        Ok(Ok(None)) => {
            let long = Dropped::Answered(414, "the request line is longer than the 1 MiB a replay link may be");
            return (Opened { io, query: None }, Some(long));
        }
        Ok(Err(_)) | Err(_) => return (Opened { io, query: None }, Some(Dropped::Silent)),
    };
    match rewrite(&mut io.prefix, end) {
        Some(query) => (Opened { io, query: Some(LongQuery(query.into())) }, None),
        // Not a line hyper would take either: let it say so.
        None => (Opened { io, query: None }, None),
    }
}

/// Reads until the bytes say whether the request line is a `/replay` one
/// (true) or not (false).
async fn read_start(io: &mut Prefixed) -> io::Result<bool> {
    loop {
        let have = io.prefix.len().min(LONG_START.len());
        if io.prefix[..have] != LONG_START[..have] {
            return Ok(false);
        }
        if have == LONG_START.len() {
            return Ok(true);
        }
        if read_more(io).await? == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
    }
}

/// Reads until the request line's end: the index of its `\n`, or `None`
/// past [`LINE_LIMIT`].
async fn read_line(io: &mut Prefixed) -> io::Result<Option<usize>> {
    let mut searched = 0;
    loop {
        if let Some(at) = io.prefix[searched..].iter().position(|&b| b == b'\n') {
            let end = searched + at;
            return Ok((end <= LINE_LIMIT).then_some(end));
        }
        searched = io.prefix.len();
        if searched > LINE_LIMIT {
            return Ok(None);
        }
        if read_more(io).await? == 0 {
            return Err(io::ErrorKind::UnexpectedEof.into());
        }
    }
}

async fn read_more(io: &mut Prefixed) -> io::Result<usize> {
    let mut chunk = [0u8; 16 * 1024];
    let n = io.inner.read(&mut chunk).await?;
    io.prefix.extend_from_slice(&chunk[..n]);
    Ok(n)
}

/// Replaces the request line `GET /replay?QUERY HTTP/1.x` that ends at
/// `end` (its `\n`) with `GET /replay HTTP/1.x`; the query, or `None` when
/// the line is not of that form.
fn rewrite(bytes: &mut Vec<u8>, end: usize) -> Option<String> {
    let line = std::str::from_utf8(&bytes[..end]).ok()?.trim_end_matches('\r');
    let (target, version) = line.strip_prefix("GET ")?.rsplit_once(' ')?;
    if !version.starts_with("HTTP/1.") || target.contains(' ') {
        return None;
    }
    let query = target.strip_prefix("/replay?")?.to_string();
    let short = format!("GET /replay {version}\r\n");
    bytes.splice(..=end, short.into_bytes());
    Some(query)
}

/// Answers a connection refused here: the status line, the reason as a
/// short text body, and close.
pub(crate) async fn answer(mut io: Prefixed, status: u16, reason: &str) {
    let phrase = match status {
        414 => "URI Too Long",
        503 => "Service Unavailable",
        _ => "Error",
    };
    let retry = if status == 503 { "Retry-After: 5\r\n" } else { "" };
    let response = format!(
        "HTTP/1.1 {status} {phrase}\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: {}\r\n{retry}Connection: close\r\n\r\n{reason}\n",
        reason.len() + 1
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = io.inner.write_all(response.as_bytes()).await;
        let _ = io.inner.shutdown().await;
    })
    .await;
}

/// A stream with bytes already read from it put back in front.
pub(crate) struct Prefixed {
    prefix: Vec<u8>,
    at: usize,
    inner: TcpStream,
}

impl AsyncRead for Prefixed {
    fn poll_read(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = &mut *self;
        if this.at < this.prefix.len() {
            let n = (this.prefix.len() - this.at).min(buf.remaining());
            buf.put_slice(&this.prefix[this.at..this.at + n]);
            this.at += n;
            if this.at == this.prefix.len() {
                // Given back whole: its memory is not held for the
                // connection's life.
                this.prefix = Vec::new();
                this.at = 0;
            }
            return Poll::Ready(Ok(()));
        }
        Pin::new(&mut this.inner).poll_read(cx, buf)
    }
}

impl AsyncWrite for Prefixed {
    fn poll_write(mut self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &[u8]) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write(cx, buf)
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_flush(cx)
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.inner).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.inner.is_write_vectored()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_replay_line_is_cut_to_its_path_and_its_query_kept() {
        let mut bytes = b"GET /replay?r=abc%2B HTTP/1.1\r\nHost: x\r\n\r\n".to_vec();
        let end = bytes.iter().position(|&b| b == b'\n').unwrap();
        assert_eq!(rewrite(&mut bytes, end).as_deref(), Some("r=abc%2B"));
        assert_eq!(bytes, b"GET /replay HTTP/1.1\r\nHost: x\r\n\r\n");
        for bad in ["GET /replay?r=a b HTTP/1.1\r\n", "GET /replay?r=a FTP/1\r\n", "GET /replay?r=a\r\n"] {
            let mut bytes = bad.as_bytes().to_vec();
            let end = bytes.len() - 1;
            assert_eq!(rewrite(&mut bytes, end), None, "{bad}");
            assert_eq!(bytes, bad.as_bytes(), "left as it was");
        }
    }
}
