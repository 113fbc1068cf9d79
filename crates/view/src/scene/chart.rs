//! A chart for a file: axes with their ticks and names, lines and dots,
//! vertical marks named above the plot, and a legend, drawn on any
//! [`Canvas`]. `fifteen coach --plot` draws a solve's par graph
//! ([`Chart::par_graph`]) and a session's or a training history's trend
//! ([`Chart::trend`]) with it, as PNG (the recordings' software canvas) or
//! SVG, so a picture in a file is drawn by the same calls as the window.

use fifteen_core::coach::Coaching;

use super::canvas::{Canvas, Weight};
use super::layout::Rect;
use super::palette::Rgba;

/// The page.
const WHITE: Rgba = [255, 255, 255, 255];
/// Titles, axes and tick labels.
const INK: Rgba = [0x20, 0x20, 0x20, 255];
/// The person's solve (a session's loss).
const PERSON: Rgba = [0x1F, 0x6F, 0xC4, 255];
/// The solve that loses nothing.
const IDEAL: Rgba = [0x8A, 0x8A, 0x8A, 255];
/// The mistakes.
const MISTAKE: Rgba = [0xD6, 0x27, 0x28, 255];
/// The lines' ends, the zero line and the legend's border.
const LINE_MARK: Rgba = [0xC8, 0xC8, 0xC8, 255];
/// The lines' names.
const LINE_NAME: Rgba = [0x40, 0x40, 0x40, 255];
/// The grid behind the plot.
const GRID: Rgba = [0xE4, 0xE4, 0xE4, 255];
/// The colours of the kinds of line in a trend, in `LineKind::ALL`'s order.
const KIND_COLOURS: [Rgba; 5] = [
    [0xE0, 0x7B, 0x39, 255],
    [0x2C, 0xA0, 0x2C, 255],
    [0x94, 0x67, 0xBD, 255],
    [0x8C, 0x56, 0x4B, 255],
    [0x17, 0xBE, 0xCF, 255],
];

/// The title's two lines take this much of the top.
const TITLE_HEIGHT: f32 = 70.0;
/// Around the plot: the page's margins, then room for the tick labels and
/// the axes' names.
const MARGIN: (f32, f32, f32) = (12.0, 36.0, 8.0);
const Y_LABELS_WIDTH: f32 = 76.0;
const X_LABELS_HEIGHT: f32 = 56.0;
/// Rows of line names above the plot, at most, and the height of one.
const NAME_ROWS: usize = 3;
const NAME_ROW_HEIGHT: f32 = 21.0;
/// Pixels kept clear between two names, and between a name and its mark.
const NAME_GAP: f32 = 8.0;
const NAME_TO_MARK: f32 = 4.0;
/// Text sizes: title, subtitle, the axes' names, ticks, names and legend.
const TITLE_SIZE: f32 = 22.0;
const SUBTITLE_SIZE: f32 = 16.0;
const AXIS_NAME_SIZE: f32 = 15.0;
const LABEL_SIZE: f32 = 13.0;
/// How far below its top a line of text's baseline lies, as a share of
/// its size (DejaVu Sans's ascent).
const ASCENT: f32 = 0.76;

/// Where the legend goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum LegendCorner {
    LowerLeft,
    UpperRight,
}

/// What a series draws.
#[derive(Clone, Debug, PartialEq)]
enum SeriesShape {
    /// A line through the points, this wide, dashed (on, off) or not.
    Line { width: f32, dash: Option<(f32, f32)> },
    /// A dot of this radius at each point.
    Dots { radius: f32 },
}

/// One series: its points in the chart's units, its look and its legend.
#[derive(Clone, Debug, PartialEq)]
struct Series {
    label: String,
    color: Rgba,
    shape: SeriesShape,
    points: Vec<(f64, f64)>,
}

/// A vertical mark at `x`, named above the plot when there is room
/// (`weight`: the longer lines are named first).
#[derive(Clone, Debug, PartialEq)]
struct Mark {
    x: f64,
    name: String,
    weight: usize,
}

/// A chart: what it shows, in its own units; [`Chart::paint`] lays it out.
#[derive(Clone, Debug, PartialEq)]
pub struct Chart {
    title: String,
    subtitle: String,
    x_name: String,
    y_name: String,
    x_range: (f64, f64),
    y_range: (f64, f64),
    /// The x ticks' labels, when they are not the numbers themselves: the
    /// label of tick `i` (1-based) is `x_labels[i - 1]`.
    x_labels: Option<Vec<String>>,
    /// A line along y = 0 (a trend's "lost nothing").
    zero_line: bool,
    marks: Vec<Mark>,
    series: Vec<Series>,
    legend: LegendCorner,
}

/// A session's or a history's trend: what [`Chart::trend`] draws.
#[derive(Clone, Debug, PartialEq)]
pub struct Trend {
    /// The heading.
    pub title: String,
    /// The solves and their averages.
    pub subtitle: String,
    /// What is counted across: `solve` (a session's), `drill` (a history's).
    pub unit: &'static str,
    /// Each solve's number among the sources and its loss, in order.
    pub losses: Vec<(usize, i64)>,
    /// Each kind of line's name and its loss in each solve (`None`: the
    /// solve has no line of that kind).
    pub kinds: Vec<(&'static str, Vec<Option<i64>>)>,
}

impl Chart {
    /// One coached solve's par graph: across, the moves the person made;
    /// up, par (the moves fifteen still needs). The person's solve falls
    /// from the scramble's par to 0; beside it, dashed, the solve that
    /// loses nothing falls one a move. Each line's end is a light mark
    /// named above the plot, and where par is exact each mistake (a move
    /// that raised par) is a red dot.
    pub fn par_graph(title: &str, subtitle: &str, coaching: &Coaching) -> Chart {
        let person: Vec<(f64, f64)> = coaching.graph_points().into_iter().map(|(m, p)| (m as f64, p as f64)).collect();
        let x_end = coaching.moves.max(coaching.par).max(1) as f64;
        let top = person.iter().map(|p| p.1).fold(coaching.par as f64, f64::max).max(1.0);
        let how = if coaching.par_by_move.is_some() { "par after each move" } else { "par as each line ended" };
        let par = coaching.par as f64;
        let mut series = vec![
            Series {
                label: format!("the person's solve: {how}"),
                color: PERSON,
                shape: SeriesShape::Line { width: 3.0, dash: None },
                points: person,
            },
            // Over the person's solve, so that where they are one both show.
            Series {
                label: "losing nothing: par falls one a move".into(),
                color: IDEAL,
                shape: SeriesShape::Line { width: 2.0, dash: Some((9.0, 6.0)) },
                points: vec![(0.0, par), (par, 0.0)],
            },
        ];
        if let (Some(mistakes), Some(pars)) = (&coaching.mistakes, &coaching.par_by_move) {
            let label = match mistakes.len() {
                0 => "no mistakes: no move raised par".to_string(),
                1 => "1 mistake: a move that raised par".to_string(),
                n => format!("{n} mistakes: moves that raised par"),
            };
            let points = mistakes.iter().map(|&m| (m as f64, pars[m] as f64)).collect();
            series.push(Series { label, color: MISTAKE, shape: SeriesShape::Dots { radius: 4.0 }, points });
        }
        Chart {
            title: title.into(),
            subtitle: subtitle.into(),
            x_name: "moves made by the person".into(),
            y_name: "par: moves fifteen still needs".into(),
            x_range: (0.0, x_end),
            y_range: (0.0, top + (top / 25.0).floor().max(1.0)),
            x_labels: None,
            zero_line: false,
            marks: line_ends(coaching),
            series,
            legend: LegendCorner::LowerLeft,
        }
    }

    /// A trend: across, the solves (or drills) in order; up, the moves
    /// lost; each solve's loss as a thick line, each kind of line's in its
    /// colour.
    pub fn trend(trend: &Trend) -> Chart {
        let n = trend.losses.len().max(2) as f64;
        let all = trend
            .losses
            .iter()
            .map(|&(_, l)| l)
            .chain(trend.kinds.iter().flat_map(|(_, v)| v.iter().flatten().copied()));
        let (low, high) = all.fold((0i64, 1i64), |(lo, hi), l| (lo.min(l), hi.max(l)));
        let pad = ((high - low) / 20).max(1);
        let unit = trend.unit;
        let mut series: Vec<Series> = trend
            .kinds
            .iter()
            .zip(KIND_COLOURS.iter().cycle())
            .map(|((name, losses), &color)| Series {
                label: format!("{name}: their lines' loss in each {unit}"),
                color,
                shape: SeriesShape::Line { width: 2.0, dash: None },
                points: losses.iter().enumerate().filter_map(|(i, l)| l.map(|l| (i as f64 + 1.0, l as f64))).collect(),
            })
            .collect();
        series.push(Series {
            label: format!("each {unit}'s loss"),
            color: PERSON,
            shape: SeriesShape::Line { width: 4.0, dash: None },
            points: trend.losses.iter().enumerate().map(|(i, &(_, l))| (i as f64 + 1.0, l as f64)).collect(),
        });
        Chart {
            title: trend.title.clone(),
            subtitle: trend.subtitle.clone(),
            x_name: if unit == "solve" {
                "the session's solves, in order (labelled by their number in the sources)".into()
            } else {
                format!("{unit}s, in the order they were played")
            },
            y_name: "moves lost against par".into(),
            x_range: (1.0, n),
            y_range: ((low - pad) as f64, (high + pad) as f64),
            x_labels: Some(trend.losses.iter().map(|&(number, _)| number.to_string()).collect()),
            zero_line: true,
            marks: Vec::new(),
            series,
            legend: LegendCorner::UpperRight,
        }
    }

    /// Draws the chart on a `width` × `height` canvas.
    pub fn paint(&self, canvas: &mut dyn Canvas, width: f32, height: f32) {
        canvas.rect(Rect::new(0.0, 0.0, width, height), WHITE);
        // Centred, and made smaller where it would not fit across.
        let centred = |canvas: &mut dyn Canvas, text: &str, top: f32, size: f32, weight: Weight| {
            let room = width - 2.0 * MARGIN.0;
            let natural = canvas.text_width(text, size, weight);
            let size = if natural > room { (size * room / natural).floor() } else { size };
            let w = canvas.text_width(text, size, weight);
            canvas.text(text, (width - w) / 2.0, top + ASCENT * size, size, INK, weight);
        };
        centred(canvas, &self.title, 14.0, TITLE_SIZE, Weight::Bold);
        centred(canvas, &self.subtitle, 44.0, SUBTITLE_SIZE, Weight::Regular);
        let left = MARGIN.0 + Y_LABELS_WIDTH;
        let right = width - MARGIN.1;
        let bottom = height - MARGIN.2 - X_LABELS_HEIGHT;
        // The names' rows depend only on where the marks fall across, which
        // the band above the plot does not change.
        let across = |x: f64| left + (right - left) * ((x - self.x_range.0) / span(self.x_range)) as f32;
        let rows = self.name_rows(canvas, &across);
        let band = match rows.iter().flatten().max() {
            Some(&row) => (row + 1) as f32 * NAME_ROW_HEIGHT + 6.0,
            None if self.marks.is_empty() => 12.0,
            None => NAME_ROW_HEIGHT + 6.0,
        };
        let plot = Rect::new(left, TITLE_HEIGHT + band, right - left, bottom - TITLE_HEIGHT - band);
        let at = |(x, y): (f64, f64)| {
            (across(x), plot.bottom() - plot.h * ((y - self.y_range.0) / span(self.y_range)) as f32)
        };
        self.paint_axes(canvas, plot, &at);
        for (mark, row) in self.marks.iter().zip(&rows) {
            let (x, _) = at((mark.x, self.y_range.0));
            canvas.line((x, plot.y), (x, plot.bottom()), 1.0, LINE_MARK);
            if let Some(row) = row {
                let name_top = plot.y - (*row as f32 + 1.0) * NAME_ROW_HEIGHT;
                canvas.line((x, plot.y), (x, name_top), 1.0, LINE_MARK);
                let w = canvas.text_width(&mark.name, LABEL_SIZE, Weight::Regular);
                let baseline = name_top + 2.0 + ASCENT * LABEL_SIZE;
                canvas.text(&mark.name, x - NAME_TO_MARK - w, baseline, LABEL_SIZE, LINE_NAME, Weight::Regular);
            }
        }
        if self.zero_line {
            canvas.line(at((self.x_range.0, 0.0)), at((self.x_range.1, 0.0)), 1.0, LINE_MARK);
        }
        canvas.clip(Some(plot));
        for series in &self.series {
            series.paint(canvas, &at);
        }
        canvas.clip(None);
        self.paint_legend(canvas, plot);
    }

    /// The grid, the axes, their ticks and labels, and their names.
    fn paint_axes(&self, canvas: &mut dyn Canvas, plot: Rect, at: &dyn Fn((f64, f64)) -> (f32, f32)) {
        for y in ticks(self.y_range, 8) {
            let (_, py) = at((self.x_range.0, y));
            canvas.line((plot.x, py), (plot.right(), py), 1.0, GRID);
            canvas.line((plot.x - 5.0, py), (plot.x, py), 1.0, INK);
            let label = format!("{y}");
            let w = canvas.text_width(&label, LABEL_SIZE, Weight::Regular);
            canvas.text(&label, plot.x - 8.0 - w, py + 0.36 * LABEL_SIZE, LABEL_SIZE, INK, Weight::Regular);
        }
        let x_ticks: Vec<f64> = match &self.x_labels {
            Some(labels) => ticks((1.0, labels.len().max(1) as f64), 10).into_iter().filter(|&x| x >= 1.0).collect(),
            None => ticks(self.x_range, 10),
        };
        for x in x_ticks {
            let (px, _) = at((x, self.y_range.0));
            canvas.line((px, plot.bottom()), (px, plot.bottom() + 5.0), 1.0, INK);
            let label = match &self.x_labels {
                Some(labels) => labels.get(x as usize - 1).cloned().unwrap_or_default(),
                None => format!("{x}"),
            };
            let w = canvas.text_width(&label, LABEL_SIZE, Weight::Regular);
            let baseline = plot.bottom() + 8.0 + ASCENT * LABEL_SIZE + 2.0;
            canvas.text(&label, px - w / 2.0, baseline, LABEL_SIZE, INK, Weight::Regular);
        }
        canvas.line((plot.x, plot.y), (plot.x, plot.bottom()), 1.0, INK);
        canvas.line((plot.x, plot.bottom()), (plot.right(), plot.bottom()), 1.0, INK);
        let w = canvas.text_width(&self.x_name, AXIS_NAME_SIZE, Weight::Regular);
        let baseline = plot.bottom() + X_LABELS_HEIGHT - 6.0;
        canvas.text(&self.x_name, plot.x + (plot.w - w) / 2.0, baseline, AXIS_NAME_SIZE, INK, Weight::Regular);
        let w = canvas.text_width(&self.y_name, AXIS_NAME_SIZE, Weight::Regular);
        let baseline = MARGIN.0 + ASCENT * AXIS_NAME_SIZE;
        let from = plot.y + (plot.h + w) / 2.0;
        canvas.text_up(&self.y_name, baseline, from, AXIS_NAME_SIZE, INK, Weight::Regular);
    }

    /// The legend in its corner: a sample of each series and its label.
    fn paint_legend(&self, canvas: &mut dyn Canvas, plot: Rect) {
        const ROW: f32 = 22.0;
        const SAMPLE: f32 = 24.0;
        const PAD: f32 = 10.0;
        let widest =
            self.series.iter().map(|s| canvas.text_width(&s.label, LABEL_SIZE, Weight::Regular)).fold(0.0, f32::max);
        let (w, h) = (PAD * 3.0 + SAMPLE + widest, PAD * 2.0 + ROW * self.series.len() as f32 - 6.0);
        let (x, y) = match self.legend {
            LegendCorner::LowerLeft => (plot.x + PAD, plot.bottom() - PAD - h),
            LegendCorner::UpperRight => (plot.right() - PAD - w, plot.y + PAD),
        };
        let frame = Rect::new(x, y, w, h);
        canvas.rect(frame, WHITE);
        canvas.stroke_round_rect(frame, 0.0, 1.0, LINE_MARK);
        for (i, series) in self.series.iter().enumerate() {
            let mid = y + PAD + ROW * i as f32 + 8.0;
            let sample = (x + PAD, x + PAD + SAMPLE);
            match series.shape {
                SeriesShape::Line { width, .. } => canvas.line((sample.0, mid), (sample.1, mid), width, series.color),
                SeriesShape::Dots { radius } => dot(canvas, ((sample.0 + sample.1) / 2.0, mid), radius, series.color),
            }
            let baseline = mid + 0.36 * LABEL_SIZE;
            canvas.text(&series.label, sample.1 + PAD, baseline, LABEL_SIZE, INK, Weight::Regular);
        }
    }

    /// The row (0 nearest the plot) each mark's name is drawn in, or
    /// `None` where there is no room.
    fn name_rows(&self, canvas: &mut dyn Canvas, across: &dyn Fn(f64) -> f32) -> Vec<Option<usize>> {
        let names: Vec<NameToPlace> = self
            .marks
            .iter()
            .map(|mark| {
                let x = across(mark.x);
                let width = canvas.text_width(&mark.name, LABEL_SIZE, Weight::Regular);
                NameToPlace { x, left: (x - NAME_TO_MARK - width).max(2.0), weight: mark.weight }
            })
            .collect();
        name_rows(&names, NAME_ROWS)
    }
}

impl Series {
    fn paint(&self, canvas: &mut dyn Canvas, at: &dyn Fn((f64, f64)) -> (f32, f32)) {
        let points: Vec<(f32, f32)> = self.points.iter().map(|&p| at(p)).collect();
        match self.shape {
            SeriesShape::Line { width, dash: None } => {
                for pair in points.windows(2) {
                    canvas.line(pair[0], pair[1], width, self.color);
                }
            }
            SeriesShape::Line { width, dash: Some((on, off)) } => {
                for pair in points.windows(2) {
                    dashed(canvas, pair[0], pair[1], (on, off), width, self.color);
                }
            }
            SeriesShape::Dots { radius } => {
                for &p in &points {
                    dot(canvas, p, radius, self.color);
                }
            }
        }
    }
}

/// A filled circle.
fn dot(canvas: &mut dyn Canvas, (x, y): (f32, f32), radius: f32, color: Rgba) {
    canvas.round_rect(Rect::new(x - radius, y - radius, 2.0 * radius, 2.0 * radius), radius, color);
}

/// A dashed line from `from` to `to`: `on` pixels drawn, `off` left out.
fn dashed(canvas: &mut dyn Canvas, from: (f32, f32), to: (f32, f32), (on, off): (f32, f32), width: f32, color: Rgba) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt();
    let mut start = 0.0;
    while start < length {
        let end = (start + on).min(length);
        let point = |d: f32| (from.0 + dx * d / length, from.1 + dy * d / length);
        canvas.line(point(start), point(end), width, color);
        start += on + off;
    }
}

fn span((low, high): (f64, f64)) -> f64 {
    (high - low).max(f64::MIN_POSITIVE)
}

/// Round values from `low` to `high` about `count` of them apart: steps
/// of 1, 2 or 5 times a power of ten, never less than 1 (the charts count
/// moves and solves).
fn ticks((low, high): (f64, f64), count: usize) -> Vec<f64> {
    let raw = (high - low) / count.max(1) as f64;
    let magnitude = 10f64.powf(raw.max(1.0).log10().floor());
    let step = [1.0, 2.0, 5.0, 10.0].iter().map(|m| m * magnitude).find(|&s| s >= raw).unwrap_or(10.0 * magnitude);
    let first = (low / step).ceil() as i64;
    let last = (high / step).floor() as i64;
    (first..=last).map(|i| i as f64 * step).collect()
}

/// Each point where lines were finished, with their names (`column 2,
/// row 3` when one move finished both) and the person's moves on them.
fn line_ends(coaching: &Coaching) -> Vec<Mark> {
    let mut ends: Vec<Mark> = Vec::new();
    for line in &coaching.lines {
        match ends.last_mut() {
            Some(end) if end.x == line.to_move as f64 => {
                end.name.push_str(", ");
                end.name.push_str(&line.line.name());
                end.weight += line.moves();
            }
            _ => ends.push(Mark { x: line.to_move as f64, name: line.line.name(), weight: line.moves() }),
        }
    }
    ends
}

/// A name to place above the plot: its mark's x, where its text would
/// begin (it ends just left of the mark), and how many moves the line took
/// (longer lines are named first when they do not all fit).
#[derive(Clone, Copy, Debug)]
struct NameToPlace {
    x: f32,
    left: f32,
    weight: usize,
}

/// The row (0 nearest the plot) each name is drawn in, or `None` where
/// there is no room: no two names in a row overlap, and no mark running up
/// to its name crosses a name nearer the plot. When they do not all fit,
/// the longest lines are named first.
fn name_rows(names: &[NameToPlace], rows: usize) -> Vec<Option<usize>> {
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by(|&a, &b| names[b].weight.cmp(&names[a].weight).then(names[b].x.total_cmp(&names[a].x)));
    let mut chosen = vec![false; names.len()];
    for i in order {
        chosen[i] = true;
        chosen[i] = place_names(names, &chosen, rows).is_some();
    }
    let placed = place_names(names, &chosen, rows).unwrap_or_else(|| vec![None; names.len()]);
    // Counted from the top, the rows used are the first few: turn them over.
    let last = placed.iter().flatten().max().copied().unwrap_or(0);
    placed.into_iter().map(|row| row.map(|row| last - row)).collect()
}

/// The `chosen` names placed from the rightmost on, each in the highest
/// row (0 the top one) where its mark crosses no name in its row or below:
/// a name's text runs left from its mark, so it can only cover the marks
/// of names further left, placed after it. `None` when one does not fit.
fn place_names(names: &[NameToPlace], chosen: &[bool], rows: usize) -> Option<Vec<Option<usize>>> {
    let mut placed = vec![None; names.len()];
    // Where the leftmost text of each row begins.
    let mut lefts = vec![f32::MAX; rows];
    let mut by_x: Vec<usize> = (0..names.len()).filter(|&i| chosen[i]).collect();
    by_x.sort_by(|&a, &b| names[b].x.total_cmp(&names[a].x));
    for i in by_x {
        let name = &names[i];
        let row = (0..rows).find(|&row| lefts[row..].iter().all(|&left| name.x + NAME_GAP <= left))?;
        lefts[row] = name.left;
        placed[i] = Some(row);
    }
    Some(placed)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(x: f32, width: f32, weight: usize) -> NameToPlace {
        NameToPlace { x, left: x - width, weight }
    }

    #[test]
    fn names_far_apart_share_the_nearest_row() {
        let names = [name(100.0, 40.0, 5), name(300.0, 40.0, 5), name(500.0, 40.0, 5)];
        assert_eq!(name_rows(&names, 3), vec![Some(0); 3]);
    }

    #[test]
    fn crowded_names_climb_and_the_shortest_lines_go_unnamed() {
        // The third's text covers the second's mark: the second goes below
        // it. The first's mark is under both texts: with two rows, it is
        // not named.
        let names = [name(995.0, 50.0, 1), name(1000.0, 50.0, 3), name(1040.0, 50.0, 9)];
        assert_eq!(name_rows(&names, 2), vec![None, Some(0), Some(1)]);
        assert_eq!(name_rows(&names, 3), vec![Some(0), Some(1), Some(2)]);
        // When the first is the longest line, it is named instead of the second.
        let names = [name(995.0, 50.0, 9), name(1000.0, 50.0, 1), name(1040.0, 50.0, 3)];
        assert_eq!(name_rows(&names, 2), vec![Some(0), None, Some(1)]);
    }

    #[test]
    fn ticks_are_round_and_inside_the_range() {
        assert_eq!(ticks((0.0, 33.0), 10), vec![0.0, 5.0, 10.0, 15.0, 20.0, 25.0, 30.0]);
        assert_eq!(ticks((-3.0, 12.0), 8), vec![-2.0, 0.0, 2.0, 4.0, 6.0, 8.0, 10.0, 12.0]);
        assert_eq!(ticks((1.0, 2.0), 10), vec![1.0, 2.0], "never a step below 1");
        assert_eq!(ticks((0.0, 40_000.0), 10), (0..=8).map(|i| i as f64 * 5000.0).collect::<Vec<_>>());
    }
}
