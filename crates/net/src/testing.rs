//! Plain HTTP/1.1 over a socket for the tests of the server (feature
//! `testing`): requests written byte for byte, so that a test can send what
//! no client library would (an overlong line, a client that hangs up) and
//! see the answer exactly as it came.

use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::time::Duration;

/// An answer: the status, the headers (lower-case names) and the body.
pub type HttpAnswer = (u16, Vec<(String, String)>, String);

/// Sends a GET of `path` (with `headers`) and leaves the answer unread: the
/// socket, to read or to drop (the client hanging up).
pub fn ask(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> TcpStream {
    let mut tcp = TcpStream::connect(addr).unwrap();
    let mut head = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n");
    for (name, value) in headers {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    tcp.write_all(head.as_bytes()).unwrap();
    tcp
}

/// Reads an answer: the status, the headers (lower-case names) and the body.
pub fn answer(mut tcp: TcpStream) -> HttpAnswer {
    tcp.set_read_timeout(Some(Duration::from_secs(60))).unwrap();
    let mut bytes = Vec::new();
    tcp.read_to_end(&mut bytes).unwrap();
    let response = String::from_utf8_lossy(&bytes).to_string();
    let (head, body) = response.split_once("\r\n\r\n").unwrap_or_else(|| panic!("no head: {response:.300}"));
    let mut lines = head.lines();
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(k, v)| (k.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    (status, headers, body.to_string())
}

/// Sends a GET of `path` (with `headers`) and reads the answer.
pub fn get(addr: SocketAddr, path: &str, headers: &[(&str, &str)]) -> HttpAnswer {
    answer(ask(addr, path, headers))
}

/// The value of the header `name` (lower-case) among `headers`.
pub fn header<'a>(headers: &'a [(String, String)], name: &str) -> Option<&'a str> {
    headers.iter().find(|(k, _)| k == name).map(|(_, v)| v.as_str())
}
