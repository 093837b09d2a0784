//! The desktop app (in progress).
