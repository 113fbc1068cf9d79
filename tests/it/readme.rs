//! Runs every `$ fifteen …` example in README.md and compares its output
//! (stdout and stderr together) with the text under it; `[..]` in the
//! README stands for a figure that changes from run to run (a time), and a
//! line `...` for lines left out.

#[test]
fn the_readme_examples_print_what_the_readme_says() {
    let fifteen = env!("CARGO_BIN_EXE_fifteen");
    // The optimal solver builds its 4×4 tables on first use and says so on
    // stderr; build them now (nothing happens if they are cached), so the
    // README shows what every later run prints.
    let warm = crate::common::fifteen_command()
        .args(["solve", "--solver", "optimal", "assets/boards/4x4-seed-7.txt"])
        .output()
        .expect("fifteen runs");
    assert!(warm.status.success(), "{}", String::from_utf8_lossy(&warm.stderr));
    trycmd::TestCases::new()
        .register_bin("fifteen", std::path::Path::new(fifteen))
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", crate::common::TEST_CACHE)
        .case("README.md");
}

#[test]
fn the_readme_shows_the_effort_table_the_solver_uses() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let table = fifteen_core::human::size_table();
    // The command prints the table from this file (the library keeps its
    // table-maker for tests); `FIFTEEN_RECORD_FIXTURE=1` writes it again.
    let kept = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/efforts.md");
    if std::env::var_os("FIFTEEN_RECORD_FIXTURE").is_some() {
        std::fs::write(kept, &table).unwrap();
    }
    assert_eq!(
        std::fs::read_to_string(kept).unwrap(),
        table,
        "assets/efforts.md differs from the solver's table: FIFTEEN_RECORD_FIXTURE=1 cargo test --test it \
         the_readme_shows_the_effort_table writes it again"
    );
    assert!(
        readme.contains(&table),
        "README.md's effort table differs from the solver's; paste this in its place:\n{table}"
    );
    let help = crate::common::fifteen_command().args(["solve", "--help"]).output().unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains(&table), "`fifteen solve --help` prints the table");
}
