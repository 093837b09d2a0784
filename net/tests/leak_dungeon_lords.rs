//! The leak test (see `leak/mod.rs`) for dungeon lords.

mod common;
mod leak;

#[test]
fn dungeon_lords_frames_depend_only_on_what_the_seat_knows() {
    leak::leak_test::<tavern_plugin_dungeon_lords::Dl>();
}
