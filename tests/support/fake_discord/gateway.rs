//! The fake gateway: HELLO (op 10), READY after IDENTIFY (op 2), heartbeat ACK (op 11) for
//! every heartbeat (op 1), RESUMED after a RESUME (op 6) of the current session with the events
//! it missed replayed first, and the faults tests inflict ([`GatewayFault`]).

use std::collections::VecDeque;
use std::sync::Arc;
use std::sync::atomic::Ordering;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::net::TcpStream;
use tokio::sync::mpsc;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
use tokio_tungstenite::tungstenite::protocol::frame::coding::CloseCode;

use super::{
    APPLICATION_ID, GatewayFault, HEARTBEAT_INTERVAL_MS, REPLAY_CAPACITY, Shared, bot_user,
};

/// The gateway session the fake remembers, for RESUME and for faults.
#[derive(Default)]
pub(super) struct GatewaySession {
    /// The id READY gave it; `None` once invalidated.
    pub(super) id: Option<String>,
    /// The control channel of the connection now serving it.
    pub(super) control: Option<mpsc::UnboundedSender<GatewayFault>>,
    /// Set by a fault until the session is resumed: events are only kept for replay.
    pub(super) detached: bool,
    /// The latest events sent (sequence number, frame), replayed after a RESUME.
    pub(super) sent: VecDeque<(u64, String)>,
}

/// One gateway connection: HELLO, then IDENTIFY → READY or RESUME → RESUMED, heartbeats →
/// ACK, queued events, and the faults tests ask for.
pub(super) async fn serve_gateway(stream: TcpStream, shared: Arc<Shared>) {
    // Without this, Nagle's algorithm holds a small frame sent right after another one until
    // the client's delayed ACK (~40 ms), which would distort the measured latencies.
    let _ = stream.set_nodelay(true);
    let mut outage = shared.outage.subscribe();
    if outage.wait_for(|down| !down).await.is_err() {
        return;
    }
    let Ok(socket) = tokio_tungstenite::accept_async(stream).await else {
        return;
    };
    let (mut sink, mut source) = socket.split();
    let (outbox, mut queued) = mpsc::unbounded_channel::<Message>();
    let (control, mut faults) = mpsc::unbounded_channel::<GatewayFault>();
    let hello = json!({ "op": 10, "d": { "heartbeat_interval": HEARTBEAT_INTERVAL_MS } });
    if sink.send(Message::Text(hello.to_string())).await.is_err() {
        return;
    }
    let mut zombie = false;
    loop {
        tokio::select! {
            incoming = source.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(text))) => text,
                    Some(Ok(Message::Close(_))) => {
                        // tungstenite queued the closing handshake's reply; send it.
                        let _ = sink.close().await;
                        break;
                    }
                    Some(Err(_)) | None => break,
                    Some(Ok(_)) => continue,
                };
                let Ok(frame) = serde_json::from_str::<Value>(&text) else { continue };
                match frame["op"].as_u64() {
                    Some(1) if !zombie => {
                        shared.heartbeats.fetch_add(1, Ordering::SeqCst);
                        let _ = outbox.send(Message::Text(json!({ "op": 11 }).to_string()));
                    }
                    Some(2) => {
                        *shared.identify.lock().unwrap() = Some(frame["d"].clone());
                        // A new session numbers its events from 1 again.
                        shared.sequence.store(1, Ordering::SeqCst);
                        let sequence = 1;
                        let session = shared.readies.borrow().to_owned() + 1;
                        let session_id = format!("fake-session-{session}");
                        let ready = json!({
                            "op": 0, "s": sequence, "t": "READY",
                            "d": {
                                "v": 10,
                                "user": bot_user(),
                                "guilds": [],
                                "session_id": session_id,
                                "resume_gateway_url": shared.gateway_url,
                                "shard": [0, 1],
                                "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
                            }
                        });
                        let _ = outbox.send(Message::Text(ready.to_string()));
                        *shared.gateway_session.lock().unwrap() = GatewaySession {
                            id: Some(session_id),
                            control: Some(control.clone()),
                            detached: false,
                            sent: VecDeque::new(),
                        };
                        *shared.session.lock().unwrap() = Some(outbox.clone());
                        shared.readies.send_modify(|n| *n += 1);
                    }
                    Some(6) => resume(&shared, &frame["d"], &outbox, &control),
                    _ => {}
                }
            }
            Some(message) = queued.recv() => {
                if sink.send(message).await.is_err() {
                    break;
                }
            }
            Some(fault) = faults.recv() => match fault {
                // Dropping both halves closes the TCP connection without a close frame.
                GatewayFault::Drop => return,
                GatewayFault::Close(code) => {
                    let frame = CloseFrame {
                        code: CloseCode::from(code),
                        reason: "fake Discord closed the connection".into(),
                    };
                    let _ = sink.send(Message::Close(Some(frame))).await;
                    return;
                }
                GatewayFault::Reconnect => {
                    let _ = outbox.send(Message::Text(json!({ "op": 7, "d": null }).to_string()));
                }
                GatewayFault::InvalidSession { resumable } => {
                    if !resumable {
                        shared.gateway_session.lock().unwrap().id = None;
                    }
                    let frame = json!({ "op": 9, "d": resumable });
                    let _ = outbox.send(Message::Text(frame.to_string()));
                }
                GatewayFault::Zombie => zombie = true,
            },
        }
    }
}

/// Answers RESUME (op 6): for the current session, replays the events after the client's
/// `seq` and sends RESUMED, and this connection serves the session from now on; otherwise
/// INVALID SESSION (op 9, not resumable), as Discord does for an unknown or expired session.
fn resume(
    shared: &Shared,
    resume: &Value,
    outbox: &mpsc::UnboundedSender<Message>,
    control: &mpsc::UnboundedSender<GatewayFault>,
) {
    let seq = resume["seq"].as_u64().unwrap_or(0);
    // Locked in the order `dispatch` locks them, and held so no event slips in between.
    let mut current = shared.session.lock().unwrap();
    let mut session = shared.gateway_session.lock().unwrap();
    let known = session.id.is_some() && session.id.as_deref() == resume["session_id"].as_str();
    // Events older than those kept cannot be replayed: the session is lost.
    let complete = session
        .sent
        .front()
        .is_none_or(|(first, _)| *first <= seq + 1);
    if !(known && complete) {
        let _ = outbox.send(Message::Text(json!({ "op": 9, "d": false }).to_string()));
        return;
    }
    for (_, frame) in session.sent.iter().filter(|(s, _)| *s > seq) {
        let _ = outbox.send(Message::Text(frame.clone()));
        shared.replayed.fetch_add(1, Ordering::SeqCst);
    }
    let sequence = shared.sequence.fetch_add(1, Ordering::SeqCst) + 1;
    let resumed = json!({ "op": 0, "s": sequence, "t": "RESUMED", "d": {} });
    let _ = outbox.send(Message::Text(resumed.to_string()));
    session.control = Some(control.clone());
    session.detached = false;
    *current = Some(outbox.clone());
    shared.resumes.send_modify(|n| *n += 1);
}

/// Keeps a sent event of the current session for replay, dropping the oldest beyond
/// [`REPLAY_CAPACITY`]; returns whether a connection is serving the session (no fault since).
pub(super) fn remember(shared: &Shared, sequence: u64, frame: &str) -> bool {
    let mut session = shared.gateway_session.lock().unwrap();
    if session.sent.len() == REPLAY_CAPACITY {
        session.sent.pop_front();
    }
    session.sent.push_back((sequence, frame.to_owned()));
    !session.detached
}
