//! `tavern check`'s look at how a game was dealt: a table server's game (its save holds
//! a [`Deal`](tavern_net::deal::Deal)) must have the seed its committed secret and the
//! creator's contribution give, and every game's chance outcomes must be the ones its
//! seed gives, which this checks by playing the log again with the chance steps drawn
//! afresh from the seed, naming the first that differs.

use crate::plugin::Catalog;
use crate::save::SaveFile;
use crate::session::{Session, UndoMode};

/// What the check found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dealt {
    /// Chance outcomes compared with the seed's.
    pub chance_steps: usize,
    /// Whether a table server's deal (commitment and contribution) was verified too.
    pub committed: bool,
}

/// Checks `file`'s deal and chance outcomes up to its position; the first problem in
/// words.
pub fn check(file: &SaveFile, catalog: &Catalog) -> Result<Dealt, String> {
    let seed = file.setup.seed;
    if let Some(d) = &file.deal {
        d.verify(seed).map_err(|e| e.to_string())?;
    }
    let plugin = catalog
        .get(&file.game)
        .ok_or_else(|| format!("{} is not installed here", file.game))?;
    if file.rules.is_some() {
        return Err(
            "the game follows an older version's rules, whose chance this host does not redraw"
                .into(),
        );
    }
    let mut s = Session::new(plugin, file.setup.clone(), UndoMode::Learning)
        .map_err(|e| format!("the game does not start from its setup: {e}"))?;
    let mut chance_steps = 0;
    let played = &file.actions[..file.cursor.min(file.actions.len())];
    for (i, e) in played.iter().enumerate() {
        let step = i + 1;
        match e.seat {
            None => {
                let drawn = s.log().get(i).filter(|d| d.seat.is_none()).ok_or_else(|| {
                    format!(
                        "step {step} ({}): the seed gives no chance step here",
                        e.label
                    )
                })?;
                if drawn.action != e.action {
                    return Err(format!(
                        "step {step} ({}): this chance outcome is not the one the seed gives \
                         ({})",
                        e.label, drawn.label
                    ));
                }
                chance_steps += 1;
            }
            Some(seat) => {
                if s.log().len() > i {
                    return Err(format!(
                        "step {step} ({}): the seed gives a chance step here ({}), the log a move",
                        e.label,
                        s.log()[i].label
                    ));
                }
                s.apply_plan(seat, &e.steps, e.action.clone())
                    .map_err(|err| format!("step {step} ({}): {err}", e.label))?;
            }
        }
    }
    Ok(Dealt {
        chance_steps,
        committed: file.deal.is_some(),
    })
}
