/// The release this binary was built from, printed by `cartelera --version`.
enum CarteleraVersion {
    static let string = "0.3.0"
}
