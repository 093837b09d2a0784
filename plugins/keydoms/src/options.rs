//! The launcher's options, with the seats each choice allows and when each option
//! applies at all, so the launcher never offers a setting the game would refuse or
//! ignore (Foreknown with Muggles, the solo option with several seats, harder ghosts
//! without ghosts).

use tavern_plugin_api::{OptionChoice, OptionCondition, OptionSpec};

const ONLY_MAGIC: &str = "Only with magic: the Muggles variant has no spells";
const ONLY_GHOSTS: &str = "Only with ghosts at the table";
const ONLY_MAGIC_GHOSTS: &str = "Only with magic: without it a ghost's artefacts have no powers";

pub fn options() -> Vec<OptionSpec> {
    vec![
        OptionSpec {
            key: "variant".into(),
            label: "Variant".into(),
            help: "Which rules to play. Ghost opponents are set with the Ghosts option.".into(),
            choices: vec![
                OptionChoice::new(
                    "standard",
                    "Standard (with magic)",
                    "Artefact powers, spells, cottage and roundhouse.",
                ),
                OptionChoice::new(
                    "muggles",
                    "Muggles (no magic)",
                    "Artefacts only count (scrolls still break ties); cottage and roundhouse \
                     are closed and there are no spells.",
                ),
            ],
            default: "standard".into(),
            ..Default::default()
        },
        OptionSpec {
            key: "foreknown".into(),
            label: "Foreknown".into(),
            help: "Each round two spells are turned face up by the roundhouse; its winner \
                   takes those two instead of drawing blind. Standard game only."
                .into(),
            choices: vec![
                OptionChoice::new("no", "Off", ""),
                OptionChoice::new(
                    "yes",
                    "On",
                    "Untaken spells are discarded at the next round's start.",
                ),
            ],
            default: "no".into(),
            ..Default::default()
        }
        .only_with_option("variant", &["standard"], ONLY_MAGIC),
        OptionSpec {
            key: "ghosts".into(),
            label: "Ghosts".into(),
            help: "Ghosts are automated opponents that draw action cards to place their \
                   counters and win artefacts for free. Alone you face two ghosts; two \
                   players face one (or two). With 3–5 players, adding ghosts is the Spooky \
                   variant (at most six at the table)."
                .into(),
            // Each count of ghosts fits only some tables (see `ghost_options`): the
            // launcher moves the seats into that range when it is chosen.
            choices: vec![
                OptionChoice::new(
                    "auto",
                    "As the rules say",
                    "Two ghosts for one player, one ghost for two, none for three or more.",
                ),
                OptionChoice::new("0", "No ghosts", "Only for three or more players.")
                    .players(3, 6),
                OptionChoice::new("1", "One ghost", "Two players, or Spooky with 3–5 players.")
                    .players(2, 5),
                OptionChoice::new("2", "Two ghosts", "Solo, or Spooky with 2–4 players.")
                    .players(1, 4),
            ],
            default: "auto".into(),
            ..Default::default()
        },
        OptionSpec {
            key: "ghost_spells".into(),
            label: "Harder ghosts: hidden spells".into(),
            help: "At setup each ghost gets this many spells face down under its deck, to \
                   be cast when they come up in later rounds."
                .into(),
            choices: ["0", "1", "2"]
                .into_iter()
                .map(|v| OptionChoice::new(v, v, ""))
                .collect(),
            default: "0".into(),
            ..Default::default()
        }
        .only_with_option("variant", &["standard"], ONLY_MAGIC)
        .only_with_any(with_ghosts(), ONLY_GHOSTS),
        OptionSpec {
            key: "ghost_artefacts".into(),
            label: "Harder ghosts: artefacts per round".into(),
            help: "How many of its face-down artefacts a ghost turns up and uses at the \
                   start of each round."
                .into(),
            choices: vec![
                OptionChoice::new("1", "One (normal)", ""),
                OptionChoice::new("2", "Two (harder)", ""),
            ],
            default: "1".into(),
            ..Default::default()
        }
        .only_with_option("variant", &["standard"], ONLY_MAGIC_GHOSTS)
        .only_with_any(with_ghosts(), ONLY_GHOSTS),
        OptionSpec {
            key: "solo_face_up".into(),
            label: "Solo: your workers face up".into(),
            help: "Solo game only. Your placed workers are shown with their strength, for \
                   easy reference. The ghosts never look at strengths, so nothing else \
                   changes: your workers still count as face down for the rules."
                .into(),
            choices: vec![
                OptionChoice::new("no", "Face down", ""),
                OptionChoice::new("yes", "Face up", ""),
            ],
            default: "no".into(),
            ..Default::default()
        }
        .only_with_players(1, 1, "Solo game only"),
    ]
}

/// When ghosts sit at the table: one or two chosen, or "as the rules say" with one or two
/// players (three or more get none).
fn with_ghosts() -> Vec<Vec<OptionCondition>> {
    vec![
        vec![OptionCondition::option("ghosts", &["1", "2"])],
        vec![
            OptionCondition::option("ghosts", &["auto"]),
            OptionCondition::players(1, 2),
        ],
    ]
}
