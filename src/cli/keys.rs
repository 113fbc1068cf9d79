//! The keyboard for the terminal animation: raw mode while it runs, so q,
//! Space and n act at once, restored when the animation ends (also on an
//! error, through `Drop`). Terminal keys become fifteen's [`Key`]s here and
//! nothing more: what each does is the library's one binding table.

use std::io::{self, IsTerminal};
use std::time::Duration;

use crate::tui::KeySource;
use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal;
use fifteen_view::control::Key;

/// The terminal's keys, read in raw mode for as long as this lives.
pub struct TerminalKeys(());

impl TerminalKeys {
    /// Raw mode on, when stdin is a terminal; `None` otherwise (keys then
    /// cannot come, and the animation just plays).
    pub fn open() -> Option<TerminalKeys> {
        if !io::stdin().is_terminal() {
            return None;
        }
        terminal::enable_raw_mode().ok()?;
        Some(TerminalKeys(()))
    }
}

impl Drop for TerminalKeys {
    fn drop(&mut self) {
        let _ = terminal::disable_raw_mode();
    }
}

impl KeySource for TerminalKeys {
    fn wait(&mut self, timeout: Duration) -> io::Result<Option<Key>> {
        if !event::poll(timeout)? {
            return Ok(None);
        }
        Ok(match event::read()? {
            Event::Key(key) if key.kind != KeyEventKind::Release => fifteen_key(key),
            _ => None,
        })
    }
}

fn fifteen_key(key: KeyEvent) -> Option<Key> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    match key.code {
        // Raw mode turns Ctrl-C into a key instead of a signal: it quits, as q does.
        KeyCode::Char('c') if ctrl => Some(Key::Q),
        KeyCode::Char(c) => Key::from_char(c),
        KeyCode::Esc => Some(Key::Esc),
        KeyCode::Up => Some(Key::Up),
        KeyCode::Down => Some(Key::Down),
        KeyCode::Left => Some(Key::Left),
        KeyCode::Right => Some(Key::Right),
        _ => None,
    }
}
