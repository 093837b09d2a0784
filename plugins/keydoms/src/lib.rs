//! keydoms (in progress)
