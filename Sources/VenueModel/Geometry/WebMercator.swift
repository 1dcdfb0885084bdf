import Foundation

/// The spherical Web Mercator projection (EPSG:3857) that surveys such as UJIIndoorLoc use for
/// their positions.
///
/// Its metres are ground metres only at the equator: at latitude φ one EPSG:3857 metre is
/// cos φ ground metres, so distances in it overstate ground distances away from the equator.
public enum WebMercator {
    /// The sphere's radius: the WGS 84 semi-major axis, as EPSG:3857 defines it.
    public static let radius = 6_378_137.0

    /// The WGS 84 coordinate of the EPSG:3857 point (`x` east, `y` north, in metres).
    public static func coordinate(x: Double, y: Double) -> Coordinate {
        let longitude = x / radius * 180 / .pi
        let latitude = (2 * atan(exp(y / radius)) - .pi / 2) * 180 / .pi
        return Coordinate(latitude: latitude, longitude: longitude)
    }

    /// The EPSG:3857 metres of a WGS 84 coordinate.
    public static func projected(_ coordinate: Coordinate) -> (x: Double, y: Double) {
        let x = coordinate.longitude * .pi / 180 * radius
        let y = log(tan(.pi / 4 + coordinate.latitude * .pi / 360)) * radius
        return (x, y)
    }
}
