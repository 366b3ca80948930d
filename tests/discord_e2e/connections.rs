//! The pages' connections against hostile clients: headers trickled past the timeout, more
//! live streams than a client may hold, a WebSocket frame far over its limit, and a client
//! stuck mid-request when the server stops.

use std::time::{Duration, Instant};

use reqwest::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::harness::{Harness, WAIT};
use crate::pages::key_of;
use crate::support::payloads::{ALICE, BOB};

/// Reads `socket` until the server closes it; how long that took.
async fn until_closed(socket: &mut TcpStream, patience: Duration) -> Duration {
    let started = Instant::now();
    let mut buffer = vec![0; 4096];
    loop {
        let read = tokio::time::timeout(patience, socket.read(&mut buffer))
            .await
            .expect("the server closes the connection");
        if matches!(read, Ok(0) | Err(_)) {
            return started.elapsed();
        }
    }
}

/// A client that sends half its headers and then nothing is cut off after the server's
/// header-read timeout (10 s), not held forever.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_trickling_its_headers_is_cut_off() {
    let h = Harness::registered_with_pages().await;
    let pages = h.pages(0);
    let host = pages.strip_prefix("http://").unwrap();
    let mut socket = TcpStream::connect(host).await.unwrap();
    socket
        .write_all(format!("GET / HTTP/1.1\r\nHost: {host}\r\nX-Slow: ").as_bytes())
        .await
        .unwrap();
    let waited = until_closed(&mut socket, Duration::from_secs(60)).await;
    assert!(waited >= Duration::from_secs(5), "closed after {waited:?}");
    h.stop().await;
}

/// Opens an event stream of `key`'s page as the client at `address` (behind the harness's
/// trusted proxy); its status, the stream kept open while the answer lives.
async fn stream(pages: &str, key: &str, address: &str) -> reqwest::Response {
    reqwest::Client::new()
        .get(format!("{pages}/api/games/{key}/events"))
        .header("x-forwarded-for", address)
        .send()
        .await
        .unwrap()
}

/// One client holds at most 16 live streams: the next is refused with 429 while another
/// client's is served, and a closed stream frees its place.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_holds_a_bounded_number_of_live_streams() {
    let h = Harness::registered_with_pages().await;
    let (_, board) = h.start_game(ALICE, BOB).await;
    let key = key_of(&board);
    let pages = h.pages(0);
    let mut open = Vec::new();
    for _ in 0..16 {
        let answer = stream(&pages, &key, "203.0.113.5").await;
        assert_eq!(answer.status(), StatusCode::OK);
        open.push(answer);
    }
    let refused = stream(&pages, &key, "203.0.113.5").await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let other = stream(&pages, &key, "203.0.113.6").await;
    assert_eq!(other.status(), StatusCode::OK);
    drop(open.pop());
    // The place is freed once the server sees the stream closed: the next is taken in time.
    let deadline = Instant::now() + WAIT;
    loop {
        let again = stream(&pages, &key, "203.0.113.5").await;
        if again.status() == StatusCode::OK {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the closed stream's place stayed taken"
        );
        tokio::task::yield_now().await;
    }
    drop(open);
    h.stop().await;
}

/// A WebSocket frame announced at 16 MiB closes the socket before its payload is read: the
/// server never buffers it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_websocket_frame_closes_the_socket_unread() {
    let h = Harness::registered_with_pages().await;
    let (_, board) = h.start_game(ALICE, BOB).await;
    let key = key_of(&board);
    let pages = h.pages(0);
    let host = pages.strip_prefix("http://").unwrap();
    let mut socket = TcpStream::connect(host).await.unwrap();
    let handshake = format!(
        "GET /api/games/{key}/socket HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n"
    );
    socket.write_all(handshake.as_bytes()).await.unwrap();
    let mut answer = vec![0; 1024];
    let read = socket.read(&mut answer).await.unwrap();
    let head = String::from_utf8_lossy(&answer[..read]);
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    // A masked binary frame of 16 MiB (64-bit length), then only its first kilobyte.
    let mut frame = vec![0x82, 0xFF];
    frame.extend_from_slice(&(16u64 << 20).to_be_bytes());
    frame.extend_from_slice(&[1, 2, 3, 4]);
    frame.extend_from_slice(&[0; 1024]);
    socket.write_all(&frame).await.unwrap();
    until_closed(&mut socket, WAIT).await;
    h.stop().await;
}

/// A client stuck in the middle of a request (its body promised, never sent) does not hold
/// the server open when it stops: the connection is dropped after a short grace.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_stop_though_a_client_is_stuck_mid_request() {
    let h = Harness::registered_with_pages().await;
    let pages = h.pages(0);
    let host = pages.strip_prefix("http://").unwrap().to_owned();
    let mut socket = TcpStream::connect(&host).await.unwrap();
    let head = format!(
        "POST /api/puzzles/1/check HTTP/1.1\r\nHost: {host}\r\n\
         Content-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"moves\":"
    );
    socket.write_all(head.as_bytes()).await.unwrap();
    let stopping = Instant::now();
    h.stop().await;
    assert!(
        stopping.elapsed() < Duration::from_secs(15),
        "{:?}",
        stopping.elapsed()
    );
    until_closed(&mut socket, WAIT).await;
}
