//! The line reader every hand-edited data file shares (the component files and the book).

/// Non-empty lines without `#` comments, with their line numbers.
pub fn lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(i, l)| {
        let l = l.split('#').next().unwrap_or("").trim();
        (!l.is_empty()).then_some((i + 1, l))
    })
}
