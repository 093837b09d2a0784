//! Profiles: create, rename, recolour, delete (with confirmation), per-game statistics
//! and the history of finished games, each openable as a replay.

use egui::{Color32, RichText, Ui};

use super::files::when;
use super::state::{AppState, Screen};

pub fn show(ui: &mut Ui, state: &mut AppState) {
    egui::Panel::top("profiles-top").show(ui, |ui| {
        ui.add_space(4.0);
        ui.horizontal(|ui| {
            if ui.button("Back").clicked() {
                state.screen = Screen::Launcher;
            }
            ui.heading("Profiles");
        });
        ui.add_space(4.0);
    });
    egui::Panel::left("profiles-list")
        .resizable(false)
        .exact_size(300.0)
        .show(ui, |ui| list(ui, state));
    egui::CentralPanel::default().show(ui, |ui| {
        egui::ScrollArea::vertical()
            .id_salt("profile-detail")
            .show(ui, |ui| detail(ui, state));
    });
}

fn swatch(ui: &mut Ui, c: [u8; 3]) {
    let (r, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
    ui.painter()
        .circle_filled(r.center(), 8.0, Color32::from_rgb(c[0], c[1], c[2]));
}

fn list(ui: &mut Ui, state: &mut AppState) {
    ui.add_space(6.0);
    ui.label(RichText::new("New profile").strong());
    // Until a name is typed, offer a colour no profile wears yet (a colour picked by
    // hand is kept once typing starts).
    if state.profiles_form.new_name.is_empty()
        && state.profiles.color_taken(state.profiles_form.new_color)
    {
        state.profiles_form.new_color = state.profiles.unused_color();
    }
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut state.profiles_form.new_name)
                .hint_text("Name")
                .desired_width(150.0),
        )
        .accessible_name("New profile name");
        ui.color_edit_button_srgb(&mut state.profiles_form.new_color)
            .accessible_name("New profile colour");
        let name = state.profiles_form.new_name.trim().to_string();
        if ui
            .add_enabled(!name.is_empty(), egui::Button::new("Create"))
            .clicked()
        {
            let id = state.profiles.create(&name, state.profiles_form.new_color);
            save_profiles(state);
            state.profiles_form.new_name.clear();
            state.profiles_form.new_color = state.profiles.unused_color();
            state.profiles_form.rename_text = name;
            state.profiles_form.selected = Some(id);
        }
    });
    ui.separator();
    if state.profiles.profiles.is_empty() {
        ui.label(
            RichText::new("No profiles yet. A profile keeps a player's results across games.")
                .weak(),
        );
    }
    let mut pick = None;
    for p in &state.profiles.profiles {
        ui.horizontal(|ui| {
            swatch(ui, p.color);
            let selected = state.profiles_form.selected.as_deref() == Some(p.id.as_str());
            if ui.selectable_label(selected, &p.name).clicked() {
                pick = Some((p.id.clone(), p.name.clone()));
            }
        });
    }
    if let Some((id, name)) = pick {
        state.profiles_form.selected = Some(id);
        state.profiles_form.rename_text = name;
        state.profiles_form.confirm_delete = None;
    }
}

fn save_profiles(state: &mut AppState) {
    if let Err(e) = state.profiles.save() {
        state.show_error("Cannot save the profiles", e.to_string());
    }
}

fn detail(ui: &mut Ui, state: &mut AppState) {
    let Some(id) = state.profiles_form.selected.clone() else {
        ui.label("Choose a profile on the left, or create one.");
        return;
    };
    let Some(profile) = state.profiles.get(&id).cloned() else {
        state.profiles_form.selected = None;
        return;
    };
    ui.add_space(6.0);
    ui.heading(&profile.name);
    ui.horizontal(|ui| {
        ui.add(
            egui::TextEdit::singleline(&mut state.profiles_form.rename_text).desired_width(200.0),
        )
        .accessible_name("Profile name");
        let name = state.profiles_form.rename_text.trim().to_string();
        if ui
            .add_enabled(
                !name.is_empty() && name != profile.name,
                egui::Button::new("Rename"),
            )
            .clicked()
        {
            state.profiles.rename(&id, &name);
            save_profiles(state);
        }
    });
    ui.horizontal(|ui| {
        ui.label("Colour:");
        let mut c = profile.color;
        if ui
            .color_edit_button_srgb(&mut c)
            .accessible_name("Profile colour")
            .changed()
        {
            state.profiles.set_color(&id, c);
            save_profiles(state);
        }
    });
    ui.add_space(10.0);
    ui.label(RichText::new("Statistics").strong());
    if profile.stats.is_empty() {
        ui.label(RichText::new("No finished games yet.").weak());
    } else {
        egui::Grid::new("stats-grid")
            .striped(true)
            .num_columns(4)
            .spacing([18.0, 6.0])
            .show(ui, |ui| {
                ui.label(RichText::new("Game").strong());
                ui.label(RichText::new("Played").strong());
                ui.label(RichText::new("Won").strong());
                ui.label(RichText::new("Best score").strong());
                ui.end_row();
                for (game, st) in &profile.stats {
                    let name = state
                        .catalog
                        .get(game)
                        .map(|p| p.info.name.clone())
                        .unwrap_or_else(|| game.clone());
                    ui.label(name);
                    ui.label(st.played.to_string());
                    ui.label(st.won.to_string());
                    ui.label(
                        st.best_score
                            .map(|b| b.to_string())
                            .unwrap_or_else(|| "–".into()),
                    );
                    ui.end_row();
                }
            });
    }
    ui.add_space(10.0);
    ui.label(RichText::new("Finished games").strong());
    if profile.history.is_empty() {
        ui.label(RichText::new("None yet.").weak());
    }
    let now = state.now_unix();
    let mut open = None;
    for (i, h) in profile.history.iter().enumerate().rev() {
        ui.horizontal(|ui| {
            let name = state
                .catalog
                .get(&h.game)
                .map(|p| p.info.name.clone())
                .unwrap_or_else(|| h.game.clone());
            ui.label(format!(
                "{name} · {} · score {}{}",
                when(h.finished, now),
                h.score,
                if h.won { " · won" } else { "" }
            ));
            if ui
                .button("Replay")
                .on_hover_text(h.save_path.display().to_string())
                .clicked()
            {
                open = Some(h.save_path.clone());
            }
            let _ = i;
        });
    }
    if let Some(p) = open {
        state.open_path(&p);
    }
    ui.add_space(16.0);
    if state.profiles_form.confirm_delete.as_deref() == Some(id.as_str()) {
        ui.label(format!(
            "Delete {} and all of their statistics? This cannot be undone.",
            profile.name
        ));
        ui.horizontal(|ui| {
            if ui.button("Yes, delete").clicked() {
                state.profiles.delete(&id);
                save_profiles(state);
                state.profiles_form.selected = None;
                state.profiles_form.confirm_delete = None;
            }
            if ui.button("Cancel").clicked() {
                state.profiles_form.confirm_delete = None;
            }
        });
    } else if ui.button("Delete profile…").clicked() {
        state.profiles_form.confirm_delete = Some(id);
    }
}
