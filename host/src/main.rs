//! The `tavern` binary: the app, or a subcommand (see `tavern --help`).

fn main() {
    tavern::cli::main()
}
