//! How hard the solver looks for fewer moves, and the one table of what
//! each effort does on each size of board (`SIZE_BANDS`): which effort
//! `auto`, the window, a page and the coach's par pick, the beams' widths,
//! where the beams stop and the tile-by-tile trips take over, the detours'
//! band, the tries. The command line's `--help` and `docs/solving.md` both
//! show this table as `size_table` renders it; a test keeps the docs in
//! agreement.

use super::trip::scratch::{Approach, TripStyle};
use super::trip::tries::MAX_TRIES;

/// How hard the human solver looks for fewer moves.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Effort {
    /// One tile at a time, each by its own best route: linear and fastest.
    #[default]
    Fast,
    /// Each line by a narrow beam search over the blank's moves on boards
    /// small enough for it; on bigger ones one tile at a time, the blank's
    /// approaches taking detours that push tiles home (`SIZE_BANDS` says
    /// which, and how wide).
    Normal,
    /// Each line by a wide beam search: fewest moves, slowest. On boards
    /// too big for it, as `normal`, each trip tried several ways and the
    /// best made.
    Best,
    /// The effort the board's size calls for ([`Effort::for_size`]): what
    /// fits in about half a minute a board up to 300×300. The planner
    /// resolves it when it starts; [`Effort::resolve`] says to what.
    Auto,
}

/// How one effort builds lines on one band of board sizes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum LinePlan {
    /// Each line by the beam over the whole unsolved area.
    Whole(AreaBeam),
    /// Each line by the rolling beam (a dozen moves committed at a time),
    /// this wide, the tiles not yet placed pulling this hard.
    Rolling(usize, Pull),
    /// One tile at a time, the blank's approaches by detours that push
    /// tiles home.
    Trips {
        /// Each trip planned some steps ahead for its pushes.
        planned: bool,
        /// How far either side of the straight line the detours may stray
        /// (`None`: anywhere in the box round the blank and the tile).
        band: Option<usize>,
        /// How many ways each single tile's trip is tried, the best made.
        tries: usize,
    },
}

/// How the beam over the whole unsolved area builds a line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AreaBeam {
    /// The states it keeps a round.
    pub(crate) width: usize,
    /// How hard the tiles not yet placed pull on its score.
    pub(crate) pull: Pull,
    /// How many rounds it runs on past its first finish, for a finish that
    /// leaves the later lines' tiles nearer home (each round counted as a
    /// move). Only where what a line leaves is weighed by its tiles'
    /// distances alone: where the small rectangles' exact search weighs it
    /// (5×5 and 6×6), a finish kept for its distances does worse.
    pub(crate) linger: usize,
    /// Whether a cell of the next line's tiles' distance across their line
    /// and along it count apart, by the shares fitted on fifteen's own
    /// solves of 20×20 and 30×30 (`lookahead`'s `NEXT_LINE_AXES`): measured
    /// there, on `best`'s beams of 13×13 to 30×30.
    pub(crate) split: bool,
}

impl AreaBeam {
    pub(super) const fn new(width: usize, pull: Pull) -> AreaBeam {
        AreaBeam { width, pull, linger: 0, split: false }
    }

    const fn lingering(self, linger: usize) -> AreaBeam {
        AreaBeam { linger, ..self }
    }

    const fn splitting(self) -> AreaBeam {
        AreaBeam { split: true, ..self }
    }
}

/// How hard the tiles not yet placed pull on a beam's score (see
/// `lookahead`): a wide beam follows a strong pull to routes that push
/// them home; a narrow one, or a 5×5's first row (whose rest the small
/// rectangles' search plays), does better with a light one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Pull {
    Light,
    /// The line's own later tiles as at `Strong`, the later lines as at
    /// `Light`: the rolling beam at its widest.
    Line,
    Strong,
}

/// One row of `SIZE_BANDS`: boards of more cells than the row before,
/// up to `up_to_cells`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct SizeBand {
    /// The most cells a board of the band has.
    pub(crate) up_to_cells: usize,
    /// The effort `auto` picks: what fits in about half a minute a board
    /// up to 300×300.
    pub(crate) auto: Effort,
    /// The effort a window or terminal picks when not told: a watched
    /// solve plays in about 45 seconds and plans a few milliseconds a
    /// frame, so only what keeps ahead of the playback.
    pub(crate) watching: Effort,
    /// The effort of a page's solve when its address names none (`fifteen
    /// serve`'s pages and the static site's, the same): `auto`'s where that
    /// takes a few seconds, what a shared server's page can afford beyond.
    pub(crate) page: Effort,
    /// The effort of the coach's par of a line begun on a board of the
    /// band, when the caller leaves it to the coach: a line's par is a
    /// whole solve of the rectangle the line leaves, and a solve has as
    /// many pars as lines, so what keeps a person's whole solve coached in
    /// seconds (docs/people.md has what each effort costs in par against
    /// `best`'s).
    pub(crate) par: Effort,
    /// What `normal` does.
    pub(crate) normal: LinePlan,
    /// What `best` does.
    pub(crate) best: LinePlan,
}

/// The most cells a board may have for the beam over the whole unsolved
/// area. Each of its states reads a copy of the area (as it was a few
/// rounds before, with its own moves since), so a round costs the area
/// times the width; bigger boards get the rolling beam, whose states are
/// short move lists over the one board.
pub(crate) const MAX_LOOKAHEAD_CELLS: usize = 2500;

/// The most cells a board may have for look-ahead; bigger boards are
/// placed tile by tile at every effort. A round of the rolling beam costs
/// the same on any board, so its time grows with the moves, as n³; above
/// this size trips planned ahead with detours make fewer moves than it in
/// far less time.
pub(crate) const MAX_ROLLING_CELLS: usize = 10_000;

/// Every effort × size choice, smallest boards first; the last band has no
/// upper end. The beam widths were measured for moves against time on
/// random boards (docs/fewest-moves.md).
pub(crate) const SIZE_BANDS: [SizeBand; 10] = [
    SizeBand {
        up_to_cells: 25,
        auto: Effort::Best,
        watching: Effort::Best,
        page: Effort::Best,
        par: Effort::Best,
        normal: WHOLE_200,
        best: WHOLE_10000,
    },
    SizeBand {
        up_to_cells: 36,
        auto: Effort::Best,
        watching: Effort::Best,
        page: Effort::Best,
        par: Effort::Best,
        normal: WHOLE_200,
        best: LinePlan::Whole(AreaBeam::new(60_000, Pull::Strong)),
    },
    // A 7×7's own band only for its lines' par: up to 49 cells a line's
    // par is as sharp as the near solver's boards get.
    SizeBand {
        up_to_cells: 49,
        auto: Effort::Best,
        watching: Effort::Best,
        page: Effort::Best,
        par: Effort::Best,
        normal: WHOLE_200,
        best: WHOLE_8000,
    },
    SizeBand {
        up_to_cells: 144,
        auto: Effort::Best,
        watching: Effort::Best,
        page: Effort::Best,
        par: Effort::Normal,
        normal: WHOLE_200,
        best: WHOLE_8000,
    },
    SizeBand {
        up_to_cells: 400,
        auto: Effort::Best,
        watching: Effort::Best,
        page: Effort::Normal,
        par: Effort::Normal,
        normal: WHOLE_200,
        best: WHOLE_3500,
    },
    SizeBand {
        up_to_cells: 900,
        auto: Effort::Best,
        watching: Effort::Best,
        page: Effort::Normal,
        par: Effort::Normal,
        normal: WHOLE_50,
        best: LinePlan::Whole(AreaBeam::new(1500, Pull::Strong).lingering(LINGER).splitting()),
    },
    // The area beam 50 wide makes about 1.47·n³ here; the rolling beam
    // 400 wide 1.38 in about twice its time (6 s a 50×50).
    SizeBand {
        up_to_cells: MAX_LOOKAHEAD_CELLS,
        auto: Effort::Normal,
        watching: Effort::Normal,
        page: Effort::Fast,
        par: Effort::Fast,
        normal: LinePlan::Rolling(400, Pull::Line),
        best: WHOLE_1000,
    },
    SizeBand {
        up_to_cells: MAX_ROLLING_CELLS,
        auto: Effort::Best,
        watching: Effort::Best,
        page: Effort::Fast,
        par: Effort::Fast,
        normal: LinePlan::Rolling(20, Pull::Light),
        best: LinePlan::Rolling(130, Pull::Line),
    },
    // Planning each trip ahead with detours anywhere in the box costs a
    // whole box's cells an approach: faster than n³, so only up to here.
    SizeBand {
        up_to_cells: 90_000,
        auto: Effort::Normal,
        watching: Effort::Fast,
        page: Effort::Fast,
        par: Effort::Fast,
        normal: LinePlan::Trips { planned: true, band: None, tries: 1 },
        best: LinePlan::Trips { planned: true, band: None, tries: MAX_TRIES },
    },
    // The widest band that keeps a 1000×1000 within about a minute. A
    // trip's plan costs more than all the rest of its work, so only `best`
    // plans: fewer moves than seven tries unplanned, for 2.5 times their time.
    SizeBand {
        up_to_cells: usize::MAX,
        auto: Effort::Normal,
        watching: Effort::Fast,
        page: Effort::Fast,
        par: Effort::Fast,
        normal: LinePlan::Trips { planned: false, band: Some(8), tries: 1 },
        best: LinePlan::Trips { planned: true, band: Some(8), tries: 1 },
    },
];

const WHOLE_50: LinePlan = LinePlan::Whole(AreaBeam::new(50, Pull::Light));
const WHOLE_200: LinePlan = LinePlan::Whole(AreaBeam::new(200, Pull::Light));
const WHOLE_1000: LinePlan = LinePlan::Whole(AreaBeam::new(1000, Pull::Strong));
const WHOLE_3500: LinePlan = LinePlan::Whole(AreaBeam::new(3500, Pull::Strong).lingering(LINGER).splitting());
const WHOLE_8000: LinePlan = LinePlan::Whole(AreaBeam::new(8000, Pull::Strong).lingering(LINGER));
const WHOLE_10000: LinePlan = LinePlan::Whole(AreaBeam::new(10_000, Pull::Light));

/// The rounds `best`'s area beams run past their first finish on boards
/// past 6×6, up to 30×30 (measured there; a 50×50's take half a minute a
/// board): fewer gain less, more take finishes whose pushes of the later
/// lines' tiles the score overvalues (docs/fewest-moves.md).
const LINGER: usize = 4;

/// The band of `SIZE_BANDS` a board of `rows` × `cols` falls in.
pub(crate) fn size_band(rows: usize, cols: usize) -> &'static SizeBand {
    let cells = rows.saturating_mul(cols);
    let last = SIZE_BANDS.len() - 1;
    SIZE_BANDS.iter().find(|band| cells <= band.up_to_cells).unwrap_or(&SIZE_BANDS[last])
}

impl Effort {
    /// `fast`, `normal` or `best`.
    pub const fn name(self) -> &'static str {
        match self {
            Effort::Fast => "fast",
            Effort::Normal => "normal",
            Effort::Best => "best",
            Effort::Auto => "auto",
        }
    }

    /// The effort this is on a board of this shape: itself, or for
    /// [`Effort::Auto`] the one [`Effort::for_size`] picks.
    ///
    /// ```
    /// use fifteen_core::human::Effort;
    /// assert_eq!(Effort::Auto.resolve(40, 40), Effort::Normal);
    /// assert_eq!(Effort::Fast.resolve(40, 40), Effort::Fast);
    /// ```
    pub fn resolve(self, rows: usize, cols: usize) -> Effort {
        match self {
            Effort::Auto => Effort::for_size(rows, cols),
            chosen => chosen,
        }
    }

    /// The effort `auto` picks for a board of this shape (`SIZE_BANDS`).
    ///
    /// ```
    /// use fifteen_core::human::Effort;
    /// assert_eq!(Effort::for_size(4, 4), Effort::Best);
    /// assert_eq!(Effort::for_size(40, 40), Effort::Normal);
    /// assert_eq!(Effort::for_size(100, 100), Effort::Best);
    /// assert_eq!(Effort::for_size(1000, 1000), Effort::Normal);
    /// ```
    pub fn for_size(rows: usize, cols: usize) -> Effort {
        size_band(rows, cols).auto
    }

    /// The effort a window or terminal takes when not told
    /// (`SIZE_BANDS`).
    ///
    /// ```
    /// use fifteen_core::human::Effort;
    /// assert_eq!(Effort::for_watching(100, 100), Effort::Best);
    /// assert_eq!(Effort::for_watching(300, 300), Effort::Fast);
    /// ```
    pub fn for_watching(rows: usize, cols: usize) -> Effort {
        size_band(rows, cols).watching
    }

    /// The effort of a page's solve of a board of this shape when none is
    /// asked for (`SIZE_BANDS`'s `page` column): `auto`'s up to 12×12,
    /// `normal` up to 30×30, `fast` beyond, what a page can afford on a
    /// server shared with strangers. The served pages, the static site's
    /// and the command's replay pages all solve at it, so a board or a link
    /// gives the same solve on each.
    ///
    /// ```
    /// use fifteen_core::human::Effort;
    /// assert_eq!(Effort::for_page(10, 10), Effort::for_size(10, 10));
    /// assert_eq!(Effort::for_page(30, 30), Effort::Normal);
    /// assert_eq!(Effort::for_page(100, 100), Effort::Fast);
    /// ```
    pub fn for_page(rows: usize, cols: usize) -> Effort {
        size_band(rows, cols).page
    }

    /// The effort of the coach's par of a line begun on a board of this
    /// shape when the caller leaves it to the coach (`SIZE_BANDS`'s `par`
    /// column): `best` up to 7×7, `normal` up to 30×30, `fast` beyond.
    pub(crate) fn for_par(rows: usize, cols: usize) -> Effort {
        size_band(rows, cols).par
    }

    /// How this effort builds lines on a board of this shape (`None` for
    /// `fast`: one tile at a time by its own best route).
    pub(crate) fn line_plan(self, rows: usize, cols: usize) -> Option<LinePlan> {
        let band = size_band(rows, cols);
        // A band's `auto` names a chosen effort, never `Auto` (a test checks).
        let chosen = if self == Effort::Auto { band.auto } else { self };
        match chosen {
            Effort::Fast | Effort::Auto => None,
            Effort::Normal => Some(band.normal),
            Effort::Best => Some(band.best),
        }
    }

    /// Whether planning a line of a board of this shape can take longer
    /// than a frame: an area beam of a thousand states or more, on boards
    /// past 5×5 (a 4×4's and a 5×5's lines are the small rectangles'
    /// search or one short beam, a few milliseconds).
    pub fn plans_lines_slowly(self, rows: usize, cols: usize) -> bool {
        rows.saturating_mul(cols) > 25
            && matches!(self.line_plan(rows, cols), Some(LinePlan::Whole(beam)) if beam.width >= 1000)
    }

    /// How lines are planned on a board of this shape.
    pub(super) fn look(self, rows: usize, cols: usize) -> Look {
        match self.line_plan(rows, cols) {
            Some(LinePlan::Whole(beam)) => Look::Whole(beam),
            Some(LinePlan::Rolling(width, pull)) => Look::Rolling(width, pull),
            Some(LinePlan::Trips { .. }) | None => Look::Tiles,
        }
    }

    /// Whether the moves of a board of this shape go through the shortcuts
    /// (`shortcut.rs`): wherever lines are planned, by beams or by trips
    /// planned ahead; not where a tile at a time must keep a billion moves
    /// fast, nor at `fast`, which is the strategy as a person learns it.
    pub(super) fn shortens(self, rows: usize, cols: usize) -> bool {
        match self.line_plan(rows, cols) {
            Some(LinePlan::Whole(..) | LinePlan::Rolling(..)) => true,
            Some(LinePlan::Trips { planned, .. }) => planned,
            None => false,
        }
    }

    /// How each single tile's trip is made on a board of this shape, and
    /// how many ways it is tried before the best is made; see `transport`,
    /// `detour` and `tries`.
    pub(super) fn trip_plan(self, rows: usize, cols: usize) -> (TripStyle, usize) {
        match self.line_plan(rows, cols) {
            Some(LinePlan::Trips { planned, band, tries }) => {
                (TripStyle { plan_ahead: planned, approach: Approach::Detour { band }, ..TripStyle::PLAIN }, tries)
            }
            _ => (TripStyle::PLAIN, 1),
        }
    }
}

/// How lines are planned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Look {
    /// One tile at a time.
    Tiles,
    /// Each line by the beam over the whole unsolved area.
    Whole(AreaBeam),
    /// Each line by the rolling beam, this wide, pulling this hard.
    Rolling(usize, Pull),
}

/// `SIZE_BANDS` as a Markdown table, one row a band: what `fifteen solve
/// --help` prints and `docs/solving.md` shows (a test holds the doc equal
/// to it). An area beam searches each line over the whole unsolved
/// area, a rolling beam commits a dozen moves at a time; `tiles` places one
/// tile at a time, the blank's approaches by detours that push tiles home
/// (within so many cells of the straight line), each trip planned ahead for
/// its pushes, or tried several ways and the best made.
pub fn size_table() -> String {
    // Without the outer pipes (Markdown allows it): the rows then fit in
    // the 120 columns `fifteen solve --help` wraps at.
    let mut out = String::from("boards | auto | watching | page | par | normal | best\n---|---|---|---|---|---|---\n");
    let mut before = 0;
    for band in &SIZE_BANDS {
        let size = match band.up_to_cells {
            usize::MAX => format!("> {}", square(before)),
            cells => format!("≤ {}", square(cells)),
        };
        out.push_str(&format!(
            "{size} | {} | {} | {} | {} | {} | {}\n",
            band.auto.name(),
            band.watching.name(),
            band.page.name(),
            band.par.name(),
            describe(band.normal),
            describe(band.best)
        ));
        before = band.up_to_cells;
    }
    out.push_str(&long_boards());
    out
}

/// What the table's beams do on long boards (see `strip.rs`), as a
/// paragraph after it, its lines at most 90 columns (so that `--help`
/// prints them as they are).
fn long_boards() -> String {
    use super::strip::{LONG, MAX_PLACEMENTS, MIN_WIDTH, SHORTEST, SPAN, THIN};
    let text = format!(
        "On a long board (not square, its unsolved part more than {LONG} times as long as it is wide and \
         longer than {SHORTEST} cells: 2×N, N×2, 3×N, 5×60, …) an area beam, and on one at most {THIN} \
         cells across a rolling beam too, searches each line a window at a time: the next placement's \
         tiles are brought within {SPAN} cells of home by their trips, then the beam searches up to \
         {MAX_PLACEMENTS} placements in the cells from the line to their farthest tile, as wide as the \
         row says but no wider than keeps the whole board to a second or two a strip (a strip that \
         affords fewer than {MIN_WIDTH} states, as 2×1000, is placed tile by tile)."
    );
    let mut out = String::from("\n");
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > 90 {
            out.push_str(&line);
            out.push('\n');
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    out.push_str(&line);
    out.push('\n');
    out
}

/// `30×30` for 900 cells; the count when it is not a square.
fn square(cells: usize) -> String {
    let side = cells.isqrt();
    if side * side == cells { format!("{side}×{side}") } else { format!("{cells} cells") }
}

fn describe(plan: LinePlan) -> String {
    match plan {
        LinePlan::Whole(AreaBeam { width, pull, linger, .. }) => {
            let pull = match pull {
                Pull::Light => "",
                Pull::Strong => ", strong pull",
                Pull::Line => ", line pull",
            };
            let linger = match linger {
                0 => String::new(),
                rounds => format!(", lingers {rounds}"),
            };
            format!("area beam, {width} wide{pull}{linger}")
        }
        LinePlan::Rolling(width, Pull::Light) => format!("rolling beam, {width} wide"),
        LinePlan::Rolling(width, _) => format!("rolling beam, {width} wide, line pull"),
        LinePlan::Trips { planned, band, tries } => {
            let mut text = match band {
                Some(band) => format!("tiles, detours ≤ {band} cells"),
                None => "tiles, detours".to_string(),
            };
            if planned {
                text.push_str(", planned");
            }
            if tries > 1 {
                text.push_str(&format!(", {tries} tries"));
            }
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bands_grow_and_each_plan_fits_its_band() {
        assert!(SIZE_BANDS.windows(2).all(|w| w[0].up_to_cells < w[1].up_to_cells));
        assert_eq!(SIZE_BANDS.last().map(|b| b.up_to_cells), Some(usize::MAX));
        for band in &SIZE_BANDS {
            for plan in [band.normal, band.best] {
                match plan {
                    LinePlan::Whole(..) => assert!(band.up_to_cells <= MAX_LOOKAHEAD_CELLS),
                    LinePlan::Rolling(..) => assert!(band.up_to_cells <= MAX_ROLLING_CELLS),
                    LinePlan::Trips { .. } => assert!(band.up_to_cells > MAX_ROLLING_CELLS),
                }
            }
            // The window never picks an effort slower than `auto` would.
            assert!(band.watching == band.auto || band.watching == Effort::Fast);
            assert!(band.auto != Effort::Auto && band.watching != Effort::Auto);
        }
    }

    #[test]
    fn only_wide_area_beams_past_5x5_plan_lines_slowly() {
        assert!(Effort::Best.plans_lines_slowly(20, 20));
        assert!(Effort::Best.plans_lines_slowly(6, 6));
        assert!(!Effort::Best.plans_lines_slowly(5, 5));
        assert!(!Effort::Normal.plans_lines_slowly(20, 20));
        assert!(!Effort::Best.plans_lines_slowly(100, 100));
        assert!(!Effort::Fast.plans_lines_slowly(30, 30));
    }

    #[test]
    fn a_board_falls_in_the_first_band_that_holds_it() {
        assert_eq!(size_band(5, 5).up_to_cells, 25);
        assert_eq!(size_band(6, 6).up_to_cells, 36);
        assert_eq!(size_band(6, 7).up_to_cells, 49);
        assert_eq!(size_band(5, 10).up_to_cells, 144);
        assert_eq!(size_band(12, 13).up_to_cells, 400);
        assert_eq!(size_band(2, 450).up_to_cells, 900);
        assert_eq!(size_band(usize::MAX, 2).up_to_cells, usize::MAX);
        assert_eq!(Effort::Best.look(100, 100), Look::Rolling(130, Pull::Line));
        assert_eq!(Effort::Normal.look(40, 40), Look::Rolling(400, Pull::Line));
        assert_eq!(Effort::Normal.look(30, 30), Look::Whole(AreaBeam::new(50, Pull::Light)));
        assert_eq!(Effort::Normal.look(101, 100), Look::Tiles);
        assert_eq!(Effort::Fast.trip_plan(1000, 1000), (TripStyle::PLAIN, 1));
        assert_eq!(Effort::Normal.trip_plan(300, 300), (TripStyle::PLANNED, 1));
        let planned_in_band = TripStyle { plan_ahead: true, ..TripStyle::detouring(8) };
        assert_eq!(Effort::Best.trip_plan(1000, 1000), (planned_in_band, 1));
    }
}
