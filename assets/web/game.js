// fifteen's game page (`GET /` of `fifteen serve`): plays the board the
// server deals over its websocket, and watches the human solver finish it,
// drawn by the viewer's board and laid out as the viewer's pages are
// (viewer.js). The protocol (crates/net/src/protocol.rs, docs/serve.md): states
// {"Board":[…],"Status":…,"Score":n} with Rows and Cols and, while
// watching, Phase, Target, Region, Title and Travel; moves {"Move":"left"},
// naming where the blank goes. The page asks for the optimal distance
// ({"Optimal":true}); the server then follows a state, once it knows, with
// {"Optimal":{"Score":n,"Moves":m,"Best":"left","Tile":t}} (or "Error").
//
// The static site's play page (play.js) runs the same game in the
// visitor's browser: its `connect` gives the game a link to fifteen in a
// worker that speaks the same messages.
import { OUTLINE, TEXT, Pane, el, helpBox, sayParts, side, typingIn } from "./viewer.js";

// Arrow keys name the way a tile slides; the server wants the blank's way.
const KEYS = { ArrowLeft: "right", ArrowRight: "left", ArrowUp: "down", ArrowDown: "up" };
// The way the tile slides when the blank goes this way, as a word and an arrow.
const TILE_WAY = { left: "right", right: "left", up: "down", down: "up" };
const ARROWS = { left: "←", right: "→", up: "↑", down: "↓" };
// The optimal solver takes boards of up to 16 cells.
const MAX_OPTIMAL_CELLS = 16;
// Watch's speeds: the milliseconds between the solver's moves.
const SPEEDS = [["slow", 700], ["normal", 250], ["fast", 80], ["very fast", 15]];
// A move slides for at most this long (less when the next comes sooner).
const SLIDE_MS = 120;

const KEY_HELP = [
  ["← → ↑ ↓", "slide a tile into the gap"],
  ["click", "slide the tile clicked"],
  ["Space", "watch / stop"],
  ["B", "best move (up to 16 cells)"],
  ["F", "follow the line (big boards)"],
  ["?", "this help"],
];

// The board as the server last sent it, read by the viewer's board as it
// reads a replayed solve: cells, marks, the move that just slid.
class LiveBoard {
  constructor(rows, cols) {
    this.rows = rows;
    this.cols = cols;
    const n = rows * cols;
    this.cells = new Int32Array(n);
    this.pos = new Int32Array(n);
    // Tiles of the watched solve's finished placements are shaded when home.
    this.lockedAt = new Float64Array(n).fill(Infinity);
    this.placed = new Set();
    this.blank = 0;
    this.cursor = 0;
    this.count = 0;
    this.state = null;
    this.last = null;
    this.manhattan = 0;
    this.startManhattan = null;
  }

  // Takes a state; returns whether it is one move on from the one before.
  update(state) {
    const before = this.state, oldBlank = this.blank;
    const cells = state.Board;
    this.manhattan = 0;
    for (let i = 0; i < cells.length; i++) {
      const tile = cells[i];
      this.cells[i] = tile;
      this.pos[tile] = i;
      if (tile) this.manhattan += this.distance(tile, i);
    }
    this.blank = this.pos[0];
    this.cursor = this.count = state.Score;
    if (this.startManhattan == null || state.Score === 0) this.startManhattan = this.manhattan;
    // A placement is done when the next one starts: its tiles are locked.
    const targets = state.Target || [];
    if (!state.Phase) this.placed.clear();
    else if (before && before.Target && before.Target.join() !== targets.join()) before.Target.forEach((t) => this.placed.add(t));
    targets.forEach((t) => this.placed.delete(t));
    this.lockedAt.fill(Infinity);
    for (const t of this.placed) if (this.pos[t] === t - 1) this.lockedAt[t] = 0;
    const stepped = before && state.Score === before.Score + 1 && this.cells[oldBlank] !== 0;
    const near = Math.abs(oldBlank - this.blank) === this.cols || Math.abs(oldBlank - this.blank) === 1;
    this.last = stepped && near ? { tile: this.cells[oldBlank], from: this.blank, to: oldBlank } : null;
    this.state = state;
    return this.last != null;
  }

  distance(tile, cell) {
    const home = tile - 1;
    return Math.abs(Math.floor(home / this.cols) - Math.floor(cell / this.cols)) + Math.abs((home % this.cols) - (cell % this.cols));
  }

  // The move that just slid (the tile is already in its new cell).
  slide() {
    return this.last;
  }

  marks() {
    const st = this.state;
    const solved = st.Status === "complete";
    if (!st.Phase) return { placement: null, phase: null, target: null, solved };
    const r = st.Region;
    const area = r && r.Bottom > r.Top && r.Right > r.Left ? [r.Top, r.Left, r.Bottom, r.Right] : null;
    const title = st.Title || st.Phase + ", placing " + (st.Target || []).join(" + ");
    return {
      placement: { tiles: st.Target || [], title },
      phase: { name: st.Phase, area },
      target: st.Travel ? { tile: st.Travel.Tile, to: st.Travel.To } : null,
      solved,
    };
  }

  routeCells() {
    return [];
  }
}

// The server's game over its websocket, at `ws` beside the page.
function serverSocket() {
  const url = new URL("ws", location.href);
  url.protocol = location.protocol === "https:" ? "wss:" : "ws:";
  return new WebSocket(url.href);
}

// The page: the board, its header, the panel, the link to the game
// (`connect()` makes one: the server's websocket, or the site's worker,
// anything with send, close, readyState and the socket's on* handlers).
class Game {
  constructor(root, connect = serverSocket) {
    this.root = root;
    this.connectTo = connect;
    this.socket = null;
    this.board = null;
    this.pane = null;
    this.whole = false;
    this.follow = false;
    this.watching = false;
    this.over = true;
    // The optimal distance of the position on screen, once the server sends it.
    this.optimal = null;
    // The fewest moves that solve the board dealt, once known.
    this.dealtOptimal = null;
    this.showBest = false;
    this.slidAt = 0;
    this.slideMs = SLIDE_MS;
    this.dirty = true;
    this.build();
    addEventListener("keydown", (e) => this.key(e));
    addEventListener("resize", () => (this.dirty = true));
    new ResizeObserver(() => (this.dirty = true)).observe(this.wrap);
    requestAnimationFrame((t) => this.tick(t));
    this.connect();
  }

  build() {
    const main = el("main");
    const { title, subtitle, canvas, wrap, section } = side("", "the board");
    this.title = title;
    this.subtitle = subtitle;
    this.canvas = canvas;
    this.wrap = wrap;
    this.help = helpBox(KEY_HELP);
    wrap.append(this.help);
    canvas.addEventListener("click", (e) => this.clicked(e));
    main.append(el("div", { class: "sides" }, section));
    this.heading = el("h1", {}, "PLAY");
    this.status = el("dd", { id: "status" }, "connecting…");
    this.score = el("dd", { id: "score" }, "0");
    this.manhattan = el("dd", { id: "manhattan" }, "");
    this.startManhattan = el("dd", {}, "");
    const stats = el(
      "dl",
      { class: "stats", id: "stats" },
      el("dt", {}, "status"),
      this.status,
      el("dt", {}, "moves"),
      this.score,
      el("dt", {}, "Manhattan now"),
      this.manhattan,
      el("dt", {}, "Manhattan at start"),
      this.startManhattan,
    );
    this.optimalLine = el("p", { class: "optimal", id: "optimal", "aria-live": "polite", hidden: "" }, "optimal: …");
    const button = (label, id, name, fn) => el("button", { type: "button", id, title: name, onclick: fn }, label);
    this.watchButton = button("Watch", "watch", "Space: let the human strategy finish the board", () => this.toggleWatch());
    this.speed = el("select", { id: "speed", title: "how fast Watch plays", onchange: () => this.speedChanged() });
    for (const [name, ms] of SPEEDS) this.speed.append(el("option", { value: String(ms) }, name));
    this.speed.value = "250";
    this.bestButton = button("Best move", "best", "B: show or hide the optimal move", () => this.toggleBest());
    this.bestButton.setAttribute("aria-pressed", "false");
    const controls = el(
      "div",
      { class: "controls" },
      this.watchButton,
      el("label", {}, "speed ", this.speed),
      this.bestButton,
      button("New game", "new", "a new connection, a new board", () => this.connect()),
    );
    const panel = el(
      "aside",
      { class: "panel" },
      this.heading,
      stats,
      this.optimalLine,
      controls,
      el(
        "p",
        { class: "note" },
        "Arrow keys slide a tile into the gap (← slides the tile right of the gap left), or click a tile next to the gap. ",
        "A tile's colour says where it belongs. Watch lets the human strategy finish the board line by line: ",
        "the line being built is outlined, the homes of the tiles being placed are ringed, the tile on its way is framed.",
      ),
      (this.optimalNote = el(
        "p",
        { class: "note", hidden: "" },
        "Optimal is the fewest moves that solve the position on screen (on boards of up to 16 cells); Best move (B) marks the tile to slide.",
      )),
      el("p", { class: "note" }, "←→↑↓ slide · Space watch · B best · F follow · ? help"),
    );
    this.root.append(main, panel);
  }

  connect() {
    if (this.socket) {
      this.socket.onclose = null;
      this.socket.close(1000, "new game");
    }
    const socket = this.connectTo();
    this.socket = socket;
    this.setStatus("connecting…", "");
    this.watching = false;
    this.over = true;
    this.optimal = null;
    this.dealtOptimal = null;
    if (this.board) this.board.startManhattan = null;
    this.controls();
    socket.onopen = () => this.send({ Optimal: true });
    socket.onmessage = (e) => {
      let message;
      try {
        message = JSON.parse(e.data);
      } catch (err) {
        return;
      }
      if (message && message.Optimal) this.learn(message.Optimal);
      else this.show(message);
    };
    socket.onclose = (e) => {
      this.watching = false;
      this.over = true;
      this.setStatus("disconnected" + (e.reason ? ": " + e.reason : "") + " (press New game)", "error");
      this.controls();
      this.dirty = true;
    };
  }

  send(message) {
    // 1: the socket's OPEN.
    if (this.socket && this.socket.readyState === 1) this.socket.send(JSON.stringify(message));
  }

  show(state) {
    if (!state || !Array.isArray(state.Board)) return;
    const n = state.Board.length;
    const rows = state.Rows || Math.round(Math.sqrt(n));
    const cols = state.Cols || Math.round(n / rows);
    if (!this.board || this.board.rows !== rows || this.board.cols !== cols) {
      this.board = new LiveBoard(rows, cols);
      this.pane = new Pane(this, this.board, this.canvas, this.wrap);
      this.pane.overlay = (g, v) => this.drawBest(g, v);
      this.follow = n >= 2500;
      this.heading.textContent = `PLAY ${rows}×${cols}`;
    }
    const previous = this.board.state;
    if (!previous || state.Score !== previous.Score) this.optimal = null;
    if (this.board.update(state)) {
      const now = performance.now();
      // A move slides for as long as there is before the next one.
      this.slideMs = Math.min(SLIDE_MS, this.watching ? Number(this.speed.value) : SLIDE_MS, Math.max(1, now - this.slidAt));
      this.slidAt = now;
    }
    const status = String(state.Status);
    this.setStatus(status, status.startsWith("error") ? "error" : status === "complete" ? "complete" : "");
    this.over = status === "complete";
    this.watching = !!state.Phase && !this.over;
    this.controls();
    this.dirty = true;
  }

  // An optimal distance: kept if it is for the position on screen (the
  // server sends it only then, but a move may be on its way back).
  learn(answer) {
    if (answer.Score === 0 && typeof answer.Moves === "number") this.dealtOptimal = answer.Moves;
    if (this.board && this.board.state && answer.Score === this.board.state.Score) {
      this.optimal = answer;
      this.dirty = true;
    }
  }

  small() {
    return !!this.board && this.board.cells.length <= MAX_OPTIMAL_CELLS;
  }

  // The best move shown: its tile and the way it slides, or null.
  best() {
    const o = this.optimal;
    return this.small() && this.showBest && o && typeof o.Moves === "number" && o.Best && o.Tile ? { tile: o.Tile, way: TILE_WAY[o.Best] } : null;
  }

  // The best move's tile: a dashed frame and the arrow of its way.
  drawBest(g, v) {
    const best = this.best();
    if (!best) return;
    const c = v.cell;
    const [x, y] = this.pane.at(v, this.board.pos[best.tile]);
    const w = Math.max(2, c * 0.05), inset = c * 0.1;
    g.setLineDash([c * 0.1, c * 0.07]);
    for (const [width, colour] of [[w + 2, OUTLINE], [w, TEXT]]) {
      g.lineWidth = width;
      g.strokeStyle = colour;
      g.strokeRect(x + inset, y + inset, c - 2 * inset, c - 2 * inset);
    }
    g.setLineDash([]);
    g.font = `700 ${Math.max(10, c * 0.26)}px system-ui, sans-serif`;
    g.textAlign = "center";
    g.textBaseline = "middle";
    g.lineWidth = 3;
    g.strokeStyle = OUTLINE;
    g.strokeText(ARROWS[best.way], x + c * 0.78, y + c * 0.24);
    g.fillStyle = TEXT;
    g.fillText(ARROWS[best.way], x + c * 0.78, y + c * 0.24);
  }

  // "optimal: 23 moves left" in the panel, as the window's side panel says
  // it; with Best move on, the tile to slide and its way.
  optimalText() {
    const o = this.optimal;
    if (!o) return "optimal: …";
    if (typeof o.Moves !== "number") return "optimal: unavailable (" + o.Error + ")";
    let text = o.Moves === 0 ? "optimal: solved" : `optimal: ${o.Moves} ${o.Moves === 1 ? "move" : "moves"} left`;
    const best = this.best();
    if (best) text += `, best: slide ${best.tile} ${best.way}`;
    return text;
  }

  toggleBest() {
    this.showBest = !this.showBest;
    this.bestButton.setAttribute("aria-pressed", String(this.showBest));
    this.dirty = true;
  }

  toggleWatch() {
    if (this.watching) this.send({ Stop: true });
    else if (!this.over) this.send({ Watch: Number(this.speed.value) });
  }

  speedChanged() {
    if (this.watching) this.send({ Watch: Number(this.speed.value) });
  }

  setStatus(text, kind) {
    this.status.textContent = text;
    this.status.className = kind;
  }

  controls() {
    this.watchButton.textContent = this.watching ? "Stop" : "Watch";
    this.watchButton.disabled = this.over && !this.watching;
  }

  // A click on a tile next to the gap slides it.
  clicked(e) {
    if (!this.pane) return;
    const box = this.canvas.getBoundingClientRect();
    const i = this.pane.cellAt(e.clientX - box.left, e.clientY - box.top);
    const blank = this.board.blank, cols = this.board.cols;
    const sameRow = Math.floor(i / cols) === Math.floor(blank / cols);
    if (i < 0) return;
    if (i === blank - 1 && sameRow) this.send({ Move: "left" });
    else if (i === blank + 1 && sameRow) this.send({ Move: "right" });
    else if (i === blank - cols) this.send({ Move: "up" });
    else if (i === blank + cols) this.send({ Move: "down" });
  }

  key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || typingIn(e)) return;
    const k = e.key;
    if (KEYS[k]) this.send({ Move: KEYS[k] });
    else if (k === "b" || k === "B") this.toggleBest();
    else if (k === " " || k === "Spacebar") this.toggleWatch();
    else if (k === "f" || k === "F") this.follow = !this.follow;
    else if (k === "?") this.help.classList.toggle("shown");
    else return;
    e.preventDefault();
    this.dirty = true;
  }

  tick(now) {
    const sliding = this.board && this.board.last && now - this.slidAt < this.slideMs;
    if (this.pane) this.pane.tween = sliding ? (now - this.slidAt) / this.slideMs : null;
    const panning = this.pane && this.pane.moving;
    if (this.dirty || sliding || panning || (this.pane && this.pane.tween == null && this.wasSliding)) {
      this.draw();
      this.dirty = false;
    }
    this.wasSliding = sliding;
    requestAnimationFrame((t) => this.tick(t));
  }

  draw() {
    if (this.pane) this.pane.draw();
    this.texts();
  }

  // The header, the panel and the page's state (data-*).
  texts() {
    const b = this.board, st = b && b.state;
    const mark = this.pane && this.pane.mark;
    let title = "Slide the tiles home, or press Watch";
    if (mark && mark.placement) title = (this.over ? "Solved. Last: " : "Watching: ") + mark.placement.title;
    else if (st && this.over) {
      const fewest = this.dealtOptimal == null ? "" : ` (the fewest possible: ${this.dealtOptimal})`;
      title = `Solved in ${st.Score} moves${fewest}.`;
    }
    this.title.textContent = title;
    const doing = this.watching ? "watching the human solver" : this.over ? "solved" : "your move";
    sayParts(this.subtitle, b ? `${b.rows}×${b.cols} board   move ${st.Score}   ${doing}` : "");
    if (st) {
      this.score.textContent = String(st.Score);
      this.manhattan.textContent = String(b.manhattan);
      this.startManhattan.textContent = String(b.startManhattan);
    }
    const small = this.small();
    this.optimalLine.hidden = !small;
    this.bestButton.hidden = !small;
    this.optimalNote.hidden = !small;
    this.optimalLine.textContent = this.optimalText();
    const ds = this.root.dataset;
    const best = this.best();
    ds.score = st ? String(st.Score) : "";
    ds.status = this.status.textContent;
    ds.phase = st && st.Phase ? st.Phase : "";
    ds.title = title;
    ds.targets = st && st.Target ? st.Target.join(" ") : "";
    ds.travel = st && st.Travel ? `${st.Travel.Tile} ${st.Travel.To}` : "";
    ds.best = best ? String(best.tile) : "";
    ds.follow = String(this.follow);
    ds.solved = String(this.over);
  }

  // The board as last drawn (the tests read it), or null before it is.
  shown() {
    return this.board && !this.dirty ? Array.from(this.board.cells) : null;
  }
}

// The server's game page starts here; the site's play page (play.js)
// starts its own.
if (!document.body.classList.contains("fifteen-site")) {
  const root = el("div", { class: "viewer game", id: "viewer" });
  document.body.append(root);
  window.fifteen = new Game(root);
  root.dataset.ready = "true";
}

export { Game };
