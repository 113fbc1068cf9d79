//! The browser page, built into the binary: no CDN, no build step.
//!
//! It connects to `/ws`, draws the board as tiles with the element ids older pages use
//! (`cell_0`, `cell_1`, …, `status`, `score`), plays with the arrow keys or
//! clicks, and has **Watch** (the human solver streams its moves; the page
//! outlines the region and marks the tiles being placed) and **New game**.
//! On boards of up to 16 cells it asks for the optimal distance and shows
//! `optimal: N moves left`, and **Best move** (key B) the optimal move.

/// `GET /`.
pub(crate) const INDEX: &str = include_str!("page/index.html");
/// `GET /page.js`.
pub(crate) const SCRIPT: &str = include_str!("page/page.js");
/// `GET /page.css`.
pub(crate) const STYLE: &str = include_str!("page/page.css");

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_links_its_assets_and_names_the_seed_ids() {
        assert!(INDEX.contains(r#"href="page.css""#) && INDEX.contains(r#"src="page.js""#));
        assert!(INDEX.contains(r#"id="status""#) && INDEX.contains(r#"id="score""#));
        assert!(SCRIPT.contains("'cell_' + i"));
        assert!(!INDEX.contains("http://") && !INDEX.contains("https://"), "no CDN");
    }
}
