//! The keys fifteen answers and the one table that says what each does in
//! each mode. The window and the terminal turn their own key events into
//! [`Key`]s and look them up here, and the help list is written from the
//! same table, so a key does the same in both and the help cannot forget
//! one.

use std::sync::LazyLock;

use super::command::{Command, Mode};
use fifteen_core::board::Move;

/// A key fifteen answers, by what is printed on it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// ↑.
    Up,
    /// ↓.
    Down,
    /// ←.
    Left,
    /// →.
    Right,
    /// The space bar.
    Space,
    /// `+` (or `=`, the same key unshifted).
    Plus,
    /// `-` (or `_`).
    Minus,
    /// `?`.
    Question,
    /// Escape.
    Esc,
    /// B.
    B,
    /// C.
    C,
    /// F.
    F,
    /// G.
    G,
    /// H.
    H,
    /// I.
    I,
    /// L.
    L,
    /// M.
    M,
    /// N.
    N,
    /// O.
    O,
    /// P.
    P,
    /// Q.
    Q,
    /// R.
    R,
    /// S.
    S,
    /// T.
    T,
    /// W.
    W,
    /// X.
    X,
}

impl Key {
    /// Every key, in the order the help names them.
    pub const ALL: [Key; 26] = [
        Key::Up,
        Key::Down,
        Key::Left,
        Key::Right,
        Key::Space,
        Key::Plus,
        Key::Minus,
        Key::Question,
        Key::Esc,
        Key::B,
        Key::C,
        Key::F,
        Key::G,
        Key::H,
        Key::I,
        Key::L,
        Key::M,
        Key::N,
        Key::O,
        Key::P,
        Key::Q,
        Key::R,
        Key::S,
        Key::T,
        Key::W,
        Key::X,
    ];

    /// The key that types `c` (letters in either case; `=` and `_` are the
    /// `+` and `-` keys unshifted or shifted), if fifteen answers it.
    pub fn from_char(c: char) -> Option<Key> {
        let c = c.to_ascii_uppercase();
        Key::ALL.into_iter().find(|key| key.name().starts_with(c) && key.name().len() == 1).or(match c {
            ' ' => Some(Key::Space),
            '=' => Some(Key::Plus),
            '_' => Some(Key::Minus),
            _ => None,
        })
    }

    /// The key's name in the help: `Space`, `Up`, `+`, `B`.
    pub const fn name(self) -> &'static str {
        match self {
            Key::Up => "Up",
            Key::Down => "Down",
            Key::Left => "Left",
            Key::Right => "Right",
            Key::Space => "Space",
            Key::Plus => "+",
            Key::Minus => "-",
            Key::Question => "?",
            Key::Esc => "Esc",
            Key::B => "B",
            Key::C => "C",
            Key::F => "F",
            Key::G => "G",
            Key::H => "H",
            Key::I => "I",
            Key::L => "L",
            Key::M => "M",
            Key::N => "N",
            Key::O => "O",
            Key::P => "P",
            Key::Q => "Q",
            Key::R => "R",
            Key::S => "S",
            Key::T => "T",
            Key::W => "W",
            Key::X => "X",
        }
    }
}

/// Keys that ask for one command, in one mode or in both.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Binding {
    /// The mode the keys do this in (`None`: both).
    pub mode: Option<Mode>,
    /// The keys.
    pub keys: &'static [Key],
    /// What they ask for.
    pub command: Command,
    /// What the help says they do. Bindings next to each other with the
    /// same words share one help line.
    pub help: &'static str,
}

const fn both(keys: &'static [Key], command: Command, help: &'static str) -> Binding {
    Binding { mode: None, keys, command, help }
}

const fn watching(keys: &'static [Key], command: Command, help: &'static str) -> Binding {
    Binding { mode: Some(Mode::Watch), keys, command, help }
}

const fn playing(keys: &'static [Key], command: Command, help: &'static str) -> Binding {
    Binding { mode: Some(Mode::Play), keys, command, help }
}

/// The words for the arrows in play mode.
const SLIDE: &str = "play: slide a tile into the blank";

/// Every key's command, in the order the help lists them. The arrows step
/// through the solve when watching and slide tiles when playing; every
/// other key does one thing in both modes (the player says why when it
/// means nothing in this one).
pub const BINDINGS: &[Binding] = &[
    both(&[Key::Space], Command::Toggle, "play / pause"),
    watching(&[Key::Right], Command::Forward, "one move forward / back"),
    watching(&[Key::Left], Command::Back, "one move forward / back"),
    watching(&[Key::Down, Key::N], Command::NextPhase, "next phase"),
    watching(&[Key::Up, Key::P], Command::PreviousPhase, "previous phase"),
    both(&[Key::Plus], Command::Faster, "faster / slower (0.5 to 100 000 000 moves/s)"),
    both(&[Key::Minus], Command::Slower, "faster / slower (0.5 to 100 000 000 moves/s)"),
    both(&[Key::R], Command::Restart, "restart (a drill: try it again)"),
    both(&[Key::S], Command::NewScramble, "new scramble (a drill: the next one)"),
    both(&[Key::O], Command::Overlays, "overlays on / off"),
    both(&[Key::W], Command::WholeRoute, "the blank's whole route"),
    both(&[Key::F], Command::Follow, "follow camera on / off (wheel zooms, drag pans)"),
    both(&[Key::B], Command::BestMove, "the optimal move (boards of up to 16 cells)"),
    both(&[Key::G], Command::Goal, "the goal board"),
    both(&[Key::L], Command::Numbers, "numbers on picture tiles"),
    watching(&[Key::T], Command::RealTime, "a person's solve at their own pace (fifteen replay)"),
    both(&[Key::M], Command::SwitchMode, "play yourself / watch the solver"),
    both(&[Key::C], Command::BetterWay, "coach: fifteen's way through the line under way"),
    both(&[Key::X], Command::BackToSolve, "coach: back to the person's solve (drill: yours)"),
    playing(&[Key::Up], Command::Slide(Move::Up), SLIDE),
    playing(&[Key::Down], Command::Slide(Move::Down), SLIDE),
    playing(&[Key::Left], Command::Slide(Move::Left), SLIDE),
    playing(&[Key::Right], Command::Slide(Move::Right), SLIDE),
    both(&[Key::I], Command::Hint, "play: a hint from the strategy"),
    both(&[Key::Question, Key::H], Command::Help, "this help"),
    both(&[Key::Esc, Key::Q], Command::Quit, "close the help, or quit"),
];

/// What the mouse does in the window, listed after the keys.
const MOUSE_HELP: &[&str] =
    &["click         a split or the par graph to jump there", "click         play: a tile to slide it"];

/// The four arrows, named as one in the help.
const ARROWS: [Key; 4] = [Key::Up, Key::Down, Key::Left, Key::Right];
const ARROWS_NAME: &str = "arrows";

/// What `key` asks for in `mode`, by `BINDINGS`.
pub fn command_for(mode: Mode, key: Key) -> Option<Command> {
    BINDINGS.iter().find(|b| b.mode.is_none_or(|m| m == mode) && b.keys.contains(&key)).map(|b| b.command)
}

/// The help list, one line a group of keys, written from `BINDINGS`:
/// what the window's help overlay, the terminal's help and `watch --help`
/// show. Each line is the keys, at least two spaces, then what they do (the
/// window draws the two in columns).
pub fn help_lines() -> &'static [&'static str] {
    static LINES: LazyLock<Vec<String>> = LazyLock::new(write_help);
    static REFS: LazyLock<Vec<&'static str>> = LazyLock::new(|| LINES.iter().map(String::as_str).collect());
    &REFS
}

fn write_help() -> Vec<String> {
    let mut groups: Vec<(Vec<Key>, &str)> = Vec::new();
    for binding in BINDINGS {
        match groups.last_mut() {
            Some((keys, help)) if *help == binding.help => {
                for key in binding.keys {
                    if !keys.contains(key) {
                        keys.push(*key);
                    }
                }
            }
            _ => groups.push((binding.keys.to_vec(), binding.help)),
        }
    }
    let mut lines: Vec<String> = groups
        .iter()
        .map(|(keys, help)| {
            let names: Vec<&str> = keys.iter().map(|k| k.name()).collect();
            let arrows = keys.len() == 4 && ARROWS.iter().all(|k| keys.contains(k));
            let names = if arrows { ARROWS_NAME.to_string() } else { names.join(" / ") };
            format!("{names:<12}  {help}")
        })
        .collect();
    lines.extend(MOUSE_HELP.iter().map(|line| line.to_string()));
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_help_lists_every_binding_with_its_keys() {
        let lines = help_lines();
        for binding in BINDINGS {
            let line = lines.iter().find(|line| line.ends_with(binding.help)).expect(binding.help);
            let names = line[..line.len() - binding.help.len()].trim();
            for key in binding.keys {
                let named = names.split(" / ").any(|name| name == key.name());
                assert!(named || (names == ARROWS_NAME && ARROWS.contains(key)), "{key:?} missing from `{line}`");
            }
        }
        let line = |keys: &str| lines.iter().find(|line| line.split("  ").next() == Some(keys));
        assert!(line("+ / -").is_some_and(|l| l.ends_with("faster / slower (0.5 to 100 000 000 moves/s)")));
        assert!(line("arrows").is_some_and(|l| l.ends_with("play: slide a tile into the blank")), "{lines:#?}");
        // The window's help box has room for this much after the keys.
        let widest = lines.iter().map(|line| line.split_once("  ").map_or(line.len(), |(_, what)| what.trim().len()));
        assert!(widest.max().unwrap() <= 52, "{lines:#?}");
    }

    #[test]
    fn characters_name_their_keys() {
        for key in Key::ALL {
            let mut name = key.name().chars();
            if let (Some(c), None) = (name.next(), name.next()) {
                assert_eq!(Key::from_char(c), Some(key));
                assert_eq!(Key::from_char(c.to_ascii_lowercase()), Some(key));
            }
        }
        assert_eq!(Key::from_char(' '), Some(Key::Space));
        assert_eq!((Key::from_char('='), Key::from_char('_')), (Some(Key::Plus), Some(Key::Minus)));
        assert_eq!(Key::from_char('z'), None);
    }
}

#[cfg(test)]
mod examples {
    // What were examples in the docs of items only the crate uses.

    #[test]
    fn key_from_char() {
        use crate::control::Key;
        assert_eq!(Key::from_char('n'), Some(Key::N));
        assert_eq!(Key::from_char('='), Some(Key::Plus));
        assert_eq!(Key::from_char('z'), None);
    }

    #[test]
    fn command_for() {
        use crate::control::{Command, Key, Mode, command_for};
        assert_eq!(command_for(Mode::Watch, Key::Right), Some(Command::Forward));
        assert_eq!(command_for(Mode::Play, Key::Right), Some(Command::Slide(fifteen_core::Move::Right)));
    }
}
