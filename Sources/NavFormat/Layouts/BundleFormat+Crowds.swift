extension BundleFormat.Tag {
    /// Since 2.3 and 1.5: the access points and the walkable areas each serves, with the speed
    /// factors of the fundamental diagram, for crowd densities from Wi-Fi counts.
    public static let crowds: SectionTag = "CRWD"
}

extension BundleFormat {
    /// `CRWD`: counts, the access points sorted by key, the areas sorted by outline, the factor
    /// table, then the keys' text (docs/crowds.md). Every table is of 4-byte fields.
    public struct CrowdSection: Equatable, Sendable {
        public static let accessPointCount = 0
        public static let areaCount = 4
        public static let binCount = 8
        /// `u32`: the width of a density bin in thousandths of a person per square metre.
        public static let binWidth = 12
        public static let keyBytes = 16
        public static let headerSize = 24

        public let accessPointCount: Int
        public let areaCount: Int
        public let binCount: Int

        public init(accessPointCount: Int, areaCount: Int, binCount: Int) {
            self.accessPointCount = accessPointCount
            self.areaCount = areaCount
            self.binCount = binCount
        }

        public var accessPoints: Int { Self.headerSize }
        public var areas: Int { accessPoints + accessPointCount * CrowdAccessPointEntry.size }
        public var factors: Int { areas + areaCount * CrowdAreaEntry.size }
        public var keyText: Int { factors + binCount * wordSize }
    }

    /// One access point of `CRWD`.
    public enum CrowdAccessPointEntry {
        public static let size = 24
        /// `u32` offset and length of its key (a normalised BSSID, or a label) in the key text.
        public static let keyOffset = 0
        public static let keyLength = 4
        /// `u32` index into `LEVL`.
        public static let level = 8
        /// `u32` square decimetres: the walkable area of the areas it serves.
        public static let squareDecimetres = 12
        /// `i32` 1e-7 degree: where it stands.
        public static let latitude = 16
        public static let longitude = 20
    }

    /// One walkable area of `CRWD`.
    public enum CrowdAreaEntry {
        public static let size = 12
        /// `u32` index into `OUTL`.
        public static let outline = 0
        /// `u32` index into `CRWD`'s access points: the nearest on its level.
        public static let accessPoint = 4
        /// `u32` square decimetres of its outline (holes excluded).
        public static let squareDecimetres = 8
    }

    /// The crowd densities' fundamental diagram: Weidmann's (1993) walking speed on the level,
    /// `v(ρ) = v₀ (1 − exp(−γ (1/ρ − 1/ρ_max)))`, with `γ = 1.913 m⁻²` and `ρ_max = 5.4 m⁻²`.
    public enum Weidmann {
        public static let gamma = 1.913
        public static let jamDensity = 5.4
        /// Density bins of this many thousandths of a person per square metre.
        public static let binWidth: UInt32 = 50
        /// Bins up to the jam density; a density in the last bin or beyond stands still.
        public static let binCount = Int((jamDensity * 1000 / Double(binWidth)).rounded())
        /// The largest time factor a slowed area is given: the conditions' limit.
        public static let largestFactor: UInt32 = 1_000_000

        /// The time multiplier of bin `bin` in thousandths (1000: walking speed unchanged), at the
        /// bin's upper density; ``BundleFormat/impassable`` where walkers stand still.
        public static func factor(bin: Int) -> UInt32 {
            let density = Double(bin + 1) * Double(binWidth) / 1000
            let share = 1 - exp(-gamma * (1 / density - 1 / jamDensity))
            guard share > 0 else { return BundleFormat.impassable }
            return UInt32(min((1000 / share).rounded(), Double(largestFactor)))
        }
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
