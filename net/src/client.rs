//! A player's end: [`Remote`] dials the host a ticket names, makes the handshake and
//! then keeps the table as the host last sent it. It holds no game state of its own —
//! only the latest [`SeatFrame`] and the log assembled from the frames — and sends
//! choices by their index in the list it was shown.
//!
//! It runs its own small tokio runtime, so a caller without one (the app's table, the
//! command line) uses it as plain blocking / polling calls: `poll` each frame of the
//! window (with `set_waker` to be woken when something arrives), `next` to wait.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use iroh::endpoint::{Connection, RecvStream, SendStream};
use iroh::{Endpoint, EndpointAddr};
use tokio::sync::mpsc;

use crate::endpoint::{ALPN, NetConfig, NetError, bind, err, host_addr};
use crate::proto::{ClientMsg, ErrorCode, HintReply, PROTOCOL_VERSION, SeatFrame, ServerMsg};
use crate::ticket::Ticket;
use crate::wire;

/// How long dialling and the handshake may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);

/// What arrived from the host.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// A new table: [`Remote::latest`] has it, with the whole log.
    Frame,
    /// The host refused something; the game did not change.
    Error { code: ErrorCode, message: String },
    /// The hint asked with [`Remote::hint`] (a refused one comes as an error of code
    /// [`ErrorCode::Hint`]).
    Hint(Box<HintReply>),
    /// The connection ended.
    Closed(String),
}

type Waker = Arc<Mutex<Option<Box<dyn Fn() + Send>>>>;

/// The game's facts the handshake gave.
#[derive(Clone, Debug, PartialEq)]
pub struct Welcome {
    pub game: String,
    pub name: String,
    pub version: String,
    pub seat: Option<usize>,
    /// How a table server's game was dealt: check it with `tavern check` at the end.
    pub deal: Option<crate::deal::DealSummary>,
}

pub struct Remote {
    rt: tokio::runtime::Runtime,
    endpoint: Endpoint,
    conn: Connection,
    out: mpsc::UnboundedSender<Vec<u8>>,
    events: std::sync::mpsc::Receiver<ServerMsg>,
    waker: Waker,
    welcome: Welcome,
    /// The latest frame, its log whole.
    latest: Option<SeatFrame>,
    closed: bool,
}

impl Remote {
    /// Dials the host of `ticket` and joins its seat. `version` is the version of the
    /// game installed here (the host refuses another, naming both); `name` is shown to
    /// the other players.
    pub fn connect(
        ticket: &Ticket,
        cfg: &NetConfig,
        version: &str,
        name: &str,
    ) -> Result<Remote, NetError> {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(1)
            .enable_all()
            .build()
            .map_err(|e| err("cannot start the network thread", e))?;
        let hello = ClientMsg::Hello {
            protocol: PROTOCOL_VERSION,
            game: ticket.game.clone(),
            version: version.to_string(),
            token: ticket.token.clone(),
            name: name.to_string(),
        };
        let addr = host_addr(ticket)?;
        let (endpoint, conn, send, mut recv, welcome) = rt.block_on(async {
            let endpoint = bind(cfg, Vec::new()).await?;
            let (conn, send, recv, first) = dial(&endpoint, addr, &hello, "host").await?;
            let welcome = match first {
                ServerMsg::Welcome {
                    game,
                    name,
                    version,
                    seat,
                    deal,
                    ..
                } => Welcome {
                    game,
                    name,
                    version,
                    seat,
                    deal,
                },
                ServerMsg::Error { message, .. } => return Err(NetError(message)),
                _ => return Err(NetError("the host skipped the handshake".into())),
            };
            Ok::<_, NetError>((endpoint, conn, send, recv, welcome))
        })?;
        let waker: Waker = Arc::new(Mutex::new(None));
        let (ev_tx, events) = std::sync::mpsc::channel();
        let w = waker.clone();
        rt.spawn(async move {
            loop {
                let msg = match wire::read_frame::<_, ServerMsg>(&mut recv).await {
                    Ok(m) => m,
                    Err(e) if e.recoverable() => ServerMsg::Error {
                        code: ErrorCode::BadFrame,
                        message: format!("from the host: {e}"),
                    },
                    Err(_) => break,
                };
                if ev_tx.send(msg).is_err() {
                    break;
                }
                if let Some(f) = &*w.lock().unwrap_or_else(|p| p.into_inner()) {
                    f();
                }
            }
            if let Some(f) = &*w.lock().unwrap_or_else(|p| p.into_inner()) {
                f();
            }
        });
        let (out, mut out_rx) = mpsc::unbounded_channel::<Vec<u8>>();
        let mut send = send;
        rt.spawn(async move {
            while let Some(bytes) = out_rx.recv().await {
                if wire::write_raw(&mut send, &bytes).await.is_err() {
                    break;
                }
            }
            let _ = send.finish();
        });
        Ok(Remote {
            rt,
            endpoint,
            conn,
            out,
            events,
            waker,
            welcome,
            latest: None,
            closed: false,
        })
    }

    pub fn welcome(&self) -> &Welcome {
        &self.welcome
    }
    /// The seat this connection plays; `None` for a spectator.
    pub fn seat(&self) -> Option<usize> {
        self.welcome.seat
    }
    /// The table as last received, its log whole.
    pub fn latest(&self) -> Option<&SeatFrame> {
        self.latest.as_ref()
    }
    /// Called (from the network thread) whenever something arrives: an app asks for a
    /// repaint here.
    pub fn set_waker(&self, f: impl Fn() + Send + 'static) {
        *self.waker.lock().unwrap_or_else(|p| p.into_inner()) = Some(Box::new(f));
    }

    fn take(&mut self, msg: Result<ServerMsg, std::sync::mpsc::RecvTimeoutError>) -> Option<Event> {
        use std::sync::mpsc::RecvTimeoutError;
        match msg {
            Ok(ServerMsg::Frame(f)) => {
                self.accept(*f);
                Some(Event::Frame)
            }
            Ok(ServerMsg::Update(u)) => match crate::delta::whole(self.latest.as_mut(), *u) {
                Ok(f) => {
                    self.accept(f);
                    Some(Event::Frame)
                }
                Err(e) => Some(Event::Error {
                    code: ErrorCode::BadFrame,
                    message: format!("from the host: {e}"),
                }),
            },
            Ok(ServerMsg::Error { code, message }) => Some(Event::Error { code, message }),
            Ok(ServerMsg::Hint(h)) => Some(Event::Hint(h)),
            Ok(ServerMsg::Welcome { .. }) => Some(Event::Error {
                code: ErrorCode::BadFrame,
                message: "the host sent a second handshake".into(),
            }),
            Ok(
                ServerMsg::Created { .. }
                | ServerMsg::Status { .. }
                | ServerMsg::Commitment { .. }
                | ServerMsg::Replay { .. },
            ) => Some(Event::Error {
                code: ErrorCode::BadFrame,
                message: "the host answered a request nobody made".into(),
            }),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => {
                if self.closed {
                    return None;
                }
                self.closed = true;
                let why = self
                    .conn
                    .close_reason()
                    .map(|r| r.to_string())
                    .unwrap_or_else(|| "the host ended the connection".into());
                Some(Event::Closed(why))
            }
        }
    }

    /// Takes `f` as the latest frame: the log lines it sends (from its `log_from` on)
    /// replace the end of the log kept so far, which moves over from the last frame.
    fn accept(&mut self, mut f: SeatFrame) {
        let mut log = self.latest.take().map(|l| l.log).unwrap_or_default();
        log.truncate(f.log_from);
        log.append(&mut f.log);
        f.log = log;
        f.log_from = 0;
        self.latest = Some(f);
    }

    /// The next event if one has arrived, without waiting.
    pub fn poll(&mut self) -> Option<Event> {
        let msg = match self.events.try_recv() {
            Ok(m) => Ok(m),
            Err(std::sync::mpsc::TryRecvError::Empty) => return None,
            Err(std::sync::mpsc::TryRecvError::Disconnected) => {
                Err(std::sync::mpsc::RecvTimeoutError::Disconnected)
            }
        };
        self.take(msg)
    }

    /// Waits up to `timeout` for the next event.
    pub fn next(&mut self, timeout: Duration) -> Option<Event> {
        let msg = self.events.recv_timeout(timeout);
        self.take(msg)
    }

    /// Sends a message as it is (tests send forged ones).
    pub fn send(&self, msg: &ClientMsg) {
        let _ = self.out.send(wire::encode(msg));
    }
    /// Sends raw bytes, framed or not (the bad-frame tests).
    pub fn send_raw(&self, bytes: Vec<u8>) {
        let _ = self.out.send(bytes);
    }

    /// Chooses entry `index` of the list in the latest frame.
    pub fn act(&self, index: usize) {
        if let (Some(seat), Some(f)) = (self.seat(), &self.latest) {
            self.send(&ClientMsg::Act {
                seat,
                revision: f.revision,
                index,
            });
        }
    }
    pub fn cancel_plan(&self) {
        if let Some(seat) = self.seat() {
            self.send(&ClientMsg::CancelPlan { seat });
        }
    }
    pub fn undo(&self) {
        if let Some(seat) = self.seat() {
            self.send(&ClientMsg::Undo { seat });
        }
    }
    /// Asks the normal bot's opinion of this seat's choices in the latest frame.
    pub fn hint(&self) {
        if let (Some(seat), Some(f)) = (self.seat(), &self.latest) {
            self.send(&ClientMsg::Hint {
                seat,
                revision: f.revision,
            });
        }
    }
    pub fn vote(&self, accept: bool) {
        if let Some(seat) = self.seat() {
            self.send(&ClientMsg::Vote { seat, accept });
        }
    }

    /// Leaves politely: the host sees the seat disconnected at once.
    pub fn close(self) {
        self.send(&ClientMsg::Bye);
        let Remote {
            rt, endpoint, conn, ..
        } = self;
        rt.block_on(async {
            tokio::time::sleep(Duration::from_millis(20)).await;
            conn.close(0u32.into(), b"bye");
            endpoint.close().await;
        });
    }

    /// Drops the connection without a goodbye (a crash, a lost network), as tests need.
    pub fn drop_connection(self) {
        let Remote {
            rt, endpoint, conn, ..
        } = self;
        conn.close(2u32.into(), b"gone");
        rt.block_on(async { endpoint.close().await });
    }
}

/// One request to a table server (its ticket), in place of a handshake: create a game
/// there or ask how games stand. Returns the server's one answer; an error frame comes
/// back as its message.
pub fn request(server: &Ticket, cfg: &NetConfig, msg: &ClientMsg) -> Result<ServerMsg, NetError> {
    let rt = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .map_err(|e| err("cannot start the network thread", e))?;
    let addr = host_addr(server)?;
    rt.block_on(async {
        let endpoint = bind(cfg, Vec::new()).await?;
        let answer = dial(&endpoint, addr, msg, "server")
            .await
            .map(|(conn, _, _, a)| {
                conn.close(0u32.into(), b"done");
                a
            });
        endpoint.close().await;
        match answer? {
            ServerMsg::Error { message, .. } => Err(NetError(message)),
            other => Ok(other),
        }
    })
}

/// Dials `addr` from `endpoint`, opens the stream, sends `first` and waits for the first
/// answer, all within [`CONNECT_TIMEOUT`]; `who` ("host", "server") names the other end
/// in the errors.
async fn dial(
    endpoint: &Endpoint,
    addr: EndpointAddr,
    first: &ClientMsg,
    who: &str,
) -> Result<(Connection, SendStream, RecvStream, ServerMsg), NetError> {
    let unreachable = format!("cannot reach the {who}");
    let steps = async {
        let conn = endpoint
            .connect(addr, ALPN)
            .await
            .map_err(|e| err(&unreachable, e))?;
        let (mut send, mut recv) = conn.open_bi().await.map_err(|e| err(&unreachable, e))?;
        wire::write_frame(&mut send, first)
            .await
            .map_err(|e| err(&unreachable, e))?;
        let answer: ServerMsg = wire::read_frame(&mut recv)
            .await
            .map_err(|e| err(&format!("the {who} did not answer"), e))?;
        Ok::<_, NetError>((conn, send, recv, answer))
    };
    tokio::time::timeout(CONNECT_TIMEOUT, steps)
        .await
        .map_err(|_| NetError(format!("the {who} did not answer in time")))?
}
