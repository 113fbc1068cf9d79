use fifteen::human::{Order, Planner};
use fifteen::{Board, Scramble};
fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: usize = args[1].parse().unwrap();
    let count: u64 = args[2].parse().unwrap();
    for order in [Order::Rows, Order::Shells] {
        let mut total = 0u64;
        let t = std::time::Instant::now();
        let mut stats = fifteen::human::RouteStats::default();
        for seed in 0..count {
            let b = Board::scrambled(n, n, Scramble::Uniform, seed).unwrap();
            let mut p = Planner::new(&b, order).unwrap();
            p.run(&mut |_| {}).unwrap();
            total += p.moves();
            let s = p.stats().routes;
            stats.ring += s.ring; stats.straight += s.straight; stats.searched += s.searched;
        }
        let mean = total as f64 / count as f64;
        println!("{:?} n={n} mean={mean:.1} per n^3={:.3} ms/board={:.2} {:?}", order, mean / (n * n * n) as f64, t.elapsed().as_secs_f64() * 1000.0 / count as f64, stats);
    }
}
