//! `fifteen coach --plot FILE` and `fifteen train --history --plot FILE`:
//! the scene's chart (a solve's par graph or a trend, `fifteen_view::scene::Chart`)
//! written as SVG or PNG by the software canvases the recordings use.

use std::fs;
use std::path::{Path, PathBuf};

use super::error::CliError;
use super::paths;
use fifteen_view::scene::Chart;

/// The image's size in pixels (the SVG's too).
#[cfg_attr(not(feature = "record"), allow(dead_code))]
const SIZE: (u32, u32) = (1280, 720);
/// What a build without the software canvases says to `--plot`.
const WITHOUT_RECORD: &str = "this fifteen was built without the feature `record`, which draws --plot's pictures";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(not(feature = "record"), allow(dead_code))]
enum ImageFormat {
    Svg,
    Png,
}

/// Where the par graph goes: a file name ending in .svg or .png whose
/// directory exists and lets it be written.
#[derive(Debug)]
#[cfg_attr(not(feature = "record"), allow(dead_code))]
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
        if !cfg!(feature = "record") {
            return Err(CliError::Usage(WITHOUT_RECORD.into()));
        }
        paths::check_output(path, "--plot", extension.as_deref().unwrap_or_default())?;
        Ok(PlotFile { path: path.to_path_buf(), format })
    }
}

/// Draws `chart` into `file`, in its format.
pub fn write(file: &PlotFile, chart: &Chart) -> Result<(), CliError> {
    let bytes = draw(file, chart)?;
    fs::write(&file.path, bytes)
        .map_err(|e| CliError::Write(std::io::Error::new(e.kind(), format!("--plot {}: {e}", file.path.display()))))
}

#[cfg(feature = "record")]
fn draw(file: &PlotFile, chart: &Chart) -> Result<Vec<u8>, CliError> {
    use fifteen_view::record::{chart_png, chart_svg};
    let drawn = match file.format {
        ImageFormat::Svg => chart_svg(chart, SIZE.0, SIZE.1).map(String::into_bytes),
        ImageFormat::Png => chart_png(chart, SIZE.0, SIZE.1),
    };
    drawn.map_err(|e| CliError::Solver(format!("--plot {}: cannot draw the graph: {e}", file.path.display())))
}

#[cfg(not(feature = "record"))]
fn draw(_: &PlotFile, _: &Chart) -> Result<Vec<u8>, CliError> {
    Err(CliError::Usage(WITHOUT_RECORD.into()))
}
