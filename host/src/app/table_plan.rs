//! A seat's plan of tentative steps (`ChoiceKind::Step`): applied to a scratch copy of
//! the game, never to the session, until the action that confirms them (see `table`'s
//! notes). Online the authority keeps the plan; this screen only shows its steps.

use tavern_plugin_api::ActionEntry;

use super::table::TableState;
use super::table_game::Source;
use super::table_source::TableSource;
use crate::plugin::Instance;
use crate::session::SessionError;

/// A seat's tentative steps, applied to a copy of the game.
pub struct Plan {
    pub seat: usize,
    /// The steps taken, in order, as the legal list offered them.
    pub steps: Vec<ActionEntry>,
    /// The session's game with the steps applied.
    pub(super) scratch: Instance,
    /// The session revision the copy was built from.
    pub(super) revision: u64,
}

impl TableState {
    /// The plan of the seat at the screen, if it has one: the seat and its steps so far
    /// (online, the steps this screen sent; the authority holds the plan).
    pub fn viewer_plan(&self) -> Option<(usize, &[ActionEntry])> {
        if let Source::Online(o) = &self.source {
            let seat = o.seat()?;
            let steps = o.plan_steps();
            return (o.plan_len(seat) > 0 && !steps.is_empty()).then_some((seat, steps));
        }
        self.plan
            .as_ref()
            .filter(|p| Some(p.seat) == self.viewer())
            .map(|p| (p.seat, p.steps.as_slice()))
    }

    /// Drops the plan (Cancel): nothing was logged, so nothing is taken back.
    pub fn cancel_plan(&mut self) {
        if self.lesson_refuses() {
            return;
        }
        if let Source::Online(o) = &mut self.source {
            if let Some(seat) = o.seat() {
                o.cancel_plan(seat);
            }
            return;
        }
        if self.plan.take().is_some() {
            self.notice = Some("Plan cancelled".into());
        }
    }

    /// Takes a tentative step on the plan's copy (starting a plan if there is none).
    pub(super) fn plan_step(&mut self, seat: usize, entry: ActionEntry) {
        if self.plan.as_ref().is_some_and(|p| p.seat != seat) {
            self.plan = None;
        }
        if self.plan.is_none() {
            let Some(session) = self.local() else {
                return;
            };
            match session.bot_instance() {
                Ok(scratch) => {
                    self.plan = Some(Plan {
                        seat,
                        steps: Vec::new(),
                        scratch,
                        revision: session.revision(),
                    })
                }
                Err(e) => return self.fail(e),
            }
        }
        let plan = self.plan.as_mut().expect("made above");
        match plan.scratch.apply(Some(seat), entry.action.clone()) {
            Ok(_) => {
                plan.steps.push(entry);
                self.notice = None;
            }
            // The copy keeps its last good state: the plan stays as it was.
            Err(e) => self.fail(SessionError::Plugin(e)),
        }
    }

    /// Takes back the plan's last step by rebuilding the copy without it.
    pub fn unstep(&mut self) {
        let Some(mut plan) = self.plan.take() else {
            return;
        };
        plan.steps.pop();
        if plan.steps.is_empty() {
            return;
        }
        self.plan = Some(plan);
        self.rebase_plan();
    }

    /// Rebuilds the plan's copy on the session's current state, dropping the plan with
    /// a notice when a step no longer applies (another seat moved meanwhile).
    pub(super) fn rebase_plan(&mut self) {
        let to_act = self.to_act();
        let Source::Local(session) = &self.source else {
            return;
        };
        let Some(plan) = self.plan.as_mut() else {
            return;
        };
        if !to_act.contains(&plan.seat) {
            self.plan = None;
            return;
        }
        let rebuilt = session
            .bot_instance()
            .map_err(|e| e.to_string())
            .and_then(|inst| {
                for (i, step) in plan.steps.iter().enumerate() {
                    inst.apply(Some(plan.seat), step.action.clone())
                        .map_err(|e| {
                            format!(
                                "step {} (\u{201c}{}\u{201d}) no longer applies: {e}",
                                i + 1,
                                step.label
                            )
                        })?;
                }
                Ok(inst)
            });
        match rebuilt {
            Ok(inst) => {
                plan.scratch = inst;
                plan.revision = session.revision();
            }
            Err(m) => {
                self.plan = None;
                self.notice = Some(format!(
                    "Your plan was dropped because the game moved on: {m}"
                ));
            }
        }
    }
}
