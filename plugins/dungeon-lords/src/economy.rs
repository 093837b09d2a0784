//! Events and production of the building years (the full game): Pay Day, Taxes and the Dead
//! Letter Office, and rooms producing with imps and trolls.

use crate::data::{data, monster, room};
use crate::model::Lord;

/// Whether the lord can pay this lair monster's wage (Evil paid as a cost may not pass
/// the top of the Evilometer; a demon eats another monster of the lair).
pub fn can_pay_wage(l: &Lord, idx: usize) -> bool {
    let w = &monster(l.lair[idx].kind).wage_cost;
    let traps: u8 = l.traps.iter().sum();
    let others = l.lair.len() - 1;
    l.food >= w.food
        && l.gold >= w.gold
        && traps >= w.traps
        && l.evil + w.evil <= data().evilometer.top
        && (!w.feed || others > 0)
}

/// Pays a wage on Pay Day. A golem's trap card is the lord's `trap_kind`; a demon eats
/// the lair monster at `eaten`.
pub fn pay_wage(l: &mut Lord, idx: usize, trap_kind: Option<u8>, eaten: Option<usize>) {
    let w = &monster(l.lair[idx].kind).wage_cost;
    l.food -= w.food;
    l.gold -= w.gold;
    l.evil += w.evil;
    if w.traps > 0
        && let Some(k) = trap_kind
    {
        l.traps[k as usize] -= 1;
        l.discarded[k as usize] += 1;
    }
    if w.feed
        && let Some(e) = eaten
    {
        l.lair.remove(e);
    }
}

/// An unpaid monster leaves, and the lord gains 1 Evil (stopping at the top).
pub fn dismiss(l: &mut Lord, idx: usize) -> u8 {
    let m = l.lair.remove(idx);
    l.evil = (l.evil + 1).min(data().evilometer.top);
    m.kind
}

/// Taxes: the lord pays `paid` gold of the tax (at most what is owed and held); each
/// unpaid gold is a mark in the Dead Letter Office, worth −3 at scoring.
pub fn pay_taxes(l: &mut Lord, paid: u8) -> u8 {
    let owed = crate::building::tax(l);
    let paid = paid.min(owed).min(l.gold);
    l.gold -= paid;
    let marks = owed - paid;
    l.dead_letters += marks;
    marks
}

/// Runs a production room once with `workers` imps and trolls; returns false when it
/// needs more workers or food than there are. Tunnels (Tool Shed) and traps (Workshop)
/// are reported back for the caller to dig or draw.
pub fn produce(l: &mut Lord, room_id: u8, workers: u8) -> Option<(u8, u8)> {
    let r = room(room_id);
    if r.imps == 0 || workers < r.imps || l.food < r.food {
        return None;
    }
    l.food -= r.food;
    let m = &r.makes;
    l.food += m.food;
    l.gold += m.gold;
    l.imps += m.imps;
    l.evil = (l.evil as i16 + m.evil as i16).clamp(0, data().evilometer.top as i16) as u8;
    Some((m.tunnels, m.traps))
}
