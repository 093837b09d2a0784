//! The leak test (see `leak/mod.rs`) for above below.

mod common;
mod leak;

#[test]
fn above_below_frames_depend_only_on_what_the_seat_knows() {
    leak::leak_test::<tavern_plugin_above_below::Ab>();
}
