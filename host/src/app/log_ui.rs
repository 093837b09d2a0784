//! The log panel: every entry of the session, taken-back entries greyed, a click
//! shows the table right after an entry (`preview`), whose *Rewind here* moves the game;
//! during a playback (`reveals`) only the entries played so far. Runs of routine entries (declined responses) fold
//! into one line, a heading marks each part of the game the plugin names ("Round 3"),
//! and "Changes only" hides the routine entries. Saved logs keep every entry: this is
//! only how the panel shows them.

use std::collections::BTreeSet;

use egui::{Color32, RichText, Ui};
use tavern_plugin_api::scene::Icon;

use super::icons::paint_icon;
use super::table::TableState;
use super::text::readable;
use crate::session::LogEntry;

/// A log entry's text: its number, the action, and each consequence the game put on a
/// line of its own (after a newline in the label) indented below it.
pub fn log_text(index: usize, label: &str) -> String {
    let mut lines = label.lines().filter(|l| !l.trim().is_empty());
    let mut text = format!("{}. {}", index + 1, lines.next().unwrap_or(""));
    for l in lines {
        text.push_str("\n    › ");
        text.push_str(l.trim());
    }
    text
}

/// One line of the panel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Row {
    /// Entry `i` as it is.
    Entry(usize),
    /// Routine entries `first..=last` folded into one line.
    Fold { first: usize, last: usize },
    /// The name of the part of the game that begins here.
    Heading(String),
}

/// The panel's rows. A run of two or more routine entries folds unless its first index
/// is in `expanded`; with `changes_only` routine entries are left out altogether.
/// Headings survive both, so the rounds still show where they begin.
pub fn rows(entries: &[LogEntry], changes_only: bool, expanded: &BTreeSet<usize>) -> Vec<Row> {
    let mut out = Vec::new();
    let heading = |out: &mut Vec<Row>, e: &LogEntry| {
        if let Some(s) = &e.section {
            out.push(Row::Heading(s.clone()));
        }
    };
    let mut i = 0;
    while i < entries.len() {
        if !entries[i].routine {
            out.push(Row::Entry(i));
            heading(&mut out, &entries[i]);
            i += 1;
            continue;
        }
        // The run ends at the first non-routine entry or right after one that begins a
        // section, so a fold never hides a heading.
        let mut last = i;
        while entries[last].section.is_none()
            && last + 1 < entries.len()
            && entries[last + 1].routine
        {
            last += 1;
        }
        if changes_only {
            // Nothing to show but the heading, if the run ends with one.
        } else if last > i && !expanded.contains(&i) {
            out.push(Row::Fold { first: i, last });
        } else {
            out.extend((i..=last).map(Row::Entry));
        }
        heading(&mut out, &entries[last]);
        i = last + 1;
    }
    out
}

/// The folded line: "4–6. Anna, Ben and Cleo pass", each seat named once.
pub fn fold_text(first: usize, last: usize, names: &[String]) -> String {
    let list = match names {
        [] => "Nobody".to_string(),
        [one] => one.clone(),
        [rest @ .., end] => format!("{} and {end}", rest.join(", ")),
    };
    let verb = if names.len() == 1 { "passes" } else { "pass" };
    format!("{}–{}. {list} {verb}", first + 1, last + 1)
}

pub fn log_panel(ui: &mut Ui, t: &mut TableState) {
    let changes_id = egui::Id::unique("log-changes-only");
    let expanded_id = egui::Id::unique("log-expanded-folds");
    let mut changes_only = ui.data(|d| d.get_temp::<bool>(changes_id).unwrap_or(false));
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.label(RichText::new("Log").strong());
        ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
            ui.checkbox(&mut changes_only, "Changes only")
                .on_hover_text(
                    "Hide the entries that changed nothing on the table (declined responses). \
                 Saved games keep every entry.",
                );
        });
    });
    ui.data_mut(|d| d.insert_temp(changes_id, changes_only));
    let mut expanded: BTreeSet<usize> = ui.data(|d| d.get_temp(expanded_id).unwrap_or_default());
    let viewer = t.viewer();
    let cursor = t.cursor();
    let shown_end = t.log_shown_end();
    let previewed = t.preview.as_ref().map(|p| p.index);
    let mut rewind = None;
    let mut expand = None;
    egui::ScrollArea::vertical()
        .id_salt("log-scroll")
        .stick_to_bottom(true)
        .auto_shrink([false, false])
        .show(ui, |ui| {
            let entries = &t.log_entries()[..shown_end];
            if entries.is_empty() {
                ui.label(RichText::new("No moves yet.").weak());
            }
            for row in rows(entries, changes_only, &expanded) {
                match row {
                    Row::Heading(name) => {
                        ui.add_space(4.0);
                        ui.label(RichText::new(readable(ui.ctx(), &name)).strong().size(15.0));
                        ui.separator();
                    }
                    Row::Fold { first, last } => {
                        let mut names: Vec<String> = Vec::new();
                        for e in &entries[first..=last] {
                            let n = match e.seat {
                                Some(s) => t.seat_name(s),
                                None => "Chance".to_string(),
                            };
                            if !names.contains(&n) {
                                names.push(n);
                            }
                        }
                        let mut rich = RichText::new(fold_text(first, last, &names)).weak();
                        if first >= cursor {
                            rich = rich.italics();
                        }
                        let detail: Vec<String> = (first..=last)
                            .map(|i| log_text(i, &readable(ui.ctx(), entries[i].text_for(viewer))))
                            .collect();
                        ui.horizontal(|ui| {
                            ui.add_space(20.0);
                            let resp = ui
                                .add(egui::Button::selectable(false, rich).wrap())
                                .on_hover_text(format!(
                                    "{}\n\nClick to show each entry.",
                                    detail.join("\n")
                                ));
                            if resp.clicked() {
                                expand = Some(first);
                            }
                        });
                    }
                    Row::Entry(i) => {
                        let here = previewed == Some(i);
                        if entry_row(ui, t, i, &entries[i], (viewer, cursor, here)) {
                            rewind = Some(i);
                        }
                    }
                }
            }
        });
    if let Some(first) = expand {
        expanded.insert(first);
    }
    ui.data_mut(|d| d.insert_temp(expanded_id, expanded));
    if let Some(i) = rewind
        && t.guard.fresh(ui.ctx(), ui.input(|i| i.time))
    {
        t.preview_entry(i);
    }
}

/// One entry's line (`here`: the one the table previews); true when it was clicked
/// (show the table at that moment).
fn entry_row(
    ui: &mut Ui,
    t: &TableState,
    i: usize,
    e: &LogEntry,
    (viewer, cursor, here): (Option<usize>, usize, bool),
) -> bool {
    // Plugin labels name the actor themselves ("Anna takes…").
    let text = log_text(i, &readable(ui.ctx(), e.text_for(viewer)));
    let past = i >= cursor;
    let mut rich = RichText::new(text);
    if past {
        rich = rich.weak().italics();
    } else if e.seat.is_none() || e.routine {
        rich = rich.italics();
    }
    let mut clicked = false;
    ui.horizontal(|ui| {
        let (r, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
        if e.reveal {
            paint_icon(
                ui.painter(),
                r.center(),
                14.0,
                Icon::Star,
                Color32::from_rgb(240, 228, 66),
            );
        }
        let mut resp = ui.add(egui::Button::selectable(here, rich).wrap());
        if e.reveal {
            resp = resp.on_hover_text("Revealed hidden or random information");
        }
        // Asked only of the entry under the pointer: in fair mode the check walks the
        // log, and a long game has a thousand entries.
        if resp.hovered() || resp.clicked() {
            resp = match t.can_rewind_to_entry(i) {
                Ok(()) => resp.on_hover_text(if past {
                    "Taken back. Click to see the table then, with Rewind here to go forward."
                } else {
                    "Click to see the table right after this move, with Rewind here to go back."
                }),
                Err(reason) => resp.on_hover_text(format!(
                    "Click to see the table then. Cannot go back here: {reason}"
                )),
            };
        }
        clicked = resp.clicked();
    });
    clicked
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use serde_json::Value;

    use super::{Row, fold_text, log_text, rows};
    use crate::session::LogEntry;

    fn entry(seat: usize, routine: bool, section: Option<&str>) -> LogEntry {
        LogEntry {
            seat: Some(seat),
            steps: Vec::new(),
            action: Value::Null,
            label: format!("seat {seat}"),
            private_label: None,
            private_for: Vec::new(),
            reveal: false,
            routine,
            section: section.map(str::to_string),
            secret_key: None,
            publishes: Vec::new(),
        }
    }

    #[test]
    fn runs_of_routine_entries_fold_and_headings_stay() {
        let log = vec![
            entry(0, false, None),
            entry(1, true, None),
            entry(2, true, None),
            entry(3, true, Some("Round 2")),
            entry(0, true, None),
            entry(1, false, None),
        ];
        let none = BTreeSet::new();
        assert_eq!(
            rows(&log, false, &none),
            vec![
                Row::Entry(0),
                Row::Fold { first: 1, last: 3 },
                Row::Heading("Round 2".into()),
                Row::Entry(4),
                Row::Entry(5),
            ]
        );
        // Expanded, the fold shows each entry; the heading stays after the run.
        let open: BTreeSet<usize> = [1].into();
        assert_eq!(
            rows(&log, false, &open),
            vec![
                Row::Entry(0),
                Row::Entry(1),
                Row::Entry(2),
                Row::Entry(3),
                Row::Heading("Round 2".into()),
                Row::Entry(4),
                Row::Entry(5),
            ]
        );
        // Changes only: the routine entries go, the heading does not.
        assert_eq!(
            rows(&log, true, &none),
            vec![Row::Entry(0), Row::Heading("Round 2".into()), Row::Entry(5)]
        );
    }

    #[test]
    fn fold_names_each_seat_once() {
        let names = ["Anna", "Ben", "Cleo"].map(String::from);
        assert_eq!(fold_text(3, 5, &names), "4–6. Anna, Ben and Cleo pass");
        assert_eq!(fold_text(0, 1, &names[..1]), "1–2. Anna passes");
    }

    #[test]
    fn consequences_go_on_indented_lines_of_their_own() {
        assert_eq!(log_text(0, "Anna takes a pearl"), "1. Anna takes a pearl");
        assert_eq!(
            log_text(9, "Dark ghost plays card 4\nIt takes an artefact\n\n"),
            "10. Dark ghost plays card 4\n    › It takes an artefact"
        );
    }
}
