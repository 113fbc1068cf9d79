//! Draws the default picture for picture mode (`assets/picture.png`): a
//! sunset over mountains and a lake, computed pixel by pixel so that every
//! tile's fragment is distinct and the whole is easy to recognise.
//!
//! ```sh
//! cargo run --example make_picture -- assets/picture.png
//! ```

use std::f32::consts::PI;

const SIZE: u32 = 512;

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    let t = t.clamp(0.0, 1.0);
    [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t]
}

/// Height of a mountain ridge (0 top, 1 bottom) at x in 0..1.
fn ridge(x: f32, base: f32, amp: f32, seed: f32) -> f32 {
    let mut h = 0.0;
    let mut a = amp;
    let mut f = 1.5;
    for k in 0..5 {
        h += a * (x * f * PI * 2.0 + seed * (k as f32 + 1.3)).sin().abs();
        a *= 0.5;
        f *= 2.1;
    }
    base - h
}

fn pixel(px: u32, py: u32) -> [u8; 3] {
    let x = px as f32 / SIZE as f32;
    let y = py as f32 / SIZE as f32;
    let horizon = 0.62;
    let sun = (0.68, 0.40, 0.09);
    let sky = |y: f32| {
        let top = [0.10, 0.12, 0.35];
        let mid = [0.62, 0.30, 0.55];
        let low = [1.0, 0.62, 0.30];
        if y < 0.35 { mix(top, mid, y / 0.35) } else { mix(mid, low, (y - 0.35) / (horizon - 0.35)) }
    };
    let sun_at = |x: f32, y: f32| {
        let d = ((x - sun.0).powi(2) + (y - sun.1).powi(2)).sqrt();
        (d, (1.0 - d / 0.35).max(0.0).powi(3))
    };
    let mut c;
    if y < horizon {
        c = sky(y);
        let (d, glow) = sun_at(x, y);
        c = mix(c, [1.0, 0.85, 0.55], glow);
        if d < sun.2 {
            c = mix([1.0, 0.93, 0.70], [1.0, 0.75, 0.35], d / sun.2);
        }
        // A few stars in the dark top.
        let hash = ((px.wrapping_mul(73856093) ^ py.wrapping_mul(19349663)) % 1000) as f32;
        if y < 0.3 && hash < 1.2 {
            c = mix(c, [1.0, 1.0, 1.0], 1.0 - y / 0.3);
        }
        let far = ridge(x, 0.60, 0.15, 1.7);
        let near = ridge(x + 0.37, 0.645, 0.09, 4.1);
        if y > far {
            c = mix([0.36, 0.24, 0.42], [0.46, 0.30, 0.46], (y - far) / 0.2);
            if y < far + 0.02 && far < 0.42 {
                c = [0.85, 0.78, 0.90];
            }
        }
        if y > near {
            c = mix([0.16, 0.13, 0.24], [0.10, 0.10, 0.18], (y - near) / 0.2);
            // Snow on the near peaks.
            if y < near + 0.015 && near < 0.53 {
                c = [0.92, 0.88, 0.95];
            }
        }
    } else {
        // The lake mirrors the sky, rippled, darker towards the viewer.
        let depth = (y - horizon) / (1.0 - horizon);
        let ripple = (y * 180.0 + (x * 9.0).sin() * 2.0).sin() * 0.012 * (1.0 + depth * 3.0);
        let my = horizon - (y - horizon) + ripple;
        c = sky(my.max(0.0));
        let (d, glow) = sun_at(x + ripple, my);
        c = mix(c, [1.0, 0.80, 0.50], glow * 0.8);
        if d < sun.2 * 1.1 && ((y * 260.0).sin() > -0.2) {
            c = mix(c, [1.0, 0.85, 0.6], 0.7);
        }
        c = mix(c, [0.05, 0.10, 0.22], depth * 0.75);
        // A shore of dark reeds along the bottom.
        let reeds = 0.95 - 0.03 * (x * 80.0).sin().abs() - 0.02 * (x * 23.0).sin().abs();
        if y > reeds {
            c = [0.04, 0.08, 0.06];
        }
    }
    let to = |v: f32| (v.clamp(0.0, 1.0) * 255.0).round() as u8;
    [to(c[0]), to(c[1]), to(c[2])]
}

fn main() {
    let path = std::env::args().nth(1).unwrap_or_else(|| "assets/picture.png".to_string());
    let mut rgb = Vec::with_capacity((SIZE * SIZE * 3) as usize);
    for py in 0..SIZE {
        for px in 0..SIZE {
            rgb.extend_from_slice(&pixel(px, py));
        }
    }
    if let Err(err) = image::save_buffer(&path, &rgb, SIZE, SIZE, image::ColorType::Rgb8) {
        eprintln!("error: cannot write {path}: {err}");
        std::process::exit(1);
    }
    println!("wrote {path} ({SIZE}×{SIZE})");
}
