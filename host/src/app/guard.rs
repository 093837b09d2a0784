//! A click never lands on somebody else's turn. The table ignores a pointer click that
//! was not aimed at what is now under the pointer:
//!
//! - one made before the pointer moved since the actions changed (a click meant for the
//!   old buttons would hit whatever moved under a still pointer);
//! - one in the moment (`HANDOVER_SECONDS`) after the screen passed to another seat
//!   without a cover, while the "Now: …'s turn" banner is up;
//! - the click that closes an open menu: it closes the menu and does nothing else.
//!
//! Choices from the menu itself and from the keyboard are never ignored.
//!
//! And one click acts once: egui may run a frame a second time with the same input (a
//! new grid or a resized area asks it to), and by then the first run's move has changed
//! the panels, so the same release would land on whatever now lies under it (a log
//! entry, another button). The release that acted is remembered and never acts again.

use egui::Context;

/// How long after a handover without a cover clicks are ignored.
pub const HANDOVER_SECONDS: f64 = 0.6;

/// What identifies the actions on screen: a change of any part is a change of buttons
/// (the session's revision, the seat at the screen, the plan's length, and what else
/// moves the list: the hint box, a playback, a preview).
pub type ListKey = (u64, Option<usize>, usize, u8);

#[derive(Default)]
pub struct ClickGuard {
    key: Option<ListKey>,
    /// When the actions on screen last changed (egui's clock).
    changed_at: f64,
    /// A menu was open when the pointer went down: the release closes it only.
    menu_press: bool,
    menu_open: bool,
    /// Clicks ignored so far (tests, and the notice).
    pub ignored: usize,
    /// Why the last click was ignored, for the notice.
    pub reason: &'static str,
    /// The frame time of the release that last acted.
    consumed: Option<f64>,
}

impl ClickGuard {
    /// Called at the start of each table frame with the actions' key.
    pub fn frame(&mut self, ctx: &Context, key: ListKey, now: f64) {
        if self.key != Some(key) {
            self.key = Some(key);
            self.changed_at = now;
        }
        let open = egui::Popup::is_any_open(ctx);
        let (pressed, down) = ctx.input(|i| (i.pointer.any_pressed(), i.pointer.any_down()));
        if pressed {
            self.menu_press = open;
        } else if !down && !ctx.input(|i| i.pointer.any_released()) {
            self.menu_press = false;
        }
        self.menu_open = open;
    }

    /// Whether a pointer click on the table or the actions, made this frame, may act.
    /// `from_menu`: the click chose an entry of an open menu. `handover_until`: the end
    /// of the moment after a handover.
    pub fn allows(
        &mut self,
        ctx: &Context,
        now: f64,
        from_menu: bool,
        handover_until: f64,
    ) -> bool {
        let (released, moved_at) = ctx.input(|i| {
            (
                i.pointer.any_released(),
                i.time - f64::from(i.pointer.time_since_last_movement()),
            )
        });
        if !released {
            return true;
        }
        if self.consumed == Some(now) {
            self.reason = "";
            return false;
        }
        let reason = if from_menu {
            ""
        } else if self.menu_press || self.menu_open {
            "That click closed the menu only."
        } else if now < handover_until {
            "That click came as the turn passed, so it was not played."
        } else if moved_at <= self.changed_at {
            "The buttons changed under the pointer: move it and click again."
        } else {
            ""
        };
        self.reason = reason;
        if !reason.is_empty() {
            self.ignored += 1;
            return false;
        }
        self.consumed = Some(now);
        true
    }

    /// Whether a click on something that only changes what is shown (a log entry) may
    /// act: any click but the second run of a release that already acted.
    pub fn fresh(&mut self, ctx: &Context, now: f64) -> bool {
        if !ctx.input(|i| i.pointer.any_released()) {
            return true;
        }
        if self.consumed == Some(now) {
            return false;
        }
        self.consumed = Some(now);
        true
    }
}
