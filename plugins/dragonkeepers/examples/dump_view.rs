//! Writes the scene of a mid-game position as JSON (for eyeballing the layout).
use rand::RngExt;
use tavern_plugin_api::{Game, GameRng, Setup, ToAct};
use tavern_plugin_dragonkeepers::Dk;
fn main() {
    let n: usize = std::env::args()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let steps: usize = std::env::args()
        .nth(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(200);
    let mut setup = Setup::players(n);
    setup.options.insert("chests".into(), "random".into());
    let mut g = Dk::new(&setup).unwrap();
    let mut rng = GameRng::new(11);
    for _ in 0..steps {
        let (seat, a) = match g.to_act() {
            ToAct::Over => break,
            ToAct::Chance => (None, g.sample_chance(&mut rng)),
            ToAct::Seats(v) => {
                let l = g.legal_actions(v[0]);
                // Prefer plays so the table fills up.
                let pick = l
                    .iter()
                    .position(|a| matches!(a, tavern_plugin_dragonkeepers::Action::Play { .. }));
                let i = pick.unwrap_or_else(|| rng.random_range(0..l.len()));
                (Some(v[0]), l[i].clone())
            }
        };
        g.apply(seat, &a).unwrap();
    }
    let viewer = g.actor();
    println!("{}", serde_json::to_string(&g.view(viewer)).unwrap());
}
