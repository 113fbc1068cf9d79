//! What a key or click asks the player for, whichever front end it came
//! from.

use fifteen_core::board::{Move, Pos};

/// Watching the solver, or playing yourself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// The strategy solves the board.
    Watch,
    /// You slide the tiles.
    Play,
}

/// What a key or click asks for. The keys that ask for each are in
/// `BINDINGS`, the one table both front ends read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    /// Play or pause.
    Toggle,
    /// One move forward.
    Forward,
    /// One move back.
    Back,
    /// The next phase.
    NextPhase,
    /// The previous phase.
    PreviousPhase,
    /// Faster.
    Faster,
    /// Slower.
    Slower,
    /// From the start.
    Restart,
    /// A new scramble of the same size.
    NewScramble,
    /// Overlays on or off.
    Overlays,
    /// The help list.
    Help,
    /// Watch ⇄ play.
    SwitchMode,
    /// A hint from the strategy (play mode).
    Hint,
    /// Close the help, or quit.
    Quit,
    /// Play mode: slide the tile next to the blank this way.
    Slide(Move),
    /// Play mode: a click on a cell.
    Click(Pos),
    /// A click on a split: jump to this move.
    Seek(usize),
    /// The follow camera on or off.
    Follow,
    /// The wheel over the board: one step in (or out) about the pointer.
    Zoom {
        /// In, or out.
        zoom_in: bool,
        /// The pointer, in pixels from the window's top left.
        at: (i32, i32),
        /// The window's width and height in pixels.
        window: (u32, u32),
    },
    /// A drag across the board: the view moves with it once zoomed in.
    Pan {
        /// How far the pointer moved, in pixels.
        by: (i32, i32),
        /// The window's width and height in pixels.
        window: (u32, u32),
    },
    /// The blank's whole planned route, or its next leg only.
    WholeRoute,
    /// Numbers on picture tiles on or off.
    Numbers,
    /// The goal board instead of the board being played, and back.
    Goal,
    /// A person's solve at their own pace, or steadily.
    RealTime,
    /// The optimal move shown after the optimal distance, or not.
    BestMove,
    /// A coached solve: fifteen's way through the line under way, played
    /// from the person's board.
    BetterWay,
    /// A coached solve: back to the person's solve from fifteen's way.
    BackToSolve,
}
