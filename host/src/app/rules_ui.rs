//! The "Rules" window: the game's own rules help, a small Markdown subset (`#` headings,
//! paragraphs, `- ` and `1. ` items with nesting, `**strong**` words; a text may be
//! wrapped at any width, continuation lines join their paragraph or item) under a row of
//! its sections, kept above the scrolled text so a player can jump to any part at once.

use egui::text::{LayoutJob, TextFormat};
use egui::{RichText, Ui};

use super::table::TableState;
use super::text::readable_owned;

/// One block of the rules text.
#[derive(Debug, Clone, PartialEq)]
pub enum Block {
    Heading {
        level: usize,
        text: String,
    },
    Paragraph(String),
    /// A list item: its nesting depth (0 at the margin), its marker ("•" or "3."), text.
    Item {
        depth: usize,
        marker: String,
        text: String,
    },
}

/// The blocks of a rules text. A blank line, a heading or a new item ends a block; any
/// other line continues the one before (hard-wrapped source reads as flowing text).
pub fn blocks(text: &str) -> Vec<Block> {
    let mut out: Vec<Block> = Vec::new();
    let mut open = false;
    for line in text.lines() {
        let trimmed = line.trim();
        if trimmed.is_empty() {
            open = false;
            continue;
        }
        let indent = line.len() - line.trim_start().len();
        let depth = indent.div_ceil(4);
        if let Some(h) = trimmed.strip_prefix('#') {
            let level = 1 + h.len() - h.trim_start_matches('#').len();
            out.push(Block::Heading {
                level,
                text: h.trim_start_matches('#').trim().to_string(),
            });
            open = false;
        } else if let Some(rest) = trimmed.strip_prefix("- ") {
            out.push(Block::Item {
                depth,
                marker: "•".into(),
                text: rest.trim().to_string(),
            });
            open = true;
        } else if let Some((n, rest)) = numbered(trimmed) {
            out.push(Block::Item {
                depth,
                marker: format!("{n}."),
                text: rest.to_string(),
            });
            open = true;
        } else if open {
            match out.last_mut() {
                Some(Block::Paragraph(t)) | Some(Block::Item { text: t, .. }) => {
                    t.push(' ');
                    t.push_str(trimmed);
                }
                _ => out.push(Block::Paragraph(trimmed.to_string())),
            }
        } else {
            out.push(Block::Paragraph(trimmed.to_string()));
            open = true;
        }
    }
    out
}

/// "12. Text" → (12, "Text").
fn numbered(line: &str) -> Option<(u32, &str)> {
    let (n, rest) = line.split_once(". ")?;
    if n.is_empty() || n.len() > 3 || !n.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    Some((n.parse().ok()?, rest.trim()))
}

pub fn show(ctx: &egui::Context, t: &mut TableState) {
    let mut open = t.show_rules;
    let rules = blocks(&readable_owned(ctx, &t.plugin().info.rules));
    let sections: Vec<&str> = rules
        .iter()
        .filter_map(|b| match b {
            Block::Heading { text, .. } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    let height = (ctx.content_rect().height() - 200.0).clamp(200.0, 620.0);
    egui::Window::new(format!("Rules: {}", t.game_name()))
        .id(egui::Id::unique("rules-window"))
        .open(&mut open)
        // Below the table's toolbar and header, so both stay in reach.
        .default_pos([24.0, 72.0])
        .default_width(560.0)
        .show(ctx, |ui| {
            if rules.is_empty() {
                ui.label("This game has no rules summary.");
                return;
            }
            // The click and the jump happen in the same frame: the text below is laid
            // out after the links.
            let mut jump = None;
            if sections.len() > 2 {
                ui.horizontal_wrapped(|ui| {
                    for (i, s) in sections.iter().enumerate() {
                        if ui.link(*s).on_hover_text(format!("Go to {s}")).clicked() {
                            jump = Some(i);
                        }
                    }
                });
                ui.separator();
            }
            egui::ScrollArea::vertical()
                .max_height(height)
                .min_scrolled_height(height)
                .show(ui, |ui| body(ui, &rules, jump));
        });
    t.show_rules = open;
}

fn body(ui: &mut Ui, rules: &[Block], jump: Option<usize>) {
    let mut section = 0;
    for b in rules {
        match b {
            Block::Heading { level, text } => {
                ui.add_space(6.0);
                let size = if *level <= 1 { 19.0 } else { 17.0 };
                let r = ui.label(RichText::new(text).strong().size(size));
                if jump == Some(section) {
                    r.scroll_to_me(Some(egui::Align::TOP));
                }
                section += 1;
            }
            Block::Paragraph(text) => {
                ui.add(egui::Label::new(spans(ui, text)).wrap());
                ui.add_space(4.0);
            }
            Block::Item {
                depth,
                marker,
                text,
            } => {
                ui.horizontal_top(|ui| {
                    ui.add_space(8.0 + 18.0 * *depth as f32);
                    ui.label(marker);
                    // The text wraps under itself, not under the marker.
                    ui.add(egui::Label::new(spans(ui, text)).wrap());
                });
            }
        }
    }
}

/// A text with its `**strong**` words in the strong text colour.
fn spans(ui: &Ui, text: &str) -> LayoutJob {
    let font = egui::TextStyle::Body.resolve(ui.style());
    let (normal, strong) = (ui.visuals().text_color(), ui.visuals().strong_text_color());
    let mut job = LayoutJob::default();
    for (i, part) in text.split("**").enumerate() {
        if part.is_empty() {
            continue;
        }
        let color = if i % 2 == 1 { strong } else { normal };
        job.append(part, 0.0, TextFormat::simple(font.clone(), color));
    }
    job
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hard_wrapped_lines_join_their_paragraph_or_item() {
        let text = "# Game\n\nTwo years in the life\nof a lord.\n\n## A round\n\n\
                    1. **New round.** Monsters\n   come.\n   - Get Food: I 1 gold\n     \
                    and more.\n2. Orders.\n- Plain item\ncontinued\n";
        assert_eq!(
            blocks(text),
            vec![
                Block::Heading {
                    level: 1,
                    text: "Game".into()
                },
                Block::Paragraph("Two years in the life of a lord.".into()),
                Block::Heading {
                    level: 2,
                    text: "A round".into()
                },
                Block::Item {
                    depth: 0,
                    marker: "1.".into(),
                    text: "**New round.** Monsters come.".into()
                },
                Block::Item {
                    depth: 1,
                    marker: "•".into(),
                    text: "Get Food: I 1 gold and more.".into()
                },
                Block::Item {
                    depth: 0,
                    marker: "2.".into(),
                    text: "Orders.".into()
                },
                Block::Item {
                    depth: 0,
                    marker: "•".into(),
                    text: "Plain item continued".into()
                },
            ]
        );
    }

    #[test]
    fn a_number_without_a_dot_and_space_is_text() {
        assert_eq!(
            blocks("2024 was a year.\n3.5 points"),
            vec![Block::Paragraph("2024 was a year. 3.5 points".into())]
        );
    }
}
