// fifteen's static site: every page (index.html, solve.html, watch.html,
// replay.html, session.html, play.html, train.html, written by `cargo xtask site`) is
// this script on the viewer's style. It reads what to show from the
// page's address, as `fifteen serve` does (the same paths and
// parameters), asks fifteen for it in a Web Worker (worker.js, which runs
// the core compiled to WebAssembly), and shows the answer with the same
// viewer (viewer.js) the server sends and the saved pages hold. Nothing
// is fetched from anywhere but the site itself; the 4×4's tables, once
// built, are kept in the browser's storage (IndexedDB).
import { el, inflate, numbersOf, show } from "./viewer.js";

// The site's root: where this script is.
const ROOT = new URL(".", import.meta.url);
const PAGE = document.body.dataset.page || "index";
const params = new URLSearchParams(location.search);

// --- fifteen in its worker -------------------------------------------

// The worker and the requests it has not answered. A request is stopped
// by ending the worker (its one thread is busy with the work); the next
// request starts a new one.
class Fifteen {
  constructor(onProgress) {
    this.onProgress = onProgress;
    this.worker = null;
    this.pending = new Map();
    this.next = 1;
    // What the worker was given, to give a new one again.
    this.tablesGiven = new Set();
  }

  start() {
    if (this.worker) return;
    this.worker = new Worker(new URL("worker.js", import.meta.url));
    this.tablesGiven.clear();
    this.worker.onmessage = (e) => this.heard(e.data);
    this.worker.onerror = (e) => this.fail("the worker failed: " + (e.message || "it could not start"));
  }

  heard(message) {
    const waiting = this.pending.get(message.id);
    if (!waiting) return;
    if (message.progress) return (waiting.onProgress || this.onProgress)(message.progress);
    if (message.panic) return (waiting.panic = message.panic);
    this.pending.delete(message.id);
    if (message.failed) {
      // The module trapped: it is of no more use.
      this.end();
      return waiting.reject(new Error("fifteen failed: " + (waiting.panic || message.failed)));
    }
    if ("error" in message.answer) return waiting.reject(new Error(message.answer.error));
    waiting.resolve({ ok: message.answer.ok, bytes: message.bytes });
  }

  fail(reason) {
    for (const waiting of this.pending.values()) waiting.reject(new Error(reason));
    this.pending.clear();
    this.end();
  }

  end() {
    if (this.worker) this.worker.terminate();
    this.worker = null;
  }

  // Asks for `request` (bytes beside it: tables kept); resolves {ok, bytes}.
  // Its progress goes to `onProgress` when given, else to the page's bar.
  ask(request, bytes, onProgress) {
    this.start();
    const id = this.next++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject, onProgress });
      this.worker.postMessage({ id, request, bytes }, bytes ? [bytes.buffer] : []);
    });
  }

  // Stops whatever is under way: its promise fails with "stopped".
  stop() {
    this.fail("stopped");
  }

  // Whether a request is under way.
  busy() {
    return this.pending.size > 0;
  }
}

// --- the 4×4's tables, kept in the browser -----------------------------

// The optimal solver's tables of a 4×4 (6-6-3, 11.5 MB): built in the
// worker the first time (about ten seconds) and kept in IndexedDB; later
// visits give the worker the kept bytes, which it checks whole.
const TABLES_KEY = "tables-4x4-6-6-3-v2";

function storage() {
  return new Promise((resolve, reject) => {
    if (typeof indexedDB === "undefined") return reject(new Error("no IndexedDB"));
    // Version 2 added the training page's attempts (one record each).
    const open = indexedDB.open("fifteen", 2);
    open.onupgradeneeded = () => {
      const db = open.result;
      if (!db.objectStoreNames.contains("kept")) db.createObjectStore("kept");
      if (!db.objectStoreNames.contains("attempts")) db.createObjectStore("attempts", { autoIncrement: true });
    };
    open.onsuccess = () => resolve(open.result);
    open.onerror = () => reject(open.error);
  });
}

async function kept(key) {
  try {
    const db = await storage();
    return await new Promise((resolve, reject) => {
      const get = db.transaction("kept").objectStore("kept").get(key);
      get.onsuccess = () => resolve(get.result || null);
      get.onerror = () => reject(get.error);
    });
  } catch {
    return null;
  }
}

async function keep(key, value) {
  try {
    const db = await storage();
    await new Promise((resolve, reject) => {
      const tx = db.transaction("kept", "readwrite");
      tx.objectStore("kept").put(value, key);
      tx.oncomplete = resolve;
      tx.onerror = () => reject(tx.error);
    });
    return true;
  } catch {
    return false;
  }
}

async function forget(key) {
  try {
    const db = await storage();
    db.transaction("kept", "readwrite").objectStore("kept").delete(key);
  } catch {
    // Nothing kept, nothing to forget.
  }
}

// Gives the worker the tables of a rows×cols board if it has some (4×4).
async function ensureTables(rows, cols) {
  if (rows !== 4 || cols !== 4 || fifteen.tablesGiven.has(TABLES_KEY)) return;
  const saved = await kept(TABLES_KEY);
  if (saved) {
    try {
      status.doing("reading the 4×4's tables kept in this browser");
      await fifteen.ask({ op: "tables", rows, cols }, new Uint8Array(saved));
      fifteen.tablesGiven.add(TABLES_KEY);
      document.body.dataset.tables = "kept";
      return;
    } catch (err) {
      if (err.message === "stopped") throw err;
      // Damaged or of another version: built again below.
      await forget(TABLES_KEY);
    }
  }
  status.doing("building the 4×4's tables (once: this browser keeps them)");
  const { bytes } = await fifteen.ask({ op: "tables", rows, cols, keep: true });
  fifteen.tablesGiven.add(TABLES_KEY);
  document.body.dataset.tables = (await keep(TABLES_KEY, bytes.buffer)) ? "built" : "built, not kept";
}

// --- the page's parts ----------------------------------------------------

// The work under way: a bar, what it is doing, a button that stops it.
class Status {
  constructor() {
    this.bar = el("progress", { id: "progress", max: "1" });
    this.text = el("span", { id: "doing" });
    this.cancel = el("button", { type: "button", id: "cancel", onclick: () => this.stopped() }, "Cancel");
    this.box = el("div", { class: "work", id: "work", hidden: "" }, this.bar, this.text, this.cancel);
    this.message = el("p", { class: "message", id: "message", role: "alert" });
  }

  doing(text) {
    if (!(text in timings.steps)) timings.steps[text] = performance.now();
    this.box.hidden = false;
    this.bar.removeAttribute("value");
    this.text.textContent = text + "…";
    document.body.dataset.state = "working";
  }

  progress({ doing, done, of }) {
    if (!(doing in timings.steps)) timings.steps[doing] = performance.now();
    if (of > 0) this.bar.value = done / of;
    this.text.textContent = `${doing}: ${done} of ${of}`;
  }

  done() {
    this.box.hidden = true;
    timings.done = performance.now();
    document.body.dataset.state = "done";
  }

  // One line that says what is wrong; whatever was open stays.
  failed(message) {
    this.box.hidden = true;
    this.message.textContent = message;
    document.body.dataset.state = "error";
  }

  clear() {
    this.message.textContent = "";
  }

  stopped() {
    fifteen.stop();
  }
}

// When each part of the page's work first showed (milliseconds from the
// page's opening), and when the answer was shown: docs/site.md's times.
const timings = (window.fifteenTimes = { steps: {}, done: null, shown: null });

const status = new Status();
const fifteen = new Fifteen((p) => status.progress(p));

// The site's address of a page: `solve?board=…`, as `fifteen serve` names it.
function pageUrl(page, query) {
  const url = new URL(page, ROOT);
  for (const [k, v] of Object.entries(query)) if (v !== "" && v != null) url.searchParams.set(k, v);
  return url;
}

// A board in slidysim's notation: rows split by `/`.
const notation = (b) => {
  const rows = [];
  for (let r = 0; r < b.rows; r++) rows.push(b.cells.slice(r * b.cols, (r + 1) * b.cols).join(" "));
  return rows.join("/");
};

// A link's payload, for `replay?r=…`: what follows `r=` (slidysim's
// link, or a link to this site or a server), or the text itself.
function payload(text) {
  const t = text.trim();
  const at = t.indexOf("r=");
  if (at < 0) return t;
  const rest = t.slice(at + 2);
  const end = rest.indexOf("&");
  return decodeURIComponent(end < 0 ? rest : rest.slice(0, end));
}

// The form on every page: a board or a link, or a size and a seed.
function form() {
  const source = el("input", {
    id: "source",
    type: "text",
    "aria-label": "a board or a replay link",
    placeholder: "a board (1 2 3/4 5 6/7 8 0) or a slidysim replay link",
    autocomplete: "off",
    spellcheck: "false",
  });
  const size = el("input", { id: "size", type: "number", min: "2", max: "300", value: params.get("size") || "4", "aria-label": "size" });
  const seed = el("input", { id: "seed", type: "number", min: "0", value: params.get("seed") || "1", "aria-label": "seed" });
  const effort = el("select", { id: "effort", "aria-label": "effort" });
  for (const name of ["auto", "fast", "normal", "best"]) effort.append(el("option", { value: name }, name));
  effort.value = params.get("effort") || "auto";
  if (params.get("board")) source.value = params.get("board");
  const go = async (where) => {
    status.clear();
    const text = source.value.trim();
    const chosen = effort.value === "auto" ? "" : effort.value;
    if (!text) {
      const n = Number(size.value), s = Number(seed.value);
      if (!Number.isInteger(n) || n < 2) return status.failed("give a size of 2 or more");
      if (!Number.isInteger(s) || s < 0) return status.failed("give a seed: a whole number");
      return location.assign(pageUrl(where === "play" ? "play" : "watch", { size: n, seed: s, effort: where === "play" ? "" : chosen }));
    }
    try {
      // A new request stops the one under way (the worker has one thread).
      if (fifteen.busy()) fifteen.stop();
      status.doing("reading it");
      const { ok } = await fifteen.ask({ op: "read", text });
      status.done();
      if (ok.board) return location.assign(pageUrl(where === "play" ? "play" : "solve", { board: notation(ok.board), effort: where === "play" ? "" : chosen }));
      const page = ok.link.solves > 1 && where !== "play" ? "session" : "replay";
      location.assign(pageUrl(page, { r: payload(text) }));
    } catch (err) {
      status.failed(err.message);
    }
  };
  const button = (label, id, title) => el("button", { type: "submit", id, title }, label);
  const formNode = el(
    "form",
    { class: "ask", id: "ask" },
    source,
    el("label", {}, "size ", size),
    el("label", {}, "seed ", seed),
    el("label", {}, "effort ", effort),
    button("Watch", "go", "watch fifteen solve it, line by line"),
    button("Play", "play-it", "play it by hand, with hints"),
  );
  formNode.addEventListener("submit", (e) => {
    e.preventDefault();
    go(e.submitter && e.submitter.id === "play-it" ? "play" : "watch");
  });
  return el(
    "header",
    { class: "site" },
    el("a", { class: "home", href: new URL("./", ROOT).href }, "fifteen"),
    formNode,
    status.box,
    status.message,
  );
}

// What a page says above its viewer: the counts a reader wants first.
function summary(data) {
  const p = el("p", { class: "summary", id: "summary" });
  if (data.duo) {
    const f = data.duo.fifteen;
    let text = `${data.title.replace(/^fifteen: /, "")}: the person ${data.count} moves, fifteen ${f.count} (at ${data.duo.effort})`;
    if (data.coach) text += `; par ${data.coach.par} (${data.coach.par_by}), lost ${data.coach.loss}`;
    p.textContent = text;
  } else {
    p.textContent = `fifteen solves this ${data.rows}×${data.cols} in ${data.count} moves${data.effort ? ` (at ${data.effort})` : ""}`;
  }
  return p;
}

// Shows the answer in the viewer, with its summary above it; `host` is
// what the viewer may ask for more (the replay's sharper par).
async function view(data, extra, host) {
  // The answer as fifteen gave it, for a reader of the page (and its tests).
  window.fifteenAnswer = data;
  const root = el("div", { class: "viewer", id: "viewer" });
  document.body.append(summary(data), ...(extra || []), root);
  await show(root, data, host);
  timings.shown = performance.now();
}

// --- the pages -------------------------------------------------------------

// A whole number from the address, or an error naming it.
function whole(name, fallback) {
  const text = params.get(name);
  if (text == null || text === "") return fallback;
  const n = Number(text.trim());
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name}=${text} is not a whole number`);
  return n;
}

function effortAsked() {
  const e = params.get("effort");
  if (e == null || e === "") return undefined;
  if (!["auto", "fast", "normal", "best"].includes(e)) throw new Error(`effort=${e} is not an effort: give fast, normal, best or auto`);
  return e;
}

// The board the address names: `board=…`, or `size`/`rows`/`cols` and
// `seed` (dealt by the worker as `fifteen scramble` deals it).
async function boardAsked() {
  if (params.has("board")) {
    const { ok } = await fifteen.ask({ op: "read", text: params.get("board").replace(/\//g, "\n") });
    if (!ok.board) throw new Error("board= holds a link: open it as /replay?r=…");
    return ok.board;
  }
  const size = whole("size", 4);
  return { rows: whole("rows", size), cols: whole("cols", size), seed: whole("seed", 1) };
}

// `/solve` and `/watch`: fifteen's solve, playing as soon as it is shown.
async function solvePage() {
  const effort = effortAsked();
  status.doing("reading the board");
  const board = await boardAsked();
  status.doing(`fifteen solving the ${board.rows}×${board.cols}`);
  const { ok } = await fifteen.ask({ op: "solve", board, effort });
  status.done();
  await view(ok);
  if (window.fifteen && window.fifteen.toggle && !window.fifteen.playing) window.fifteen.toggle();
  if (ok.has_distance) fewestPossible(ok);
}

// On a small board, the fewest moves that solve it, beside fifteen's: the
// optimal solver's, worked out once the solve is shown (a 4×4's first
// time builds its tables).
async function fewestPossible(data) {
  const line = document.getElementById("summary");
  const note = el("span", { id: "fewest" }, "; the fewest possible: …");
  line.append(note);
  try {
    await ensureTables(data.rows, data.cols);
    status.doing("working out the fewest possible moves");
    const cells = numbersOf(await inflate(data.start));
    const { ok } = await fifteen.ask({ op: "hint", board: { rows: data.rows, cols: data.cols, cells } });
    status.done();
    note.textContent = `; the fewest possible: ${ok.optimal.moves}`;
  } catch (err) {
    status.done();
    note.textContent = err.message === "stopped" ? "" : `; no optimal distance: ${err.message}`;
  }
}

// The link in the address: `r=…` as slidysim's replay page reads it.
function linkAsked() {
  const r = location.search.slice(1).split("&").find((p) => p.startsWith("r="));
  if (!r) throw new Error("no replay: give one as replay?r=PAYLOAD, as slidysim's replay links do");
  return r;
}

async function replayPage(asSession) {
  const link = linkAsked();
  status.doing("reading the link");
  const { ok: read } = await fifteen.ask({ op: "read", text: link });
  const { rows, cols, solves } = read.link;
  await ensureTables(rows, cols);
  status.doing(asSession ? `coaching the session's ${solves} solves` : "coaching the solve");
  const { ok } = await fifteen.ask({ op: asSession ? "session" : "replay", link });
  status.done();
  const extra = [];
  if (!asSession && solves > 1) {
    const session = pageUrl("session", {});
    session.search = location.search;
    extra.push(el("p", { class: "note", id: "session-note" }, `this link holds ${solves} solves; the page shows the first. `, el("a", { href: session.href }, "See them all as a session")));
  }
  await view(ok, extra, asSession ? {} : sharpening(link, ok));
}

// The replay's host: its sharper par found in the worker once the page is
// shown (the page goes on playing; a new request stops it), the summary
// updated when it comes.
function sharpening(link, data) {
  return {
    async sharpen(effort, progress) {
      const { ok } = await fifteen.ask({ op: "sharper", link }, undefined, (p) => progress(p.done, p.of));
      if (ok.coach) document.getElementById("summary").replaceWith(summary({ ...data, coach: ok.coach }));
      return ok;
    },
  };
}

// The index: the form, what fifteen is, some pages to start from, and the
// community's records it measures itself against.
async function indexPage() {
  const examples = [
    ["watch a 4×4 solved line by line", pageUrl("watch", { size: 4, seed: 7 })],
    ["watch a 10×10", pageUrl("watch", { size: 10, seed: 3 })],
    ["a 5×5 record solve, coached beside fifteen's", pageUrl("replay", { r: EXAMPLE_LINK })],
    ["play a 4×4 by hand, with hints", pageUrl("play", { size: 4, seed: 1 })],
    ["train on drills made from that 5×5 solve's weak lines", pageUrl("train", { r: EXAMPLE_LINK })],
  ];
  const list = el("ul", { class: "examples", id: "examples" }, ...examples.map(([text, url]) => el("li", {}, el("a", { href: url.href }, text))));
  const records = el("table", { class: "coach records", id: "records" });
  const intro = el(
    "section",
    { class: "intro", id: "intro" },
    el("h1", {}, "fifteen"),
    el("p", {}, "Solves sliding-tile puzzles of any size the way a person would, line by line, and shows it happening; coaches a speedsolver's slidysim replay against its par. It all runs here, in your browser: nothing is sent anywhere."),
    el("p", {}, "Type a board (rows split by / or on lines, the blank as 0 or _) or paste a replay link above, or pick a size and a seed."),
    list,
    el("h2", {}, "the slidysim community's fewest-moves records"),
    records,
  );
  document.body.append(intro);
  status.doing("starting fifteen");
  const { ok } = await fifteen.ask({ op: "about" });
  status.done();
  records.append(
    el("thead", {}, el("tr", {}, el("th", {}, "board"), el("th", {}, "moves"), el("th", {}, "a mean of"))),
    el("tbody", {}, ...ok.records.map((r) => el("tr", {}, el("td", {}, `${r.size}×${r.size}`), el("td", {}, String(r.moves)), el("td", {}, String(r.mean_of))))),
  );
}

// A 5×5 solve of 154 moves from the community's record history.
const EXAMPLE_LINK =
  "eNpFjbEOwyAMRH/lxJwIzoHQ7IyeLDFV/f/fqGvSFiGfOT8fz6Q6p44xbC79Na42dJoX79WPvz8Tcy8g9YGFY7ESxN/w8cIXFkm36Eof9+f2rUGsUJ1pYzvZtyS4IAd4gj13iIB+C2ou4IEHhJCaeYENDXSjZIcJXwJr2na+3vNTPRk=";

const PAGES = {
  index: indexPage,
  solve: solvePage,
  watch: solvePage,
  replay: () => replayPage(false),
  session: () => replayPage(true),
  play: () => import("./play.js").then((m) => m.playPage({ fifteen, status, boardAsked, ensureTables })),
  train: () => import("./train.js").then((m) => m.trainPage({ fifteen, status, ensureTables, storage, kept, keep })),
};

async function main() {
  document.body.prepend(form());
  try {
    await (PAGES[PAGE] || indexPage)();
  } catch (err) {
    status.failed(err.message === "stopped" ? "stopped: nothing more is being worked out" : err.message);
  }
}

main();
