import CSyncfs

/// Hands memory the build has freed back to the system.
enum MemoryRelease {
    /// Returns the whole free pages of every malloc arena to the system.
    ///
    /// A day's programmes are decoded on the read-ahead's thread and freed on the build's, and glibc gives an arena's free
    /// pages back only from its top: without this, what day after day leaves free between live blocks stays resident,
    /// and a cold build of a million programmes peaks at more than twice the memory it uses.
    static func freedPages() {
        cartelera_release_free_memory()
    }
}
