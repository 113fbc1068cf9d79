//! `fifteen coach --plot FILE`: one coached solve's par graph (or, for a
//! session of several, its trend: `draw_session`), drawn by
//! plotters as SVG or PNG. Across, the moves the person made; up, par (the
//! moves fifteen still needs). The person's solve falls from the
//! scramble's par to 0; beside it, the solve that loses nothing falls one
//! a move. Each line's end is a light vertical line named above the graph,
//! and where par is exact the mistakes (moves that raised it) are dots.

use std::fs;
use std::path::{Path, PathBuf};

use ab_glyph::{Font, FontRef, ScaleFont, point};
use plotters::coord::Shift;
use plotters::prelude::*;
use plotters::style::text_anchor::{HPos, Pos, VPos};
use plotters_backend::{BackendColor, BackendCoord, BackendStyle, BackendTextStyle, DrawingErrorKind};

use super::error::CliError;
use super::paths;
use fifteen_core::coach::Coaching;
use fifteen_view::scene::{FONT_BOLD, FONT_REGULAR};

/// The image's size in pixels (the SVG's too).
const SIZE: (u32, u32) = (1280, 720);
/// The font family the text is drawn in: DejaVu Sans, registered under
/// this name so that an SVG viewer without it falls back to a sans-serif.
const FAMILY: &str = "sans-serif";
/// The title's two lines take this much of the top.
const TITLE_HEIGHT: u32 = 70;
/// Rows of line names above the graph, at most, and the height of one.
const NAME_ROWS: usize = 3;
const NAME_ROW_HEIGHT: i32 = 21;
/// Pixels kept clear between two names, and between a name and its mark.
const NAME_GAP: i32 = 8;
const NAME_TO_MARK: i32 = 4;

/// The person's solve.
const PERSON: RGBColor = RGBColor(0x1F, 0x6F, 0xC4);
/// The solve that loses nothing.
const IDEAL: RGBColor = RGBColor(0x8A, 0x8A, 0x8A);
/// The mistakes.
const MISTAKE: RGBColor = RGBColor(0xD6, 0x27, 0x28);
/// The lines' ends and their names.
const LINE_MARK: RGBColor = RGBColor(0xC8, 0xC8, 0xC8);
const LINE_NAME: RGBColor = RGBColor(0x40, 0x40, 0x40);
const TEXT: RGBColor = RGBColor(0x20, 0x20, 0x20);

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ImageFormat {
    Svg,
    Png,
}

/// Where the par graph goes: a file name ending in .svg or .png whose
/// directory exists and lets it be written.
#[derive(Debug)]
pub struct PlotFile {
    path: PathBuf,
    format: ImageFormat,
}

impl PlotFile {
    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Checks `path` before any work: its extension picks the format.
    pub fn check(path: &Path) -> Result<PlotFile, CliError> {
        let extension = path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase);
        let format = match extension.as_deref() {
            Some("svg") => ImageFormat::Svg,
            Some("png") => ImageFormat::Png,
            _ => {
                return Err(CliError::Usage(format!(
                    "--plot {}: the graph is written as SVG or PNG; give a name ending in .svg or .png",
                    path.display()
                )));
            }
        };
        paths::check_output(path, "--plot", extension.as_deref().unwrap_or_default())?;
        Ok(PlotFile { path: path.to_path_buf(), format })
    }
}

/// What the graph shows: the coaching and the title's two lines.
pub struct ParGraph<'a> {
    /// The solve's heading (`solve 1: 4×4 single by …`).
    pub title: &'a str,
    /// Its moves and par (`4×4, 33 moves; par 31 (optimal): +2 lost`).
    pub subtitle: &'a str,
    pub coaching: &'a Coaching,
}

/// A session's trend: each solve's loss, and each kind of line's loss in
/// each solve.
pub struct SessionGraph<'a> {
    /// The session's heading.
    pub title: &'a str,
    /// Its solves and averages.
    pub subtitle: &'a str,
    /// What is counted across: `solve` (a session's), `drill` (a history's).
    pub unit: &'a str,
    /// Each solve's number among the sources and its loss, in order.
    pub losses: Vec<(usize, i64)>,
    /// Each kind of line's name and its loss in each solve (`None`: the
    /// solve has no line of that kind).
    pub kinds: Vec<(&'static str, Vec<Option<i64>>)>,
}

/// What `--plot` draws: one solve's par graph or a session's trend.
pub enum Plot<'a> {
    Solve(&'a ParGraph<'a>),
    Session(&'a SessionGraph<'a>),
}

impl Plot<'_> {
    fn draw<DB: DrawingBackend>(
        &self,
        root: DrawingArea<DB, Shift>,
    ) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
        match self {
            Plot::Solve(graph) => draw(root, graph),
            Plot::Session(graph) => draw_session(root, graph),
        }
    }
}

/// Draws one solve's par graph into `file`, in its format.
pub fn write(file: &PlotFile, graph: &ParGraph) -> Result<(), CliError> {
    write_plot(file, &Plot::Solve(graph))
}

/// Draws `plot` into `file`, in its format.
pub fn write_plot(file: &PlotFile, plot: &Plot) -> Result<(), CliError> {
    register_fonts()?;
    let failed = |e: String| CliError::Solver(format!("--plot {}: cannot draw the graph: {e}", file.path.display()));
    let bytes = match file.format {
        ImageFormat::Svg => {
            let mut svg = String::new();
            plot.draw(SVGBackend::with_string(&mut svg, SIZE).into_drawing_area())
                .map_err(|e| failed(e.to_string()))?;
            svg.into_bytes()
        }
        ImageFormat::Png => {
            let mut rgb = vec![0u8; SIZE.0 as usize * SIZE.1 as usize * 3];
            let backend = BitmapWithText::new(BitMapBackend::with_buffer(&mut rgb, SIZE))?;
            plot.draw(backend.into_drawing_area()).map_err(|e| failed(e.to_string()))?;
            png_bytes(&rgb, SIZE).map_err(|e| failed(e.to_string()))?
        }
    };
    fs::write(&file.path, bytes)
        .map_err(|e| CliError::Write(std::io::Error::new(e.kind(), format!("--plot {}: {e}", file.path.display()))))
}

/// The shipped DejaVu Sans, regular and bold, as plotters' `sans-serif`:
/// it measures the text for both formats and draws it into the PNG.
fn register_fonts() -> Result<(), CliError> {
    for (style, bytes) in [(FontStyle::Normal, FONT_REGULAR), (FontStyle::Bold, FONT_BOLD)] {
        plotters::style::register_font(FAMILY, style, bytes)
            .map_err(|_| CliError::Solver("internal error: the shipped font does not load".into()))?;
    }
    Ok(())
}

/// An RGB buffer as PNG bytes.
fn png_bytes(rgb: &[u8], (width, height): (u32, u32)) -> Result<Vec<u8>, png::EncodingError> {
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, width, height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Best);
    encoder.set_adaptive_filter(png::AdaptiveFilterType::Adaptive);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(rgb)?;
    writer.finish()?;
    Ok(bytes)
}

/// plotters' bitmap backend with the text drawn by ab_glyph at each
/// glyph's own bounds: plotters' ab_glyph drawing drops the glyphs' left
/// side bearings, which spaces `10×10` as `1 0×1 0`. Everything else is
/// the bitmap backend's.
struct BitmapWithText<'a> {
    bitmap: BitMapBackend<'a>,
    regular: FontRef<'static>,
    bold: FontRef<'static>,
}

impl<'a> BitmapWithText<'a> {
    fn new(bitmap: BitMapBackend<'a>) -> Result<Self, CliError> {
        let load = |bytes| {
            FontRef::try_from_slice(bytes)
                .map_err(|_| CliError::Solver("internal error: the shipped font does not load".into()))
        };
        Ok(BitmapWithText { bitmap, regular: load(FONT_REGULAR)?, bold: load(FONT_BOLD)? })
    }
}

type BitmapError<'a> = DrawingErrorKind<<BitMapBackend<'a> as DrawingBackend>::ErrorType>;

impl<'a> DrawingBackend for BitmapWithText<'a> {
    type ErrorType = <BitMapBackend<'a> as DrawingBackend>::ErrorType;

    fn get_size(&self) -> (u32, u32) {
        self.bitmap.get_size()
    }
    fn ensure_prepared(&mut self) -> Result<(), BitmapError<'a>> {
        self.bitmap.ensure_prepared()
    }
    fn present(&mut self) -> Result<(), BitmapError<'a>> {
        self.bitmap.present()
    }
    fn draw_pixel(&mut self, point: BackendCoord, color: BackendColor) -> Result<(), BitmapError<'a>> {
        self.bitmap.draw_pixel(point, color)
    }
    fn draw_line<S: BackendStyle>(
        &mut self,
        from: BackendCoord,
        to: BackendCoord,
        style: &S,
    ) -> Result<(), BitmapError<'a>> {
        self.bitmap.draw_line(from, to, style)
    }
    fn draw_rect<S: BackendStyle>(
        &mut self,
        corner: BackendCoord,
        opposite: BackendCoord,
        style: &S,
        fill: bool,
    ) -> Result<(), BitmapError<'a>> {
        self.bitmap.draw_rect(corner, opposite, style, fill)
    }
    fn draw_path<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        path: I,
        style: &S,
    ) -> Result<(), BitmapError<'a>> {
        self.bitmap.draw_path(path, style)
    }
    fn draw_circle<S: BackendStyle>(
        &mut self,
        centre: BackendCoord,
        radius: u32,
        style: &S,
        fill: bool,
    ) -> Result<(), BitmapError<'a>> {
        self.bitmap.draw_circle(centre, radius, style, fill)
    }
    fn fill_polygon<S: BackendStyle, I: IntoIterator<Item = BackendCoord>>(
        &mut self,
        corners: I,
        style: &S,
    ) -> Result<(), BitmapError<'a>> {
        self.bitmap.fill_polygon(corners, style)
    }
    fn blit_bitmap(&mut self, at: BackendCoord, size: (u32, u32), rgb: &[u8]) -> Result<(), BitmapError<'a>> {
        self.bitmap.blit_bitmap(at, size, rgb)
    }

    /// Placed as plotters places it (its measure, anchor and turn), each
    /// glyph drawn where ab_glyph puts it, the baseline where the SVG's is
    /// (0.76 of the font's em below the top).
    fn draw_text<T: BackendTextStyle>(
        &mut self,
        text: &str,
        style: &T,
        at: BackendCoord,
    ) -> Result<(), BitmapError<'a>> {
        let color = style.color();
        let ((x0, y0), (x1, y1)) = style.layout_box(text).map_err(|e| DrawingErrorKind::FontError(Box::new(e)))?;
        let anchor = style.anchor();
        let dx = match anchor.h_pos {
            HPos::Left => 0,
            HPos::Center => -(x1 - x0) / 2,
            HPos::Right => -(x1 - x0),
        };
        let dy = match anchor.v_pos {
            VPos::Top => 0,
            VPos::Center => -(y1 - y0) / 2,
            VPos::Bottom => -(y1 - y0),
        };
        let face = if matches!(style.style(), FontStyle::Bold) { &self.bold } else { &self.regular };
        let font = face.as_scaled(style.size() as f32);
        let baseline = 0.76 * style.size() as f32 / 1.24;
        let (turn, (width, height)) = (style.transform(), self.bitmap.get_size());
        let (mut caret, mut previous) = (0.0, None);
        for c in text.chars() {
            let id = font.glyph_id(c);
            caret += previous.map_or(0.0, |p| font.kern(p, id));
            previous = Some(id);
            let glyph = id.with_scale_and_position(font.scale(), point(caret, baseline));
            caret += font.h_advance(id);
            let Some(outline) = face.outline_glyph(glyph) else { continue };
            let bounds = outline.px_bounds();
            let mut drawn = Ok(());
            outline.draw(|x, y, coverage| {
                let (x, y) = (bounds.min.x as i32 + x as i32 + dx, bounds.min.y as i32 + y as i32 + dy);
                let (x, y) = turn.transform(x, y);
                let (x, y) = (at.0 + x, at.1 + y);
                if drawn.is_ok() && (0..width as i32).contains(&x) && (0..height as i32).contains(&y) {
                    let alpha = color.alpha * f64::from(coverage.min(1.0));
                    drawn = self.bitmap.draw_pixel((x, y), BackendColor { alpha, rgb: color.rgb });
                }
            });
            drawn?;
        }
        Ok(())
    }
}

fn font(size: u32) -> TextStyle<'static> {
    (FAMILY, size).into_font().color(&TEXT)
}

/// The person's solve as the coaching's graph points (move, par).
fn person_points(coaching: &Coaching) -> Vec<(i32, i32)> {
    coaching.graph_points().into_iter().map(|(m, p)| (m as i32, p as i32)).collect()
}

/// Each move where lines were finished, with their names (`column 2, row
/// 3` when one move finished both) and the person's moves on them.
fn line_ends(coaching: &Coaching) -> Vec<(i32, String, usize)> {
    let mut ends: Vec<(i32, String, usize)> = Vec::new();
    for line in &coaching.lines {
        match ends.last_mut() {
            Some((at, name, moves)) if *at == line.to_move as i32 => {
                name.push_str(", ");
                name.push_str(&line.line.name());
                *moves += line.moves();
            }
            _ => ends.push((line.to_move as i32, line.line.name(), line.moves())),
        }
    }
    ends
}

fn draw<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    graph: &ParGraph,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let coaching = graph.coaching;
    root.fill(&WHITE)?;
    let centre = SIZE.0 as i32 / 2;
    let top = Pos::new(HPos::Center, VPos::Top);
    root.draw(&Text::new(graph.title, (centre, 14), (FAMILY, 24, FontStyle::Bold).into_font().color(&TEXT).pos(top)))?;
    root.draw(&Text::new(graph.subtitle, (centre, 44), font(18).pos(top)))?;
    let (_, body) = root.split_vertically(TITLE_HEIGHT);

    let person = person_points(coaching);
    let x_end = coaching.moves.max(coaching.par).max(1) as i32;
    let y_top = person.iter().map(|p| p.1).max().unwrap_or(0).max(coaching.par as i32).max(1);
    let y_end = y_top + (y_top / 25).max(1);
    let ends = line_ends(coaching);
    let name_style = font(15).color(&LINE_NAME).pos(Pos::new(HPos::Right, VPos::Top));
    // The names' rows depend only on where the lines' ends fall across,
    // which the top margin does not change: lay them out on a chart built
    // for measuring, then leave above the graph the rows they need.
    let names = {
        let chart = chart_builder(&body, NAME_ROW_HEIGHT).build_cartesian_2d(0..x_end, 0..y_end)?;
        let mut names = Vec::new();
        for (at, name, moves) in &ends {
            let x = chart.backend_coord(&(*at, 0)).0;
            let width = root.estimate_text_size(name, &name_style)?.0 as i32;
            names.push(NameToPlace { x, left: (x - NAME_TO_MARK - width).max(2), weight: *moves });
        }
        name_rows(&names, NAME_ROWS)
    };
    let rows_used = names.iter().flatten().max().map_or(0, |&row| row + 1) as i32;
    let band = rows_used.max(1) * NAME_ROW_HEIGHT + 6;
    let mut chart = chart_builder(&body, band).build_cartesian_2d(0..x_end, 0..y_end)?;
    chart
        .configure_mesh()
        .disable_x_mesh()
        .bold_line_style(RGBColor(0xE4, 0xE4, 0xE4))
        .light_line_style(WHITE)
        .x_desc("moves made by the person")
        .y_desc("par: moves fifteen still needs")
        .axis_desc_style(font(17))
        .label_style(font(15))
        .draw()?;
    // The lines' ends, under everything else; then their names above.
    let plot_top = chart.plotting_area().get_pixel_range().1.start;
    for ((at, name, _), row) in ends.iter().zip(&names) {
        chart.draw_series(std::iter::once(PathElement::new(vec![(*at, 0), (*at, y_end)], LINE_MARK)))?;
        if let Some(row) = row {
            let x = chart.backend_coord(&(*at, 0)).0;
            let name_top = plot_top - (*row as i32 + 1) * NAME_ROW_HEIGHT;
            root.draw(&PathElement::new(vec![(x, plot_top), (x, name_top)], LINE_MARK))?;
            root.draw(&Text::new(name.as_str(), (x - NAME_TO_MARK, name_top + 2), name_style.clone()))?;
        }
    }
    draw_series(&mut chart, coaching, person)
}

/// The colours of the kinds of line in a session's trend, in
/// `LineKind::ALL`'s order.
const KIND_COLOURS: [RGBColor; 5] = [
    RGBColor(0xE0, 0x7B, 0x39),
    RGBColor(0x2C, 0xA0, 0x2C),
    RGBColor(0x94, 0x67, 0xBD),
    RGBColor(0x8C, 0x56, 0x4B),
    RGBColor(0x17, 0xBE, 0xCF),
];

/// A session's trend: across, its solves in order; up, the moves lost;
/// each solve's loss as a thick line, each kind of line's in its colour.
fn draw_session<DB: DrawingBackend>(
    root: DrawingArea<DB, Shift>,
    graph: &SessionGraph,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    root.fill(&WHITE)?;
    let centre = SIZE.0 as i32 / 2;
    let top = Pos::new(HPos::Center, VPos::Top);
    root.draw(&Text::new(graph.title, (centre, 14), (FAMILY, 24, FontStyle::Bold).into_font().color(&TEXT).pos(top)))?;
    root.draw(&Text::new(graph.subtitle, (centre, 44), font(18).pos(top)))?;
    let (_, body) = root.split_vertically(TITLE_HEIGHT);
    let n = graph.losses.len().max(2) as i32;
    let all =
        graph.losses.iter().map(|&(_, l)| l).chain(graph.kinds.iter().flat_map(|(_, v)| v.iter().flatten().copied()));
    let (low, high) = all.fold((0i64, 1i64), |(lo, hi), l| (lo.min(l), hi.max(l)));
    let pad = ((high - low) / 20).max(1);
    let (y0, y1) = ((low - pad) as i32, (high + pad) as i32);
    let mut chart = chart_builder(&body, 12).build_cartesian_2d(1..n, y0..y1)?;
    let numbers: Vec<usize> = graph.losses.iter().map(|&(number, _)| number).collect();
    chart
        .configure_mesh()
        .disable_x_mesh()
        .bold_line_style(RGBColor(0xE4, 0xE4, 0xE4))
        .light_line_style(WHITE)
        .x_desc(if graph.unit == "solve" {
            "the session's solves, in order (labelled by their number in the sources)".to_string()
        } else {
            format!("{}s, in the order they were played", graph.unit)
        })
        .y_desc("moves lost against par")
        .x_label_formatter(&|i| numbers.get((*i - 1) as usize).map_or(String::new(), usize::to_string))
        .axis_desc_style(font(17))
        .label_style(font(15))
        .draw()?;
    chart.draw_series(std::iter::once(PathElement::new(vec![(1, 0), (n, 0)], LINE_MARK)))?;
    for ((name, losses), colour) in graph.kinds.iter().zip(KIND_COLOURS) {
        let style = Color::stroke_width(&colour, 2);
        let points = losses.iter().enumerate().filter_map(|(i, l)| l.map(|l| (i as i32 + 1, l as i32)));
        chart
            .draw_series(LineSeries::new(points, style))?
            .label(format!("{name}: their lines' loss in each {}", graph.unit))
            .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], style));
    }
    let solid = Color::stroke_width(&PERSON, 4);
    let points = graph.losses.iter().enumerate().map(|(i, &(_, l))| (i as i32 + 1, l as i32));
    chart
        .draw_series(LineSeries::new(points, solid))?
        .label(format!("each {}'s loss", graph.unit))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], solid));
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::UpperRight)
        .background_style(WHITE)
        .border_style(LINE_MARK)
        .label_font(font(15))
        .draw()
}

/// The chart under the title, with `band` pixels above it for the lines'
/// names.
fn chart_builder<'a, DB: DrawingBackend>(body: &'a DrawingArea<DB, Shift>, band: i32) -> ChartBuilder<'a, 'a, DB> {
    let mut builder = ChartBuilder::on(body);
    builder.margin_top(band).margin_right(36).margin_left(12).margin_bottom(8);
    builder.x_label_area_size(56).y_label_area_size(76);
    builder
}

type Chart<'a, DB> =
    ChartContext<'a, DB, Cartesian2d<plotters::coord::types::RangedCoordi32, plotters::coord::types::RangedCoordi32>>;

/// The solve that loses nothing, the person's solve and the mistakes, with
/// their legend.
fn draw_series<'a, DB: DrawingBackend + 'a>(
    chart: &mut Chart<'a, DB>,
    coaching: &Coaching,
    person: Vec<(i32, i32)>,
) -> Result<(), DrawingAreaErrorKind<DB::ErrorType>> {
    let how = if coaching.par_by_move.is_some() { "par after each move" } else { "par as each line ended" };
    let solid = Color::stroke_width(&PERSON, 3);
    chart
        .draw_series(LineSeries::new(person, solid))?
        .label(format!("the person's solve: {how}"))
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], solid));
    // Over the person's solve, so that where they are one both show.
    let par = coaching.par as i32;
    let ideal = Color::stroke_width(&IDEAL, 2);
    chart
        .draw_series(DashedLineSeries::new(vec![(0, par), (par, 0)], 9, 6, ideal))?
        .label("losing nothing: par falls one a move")
        .legend(move |(x, y)| PathElement::new(vec![(x, y), (x + 24, y)], ideal));
    if let (Some(mistakes), Some(pars)) = (&coaching.mistakes, &coaching.par_by_move) {
        let dot = MISTAKE.filled();
        let label = match mistakes.len() {
            0 => "no mistakes: no move raised par".to_string(),
            1 => "1 mistake: a move that raised par".to_string(),
            n => format!("{n} mistakes: moves that raised par"),
        };
        chart
            .draw_series(mistakes.iter().map(|&m| Circle::new((m as i32, pars[m] as i32), 4, dot)))?
            .label(label)
            .legend(move |(x, y)| Circle::new((x + 12, y), 4, dot));
    }
    chart
        .configure_series_labels()
        .position(SeriesLabelPosition::LowerLeft)
        .background_style(WHITE)
        .border_style(LINE_MARK)
        .label_font(font(15))
        .draw()
}

/// A line's name to place above the graph: its mark's x, where its text
/// would begin (it ends just left of the mark), and how many moves the
/// line took (longer lines are named first when they do not all fit).
#[derive(Clone, Copy, Debug)]
struct NameToPlace {
    x: i32,
    left: i32,
    weight: usize,
}

/// The row (0 nearest the graph) each name is drawn in, or `None` where
/// there is no room: no two names in a row overlap, and no mark running up
/// to its name crosses a name nearer the graph. When they do not all fit,
/// the longest lines are named first.
fn name_rows(names: &[NameToPlace], rows: usize) -> Vec<Option<usize>> {
    let mut order: Vec<usize> = (0..names.len()).collect();
    order.sort_by_key(|&i| (std::cmp::Reverse(names[i].weight), std::cmp::Reverse(names[i].x)));
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
    let mut lefts = vec![i32::MAX; rows];
    let mut by_x: Vec<usize> = (0..names.len()).filter(|&i| chosen[i]).collect();
    by_x.sort_by_key(|&i| std::cmp::Reverse(names[i].x));
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

    fn name(x: i32, width: i32, weight: usize) -> NameToPlace {
        NameToPlace { x, left: x - width, weight }
    }

    #[test]
    fn names_far_apart_share_the_nearest_row() {
        let names = [name(100, 40, 5), name(300, 40, 5), name(500, 40, 5)];
        assert_eq!(name_rows(&names, 3), vec![Some(0); 3]);
    }

    #[test]
    fn crowded_names_climb_and_the_shortest_lines_go_unnamed() {
        // The third's text covers the second's mark: the second goes below
        // it. The first's mark is under both texts: with two rows, it is
        // not named.
        let names = [name(995, 50, 1), name(1000, 50, 3), name(1040, 50, 9)];
        assert_eq!(name_rows(&names, 2), vec![None, Some(0), Some(1)]);
        assert_eq!(name_rows(&names, 3), vec![Some(0), Some(1), Some(2)]);
        // When the first is the longest line, it is named instead of the second.
        let names = [name(995, 50, 9), name(1000, 50, 1), name(1040, 50, 3)];
        assert_eq!(name_rows(&names, 2), vec![Some(0), None, Some(1)]);
    }
}
