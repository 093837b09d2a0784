//! dragonkeepers (in progress)
