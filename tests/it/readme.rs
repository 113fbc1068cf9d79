//! Runs every `$ fifteen …` example in README.md and in the docs that
//! hold the manual's examples ([`DOCS_WITH_EXAMPLES`]), and compares its
//! output (stdout and stderr together) with the text under it; `[..]` in
//! the docs stands for a figure that changes from run to run (a time), and a
//! line `...` for lines left out.
//!
//! trycmd reads the ```` ```console ```` blocks of a file, and an unlabelled
//! ```` ``` ```` block too, as examples; so only the files listed here are
//! run, and the other notes in docs/ keep their blocks as illustrations.
//! Each example runs in the test's working directory, the repository's root
//! (Cargo's for an integration test), not the file's folder: trycmd takes a
//! case's folder only from a `NAME.toml` or `NAME.in` beside it, and these
//! have none. So the examples' paths (`assets/boards/…`) are the root's.

/// The docs besides README.md whose `$ fifteen …` examples are run.
const DOCS_WITH_EXAMPLES: &[&str] =
    &["docs/solving.md", "docs/watching.md", "docs/replays.md", "docs/shortest.md", "docs/boards.md"];

/// The doc that shows the effort table (`fifteen solve --help` prints it too).
const EFFORT_TABLE_DOC: &str = "docs/solving.md";

#[test]
fn the_docs_examples_print_what_the_docs_say() {
    let fifteen = env!("CARGO_BIN_EXE_fifteen");
    // The optimal solver builds its 4×4 tables on first use and says so on
    // stderr; build them now (nothing happens if they are cached), so the
    // docs show what every later run prints.
    let warm = crate::common::fifteen_command()
        .args(["solve", "--solver", "optimal", "assets/boards/4x4-seed-7.txt"])
        .output()
        .expect("fifteen runs");
    assert!(warm.status.success(), "{}", String::from_utf8_lossy(&warm.stderr));
    let cases = trycmd::TestCases::new();
    cases
        .register_bin("fifteen", std::path::Path::new(fifteen))
        .env("NO_COLOR", "1")
        .env("XDG_CACHE_HOME", crate::common::TEST_CACHE)
        .case("README.md");
    for doc in DOCS_WITH_EXAMPLES {
        assert!(std::path::Path::new(doc).is_file(), "{doc} is there, and the test runs from the root");
        cases.case(doc);
    }
}

#[test]
fn the_docs_show_the_effort_table_the_solver_uses() {
    let doc = std::fs::read_to_string(std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(EFFORT_TABLE_DOC)).unwrap();
    let table = fifteen_core::human::size_table();
    assert!(
        doc.contains(&table),
        "{EFFORT_TABLE_DOC}'s effort table differs from the solver's; paste this in its place:\n{table}"
    );
    let help = crate::common::fifteen_command().args(["solve", "--help"]).output().unwrap();
    assert!(String::from_utf8_lossy(&help.stdout).contains(&table), "`fifteen solve --help` prints the table");
}
