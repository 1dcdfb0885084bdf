/// A geometry GEOS could not build or evaluate.
public struct GeometryError: Error, Hashable, Sendable, CustomStringConvertible {
    public var description: String

    public init(_ description: String) {
        self.description = description
    }
}
