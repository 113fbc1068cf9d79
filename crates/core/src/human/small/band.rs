//! A line searched whole, weighed by what it leaves: every way of putting
//! the line home within a few moves of the fewest (a breadth-first search
//! over whole arrangements of the rectangle, pruned by the line's exact
//! table), each finish scored by its moves plus the cost of the rest — from
//! the rest table when the rest is small, else by searching the next line
//! the same way for the most promising finishes.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use std::sync::Arc;

use super::shape::{Shape, ShapeCut, Turns};
use super::tables::{Adjacent, LineTable, REST_CELLS, RestTable, line_table, rest_table};

/// The most cells of a rectangle searched this way (5 bits a cell fit a
/// `u128`).
pub(super) const MAX_CELLS: usize = 25;

/// Rectangles of more than this many cells (only long thin boards have
/// them: a 5×5's first row is the beam's) are searched narrower, with at
/// most this slack and this many finishes weighed: the states within the
/// slack grow fast with the cells.
const WIDE_CELLS: usize = 20;
const WIDE_SLACK: u8 = 4;
const WIDE_KEEP: usize = 16;

/// How wide the searches are: moves over the fewest a line may take, and
/// how many of its finishes are weighed by searching the next line, by
/// depth (the line being placed, the next, the one after, and every one
/// after that). The counts multiply down the depths, so the last is 1: a
/// long thin board, a pair at a time, has a dozen lines to weigh.
#[derive(Clone, Copy, Debug)]
pub(super) struct Breadth {
    pub(super) slack: [u8; 4],
    pub(super) keep: [usize; 4],
    /// States a search may reach before it is run again narrower.
    pub(super) states: usize,
    /// How narrow the search that weighs them is.
    pub(super) probe: Probe,
}

/// The narrow search that weighs a rectangle's top row against its left
/// column: at most this slack, and this many finishes searched on at its
/// own depth.
#[derive(Clone, Copy, Debug)]
pub(super) struct Probe {
    pub(super) slack: u8,
    pub(super) keep: usize,
}

impl Breadth {
    /// The breadth of the narrow search weighing a line at `depth`.
    fn probing(self, depth: usize) -> Breadth {
        let mut narrow = self;
        for slack in &mut narrow.slack {
            *slack = (*slack).min(self.probe.slack);
        }
        let at = depth.min(self.keep.len() - 1);
        narrow.keep[at] = narrow.keep[at].min(self.probe.keep);
        narrow
    }
}

/// The arrangement as a word: 5 bits a cell.
type BandKey = u128;

fn pack(cells: &[u8]) -> BandKey {
    cells.iter().rev().fold(0, |key, &label| key << 5 | BandKey::from(label))
}

fn unpack(key: BandKey, out: &mut [u8]) {
    for (k, cell) in out.iter_mut().enumerate() {
        *cell = (key >> (5 * k)) as u8 & 31;
    }
}

/// A multiply-shift hash for the keys: they are already well mixed in
/// their low bits, and the standard hasher's strength is not needed here.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0.rotate_left(5) ^ u64::from(b)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        }
    }

    fn write_u128(&mut self, key: u128) {
        let folded = (key as u64) ^ ((key >> 64) as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F);
        self.0 = (folded ^ (folded >> 29)).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        self.0 ^= self.0 >> 32;
    }
}

struct BandNode {
    key: BandKey,
    parent: u32,
    /// The line table's entry for the arrangement, kept so that a child's
    /// follows from it by one slide.
    index: u32,
    blank: u8,
}

/// The best way found to put the first line home: its total (the line's
/// moves plus what the rest is expected to take), the cut it makes, and
/// the blank's cells, move by move.
pub(super) struct Choice {
    pub(super) total: u32,
    pub(super) cut: ShapeCut,
    pub(super) path: Vec<usize>,
}

/// The best first line of `shape` that `turns` allow from `cells`, weighed
/// by what it leaves; `None` when the rectangle or its lines are too big
/// for the tables. Of lines that finish in as many moves, the first
/// `turns` names (a row before a column).
pub(super) fn best_line(shape: Shape, turns: Turns, cells: &[u8], breadth: Breadth, depth: usize) -> Option<Choice> {
    if shape.len() <= REST_CELLS {
        let (moves, cuts) = turns
            .sequences(shape)
            .into_iter()
            .map(|cuts| (rest_table(shape, &cuts).moves(cells), cuts))
            .min_by_key(|&(moves, _)| moves)?;
        let path = rest_table(shape, &cuts).first_stage(cells);
        return Some(Choice { total: u32::from(moves), cut: cuts[0], path });
    }
    if shape.len() > MAX_CELLS {
        return None;
    }
    let cuts = turns.first(shape);
    let [first, second] = match *cuts {
        [cut] => return best_line_by(shape, cut, turns.after(), cells, breadth, depth),
        [first, second] => [first, second],
        _ => return None,
    };
    // Both lines are open: each weighed by a narrow search first, then the
    // better searched at full breadth (both at full breadth would take
    // twice the time for about half a move on a 4×4).
    let probe = breadth.probing(depth);
    let weigh = |cut| best_line_by(shape, cut, turns.after(), cells, probe, depth).map(|choice| choice.total);
    let cut = match (weigh(first), weigh(second)) {
        (Some(a), Some(b)) if b < a => second,
        (None, Some(_)) => second,
        _ => first,
    };
    best_line_by(shape, cut, turns.after(), cells, breadth, depth)
}

/// The fewest moves to finish each arrangement of `shape` the ways
/// `turns` allow, by the rest tables (at most [`REST_CELLS`] cells).
struct RestTables(Vec<Arc<RestTable>>);

impl RestTables {
    fn of(shape: Shape, turns: Turns) -> RestTables {
        RestTables(turns.sequences(shape).iter().map(|cuts| rest_table(shape, cuts)).collect())
    }

    fn moves(&self, cells: &[u8]) -> u32 {
        self.0.iter().map(|table| u32::from(table.moves(cells))).min().unwrap_or(u32::MAX)
    }
}

/// [`best_line`] with its first cut `cut`, then `rest`.
fn best_line_by(
    shape: Shape,
    cut: ShapeCut,
    rest: Turns,
    cells: &[u8],
    breadth: Breadth,
    depth: usize,
) -> Option<Choice> {
    let line = line_table(shape, cut)?;
    let next = shape.after(cut)?;
    let depth = depth.min(breadth.keep.len() - 1);
    // Past a 4×5 (long thin boards only) the states in the slack and the
    // finishes to weigh grow fast: fewer of each.
    let (mut slack, keep) = if shape.len() > WIDE_CELLS {
        (breadth.slack[depth].min(WIDE_SLACK), breadth.keep[depth].min(WIDE_KEEP))
    } else {
        (breadth.slack[depth], breadth.keep[depth])
    };
    let (nodes, finishes) = loop {
        match finishes(shape, &line, cells, slack, breadth.states) {
            Some(found) => break found,
            None if slack > 0 => slack -= 1,
            None => unreachable!("a search without slack has no cap"),
        }
    };
    let mut part = vec![0u8; next.len()];
    let mut whole = vec![0u8; shape.len()];
    let mut rest_of = |node: &BandNode, part: &mut Vec<u8>| {
        unpack(node.key, &mut whole);
        shape.shrink(cut, &whole, part);
    };
    let best = if next.len() <= REST_CELLS {
        let tables = RestTables::of(next, rest);
        finishes
            .iter()
            .map(|&(g, n)| {
                rest_of(&nodes[n as usize], &mut part);
                (u32::from(g) + tables.moves(&part), n)
            })
            .min()
    } else {
        // Rank the finishes by the next line's exact cost plus the other
        // tiles' distances, then search on from the most promising few.
        let next_lines: Vec<(ShapeCut, Option<Arc<LineTable>>)> =
            rest.first(next).iter().map(|&c| (c, line_table(next, c))).collect();
        let mut ranked: Vec<(u32, u32, u8)> = finishes
            .iter()
            .map(|&(g, n)| {
                rest_of(&nodes[n as usize], &mut part);
                let guess = next_lines.iter().map(|(c, table)| estimate(next, *c, table.as_deref(), &part)).min();
                (u32::from(g) + guess.unwrap_or(0), n, g)
            })
            .collect();
        ranked.sort_unstable();
        ranked
            .iter()
            .take(keep)
            .map(|&(guess, n, g)| {
                rest_of(&nodes[n as usize], &mut part);
                let after = best_line(next, rest, &part, breadth, depth + 1);
                (after.map_or(guess, |r| u32::from(g) + r.total), n)
            })
            .min()
    }?;
    let (total, mut n) = best;
    let mut path = Vec::new();
    while n != 0 {
        path.push(usize::from(nodes[n as usize].blank));
        n = nodes[n as usize].parent;
    }
    path.reverse();
    Some(Choice { total, cut, path })
}

/// A quick guess of what finishing from `cells` costs: the next line's
/// exact cost plus every other tile's distance from home.
fn estimate(shape: Shape, cut: ShapeCut, line: Option<&LineTable>, cells: &[u8]) -> u32 {
    let blank = shape.blank();
    let at = cells.iter().position(|&l| l == blank).expect("a blank") as u8;
    let others: usize = cells
        .iter()
        .enumerate()
        .filter(|&(_, &l)| l != blank && !shape.in_line(cut, usize::from(l)))
        .map(|(cell, &l)| shape.distance(cell, usize::from(l)))
        .sum();
    let line_moves = match line {
        Some(table) => u32::from(table.moves(cells, at)),
        None => cells
            .iter()
            .enumerate()
            .filter(|&(_, &l)| l != blank && shape.in_line(cut, usize::from(l)))
            .map(|(cell, &l)| 3 * shape.distance(cell, usize::from(l)) as u32)
            .sum(),
    };
    line_moves + others as u32
}

/// Every arrangement reached with the line home within `slack` moves of
/// the fewest, each once at its fewest moves: the search's nodes and the
/// finishes as (moves, node). `None` if more than `cap` states were
/// reached with slack left to give up.
#[allow(clippy::type_complexity)]
fn finishes(
    shape: Shape,
    line: &LineTable,
    start: &[u8],
    slack: u8,
    cap: usize,
) -> Option<(Vec<BandNode>, Vec<(u8, u32)>)> {
    debug_assert_eq!(line.cells(), shape.len());
    let blank_label = shape.blank();
    let blank = start.iter().position(|&l| l == blank_label).expect("a blank") as u8;
    let bound = line.moves(start, blank).saturating_add(slack);
    let start_index = line.index(start, blank) as u32;
    let mut nodes = vec![BandNode { key: pack(start), parent: 0, index: start_index, blank }];
    let mut seen: HashSet<BandKey, BuildHasherDefault<KeyHasher>> = HashSet::default();
    seen.insert(nodes[0].key);
    let mut finishes = Vec::new();
    let mut layer: Vec<u32> = vec![0];
    let neighbours = Adjacent::of(shape);
    for g in 0..=bound {
        let mut next_layer = Vec::new();
        for &n in &layer {
            let BandNode { key, blank, index, .. } = nodes[n as usize];
            let index = index as usize;
            if line.at(index) == 0 {
                finishes.push((g, n));
            }
            if g == bound {
                continue;
            }
            let b = usize::from(blank);
            for &to in neighbours.of_cell(b) {
                let tile = (key >> (5 * to)) as u8 & 31;
                let child = line.slide(index, b, to, tile);
                if g + 1 + line.at(child) > bound {
                    continue;
                }
                let moved = BandKey::from(tile) << (5 * b) | BandKey::from(blank_label) << (5 * to);
                let cleared = key & !(31 << (5 * b)) & !(31 << (5 * to));
                let key = cleared | moved;
                if seen.insert(key) {
                    next_layer.push(nodes.len() as u32);
                    nodes.push(BandNode { key, parent: n, index: child as u32, blank: to as u8 });
                }
            }
            if slack > 0 && nodes.len() > cap {
                return None;
            }
        }
        layer = next_layer;
    }
    Some((nodes, finishes))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn replay(shape: Shape, cells: &mut [u8], path: &[usize]) {
        let mut blank = cells.iter().position(|&l| l == shape.blank()).unwrap();
        for &to in path {
            assert_eq!(shape.distance(blank, to), 1, "single steps");
            cells.swap(blank, to);
            blank = to;
        }
    }

    #[test]
    fn the_chosen_line_is_home_and_its_total_is_what_the_rest_then_takes() {
        let shape = Shape { height: 3, width: 4 };
        let cuts = [ShapeCut::Left, ShapeCut::Top, ShapeCut::Left, ShapeCut::All];
        // A 3×4 arrangement scrambled by 200 blank moves.
        let mut cells: Vec<u8> = (0..12).collect();
        let (mut blank, mut seed) = (11usize, 7u64);
        for _ in 0..200 {
            seed = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
            let options: Vec<usize> = shape.neighbours(blank).collect();
            let to = options[(seed >> 33) as usize % options.len()];
            cells.swap(blank, to);
            blank = to;
        }
        assert!(!shape.line_home(ShapeCut::Left, &cells));
        let breadth =
            Breadth { slack: [6, 4, 2, 2], keep: [8, 4, 2, 1], states: 1_000_000, probe: Probe { slack: 2, keep: 4 } };
        let choice = best_line(shape, Turns::Fixed(&cuts), &cells, breadth, 0).unwrap();
        replay(shape, &mut cells, &choice.path);
        assert!(shape.line_home(ShapeCut::Left, &cells));
        let next = shape.after(ShapeCut::Left).unwrap();
        let mut part = Vec::new();
        shape.shrink(ShapeCut::Left, &cells, &mut part);
        let rest = rest_table(next, &cuts[1..]).moves(&part);
        assert_eq!(choice.total, (choice.path.len() + usize::from(rest)) as u32);
    }
}
