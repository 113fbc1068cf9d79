//! Picture mode's image: decoded before the window opens, so a bad file is
//! an ordinary error.

use std::path::Path;

/// The picture shipped with fifteen (made by `examples/make_picture.rs`).
pub const DEFAULT_PICTURE: &[u8] = include_bytes!("../../assets/picture.png");

/// An image as RGBA bytes, rows from the top.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Picture {
    /// Width in pixels.
    pub width: u16,
    /// Height in pixels.
    pub height: u16,
    /// Four bytes a pixel, rows from the top.
    pub rgba: Vec<u8>,
}

/// A picture could not be used.
#[derive(Debug, thiserror::Error)]
pub enum PictureError {
    /// The file could not be read.
    #[error("cannot read picture {path}: {source}")]
    Read {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The bytes are not an image fifteen can read (PNG).
    #[error("cannot decode picture {path}: {reason}")]
    Decode {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
}

impl Picture {
    /// The shipped picture.
    pub fn default_picture() -> Picture {
        // The shipped PNG is checked by a unit test, so this cannot fail.
        Picture::decode(DEFAULT_PICTURE, "assets/picture.png").unwrap_or_else(|_| Picture::blank())
    }

    /// Reads a PNG file.
    pub fn load(path: &Path) -> Result<Picture, PictureError> {
        let name = path.display().to_string();
        let bytes = std::fs::read(path).map_err(|source| PictureError::Read { path: name.clone(), source })?;
        Picture::decode(&bytes, &name)
    }

    /// Decodes PNG bytes; `name` is used in errors.
    pub fn decode(bytes: &[u8], name: &str) -> Result<Picture, PictureError> {
        let decode = |reason: String| PictureError::Decode { path: name.to_string(), reason };
        let image = image::load_from_memory(bytes).map_err(|e| decode(e.to_string()))?.to_rgba8();
        let (w, h) = image.dimensions();
        if w == 0 || h == 0 || w > 8192 || h > 8192 {
            return Err(decode(format!("{w}×{h} pixels; fifteen takes 1 to 8192 a side")));
        }
        Ok(Picture { width: w as u16, height: h as u16, rgba: image.into_raw() })
    }

    fn blank() -> Picture {
        Picture { width: 1, height: 1, rgba: vec![128, 128, 128, 255] }
    }

    /// The centred part of the picture with the board's shape, as texture
    /// coordinates (u0, v0, u1, v1), so fragments are not stretched.
    pub fn crop(&self, rows: usize, cols: usize) -> [f32; 4] {
        let picture = self.width as f32 / self.height as f32;
        let board = cols as f32 / rows as f32;
        if picture > board {
            let keep = board / picture;
            [(1.0 - keep) / 2.0, 0.0, (1.0 + keep) / 2.0, 1.0]
        } else {
            let keep = picture / board;
            [0.0, (1.0 - keep) / 2.0, 1.0, (1.0 + keep) / 2.0]
        }
    }
}

impl Picture {
    /// Each cell's average colour over its fragment of the crop, in reading
    /// order: what a tile too small for its fragment shows.
    pub fn cell_colors(&self, rows: usize, cols: usize) -> Vec<[u8; 4]> {
        let [u0, v0, u1, v1] = self.crop(rows, cols);
        let (w, h) = (self.width as f32, self.height as f32);
        let mut out = Vec::with_capacity(rows * cols);
        for r in 0..rows {
            for c in 0..cols {
                let x0 = ((u0 + (u1 - u0) * c as f32 / cols as f32) * w) as usize;
                let x1 = (((u0 + (u1 - u0) * (c + 1) as f32 / cols as f32) * w) as usize).max(x0 + 1);
                let y0 = ((v0 + (v1 - v0) * r as f32 / rows as f32) * h) as usize;
                let y1 = (((v0 + (v1 - v0) * (r + 1) as f32 / rows as f32) * h) as usize).max(y0 + 1);
                let mut sum = [0u64; 3];
                let mut n = 0u64;
                for y in y0..y1.min(self.height as usize) {
                    for x in x0..x1.min(self.width as usize) {
                        let i = (y * self.width as usize + x) * 4;
                        for (k, total) in sum.iter_mut().enumerate() {
                            *total += self.rgba[i + k] as u64;
                        }
                        n += 1;
                    }
                }
                let n = n.max(1);
                out.push([(sum[0] / n) as u8, (sum[1] / n) as u8, (sum[2] / n) as u8, 255]);
            }
        }
        out
    }
}

/// True when two pieces' average colours are too close to tell apart by
/// eye: picture mode then numbers every piece.
pub fn look_alike(colors: &[[u8; 4]]) -> bool {
    const CLOSE: u32 = 24;
    // Bucket colours on a grid of CLOSE-sized cells: near colours share a
    // bucket or a neighbouring one, so this stays fast for big boards.
    let mut seen = std::collections::HashMap::<(u32, u32, u32), Vec<[u8; 4]>>::new();
    for c in colors {
        let key = (c[0] as u32 / CLOSE, c[1] as u32 / CLOSE, c[2] as u32 / CLOSE);
        for dr in 0..3u32 {
            for dg in 0..3u32 {
                for db in 0..3u32 {
                    let near =
                        (key.0 + dr).checked_sub(1).zip((key.1 + dg).checked_sub(1)).zip((key.2 + db).checked_sub(1));
                    let Some(((r, g), b)) = near else { continue };
                    if let Some(bucket) = seen.get(&(r, g, b))
                        && bucket.iter().any(|o| (0..3).map(|k| c[k].abs_diff(o[k]) as u32).sum::<u32>() < CLOSE)
                    {
                        return true;
                    }
                }
            }
        }
        seen.entry(key).or_default().push(*c);
    }
    false
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shipped_picture_decodes() {
        let p = Picture::decode(DEFAULT_PICTURE, "default").unwrap();
        assert!(p.width >= 256 && p.height >= 256);
        assert_eq!(p.rgba.len(), p.width as usize * p.height as usize * 4);
    }

    #[test]
    fn cell_colours_average_their_fragment() {
        // Left half red, right half blue.
        let mut rgba = Vec::new();
        for _y in 0..4 {
            for x in 0..8 {
                rgba.extend_from_slice(if x < 4 { &[255, 0, 0, 255] } else { &[0, 0, 255, 255] });
            }
        }
        let p = Picture { width: 8, height: 4, rgba };
        assert_eq!(p.cell_colors(1, 2), vec![[255, 0, 0, 255], [0, 0, 255, 255]]);
        assert_eq!(p.cell_colors(2, 2).len(), 4);
    }

    #[test]
    fn bad_pictures_are_errors() {
        assert!(matches!(Picture::decode(b"not a png", "x"), Err(PictureError::Decode { .. })));
        assert!(matches!(Picture::load(Path::new("/no/such/file.png")), Err(PictureError::Read { .. })));
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn crop() {
        use crate::gui::Picture;
        let p = Picture { width: 200, height: 100, rgba: vec![0; 200 * 100 * 4] };
        assert_eq!(p.crop(4, 4), [0.25, 0.0, 0.75, 1.0]);
        assert_eq!(p.crop(2, 4), [0.0, 0.0, 1.0, 1.0]);
    }

    #[test]
    fn look_alike() {
        use crate::gui::look_alike;
        assert!(look_alike(&[[10, 10, 10, 255], [12, 11, 10, 255]]));
        assert!(!look_alike(&[[10, 10, 10, 255], [200, 11, 10, 255]]));
    }
}
