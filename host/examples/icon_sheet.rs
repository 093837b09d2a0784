//! Every icon of the shared set at the sizes the tables use (14 points in the log, 20–30
//! on boards, larger when enlarged), in a typical colour and in each player colour, on a
//! dark and a light ground: a sheet to look at when an icon is drawn or changed.
//!
//! `cargo run --release -p tavern --example icon_sheet`

use egui::{Color32, pos2, vec2};
use tavern::app::icons::{ALL_ICONS, paint_icon};
use tavern_plugin_api::scene::{Color, Icon};

const SIZES: [f32; 5] = [14.0, 20.0, 28.0, 40.0, 64.0];

struct Sheet;

/// The colour a game would most likely give `icon`.
fn usual_fill(icon: Icon) -> Color32 {
    let (r, g, b) = match icon {
        Icon::Coin | Icon::Gold | Icon::Crown | Icon::Key => (232, 184, 58),
        Icon::Food => (200, 122, 72),
        Icon::Gem => (214, 60, 90),
        Icon::Crystal => (150, 210, 240),
        Icon::Pearl => (232, 232, 242),
        Icon::Egg => (240, 226, 196),
        Icon::Scroll | Icon::Card => (236, 222, 184),
        Icon::Wand | Icon::Star => (240, 228, 66),
        Icon::Lantern => (255, 210, 90),
        Icon::Hammer => (160, 160, 170),
        Icon::Quill => (240, 240, 240),
        Icon::Bed => (190, 80, 70),
        Icon::Skull => (236, 230, 214),
        Icon::Heart => (214, 48, 60),
        Icon::Shield => (80, 120, 190),
        Icon::Sword => (200, 206, 214),
        Icon::Dragon => (60, 150, 80),
        Icon::Worker => (0, 114, 178),
        Icon::Die => (250, 250, 250),
        Icon::Hidden => (120, 120, 130),
        Icon::Lock => (240, 228, 66),
        Icon::Unknown => (200, 200, 200),
    };
    Color32::from_rgb(r, g, b)
}

impl eframe::App for Sheet {
    fn ui(&mut self, ui: &mut egui::Ui, _frame: &mut eframe::Frame) {
        egui::CentralPanel::default().show(ui, |ui| {
            ui.columns(2, |cols| {
                for (half, ui) in cols.iter_mut().enumerate() {
                    let ground = if half == 0 {
                        Color32::from_rgb(27, 27, 30)
                    } else {
                        Color32::from_rgb(236, 228, 208)
                    };
                    let text = if half == 0 {
                        Color32::from_gray(220)
                    } else {
                        Color32::from_gray(30)
                    };
                    let row_h = (ui.available_height() / ALL_ICONS.len() as f32).max(30.0);
                    let (area, _) = ui.allocate_exact_size(
                        vec2(ui.available_width(), row_h * ALL_ICONS.len() as f32),
                        egui::Sense::hover(),
                    );
                    let p = ui.painter_at(area);
                    p.rect_filled(area, 0.0, ground);
                    for (i, &icon) in ALL_ICONS.iter().enumerate() {
                        let y = area.top() + row_h * (i as f32 + 0.5);
                        p.text(
                            pos2(area.left() + 6.0, y),
                            egui::Align2::LEFT_CENTER,
                            format!("{icon:?}"),
                            egui::FontId::proportional(13.0),
                            text,
                        );
                        let mut x = area.left() + 80.0;
                        for s in SIZES {
                            let s = s.min(row_h - 2.0);
                            paint_icon(&p, pos2(x + s / 2.0, y), s, icon, usual_fill(icon));
                            x += s + 10.0;
                        }
                        for seat in 0..6 {
                            let c = Color::player(seat);
                            let fill = Color32::from_rgb(c.0, c.1, c.2);
                            paint_icon(&p, pos2(x + 10.0, y), 20.0, icon, fill);
                            x += 24.0;
                        }
                    }
                }
            });
        });
    }
}

fn main() -> eframe::Result {
    let options = eframe::NativeOptions {
        viewport: egui::ViewportBuilder::default()
            .with_title("Tavern icons")
            .with_inner_size([1400.0, 1000.0]),
        ..Default::default()
    };
    eframe::run_native("icon-sheet", options, Box::new(|_| Ok(Box::new(Sheet))))
}
