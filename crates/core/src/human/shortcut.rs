//! Shortcuts: fewer moves where the blank lingers in a small box.
//!
//! The beams plan a line at a time, and the rolling beam commits a few
//! moves at a time, so where one plan ends and the next begins the blank
//! sometimes turns round a small box and partly back again: `URDRULDRULD`
//! where `URRDL` leaves every tile in the same place. While the blank stays
//! inside a box of at most six cells its moves only rearrange that box's
//! tiles, and a box that small has at most 360 arrangements the blank can
//! reach. A table of the fewest moves from the box's first arrangement to
//! every other (a breadth-first search of a few hundred states, built the
//! first time a box of that shape, blank and locked cells turns up) says
//! at once whether a window of moves has a shorter way to the same board.
//!
//! [`Shortcuts`] sits between the planner and its caller. It holds the last
//! [`LAG`] moves back, and before reporting the oldest it takes the best
//! shortcut of the windows that start there, again until there is none.
//! A shortcut never moves a tile locked home before its window; the events
//! inside the window keep their order: a `Locked` comes after the last move
//! of its tiles, the rest are spread over the new moves as they were over
//! the old, a `TileTargeted` names where its tile then is, and a blank
//! route covers the new moves its old ones became. The moves of a route
//! already reported are never cut: the route drawn is the route made.

use crate::human::event::Sink;
use std::collections::VecDeque;

use crate::board::{Board, Move, Pos, Tile};

use super::event::Event;

/// The moves held back before being reported: the longest window tried.
pub(super) const LAG: usize = 32;

/// The most cells of a box a window's blank may stay in.
const MAX_BOX_CELLS: usize = 6;

/// 6!, the arrangements of a box of six cells.
const MAX_ARRANGEMENTS: usize = 720;

/// Marks an arrangement the blank cannot reach in a distance table.
const UNREACHED: u8 = u8::MAX;

/// An event held back.
#[derive(Clone, Copy, Debug)]
enum Held {
    Moved {
        mv: Move,
        tile: Tile,
        from: Pos,
        to: Pos,
    },
    /// A blank route over the next `len` moves: its cells are the blank's
    /// after each of them, read when it is reported.
    Routed {
        len: usize,
    },
    Other(Event<'static>),
}

/// The stage between the planner and its caller that shortens the moves
/// (see the module's docs).
#[derive(Debug)]
pub(super) struct Shortcuts {
    /// The board as reported so far.
    board: Board,
    /// By tile: locked home by a reported `Locked`.
    locked: Vec<bool>,
    held: VecDeque<Held>,
    held_moves: usize,
    /// Moves of a reported route still to come at the front: the route
    /// drawn is the route made, so they are never cut.
    announced: usize,
    /// The last route as the planner gave it, and how many of its moves
    /// have not come yet (its last cells).
    route: Vec<Pos>,
    route_to_come: usize,
    /// Scratch for a route's cells as reported.
    route_cells: Vec<Pos>,
    reported: u64,
    tables: DistanceTables,
    /// Scratch for a shortcut: the events its window held, each with the
    /// new move it goes before, and the new events.
    markers: Vec<(usize, Held)>,
    rewritten: Vec<Held>,
}

/// The best shortcut of the windows that start at the first held move.
struct WindowCut {
    /// The box: top-left corner and shape.
    top: usize,
    left: usize,
    height: usize,
    width: usize,
    /// How many held moves it replaces.
    replaced: usize,
    /// The blank's cells in the box after each new move.
    path: [u8; LAG],
    len: usize,
}

impl Shortcuts {
    /// The stage for a solve that starts from `board`.
    pub(super) fn new(board: &Board) -> Shortcuts {
        Shortcuts {
            board: board.clone(),
            locked: vec![false; board.len()],
            held: VecDeque::with_capacity(4 * LAG),
            held_moves: 0,
            announced: 0,
            route: Vec::new(),
            route_to_come: 0,
            route_cells: Vec::new(),
            reported: 0,
            tables: DistanceTables::default(),
            markers: Vec::with_capacity(LAG),
            rewritten: Vec::with_capacity(2 * LAG),
        }
    }

    /// Moves reported so far.
    pub(super) fn reported(&self) -> u64 {
        self.reported
    }

    /// Takes the planner's next event; reports what is ready to `sink`.
    pub(super) fn take(&mut self, event: &Event, sink: &mut Sink<'_>) {
        match *event {
            Event::Moved { mv, tile, from, to } => {
                self.held.push_back(Held::Moved { mv, tile, from, to });
                self.held_moves += 1;
                self.route_to_come = self.route_to_come.saturating_sub(1);
                while self.held_moves > LAG {
                    self.advance(sink);
                }
            }
            Event::BlankRouted { path } => {
                self.held.push_back(Held::Routed { len: path.len() });
                self.route.clear();
                self.route.extend_from_slice(path);
                self.route_to_come = path.len();
            }
            Event::Solved { .. } => {
                self.flush(sink);
                sink(&Event::Solved { moves: self.reported });
            }
            _ => match event.without_route() {
                Some(kept) => self.held.push_back(Held::Other(kept)),
                None => unreachable!("only a route borrows"),
            },
        }
    }

    /// Reports everything held.
    pub(super) fn flush(&mut self, sink: &mut Sink<'_>) {
        while !self.held.is_empty() {
            self.advance(sink);
        }
    }

    /// Reports the first held move, after taking every shortcut of the
    /// windows that start at it, and the events before it.
    fn advance(&mut self, sink: &mut Sink<'_>) {
        loop {
            match self.held.front().copied() {
                None => return,
                Some(Held::Other(event)) => {
                    self.held.pop_front();
                    self.report_other(&event, sink);
                }
                // A route is cut before it is drawn: the windows that start
                // at its first move, it with them.
                Some(Held::Routed { .. } | Held::Moved { .. })
                    if self.announced == 0
                        && let Some(cut) = self.best_cut() =>
                {
                    self.make(&cut);
                }
                Some(Held::Routed { len }) => {
                    self.held.pop_front();
                    self.report_route(len, sink);
                }
                Some(Held::Moved { mv, tile, from, to }) => {
                    self.held.pop_front();
                    self.held_moves -= 1;
                    self.announced = self.announced.saturating_sub(1);
                    self.report_move(mv, tile, from, to, sink);
                    return;
                }
            }
        }
    }

    fn report_move(&mut self, mv: Move, tile: Tile, from: Pos, to: Pos, sink: &mut Sink<'_>) {
        debug_assert_eq!((self.board.blank(), self.board.tile_at(from)), (to, tile));
        sink(&Event::Moved { mv, tile, from, to });
        let slid = self.board.slide(mv);
        debug_assert_eq!(slid, Some(tile));
        self.reported += 1;
    }

    /// Reports a route over the next `len` moves: the blank's cells after
    /// those held, then the planner's own for those still to come.
    fn report_route(&mut self, len: usize, sink: &mut Sink<'_>) {
        self.route_cells.clear();
        let held = self.held.iter().filter_map(|held| match *held {
            Held::Moved { from, .. } => Some(from),
            _ => None,
        });
        self.route_cells.extend(held.take(len));
        let to_come = len - self.route_cells.len();
        debug_assert!(to_come == 0 || to_come == self.route_to_come, "only the last route is still coming");
        self.route_cells.extend_from_slice(&self.route[self.route.len() - to_come..]);
        sink(&Event::BlankRouted { path: &self.route_cells });
        self.announced = len;
    }

    fn report_other(&mut self, event: &Event, sink: &mut Sink<'_>) {
        if let Event::Locked { group } = event {
            for &tile in group.tiles() {
                self.locked[tile as usize] = true;
            }
        }
        sink(event);
    }

    /// The shortcut that saves most among the windows starting at the first
    /// held move, if any saves a move.
    fn best_cut(&mut self) -> Option<WindowCut> {
        // The blank's cells: before the window, then after each move.
        let blank_at = self.board.blank();
        let mut trail = [blank_at; LAG + 1];
        let (mut top, mut bottom, mut left, mut right) = (blank_at.row, blank_at.row, blank_at.col, blank_at.col);
        let mut moves = 0;
        for held in &self.held {
            let Held::Moved { from, .. } = *held else { continue };
            let (t, b, l, r) = (top.min(from.row), bottom.max(from.row), left.min(from.col), right.max(from.col));
            if moves == LAG || (b - t + 1) * (r - l + 1) > MAX_BOX_CELLS {
                break;
            }
            (top, bottom, left, right) = (t, b, l, r);
            moves += 1;
            trail[moves] = from;
        }
        if moves < 2 {
            return None;
        }
        let (height, width) = (bottom - top + 1, right - left + 1);
        let cell = |pos: Pos| ((pos.row - top) * width + pos.col - left) as u8;
        let start = cell(blank_at);
        // Until the blank comes back to a cell it has been in, each move
        // has slid a different tile one cell, which no fewer moves can do:
        // only the windows that reach a return are worth asking the table.
        let mut visited = 1u8 << start;
        let first_return = (1..=moves).find(|&k| {
            let bit = 1 << cell(trail[k]);
            let seen = visited & bit != 0;
            visited |= bit;
            seen
        })?;
        let mut blocked = 0u8;
        for r in top..=bottom {
            for c in left..=right {
                let tile = self.board.tile_at(Pos::new(r, c));
                if tile != 0 && self.locked[tile as usize] {
                    blocked |= 1 << cell(Pos::new(r, c));
                }
            }
        }
        let table = self.tables.get(height, width, blocked, start);
        let n = height * width;
        let mut arrangement: [u8; MAX_BOX_CELLS] = [0, 1, 2, 3, 4, 5];
        let (mut blank, mut best) = (start as usize, None);
        let mut best_saving = 0;
        for (k, &pos) in trail.iter().enumerate().take(moves + 1).skip(1) {
            let next = cell(pos) as usize;
            arrangement.swap(blank, next);
            blank = next;
            if k < first_return {
                continue;
            }
            let fewest = table[rank(&arrangement[..n])] as usize;
            if fewest < k && k - fewest > best_saving {
                best_saving = k - fewest;
                best = Some((k, arrangement));
            }
        }
        let (replaced, end) = best?;
        let mut cut = WindowCut { top, left, height, width, replaced, path: [0; LAG], len: 0 };
        cut.len = walk_back(table, &end[..n], start, height, width, &mut cut.path);
        Some(cut)
    }

    /// Puts the cut's moves in place of the ones it replaces.
    fn make(&mut self, cut: &WindowCut) {
        let (n, width) = (cut.height * cut.width, cut.width);
        let pos_of = |cell: u8| Pos::new(cut.top + cell as usize / width, cut.left + cell as usize % width);
        // The box's tiles when the window starts, by cell.
        let mut tiles = [0 as Tile; MAX_BOX_CELLS];
        for (cell, tile) in tiles.iter_mut().enumerate().take(n) {
            *tile = self.board.tile_at(pos_of(cell as u8));
        }
        // Each tile's last move in the new path (0: none).
        let mut last_move = [0usize; MAX_BOX_CELLS];
        let mut arrangement: [u8; MAX_BOX_CELLS] = [0, 1, 2, 3, 4, 5];
        let start = tiles.iter().position(|&tile| tile == 0).expect("the blank is in its box") as u8;
        let mut blank = start;
        for (i, &next) in cut.path[..cut.len].iter().enumerate() {
            last_move[arrangement[next as usize] as usize] = i + 1;
            arrangement.swap(blank as usize, next as usize);
            blank = next;
        }
        let taken = self.place_markers(cut, &tiles[..n], &last_move);
        // The new events in order.
        self.rewritten.clear();
        let mut arrangement: [u8; MAX_BOX_CELLS] = [0, 1, 2, 3, 4, 5];
        let mut blank = start;
        let mut markers = self.markers.iter().peekable();
        for step in 0..=cut.len {
            while let Some(&(_, mut marker)) = markers.next_if(|(at, _)| *at == step) {
                if let Held::Other(Event::TileTargeted { tile, from, to }) = marker {
                    let now = (0..n).find(|&cell| tiles[arrangement[cell] as usize] == tile);
                    let from = now.map_or(from, |cell| pos_of(cell as u8));
                    marker = Held::Other(Event::TileTargeted { tile, from, to });
                }
                self.rewritten.push(marker);
            }
            if step < cut.len {
                let next = cut.path[step];
                let tile = tiles[arrangement[next as usize] as usize];
                let (from, to) = (pos_of(next), pos_of(blank));
                let mv = Move::from_tile_step(to.row as isize - from.row as isize, to.col as isize - from.col as isize)
                    .expect("a path steps to a neighbour");
                self.rewritten.push(Held::Moved { mv, tile, from, to });
                arrangement.swap(blank as usize, next as usize);
                blank = next;
            }
        }
        self.held.drain(..taken);
        for &held in self.rewritten.iter().rev() {
            self.held.push_front(held);
        }
        self.held_moves -= cut.replaced - cut.len;
    }

    /// Keeps the events the cut's window held in `markers`, each with the
    /// new move it goes before: spread as they were, a lock after its
    /// tiles' last moves (`last_move`, by their cell in `tiles`), a route
    /// over the new moves its old ones became. Returns how many held
    /// events the window spans.
    fn place_markers(&mut self, cut: &WindowCut, tiles: &[Tile], last_move: &[usize]) -> usize {
        self.markers.clear();
        let (mut old_moves, mut taken, mut placed_at) = (0, 0, 0);
        for held in &self.held {
            match *held {
                Held::Moved { .. } if old_moves == cut.replaced => break,
                Held::Moved { .. } => old_moves += 1,
                Held::Routed { len } => {
                    let at = (old_moves * cut.len).div_ceil(cut.replaced).max(placed_at);
                    placed_at = at;
                    // Its end, spread as its start; or past the window.
                    let end = old_moves + len;
                    let len = match end.checked_sub(cut.replaced) {
                        Some(after) => cut.len - at + after,
                        None => (end * cut.len).div_ceil(cut.replaced).clamp(at, cut.len) - at,
                    };
                    self.markers.push((at, Held::Routed { len }));
                }
                Held::Other(event) => {
                    let mut at = (old_moves * cut.len).div_ceil(cut.replaced).max(placed_at);
                    if let Event::Locked { group } = event {
                        for &tile in group.tiles() {
                            if let Some(cell) = tiles.iter().position(|&t| t == tile) {
                                at = at.max(last_move[cell]);
                            }
                        }
                    }
                    placed_at = at;
                    self.markers.push((at, Held::Other(event)));
                }
            }
            taken += 1;
        }
        taken
    }
}

/// The rank of an arrangement of `0..n` among all `n!` (its Lehmer code).
fn rank(arrangement: &[u8]) -> usize {
    let n = arrangement.len();
    let mut rank = 0;
    for i in 0..n {
        let smaller = arrangement[i + 1..].iter().filter(|&&x| x < arrangement[i]).count();
        rank = rank * (n - i) + smaller;
    }
    rank
}

/// Fills `path` with the blank's cells after each move of a fewest-moves
/// way from the box's first arrangement (blank at `start`) to `end`, by
/// stepping back through `table`; returns its length.
fn walk_back(table: &[u8], end: &[u8], start: u8, height: usize, width: usize, path: &mut [u8; LAG]) -> usize {
    let n = end.len();
    let mut arrangement = [0u8; MAX_BOX_CELLS];
    arrangement[..n].copy_from_slice(end);
    let mut blank = arrangement[..n].iter().position(|&label| label == start).expect("the blank is in its box");
    let len = table[rank(&arrangement[..n])] as usize;
    for left in (0..len).rev() {
        path[left] = blank as u8;
        let step = neighbours(blank, height, width)
            .into_iter()
            .flatten()
            .find(|&next| {
                arrangement.swap(blank, next);
                let closer = table[rank(&arrangement[..n])] as usize == left;
                arrangement.swap(blank, next);
                closer
            })
            .expect("a cell one move closer");
        arrangement.swap(blank, step);
        blank = step;
    }
    len
}

/// The cells beside `cell` in a box `height`×`width`.
fn neighbours(cell: usize, height: usize, width: usize) -> [Option<usize>; 4] {
    let (r, c) = (cell / width, cell % width);
    [
        (r > 0).then(|| cell - width),
        (r + 1 < height).then(|| cell + width),
        (c > 0).then(|| cell - 1),
        (c + 1 < width).then(|| cell + 1),
    ]
}

/// The fewest moves from a box's first arrangement to each of the others,
/// one table per shape, locked cells and starting cell of the blank, each
/// built the first time it is asked for.
#[derive(Debug, Default)]
struct DistanceTables {
    tables: Vec<Option<Box<[u8]>>>,
}

impl DistanceTables {
    fn get(&mut self, height: usize, width: usize, blocked: u8, start: u8) -> &[u8] {
        let key = (((height - 1) * MAX_BOX_CELLS + width - 1) << MAX_BOX_CELLS | blocked as usize) * MAX_BOX_CELLS
            + start as usize;
        if self.tables.is_empty() {
            self.tables.resize_with(MAX_BOX_CELLS * MAX_BOX_CELLS * (1 << MAX_BOX_CELLS) * MAX_BOX_CELLS, || None);
        }
        self.tables[key].get_or_insert_with(|| distances(height, width, blocked, start))
    }
}

/// Breadth-first from the box's first arrangement (each cell its own
/// label, the blank at `start`), never moving a blocked cell's tile.
fn distances(height: usize, width: usize, blocked: u8, start: u8) -> Box<[u8]> {
    let n = height * width;
    let arrangements: usize = (1..=n).product();
    debug_assert!(arrangements <= MAX_ARRANGEMENTS);
    let mut dist = vec![UNREACHED; arrangements].into_boxed_slice();
    let mut first = [0u8; MAX_BOX_CELLS];
    for (cell, label) in first.iter_mut().enumerate() {
        *label = cell as u8;
    }
    dist[rank(&first[..n])] = 0;
    let mut queue = VecDeque::from([(first, start as usize)]);
    while let Some((arrangement, blank)) = queue.pop_front() {
        let d = dist[rank(&arrangement[..n])];
        for next in neighbours(blank, height, width).into_iter().flatten() {
            if blocked & (1 << next) != 0 {
                continue;
            }
            let mut child = arrangement;
            child.swap(blank, next);
            let slot = &mut dist[rank(&child[..n])];
            if *slot == UNREACHED {
                *slot = d + 1;
                queue.push_back((child, next));
            }
        }
    }
    dist
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Moves;
    use crate::human::event::Group;

    /// Something the planner reports between moves, in a test.
    enum Said {
        Moves(&'static str),
        /// A blank route over these moves, then the moves.
        Route(&'static str),
        Targeted(Tile),
        Locked(&'static [Tile]),
    }

    /// Runs what the planner says from `board` through the stage, checking
    /// what comes out as a consumer would: every move legal, a target's
    /// `from` where its tile is, locked tiles home and never moved again,
    /// a route's cells where the blank then goes.
    /// Returns the moves reported and the board they leave.
    fn shorten(board: &Board, said: &[Said]) -> (String, Board) {
        let mut stage = Shortcuts::new(board);
        let mut planner = board.clone();
        let (mut out, mut replay, mut locked) = (String::new(), board.clone(), Vec::new());
        let mut route = VecDeque::new();
        let mut sink = |event: &Event| match *event {
            Event::Moved { mv, tile, from, to } => {
                assert_eq!((replay.tile_at(from), replay.blank()), (tile, to));
                assert!(!locked.contains(&tile), "tile {tile} moved after it was locked");
                if let Some(cell) = route.pop_front() {
                    assert_eq!(cell, from, "the blank leaves its route");
                }
                out.push(mv.letter());
                replay.slide(mv).unwrap();
            }
            Event::BlankRouted { path } => {
                assert!(route.is_empty(), "a route before the last one ended");
                route.extend(path.iter().copied());
            }
            Event::TileTargeted { tile, from, .. } => assert_eq!(replay.position_of(tile), from),
            Event::Locked { group } => {
                for &tile in group.tiles() {
                    assert_eq!(replay.position_of(tile), replay.home_of(tile), "tile {tile} locked away from home");
                    locked.push(tile);
                }
            }
            _ => {}
        };
        for said in said {
            match said {
                Said::Moves(moves) | Said::Route(moves) => {
                    let moves = moves.parse::<Moves>().unwrap();
                    if let Said::Route(_) = said {
                        let mut cells = Vec::new();
                        let mut blank = planner.blank();
                        for &mv in moves.iter() {
                            let (dr, dc) = mv.blank_step();
                            blank = Pos::new((blank.row as isize + dr) as usize, (blank.col as isize + dc) as usize);
                            cells.push(blank);
                        }
                        stage.take(&Event::BlankRouted { path: &cells }, &mut sink);
                    }
                    for &mv in moves.iter() {
                        let to = planner.blank();
                        let (dr, dc) = mv.blank_step();
                        let from = Pos::new((to.row as isize + dr) as usize, (to.col as isize + dc) as usize);
                        let tile = planner.tile_at(from);
                        stage.take(&Event::Moved { mv, tile, from, to }, &mut sink);
                        planner.slide(mv).unwrap();
                    }
                }
                &Said::Targeted(tile) => {
                    let (from, to) = (planner.position_of(tile), planner.home_of(tile));
                    stage.take(&Event::TileTargeted { tile, from, to }, &mut sink);
                }
                Said::Locked(tiles) => stage.take(&Event::Locked { group: Group::new(tiles) }, &mut sink),
            }
        }
        stage.take(&Event::Solved { moves: 0 }, &mut sink);
        assert_eq!(replay, planner, "the same board at the end");
        (out, replay)
    }

    fn solved_4x4() -> Board {
        "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 15 _".parse().unwrap()
    }

    #[test]
    fn a_turn_round_a_box_and_back_is_cut_short() {
        // Two turns round the corner's 2×2 are one turn back.
        let (short, _) = shorten(&solved_4x4(), &[Said::Moves("DRULDRULD")]);
        assert_eq!(short.len(), 3, "{short}");
    }

    #[test]
    fn moves_already_short_pass_unchanged() {
        let (short, _) = shorten(&solved_4x4(), &[Said::Moves("DDDRRRUUULLL")]);
        assert_eq!(short, "DDDRRRUUULLL");
    }

    #[test]
    fn events_inside_a_window_keep_their_meaning() {
        // Three turns round the corner's 2×2 put it back as it was: the
        // twelve moves go, the target and the lock stay, in order.
        let said = [
            Said::Moves("DRUL"),
            Said::Targeted(11),
            Said::Moves("DRULDRUL"),
            Said::Locked(&[11, 12]),
            Said::Moves("RR"),
        ];
        let (short, _) = shorten(&solved_4x4(), &said);
        assert_eq!(short, "RR");
    }

    #[test]
    fn a_route_covers_the_moves_it_became() {
        // Held routes are cut like any moves (a route ending inside a
        // window, one running on past it, one inside another's window);
        // once reported, a route's moves are left alone.
        for said in [
            &[Said::Route("DRULDRULD"), Said::Moves("RR")][..],
            &[Said::Moves("DR"), Said::Route("ULDRULDR"), Said::Moves("RR")],
            &[Said::Route("DR"), Said::Route("ULDR"), Said::Route("ULD")],
            &[Said::Route("RRRDDDLLLUUURRRDDDLLLUUURRRDDDLLLUUURRRDDDLLLUUU"), Said::Moves("DRULDRUL")],
        ] {
            let (short, _) = shorten(&solved_4x4(), said);
            let long: usize =
                said.iter().map(|s| if let Said::Moves(m) | Said::Route(m) = s { m.len() } else { 0 }).sum();
            assert!(short.len() < long, "{short}");
        }
    }

    #[test]
    fn a_locked_cell_is_a_wall() {
        // A 2×3 box with its top middle cell locked is a line of five cells
        // round it: the blank, from the top left, only slides along it.
        let table = distances(2, 3, 0b000_010, 0);
        assert_eq!(table.iter().filter(|&&d| d != UNREACHED).count(), 5);
        // The far end of the line: the blank went down, right, right, up.
        let end = [3, 1, 0, 4, 5, 2];
        let mut path = [0; LAG];
        let len = walk_back(&table, &end, 0, 2, 3, &mut path);
        assert_eq!(&path[..len], &[3, 4, 5, 2]);
    }

    #[test]
    fn every_table_is_a_breadth_first_search() {
        // A 2×3 box's blank reaches half its 720 arrangements, at most 21 moves away.
        let table = distances(2, 3, 0, 0);
        assert_eq!(table.iter().filter(|&&d| d != UNREACHED).count(), 360);
        assert_eq!(table.iter().filter(|&&d| d != UNREACHED).max(), Some(&21));
        // A locked cell never moves: the rest of a 2×2 is a line of three.
        let locked = distances(2, 2, 0b0010, 0);
        assert_eq!(locked.iter().filter(|&&d| d != UNREACHED).count(), 3);
    }
}
