//! `fifteen serve`: the websocket game server and its page.

use std::net::{SocketAddr, ToSocketAddrs};
use std::time::Duration;

use clap::Args;
use fifteen_core::Scramble;
use fifteen_net::ServerConfig;

use super::board_source::ScrambleArgs;
use super::error::CliError;
use super::numbers::{positive_count, positive_real, whole};

pub const SERVE_HELP: &str = "\
Boards are 3×3 unless --size or --rows/--cols say otherwise, at most 10 000
cells (100×100). Every websocket connection (at /eight/ws, the path older clients use, or /ws) is a new
game. With --seed S the i-th game of the server's life gets a board derived
from S and i, so runs can be replayed; without it a seed is drawn and
printed. Open http://ADDR/ in a browser to play with the arrow keys or watch
the human solver; on boards of up to 16 cells the page shows the optimal
number of moves left, and B (or Best move) the optimal move. The viewer's
pages play a whole solve: /replay?r=PAYLOAD (a slidysim replay link with
its host swapped), /watch?size=N&seed=S and /solve?board=1 2 3/4 5 6/7 8 0.
Pages are made by --page-workers threads of their own, each within
--page-seconds (else 504); past --page-queue waiting they are refused
with 503, past --per-client in flight from one address with 429; /watch
and /solve pages are made once and kept. /healthz and /metrics (the
Prometheus text format) say how busy it is. One line per game and per
page is logged on stderr. Ctrl-C stops. docs/serve.md says how to host it
for others.";

#[derive(Args, Debug)]
pub struct ServeCommand {
    /// Address to listen on: HOST:PORT, the host a name or an IP address
    /// (port 0: any free port).
    #[arg(long, value_name = "HOST:PORT", default_value = "127.0.0.1:8080")]
    addr: String,
    #[command(flatten)]
    board: ScrambleArgs,
    /// Most games open at once; more connections are refused (close code 1013).
    #[arg(long, value_name = "N", default_value_t = 1024, value_parser = positive_count)]
    max_games: usize,
    /// Close a game after this many seconds without a message.
    #[arg(long, value_name = "SECS", default_value_t = 300.0, value_parser = positive_real)]
    idle: f64,
    /// Close a connection whose request headers are not all in after this
    /// many seconds (the slow-headers attack).
    #[arg(long, value_name = "SECS", default_value_t = 5.0, value_parser = positive_real)]
    header_timeout: f64,
    /// Threads that make the viewer's pages [default: one per core].
    #[arg(long, value_name = "N", value_parser = positive_count)]
    page_workers: Option<usize>,
    /// Pages that may wait for a worker; more are refused with 503.
    #[arg(long, value_name = "N", default_value_t = 8, value_parser = whole)]
    page_queue: u64,
    /// Seconds a page may take to make (and to wait for a worker); past it 504.
    #[arg(long, value_name = "SECS", default_value_t = 5.0, value_parser = positive_real)]
    page_seconds: f64,
    /// Seconds a replay page's sharper par may take, on a worker of its own
    /// (the page asks for it once shown; past it the page keeps its par).
    #[arg(long, value_name = "SECS", default_value_t = fifteen_net::SHARPER_SECONDS, value_parser = positive_real)]
    sharper_seconds: f64,
    /// Page requests one client address may have in flight; more get 429.
    #[arg(long, value_name = "N", default_value_t = 4, value_parser = positive_count)]
    per_client: usize,
    /// Behind a reverse proxy on this machine: count a request from a
    /// loopback address against the last address of its X-Forwarded-For.
    #[arg(long)]
    behind_proxy: bool,
}

/// The address to listen on: `HOST:PORT` resolved now (a name such as
/// `localhost` is looked up), the first address it names.
fn listen_address(text: &str) -> Result<SocketAddr, CliError> {
    let bad = |why: String| CliError::Usage(format!("--addr {text}: {why}"));
    if !text.contains(':') {
        return Err(bad("give a host and a port, like 127.0.0.1:8080 or localhost:8080".into()));
    }
    let mut addresses = text.to_socket_addrs().map_err(|e| bad(e.to_string()))?;
    addresses.next().ok_or_else(|| bad("the name has no address".into()))
}

/// A flag's seconds as a duration: positive, and not so large or so small
/// that no duration holds it.
fn seconds(flag: &str, secs: f64) -> Result<Duration, CliError> {
    Duration::try_from_secs_f64(secs)
        .ok()
        .filter(|d| !d.is_zero())
        .ok_or_else(|| CliError::Usage(format!("{flag} {secs} is not a positive number of seconds")))
}

pub fn run(cmd: ServeCommand) -> Result<(), CliError> {
    let (rows, cols) = cmd.board.shape(3);
    let mut config = ServerConfig::new(rows, cols)?;
    let addr = listen_address(&cmd.addr)?;
    config.scramble = cmd.board.walk.map_or(Scramble::Uniform, Scramble::Walk);
    config.seed = cmd.board.seed();
    config.max_games = cmd.max_games;
    // The page's "optimal: N moves left": the same tables as `solve --solver
    // optimal`, loaded off the game loop by the first search; searches on
    // every core. A replay page's near par uses the near solver's tables
    // only where they are built already: a visitor's 6×6 must not start a
    // build of minutes.
    let tables = super::pdb::announcing("fifteen serve: optimal distances by").never_building_near();
    config.tables = std::sync::Arc::new(tables);
    config.optimal_threads = super::pdb::cores();
    if cmd.max_games == 0 {
        return Err(CliError::Usage("--max-games must be at least 1".into()));
    }
    config.idle_timeout = seconds("--idle", cmd.idle)?;
    config.header_timeout = seconds("--header-timeout", cmd.header_timeout)?;
    config.page_workers = cmd.page_workers.unwrap_or_else(super::pdb::cores);
    config.page_queue = usize::try_from(cmd.page_queue).unwrap_or(usize::MAX);
    config.page_seconds = seconds("--page-seconds", cmd.page_seconds)?;
    config.sharper_seconds = seconds("--sharper-seconds", cmd.sharper_seconds)?;
    config.per_client = cmd.per_client;
    config.behind_proxy = cmd.behind_proxy;
    let seed = config.seed;
    let mixing = match config.scramble {
        Scramble::Uniform => "uniform".to_string(),
        Scramble::Walk(k) => format!("{k}-move walks"),
        other => format!("{other:?}"),
    };
    fifteen_net::serve_until_signal(addr, config, |addr| {
        eprintln!(
            "fifteen serve: http://{addr}/ ({rows}×{cols} boards, {mixing}, seed {seed}); \
             websocket at ws://{addr}/eight/ws and /ws; Ctrl-C stops"
        );
    })?;
    eprintln!("fifteen serve: stopped");
    Ok(())
}
