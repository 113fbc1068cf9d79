//! Least squares for the examples that fit a score on fifteen's own
//! solves: a constant per group of samples and a weight per feature.

/// One sample: its group (the samples that share a constant), its board
/// (size, seed: held-out halves are split by seed), target and features.
pub struct Sample {
    pub group: (usize, usize),
    pub board: (usize, u64),
    pub left: f64,
    pub x: Vec<f64>,
}

/// Least squares with a constant per group and a small ridge on the
/// weights: the groups' means are taken out first (which is what a constant
/// per group does), then the normal equations are solved by Cholesky.
pub fn fit(samples: &[&Sample], chosen: &[usize], ridge: f64) -> Vec<f64> {
    let p = chosen.len();
    let centred = centre(samples, chosen);
    let mut a = vec![0.0; p * p];
    let mut b = vec![0.0; p];
    for (x, y) in &centred {
        for i in 0..p {
            b[i] += x[i] * y;
            for j in 0..p {
                a[i * p + j] += x[i] * x[j];
            }
        }
    }
    for i in 0..p {
        a[i * p + i] += ridge * centred.len() as f64 + 1e-9;
    }
    solve(a, b, p)
}

/// Each sample's chosen features and target, less their group's means.
fn centre(samples: &[&Sample], chosen: &[usize]) -> Vec<(Vec<f64>, f64)> {
    use std::collections::HashMap;
    let mut sums: HashMap<(usize, usize), (Vec<f64>, f64, f64)> = HashMap::new();
    for s in samples {
        let e = sums.entry(s.group).or_insert_with(|| (vec![0.0; chosen.len()], 0.0, 0.0));
        for (i, &f) in chosen.iter().enumerate() {
            e.0[i] += s.x[f];
        }
        e.1 += s.left;
        e.2 += 1.0;
    }
    samples
        .iter()
        .map(|s| {
            let (x, y, count) = &sums[&s.group];
            let xs = chosen.iter().enumerate().map(|(i, &f)| s.x[f] - x[i] / count).collect();
            (xs, s.left - y / count)
        })
        .collect()
}

fn solve(mut a: Vec<f64>, mut b: Vec<f64>, p: usize) -> Vec<f64> {
    // Cholesky: a = L·Lᵀ, in place in the lower triangle.
    for j in 0..p {
        let mut d = a[j * p + j];
        for k in 0..j {
            d -= a[j * p + k] * a[j * p + k];
        }
        let d = d.max(1e-12).sqrt();
        a[j * p + j] = d;
        for i in j + 1..p {
            let mut s = a[i * p + j];
            for k in 0..j {
                s -= a[i * p + k] * a[j * p + k];
            }
            a[i * p + j] = s / d;
        }
    }
    for i in 0..p {
        let mut s = b[i];
        for k in 0..i {
            s -= a[i * p + k] * b[k];
        }
        b[i] = s / a[i * p + i];
    }
    for i in (0..p).rev() {
        let mut s = b[i];
        for k in i + 1..p {
            s -= a[k * p + i] * b[k];
        }
        b[i] = s / a[i * p + i];
    }
    b
}

/// The share of the target's spread within groups that the weights explain
/// on `test`, fitted on `train`.
pub fn explained(train: &[&Sample], test: &[&Sample], chosen: &[usize], ridge: f64) -> f64 {
    let w = fit(train, chosen, ridge);
    let centred = centre(test, chosen);
    let (mut residual, mut total) = (0.0, 0.0);
    for (x, y) in &centred {
        let guess: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
        residual += (y - guess).powi(2);
        total += y * y;
    }
    1.0 - residual / total
}
