//! The launcher: games with their options and seats, games in progress, saves, and the
//! way to the profiles screen.

use egui::{Color32, RichText, Ui};
use tavern_plugin_api::proto::OptionSpec;
use tavern_plugin_api::scene::Color as SceneColor;

use super::files::{SaveSummary, list_saves, when};
use super::settings::SeatChoice;
use super::state::{AppState, Screen};
use super::text::{readable, readable_owned};

pub fn show(ui: &mut Ui, state: &mut AppState) {
    // Opening the launcher asks the table servers how the player's games stand, and
    // again each minute it stays open.
    if state.online_games_due() {
        state.refresh_online_games();
    }
    egui::Panel::top("launcher-top").show(ui, |ui| {
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            ui.heading("Tavern");
            ui.separator();
            if ui.button("Profiles").clicked() {
                state.screen = Screen::Profiles;
            }
            if ui
                .button("Open…")
                .on_hover_text("Open a saved game (Ctrl+O)")
                .clicked()
            {
                state.open_dialog();
            }
            if ui.button("Settings").clicked() {
                state.show_settings = true;
            }
        });
        ui.add_space(4.0);
    });
    if ui.input_mut(|i| i.consume_key(egui::Modifiers::COMMAND, egui::Key::O)) {
        state.open_dialog();
    }
    // A small window narrows the side columns so the setup form between them keeps room
    // for a seat's row and an option's choice.
    let (games_w, saves_w) = if ui.available_width() < 1200.0 {
        (210.0, 270.0)
    } else {
        (270.0, 340.0)
    };
    egui::Panel::left("launcher-games")
        .resizable(false)
        .exact_size(games_w)
        .show(ui, |ui| games_list(ui, state));
    egui::Panel::right("launcher-saves")
        .resizable(false)
        .exact_size(saves_w)
        .show(ui, |ui| {
            egui::ScrollArea::vertical()
                .id_salt("saves-scroll")
                .show(ui, |ui| saves_column(ui, state));
        });
    if state.selected_plugin().is_some() {
        egui::Panel::bottom("launcher-start")
            .resizable(false)
            .show(ui, |ui| start_bar(ui, state));
    }
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical()
            .id_salt("setup-scroll")
            .show(ui, |ui| setup_form(ui, state));
    });
}

fn games_list(ui: &mut Ui, state: &mut AppState) {
    ui.add_space(6.0);
    ui.label(RichText::new("Games").heading());
    ui.add_space(4.0);
    if state.catalog.games.is_empty() {
        ui.label("No games found. Put game plugins next to the tavern program or in a folder named by TAVERN_PLUGIN_PATH.");
    }
    let mut pick = None;
    egui::ScrollArea::vertical()
        .id_salt("games-scroll")
        .show(ui, |ui| {
            for g in &state.catalog.games {
                let info = &g.info;
                let selected = state.launcher.game.as_deref() == Some(info.id.as_str());
                let text = format!(
                    "{}\n{}{}",
                    info.name,
                    players_text(info.min_players, info.max_players),
                    // Lesson hook: which games can be learnt by playing.
                    g.lesson()
                        // No-break spaces: "15" and "min" wrapped apart in a narrow list.
                        .map_or(String::new(), |l| {
                            format!(" · lesson\u{a0}{}\u{a0}min", l.minutes)
                        })
                );
                let r = ui
                    .add_sized(
                        [ui.available_width(), 44.0],
                        egui::Button::selectable(selected, text).right_text(""),
                    )
                    .on_hover_text(readable_owned(ui.ctx(), &info.description));
                if r.clicked() {
                    pick = Some(info.id.clone());
                }
            }
            if !state.catalog.incompatible.is_empty() {
                ui.add_space(10.0);
                ui.label(RichText::new("Not loaded").strong());
                for inc in &state.catalog.incompatible {
                    let name = inc
                        .path
                        .file_name()
                        .map(|n| n.to_string_lossy().to_string())
                        .unwrap_or_default();
                    ui.label(
                        RichText::new(format!("{name} — incompatible: {}", inc.reason))
                            .color(ui.visuals().warn_fg_color),
                    );
                }
            }
        });
    if let Some(id) = pick {
        state.select_game(&id);
    }
}

fn setup_form(ui: &mut Ui, state: &mut AppState) {
    let Some(plugin) = state.selected_plugin() else {
        ui.label("Choose a game on the left.");
        return;
    };
    let info = &plugin.info;
    ui.add_space(6.0);
    ui.heading(&info.name);
    ui.label(format!(
        "{}–{} players · version {}",
        info.min_players, info.max_players, info.version
    ));
    ui.add_space(4.0);
    ui.label(readable(ui.ctx(), &info.description));
    ui.add_space(6.0);
    if super::lesson_ui::learn_button(ui, &plugin) {
        state.start_lesson(plugin.clone());
        return;
    }
    ui.add_space(4.0);

    let mut option_changed = false;
    if !info.options.is_empty() {
        ui.label(RichText::new("Options").strong());
        let seats = state.launcher.seats.len();
        let mut as_set = state.launcher.options.clone();
        for opt in &info.options {
            as_set
                .entry(opt.key.clone())
                .or_insert_with(|| opt.default.clone());
        }
        // A narrow form (a small window) puts each option's name above its choice, so the
        // choice and its help keep the width a long name would take from them.
        let narrow = ui.available_width() < NARROW_FORM;
        let mut rows = |ui: &mut Ui, grid: bool| {
            for opt in &info.options {
                // An option that does not apply stays visible (players learn it exists)
                // but disabled, with the reason in place of its help.
                let inactive = opt.inactive_reason(&as_set, seats).map(str::to_owned);
                let current = state
                    .launcher
                    .options
                    .entry(opt.key.clone())
                    .or_insert_with(|| opt.default.clone());
                if grid {
                    option_label(ui, opt, inactive.is_none());
                    option_changed |= option_choice(ui, opt, current, inactive.as_deref());
                    ui.end_row();
                } else {
                    option_label(ui, opt, inactive.is_none());
                    ui.indent(("opt-indent", &opt.key), |ui| {
                        option_changed |= option_choice(ui, opt, current, inactive.as_deref());
                    });
                    ui.add_space(4.0);
                }
            }
        };
        if narrow {
            rows(ui, false);
        } else {
            egui::Grid::new("options-grid")
                .num_columns(2)
                .spacing([12.0, 8.0])
                .show(ui, |ui| rows(ui, true));
        }
        ui.add_space(10.0);
    }

    if option_changed {
        state.fit_seats();
    }
    let (min_seats, max_seats) = state
        .seat_range()
        .unwrap_or((info.min_players, info.max_players));
    ui.horizontal(|ui| {
        ui.label(RichText::new("Seats").strong());
        if (min_seats, max_seats) != (info.min_players, info.max_players) {
            let range = players_text(min_seats, max_seats);
            ui.label(RichText::new(format!("({range} with these options)")).weak());
        }
    });
    let profiles: Vec<(String, String)> = state
        .profiles
        .profiles
        .iter()
        .map(|p| (p.id.clone(), p.name.clone()))
        .collect();
    let mut remove = None;
    let n = state.launcher.seats.len();
    egui::Grid::new("seats-grid")
        .num_columns(4)
        .spacing([10.0, 6.0])
        .show(ui, |ui| {
            for (i, seat) in state.launcher.seats.iter_mut().enumerate() {
                seat_marker(ui, i);
                match &seat.choice {
                    SeatChoice::Profile(id) => {
                        let name = profiles
                            .iter()
                            .find(|(pid, _)| pid == id)
                            .map(|p| p.1.clone())
                            .unwrap_or_else(|| "(deleted profile)".into());
                        ui.label(name);
                    }
                    _ => {
                        ui.add_sized([160.0, 24.0], egui::TextEdit::singleline(&mut seat.name))
                            .accessible_name(format!("Seat {} name", i + 1));
                    }
                }
                let label = choice_label(&seat.choice, &profiles);
                egui::ComboBox::from_id_salt(("seat-kind", i))
                    .selected_text(label)
                    .width(170.0)
                    .show_ui(ui, |ui| {
                        ui.selectable_value(&mut seat.choice, SeatChoice::Human, "Human");
                        for (id, name) in &profiles {
                            ui.selectable_value(
                                &mut seat.choice,
                                SeatChoice::Profile(id.clone()),
                                format!("Profile: {name}"),
                            );
                        }
                        for level in 1..=3u8 {
                            ui.selectable_value(
                                &mut seat.choice,
                                SeatChoice::Bot(level),
                                bot_label(level),
                            );
                        }
                    })
                    .response
                    .accessible_name(format!("Seat {} player", i + 1));
                if n > min_seats {
                    if ui
                        .button("Remove")
                        .on_hover_text("Remove this seat")
                        .clicked()
                    {
                        remove = Some(i);
                    }
                } else {
                    ui.label("");
                }
                ui.end_row();
            }
        });
    if let Some(i) = remove {
        state.remove_seat(i);
    }
    if state.launcher.seats.len() < max_seats && ui.button("Add a seat").clicked() {
        state.add_seat();
    }
    ui.add_space(10.0);

    ui.horizontal(|ui| {
        let l = ui.label("Seed:");
        ui.add(
            egui::TextEdit::singleline(&mut state.launcher.seed_text)
                .hint_text("random")
                .desired_width(200.0),
        )
        .labelled_by(l.id)
        .on_hover_text(
            "Empty deals a new game each time. A number deals the same game again \
             with the same seats and options; it is used for one game only.",
        );
        if let Some(last) = state.launcher.last_seed
            && ui
                .button(format!("Reuse {last}"))
                .on_hover_text("Deal the last game started here again")
                .clicked()
        {
            state.launcher.seed_text = last.to_string();
        }
    });
    if let Some(last) = state.launcher.last_seed {
        ui.label(RichText::new(format!("The last game started here had seed {last}.")).weak());
    }
    ui.add_space(6.0);
    ui.horizontal(|ui| {
        ui.label("Undo:");
        ui.radio_value(&mut state.settings.fair_undo, false, "Learning")
            .on_hover_text("Take back anything, any number of moves. Good for learning a game.");
        ui.radio_value(&mut state.settings.fair_undo, true, "Fair")
            .on_hover_text("Take back only your own moves, and only until something hidden or random is revealed.");
    });
    ui.label(
        RichText::new(if state.settings.fair_undo {
            "Fair: you may take back only your own moves since the last reveal."
        } else {
            "Learning: anything can be taken back."
        })
        .weak(),
    );
}

/// Below this width the options form stacks each option's name above its choice.
const NARROW_FORM: f32 = 640.0;

fn option_label(ui: &mut Ui, opt: &OptionSpec, enabled: bool) {
    ui.add_enabled(enabled, egui::Label::new(readable(ui.ctx(), &opt.label)))
        .on_hover_text(readable_owned(ui.ctx(), &opt.help));
}

/// The option's choice box with the chosen value's help (or why it does not apply);
/// true when the player changed it.
fn option_choice(
    ui: &mut Ui,
    opt: &OptionSpec,
    current: &mut String,
    inactive: Option<&str>,
) -> bool {
    let mut changed = false;
    let shown = opt
        .choices
        .iter()
        .find(|c| &c.value == current)
        .map(|c| c.label.clone())
        .unwrap_or_else(|| current.clone());
    ui.vertical(|ui| {
        ui.add_enabled_ui(inactive.is_none(), |ui| {
            egui::ComboBox::from_id_salt(("opt", &opt.key))
                .selected_text(shown)
                .width(220.0)
                .show_ui(ui, |ui| {
                    for c in &opt.choices {
                        let text = match (c.min_players, c.max_players) {
                            (Some(a), Some(b)) => format!("{} ({})", c.label, players_text(a, b)),
                            _ => c.label.clone(),
                        };
                        if ui
                            .selectable_value(current, c.value.clone(), text)
                            .on_hover_text(&c.help)
                            .changed()
                        {
                            changed = true;
                        }
                    }
                })
                .response
                .accessible_name(opt.label.clone())
                .on_hover_text(&opt.help)
                .on_disabled_hover_text(inactive.unwrap_or_default());
        });
        if let Some(reason) = inactive {
            ui.label(RichText::new(readable(ui.ctx(), reason)).weak().italics());
            return;
        }
        let chosen_help = opt
            .choices
            .iter()
            .find(|c| &c.value == current)
            .map(|c| c.help.as_str())
            .unwrap_or("");
        let help = if chosen_help.is_empty() {
            &opt.help
        } else {
            chosen_help
        };
        ui.label(RichText::new(readable(ui.ctx(), help)).weak());
    });
    changed
}

/// Start stays in view below the form, however many options a game has.
fn start_bar(ui: &mut Ui, state: &mut AppState) {
    ui.add_space(6.0);
    let start = ui.add_sized(
        [160.0, 36.0],
        egui::Button::new(RichText::new("Start").heading()),
    );
    if start.clicked() {
        state.start_game();
    }
    ui.horizontal(|ui| {
        if ui
            .button("Host online…")
            .on_hover_text("Play this game with friends on other machines: you send invitations")
            .clicked()
        {
            state.open_host_form();
        }
        if ui
            .button("Join…")
            .on_hover_text("Join a game a friend hosts, with the invitation they sent")
            .clicked()
        {
            state.online.join_text = Some(String::new());
        }
        if ui
            .button("Create on server…")
            .on_hover_text(
                "Make this game on a table server: everybody plays when it suits them, \
                 nobody needs to stay online",
            )
            .clicked()
        {
            state.open_create_form();
        }
    });
    ui.add_space(6.0);
}

fn bot_label(level: u8) -> String {
    let word = match level {
        1 => "quick",
        2 => "steady",
        _ => "strong",
    };
    format!("Bot level {level} ({word})")
}

fn choice_label(c: &SeatChoice, profiles: &[(String, String)]) -> String {
    match c {
        SeatChoice::Human => "Human".into(),
        SeatChoice::Profile(id) => profiles
            .iter()
            .find(|(pid, _)| pid == id)
            .map(|p| format!("Profile: {}", p.1))
            .unwrap_or_else(|| "Profile (deleted)".into()),
        SeatChoice::Bot(l) => bot_label(*l),
    }
}

/// The seat's colour with its letter, so colour is never the only signal.
pub fn seat_marker(ui: &mut Ui, seat: usize) {
    let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 26.0), egui::Sense::hover());
    let c = SceneColor::player(seat);
    let fill = Color32::from_rgb(c.0, c.1, c.2);
    ui.painter().circle(
        rect.center(),
        12.0,
        fill,
        egui::Stroke::new(1.0, Color32::BLACK),
    );
    let letter = SceneColor::PLAYER_MARK[seat % SceneColor::PLAYER_MARK.len()];
    let text = if super::icons::luminance(fill) > 0.55 {
        Color32::from_rgb(30, 30, 36)
    } else {
        Color32::WHITE
    };
    ui.painter().text(
        rect.center(),
        egui::Align2::CENTER_CENTER,
        letter,
        egui::FontId::proportional(14.0),
        text,
    );
}

fn saves_column(ui: &mut Ui, state: &mut AppState) {
    let now = state.now_unix();
    super::server_ui::online_games(ui, state);
    ui.add_space(6.0);
    ui.label(RichText::new("Continue").heading());
    let autosaves = list_saves(&state.paths.autosave_dir(), &state.catalog);
    if autosaves.is_empty() {
        ui.label(RichText::new("No games in progress.").weak());
    }
    for s in &autosaves {
        save_card(ui, s, now, |ui| {
            if ui.button("Resume").clicked() {
                state.open_path(&s.path.clone());
            }
            if state.launcher.confirm_discard.as_ref() == Some(&s.path) {
                if ui.button("Really discard").clicked() {
                    state.discard_autosave(&s.path.clone());
                }
                if ui.button("Keep").clicked() {
                    state.launcher.confirm_discard = None;
                }
            } else if ui.button("Discard").clicked() {
                state.launcher.confirm_discard = Some(s.path.clone());
            }
        });
    }
    ui.add_space(10.0);
    ui.label(RichText::new("Recent files").heading());
    let recent = state.recent.files.clone();
    if recent.is_empty() {
        ui.label(RichText::new("Nothing opened or saved yet.").weak());
    }
    for p in recent {
        let name = p
            .file_name()
            .map(|n| n.to_string_lossy().to_string())
            .unwrap_or_else(|| p.display().to_string());
        if ui
            .link(name)
            .on_hover_text(p.display().to_string())
            .clicked()
        {
            state.open_path(&p);
        }
    }
    ui.add_space(10.0);
    ui.label(RichText::new("Open a file").heading());
    ui.horizontal(|ui| {
        let field = ui
            .add(
                egui::TextEdit::singleline(&mut state.launcher.path_text)
                    .hint_text("Path to a save file")
                    // Leaves room for the button beside it in a narrow column.
                    .desired_width((ui.available_width() - 100.0).clamp(120.0, 220.0)),
            )
            .accessible_name("Save file path");
        // Enter in the field opens the file, as the button does (a single-line field
        // gives up focus on Enter).
        let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if ui.button("Open path").clicked() || entered {
            let p = std::path::PathBuf::from(state.launcher.path_text.trim());
            state.open_path(&p);
        }
    });
    ui.horizontal(|ui| {
        if ui
            .button("Open…")
            .on_hover_text("The desktop's file dialog")
            .clicked()
        {
            state.open_dialog();
        }
        let label = if state.launcher.show_browser {
            "Hide saved games"
        } else {
            "Browse saved games"
        };
        if ui.button(label).clicked() {
            state.launcher.show_browser = !state.launcher.show_browser;
        }
    });
    if state.launcher.show_browser {
        let saves = list_saves(&state.paths.saves_dir(), &state.catalog);
        let history = list_saves(&state.paths.history_dir(), &state.catalog);
        ui.label(RichText::new(format!("Saves in {}", state.paths.saves_dir().display())).weak());
        if saves.is_empty() {
            ui.label(RichText::new("No saves yet.").weak());
        }
        for s in saves.iter().chain(history.iter()) {
            save_card(ui, s, now, |ui| {
                if ui.button("Open").clicked() {
                    state.open_path(&s.path.clone());
                }
            });
        }
    }
}

fn save_card(ui: &mut Ui, s: &SaveSummary, now: u64, buttons: impl FnOnce(&mut Ui)) {
    egui::Frame::group(ui.style()).show(ui, |ui| {
        ui.set_width(ui.available_width());
        ui.label(RichText::new(&s.game).strong());
        ui.label(&s.seats);
        ui.label(RichText::new(format!("{} moves · {}", s.moves, when(s.updated, now))).weak());
        ui.horizontal(buttons);
    });
}

/// "1 player", "4 players", "2–4 players": a seat range in words.
pub fn players_text(min: usize, max: usize) -> String {
    if min == max {
        tavern_plugin_api::words::counted(min, "player", "players")
    } else {
        format!("{min}–{max} players")
    }
}

#[cfg(test)]
mod tests {
    use super::players_text;

    #[test]
    fn one_seat_is_one_player() {
        assert_eq!(players_text(1, 1), "1 player");
        assert_eq!(players_text(4, 4), "4 players");
        assert_eq!(players_text(1, 4), "1–4 players");
    }
}
