// The static site's training page (`train`, `train?r=PAYLOAD`): drills
// made from a person's own weak lines, as `fifteen train` makes them. The
// worker (crates/web, `train_*`) coaches the links, makes the plan (the
// costliest kinds of line first, Leitner's boxes from the history), gives
// each drill its par and weighs each attempt; this page deals the drill's
// board, lets the person build its line by hand (the clock from the first
// move, done when the line and those before it are home), shows the
// result with fifteen's way played beside the attempt, and keeps every
// attempt and the plan in the browser's IndexedDB (database `fifteen`,
// stores `attempts` and `kept`): one transaction an attempt, so a tab
// closed mid-write or two tabs at once lose none. The history goes out and
// comes in as the command's JSON lines (`fifteen train --export`/`--import`).
import { Pane, el, helpBox, sayParts, side, typingIn } from "./viewer.js";

// Arrow keys name the way a tile slides, as fifteen's move letters do.
const KEYS = { ArrowLeft: "L", ArrowRight: "R", ArrowUp: "U", ArrowDown: "D" };
// Where the blank goes when a tile slides each way: [rows, cols].
const BLANK_GOES = { L: [0, 1], R: [0, -1], U: [1, 0], D: [-1, 0] };
// The kept plan's key in the `kept` store.
const PLAN_KEY = "train-plan";
// A move's letter in words: the way the tile slides.
const WAYS = { L: "left", R: "right", U: "up", D: "down" };
// A way or an attempt played back: the milliseconds between moves.
const PLAYBACK_MS = 160;

const KEY_HELP = [
  ["← → ↑ ↓", "slide a tile into the gap"],
  ["click", "slide the tile clicked"],
  ["R", "try the drill again"],
  ["C", "fifteen's way through it (also first)"],
  ["S", "the next drill"],
  ["Esc", "stop: back to the plan"],
  ["?", "this help"],
];

// A drill's board as the viewer's board (Pane) reads it: the cells, where
// each tile is, the tiles home above and left of the line shaded, the line
// outlined.
class DrillBoard {
  constructor(drill) {
    const { planned, area } = drill;
    this.rows = planned.rows;
    this.cols = planned.cols;
    this.start = planned.board.split("/").flatMap((row) => row.trim().split(/\s+/).map(Number));
    this.area = area;
    this.top = planned.top;
    this.left = planned.left;
    this.after = drill.after;
    const n = this.rows * this.cols;
    this.cells = new Int32Array(n);
    this.pos = new Int32Array(n);
    this.lockedAt = new Float64Array(n);
    this.reset();
  }

  reset() {
    this.start.forEach((tile, i) => {
      this.cells[i] = tile;
      this.pos[tile] = i;
    });
    this.blank = this.pos[0];
    this.cursor = 0;
    this.last = null;
    this.shade();
  }

  // Slides the tile that goes `letter`'s way into the gap; false when
  // there is none.
  move(letter) {
    const [dr, dc] = BLANK_GOES[letter];
    const r = Math.floor(this.blank / this.cols) + dr, c = (this.blank % this.cols) + dc;
    if (r < 0 || r >= this.rows || c < 0 || c >= this.cols) return false;
    const from = r * this.cols + c, tile = this.cells[from];
    this.cells[this.blank] = tile;
    this.pos[tile] = this.blank;
    this.cells[from] = 0;
    this.pos[0] = from;
    this.last = { tile, from, to: this.blank };
    this.blank = from;
    this.cursor += 1;
    this.shade();
    return true;
  }

  // The cell's tile when everything is home (the blank last).
  home(i) {
    return i === this.cells.length - 1 ? 0 : i + 1;
  }

  // Tiles home above or left of the unsolved rectangle are shaded.
  shade() {
    for (let i = 0; i < this.cells.length; i++) {
      const tile = this.cells[i];
      const before = Math.floor(i / this.cols) < this.top || i % this.cols < this.left;
      if (tile) this.lockedAt[tile] = before && tile === this.home(i) ? 0 : Infinity;
    }
  }

  // Whether the line and everything above and left of what it leaves
  // are home (the worker weighs it and has the last word).
  done() {
    const [top, left] = this.after;
    for (let i = 0; i < this.cells.length; i++) {
      const outside = Math.floor(i / this.cols) < top || i % this.cols < left;
      if (outside && this.cells[i] !== this.home(i)) return false;
    }
    return true;
  }

  marks() {
    return { placement: null, phase: { name: "drill", area: this.area }, target: null, solved: false };
  }

  slide() {
    return this.last;
  }

  routeCells() {
    return [];
  }
}

// --- the history and the plan, kept in the browser -------------------------

async function allAttempts(storage) {
  const db = await storage();
  return new Promise((resolve, reject) => {
    const get = db.transaction("attempts").objectStore("attempts").getAll();
    get.onsuccess = () => resolve(get.result);
    get.onerror = () => reject(get.error);
  });
}

// Adds attempts (JSON lines) in one transaction: all of them or none.
async function addAttempts(storage, lines) {
  const db = await storage();
  await new Promise((resolve, reject) => {
    const tx = db.transaction("attempts", "readwrite");
    for (const line of lines) tx.objectStore("attempts").add(line);
    tx.oncomplete = resolve;
    tx.onerror = () => reject(tx.error);
    tx.onabort = () => reject(tx.error || new Error("the history was not written"));
  });
}

// --- the page --------------------------------------------------------------

class Training {
  constructor({ fifteen, status, ensureTables, storage, kept, keep }) {
    Object.assign(this, { fifteen, status, ensureTables, storage, kept, keep });
    this.plan = null;
    this.left = new Set();
    this.drill = null;
    // "drill" or "moves" (the move game), once one is under way.
    this.mode = null;
    this.questions = [];
    this.answered = false;
    this.index = -1;
    this.moves = [];
    this.startedAt = null;
    this.finished = false;
    this.weighing = false;
    this.playback = null;
    this.follow = false;
    this.playing = false;
    this.whole = false;
    this.dirty = true;
    this.build();
    addEventListener("keydown", (e) => this.key(e));
    addEventListener("resize", () => (this.dirty = true));
    requestAnimationFrame(() => this.tick());
  }

  build() {
    this.root = el("div", { class: "viewer game train", id: "viewer" });
    const mine = side("", "the drill's board");
    const way = side("-way", "fifteen's way through the drill");
    this.mine = mine;
    this.way = way;
    way.section.hidden = true;
    this.help = helpBox(KEY_HELP);
    mine.wrap.append(this.help);
    mine.canvas.addEventListener("click", (e) => this.clicked(e));
    this.main = el("main", {}, el("div", { class: "sides" }, mine.section, way.section));
    const button = (label, id, title, fn) => el("button", { type: "button", id, title, onclick: fn }, label);
    this.heading = el("h1", {}, "TRAIN");
    this.drillText = el("p", { class: "note", id: "drill" }, "Make a plan from your solves' links, then practise its drills.");
    this.result = el("p", { class: "result", id: "result", "aria-live": "polite" });
    this.controls = el(
      "div",
      { class: "controls", id: "drill-controls", hidden: "" },
      button("Again", "again", "R: try the drill again", () => this.again()),
      (this.wayButton = button("fifteen's way", "way", "C: play fifteen's way through the drill", () => this.showWay())),
      button("Next", "next", "S: the next drill", () => this.next()),
      button("Stop", "stop", "Esc: back to the plan", () => this.stop()),
    );
    this.links = el("textarea", { id: "links", rows: "3", "aria-label": "your solves' links", placeholder: "slidysim replay links, one a line", spellcheck: "false" });
    this.drillsWanted = el("input", { id: "drills", type: "number", min: "1", max: "1000", value: "10", "aria-label": "drills" });
    this.seed = el("input", { id: "train-seed", type: "number", min: "0", value: String(Math.floor(Math.random() * 1e9)), "aria-label": "seed" });
    const form = el(
      "form",
      { class: "train-form", id: "train-form" },
      this.links,
      el("label", {}, "drills ", this.drillsWanted),
      el("label", {}, "seed ", this.seed),
      el("button", { type: "submit", id: "make-plan" }, "Make the plan"),
    );
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      this.makePlan(this.links.value.split(/\s+/).filter(Boolean));
    });
    this.moveGameButton = el(
      "button",
      { type: "button", id: "move-game", title: "your own boards where your next move lost par (up to 16 cells)", onclick: () => this.startMoveGame() },
      "Move game",
    );
    form.append(this.moveGameButton);
    this.planText = el("p", { class: "note", id: "plan-summary" });
    this.costs = el("table", { class: "coach", id: "costs" });
    this.drillList = el("ol", { class: "drills", id: "drills-list" });
    this.trend = el("table", { class: "coach", id: "trend" });
    this.historyText = el("p", { class: "note", id: "history-summary" });
    this.importFile = el("input", { type: "file", id: "import-file", accept: ".jsonl,.json,.txt,application/json", hidden: "" });
    this.importFile.addEventListener("change", () => this.importChosen());
    const history = el(
      "div",
      { class: "controls" },
      button("Export", "export", "the history as JSON lines, as `fifteen train --export` writes them", () => this.exportHistory()),
      button("Import", "import", "add attempts of JSON lines (`fifteen train --export`'s)", () => this.importFile.click()),
      this.importFile,
    );
    const panel = el(
      "aside",
      { class: "panel" },
      this.heading,
      this.drillText,
      this.result,
      this.controls,
      el("h2", {}, "the plan"),
      form,
      this.planText,
      this.costs,
      this.drillList,
      el("h2", {}, "your history"),
      this.historyText,
      this.trend,
      history,
      el("p", { class: "note" }, "←→↑↓ slide · R again · C fifteen's way · S next · Esc stop · ? help"),
    );
    this.root.append(this.main, panel);
    document.body.append(this.root);
    new ResizeObserver(() => (this.dirty = true)).observe(mine.wrap);
  }

  // --- the plan ---

  async start(links) {
    await this.showHistory();
    if (links.length) {
      this.links.value = links.join("\n");
      return this.makePlan(links);
    }
    const saved = await this.kept(PLAN_KEY);
    if (!saved) {
      this.status.done();
      this.planText.textContent = "No plan yet: paste your solves' links above (an average's link holds several).";
      return this.ready();
    }
    this.links.value = saved.links.join("\n");
    await this.showPlan(saved, true);
  }

  // Each link read (one line when it is not one), and the tables its
  // size's exact par needs given to the worker.
  async readLinks(links) {
    this.status.clear();
    this.status.doing("reading the links");
    for (const link of links) {
      const { ok } = await this.fifteen.ask({ op: "read", text: link });
      if (!ok.link) throw new Error(`${link.slice(0, 40)}… is a board, not a replay link`);
      await this.ensureTables(ok.link.rows, ok.link.cols);
    }
  }

  async makePlan(links) {
    if (!links.length) return this.status.failed("give a slidysim replay link to train from");
    const drills = Number(this.drillsWanted.value), seed = Number(this.seed.value);
    if (!Number.isInteger(drills) || drills < 1) return this.status.failed("drills: give a whole number of 1 or more");
    if (!Number.isInteger(seed) || seed < 0) return this.status.failed("seed: give a whole number");
    try {
      await this.readLinks(links);
      this.status.doing("coaching the solves");
      const history = await allAttempts(this.storage);
      const { ok } = await this.fifteen.ask({ op: "train_plan", links, history, drills, seed });
      const plan = { ...ok, links, afterAttempts: history.length };
      if (!(await this.keep(PLAN_KEY, plan))) this.status.failed("this browser does not keep the plan: it lasts as long as the page");
      await this.showPlan(plan, false);
    } catch (err) {
      this.status.failed(err.message === "stopped" ? "stopped: no plan was made" : err.message);
    }
  }

  async showPlan(plan, carrying) {
    this.plan = plan;
    const attempts = await allAttempts(this.storage);
    const drills = plan.drills.map((d) => d.planned);
    const { ok } = await this.fifteen.ask({ op: "train_unplayed", drills, played: attempts.slice(plan.afterAttempts) });
    this.left = new Set(ok.left);
    this.status.done();
    const of = plan.drills.length;
    const from = `${plan.solves} ${plan.solves === 1 ? "solve" : "solves"}`;
    this.planText.textContent = !of
      ? `No line of the ${from} lost a move against par: nothing to drill.`
      : carrying
        ? `Carrying on the plan made from ${from}: ${this.left.size} of its ${of} drills not played yet.`
        : `${of} drills from ${from}, the costliest kinds first (fresh boards' seed ${plan.seed}).`;
    const row = (cells, tag = "td") => el("tr", {}, ...cells.map((c) => el(tag, {}, String(c))));
    this.costs.replaceChildren(
      el("thead", {}, row(["line kind", "size", "lost a solve", "box", "drills"], "th")),
      el("tbody", {}, ...plan.costs.map((c) => row([c.kind, `${c.rows}×${c.cols}`, c.loss_per_solve.toFixed(1), c.box, c.drills]))),
    );
    this.drillList.replaceChildren(...plan.drills.map((d, i) => this.drillItem(d, i)));
    this.ready();
  }

  drillItem(drill, i) {
    const p = drill.planned;
    const whose = p.from ? `your board from solve ${p.from.solve}, line ${p.from.line} (you took ${p.from.moves}, lost ${p.from.loss})` : `a fresh board (seed ${p.seed})`;
    const margin = p.margin ? ` ±${p.margin}` : "";
    const played = !this.left.has(p.drill);
    const go = el("button", { type: "button", class: "practise", "data-drill": String(p.drill), onclick: () => this.practise(i) }, played ? "again" : "practise");
    return el("li", { class: played ? "played" : "" }, `${p.line} of a ${p.rows}×${p.cols} (${p.kind}), ${whose}; par ${p.par}${margin} `, go);
  }

  ready() {
    this.root.dataset.ready = "true";
    this.dirty = true;
  }

  // --- a drill ---

  practise(i) {
    this.mode = "drill";
    this.wayButton.hidden = false;
    this.index = i;
    this.drill = this.plan.drills[i];
    this.board = new DrillBoard(this.drill);
    this.pane = new Pane(this, this.board, this.mine.canvas, this.mine.wrap);
    this.wayBoard = null;
    this.way.section.hidden = true;
    this.main.classList.remove("duo");
    this.restart();
    const p = this.drill.planned;
    this.heading.textContent = `TRAIN ${p.rows}×${p.cols}`;
    this.controls.hidden = false;
    this.root.dataset.drill = String(p.drill);
  }

  restart() {
    this.stopPlayback();
    this.board.reset();
    this.moves = [];
    this.startedAt = null;
    this.finished = false;
    this.result.textContent = "";
    this.root.dataset.result = "";
    this.dirty = true;
  }

  // A slide by the person: the clock starts with the first; the attempt is
  // weighed once the line is home.
  slideTile(letter) {
    if (this.mode === "moves") return this.answer(letter);
    if (!this.board || this.finished || this.weighing || this.playback) return;
    if (!this.board.move(letter)) return;
    if (this.startedAt == null) this.startedAt = performance.now();
    this.moves.push(letter);
    this.dirty = true;
    if (this.board.done()) this.finish();
  }

  async finish() {
    this.finished = true;
    this.weighing = true;
    const timeMs = Math.round(performance.now() - this.startedAt);
    const p = this.drill.planned;
    try {
      this.status.doing("weighing the attempt");
      const { ok } = await this.fifteen.ask({ op: "train_score", drill: p, moves: this.moves.join(""), time_ms: timeMs, when: Math.floor(Date.now() / 1000) });
      await addAttempts(this.storage, [ok.attempt]);
      this.status.done();
      this.left.delete(p.drill);
      const item = this.drillList.children[this.index];
      if (item) item.replaceWith(this.drillItem(this.drill, this.index));
      const margin = ok.margin ? ` (±${ok.margin})` : "";
      const verdict = ok.at_par ? "at par" : `lost ${ok.loss}${margin}`;
      this.result.textContent = `${p.line} home in ${ok.moves} moves, ${(timeMs / 1000).toFixed(1)} s: par ${ok.par}, the board left's par ${ok.par_after}; ${verdict}. fifteen's way: ${p.way_moves} moves.`;
      this.root.dataset.result = JSON.stringify({ moves: ok.moves, par: ok.par, loss: ok.loss, time_ms: timeMs });
      this.weighing = false;
      await this.showHistory();
      this.showWay(true);
    } catch (err) {
      this.finished = false;
      this.status.failed(err.message);
    } finally {
      this.weighing = false;
    }
  }

  // fifteen's way played beside the board: from the drill's start on its
  // own board, and after an attempt the attempt played back beside it.
  showWay(withAttempt) {
    if (!this.drill || this.weighing) return;
    this.stopPlayback();
    if (!this.finished) this.restart();
    const way = [...this.drill.planned.way];
    this.wayBoard = new DrillBoard(this.drill);
    this.wayPane = new Pane(this, this.wayBoard, this.way.canvas, this.way.wrap);
    this.way.section.hidden = false;
    this.main.classList.add("duo");
    const attempt = withAttempt === true ? [...this.moves] : null;
    if (attempt) this.board.reset();
    let k = 0;
    const last = Math.max(way.length, attempt ? attempt.length : 0);
    const step = () => {
      if (k < way.length) this.wayBoard.move(way[k]);
      if (attempt && k < attempt.length) this.board.move(attempt[k]);
      k += 1;
      this.dirty = true;
      if (k >= last) this.stopPlayback();
    };
    this.playback = last ? setInterval(step, PLAYBACK_MS) : null;
    this.dirty = true;
  }

  stopPlayback() {
    if (this.playback) clearInterval(this.playback);
    this.playback = null;
  }

  again() {
    if (this.mode === "moves") return this.question(this.index);
    if (!this.drill || this.weighing) return;
    this.way.section.hidden = true;
    this.main.classList.remove("duo");
    this.restart();
  }

  next() {
    if (this.mode === "moves") return this.question((this.index + 1) % this.questions.length);
    if (!this.plan || this.weighing || !this.plan.drills.length) return;
    const of = this.plan.drills.length;
    // The next drill not played yet, else simply the next.
    for (let k = 1; k <= of; k++) {
      const i = (this.index + k) % of;
      if (this.left.has(this.plan.drills[i].planned.drill)) return this.practise(i);
    }
    this.practise((this.index + 1) % of);
  }

  stop() {
    this.stopPlayback();
    this.mode = null;
    this.drill = null;
    this.board = null;
    this.pane = null;
    this.controls.hidden = true;
    this.way.section.hidden = true;
    this.main.classList.remove("duo");
    this.heading.textContent = "TRAIN";
    this.root.dataset.drill = "";
    this.dirty = true;
  }

  // --- the move game ---

  async startMoveGame() {
    const links = this.links.value.split(/\s+/).filter(Boolean);
    if (!links.length) return this.status.failed("give a slidysim replay link: the move game asks from your own solves");
    const limit = Number(this.drillsWanted.value);
    if (!Number.isInteger(limit) || limit < 1) return this.status.failed("drills: give a whole number of 1 or more");
    try {
      await this.readLinks(links);
      this.status.doing("finding the moves that lost par");
      const { ok } = await this.fifteen.ask({ op: "train_move_game", links, limit });
      this.status.done();
      this.questions = ok.questions;
      if (!this.questions.length) {
        this.planText.textContent = "No move of these solves lost par: there is nothing to ask.";
        return;
      }
      this.question(0);
    } catch (err) {
      this.status.failed(err.message === "stopped" ? "stopped: nothing more is being worked out" : err.message);
    }
  }

  // Question `i`: the person's board before the move that lost par.
  question(i) {
    this.stopPlayback();
    this.mode = "moves";
    this.index = i;
    const q = this.questions[i];
    this.drill = null;
    this.board = new DrillBoard({ planned: { rows: q.rows, cols: q.cols, board: q.board, top: 0, left: 0 }, area: null, after: [0, 0] });
    this.pane = new Pane(this, this.board, this.mine.canvas, this.mine.wrap);
    this.way.section.hidden = true;
    this.main.classList.remove("duo");
    this.wayButton.hidden = true;
    this.controls.hidden = false;
    this.answered = false;
    this.moves = [];
    this.result.textContent = "";
    this.root.dataset.result = "";
    this.heading.textContent = `MOVE GAME ${q.rows}×${q.cols}`;
    this.dirty = true;
  }

  // The person's answer: the tile they slide, told whether it keeps par.
  answer(letter) {
    const q = this.questions[this.index];
    if (!q || this.answered || !this.board.move(letter)) return;
    this.answered = true;
    this.moves = [letter];
    const keeps = q.keeping.includes(letter);
    const ways = q.keeping.map((m) => WAYS[m]).join(" or ");
    this.result.textContent = keeps
      ? `Sliding ${WAYS[letter]} keeps par: the board is ${q.par - 1} moves from the goal.`
      : `Sliding ${WAYS[letter]} loses par: the board is ${q.par + 1} moves from the goal. Sliding ${ways} keeps it; in solve ${q.solve} you slid ${WAYS[q.played]} (move ${q.move_number}).`;
    this.root.dataset.result = JSON.stringify({ keeps, keeping: q.keeping });
    this.dirty = true;
  }

  // --- the history ---

  async showHistory() {
    const attempts = await allAttempts(this.storage);
    const { ok } = await this.fifteen.ask({ op: "train_history", history: attempts });
    const row = (cells, tag = "td") => el("tr", {}, ...cells.map((c) => el(tag, {}, String(c))));
    const n = (x) => (x == null ? "" : x.toFixed(1));
    this.historyText.textContent = ok.attempts ? `${ok.attempts} attempts, kept in this browser.` : "No attempts yet: practise a drill of the plan.";
    this.trend.replaceChildren(
      ...(ok.attempts
        ? [
            el("thead", {}, row(["line kind", "size", "attempts", "lost", "first → last", "at par", "box"], "th")),
            el("tbody", {}, ...ok.kinds.map((k) => row([k.kind, `${k.rows}×${k.cols}`, k.attempts, n(k.loss_mean), `${n(k.loss_mean_first)} → ${n(k.loss_mean_last)}`, `${k.at_par}/${k.attempts}`, k.box]))),
          ]
        : []),
    );
    this.root.dataset.attempts = String(ok.attempts);
  }

  async exportHistory() {
    const lines = await allAttempts(this.storage);
    const text = lines.map((l) => l + "\n").join("");
    window.fifteenExported = text;
    const url = URL.createObjectURL(new Blob([text], { type: "application/x-ndjson" }));
    const a = el("a", { href: url, download: "fifteen-history.jsonl" });
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  async importChosen() {
    const file = this.importFile.files[0];
    this.importFile.value = "";
    if (file) await this.importText(await file.text(), file.name);
  }

  async importText(text, name) {
    try {
      this.status.clear();
      const { ok } = await this.fifteen.ask({ op: "train_import", text });
      await addAttempts(this.storage, ok.attempts);
      await this.showHistory();
      this.historyText.textContent += ` ${ok.attempts.length} imported from ${name}.`;
    } catch (err) {
      this.status.failed(`${name}: ${err.message}`);
    }
  }

  // --- input and drawing ---

  clicked(e) {
    if (!this.pane) return;
    const box = this.mine.canvas.getBoundingClientRect();
    const i = this.pane.cellAt(e.clientX - box.left, e.clientY - box.top);
    const { blank, cols } = this.board;
    if (i < 0) return;
    const sameRow = Math.floor(i / cols) === Math.floor(blank / cols);
    if (i === blank - 1 && sameRow) this.slideTile("R");
    else if (i === blank + 1 && sameRow) this.slideTile("L");
    else if (i === blank - cols) this.slideTile("D");
    else if (i === blank + cols) this.slideTile("U");
  }

  key(e) {
    if (e.altKey || e.ctrlKey || e.metaKey || typingIn(e)) return;
    const k = e.key;
    if (KEYS[k]) this.slideTile(KEYS[k]);
    else if (k === "r" || k === "R") this.again();
    else if (k === "c" || k === "C") this.showWay(this.finished);
    else if (k === "s" || k === "S") this.next();
    else if (k === "Escape") this.stop();
    else if (k === "?") this.help.classList.toggle("shown");
    else return;
    e.preventDefault();
  }

  tick() {
    if (this.dirty) {
      this.dirty = false;
      this.draw();
    }
    requestAnimationFrame(() => this.tick());
  }

  draw() {
    if (this.pane) this.pane.draw();
    if (this.wayPane && !this.way.section.hidden) this.wayPane.draw();
    if (this.mode === "moves") return this.drawQuestion();
    const p = this.drill && this.drill.planned;
    const clock = this.startedAt == null ? "the clock starts at your first move" : this.finished ? "done" : "the clock is running";
    this.mine.title.textContent = p ? `drill ${p.drill}: ${p.line}` : "no drill";
    sayParts(this.mine.subtitle, p ? `the board's par ${p.par}${p.margin ? " ±" + p.margin : ""}   ${this.moves.length} moves   ${clock}` : "pick a drill of the plan");
    if (this.wayBoard) {
      this.way.title.textContent = "fifteen's way";
      sayParts(this.way.subtitle, p ? `${p.way_moves} moves   ${p.way_found_by}` : "");
    }
    if (p) {
      const whose = p.own ? "your own board, where the line lost moves" : "a fresh board of the same line";
      this.drillText.textContent = `Build ${p.line} (outlined) of this ${p.rows}×${p.cols}: ${whose}. The lines before it are home; keep them so. An attempt loses its moves plus the par of the board it leaves, less the board's par.`;
    }
    this.drawState();
  }

  drawQuestion() {
    const q = this.questions[this.index];
    this.mine.title.textContent = `move game ${this.index + 1} of ${this.questions.length}`;
    sayParts(this.mine.subtitle, `solve ${q.solve}, move ${q.move_number}   ${q.par} moves from the goal   ${this.answered ? "answered" : "your move"}`);
    this.drillText.textContent = "Your own board where your next move took the goal a move further away. Slide the tile you would move: does it keep par?";
    this.drawState();
  }

  // The page's state for its tests (data-*).
  drawState() {
    const ds = this.root.dataset;
    ds.mode = this.mode || "";
    ds.moves = String(this.moves.length);
    ds.cells = this.board ? Array.from(this.board.cells).join(" ") : "";
  }
}

export async function trainPage(helpers) {
  // Each `r=…` as it stands in the address (a payload's `+` is not a space).
  const links = location.search.slice(1).split("&").filter((p) => p.startsWith("r=") && p.length > 2);
  const page = new Training(helpers);
  window.fifteenTrain = page;
  helpers.status.doing("reading your history");
  await page.start(links);
}
