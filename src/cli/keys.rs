//! The keyboard for the terminal animation: raw mode while it runs, so q,
//! Space and n act at once, restored when the animation ends (also on an
//! error, through `Drop`).

use std::io::{self, IsTerminal};
use std::time::Duration;

use crossterm::event::{self, Event, KeyCode, KeyEvent, KeyEventKind, KeyModifiers};
use crossterm::terminal;
use fifteen::tui::{KeySource, TuiKey};

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
    fn wait(&mut self, timeout: Duration) -> io::Result<Option<TuiKey>> {
        if !event::poll(timeout)? {
            return Ok(None);
        }
        Ok(match event::read()? {
            Event::Key(key) if key.kind != KeyEventKind::Release => tui_key(key),
            _ => None,
        })
    }
}

fn tui_key(key: KeyEvent) -> Option<TuiKey> {
    let ctrl = key.modifiers.contains(KeyModifiers::CONTROL);
    Some(match key.code {
        // Raw mode turns Ctrl-C into a key instead of a signal.
        KeyCode::Char('c') if ctrl => TuiKey::Quit,
        KeyCode::Char('q' | 'Q') | KeyCode::Esc => TuiKey::Quit,
        KeyCode::Char(' ') => TuiKey::Pause,
        KeyCode::Char('n' | 'N') | KeyCode::Down => TuiKey::NextPhase,
        KeyCode::Char('p' | 'P') | KeyCode::Up => TuiKey::PreviousPhase,
        KeyCode::Char('+' | '=') => TuiKey::Faster,
        KeyCode::Char('-' | '_') => TuiKey::Slower,
        _ => return None,
    })
}
