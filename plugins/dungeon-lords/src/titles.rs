//! The seven titles of the final scoring (the full game): the best value in each category
//! wins; alone it is worth 3 (2 with two players), shared 2 (1 with two players).

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Title {
    DarkDeeds,
    Halls,
    Tunnels,
    Monsters,
    Imps,
    Riches,
    Battle,
}

impl Title {
    pub const ALL: [Title; 7] = [
        Title::DarkDeeds,
        Title::Halls,
        Title::Tunnels,
        Title::Monsters,
        Title::Imps,
        Title::Riches,
        Title::Battle,
    ];
    pub fn name(self) -> &'static str {
        match self {
            Title::DarkDeeds => "Lord of Dark Deeds",
            Title::Halls => "Lord of Halls",
            Title::Tunnels => "Tunnellord",
            Title::Monsters => "Monsterlord",
            Title::Imps => "Lord of Imps",
            Title::Riches => "Lord of Riches",
            Title::Battle => "Battlelord",
        }
    }
    /// The Battlelord has the fewest conquered tiles; every other title the most.
    pub fn fewest_wins(self) -> bool {
        self == Title::Battle
    }
}

/// What each lord counts for the titles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub evil: i64,
    pub rooms: i64,
    pub tunnels: i64,
    /// Monsters, not ghosts.
    pub monsters: i64,
    /// Imp figures, not trolls.
    pub imps: i64,
    /// Gold + food + unplayed trap cards.
    pub riches: i64,
    pub conquered: i64,
}

impl Counts {
    pub fn get(&self, t: Title) -> i64 {
        match t {
            Title::DarkDeeds => self.evil,
            Title::Halls => self.rooms,
            Title::Tunnels => self.tunnels,
            Title::Monsters => self.monsters,
            Title::Imps => self.imps,
            Title::Riches => self.riches,
            Title::Battle => self.conquered,
        }
    }
}

/// Title points per lord for one title.
pub fn award(t: Title, counts: &[Counts], players: usize) -> Vec<i64> {
    let vals: Vec<i64> = counts.iter().map(|c| c.get(t)).collect();
    let best = if t.fewest_wins() {
        vals.iter().copied().min()
    } else {
        vals.iter().copied().max()
    };
    let Some(best) = best else { return Vec::new() };
    let winners = vals.iter().filter(|&&v| v == best).count();
    let (alone, shared) = if players == 2 { (2, 1) } else { (3, 2) };
    vals.iter()
        .map(|&v| match (v == best, winners) {
            (false, _) => 0,
            (true, 1) => alone,
            (true, _) => shared,
        })
        .collect()
}
