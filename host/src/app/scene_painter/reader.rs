//! The table for screen readers and UI tests. Every item that says something gets a
//! node of its own, read in the game's order: an item with a tooltip is named by the
//! tooltip's first sentence, a die by its face, a text by its words, a drawing by its
//! `alt`. Nodes sit in a group per area of the table: the scene's enlargeable areas and
//! the framed panels that carry a tooltip of their own ("Bea's area"), each item in the
//! smallest one around it. Clickable items are named by their actions elsewhere, but
//! inside the same groups.

use tavern_plugin_api::scene::{self, Item, Rect, Scene, Shape};

/// A group of the table: where it is and what it is called.
#[derive(Clone, Debug, PartialEq)]
pub struct Group {
    pub rect: Rect,
    pub label: String,
    /// The panel item that is this group, if it came from one (it gets no node itself).
    pub panel: Option<usize>,
}

/// One node to read: its group, role, name and the canvas rectangle it covers.
#[derive(Clone, Debug, PartialEq)]
pub struct Node {
    pub group: Option<usize>,
    pub role: egui::Role,
    pub name: String,
    pub rect: Rect,
    /// The first item it names (a stable id for the node).
    pub item: usize,
}

/// How close (canvas units) two items must lie to read as one thing (an icon and its
/// count with the same tooltip).
const TOUCH: f32 = 8.0;

/// How many of the latest nodes an item may join.
const NEIGHBOURS: usize = 12;

pub fn first_sentence(s: &str) -> &str {
    let end = s.find(['.', '\n']).unwrap_or(s.len());
    s[..end].trim()
}

fn area_of(r: &Rect) -> f32 {
    r.w.max(0.0) * r.h.max(0.0)
}

fn gap(a: &Rect, b: &Rect) -> f32 {
    let dx = (b.x - (a.x + a.w)).max(a.x - (b.x + b.w)).max(0.0);
    let dy = (b.y - (a.y + a.h)).max(a.y - (b.y + b.h)).max(0.0);
    dx.max(dy)
}

fn union(a: &Rect, b: &Rect) -> Rect {
    let x0 = a.x.min(b.x);
    let y0 = a.y.min(b.y);
    let x1 = (a.x + a.w).max(b.x + b.w);
    let y1 = (a.y + a.h).max(b.y + b.h);
    scene::rect(x0, y0, x1 - x0, y1 - y0)
}

fn inside(outer: &Rect, inner: &Rect) -> bool {
    outer.contains(inner.center()) && area_of(inner) < area_of(outer)
}

/// The groups of `scene`: its enlargeable areas, then every framed rectangle with a
/// tooltip that holds another item with something to say.
pub fn groups(scene: &Scene) -> Vec<Group> {
    let mut out: Vec<Group> = scene
        .areas
        .iter()
        .map(|a| Group {
            rect: a.rect,
            label: a.label.clone(),
            panel: None,
        })
        .collect();
    for (i, item) in scene.items.iter().enumerate() {
        let (Shape::Rect { rect, .. }, Some(tip)) = (&item.shape, &item.tooltip) else {
            continue;
        };
        let holds = scene.items.iter().enumerate().any(|(j, other)| {
            j != i && says_something(other) && inside(rect, &other.shape.bounds())
        });
        if !holds || item.id.is_some() {
            continue;
        }
        // An area over the same panel already names this group.
        if let Some(g) = out
            .iter_mut()
            .find(|g| gap(&g.rect, rect) == 0.0 && same(&g.rect, rect))
        {
            // One group, named by both when the panel's tooltip says more.
            let tip = first_sentence(tip);
            if !g.label.contains(tip) {
                g.label = if tip.contains(g.label.as_str()) {
                    tip.to_string()
                } else {
                    format!("{}: {tip}", g.label)
                };
            }
            g.panel = g.panel.or(Some(i));
            continue;
        }
        out.push(Group {
            rect: *rect,
            label: first_sentence(tip).to_string(),
            panel: Some(i),
        });
    }
    out
}

fn same(a: &Rect, b: &Rect) -> bool {
    (a.x - b.x).abs() < 2.0
        && (a.y - b.y).abs() < 2.0
        && (a.w - b.w).abs() < 4.0
        && (a.h - b.h).abs() < 4.0
}

fn says_something(item: &Item) -> bool {
    item.tooltip.is_some()
        || matches!(
            &item.shape,
            Shape::Die { .. } | Shape::TextBlock { .. } | Shape::Unknown { .. }
        )
        || matches!(&item.shape, Shape::Text { text, .. } if !text.trim().is_empty())
        || matches!(&item.shape, Shape::Image { alt, .. } if !alt.is_empty())
}

/// The smallest group around `r` that is not the item `me` itself.
pub fn group_of(groups: &[Group], r: &Rect, me: usize) -> Option<usize> {
    groups
        .iter()
        .enumerate()
        .filter(|(_, g)| g.panel != Some(me) && inside(&g.rect, r))
        .min_by(|a, b| area_of(&a.1.rect).total_cmp(&area_of(&b.1.rect)))
        .map(|(k, _)| k)
}

/// What `item` says, if anything: its role and name. The name is the first sentence of
/// its tooltip, followed by the item's own words when the tooltip does not already hold
/// them (a text's words, a die's face, a drawing's `alt`): "What a play needs now: Lay
/// out exactly 3 red". `placeholder` names a shape this build does not know, `die` a die.
pub fn name_of(
    item: &Item,
    placeholder: impl Fn(&Item, &str) -> String,
    die: impl Fn(u8, u8) -> String,
) -> Option<(egui::Role, String)> {
    let tip = item
        .tooltip
        .as_deref()
        .map(first_sentence)
        .filter(|t| !t.is_empty());
    let (role, own) = match &item.shape {
        Shape::Unknown { kind, .. } => return Some((egui::Role::Image, placeholder(item, kind))),
        Shape::Die { faces, value, .. } => (egui::Role::Image, Some(die(*faces, *value))),
        Shape::Text { text, .. } | Shape::TextBlock { text, .. } => {
            (egui::Role::Label, Some(text.trim().to_string()))
        }
        Shape::Image { alt, .. } => (egui::Role::Image, Some(alt.trim().to_string())),
        Shape::Card {
            title,
            value,
            face_down,
            ..
        } if tip.is_none() => {
            let words = if *face_down {
                format!("A card back {value}")
            } else {
                format!("{title} {value}")
            };
            (egui::Role::Image, Some(words.trim().to_string()))
        }
        _ => (egui::Role::Image, None),
    };
    // A lone mark ("?", "×") says nothing a reader needs.
    let own = own.filter(|o| o.chars().any(char::is_alphanumeric));
    let name = match (tip, own) {
        (Some(t), Some(o)) if !t.contains(o.as_str()) => format!("{t}: {o}"),
        (Some(t), _) => t.to_string(),
        (None, Some(o)) => o,
        (None, None) => return None,
    };
    Some((role, name))
}

/// The nodes of `scene` in reading order (the game's item order), leaving out the items
/// `skip` says are named elsewhere (clickable ones) and the panels that are groups.
/// An item with the same name as a node it touches joins that node (an icon and its
/// count); a text with no tooltip of its own that touches a node whose name already
/// holds its words adds nothing and is left out.
pub fn nodes(
    scene: &Scene,
    groups: &[Group],
    skip: impl Fn(&Item) -> bool,
    placeholder: impl Fn(&Item, &str) -> String,
    die: impl Fn(u8, u8) -> String,
) -> Vec<Node> {
    let mut out: Vec<Node> = Vec::new();
    for (i, item) in scene.items.iter().enumerate() {
        if skip(item) || groups.iter().any(|g| g.panel == Some(i)) {
            continue;
        }
        let Some((role, name)) = name_of(item, &placeholder, &die) else {
            continue;
        };
        let rect = item.shape.bounds();
        let group = group_of(groups, &rect, i);
        let plain_text = item.tooltip.is_none() && matches!(item.shape, Shape::Text { .. });
        // Only the last few nodes can touch this one: items that read as one thing are
        // added one after the other, and a whole scene is never searched per item.
        let near = out
            .iter_mut()
            .rev()
            .take(NEIGHBOURS)
            .filter(|n| n.group == group && gap(&n.rect, &rect) <= TOUCH)
            .find(|n| n.name == name || (plain_text && n.name.contains(name.trim())));
        match near {
            Some(n) => n.rect = union(&n.rect, &rect),
            None => out.push(Node {
                group,
                role,
                name,
                rect,
                item: i,
            }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use tavern_plugin_api::scene::{Color, Icon, pos, rect};

    fn read(scene: &Scene) -> Vec<(Option<String>, String)> {
        let groups = groups(scene);
        nodes(
            scene,
            &groups,
            |_| false,
            |_, k| format!("? {k}"),
            |f, v| format!("d{f} showing {v}"),
        )
        .into_iter()
        .map(|n| (n.group.map(|g| groups[g].label.clone()), n.name))
        .collect()
    }

    #[test]
    fn items_are_read_by_their_tooltips_first_sentence_inside_their_panel() {
        let mut s = Scene::new(1000.0, 600.0);
        s.panel(rect(0.0, 0.0, 400.0, 200.0), Color::FELT, Color::WHITE)
            .tooltip("Bea's area. Her cards and crystals.");
        let tip = "3 crystals. Spend one for a fourth card.";
        s.icon(pos(20.0, 50.0), 28.0, Icon::Crystal, Color::WHITE)
            .tooltip(tip);
        s.text(pos(38.0, 50.0), "3", 20.0, Color::WHITE)
            .tooltip(tip);
        s.icon(pos(120.0, 50.0), 28.0, Icon::Egg, Color::WHITE)
            .tooltip("2 golden eggs");
        s.text(pos(138.0, 50.0), "2", 20.0, Color::WHITE);
        s.icon(pos(220.0, 50.0), 28.0, Icon::Shield, Color::WHITE)
            .tooltip("A crest is earned once");
        s.text(pos(238.0, 50.0), "crest 16", 18.0, Color::WHITE);
        s.text(
            pos(600.0, 300.0),
            "Lay out exactly 3 red",
            18.0,
            Color::WHITE,
        );
        s.image(rect(500.0, 400.0, 100.0, 100.0), "cave", "");
        s.image(rect(700.0, 400.0, 60.0, 90.0), "dragon", "A red dragon");
        let bea = Some("Bea's area".to_string());
        assert_eq!(
            read(&s),
            vec![
                (bea.clone(), "3 crystals".to_string()),
                (bea.clone(), "2 golden eggs".to_string()),
                (bea.clone(), "A crest is earned once".to_string()),
                (bea, "crest 16".to_string()),
                (None, "Lay out exactly 3 red".to_string()),
                (None, "A red dragon".to_string()),
            ]
        );
    }

    #[test]
    fn an_enlargeable_area_names_its_group_and_separate_tokens_stay_apart() {
        let mut s = Scene::new(1000.0, 600.0);
        s.enlargeable(rect(0.0, 0.0, 300.0, 100.0), "Cy's guild");
        s.panel(rect(0.0, 0.0, 300.0, 100.0), Color::FELT, Color::WHITE)
            .tooltip("Cy's area");
        for k in 0..3 {
            s.token(pos(30.0 + 40.0 * k as f32, 50.0), 15.0, Color::WHITE, "?")
                .tooltip("A face-down amulet piece");
        }
        // The panel's own tooltip joins the area's label: both name the group.
        let cy = Some("Cy's guild: Cy's area".to_string());
        let piece = "A face-down amulet piece".to_string();
        assert_eq!(
            read(&s),
            vec![
                (cy.clone(), piece.clone()),
                (cy.clone(), piece.clone()),
                (cy, piece)
            ]
        );
    }
}
