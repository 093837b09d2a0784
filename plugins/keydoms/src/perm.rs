//! The shuffle orders that chance steps carry: a logged order must be a permutation of
//! the cards or tiles it reorders. Below every module that shuffles (`magic`, `ghost`,
//! `chance`), so none of them imports another for it.

use tavern_plugin_api::GameError;

/// `order` puts `len` things in a new order: each index below `len` exactly once.
pub fn check_perm(order: &[u16], len: usize) -> Result<(), GameError> {
    if order.len() != len {
        return Err(GameError::new("shuffle has the wrong length"));
    }
    let mut seen = vec![false; len];
    for &i in order {
        let i = i as usize;
        if i >= len || seen[i] {
            return Err(GameError::new("shuffle is not a permutation"));
        }
        seen[i] = true;
    }
    Ok(())
}
