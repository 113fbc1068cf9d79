//! fifteen's fuzz targets, one function each in [`targets`]; `src/main.rs`
//! runs the one named on its command line under AFL++.

pub mod targets;
