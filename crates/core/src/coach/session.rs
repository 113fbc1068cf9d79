//! A session: many solves of one size coached together (an average's
//! link, a file of links, or with `--session` every source), weighed as a
//! person practising asks: which kind of line costs them most and how that
//! changes over the session, their averages as slidysim's leaderboard
//! counts them, and which solves to look at first.

use indexmap::IndexMap;
use serde::{Deserialize, Serialize};

use super::{Coaching, LineKind};

/// The averages a session reports, when it has that many solves.
pub const AVERAGES: [usize; 4] = [5, 12, 50, 100];

/// One solve of a session: its number among all the sources, its time
/// when known, and its coaching.
pub struct SessionSolve<'a> {
    /// Which solve of all the sources it is, from 1.
    pub number: usize,
    /// The person's time, when the link holds it.
    pub time_ms: Option<u64>,
    /// The solve coached.
    pub coaching: &'a Coaching,
}

/// One kind of line over a session.
#[derive(Clone, Debug, PartialEq)]
pub struct KindStats {
    /// The kind of line.
    pub kind: LineKind,
    /// Lines of this kind in all the session's solves.
    pub lines: usize,
    /// The person's mean moves on a line of this kind.
    pub moves_mean: f64,
    /// The mean moves a line of this kind lost.
    pub loss_mean: f64,
    /// The spread of those losses (their standard deviation).
    pub loss_spread: f64,
    /// The mean loss a line over the first half of the session's solves
    /// and over the second (the middle solve of an odd count in neither).
    pub halves: (Option<f64>, Option<f64>),
}

/// An average of `of` solves as the leaderboard counts it, the last one
/// of the session and its best.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Average {
    /// How many solves in a row.
    pub of: usize,
    /// Over the session's last `of` solves.
    pub last: f64,
    /// The best (lowest) over any `of` solves in a row.
    pub best: f64,
}

/// A session weighed.
pub struct SessionReport<'a> {
    /// The solves, in the order they were solved.
    pub solves: Vec<SessionSolve<'a>>,
    /// Each kind of line the solves have, in [`LineKind::ALL`]'s order.
    pub by_kind: Vec<KindStats>,
    /// The solves' indices (into `solves`) by loss, the most first (the
    /// earlier first on a tie).
    pub ranked: Vec<usize>,
    /// Averages of the times, when every solve has one.
    pub time_averages: Vec<Average>,
    /// Averages of the moves.
    pub move_averages: Vec<Average>,
}

/// The mean of `values` as slidysim's leaderboard counts an average: the
/// best and the worst dropped (one each, whatever the length), the rest's
/// mean. Checked against the averages of `tests/data/slidysim/world-records.txt`,
/// whose leaderboard entries carry the average they were ranked by.
pub fn leaderboard_mean(values: &[f64]) -> Option<f64> {
    if values.len() < 3 {
        return None;
    }
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    let kept = &sorted[1..sorted.len() - 1];
    Some(kept.iter().sum::<f64>() / kept.len() as f64)
}

/// The averages of `of` values in a row (for each of [`AVERAGES`] that
/// fits): the last and the best.
pub fn averages(values: &[f64]) -> Vec<Average> {
    AVERAGES
        .iter()
        .filter(|&&of| of <= values.len())
        .filter_map(|&of| {
            let means: Vec<f64> = values.windows(of).filter_map(leaderboard_mean).collect();
            let best = means.iter().copied().min_by(f64::total_cmp)?;
            Some(Average { of, last: *means.last()?, best })
        })
        .collect()
}

fn mean(values: &[f64]) -> Option<f64> {
    (!values.is_empty()).then(|| values.iter().sum::<f64>() / values.len() as f64)
}

/// The standard deviation of `values` about their mean (0 for fewer than two).
fn spread(values: &[f64]) -> f64 {
    match mean(values) {
        Some(m) if values.len() > 1 => {
            (values.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (values.len() - 1) as f64).sqrt()
        }
        _ => 0.0,
    }
}

impl<'a> SessionReport<'a> {
    /// The session of `solves`, in the order they were solved.
    pub fn new(solves: Vec<SessionSolve<'a>>) -> SessionReport<'a> {
        let n = solves.len();
        let by_kind = LineKind::ALL
            .iter()
            .filter_map(|&kind| {
                let of_kind = |range: std::ops::Range<usize>| -> Vec<(f64, f64)> {
                    solves[range]
                        .iter()
                        .flat_map(|s| s.coaching.lines.iter().filter(|l| l.kind == kind))
                        .map(|l| (l.moves() as f64, l.loss() as f64))
                        .collect()
                };
                let all = of_kind(0..n);
                let losses: Vec<f64> = all.iter().map(|&(_, loss)| loss).collect();
                let moves: Vec<f64> = all.iter().map(|&(moves, _)| moves).collect();
                let half = |range| mean(&of_kind(range).iter().map(|&(_, loss)| loss).collect::<Vec<_>>());
                Some(KindStats {
                    kind,
                    lines: all.len(),
                    moves_mean: mean(&moves)?,
                    loss_mean: mean(&losses)?,
                    loss_spread: spread(&losses),
                    halves: (half(0..n / 2), half(n.div_ceil(2)..n)),
                })
            })
            .collect();
        let mut ranked: Vec<usize> = (0..n).collect();
        ranked.sort_by_key(|&i| std::cmp::Reverse(solves[i].coaching.loss()));
        let times: Option<Vec<f64>> = solves.iter().map(|s| s.time_ms.map(|t| t as f64 / 1000.0)).collect();
        let moves: Vec<f64> = solves.iter().map(|s| s.coaching.moves as f64).collect();
        SessionReport {
            time_averages: times.map_or(Vec::new(), |t| averages(&t)),
            move_averages: averages(&moves),
            by_kind,
            ranked,
            solves,
        }
    }

    /// Each kind of line's loss in each solve (the sum of its lines'), for
    /// the trend: `None` where the solve has no line of that kind.
    pub fn loss_by_kind(&self, kind: LineKind) -> Vec<Option<i64>> {
        self.solves
            .iter()
            .map(|s| {
                let lines = s.coaching.lines.iter().filter(|l| l.kind == kind);
                lines.fold(None, |sum: Option<i64>, l| Some(sum.unwrap_or(0) + l.loss()))
            })
            .collect()
    }

    /// The session's numbers as `fifteen coach --format json` writes them
    /// and the session page reads them.
    pub fn summary(&self, heading: &str, rows: usize, cols: usize) -> SessionSummary {
        let by_kind = self
            .by_kind
            .iter()
            .map(|k| KindSummary {
                kind: k.kind.name().to_string(),
                lines: k.lines,
                moves_mean: k.moves_mean,
                loss_mean: k.loss_mean,
                loss_spread: k.loss_spread,
                loss_mean_first_half: k.halves.0,
                loss_mean_second_half: k.halves.1,
                loss_by_solve: self.loss_by_kind(k.kind),
            })
            .collect();
        let averages = |list: &[Average]| -> IndexMap<String, AverageSummary> {
            list.iter().map(|a| (format!("ao{}", a.of), AverageSummary { last: a.last, best: a.best })).collect()
        };
        SessionSummary {
            session: heading.to_string(),
            rows,
            cols,
            solves: self.solves.iter().map(|s| s.number).collect(),
            loss_by_solve: self.solves.iter().map(|s| s.coaching.loss()).collect(),
            ranked: self.ranked.iter().map(|&i| self.solves[i].number).collect(),
            by_kind,
            time_averages: averages(&self.time_averages),
            move_averages: averages(&self.move_averages),
            average_rule: AVERAGE_RULE.to_string(),
        }
    }
}

/// How an average is counted, as the summary says it.
const AVERAGE_RULE: &str = "slidysim's: the best and the worst solve dropped, the rest's mean";

/// A session's numbers (see [`SessionReport::summary`]): the solves' numbers
/// and losses, the kinds of line, the averages.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SessionSummary {
    /// What the session is.
    pub session: String,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// Each solve's number among the sources, in order.
    pub solves: Vec<usize>,
    /// Each solve's loss, in the same order.
    pub loss_by_solve: Vec<i64>,
    /// The solves' numbers, the most lost first.
    pub ranked: Vec<usize>,
    /// Each kind of line the solves have.
    pub by_kind: Vec<KindSummary>,
    /// The averages of the times (`ao5`, `ao12`, …), when every solve has one.
    pub time_averages: IndexMap<String, AverageSummary>,
    /// The averages of the moves.
    pub move_averages: IndexMap<String, AverageSummary>,
    /// How an average is counted.
    pub average_rule: String,
}

/// One kind of line over a session, as [`SessionSummary`] holds it
/// ([`KindStats`] with the kind named and its loss in each solve).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct KindSummary {
    /// [`LineKind::name`].
    pub kind: String,
    /// Lines of this kind in all the session's solves.
    pub lines: usize,
    /// The person's mean moves on such a line.
    pub moves_mean: f64,
    /// The mean moves such a line lost.
    pub loss_mean: f64,
    /// The spread of those losses (their standard deviation).
    pub loss_spread: f64,
    /// The mean loss over the first half of the solves.
    pub loss_mean_first_half: Option<f64>,
    /// The mean loss over the second half.
    pub loss_mean_second_half: Option<f64>,
    /// The kind's loss in each solve (`None` where it has no such line).
    pub loss_by_solve: Vec<Option<i64>>,
}

/// An average, the session's last and its best.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct AverageSummary {
    /// Over the session's last solves.
    pub last: f64,
    /// The best over any solves in a row.
    pub best: f64,
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn the_leaderboard_drops_one_best_and_one_worst() {
        assert_eq!(leaderboard_mean(&[5.0, 1.0, 3.0, 4.0, 9.0]), Some(4.0));
        assert_eq!(leaderboard_mean(&[1.0, 2.0]), None);
        let twelve: Vec<f64> = (1..=12).map(f64::from).collect();
        assert_eq!(leaderboard_mean(&twelve), Some(6.5));
        let found = averages(&[3.0, 1.0, 2.0, 9.0, 4.0, 5.0]);
        // Windows of five: (3,1,2,9,4) → 3, (1,2,9,4,5) → 11/3.
        assert_eq!(found.len(), 1);
        assert_eq!((found[0].of, found[0].best), (5, 3.0));
        assert!((found[0].last - 11.0 / 3.0).abs() < 1e-12);
    }

    /// The leaderboard entry of a replay link: its first object's
    /// `avglen`, `time` (ms) and `moves` (× 1000), as slidysim ranked it.
    fn leaderboard_entry(link: &str) -> Option<(usize, f64, f64)> {
        use base64::Engine as _;
        use std::io::Read as _;
        let payload = link.split_once("r=")?.1;
        let unescaped = percent_encoding_free(payload);
        let packed = base64::engine::general_purpose::STANDARD.decode(unescaped.as_bytes()).ok()?;
        let mut text = String::new();
        flate2::read::ZlibDecoder::new(packed.as_slice()).read_to_string(&mut text).ok()?;
        let json: Value = serde_json::from_str(&text).ok()?;
        let head = json.get(0)?.as_object()?;
        let of = head.get("avglen")?.as_u64()? as usize;
        Some((of, head.get("time")?.as_f64()?, head.get("moves")?.as_f64()? / 1000.0))
    }

    /// `%2B`, `%2F` and `%3D`, the escapes a base64 payload in a link has.
    fn percent_encoding_free(text: &str) -> String {
        text.replace("%2B", "+").replace("%2F", "/").replace("%3D", "=")
    }

    #[test]
    fn averages_match_the_leaderboards_on_the_world_records() {
        let records = include_str!("../../../../tests/data/slidysim/world-records.txt");
        let mut checked = std::collections::BTreeMap::new();
        for link in records.lines().filter(|l| l.starts_with("http")) {
            let Some((of, time_ms, moves)) = leaderboard_entry(link).filter(|e| e.0 > 1) else { continue };
            let solves = crate::slidysim::parse_source(link, &crate::slidysim::LinkLimits::DEFAULT).unwrap();
            assert_eq!(solves.len(), of);
            let times: Vec<f64> = solves.iter().map(|s| s.time_ms.unwrap() as f64).collect();
            let counts: Vec<f64> = solves.iter().map(|s| s.moves.len() as f64).collect();
            let ours = averages(&times);
            assert_eq!(
                (ours.len(), ours.last().map(|a| a.of)),
                (AVERAGES.iter().filter(|&&n| n <= of).count(), Some(of))
            );
            // The leaderboard keeps whole milliseconds.
            assert!((ours.last().unwrap().last - time_ms).abs() <= 1.0, "ao{of}: {ours:?} against {time_ms} ms");
            let by_moves = averages(&counts).last().unwrap().last;
            assert!((by_moves - moves).abs() < 0.001, "ao{of}: {by_moves} moves against {moves}");
            *checked.entry(of).or_insert(0) += 1;
        }
        // Every kind of average the records hold: ao5, ao12, ao50 and ao100.
        assert_eq!(checked.keys().copied().collect::<Vec<_>>(), AVERAGES);
        assert!(checked.values().sum::<usize>() > 80, "{checked:?}");
    }
}
