//! Where the scene's shared areas lie: the opponents' band along the top and the
//! viewer's own area at the bottom, which the board, the side panel, the prompt and the
//! own screen all measure against. Below `view` and its parts, so they take these from
//! here and none of them imports another for a place.

use tavern_plugin_api::scene::Rect;

/// The band of opponents' screens and ghosts' mats along the top.
pub const OPPONENTS: Rect = Rect {
    x: 10.0,
    y: 8.0,
    w: 1244.0,
    h: 134.0,
};

/// The viewer's own area under the board: two columns, left for what is behind the
/// screen (treasures, workers, artefacts), right for this round's magic.
pub const OWN: Rect = Rect {
    x: 10.0,
    y: 805.0,
    w: 1244.0,
    h: 212.0,
};

/// Where the right-hand (magic) column starts: the left column's rows end before it
/// (nine workers behind the screen, six kinds of artefact on narrower tiles), so the
/// spells in hand have the width for their names.
pub(super) const OWN_RIGHT: f32 = 620.0;

/// The row of "Your spells:" and the artefacts used this round, over the hand.
pub(super) const OWN_SPELLS_Y: f32 = 859.0;
