//! The unsolved rectangle of a small board as a puzzle of its own: its
//! cells numbered in reading order, each tile named by the cell of its home
//! (so the goal is every cell holding its own number), the blank by the
//! last cell's, and the lines that cut it down one after another.

/// What one stage of the solve puts home: the rectangle's top row, its left
/// column (a column, or a pair of the bottom two rows), or all of it (the
/// last 2×2 block).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum ShapeCut {
    Top,
    Left,
    All,
}

/// An unsolved rectangle's shape.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) struct Shape {
    pub(super) height: usize,
    pub(super) width: usize,
}

impl Shape {
    pub(super) fn len(self) -> usize {
        self.height * self.width
    }

    /// The blank's number: the last cell, the blank's home.
    pub(super) fn blank(self) -> u8 {
        (self.len() - 1) as u8
    }

    /// The cells next to `cell`, north, east, south, west.
    pub(super) fn neighbours(self, cell: usize) -> impl Iterator<Item = usize> {
        let (r, c) = (cell / self.width, cell % self.width);
        let w = self.width;
        [
            (r > 0).then(|| cell - w),
            (c + 1 < w).then_some(cell + 1),
            (r + 1 < self.height).then_some(cell + w),
            (c > 0).then(|| cell - 1),
        ]
        .into_iter()
        .flatten()
    }

    /// Manhattan distance between two cells.
    pub(super) fn distance(self, a: usize, b: usize) -> usize {
        let w = self.width;
        (a / w).abs_diff(b / w) + (a % w).abs_diff(b % w)
    }

    /// The cells a cut puts home (and so the numbers of its tiles), in the
    /// order a person names them.
    pub(super) fn line(self, cut: ShapeCut) -> Vec<usize> {
        match cut {
            ShapeCut::Top => (0..self.width).collect(),
            ShapeCut::Left => (0..self.height).map(|r| r * self.width).collect(),
            ShapeCut::All => (0..self.len() - 1).collect(),
        }
    }

    /// Whether the tile numbered `label` is one a cut puts home.
    pub(super) fn in_line(self, cut: ShapeCut, label: usize) -> bool {
        match cut {
            ShapeCut::Top => label < self.width,
            ShapeCut::Left => label.is_multiple_of(self.width),
            ShapeCut::All => label + 1 < self.len(),
        }
    }

    /// The rectangle left once a cut's line is home.
    pub(super) fn after(self, cut: ShapeCut) -> Option<Shape> {
        match cut {
            ShapeCut::Top => Some(Shape { height: self.height - 1, width: self.width }),
            ShapeCut::Left => Some(Shape { height: self.height, width: self.width - 1 }),
            ShapeCut::All => None,
        }
    }

    /// The number in the smaller rectangle (after `cut`) of cell or tile
    /// `label` of this one, which must lie outside the cut's line.
    pub(super) fn shrink_label(self, cut: ShapeCut, label: usize) -> usize {
        match cut {
            ShapeCut::Top => label - self.width,
            ShapeCut::Left => label / self.width * (self.width - 1) + label % self.width - 1,
            ShapeCut::All => unreachable!("nothing is left after the last block"),
        }
    }

    /// The other way: the number here of cell or tile `label` of the
    /// rectangle left after `cut`.
    pub(super) fn grow_label(self, cut: ShapeCut, label: usize) -> usize {
        match cut {
            ShapeCut::Top => label + self.width,
            ShapeCut::Left => label / (self.width - 1) * self.width + label % (self.width - 1) + 1,
            ShapeCut::All => unreachable!("nothing is left after the last block"),
        }
    }

    /// The arrangement of the rectangle left after `cut`, from one of this
    /// rectangle with the cut's line home.
    pub(super) fn shrink(self, cut: ShapeCut, cells: &[u8], out: &mut Vec<u8>) {
        out.clear();
        for (cell, &label) in cells.iter().enumerate() {
            if !self.in_line(cut, cell) {
                out.push(self.shrink_label(cut, usize::from(label)) as u8);
            }
        }
    }

    /// Whether the cut's line is home in `cells`.
    pub(super) fn line_home(self, cut: ShapeCut, cells: &[u8]) -> bool {
        match cut {
            ShapeCut::All => cells.iter().enumerate().all(|(cell, &label)| usize::from(label) == cell),
            _ => self.line(cut).iter().all(|&cell| usize::from(cells[cell]) == cell),
        }
    }
}

/// The lines that may cut a rectangle next: the schedule's, one after
/// another, or either of its top row and left column while it is at least
/// 3×3 (a pair of rows or columns is left alone), whichever finishes in
/// fewer moves: a person looks at the board and starts where the tiles are
/// kinder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Turns<'a> {
    Fixed(&'a [ShapeCut]),
    Free,
}

impl<'a> Turns<'a> {
    /// The cuts that may come first on `shape`, the row before the column.
    pub(super) fn first(self, shape: Shape) -> &'a [ShapeCut] {
        match self {
            Turns::Fixed(cuts) => &cuts[..1],
            Turns::Free => match (shape.height, shape.width) {
                (2, 2) => &[ShapeCut::All],
                (h, w) if h > 2 && w > 2 => &[ShapeCut::Top, ShapeCut::Left],
                (h, _) if h > 2 => &[ShapeCut::Top],
                _ => &[ShapeCut::Left],
            },
        }
    }

    /// The turns once the first cut is made.
    pub(super) fn after(self) -> Turns<'a> {
        match self {
            Turns::Fixed(cuts) => Turns::Fixed(&cuts[1..]),
            Turns::Free => Turns::Free,
        }
    }

    /// Every whole sequence of cuts these turns allow on `shape`, the
    /// rows-first one first.
    pub(super) fn sequences(self, shape: Shape) -> Vec<Vec<ShapeCut>> {
        let mut out = Vec::new();
        for &cut in self.first(shape) {
            match shape.after(cut) {
                None => out.push(vec![cut]),
                Some(next) => out.extend(self.after().sequences(next).into_iter().map(|rest| {
                    let mut whole = vec![cut];
                    whole.extend(rest);
                    whole
                })),
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shrinking_and_growing_are_inverse_and_keep_the_blank_last() {
        for (height, width) in [(3, 3), (4, 4), (2, 5), (4, 5), (5, 4), (3, 6)] {
            let shape = Shape { height, width };
            for cut in [ShapeCut::Top, ShapeCut::Left] {
                let Some(small) = shape.after(cut) else { continue };
                let outside: Vec<usize> = (0..shape.len()).filter(|&l| !shape.in_line(cut, l)).collect();
                assert_eq!(outside.len(), small.len());
                for (k, &label) in outside.iter().enumerate() {
                    assert_eq!(shape.shrink_label(cut, label), k, "{shape:?} {cut:?}");
                    assert_eq!(shape.grow_label(cut, k), label);
                }
                assert_eq!(shape.shrink_label(cut, usize::from(shape.blank())), usize::from(small.blank()));
            }
        }
    }
}
