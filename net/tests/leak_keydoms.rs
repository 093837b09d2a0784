//! The leak test (see `leak/mod.rs`) for keydoms.

mod common;
mod leak;

#[test]
#[ignore = "Keydom's Dragons' view lists a ghost's face-down counters in their hidden order (seen at step 0); fix the plugin's view, then remove this"]
fn keydoms_frames_depend_only_on_what_the_seat_knows() {
    leak::leak_test::<tavern_plugin_keydoms::Keydoms>();
}
