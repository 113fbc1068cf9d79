// The static site's play page (`play?size=N&seed=S` or `play?board=…`):
// the server's game page (game.js) on the visitor's own machine. The game
// itself (the board, its score, the human solver streaming its moves when
// watched, the optimal distance for hints) is the server's own, run by
// fifteen in the worker (crates/web, `game`); a LocalLink carries the
// game's messages to it as the server's websocket would.
import { Game } from "./game.js";
import { el } from "./viewer.js";

// A link to the game in the worker with the websocket's shape: send(text),
// close(), readyState, and onopen / onmessage({data}) / onclose.
class LocalLink {
  constructor(fifteen, board, onFailed) {
    this.fifteen = fifteen;
    this.readyState = 0;
    this.onFailed = onFailed;
    this.timer = null;
    // The game's answers, in order: one request at a time.
    this.queue = Promise.resolve();
    this.ask({ start: board });
  }

  // Asks the game; hands on what it sends back, and while the solver is
  // watched, asks for its next move after the delay the game keeps.
  ask(message) {
    this.queue = this.queue.then(async () => {
      if (this.readyState === 3) return;
      try {
        const { ok } = await this.fifteen.ask({ op: "game", ...message });
        if (this.readyState === 3) return;
        // Open once the game has its board, as a socket opens before the
        // server's first state.
        if (this.readyState === 0) {
          this.readyState = 1;
          if (this.onopen) this.onopen();
        }
        for (const text of ok.messages) if (this.onmessage) this.onmessage({ data: text });
        clearTimeout(this.timer);
        if (ok.delay_ms != null) this.timer = setTimeout(() => this.ask({ tick: true }), ok.delay_ms);
      } catch (err) {
        this.onFailed(err);
        this.close(1011, err.message);
      }
    });
    return this.queue;
  }

  send(text) {
    this.ask({ message: text });
  }

  close(code, reason) {
    if (this.readyState === 3) return;
    this.readyState = 3;
    clearTimeout(this.timer);
    if (this.onclose) this.onclose({ code: code || 1000, reason: reason || "" });
  }
}

export async function playPage({ fifteen, status, boardAsked, ensureTables }) {
  status.doing("dealing the board");
  const asked = await boardAsked();
  const first = asked.cells ? asked : (await fifteen.ask({ op: "scramble", ...asked })).ok;
  const { rows, cols } = first;
  // Hints of the optimal solver on a 4×4 need its tables.
  await ensureTables(rows, cols);
  status.done();
  // New game deals the next seed's board of the same shape.
  let seed = Number(new URLSearchParams(location.search).get("seed")) || 0;
  let board = first;
  const next = () => {
    const dealt = board || { rows, cols, seed: ++seed };
    board = null;
    return new LocalLink(fifteen, dealt, (err) => status.failed(err.message));
  };
  const root = el("div", { class: "viewer game", id: "viewer" });
  document.body.append(root);
  window.fifteen = new Game(root, next);
  root.dataset.ready = "true";
}
