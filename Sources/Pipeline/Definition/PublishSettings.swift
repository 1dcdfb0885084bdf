public import Publishing

/// A pipeline's `publish` section: the regression gate and how many versions to keep.
public struct PublishSettings: Sendable {
    public var gate = RegressionGate()
    /// Versions to keep when publishing; `nil` keeps all.
    public var keep: Int?

    public init() {}
}
