import Foundation

/// Distances on a sphere of the Earth's mean radius, for what a reader tells people rather than
/// what it routes on (arcs carry their own lengths).
public enum GreatCircle {
    /// The mean radius in metres (IUGG).
    public static let earthRadius = 6_371_008.8

    /// Metres between two WGS 84 positions (haversine).
    public static func metres(_ latitude1: Double, _ longitude1: Double,
                              _ latitude2: Double, _ longitude2: Double) -> Double {
        let radians = Double.pi / 180
        let dLatitude = (latitude2 - latitude1) * radians, dLongitude = (longitude2 - longitude1) * radians
        let a = sin(dLatitude / 2) * sin(dLatitude / 2)
            + cos(latitude1 * radians) * cos(latitude2 * radians) * sin(dLongitude / 2) * sin(dLongitude / 2)
        return 2 * earthRadius * asin(min(1, a.squareRoot()))
    }
}
