//! The leak test (see `leak/mod.rs`) for keydoms.

mod common;
mod leak;

#[test]
fn keydoms_frames_depend_only_on_what_the_seat_knows() {
    leak::leak_test::<tavern_plugin_keydoms::Keydoms>();
}
