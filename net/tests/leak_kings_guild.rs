//! The leak test (see `leak/mod.rs`) for kings guild.

mod common;
mod leak;

#[test]
fn kings_guild_frames_depend_only_on_what_the_seat_knows() {
    leak::leak_test::<tavern_plugin_kings_guild::Kg>();
}
