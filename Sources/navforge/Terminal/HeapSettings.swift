import CAllocator
#if canImport(Glibc)
import Glibc
#endif

/// How the process's allocator hands memory back to the system, set once before any command runs.
enum HeapSettings {
    /// The block size from which glibc maps each allocation on its own, returned when freed.
    static let mapThreshold: Int32 = 4 << 20

    /// Fixes glibc's mapping threshold at ``mapThreshold``, unless `MALLOC_MMAP_THRESHOLD_` sets one.
    ///
    /// glibc raises its threshold to the size of each large block freed (up to 32 MiB), so after
    /// a stage frees its arrays the next stage's blocks of a few megabytes come from the heap,
    /// which keeps the pages it has touched: Heidelberg's build peaked at 304 to 310 MiB resident
    /// for a heap that never held more than 163 MiB. With the threshold fixed it peaked at 243 to
    /// 250 MiB, for 0.3 to 0.45 s more system time out of 11 to 15 s (docs/architecture.md,
    /// "Where the memory goes"). Elsewhere than on glibc this does nothing.
    static func apply() {
        #if canImport(Glibc)
        guard getenv("MALLOC_MMAP_THRESHOLD_") == nil else { return }
        #endif
        _ = navforge_fix_map_threshold(mapThreshold)
    }
}
