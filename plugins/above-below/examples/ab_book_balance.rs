//! Prints the balance block for the encounter book's header (resources/above-below/book/
//! 001-064.txt), computed from the book as it stands: paste it over the old block after
//! changing rewards or explore numbers (tests/book.rs fails until the two agree).
use tavern_plugin_above_below::balance::header;
use tavern_plugin_above_below::data::data;

fn main() {
    for line in header(&data().book) {
        println!("{line}");
    }
}
