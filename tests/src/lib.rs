//! Support for the workspace tests.
