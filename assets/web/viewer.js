// fifteen's browser viewer: plays one solve from the data the page holds
// (the element #fifteen-data, written by crates/view/src/web/mod.rs; docs/browser.md
// lists its fields). A plain module: no framework, no build step, no
// network. It replays the moves and draws the marks the planner reported;
// it never plans. The game page (game.js) imports its board (`Pane`) and
// layout to draw the states the server sends.

// What goes wrong on the page (an uncaught error, a refused script or
// style), noted on the root element for a reader and for the tests.
function noteTrouble(text) {
  const d = document.documentElement.dataset;
  d.errors = d.errors ? d.errors + "\n" + text : text;
}
addEventListener("error", (e) => noteTrouble("error: " + e.message));
addEventListener("unhandledrejection", (e) => noteTrouble("rejected: " + e.reason));
document.addEventListener("securitypolicyviolation", (e) => noteTrouble("refused by the page's policy: " + e.violatedDirective));

const ACCENT = "rgb(90,210,255)";
const MARK = "rgb(255,206,64)";
const ROUTE = "rgb(110,240,160)";
const TEXT = "rgb(236,238,244)";
const OUTLINE = "rgba(12,13,18,0.85)";
const BOARD = "rgb(38,42,52)";
const LOCKED_SHADE = 0.72;
const LEG_CELLS = 10;
const MAX_SPEED = 1e8;
const MIN_SPEED = 0.25;
// Above this many moves a second the sliding tile is not tweened.
const TWEEN_UP_TO = 40;
// The most moves one frame plays: at the highest speeds the rest of the
// frame's share is dropped, so a frame never runs millions of steps.
const MAX_STEPS_PER_FRAME = 20000;
// The reader asked for less motion: no sliding tiles, no easing camera.
const REDUCED_MOTION = typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;

// Blank steps (row, col) of the moves U D L R, named by the tile's direction.
const BLANK_STEP = [[1, 0], [-1, 0], [0, 1], [0, -1]];

function bytesOf(b64) {
  const text = atob(b64 || "");
  const out = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) out[i] = text.charCodeAt(i);
  return out;
}

// A packed field's bytes: base64 of zlib-deflated bytes, inflated by the
// browser's own DecompressionStream ("" holds none).
async function inflate(b64) {
  if (!b64) return new Uint8Array(0);
  if (typeof DecompressionStream !== "function") throw new Error("this browser cannot inflate the page's data (no DecompressionStream)");
  const stream = new Blob([bytesOf(b64)]).stream().pipeThrough(new DecompressionStream("deflate"));
  return new Uint8Array(await new Response(stream).arrayBuffer());
}

// The fields crates/view/src/web/mod.rs packs, in a solve's data and in the coach's.
const PACKED = ["start", "moves", "placements", "targets", "routes", "times"];

// The data with its packed fields inflated to bytes (a solve's own, a
// side by side's fifteen's, the coach's par graph).
async function inflated(data) {
  const out = { ...data };
  await Promise.all(PACKED.filter((k) => typeof data[k] === "string").map(async (k) => (out[k] = await inflate(data[k]))));
  if (data.duo) out.duo = { ...data.duo, fifteen: await inflated(data.duo.fifteen) };
  if (data.coach && data.coach.points) out.coach = { ...data.coach, points: await inflate(data.coach.points) };
  return out;
}

// A signed difference from its zigzag number (0, 1, 2, 3, … as 0, −1, 1, −2, …).
const unzigzag = (n) => (n % 2 ? -(n + 1) / 2 : n / 2);

// LEB128 varints, as crates/view/src/web/mod.rs packs them, from inflated bytes.
function numbersOf(bytes) {
  const out = [];
  let n = 0, scale = 1;
  for (const b of bytes) {
    n += (b & 0x7f) * scale;
    if (b & 0x80) {
      scale *= 128;
    } else {
      out.push(n);
      n = 0;
      scale = 1;
    }
  }
  return out;
}

// The palette's home colour (crates/view/src/scene/palette.rs): the hue runs across
// the columns and the lightness down the rows.
function homeColor(tile, rows, cols) {
  const i = tile - 1, r = Math.floor(i / cols), c = i % cols;
  const fx = cols > 1 ? c / (cols - 1) : 0;
  const fy = rows > 1 ? r / (rows - 1) : 0;
  return hsl(8 + 280 * (0.75 * fx + 0.25 * fy), 0.66, 0.68 - 0.22 * fy);
}

function hsl(hue, s, l) {
  const c = (1 - Math.abs(2 * l - 1)) * s;
  const h = (((hue % 360) + 360) % 360) / 60;
  const x = c * (1 - Math.abs((h % 2) - 1));
  const [r, g, b] = [[c, x, 0], [x, c, 0], [0, c, x], [0, x, c], [x, 0, c], [c, 0, x]][Math.min(5, Math.floor(h))];
  const m = l - c / 2;
  const to = (v) => Math.round(Math.min(1, Math.max(0, v + m)) * 255);
  return [to(r), to(g), to(b)];
}

const css = ([r, g, b]) => `rgb(${r},${g},${b})`;
const shade = ([r, g, b], k) => [Math.round(r * k), Math.round(g * k), Math.round(b * k)];
const textOn = ([r, g, b]) => (0.299 * r + 0.587 * g + 0.114 * b > 140 ? "rgb(20,22,28)" : "rgb(245,245,245)");

// The first index in [0, n) where `pred` is false (pred true then false).
function partition(n, pred) {
  let lo = 0, hi = n;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (pred(mid)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// The solve: the board at the cursor, the moves, the marks. `data` has its
// packed fields inflated; `start` is the board it starts from.
class Solve {
  constructor(data, start) {
    this.data = data;
    this.rows = data.rows;
    this.cols = data.cols;
    const n = this.rows * this.cols;
    this.start = start;
    if (this.start.length !== n) throw new Error("the start board has " + this.start.length + " cells, not " + n);
    this.count = data.count;
    this.moveBytes = data.moves;
    if (this.moveBytes.length < Math.ceil(this.count / 4)) throw new Error("the moves are cut short");
    this.phases = data.phases.map(([name, start, end, area]) => ({ name, start, end, area }));
    // A person's splits are the lines they finished; fifteen's, its phases.
    this.splits = data.splits || this.phases.map((p) => ({ name: p.name, start: p.start, at: p.end, moves: p.end - p.start }));
    // The person's time at the end of each move (ms), when the data has it.
    this.times = null;
    if (data.times) {
      const gaps = numbersOf(data.times);
      if (gaps.length === this.count) {
        this.times = new Float64Array(this.count);
        gaps.reduce((at, gap, i) => (this.times[i] = at + gap), 0);
      }
    }
    this.titles = data.titles || [];
    // Placements: the moves since the one before ended, the length, the
    // title, the number of tiles, each tile as a difference (docs/browser.md).
    this.placements = [];
    const p = numbersOf(data.placements);
    for (let i = 0, end = 0, tile = 0; i < p.length; ) {
      const start = end + p[i], k = p[i + 3], tiles = [];
      for (let j = 0; j < k; j++) tiles.push((tile += unzigzag(p[i + 4 + j])));
      end = start + p[i + 1];
      this.placements.push({ start, end, title: this.titles[p[i + 2]], tiles });
      i += 4 + k;
    }
    // Journeys: the moves since the one before, the tile as a difference,
    // the cell it goes to as a difference from the tile's home.
    this.targets = [];
    const t = numbersOf(data.targets);
    for (let i = 0, at = 0, tile = 0; i + 2 < t.length; i += 3) {
      at += t[i];
      tile += unzigzag(t[i + 1]);
      this.targets.push({ at, tile, to: tile - 1 + unzigzag(t[i + 2]) });
    }
    this.routes = [];
    const r = numbersOf(data.routes);
    for (let i = 0, at = 0; i + 1 < r.length; i += 2) {
      at += r[i];
      this.routes.push({ at, len: r[i + 1] });
    }
    // For each tile, the move after which it is locked home.
    this.lockedAt = new Float64Array(n).fill(Infinity);
    if (this.placements.length) {
      for (const pl of this.placements) for (const tile of pl.tiles) this.lockedAt[tile] = pl.end;
    } else {
      for (const ph of this.phases) {
        if (!ph.area) continue;
        const [top, left, bottom, right] = ph.area;
        for (let row = top; row < bottom; row++)
          for (let col = left; col < right; col++) {
            const tile = row * this.cols + col + 1;
            if (tile < n) this.lockedAt[tile] = Math.min(this.lockedAt[tile], ph.end);
          }
      }
    }
    this.cells = new Int32Array(n);
    this.pos = new Int32Array(n);
    this.restart();
    this.startManhattan = this.manhattan;
  }

  restart() {
    this.cells.set(this.start);
    this.manhattan = 0;
    for (let i = 0; i < this.cells.length; i++) {
      const tile = this.cells[i];
      this.pos[tile] = i;
      if (tile === 0) this.blank = i;
      else this.manhattan += this.distance(tile, i);
    }
    this.cursor = 0;
  }

  distance(tile, cell) {
    const home = tile - 1;
    return Math.abs(Math.floor(home / this.cols) - Math.floor(cell / this.cols)) + Math.abs((home % this.cols) - (cell % this.cols));
  }

  move(i) {
    return (this.moveBytes[i >> 2] >> ((i & 3) * 2)) & 3;
  }

  // The cell the blank goes to with move code `m` from `blank`.
  blankAfter(blank, m) {
    const [dr, dc] = BLANK_STEP[m];
    return blank + dr * this.cols + dc;
  }

  forward() {
    if (this.cursor >= this.count) return false;
    const to = this.blankAfter(this.blank, this.move(this.cursor));
    const tile = this.cells[to];
    this.manhattan += this.distance(tile, this.blank) - this.distance(tile, to);
    this.cells[this.blank] = tile;
    this.pos[tile] = this.blank;
    this.cells[to] = 0;
    this.pos[0] = to;
    this.blank = to;
    this.cursor++;
    return true;
  }

  back() {
    if (this.cursor <= 0) return false;
    this.cursor--;
    const [dr, dc] = BLANK_STEP[this.move(this.cursor)];
    const from = this.blank - dr * this.cols - dc;
    const tile = this.cells[from];
    this.manhattan += this.distance(tile, this.blank) - this.distance(tile, from);
    this.cells[this.blank] = tile;
    this.pos[tile] = this.blank;
    this.cells[from] = 0;
    this.pos[0] = from;
    this.blank = from;
    return true;
  }

  seek(to) {
    to = Math.max(0, Math.min(this.count, Math.round(to)));
    if (to < this.cursor - to) this.restart();
    while (this.cursor < to) this.forward();
    while (this.cursor > to) this.back();
  }

  // The person's time when they had made `n` moves (0 without times).
  timeAt(n) {
    return !this.times || n <= 0 ? 0 : this.times[Math.min(n, this.count) - 1];
  }

  isSolved() {
    for (let i = 0; i < this.cells.length - 1; i++) if (this.cells[i] !== i + 1) return false;
    return true;
  }

  phaseIndexAt(c) {
    return partition(this.phases.length, (i) => this.phases[i].start <= c) - 1;
  }

  placementAt(c) {
    const i = partition(this.placements.length, (k) => this.placements[k].end <= c);
    const p = this.placements[i];
    return p && p.start <= c ? p : null;
  }

  targetAt(c, placement) {
    if (!placement) return null;
    const i = partition(this.targets.length, (k) => this.targets[k].at <= c) - 1;
    const t = this.targets[i];
    return t && t.at >= placement.start ? t : null;
  }

  // The marks at the cursor: the placement and line under way, the
  // travelling tile's journey, whether the board is solved.
  marks() {
    const c = this.cursor;
    const placement = this.placementAt(c);
    const phase = this.phases[this.phaseIndexAt(c)];
    const target = this.targetAt(c, placement);
    return { placement, phase, target, solved: c >= this.count && this.isSolved() };
  }

  // The tile the next move slides: from its cell to the blank's.
  slide() {
    if (this.cursor >= this.count) return null;
    const from = this.blankAfter(this.blank, this.move(this.cursor));
    return { tile: this.cells[from], from, to: this.blank };
  }

  routeAt(c) {
    const i = partition(this.routes.length, (k) => this.routes[k].at <= c) - 1;
    const r = this.routes[i];
    return r && r.at + r.len > c ? r : null;
  }

  // Where the blank's route under way ends: the route reported, or
  // (when the data has no routes) the moves before the next one that
  // slides the travelling tile.
  routeEnd() {
    if (this.routes.length) {
      const route = this.routeAt(this.cursor);
      return route ? Math.min(route.at + route.len, this.count) : this.cursor;
    }
    const target = this.targetAt(this.cursor, this.placementAt(this.cursor));
    if (!target) return this.cursor;
    const placement = this.placementAt(this.cursor);
    const limit = Math.min(this.count, placement.end, this.cursor + 4 * (this.rows + this.cols));
    const goal = this.pos[target.tile];
    let at = this.blank;
    for (let i = this.cursor; i < limit; i++) {
      const next = this.blankAfter(at, this.move(i));
      if (next === goal) return i;
      at = next;
    }
    return this.cursor;
  }

  // The blank's cells ahead on its route: the next leg (at most LEG_CELLS
  // and two turns, stopping before it turns back), or all of it.
  routeCells(whole) {
    const end = this.routeEnd();
    if (end <= this.cursor) return [];
    const cells = [this.blank];
    let at = this.blank;
    for (let i = this.cursor; i < end; i++) {
      at = this.blankAfter(at, this.move(i));
      cells.push(at);
    }
    if (whole) return cells;
    let last = Math.min(cells.length, LEG_CELLS + 1), turns = 0;
    const step = (i) => cells[i] - cells[i - 1];
    for (let i = 1; i < last; i++) {
      if (i >= 2 && step(i) !== step(i - 1)) turns++;
      if (cells.slice(0, i).includes(cells[i]) || turns > 2) {
        last = i;
        break;
      }
    }
    return cells.slice(0, last);
  }
}

// One board's column: its header (a title and a subtitle) and its canvas.
function side(suffix, label) {
  const title = el("div", { class: "title", id: "title" + suffix });
  const subtitle = el("div", { class: "subtitle", id: "subtitle" + suffix });
  const canvas = el("canvas", { id: "board" + suffix, "aria-label": label });
  const wrap = el("div", { class: "board-wrap" }, canvas);
  const section = el("section", { class: "side" }, el("header", {}, title, subtitle), wrap);
  return { title, subtitle, canvas, wrap, section };
}

// Writes a subtitle's parts (`text` split at runs of three spaces) as
// spans that do not wrap, so that a narrow header wraps between parts
// ("move 12 of 154" stays whole); the text read back is `text`.
function sayParts(node, text) {
  if (node.textContent === text) return;
  const parts = text.split("   ");
  node.replaceChildren(...parts.flatMap((part, i) => (i ? ["   ", el("span", {}, part)] : [el("span", {}, part)])));
}

// The keys' help, shown over the board by `?`.
function helpBox(keys) {
  return el(
    "div",
    { class: "help", id: "help" },
    el("h2", {}, "keys"),
    el("dl", {}, ...keys.flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)])),
  );
}

// A row that can be focused does what a click does on Enter or Space
// (and the viewer's own keys do not also hear them).
function activatable(node, fn) {
  node.setAttribute("tabindex", "0");
  node.setAttribute("role", "button");
  node.addEventListener("click", fn);
  node.addEventListener("keydown", (e) => {
    if (e.key !== "Enter" && e.key !== " ") return;
    e.preventDefault();
    e.stopPropagation();
    fn();
  });
  return node;
}

function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  for (const child of children) node.append(child);
  return node;
}

// One board on its canvas: a solve, its colours, the view and the marks.
class Pane {
  constructor(viewer, solve, canvas, boardWrap) {
    this.viewer = viewer;
    this.solve = solve;
    this.canvas = canvas;
    this.boardWrap = boardWrap;
    // How far the sliding tile has gone (0 to 1), or null: not tweened.
    this.tween = null;
    const { rows, cols } = solve;
    this.colors = new Array(rows * cols);
    this.locked = new Array(rows * cols);
    for (let t = 1; t < rows * cols; t++) {
      this.colors[t] = css(homeColor(t, rows, cols));
      this.locked[t] = css(shade(homeColor(t, rows, cols), LOCKED_SHADE));
    }
    this.textColors = this.colors.map((_, t) => textOn(homeColor(t, rows, cols)));
    // The same colours as pixels (RGBA in memory order), for boards whose
    // cells are a few pixels: one pixel a cell, scaled up.
    const pack = ([r, g, b]) => ((255 << 24) | (b << 16) | (g << 8) | r) >>> 0;
    this.pixelColors = new Uint32Array(rows * cols);
    this.pixelLocked = new Uint32Array(rows * cols);
    for (let t = 1; t < rows * cols; t++) {
      this.pixelColors[t] = pack(homeColor(t, rows, cols));
      this.pixelLocked[t] = pack(shade(homeColor(t, rows, cols), LOCKED_SHADE));
    }
    this.pixelBlank = pack([38, 42, 52]);
  }

  // The cells shown: all of them, or (follow) a window round what is being
  // done now, its cells big enough to read the numbers (followCell), eased
  // from frame to frame so that the view pans and zooms rather than jumps.
  view(width, height, mark) {
    const { rows, cols } = this.solve;
    const full = Math.min(width / cols, height / rows);
    const least = followCell(rows * cols);
    const aim = this.viewer.follow && full < least ? this.aim(width, height, mark, least) : null;
    let top = 0, left = 0, bottom = rows, right = cols, cell = full;
    this.moving = false;
    if (aim) {
      ({ top, left, cell } = this.ease(aim));
      // A window wider (or taller) than the board shows the whole of it that way.
      const [w, h] = [width / cell, height / cell];
      if (w >= cols) [left, right] = [0, cols];
      else right = left + w;
      if (h >= rows) [top, bottom] = [0, rows];
      else bottom = top + h;
    } else this.cam = null;
    const ox = (width - cell * (right - left)) / 2, oy = (height - cell * (bottom - top)) / 2;
    return { top, left, bottom, right, cell, ox, oy, whole: !aim };
  }

  // The follow view's aim: the cell size and the window's top left corner
  // (cells, fractional). What is being done now is the travelling tile, the
  // blank that moves it and where it goes (on a person's board, with no
  // journeys: the blank and the nearest cell of the line being built). All
  // of them are framed when they fit at `least` pixels a cell (zoomed in
  // up to half as much again); otherwise the tile and the blank, and when
  // even those are too far apart (the blank on its way to the tile) the
  // blank, with the window pushed towards the rest as far as it goes. What
  // is left out is pointed at from the window's edge and shown on the map.
  aim(width, height, mark, least) {
    const s = this.solve, { rows, cols } = s, target = mark.solved ? null : mark.target;
    const wish = target ? [s.pos[target.tile], s.blank, target.to] : [s.blank];
    const near = target ? -1 : this.nearestOfLine(mark);
    if (near >= 0) wish.push(near);
    const box = (cells) => {
      const r = cells.map((i) => Math.floor(i / cols)), c = cells.map((i) => i % cols);
      return [Math.min(...r), Math.max(...r), Math.min(...c), Math.max(...c)];
    };
    const margin = 2;
    const fits = (b, cell) => (b[1] - b[0] + 1 + 2 * margin) * cell <= height && (b[3] - b[2] + 1 + 2 * margin) * cell <= width;
    const all = box(wish);
    let focus = all, cell = Math.min(width / (all[3] - all[2] + 1 + 2 * margin), height / (all[1] - all[0] + 1 + 2 * margin));
    if (cell >= least) cell = Math.min(cell, least * 1.5);
    else {
      cell = least;
      focus = box(wish.slice(0, 2));
      if (!fits(focus, cell)) focus = box([s.blank]);
    }
    // Along each axis: as near the centre of everything as the focus, kept
    // `margin` cells inside, allows.
    const place = (lo, hi, alo, ahi, span, n) => {
      if (span >= n) return 0;
      const want = (alo + ahi + 1 - span) / 2;
      const least = hi + 1 + margin - span, most = lo - margin;
      const x = least <= most ? Math.max(least, Math.min(most, want)) : (least + most) / 2;
      return Math.max(0, Math.min(n - span, x));
    };
    const top = place(focus[0], focus[1], all[0], all[1], height / cell, rows);
    const left = place(focus[2], focus[3], all[2], all[3], width / cell, cols);
    return { top, left, cell };
  }

  // With no journey (a person's board), the cell of the line being built
  // nearest the blank, or -1.
  nearestOfLine(mark) {
    const s = this.solve, cols = s.cols;
    if (mark.target || !mark.phase || !mark.phase.area || mark.solved) return -1;
    const [top, left, bottom, right] = mark.phase.area;
    const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi - 1, x));
    return clamp(Math.floor(s.blank / cols), top, bottom) * cols + clamp(s.blank % cols, left, right);
  }

  // The camera eased towards `aim`: most of the way in a fifth of a second,
  // at once after a jump (a seek far away, or the view just turned on).
  ease(aim) {
    const now = performance.now(), cam = this.cam;
    const far = cam && Math.hypot(aim.top - cam.top, aim.left - cam.left) * aim.cell > 2 * Math.max(this.canvas.width, this.canvas.height);
    const jumped = !this.viewer.playing && this.cursorSeen != null && Math.abs(this.solve.cursor - this.cursorSeen) > 1;
    if (!cam || far || jumped || REDUCED_MOTION) {
      this.cam = { ...aim, at: now };
    } else {
      const k = 1 - Math.exp(-Math.min(0.25, (now - cam.at) / 1000) / 0.07);
      for (const key of ["top", "left", "cell"]) cam[key] += (aim[key] - cam[key]) * k;
      cam.at = now;
      const off = Math.abs(aim.top - cam.top) + Math.abs(aim.left - cam.left) + Math.abs(aim.cell - cam.cell) / aim.cell;
      if (off < 0.01) Object.assign(cam, { top: aim.top, left: aim.left, cell: aim.cell });
      else this.moving = true;
    }
    this.cursorSeen = this.solve.cursor;
    return this.cam;
  }

  draw() {
    const s = this.solve;
    const ratio = window.devicePixelRatio || 1;
    const box = this.boardWrap.getBoundingClientRect();
    const width = Math.max(50, Math.floor(box.width)), height = Math.max(50, Math.floor(box.height));
    if (this.canvas.width !== Math.round(width * ratio) || this.canvas.height !== Math.round(height * ratio)) {
      this.canvas.width = Math.round(width * ratio);
      this.canvas.height = Math.round(height * ratio);
      this.canvas.style.width = width + "px";
      this.canvas.style.height = height + "px";
    }
    const g = this.canvas.getContext("2d");
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, width, height);
    this.mark = s.marks();
    const v = this.view(width, height, this.mark);
    this.v = v;
    const [w, h] = [v.cell * (v.right - v.left), v.cell * (v.bottom - v.top)];
    g.fillStyle = BOARD;
    g.fillRect(v.ox, v.oy, w, h);
    // The tiles and marks stay on the board: a follow view's window cuts
    // cells and a line's outline at its edges.
    g.save();
    g.beginPath();
    g.rect(v.ox, v.oy, w, h);
    g.clip();
    this.tiles(g, v);
    this.marks(g, v);
    this.labels(g, v);
    g.restore();
    const pointed = v.whole ? [] : this.pointers(g, v);
    if (this.overlay) this.overlay(g, v);
    if (!v.whole) this.map(g, v, width, height, pointed);
    else this.pointing = [];
  }

  // The cell drawn at (x, y) in the canvas's pixels, or -1.
  cellAt(x, y) {
    const v = this.v;
    if (!v) return -1;
    const col = Math.floor((x - v.ox) / v.cell + v.left), row = Math.floor((y - v.oy) / v.cell + v.top);
    const inside = row >= v.top && row < v.bottom && col >= v.left && col < v.right;
    return inside ? row * this.solve.cols + col : -1;
  }

  // The rows and columns a view shows some of: [first row, row past the
  // last, first column, column past the last].
  cellsIn(v) {
    const { rows, cols } = this.solve;
    return [Math.max(0, Math.floor(v.top)), Math.min(rows, Math.ceil(v.bottom)), Math.max(0, Math.floor(v.left)), Math.min(cols, Math.ceil(v.right))];
  }

  // Where cell `i` is drawn: its top left corner.
  at(v, i) {
    const cols = this.solve.cols;
    return [v.ox + ((i % cols) - v.left) * v.cell, v.oy + (Math.floor(i / cols) - v.top) * v.cell];
  }

  tiles(g, v) {
    const s = this.solve;
    const { cols } = s;
    const c = v.cell;
    // The sliding tile, tweened between its cells at slow speeds.
    const slide = this.tween != null ? s.slide() : null;
    const sliding = slide ? slide.tile : -1;
    const t = Math.min(1, this.tween || 0), slideT = t * t * (3 - 2 * t);
    this.slid = null;
    if (c < 5 && sliding < 0) return this.pixels(g, v);
    const gap = c >= 6 ? Math.max(1, c * 0.06) : 0;
    const [r0, r1, c0, c1] = this.cellsIn(v);
    for (let r = r0; r < r1; r++) {
      for (let col = c0; col < c1; col++) {
        const i = r * cols + col;
        const tile = s.cells[i];
        if (tile === 0 || tile === sliding) continue;
        this.tile(g, tile, ...this.at(v, i), c, gap);
      }
    }
    if (sliding > 0) {
      const [x0, y0] = this.at(v, slide.from), [x1, y1] = this.at(v, slide.to);
      this.slid = { tile: sliding, x: x0 + (x1 - x0) * slideT, y: y0 + (y1 - y0) * slideT };
      this.tile(g, sliding, this.slid.x, this.slid.y, c, gap);
    }
  }

  // The tiles' numbers, when the cells are big enough to read them: over
  // the marks, so that no ring or route hides one.
  labels(g, v) {
    const s = this.solve, c = v.cell;
    if (c < 16) return;
    g.textAlign = "center";
    g.textBaseline = "middle";
    const sliding = this.slid ? this.slid.tile : -1;
    const [r0, r1, c0, c1] = this.cellsIn(v);
    for (let r = r0; r < r1; r++) {
      for (let col = c0; col < c1; col++) {
        const i = r * s.cols + col;
        const tile = s.cells[i];
        if (tile !== 0 && tile !== sliding) this.label(g, tile, ...this.at(v, i), c);
      }
    }
    if (this.slid) this.label(g, sliding, this.slid.x, this.slid.y, c);
  }

  label(g, tile, x, y, c) {
    const text = String(tile);
    // Sized for the board's longest number, so that all are alike; four
    // digits and more smaller, so that neighbours do not run together.
    const digits = String(this.solve.rows * this.solve.cols - 1).length;
    const size = Math.min(c * 0.42, (c * (digits > 3 ? 1.2 : 1.5)) / Math.max(2, digits));
    g.font = `600 ${size}px system-ui, sans-serif`;
    g.fillStyle = this.textColors[tile];
    g.fillText(text, x + c / 2, y + c / 2 + 1);
  }

  // Cells of a few pixels: one pixel a cell in an offscreen image, drawn
  // scaled without smoothing (a 300×300 board is 90 000 pixels, not
  // 90 000 rectangles).
  pixels(g, v) {
    const w = v.right - v.left, h = v.bottom - v.top;
    g.imageSmoothingEnabled = false;
    g.drawImage(this.pixelImage(v.top, v.left, h, w), v.ox, v.oy, w * v.cell, h * v.cell);
  }

  // The `h` × `w` cells from (`top`, `left`) as an image of a pixel a cell.
  pixelImage(top, left, h, w) {
    const s = this.solve;
    if (!this.off || this.off.width !== w || this.off.height !== h) {
      this.off = document.createElement("canvas");
      this.off.width = w;
      this.off.height = h;
      this.offImage = this.off.getContext("2d").createImageData(w, h);
      this.offPixels = new Uint32Array(this.offImage.data.buffer);
    }
    const px = this.offPixels;
    let k = 0;
    for (let r = top; r < top + h; r++) {
      for (let col = left; col < left + w; col++) {
        const tile = s.cells[r * s.cols + col];
        px[k++] = tile === 0 ? this.pixelBlank : s.lockedAt[tile] <= s.cursor ? this.pixelLocked[tile] : this.pixelColors[tile];
      }
    }
    this.off.getContext("2d").putImageData(this.offImage, 0, 0);
    return this.off;
  }

  // A follow view's pointers to what it leaves out: from the window's edge
  // towards the travelling tile (named, with its distance from the blank)
  // and towards where it goes (with its distance from the tile), or on a
  // person's board towards the line being built (from the blank). Returns
  // where the pointers are drawn.
  pointers(g, v) {
    const s = this.solve, { target, solved, phase } = this.mark;
    const pointed = [], cols = s.cols, c = v.cell;
    const apart = (a, b) => Math.abs(Math.floor(a / cols) - Math.floor(b / cols)) + Math.abs((a % cols) - (b % cols));
    const items = [];
    if (target && !solved) {
      const tileAt = s.pos[target.tile], where = target.to === target.tile - 1 ? "home" : "to";
      items.push([tileAt, `tile ${target.tile} · ${apart(s.blank, tileAt)} away`]);
      items.push([target.to, `${where} · ${apart(tileAt, target.to)} away`]);
    }
    const near = this.nearestOfLine(this.mark);
    if (near >= 0) items.push([near, `${phase.name} · ${apart(s.blank, near)} away`]);
    const w = c * (v.right - v.left), h = c * (v.bottom - v.top), [cx, cy] = [v.ox + w / 2, v.oy + h / 2];
    this.pointing = [];
    for (const [i, name] of items) {
      const r = Math.floor(i / cols) + 0.5, col = (i % cols) + 0.5;
      if (r > v.top && r < v.bottom && col > v.left && col < v.right) continue;
      this.pointing.push(name);
      const [x, y] = [v.ox + (col - v.left) * c, v.oy + (r - v.top) * c];
      const [dx, dy] = [x - cx, y - cy], len = Math.hypot(dx, dy) || 1, [ux, uy] = [dx / len, dy / len];
      const inset = 16, t = Math.min((w / 2 - inset) / Math.abs(dx || 1e-9), (h / 2 - inset) / Math.abs(dy || 1e-9));
      const [px, py] = [cx + dx * t, cy + dy * t], head = 14;
      pointed.push([px, py]);
      g.beginPath();
      g.moveTo(px + ux * head, py + uy * head);
      g.lineTo(px - ux * head * 0.4 - uy * head * 0.75, py - uy * head * 0.4 + ux * head * 0.75);
      g.lineTo(px - ux * head * 0.4 + uy * head * 0.75, py - uy * head * 0.4 - ux * head * 0.75);
      g.closePath();
      g.lineWidth = 3;
      g.strokeStyle = OUTLINE;
      g.stroke();
      g.fillStyle = MARK;
      g.fill();
      // The name inside the window, beside the arrow.
      g.font = "600 13px system-ui, sans-serif";
      g.textAlign = ux > 0.5 ? "right" : ux < -0.5 ? "left" : "center";
      g.textBaseline = uy > 0.5 ? "bottom" : uy < -0.5 ? "top" : "middle";
      // Kept inside the window whichever way the arrow points.
      const half = g.measureText(name).width / 2, shift = g.textAlign === "center" ? half : g.textAlign === "left" ? 0 : 2 * half;
      const tx = Math.max(v.ox + 4 + shift, Math.min(v.ox + w - 4 - 2 * half + shift, px - ux * head * 1.2));
      const ty = py - uy * head * 1.2;
      g.lineWidth = 4;
      g.strokeText(name, tx, ty);
      g.fillText(name, tx, ty);
    }
    return pointed;
  }

  // Where a follow view's window is on the whole board: a map in the
  // corner farthest from the blank, the tile, where it goes (or the line's
  // nearest cell) and the pointers, the window
  // framed, the tile and where it goes marked gold, the blank white.
  map(g, v, width, height, pointed) {
    const s = this.solve, { rows, cols } = s, { target, solved, phase } = this.mark;
    const size = Math.max(70, Math.min(170, Math.min(width, height) * 0.24));
    const k = size / Math.max(rows, cols), mw = cols * k, mh = rows * k, pad = 10;
    const near = this.nearestOfLine(this.mark);
    const cells = [s.blank, ...(target && !solved ? [s.pos[target.tile], target.to] : []), ...(near >= 0 ? [near] : [])];
    const spots = cells.map((i) => this.at(v, i).map((z) => z + v.cell / 2)).concat(pointed);
    const corners = [[pad, pad], [width - mw - pad, pad], [pad, height - mh - pad], [width - mw - pad, height - mh - pad]];
    const room = ([x, y]) => Math.min(...spots.map(([sx, sy]) => Math.hypot(sx - x - mw / 2, sy - y - mh / 2)));
    const [x, y] = corners.reduce((a, b) => (room(b) > room(a) ? b : a));
    g.save();
    g.fillStyle = OUTLINE;
    g.fillRect(x - 3, y - 3, mw + 6, mh + 6);
    g.imageSmoothingEnabled = false;
    g.drawImage(this.pixelImage(0, 0, rows, cols), x, y, mw, mh);
    const at = (i) => [x + ((i % cols) + 0.5) * k, y + (Math.floor(i / cols) + 0.5) * k];
    const frame = [x + Math.max(0, v.left) * k, y + Math.max(0, v.top) * k];
    const [fw, fh] = [Math.max(4, (Math.min(cols, v.right) - Math.max(0, v.left)) * k), Math.max(4, (Math.min(rows, v.bottom) - Math.max(0, v.top)) * k)];
    for (const [lw, colour] of [[3.5, OUTLINE], [1.5, TEXT]]) {
      g.lineWidth = lw;
      g.strokeStyle = colour;
      g.strokeRect(...frame, fw, fh);
    }
    // The line being built, outlined as on the board.
    if (phase && phase.area && !solved) {
      const [top, left, bottom, right] = phase.area;
      g.lineWidth = 1.5;
      g.strokeStyle = ACCENT;
      g.strokeRect(x + left * k, y + top * k, Math.max(2, (right - left) * k), Math.max(2, (bottom - top) * k));
    }
    const dot = ([px, py], radius, colour) => {
      g.beginPath();
      g.arc(px, py, radius, 0, 2 * Math.PI);
      g.fillStyle = colour;
      g.fill();
      g.lineWidth = 1.5;
      g.strokeStyle = OUTLINE;
      g.stroke();
    };
    if (target && !solved) {
      g.setLineDash([4, 3]);
      g.beginPath();
      g.moveTo(...at(s.pos[target.tile]));
      g.lineTo(...at(target.to));
      g.lineWidth = 1.5;
      g.strokeStyle = MARK;
      g.stroke();
      g.setLineDash([]);
      dot(at(target.to), 3.5, MARK);
      dot(at(s.pos[target.tile]), 3.5, MARK);
    }
    dot(at(s.blank), 3, TEXT);
    g.restore();
  }

  tile(g, tile, x, y, c, gap) {
    const s = this.solve;
    const locked = s.lockedAt[tile] <= s.cursor;
    g.fillStyle = locked ? this.locked[tile] : this.colors[tile];
    g.fillRect(x + gap / 2, y + gap / 2, c - gap, c - gap);
  }

  ring(g, v, cell, radius, width, color) {
    const [x, y] = this.at(v, cell);
    g.beginPath();
    g.arc(x + v.cell / 2, y + v.cell / 2, radius, 0, 2 * Math.PI);
    g.lineWidth = width + 2;
    g.strokeStyle = OUTLINE;
    g.stroke();
    g.lineWidth = width;
    g.strokeStyle = color;
    g.stroke();
  }

  marks(g, v) {
    const s = this.solve;
    const c = v.cell;
    const line = Math.min(6, Math.max(2, c * 0.07));
    const { placement, phase, target, solved } = this.mark;
    if (!solved && phase && phase.area) {
      const [top, left, bottom, right] = phase.area;
      const inset = line / 2 + 1;
      const x = v.ox + (left - v.left) * c + inset, y = v.oy + (top - v.top) * c + inset;
      const w = (right - left) * c - 2 * inset, h = (bottom - top) * c - 2 * inset;
      g.lineJoin = "round";
      g.lineWidth = line + 2;
      g.strokeStyle = OUTLINE;
      g.strokeRect(x, y, w, h);
      g.lineWidth = line;
      g.strokeStyle = ACCENT;
      g.strokeRect(x, y, w, h);
    }
    if (placement && !solved) {
      // Homes of the tiles still to place, ringed.
      for (const tile of placement.tiles) {
        const home = tile - 1;
        if (s.pos[tile] === home && (!target || target.tile !== tile)) continue;
        this.ring(g, v, home, Math.max(7, c * 0.4), line, MARK);
      }
      if (target && target.to !== target.tile - 1) this.ring(g, v, target.to, Math.max(6, c * 0.34), line * 0.8, TEXT);
    }
    if (target && !solved) this.journey(g, v, target, line);
    this.route(g, v, line);
    if (!solved) this.ring(g, v, s.blank, c >= 16 ? c * 0.16 : Math.max(6, c * 0.8), Math.max(1.5, line * 0.6), "rgba(236,238,244,0.85)");
    if (target && !solved) {
      const [x, y] = this.at(v, s.pos[target.tile]);
      if (c >= 16) {
        // Inside the cell, so that the board's edge does not cut it.
        const w = Math.min(8, Math.max(3, c * 0.09)), inset = (w + 3) / 2;
        g.lineWidth = w + 3;
        g.strokeStyle = OUTLINE;
        g.strokeRect(x + inset, y + inset, c - 2 * inset, c - 2 * inset);
        g.lineWidth = w;
        g.strokeStyle = MARK;
        g.strokeRect(x + inset, y + inset, c - 2 * inset, c - 2 * inset);
      } else {
        g.fillStyle = MARK;
        g.fillRect(x, y, c, c);
        this.ring(g, v, s.pos[target.tile], Math.max(11, c * 1.1), 2.5, MARK);
      }
    }
  }

  // Where the travelling tile goes: a dashed line from its frame to the
  // ring of the cell (not over either's number).
  journey(g, v, target, line) {
    const from = this.solve.pos[target.tile];
    if (from === target.to) return;
    const c = v.cell;
    const [[x0, y0], [x1, y1]] = [from, target.to].map((i) => this.at(v, i).map((z) => z + c / 2));
    const len = Math.hypot(x1 - x0, y1 - y0), cut = Math.min(c * 0.45, len / 3);
    const [ux, uy] = [(x1 - x0) / len, (y1 - y0) / len];
    const width = Math.max(2, line * 0.7);
    g.setLineDash([Math.max(4, c * 0.25), Math.max(3, c * 0.18)]);
    g.lineCap = "butt";
    for (const [w, colour] of [[width + 2, OUTLINE], [width, MARK]]) {
      g.beginPath();
      g.moveTo(x0 + ux * cut, y0 + uy * cut);
      g.lineTo(x1 - ux * cut, y1 - uy * cut);
      g.lineWidth = w;
      g.strokeStyle = colour;
      g.stroke();
    }
    g.setLineDash([]);
  }

  route(g, v, line) {
    const cells = this.solve.routeCells(this.viewer.whole);
    if (cells.length < 2) return;
    const c = v.cell;
    const pts = cells.map((i) => {
      const [x, y] = this.at(v, i);
      return [x + c / 2, y + c / 2];
    });
    g.lineCap = "round";
    for (let i = 1; i < pts.length; i++) {
      const fade = this.viewer.whole ? 0.85 : 1 - (0.6 * (i - 1)) / (pts.length - 1);
      g.globalAlpha = fade;
      g.beginPath();
      g.moveTo(...pts[i - 1]);
      g.lineTo(...pts[i]);
      g.lineWidth = line * 0.9 + 2;
      g.strokeStyle = OUTLINE;
      g.stroke();
      g.lineWidth = line * 0.9;
      g.strokeStyle = ROUTE;
      g.stroke();
    }
    const [from, to] = [pts[pts.length - 2], pts[pts.length - 1]];
    const dx = to[0] - from[0], dy = to[1] - from[1], len = Math.hypot(dx, dy) || 1;
    const [ux, uy] = [dx / len, dy / len];
    const head = Math.max(c * 0.32, line * 2.9);
    const tip = [to[0] + ux * head * 0.5, to[1] + uy * head * 0.5];
    const back = [tip[0] - ux * head, tip[1] - uy * head];
    const [px, py] = [-uy * head * 0.6, ux * head * 0.6];
    g.globalAlpha = 0.7;
    g.fillStyle = ROUTE;
    g.beginPath();
    g.moveTo(...tip);
    g.lineTo(back[0] + px, back[1] + py);
    g.lineTo(back[0] - px, back[1] - py);
    g.fill();
    g.globalAlpha = 1;
  }
}

const HELP = [
  ["Space", "play / pause"],
  ["→ ←", "step a move"],
  ["↓ ↑", "next / previous line"],
  ["+ −", "faster / slower"],
  ["T", "the person's own pace"],
  ["Home End", "start / end"],
  ["W", "whole route / next leg"],
  ["F", "follow the line (big boards)"],
  ["?", "this help"],
];

// The stages of a side by side: both solves' moves at the end of each
// (crates/view/src/web/compare.rs writes them as `fifteen compare` lines them up).
class Stages {
  constructor(list) {
    this.list = list.map(([name, left, person, fifteen]) => ({ name, left, ends: [person, fifteen] }));
  }

  get length() {
    return this.list.length;
  }

  // Stage k's ends, and where it starts (the ends of the one before).
  ends(k) {
    return this.list[k].ends;
  }

  starts(k) {
    return k > 0 ? this.list[k - 1].ends : [0, 0];
  }

  // The stage under way when the person has made `m` moves (the first
  // whose end is not behind them).
  ofPerson(m) {
    const k = partition(this.list.length, (i) => this.list[i].ends[0] < m);
    return Math.min(k, this.list.length - 1);
  }

  // Where fifteen is in stage k when the person has made `m` moves: as
  // far through its stretch as they are through theirs.
  fifteenAt(k, m) {
    const [p0, f0] = this.starts(k), [p1, f1] = this.ends(k);
    return p1 > p0 ? f0 + Math.round(((m - p0) / (p1 - p0)) * (f1 - f0)) : f1;
  }
}

// The viewer: one board or two side by side (a person's solve beside
// fifteen's, kept in step stage by stage), a header for each, a panel,
// driven by keys, clicks and the clock.
class Viewer {
  // `host.sharpen(effort, progress)`, where the page's host has one (the
  // server, the site's worker), finds the coaching again at the sharper par
  // the data names (`coach.sharper`), telling `progress(done, of)` how far
  // it has come: resolves {coach} (null: none) or fails.
  constructor(root, data, host = {}) {
    this.root = root;
    this.data = data;
    this.host = host;
    const start = Int32Array.from(numbersOf(data.start));
    this.solve = new Solve(data, start);
    // fifteen's solve starts from the person's scramble.
    this.other = data.duo ? new Solve(data.duo.fifteen, start) : null;
    this.stages = data.duo ? new Stages(data.duo.stages) : null;
    this.stage = 0;
    this.speed = data.speed || 6;
    if (this.other) this.speed = Math.max(this.speed, this.other.data.speed || 0);
    this.playing = false;
    this.acc = 0;
    // Playing at the person's own pace: the milliseconds since their start.
    this.realtime = false;
    this.clock = 0;
    this.whole = false;
    // On by default: it shows a window only where the whole board's cells
    // would be too small to read (followCell).
    this.follow = true;
    this.frames = 0;
    this.fps = 0;
    this.build();
    this.dirty = true;
    this.last = null;
    requestAnimationFrame((t) => this.tick(t));
    // The window's listeners, removed by destroy().
    this.listening = new AbortController();
    const signal = this.listening.signal;
    addEventListener("keydown", (e) => this.key(e), { signal });
    addEventListener("resize", () => (this.dirty = true), { signal });
    // The boards' room changes as the style arrives and the window resizes.
    this.resized = new ResizeObserver(() => (this.dirty = true));
    for (const pane of this.panes) this.resized.observe(pane.boardWrap);
    if (this.coach && data.coach.sharper && host.sharpen) this.sharpen(data.coach.sharper);
  }

  // The par sharpened while the solve is shown: the first coaching stays
  // until the sharper one comes, which takes its place (the solve plays on
  // where it was); `root.dataset.sharpened` says how it went.
  async sharpen(effort) {
    const said = (text, state) => {
      this.coach.said(text);
      this.root.dataset.sharpened = state;
    };
    said(`a sharper par (fifteen at ${effort}) is being found; the numbers change when it comes`, "finding");
    const progress = (done, of) => said(`a sharper par (fifteen at ${effort}) is being found: ${Math.round((100 * done) / Math.max(of, 1))} %`, "finding");
    let found;
    try {
      found = await this.host.sharpen(effort, progress);
    } catch (err) {
      if (!this.destroyed) said(`par not sharpened: ${err.message}`, "no");
      return;
    }
    if (this.destroyed) return;
    if (!found || !found.coach) return said("par not sharpened: this par is as sharp as fifteen gives it here", "no");
    const coach = { ...found.coach, points: await inflate(found.coach.points) };
    const sharper = new CoachPanel(this, coach);
    this.coach.part.replaceWith(sharper.part);
    this.coach.graph.replaceWith(sharper.graph);
    this.coach = sharper;
    this.data = { ...this.data, coach };
    said(`par sharpened: ${coach.par_by}`, "yes");
    this.dirty = true;
  }

  // Stops the viewer and takes it off the page (a page that shows another
  // solve in its place).
  destroy() {
    this.destroyed = true;
    this.listening.abort();
    this.resized.disconnect();
    this.root.replaceChildren();
  }

  // The first board's view (the tests read it).
  get v() {
    return this.panes[0].v;
  }

  build() {
    const d = this.data;
    this.help = helpBox(HELP);
    const main = el("main", { class: this.other ? "duo" : "" });
    // The boards side by side, and under them (with a coaching) the par graph.
    const sides = el("div", { class: "sides" });
    main.append(sides);
    this.headers = [];
    this.panes = [];
    const solves = this.other ? [this.solve, this.other] : [this.solve];
    solves.forEach((solve, i) => {
      const { title, subtitle, canvas, wrap, section } = side(i === 0 ? "" : "-fifteen", i === 0 ? "the board" : "fifteen's board");
      canvas.addEventListener("click", () => this.toggle());
      if (i === 0) wrap.append(this.help);
      sides.append(section);
      this.headers.push({ title, subtitle });
      this.panes.push(new Pane(this, solve, canvas, wrap));
    });
    this.title = this.headers[0].title;
    this.subtitle = this.headers[0].subtitle;
    this.stats = el("dl", { class: "stats", id: "stats" });
    const button = (label, name, fn, id) =>
      el("button", { type: "button", title: name, "aria-label": name, onclick: fn, ...(id ? { id } : {}) }, label);
    const controls = el(
      "div",
      { class: "controls" },
      button("↑", "previous line", () => this.phaseJump(-1)),
      button("◀", "step back", () => this.step(-1)),
      button("play", "play / pause", () => this.toggle()),
      button("▶", "step forward", () => this.step(1)),
      button("↓", "next line", () => this.phaseJump(1)),
      button("−", "slower", () => this.faster(0.5)),
      button("+", "faster", () => this.faster(2)),
      ...(this.solve.times ? [button("T", "the person's own pace", () => this.toggleRealtime(), "realtime")] : []),
      button("?", "help", () => this.help.classList.toggle("shown")),
    );
    const heading = d.person ? `REPLAY ${d.rows}×${d.cols}` : `WATCH ${d.rows}×${d.cols}`;
    const panel = el("aside", { class: "panel" }, el("h1", {}, heading), this.stats, controls);
    this.splitList = el("ol", { class: "splits", id: "splits" });
    if (this.stages) {
      panel.append(el("h2", {}, "lines: moves person / fifteen, and the difference (click to jump)"));
      this.splitItems = this.stages.list.map((stage, k) => {
        const [p0, f0] = this.stages.starts(k), [p1, f1] = stage.ends;
        const lost = p1 - p0 - (f1 - f0);
        const item = el(
          "li",
          { "data-start": String(p0), "data-at": String(p1), "data-fifteen-at": String(f1), tabindex: "0", title: "jump to " + stage.name },
          el("span", { class: "name" }, stage.name || stage.left),
          el("span", { class: "moves" }, `${p1 - p0} / ${f1 - f0}`),
          el("span", { class: "lost" }, signed(lost)),
        );
        return activatable(item, () => this.jumpStage(k, false));
      });
    } else {
      if (this.solve.splits.length) panel.append(el("h2", {}, "splits (click to jump)"));
      this.splitItems = this.solve.splits.map((s) => {
        const time = s.time_ms == null ? "" : ` ${(s.time_ms / 1000).toFixed(2)} s`;
        const item = el(
          "li",
          { "data-start": String(s.start), "data-at": String(s.at), tabindex: "0", title: "jump to " + s.name },
          el("span", { class: "name" }, s.name),
          el("span", { class: "moves" }, `${s.moves}${time}`),
        );
        return activatable(item, () => this.jump(s.start));
      });
    }
    this.splitList.append(...this.splitItems);
    panel.append(this.splitList);
    if (d.coach) {
      this.coach = new CoachPanel(this, d.coach);
      panel.append(this.coach.part);
      main.append(this.coach.graph);
    }
    else if (d.coach_note) panel.append(el("p", { class: "note", id: "coach-note" }, d.coach_note));
    panel.append(
      el("p", { class: "note" }, "Space play · ←→ step · ↑↓ line"),
      el("p", { class: "note" }, `+− speed${this.solve.times ? " · T their pace" : ""} · W route · F follow · ? help`),
    );
    this.root.append(main, panel);
  }

  key(e) {
    if (e.ctrlKey || e.metaKey || e.altKey || typingIn(e)) return;
    const k = e.key;
    if (k === " " || k === "Spacebar") this.toggle();
    else if (k === "ArrowRight") this.step(1);
    else if (k === "ArrowLeft") this.step(-1);
    else if (k === "ArrowDown") this.phaseJump(1);
    else if (k === "ArrowUp") this.phaseJump(-1);
    else if (k === "+" || k === "=") this.faster(2);
    else if (k === "-" || k === "_") this.faster(0.5);
    else if (k === "Home") this.jump(0);
    else if (k === "End") this.jump(this.solve.count);
    else if (k === "t" || k === "T") this.toggleRealtime();
    else if (k === "w" || k === "W") this.whole = !this.whole;
    else if (k === "f" || k === "F") this.follow = !this.follow;
    else if (k === "?") this.help.classList.toggle("shown");
    else return;
    e.preventDefault();
    this.dirty = true;
  }

  // Whether every board is at the end of its moves.
  atEnd() {
    return this.panes.every((p) => p.solve.cursor >= p.solve.count);
  }

  toggle() {
    if (!this.playing && this.atEnd()) this.jump(0);
    this.playing = !this.playing;
    this.acc = 0;
    this.clock = this.solve.timeAt(this.solve.cursor);
    this.dirty = true;
  }

  // Plays the person's solve at their own pace (their move times), or at
  // the speed chosen again; fifteen's board keeps to the same line.
  toggleRealtime() {
    if (!this.solve.times) return;
    this.realtime = !this.realtime;
    if (this.realtime && !this.playing) this.toggle();
    this.clock = this.solve.timeAt(this.solve.cursor);
    this.dirty = true;
  }

  step(n) {
    this.playing = false;
    this.acc = 0;
    if (n > 0) this.forward();
    else this.back();
    this.dirty = true;
  }

  // A move on: the person's board, and beside it fifteen's, each up to the
  // end of the stage under way; when both are there, the next stage.
  forward() {
    if (!this.other) return this.solve.forward();
    const panes = [this.solve, this.other];
    const below = () => panes.some((s, i) => s.cursor < this.stages.ends(this.stage)[i]);
    if (!below() && this.stage + 1 < this.stages.length) this.stage++;
    let moved = false;
    panes.forEach((s, i) => {
      if (s.cursor < this.stages.ends(this.stage)[i]) moved = s.forward() || moved;
    });
    return moved;
  }

  back() {
    if (!this.other) return this.solve.back();
    const panes = [this.solve, this.other];
    const above = () => panes.some((s, i) => s.cursor > this.stages.starts(this.stage)[i]);
    if (!above() && this.stage > 0) this.stage--;
    let moved = false;
    panes.forEach((s, i) => {
      if (s.cursor > this.stages.starts(this.stage)[i]) moved = s.back() || moved;
    });
    return moved;
  }

  // The person's board to move `to`; fifteen's to the same point of the
  // same stage.
  jump(to) {
    this.acc = 0;
    this.solve.seek(to);
    if (this.other) {
      this.stage = this.stages.ofPerson(this.solve.cursor);
      this.other.seek(this.stages.fifteenAt(this.stage, this.solve.cursor));
    }
    this.clock = this.solve.timeAt(this.solve.cursor);
    this.dirty = true;
  }

  // Both boards to the end of stage k (or its start).
  jumpStage(k, toEnd) {
    k = Math.max(0, Math.min(this.stages.length - 1, k));
    const [p, f] = toEnd ? this.stages.ends(k) : this.stages.starts(k);
    this.stage = k;
    this.solve.seek(p);
    this.other.seek(f);
    this.acc = 0;
    this.clock = this.solve.timeAt(p);
    this.dirty = true;
  }

  // The next line's start, or this line's (the one before if already
  // there); side by side, the end of this stage (the next if already
  // there) and its start, both boards together.
  phaseJump(dir) {
    const s = this.solve;
    if (this.other) {
      const at = (ends) => s.cursor === ends[0] && this.other.cursor === ends[1];
      let k = this.stage;
      if (dir > 0) {
        while (at(this.stages.ends(k)) && k + 1 < this.stages.length) k++;
        return this.jumpStage(k, true);
      }
      while (at(this.stages.starts(k)) && k > 0) k--;
      return this.jumpStage(k, false);
    }
    const i = s.phaseIndexAt(s.cursor);
    if (dir > 0) {
      const next = s.phases[i + 1];
      this.jump(next ? next.start : s.count);
    } else if (i >= 0) {
      const here = s.phases[i];
      const target = s.cursor > here.start || i === 0 ? here.start : s.phases[i - 1].start;
      this.jump(target);
    }
  }

  faster(k) {
    this.speed = Math.min(MAX_SPEED, Math.max(MIN_SPEED, this.speed * k));
    this.dirty = true;
  }

  // The clock's share of moves: at the chosen speed, or (at the person's
  // pace) the person's moves their times have reached, fifteen's board
  // following to the same point of the same stage.
  play(dt) {
    const s = this.solve;
    if (this.realtime) {
      this.clock += dt * 1000;
      while (s.cursor < s.count && s.timeAt(s.cursor + 1) <= this.clock) s.forward();
      if (this.other) {
        this.stage = this.stages.ofPerson(s.cursor);
        this.other.seek(this.stages.fifteenAt(this.stage, s.cursor));
      }
      const next = s.timeAt(s.cursor + 1), now = s.timeAt(s.cursor);
      this.acc = next > now ? Math.max(0, (this.clock - now) / (next - now)) : 0;
    } else {
      this.acc = Math.min(this.acc + dt * this.speed, MAX_STEPS_PER_FRAME);
      while (this.acc >= 1 && !this.atEnd()) {
        this.forward();
        this.acc -= 1;
      }
    }
    if (this.atEnd()) {
      this.playing = false;
      this.acc = 0;
    }
  }

  tick(now) {
    if (this.destroyed) return;
    const dt = this.last == null ? 0 : Math.min(0.25, (now - this.last) / 1000);
    this.last = now;
    if (this.playing) {
      this.play(dt);
      this.dirty = true;
    }
    // A follow view still panning to where it aims.
    if (this.panes.some((pane) => pane.moving)) this.dirty = true;
    if (this.dirty) {
      this.draw();
      this.frames++;
      this.dirty = false;
    }
    if (!this.fpsSince) this.fpsSince = now;
    if (now - this.fpsSince >= 1000) {
      this.fps = (this.frames * 1000) / (now - this.fpsSince);
      this.root.dataset.fps = this.fps.toFixed(1);
      this.frames = 0;
      this.fpsSince = now;
    }
    requestAnimationFrame((t) => this.tick(t));
  }

  draw() {
    const slow = this.playing && !REDUCED_MOTION && (this.realtime || this.speed <= TWEEN_UP_TO);
    for (const pane of this.panes) {
      // A board waiting at its stage's end does not slide.
      const s = pane.solve, i = pane === this.panes[0] ? 0 : 1;
      const waiting = this.other && !this.realtime && s.cursor >= this.stages.ends(this.stage)[i];
      pane.tween = slow && !waiting && (i === 0 || !this.realtime) ? this.acc : null;
      pane.draw();
    }
    this.texts();
    if (this.coach) this.coach.draw();
  }

  // The header, the panel's numbers and the page's state (data-*).
  texts() {
    const s = this.solve, d = this.data;
    const state = this.playing ? (this.realtime ? "playing at their pace" : "playing") : "paused";
    const speed = this.speed >= 100 ? Math.round(this.speed).toLocaleString("en") : String(+this.speed.toFixed(2));
    const pace = this.realtime ? "" : `   ${speed} moves/s`;
    const titles = this.panes.map((pane, i) => {
      const { placement, phase, solved } = pane.mark;
      const title = solved ? "solved" : placement ? placement.title : phase ? phase.name : pane.solve.data.title;
      // Side by side the panel names the person (solver, event): their
      // subtitle keeps to the moves, the speed and the state.
      const who = i === 1 ? `fifteen, ${d.duo.effort}   ` : d.person && !this.other ? aboutPerson(d.person) + "   " : "";
      const solver = d.person && i === 0 ? "" : `   ${pane.solve.data.solver} solver`;
      this.headers[i].title.textContent = (this.other ? (i === 0 ? "person: " : "fifteen: ") : "") + title;
      // Side by side, the speed and the state are said once, over the person's board.
      const shared = i === 1 ? "" : `${pace}   ${state}`;
      sayParts(this.headers[i].subtitle, `${who}move ${pane.solve.cursor} of ${pane.solve.count}${shared}${solver}`);
      return title;
    });
    this.stats.replaceChildren(...this.statRows().flatMap(([k, v]) => [el("dt", {}, k), el("dd", {}, v)]));
    const { phase, solved } = this.panes[0].mark;
    const current = this.stages
      ? this.stage
      : this.splitItems.findIndex((_, i) => {
          const split = s.splits[i];
          return s.cursor >= split.start && (s.cursor < split.at || (i === s.splits.length - 1 && !solved));
        });
    this.splitItems.forEach((item, i) => item.classList.toggle("current", i === current));
    const ds = this.root.dataset;
    ds.cursor = String(s.cursor);
    ds.count = String(s.count);
    ds.playing = String(this.playing);
    ds.realtime = String(this.realtime);
    ds.solved = String(solved);
    ds.phase = phase ? phase.name : "";
    ds.title = titles[0];
    ds.follow = String(this.follow);
    // What the first board's follow view points at, outside its window.
    ds.pointing = (this.panes[0].pointing || []).join("; ");
    if (this.other) {
      ds.stage = String(this.stage);
      ds.fifteenCursor = String(this.other.cursor);
      ds.fifteenCount = String(this.other.count);
      ds.fifteenSolved = String(this.panes[1].mark.solved);
    }
  }

  // The panel's numbers: who and when, the moves, the Manhattan distance.
  statRows() {
    const s = this.solve, d = this.data;
    const rows = [];
    if (d.person) {
      if (d.person.player) rows.push(["solver", d.person.player]);
      // The event names the player on leaderboard replays: it has its own row.
      const by = d.person.player ? " by " + d.person.player : "";
      const event = by && d.person.event.endsWith(by) ? d.person.event.slice(0, -by.length) : d.person.event;
      rows.push(["event", event]);
      if (d.person.time_ms != null) rows.push(["time", (d.person.time_ms / 1000).toFixed(3) + " s"]);
      if (d.person.tps != null) rows.push(["tiles / second", d.person.tps.toFixed(2)]);
      if (d.person.time_as_4x4_ms != null) rows.push(["time as on a 4×4", (d.person.time_as_4x4_ms / 1000).toFixed(3) + " s"]);
    }
    rows.push([this.other ? "person's moves" : "moves", `${s.cursor} / ${s.count}`]);
    if (this.other) rows.push(["fifteen's moves", `${this.other.cursor} / ${this.other.count}`]);
    if (d.mtm != null) {
      const fifteens = this.other && this.other.data.mtm != null ? ` / ${this.other.data.mtm}` : "";
      rows.push([this.other ? "multi-tile moves (person / fifteen)" : "multi-tile moves", `${d.mtm}${fifteens}`]);
    }
    // The final count the solve is heading for, as slidysim's replay page
    // predicts it (slidysim::predicted_moves in the core has the rule):
    // moves made × start distance / distance brought home.
    const home = s.startManhattan - s.manhattan;
    if (d.person && home > 0 && s.cursor > 0) rows.push(["predicted moves", (s.cursor * s.startManhattan / home).toFixed(0)]);
    rows.push(["Manhattan now", this.other ? `${s.manhattan} / ${this.other.manhattan}` : String(s.manhattan)]);
    rows.push(["Manhattan at start", String(s.startManhattan)]);
    if (s.startManhattan > 0) {
      const ratio = (n) => (n / s.startManhattan).toFixed(2);
      const mmd = this.other ? `${ratio(s.count)} / ${ratio(this.other.count)}` : ratio(s.count);
      rows.push([d.person ? "MMD" : "moves / Manhattan", mmd]);
    }
    return rows;
  }
}

// The coach's part of the panel: par, a row a line (the person's moves,
// the moves lost against par, fifteen's way's length) and the par graph,
// all from the data Rust computed: `part` for the panel, `graph` below the
// boards.
class CoachPanel {
  constructor(viewer, coach) {
    this.viewer = viewer;
    this.coach = coach;
    this.lines = coach.lines.map(([name, from, to, parBefore, parAfter, way, how, loss, margin]) => ({
      name, from, to, parBefore, parAfter, way, how, loss, margin,
    }));
    // The par graph's points as the coaching gives them: move, par, in turn.
    const flat = coach.points ? numbersOf(coach.points) : [];
    this.points = [];
    for (let i = 0; i + 1 < flat.length; i += 2) this.points.push([flat[i], flat[i + 1]]);
    const proven = coach.exact || coach.lower_bound == null ? "" : `; at least ${coach.lower_bound}, proven`;
    const bound = coach.exact ? "" : `, an upper bound${proven}`;
    this.part = el("div", { class: "coach-part", id: "coach-part" });
    const part = this.part;
    // What is being done to par (sharpening it), when anything is.
    this.note = el("p", { class: "note", id: "coach-sharper", hidden: "" });
    part.append(
      el("h2", {}, "coach (click a line to jump)"),
      el("p", { class: "coach-head", id: "coach-head" }, `par ${coach.par} (${coach.par_by}${bound}): ${signed(coach.loss)} lost`),
      this.note,
    );
    const head = el("tr", {}, ...["line", "moves", "lost", "way"].map((h) => el("th", {}, h)));
    this.rows = this.lines.map((line) => {
      const row = el(
        "tr",
        {
          title: `par ${line.parBefore} → ${line.parAfter}${line.margin ? `; par's error leaves the loss ±${line.margin}` : ""}; fifteen's way: ${line.way} moves (${line.how})`,
          "data-loss": String(line.loss),
        },
        el("td", {}, line.name),
        el("td", {}, String(line.to - line.from)),
        el("td", { class: line.loss > line.margin ? "lost" : "" }, line.margin ? `${signed(line.loss)} ±${line.margin}` : signed(line.loss)),
        el("td", {}, String(line.way)),
      );
      return activatable(row, () => viewer.jump(line.from));
    });
    part.append(el("table", { class: "coach", id: "coach" }, el("thead", {}, head), el("tbody", {}, ...this.rows)));
    if (coach.mistakes && coach.mistakes.length)
      part.append(el("p", { class: "note" }, `mistakes (moves that took the goal further away): ${coach.mistakes.join(", ")}`));
    this.canvas = el("canvas", { class: "par-graph", id: "par-graph", "aria-label": "the par graph" });
    this.canvas.addEventListener("click", (e) => this.click(e));
    this.graph = el(
      "div",
      { class: "graph" },
      el("div", { class: "graph-title" }, "par graph: the person's moves across, par up · white: the person · dashed green: losing nothing · gold: line ends · cyan: now (click to jump)"),
      this.canvas,
    );
  }

  // Says what is being done to par, under its head.
  said(text) {
    this.note.textContent = text;
    this.note.hidden = false;
  }

  // The graph's frame: x is moves, y par.
  frame() {
    const width = this.canvas.clientWidth || 270, height = this.canvas.clientHeight || 120;
    const moves = Math.max(this.viewer.solve.count, this.coach.par, 1);
    const top = Math.max(this.coach.par, ...this.points.map(([, p]) => p), 1);
    const pad = 6;
    return {
      width, height,
      x: (m) => pad + (m / moves) * (width - 2 * pad),
      y: (p) => height - pad - (p / top) * (height - 2 * pad),
      moveAt: (px) => Math.round(((px - pad) / (width - 2 * pad)) * moves),
    };
  }

  click(e) {
    const box = this.canvas.getBoundingClientRect();
    this.viewer.jump(this.frame().moveAt(e.clientX - box.left));
  }

  draw() {
    const cursor = this.viewer.solve.cursor;
    this.rows.forEach((row, i) => {
      const line = this.lines[i];
      row.classList.toggle("current", cursor >= line.from && (cursor < line.to || i === this.lines.length - 1));
    });
    const f = this.frame();
    const ratio = window.devicePixelRatio || 1;
    if (this.canvas.width !== Math.round(f.width * ratio)) this.canvas.width = Math.round(f.width * ratio);
    if (this.canvas.height !== Math.round(f.height * ratio)) this.canvas.height = Math.round(f.height * ratio);
    const g = this.canvas.getContext("2d");
    g.setTransform(ratio, 0, 0, ratio, 0, 0);
    g.clearRect(0, 0, f.width, f.height);
    g.fillStyle = BOARD;
    g.fillRect(0, 0, f.width, f.height);
    // Losing nothing: par falling one a move.
    g.setLineDash([4, 4]);
    g.strokeStyle = ROUTE;
    g.lineWidth = 1.5;
    g.beginPath();
    g.moveTo(f.x(0), f.y(this.coach.par));
    g.lineTo(f.x(this.coach.par), f.y(0));
    g.stroke();
    g.setLineDash([]);
    // The person: the coaching's points (par after every move, or at every
    // line's end).
    g.strokeStyle = TEXT;
    g.beginPath();
    this.points.forEach(([m, p], i) => (i ? g.lineTo(f.x(m), f.y(p)) : g.moveTo(f.x(m), f.y(p))));
    g.stroke();
    // The lines' ends, and the cursor.
    g.strokeStyle = MARK;
    for (const line of this.lines) {
      g.beginPath();
      g.moveTo(f.x(line.to), f.y(line.parAfter) - 5);
      g.lineTo(f.x(line.to), f.y(line.parAfter) + 5);
      g.stroke();
    }
    g.strokeStyle = ACCENT;
    g.beginPath();
    g.moveTo(f.x(cursor), 0);
    g.lineTo(f.x(cursor), f.height);
    g.stroke();
  }
}

// Whether a key went to a text field (a page's form), not to the viewer.
const typingIn = (e) => !!(e.target && e.target.closest && e.target.closest("input, textarea, select"));

// A loss with its sign: +4, 0, -2.
// The least cell a follow view shows, in pixels: room for the numbers of
// a board of `n` cells (label draws them 0.42 of a cell high, and four
// digits and more smaller).
const followCell = (n) => [18, 18, 18, 24, 34][String(n - 1).length] || 10 * String(n - 1).length;
const signed = (n) => (n > 0 ? "+" + n : String(n));

function aboutPerson(p) {
  return p.player && !p.event.includes(p.player) ? `${p.event} by ${p.player}` : p.event;
}

// A session's page holds every solve's data: the first's is the page's
// own, the others' in their entries. `#solve-N` in the address picks one.
function sessionPick(packed) {
  if (!packed.session) return packed;
  const wanted = Number((location.hash.match(/^#solve-(\d+)$/) || [])[1]);
  const entry = packed.session.solves.find((s) => s.number === wanted && s.data);
  const first = packed.session.solves[0].number;
  return entry ? { ...entry.data, session_number: entry.number } : { ...packed, session_number: first };
}

// The session's numbers (by kind of line, its averages) and its solves,
// each a row that opens that solve coached.
function sessionBox(session, shown) {
  const sum = session.summary;
  const fixed = (v, k = 2) => (v == null ? "-" : v.toFixed(k));
  const kinds = el(
    "table",
    { class: "coach session-kinds", id: "session-kinds" },
    el("thead", {}, el("tr", {}, ...["line kind", "lines", "moves", "lost", "spread", "1st → 2nd half"].map((h) => el("th", {}, h)))),
    el(
      "tbody",
      {},
      ...sum.by_kind.map((k) =>
        el(
          "tr",
          {},
          el("td", {}, k.kind),
          el("td", {}, String(k.lines)),
          el("td", {}, fixed(k.moves_mean, 1)),
          el("td", { class: k.loss_mean > 0 ? "lost" : "" }, fixed(k.loss_mean)),
          el("td", {}, fixed(k.loss_spread)),
          el("td", {}, `${fixed(k.loss_mean_first_half)} → ${fixed(k.loss_mean_second_half)}`),
        ),
      ),
    ),
  );
  const averages = [["time", sum.time_averages, " s"], ["moves", sum.move_averages, ""]]
    .filter(([, list]) => Object.keys(list).length)
    .map(([what, list, unit]) => `${what}: ` + Object.entries(list).map(([name, a]) => `${name} ${a.last.toFixed(3)}${unit} (best ${a.best.toFixed(3)}${unit})`).join(", "));
  const rows = session.solves.map((s) =>
    activatable(
      el(
        "tr",
        { class: s.number === shown ? "current" : "", "data-solve": String(s.number), title: "open solve " + s.number + " coached" },
        el("td", {}, String(s.number)),
        el("td", {}, String(s.moves)),
        el("td", {}, s.time_ms == null ? "-" : (s.time_ms / 1000).toFixed(3)),
        el("td", {}, String(s.par)),
        el("td", { class: s.loss > 0 ? "lost" : "" }, signed(s.loss)),
      ),
      () => {
        location.hash = "solve-" + s.number;
      },
    ),
  );
  const first = sum.ranked.slice(0, 5).map((n) => "solve " + n).join(", ");
  return el(
    "section",
    { class: "session", id: "session" },
    el("h2", {}, `session: ${session.heading}, ${session.solves.length} solves (${sum.average_rule})`),
    kinds,
    ...averages.map((text) => el("p", { class: "note" }, text)),
    el("p", { class: "note" }, "look first at: " + first),
    el(
      "table",
      { class: "coach session-solves", id: "session-solves" },
      el("thead", {}, el("tr", {}, ...["solve", "moves", "time", "par", "lost"].map((h) => el("th", {}, h)))),
      el("tbody", {}, ...rows),
    ),
  );
}

// Shows a page's data (`packed`, as #fifteen-data holds it) in `root`: a
// solve, a side by side, or a session, whose `#solve-N` in the address
// picks the solve shown. Returns a handle whose destroy() takes it off
// the page; data that cannot be read says why in `root`.
async function show(root, packed, host = {}) {
  const shown = { viewer: null, box: null, listening: new AbortController() };
  const mount = async () => {
    if (shown.viewer) shown.viewer.destroy();
    if (shown.box) shown.box.remove();
    delete root.dataset.ready;
    const data = await inflated(sessionPick(packed));
    if (packed.session) {
      shown.box = sessionBox(packed.session, data.session_number);
      root.before(shown.box);
    }
    shown.viewer = window.fifteen = new Viewer(root, data, host);
    // Drawn once before it says it is ready, so that its state (data-*)
    // is there to read: the first frame may come later.
    shown.viewer.draw();
    root.dataset.ready = "true";
  };
  try {
    if (packed.v !== 2) throw new Error("this page's data is version " + packed.v + ", the viewer reads version 2");
    await mount();
    if (packed.session) addEventListener("hashchange", () => mount().catch(failed), { signal: shown.listening.signal });
  } catch (err) {
    failed(err);
  }
  function failed(err) {
    root.append(el("p", { class: "error", id: "error" }, "cannot show this solve: " + err.message));
    root.dataset.error = err.message;
  }
  return {
    destroy() {
      shown.listening.abort();
      if (shown.viewer) shown.viewer.destroy();
      if (shown.box) shown.box.remove();
    },
  };
}

// Starts the viewer on the page's data. A page with no data (the game's,
// the site's) draws with the parts exported below.
function main() {
  const source = document.getElementById("fifteen-data");
  if (!source) return;
  const root = el("div", { class: "viewer", id: "viewer" });
  document.body.append(root);
  let packed;
  try {
    packed = JSON.parse(source.textContent);
  } catch (err) {
    root.append(el("p", { class: "error", id: "error" }, "cannot show this solve: " + err.message));
    root.dataset.error = err.message;
    return;
  }
  show(root, packed, source.dataset.host === "server" ? served : {});
}

// The served page's host (`fifteen serve`): the sharper par is the same
// address's `&coach=sharper`, answered {coach} or {error}.
const served = {
  async sharpen() {
    const response = await fetch(location.pathname + location.search + "&coach=sharper");
    const answer = await response.json().catch(() => ({ error: `the server answered ${response.status}` }));
    if (!response.ok || answer.error) throw new Error(answer.error || `the server answered ${response.status}`);
    return answer;
  },
};

main();

export { ACCENT, MARK, OUTLINE, TEXT, Pane, el, helpBox, inflate, numbersOf, sayParts, show, side, typingIn };
