//! `fuzz TARGET`: the AFL++ harness for one of fifteen's fuzz targets (see
//! docs/fuzzing.md; `fuzz/run` starts it). Reads inputs in AFL++'s
//! persistent mode; a panic is a crash.

fn main() {
    let name = std::env::args().nth(1).unwrap_or_default();
    if name == "--list" {
        for (name, _) in fifteen_fuzz::targets::all() {
            println!("{name}");
        }
        return;
    }
    let Some(check) = fifteen_fuzz::targets::find(&name) else {
        let names: Vec<&str> = fifteen_fuzz::targets::all().iter().map(|(name, _)| *name).collect();
        eprintln!("usage: fuzz TARGET, one of: {}", names.join(", "));
        std::process::exit(2);
    };
    afl::fuzz!(|data: &[u8]| check(data));
}
