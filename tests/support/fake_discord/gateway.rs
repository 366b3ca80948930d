//! The fake gateway: HELLO (op 10), READY after IDENTIFY (op 2), heartbeat ACK (op 11) for
//! every heartbeat (op 1), RESUMED after a RESUME (op 6) of a shard's current session with the
//! events it missed replayed first, and the faults tests inflict ([`GatewayFault`]).
//!
//! Each shard has a session of its own. IDENTIFY names its shard (`[id, count]`, `[0, 1]` when
//! absent); as Discord does, the fake closes with 4010 an id not below the count, and with 4011
//! a count below the one `GET /gateway/bot` recommends. Events go to the shard Discord would
//! use ([`shard_of`]).

use std::collections::{BTreeMap, VecDeque};
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

/// Every shard's session, by shard id.
pub(super) type Shards = BTreeMap<u32, Shard>;

/// One shard as the fake remembers it.
#[derive(Default)]
pub(super) struct Shard {
    /// The outbox of the connection that last identified or resumed on it.
    pub(super) outbox: Option<mpsc::UnboundedSender<Message>>,
    /// Its session, for RESUME and for faults.
    pub(super) session: GatewaySession,
    /// The sequence number of its last event.
    pub(super) sequence: u64,
    /// The shard count its IDENTIFY gave.
    pub(super) count: u32,
}

/// The shard Discord sends an event to: `(guild_id >> 22) % count` for an event of a server,
/// shard 0 for anything else (DMs, group DMs).
pub(super) fn shard_of(data: &Value, count: u32) -> u32 {
    let guild = data["guild_id"]
        .as_str()
        .and_then(|g| g.parse::<u64>().ok())
        .or_else(|| data["guild_id"].as_u64());
    match guild {
        Some(guild) if count > 0 => u32::try_from((guild >> 22) % u64::from(count)).unwrap_or(0),
        _ => 0,
    }
}

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
                        let (id, count) = identified_shard(&frame["d"]);
                        if let Some(code) = refused_shard(id, count, shared.shard_count) {
                            let close = CloseFrame {
                                code: CloseCode::from(code),
                                reason: "fake Discord refused the shard".into(),
                            };
                            let _ = sink.send(Message::Close(Some(close))).await;
                            return;
                        }
                        *shared.identify.lock().unwrap() = Some(frame["d"].clone());
                        // A new session numbers its events from 1 again.
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
                                "shard": [id, count],
                                "application": { "id": APPLICATION_ID.to_string(), "flags": 0 },
                            }
                        });
                        let _ = outbox.send(Message::Text(ready.to_string()));
                        shared.shards.lock().unwrap().insert(id, Shard {
                            outbox: Some(outbox.clone()),
                            session: GatewaySession {
                                id: Some(session_id),
                                control: Some(control.clone()),
                                detached: false,
                                sent: VecDeque::new(),
                            },
                            sequence,
                            count,
                        });
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
                        forget_session(&shared, &control);
                    }
                    let frame = json!({ "op": 9, "d": resumable });
                    let _ = outbox.send(Message::Text(frame.to_string()));
                }
                GatewayFault::Zombie => zombie = true,
            },
        }
    }
}

/// The shard an IDENTIFY names: `d.shard`, or `[0, 1]` without one.
fn identified_shard(identify: &Value) -> (u32, u32) {
    let part = |i: usize, default: u32| {
        identify["shard"][i]
            .as_u64()
            .and_then(|v| u32::try_from(v).ok())
            .unwrap_or(default)
    };
    (part(0, 0), part(1, 1))
}

/// The close code Discord answers an IDENTIFY of shard `id` of `count` with, when it refuses
/// it: 4010 (invalid shard) or 4011 (sharding required: fewer shards than `required`).
fn refused_shard(id: u32, count: u32, required: u32) -> Option<u16> {
    if count == 0 || id >= count {
        Some(4010)
    } else if count < required {
        Some(4011)
    } else {
        None
    }
}

/// Forgets the session served through `control` (INVALID SESSION, not resumable).
fn forget_session(shared: &Shared, control: &mpsc::UnboundedSender<GatewayFault>) {
    let mut shards = shared.shards.lock().unwrap();
    for shard in shards.values_mut() {
        if shard
            .session
            .control
            .as_ref()
            .is_some_and(|c| c.same_channel(control))
        {
            shard.session.id = None;
        }
    }
}

/// Answers RESUME (op 6): for a shard's current session, replays the events after the client's
/// `seq` and sends RESUMED, and this connection serves that shard from now on; otherwise
/// INVALID SESSION (op 9, not resumable), as Discord does for an unknown or expired session.
fn resume(
    shared: &Shared,
    resume: &Value,
    outbox: &mpsc::UnboundedSender<Message>,
    control: &mpsc::UnboundedSender<GatewayFault>,
) {
    let seq = resume["seq"].as_u64().unwrap_or(0);
    // Held so no event slips in between the replay and RESUMED.
    let mut shards = shared.shards.lock().unwrap();
    let wanted = resume["session_id"].as_str();
    let shard = shards
        .values_mut()
        .find(|s| s.session.id.is_some() && s.session.id.as_deref() == wanted);
    // Events older than those kept cannot be replayed: the session is lost.
    let Some(shard) = shard.filter(|s| {
        s.session
            .sent
            .front()
            .is_none_or(|(first, _)| *first <= seq + 1)
    }) else {
        let _ = outbox.send(Message::Text(json!({ "op": 9, "d": false }).to_string()));
        return;
    };
    for (_, frame) in shard.session.sent.iter().filter(|(s, _)| *s > seq) {
        let _ = outbox.send(Message::Text(frame.clone()));
        shared.replayed.fetch_add(1, Ordering::SeqCst);
    }
    shard.sequence += 1;
    let resumed = json!({ "op": 0, "s": shard.sequence, "t": "RESUMED", "d": {} });
    let _ = outbox.send(Message::Text(resumed.to_string()));
    shard.session.control = Some(control.clone());
    shard.session.detached = false;
    shard.outbox = Some(outbox.clone());
    shared.resumes.send_modify(|n| *n += 1);
}

/// Keeps a sent event of a shard's session for replay, dropping the oldest beyond
/// [`REPLAY_CAPACITY`]; returns whether a connection is serving the session (no fault since).
pub(super) fn remember(shard: &mut Shard, sequence: u64, frame: &str) -> bool {
    let session = &mut shard.session;
    if session.sent.len() == REPLAY_CAPACITY {
        session.sent.pop_front();
    }
    session.sent.push_back((sequence, frame.to_owned()));
    !session.detached
}
