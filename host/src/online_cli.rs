//! The online commands: `tavern host` runs an authority without a window and writes the
//! invitations; `tavern join TICKET --frames` plays one seat as JSON lines, for scripts
//! and tests.

use std::io::{BufRead, Write};
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Subcommand;
use serde_json::{Value, json};
use tavern_net::{
    AtDeadline, Authority, ClientMsg, Event, GameRequest, Hosting, NetConfig, Relay, Remote,
    SeatFrame, ServerMsg, Ticket, TurnClock,
};
use tavern_plugin_api::{ChoiceKind, SeatKind};

use crate::cli::{CliError, find, make_setup, rules as fail, usage};
use crate::online::SessionBackend;
use crate::plugin::Catalog;
use crate::session::{Session, UndoMode};

#[derive(Subcommand, Debug, PartialEq)]
pub enum OnlineCommand {
    /// Host a game online without a window: writes DIR/seat-1.ticket … seat-N.ticket and
    /// DIR/spectator.ticket, serves until the game ends, then writes the save and exits.
    Host {
        /// Game id (see `tavern games`).
        game: String,
        #[arg(long)]
        players: usize,
        #[arg(long)]
        seed: Option<u64>,
        /// A game option as KEY=VALUE; repeatable.
        #[arg(long = "option", value_name = "KEY=VALUE")]
        options: Vec<String>,
        /// A seat the host's bot plays, as SEAT=mcts1|mcts2|mcts3 (seats count from 1);
        /// repeatable.
        #[arg(long = "bot", value_name = "SEAT=KIND")]
        bots: Vec<String>,
        /// Where to write the invitations.
        #[arg(long)]
        invites: PathBuf,
        /// The save written when the game ends (default: DIR/game.json).
        #[arg(short = 'o', long = "output")]
        output: Option<PathBuf>,
        #[command(flatten)]
        net: NetArgs,
    },
    /// Run a table server: games played a move a day, on an always-on machine. Prints
    /// its ticket on the first line; `tavern new GAME --on TICKET` makes games there.
    Serve {
        /// Where its key, index and games live (default: the data folder's server/).
        #[arg(long, value_name = "DIR")]
        home: Option<PathBuf>,
        /// How often, in seconds, the turn clocks are looked at.
        #[arg(long, default_value_t = 30.0, value_name = "SECONDS")]
        tick: f64,
        /// Caps every bot's search at this many iterations (quick bots for tests).
        #[arg(long, hide = true)]
        bot_iterations: Option<u32>,
        #[command(flatten)]
        net: NetArgs,
    },
    /// Fetch a finished game's whole save from its table server (a seat's or the
    /// spectators' ticket), to replay it or check its deal with `tavern check`.
    Replay {
        ticket: String,
        #[arg(short = 'o', long = "output")]
        output: PathBuf,
        #[command(flatten)]
        net: NetArgs,
    },
    /// Join a game online with an invitation (the ticket text, or a .ticket file).
    Join {
        ticket: String,
        /// Open no window: print every frame received as one JSON line and read one
        /// choice per line on stdin (an index into the last list printed with
        /// "choose": true; also "undo", "cancel", "yes", "no").
        #[arg(long)]
        frames: bool,
        /// With --frames: leave after one decision (a whole move, a plan's steps with
        /// the action that confirms them), or at once when this seat has nothing to
        /// decide now: a turn-by-turn player.
        #[arg(long, requires = "frames")]
        once: bool,
        /// The name the other players see.
        #[arg(long, default_value = "")]
        name: String,
        #[command(flatten)]
        net: NetArgs,
    },
}

/// `tavern new`'s options for a game on a table server.
#[derive(clap::Args, Debug, PartialEq, Clone)]
pub struct NewOnServer {
    /// The table server's ticket (as `tavern serve` prints it), or a file holding it.
    #[arg(long, value_name = "SERVER_TICKET")]
    pub on: Option<String>,
    /// Where to write the invitations (seat-1.ticket … and spectator.ticket).
    #[arg(long, value_name = "DIR", requires = "on")]
    pub invites: Option<PathBuf>,
    /// A seat the server's bot plays, as SEAT=mcts1|mcts2|mcts3; repeatable.
    #[arg(long = "bot", value_name = "SEAT=KIND", requires = "on")]
    pub bots: Vec<String>,
    /// A seat's name as SEAT=NAME; repeatable.
    #[arg(long = "name", value_name = "SEAT=NAME", requires = "on")]
    pub names: Vec<String>,
    /// The turn clock: how long a seat may take, as 36h, 2d, 90m or 45s.
    #[arg(long, value_name = "TIME", requires = "on")]
    pub clock: Option<String>,
    /// What happens when the clock runs out: the bot moves, or the seat passes.
    #[arg(
        long,
        value_name = "bot|skip",
        default_value = "bot",
        requires = "clock"
    )]
    pub at_deadline: String,
    #[command(flatten)]
    pub net: NetArgs,
}

/// How to reach the others.
#[derive(clap::Args, Debug, PartialEq, Clone)]
pub struct NetArgs {
    /// Use no relay (direct addresses only: a LAN, or this machine).
    #[arg(long)]
    pub no_relay: bool,
    /// Use your own relay server (its URL) instead of the public ones.
    #[arg(long, value_name = "URL", conflicts_with = "no_relay")]
    pub relay: Option<String>,
    /// Listen only on this local address (127.0.0.1:0 for a game on one machine);
    /// repeatable. Every interface by default.
    #[arg(long, value_name = "IP:PORT")]
    pub bind: Vec<SocketAddr>,
}

impl NetArgs {
    /// Whether any option was given (otherwise the app's Settings choose the relay).
    pub fn given(&self) -> bool {
        self.no_relay || self.relay.is_some() || !self.bind.is_empty()
    }

    pub fn config(&self) -> NetConfig {
        NetConfig {
            relay: match (&self.relay, self.no_relay) {
                (Some(url), _) => Relay::Own(url.clone()),
                (None, true) => Relay::Off,
                (None, false) => Relay::Public,
            },
            bind: self.bind.clone(),
            secret: None,
        }
    }
}

pub fn run(cmd: OnlineCommand, catalog: &Catalog, out: &mut dyn Write) -> Result<(), CliError> {
    match cmd {
        OnlineCommand::Host {
            game,
            players,
            seed,
            options,
            bots,
            invites,
            output,
            net,
        } => {
            let output = output.unwrap_or_else(|| invites.join("game.json"));
            host(
                catalog, &game, players, seed, &options, &bots, &invites, &output, &net, out,
            )
        }
        OnlineCommand::Serve {
            home,
            tick,
            bot_iterations,
            net,
        } => {
            if !(tick.is_finite() && tick > 0.0) {
                return Err(usage("--tick takes a number of seconds above 0"));
            }
            let args = crate::serve::ServeArgs {
                home,
                net: net.config(),
                tick: Duration::from_secs_f64(tick),
                bot_iterations,
            };
            let games = Catalog {
                games: catalog.games.clone(),
                incompatible: Vec::new(),
            };
            crate::serve::run(args, games, out)
        }
        OnlineCommand::Replay {
            ticket,
            output,
            net,
        } => fetch_replay(&ticket, &output, &net, out),
        OnlineCommand::Join {
            ticket,
            frames,
            once,
            name,
            net,
        } => {
            let ticket = read_ticket(&ticket)?;
            if !frames {
                // `cli::launch` opens the app for this before any command runs.
                return Err(usage(
                    "without --frames, `tavern join TICKET` opens the app at that seat",
                ));
            }
            join_frames(catalog, &ticket, &name, &net, once, out)
        }
    }
}

/// A ticket given as its text or as a file holding it.
pub(crate) fn read_ticket(arg: &str) -> Result<Ticket, CliError> {
    let text = if Path::new(arg).is_file() {
        std::fs::read_to_string(arg).map_err(|e| fail(format!("cannot read {arg}: {e}")))?
    } else {
        arg.to_string()
    };
    text.parse::<Ticket>().map_err(usage)
}

/// `36h`, `2d`, `90m` or `45s` as seconds.
pub(crate) fn parse_duration(text: &str) -> Result<u64, CliError> {
    let t = text.trim();
    let bad = || {
        usage(format!(
            "--clock takes a time such as 36h, 2d, 90m or 45s, not {text:?}"
        ))
    };
    let (num, unit) = t.split_at(t.find(|c: char| !c.is_ascii_digit()).ok_or_else(bad)?);
    let n: u64 = num.parse().map_err(|_| bad())?;
    let secs = match unit {
        "s" => n,
        "m" => n * 60,
        "h" => n * 3600,
        "d" => n * 86_400,
        _ => return Err(bad()),
    };
    if secs == 0 {
        return Err(bad());
    }
    Ok(secs)
}

/// `tavern new GAME --on SERVER_TICKET --invites DIR`: asks the server to make the game
/// and writes the invitations it answers with, as `tavern host` does.
pub fn new_on_server(
    catalog: &Catalog,
    game: &str,
    players: usize,
    options: &[String],
    args: &NewOnServer,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let plugin = find(catalog, game)?;
    let server = read_ticket(args.on.as_deref().unwrap_or_default())?;
    if !server.is_server() {
        return Err(usage(
            "that is a seat's invitation, not a table server's ticket (`tavern serve` prints one)",
        ));
    }
    let invites = args
        .invites
        .as_ref()
        .ok_or_else(|| usage("--on needs --invites DIR, where the seats' tickets go"))?;
    // The same checks as a game here, so a mistake is named before anything is sent.
    make_setup(&plugin, players, 0, options)?;
    let bots = args
        .bots
        .iter()
        .map(|b| parse_bot(b, players))
        .collect::<Result<Vec<_>, _>>()?;
    let mut names = vec![String::new(); players];
    for n in &args.names {
        let (seat, name) = n
            .split_once('=')
            .ok_or_else(|| usage(format!("--name takes SEAT=NAME, not {n:?}")))?;
        let seat = seat_number(seat, players, &format!("--name {n}"))?;
        names[seat - 1] = name.trim().to_string();
    }
    let clock = match &args.clock {
        None => None,
        Some(c) => Some(TurnClock {
            seconds: parse_duration(c)?,
            at_deadline: match args.at_deadline.as_str() {
                "bot" => AtDeadline::Bot,
                "skip" => AtDeadline::Skip,
                other => {
                    return Err(usage(format!(
                        "--at-deadline is bot or skip, not {other:?}"
                    )));
                }
            },
        }),
    };
    let cfg = args.net.config();
    let protocol = tavern_net::proto::PROTOCOL_VERSION;
    // The server commits to its secret first; then our contribution goes with the
    // request, so neither side alone picks the deck.
    let commitment =
        match tavern_net::client::request(&server, &cfg, &ClientMsg::Commit { protocol }) {
            Ok(ServerMsg::Commitment { commitment }) => commitment,
            Ok(_) => return Err(fail("the server answered something else")),
            Err(e) => return Err(fail(format!("the server did not make the game: {e}"))),
        };
    let contribution = tavern_net::deal::random_hex();
    let request = GameRequest {
        game: plugin.info.id.clone(),
        version: plugin.info.version.clone(),
        players,
        options: options.to_vec(),
        names,
        bots,
        clock,
        deal: Some(tavern_net::proto::Contribution {
            commitment: commitment.clone(),
            contribution: contribution.clone(),
        }),
    };
    let msg = ClientMsg::Create { protocol, request };
    let tickets = match tavern_net::client::request(&server, &cfg, &msg) {
        Ok(ServerMsg::Created { tickets }) => tickets,
        Ok(_) => return Err(fail("the server answered something else")),
        Err(e) => return Err(fail(format!("the server did not make the game: {e}"))),
    };
    write_invites(invites, &tickets)?;
    // What to hold the server to when the game is over (`tavern check`).
    let deal = json!({"commitment": commitment, "contribution": contribution});
    write_whole(&invites.join("deal.json"), &format!("{deal:#}\n"))?;
    writeln!(out, "{}", invites.display()).ok();
    Ok(())
}

/// `tavern replay TICKET -o FILE`: the finished game's whole save from the table
/// server, which `tavern check` then verifies.
pub fn fetch_replay(
    ticket: &str,
    output: &Path,
    net: &NetArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let t = read_ticket(ticket)?;
    // Only a save that parses comes back: the server's bytes are input like any.
    let save = crate::online::fetch_replay(&t, &net.config()).map_err(fail)?;
    write_whole(output, &save)?;
    writeln!(out, "{}", output.display()).ok();
    Ok(())
}

/// Writes `DIR/seat-1.ticket` … and `DIR/spectator.ticket` from ticket texts, seats in
/// order and the spectators' last.
fn write_invites(dir: &Path, tickets: &[String]) -> Result<(), CliError> {
    std::fs::create_dir_all(dir)
        .map_err(|e| fail(format!("cannot create {}: {e}", dir.display())))?;
    for (i, t) in tickets.iter().enumerate() {
        let name = if i + 1 == tickets.len() {
            "spectator.ticket".to_string()
        } else {
            format!("seat-{}.ticket", i + 1)
        };
        write_whole(&dir.join(name), &format!("{t}\n"))?;
    }
    Ok(())
}

/// A seat as the command line counts them (from 1), checked against `players`.
fn seat_number(text: &str, players: usize, arg: &str) -> Result<usize, CliError> {
    text.trim()
        .parse()
        .ok()
        .filter(|s| (1..=players).contains(s))
        .ok_or_else(|| usage(format!("{arg}: the seat is a number from 1 to {players}")))
}

/// `SEAT=mcts2` → (seat index from 0, level).
fn parse_bot(spec: &str, players: usize) -> Result<(usize, u8), CliError> {
    let (seat, kind) = spec
        .split_once('=')
        .ok_or_else(|| usage(format!("--bot takes SEAT=KIND, not {spec:?}")))?;
    let seat = seat_number(seat, players, &format!("--bot {spec}"))?;
    let level = match kind.trim() {
        "mcts1" => 1,
        "mcts2" => 2,
        "mcts3" => 3,
        other => {
            return Err(usage(format!(
                "--bot {spec}: the kind is mcts1, mcts2 or mcts3, not {other:?}"
            )));
        }
    };
    Ok((seat - 1, level))
}

/// Writes `text` to `path` whole (a reader polling for the file never sees half).
fn write_whole(path: &Path, text: &str) -> Result<(), CliError> {
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, text)
        .and_then(|_| std::fs::rename(&tmp, path))
        .map_err(|e| fail(format!("cannot write {}: {e}", path.display())))
}

#[allow(clippy::too_many_arguments)]
fn host(
    catalog: &Catalog,
    game: &str,
    players: usize,
    seed: Option<u64>,
    options: &[String],
    bots: &[String],
    invites: &Path,
    output: &Path,
    net: &NetArgs,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let plugin = find(catalog, game)?;
    let seed = seed.unwrap_or_else(rand::random);
    let mut setup = make_setup(&plugin, players, seed, options)?;
    let bots = bots
        .iter()
        .map(|b| parse_bot(b, players))
        .collect::<Result<Vec<_>, _>>()?;
    for &(seat, level) in &bots {
        setup.seats[seat].kind = SeatKind::Bot { level };
        setup.seats[seat].name = format!("Bot {}", seat + 1);
    }
    let seats = crate::online::seat_configs(&setup);
    let session = Session::new(plugin, setup, UndoMode::Learning).map_err(fail)?;
    let backend = SessionBackend::new(session).map_err(fail)?;
    let authority = Authority::new(backend, seats);
    let server: Hosting<SessionBackend> = Hosting::start(&net.config()).map_err(fail)?;
    let g = server.add_game(authority);
    let tickets: Vec<String> = server.tickets(g).iter().map(|t| t.to_string()).collect();
    write_invites(invites, &tickets)?;
    writeln!(out, "{}", invites.display()).ok();
    out.flush().ok();
    // Serve until the game ends, printing what the host should know.
    loop {
        for n in server.take_notes() {
            eprintln!("tavern host: {}", n.text);
        }
        // A look, not a change: `with_authority` would send every viewer its frame
        // again (a duplicate that a `--frames` player would answer twice).
        if server.peek(g, |a| a.is_over()) == Some(true) {
            break;
        }
        server.wait_change(g, Duration::from_millis(500));
    }
    // Let the players see the end (their last frame is queued) before closing.
    for _ in 0..50 {
        if server.viewers(g) == 0 {
            break;
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let saved = server
        .peek(g, |a| crate::save::save(a.backend().session(), output))
        .unwrap_or_else(|| Err(std::io::Error::other("the game is gone")));
    server.close();
    saved.map_err(|e| fail(format!("cannot write {}: {e}", output.display())))
}

/// One frame as a JSON line: the seat's view as `tavern show --json` gives it, its
/// legal list as `tavern legal` does, and `choose` when an answer is read next.
pub fn frame_json(f: &SeatFrame, choose: bool) -> Value {
    let log: Vec<Value> = f
        .log
        .iter()
        .map(|l| json!({"seat": l.seat, "label": l.text, "reveal": l.reveal}))
        .collect();
    let legal: Vec<Value> = f
        .legal
        .iter()
        .enumerate()
        .map(|(i, c)| {
            let mut v = json!({"index": i, "seat": f.viewer, "label": c.label});
            if c.kind == ChoiceKind::Step {
                v["step"] = json!(true);
            }
            v
        })
        .collect();
    json!({
        "game": f.game,
        "seat": f.viewer,
        "revision": f.revision,
        "to_act": f.to_act,
        "over": f.over,
        "status": f.view.status,
        "prompt": f.view.prompt,
        "log": log,
        "outcome": f.outcome,
        "scene": f.view.scene,
        "legal": legal,
        "plan_steps": f.plan_steps,
        "seats": f.seats,
        "undo_vote": f.undo_vote,
        "choose": choose,
    })
}

fn join_frames(
    catalog: &Catalog,
    ticket: &Ticket,
    name: &str,
    net: &NetArgs,
    once: bool,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    if ticket.is_server() {
        return Err(usage(
            "that is a table server's ticket: join a game there with a seat's ticket \
             (`tavern new GAME --on TICKET --invites DIR` makes one)",
        ));
    }
    let plugin = catalog.get(&ticket.game).ok_or_else(|| {
        fail(format!(
            "this invitation is for {}, which is not installed here",
            ticket.game
        ))
    })?;
    let mut remote =
        Remote::connect(ticket, &net.config(), &plugin.info.version, name).map_err(fail)?;
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let print = |out: &mut dyn Write, v: Value| {
        writeln!(out, "{v}").ok();
        out.flush().ok();
    };
    let needs_answer = |f: &SeatFrame| {
        !f.over
            && (!f.legal.is_empty()
                || f.undo_vote
                    .as_ref()
                    .is_some_and(|v| f.viewer.is_some_and(|s| v.waiting.contains(&s))))
    };
    // With --once: the number of this seat's log entries when its decision was sent;
    // the decision is made once a frame shows one more (a refusal asks again).
    let mine = |f: &SeatFrame| {
        f.log
            .iter()
            .filter(|l| l.seat.is_some() && l.seat == f.viewer)
            .count()
    };
    let mut decided: Option<usize> = None;
    loop {
        // Everything that has arrived; the last frame is printed with "choose": true
        // when this seat must answer it, and one line is read for it.
        let mut event = remote.next(Duration::from_secs(3600));
        let mut held: Option<SeatFrame> = None;
        let mut refused = false;
        while let Some(e) = event {
            match e {
                Event::Frame => {
                    if let Some(h) = held.take() {
                        print(out, frame_json(&h, false));
                    }
                    held = remote.latest().cloned();
                }
                Event::Error { code, message } => {
                    print(out, json!({"error": code, "message": message}));
                    refused = true;
                    decided = None;
                }
                // The answer to "hint"; the same list is asked again after it.
                Event::Hint(h) => {
                    print(out, json!({ "hint": h }));
                    refused = true;
                }
                Event::Closed(why) => {
                    if let Some(h) = held.take() {
                        print(out, frame_json(&h, false));
                    }
                    return match remote.latest() {
                        Some(f) if f.over => Ok(()),
                        _ => Err(fail(format!("the connection ended: {why}"))),
                    };
                }
            }
            event = remote.poll();
        }
        let f = match held {
            Some(f) => f,
            // Only a refusal came: the same list is asked again.
            None if refused => match remote.latest() {
                Some(f) => f.clone(),
                None => continue,
            },
            None => continue,
        };
        let done = decided.is_some_and(|n| mine(&f) > n);
        let ask = needs_answer(&f) && !(once && done);
        print(out, frame_json(&f, ask));
        if f.over || (once && (done || (!ask && decided.is_none()))) {
            remote.close();
            return Ok(());
        }
        if !ask {
            continue;
        }
        loop {
            let Some(Ok(line)) = lines.next() else {
                remote.close();
                return Err(fail("stdin ended before the game did"));
            };
            match line.trim() {
                "undo" => remote.undo(),
                "cancel" => remote.cancel_plan(),
                "yes" => remote.vote(true),
                "no" => remote.vote(false),
                "hint" => remote.hint(),
                n => match n.parse::<usize>() {
                    Ok(i) => {
                        let step = f.legal.get(i).is_some_and(|c| c.kind == ChoiceKind::Step);
                        if !step {
                            decided = Some(mine(&f));
                        }
                        remote.act(i)
                    }
                    Err(_) => {
                        let m = format!("not an index, undo, cancel, hint, yes or no: {n:?}");
                        print(out, json!({"error": "usage", "message": m}));
                        print(out, frame_json(&f, true));
                        continue;
                    }
                },
            }
            break;
        }
    }
}
