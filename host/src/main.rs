fn main() {
    tavern::main()
}
