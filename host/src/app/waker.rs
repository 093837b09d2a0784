//! How worker threads (a bot, a hint, the review, a file dialog) wake the window.

use std::sync::Arc;

/// Called by worker threads when they finish, so the window repaints.
pub type Waker = Arc<dyn Fn() + Send + Sync>;
