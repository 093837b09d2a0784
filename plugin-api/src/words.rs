//! Small helpers for the words games write on the table and in the log, so every game
//! counts and lists the same way ("1 card", "3 cards"; "a, b and c").

/// `n` with its noun: "1 card", "0 cards", "3 cards".
pub fn counted<T: std::fmt::Display + PartialEq + From<u8>>(n: T, one: &str, many: &str) -> String {
    let word = if n == T::from(1) { one } else { many };
    format!("{n} {word}")
}

/// Items joined as a sentence lists them: "a", "a and b", "a, b and c" ("" for none).
pub fn and_list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_string(),
        [rest @ .., last] => {
            let rest: Vec<&str> = rest.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", rest.join(", "), last.as_ref())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_take_the_singular_only_for_one() {
        assert_eq!(counted(1u8, "card", "cards"), "1 card");
        assert_eq!(counted(0u8, "card", "cards"), "0 cards");
        assert_eq!(counted(-1i32, "point", "points"), "-1 points");
        assert_eq!(counted(12usize, "egg", "eggs"), "12 eggs");
    }

    #[test]
    fn lists_join_the_last_with_and() {
        assert_eq!(and_list::<&str>(&[]), "");
        assert_eq!(and_list(&["a"]), "a");
        assert_eq!(and_list(&["a", "b"]), "a and b");
        assert_eq!(
            and_list(&["a".to_string(), "b".into(), "c".into()]),
            "a, b and c"
        );
    }
}
