//! A game's drawings.

use serde::{Deserialize, Serialize};

// ---- Art -----------------------------------------------------------------------------

/// One drawing a game ships: the id its scenes name in [`Shape::Image`], and the SVG.
/// Drawings are the game's own, made for it; the host rasterises them at the size it
/// draws them and keeps the result.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq)]
pub struct Art {
    pub id: String,
    pub svg: String,
}

impl Art {
    pub fn new(id: impl Into<String>, svg: impl Into<String>) -> Art {
        Art {
            id: id.into(),
            svg: svg.into(),
        }
    }
}

/// A game's drawings as the host keeps them: asked of the plugin once when it loads,
/// shared by every view of that game (never sent with a view).
#[derive(Clone, Debug, PartialEq, Default)]
pub struct ArtBook {
    /// The game id, so two games' drawings of the same id never mix.
    pub game: String,
    /// SVG bytes by image id.
    pub images: std::collections::BTreeMap<String, std::sync::Arc<[u8]>>,
}

impl ArtBook {
    pub fn new(game: impl Into<String>, art: Vec<Art>) -> ArtBook {
        ArtBook {
            game: game.into(),
            images: art
                .into_iter()
                .map(|a| (a.id, std::sync::Arc::from(a.svg.into_bytes())))
                .collect(),
        }
    }
}

/// The drawings of a game, embedded at build time from `resources/<game>/art/<id>.svg`
/// (the path taken from the calling crate's manifest folder, `plugins/<game>/`):
/// `art!("dragonkeepers": "dragon", "egg")` is a `Vec<Art>` for [`crate::Game::art`].
#[macro_export]
macro_rules! art {
    ($game:literal : $($id:literal),* $(,)?) => {
        vec![$($crate::scene::Art::new(
            $id,
            include_str!(concat!(
                env!("CARGO_MANIFEST_DIR"), "/../../resources/", $game, "/art/", $id, ".svg"
            )),
        )),*]
    };
}
