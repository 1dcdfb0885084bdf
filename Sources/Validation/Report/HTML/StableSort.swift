extension Array {
    /// Sorted, with equal elements kept in their original order.
    ///
    /// The standard sort promises no stability, and the page must not depend on how it happens
    /// to order equal elements.
    func stablySorted(by areInIncreasingOrder: (Element, Element) -> Bool) -> [Element] {
        enumerated().sorted { lhs, rhs in
            if areInIncreasingOrder(lhs.element, rhs.element) { return true }
            if areInIncreasingOrder(rhs.element, lhs.element) { return false }
            return lhs.offset < rhs.offset
        }.map(\.element)
    }
}
