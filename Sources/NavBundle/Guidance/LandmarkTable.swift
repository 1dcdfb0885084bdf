import NavFormat

/// `GLMK` checked in full when the bundle opens: counts that fit the section exactly, a key per
/// node and `SHAP` corner, landmarks whose strings, places, levels and namings exist, and pairs
/// whose keys and landmarks exist, in the order bisection needs. Later reads cannot fail.
struct LandmarkTable {
    let landmarks: ByteReader
    let pairs: ByteReader
    let landmarkCount: Int
    let keyCount: Int
    let pairCount: Int

    private static func damaged(_ detail: String) -> BundleError { .malformedSection(section: "GLMK", detail: detail) }

    init(section: ByteReader, nodeCount: Int, cornerCount: Int, stringCount: Int, placeCount: Int,
         levelCount: Int) throws(BundleError) {
        typealias Section = BundleFormat.LandmarkSection
        let header = Result { () throws(FormatError) in
            (try section.uint32(at: Section.landmarkCount), try section.uint32(at: Section.keyCount),
             try section.uint32(at: Section.pairCount))
        }
        guard case .success(let (landmarkTotal, keyTotal, pairTotal)) = header else {
            throw Self.damaged("too short for its header")
        }
        guard Int(keyTotal) == nodeCount + cornerCount else {
            throw Self.damaged("has \(keyTotal) keys for the \(nodeCount) nodes of NODE and \(cornerCount) corners of SHAP")
        }
        let layout = Section(landmarkCount: Int(landmarkTotal), pairCount: Int(pairTotal))
        guard section.count == layout.size,
              let landmarks = try? section.slice(offset: layout.landmarks, count: Int(landmarkTotal) * BundleFormat.LandmarkEntry.size),
              let pairs = try? section.slice(offset: layout.pairs, count: Int(pairTotal) * BundleFormat.LandmarkPairEntry.size) else {
            throw Self.damaged("\(landmarkTotal) landmarks and \(pairTotal) pairs do not fill its \(section.count) bytes")
        }
        (self.landmarks, self.pairs) = (landmarks, pairs)
        (landmarkCount, keyCount, pairCount) = (Int(landmarkTotal), Int(keyTotal), Int(pairTotal))
        try checkLandmarks(stringCount: stringCount, placeCount: placeCount, levelCount: levelCount)
        try checkPairs()
    }

    private func checkLandmarks(stringCount: Int, placeCount: Int, levelCount: Int) throws(BundleError) {
        typealias Entry = BundleFormat.LandmarkEntry
        for index in 0..<landmarkCount {
            let base = index * Entry.size
            guard let name = try? landmarks.uint32(at: base + Entry.name), let place = try? landmarks.uint32(at: base + Entry.place),
                  let level = try? landmarks.uint16(at: base + Entry.level),
                  let naming = try? landmarks.uint8(at: base + Entry.naming) else {
                throw Self.damaged("landmark \(index) is unreadable")
            }
            guard name == BundleFormat.none || Int(name) < stringCount else {
                throw Self.damaged("landmark \(index) names string \(name), STRS has \(stringCount)")
            }
            guard place == BundleFormat.none || Int(place) < placeCount else {
                throw Self.damaged("landmark \(index) is place \(place), PLAC has \(placeCount)")
            }
            guard Int(level) < levelCount else {
                throw Self.damaged("landmark \(index) is on level \(level), LEVL has \(levelCount)")
            }
            guard LandmarkNaming(rawValue: naming) != nil else {
                throw Self.damaged("landmark \(index) has naming \(naming), at most 2")
            }
        }
    }

    private func checkPairs() throws(BundleError) {
        var previous: (key: UInt32, salience: UInt8, landmark: UInt32)?
        for index in 0..<pairCount {
            guard let pair = try? self.pair(index) else { throw Self.damaged("pair \(index) is unreadable") }
            guard Int(pair.key) < keyCount, Int(pair.landmark) < landmarkCount else {
                throw Self.damaged("pair \(index) joins key \(pair.key) and landmark \(pair.landmark) of \(keyCount) keys and \(landmarkCount) landmarks")
            }
            if let previous {
                // Key ascending, then salience descending, then landmark ascending, each pair once.
                let ordered = previous.key != pair.key ? previous.key < pair.key
                    : previous.salience != pair.salience ? previous.salience > pair.salience
                    : previous.landmark < pair.landmark
                guard ordered else { throw Self.damaged("pair \(index) is out of order") }
            }
            previous = (pair.key, pair.salience, pair.landmark)
        }
    }

    /// The raw fields of pair `index`.
    func pair(_ index: Int) throws(FormatError) -> (key: UInt32, landmark: UInt32, distance: UInt16, bearing: UInt8, salience: UInt8) {
        typealias Entry = BundleFormat.LandmarkPairEntry
        let base = index * Entry.size
        return (try pairs.uint32(at: base + Entry.key), try pairs.uint32(at: base + Entry.landmark),
                try pairs.uint16(at: base + Entry.distance), try pairs.uint8(at: base + Entry.bearing),
                try pairs.uint8(at: base + Entry.salience))
    }

    /// The pairs of `key`: the first index whose key is not below it, by bisection, to the first above.
    func pairRange(key: Int) throws(FormatError) -> Range<Int> {
        func lowerBound(_ wanted: UInt32) throws(FormatError) -> Int {
            var low = 0, high = pairCount
            while low < high {
                let middle = low + (high - low) / 2
                if try pairs.uint32(at: middle * BundleFormat.LandmarkPairEntry.size) < wanted { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return try lowerBound(UInt32(key))..<(try lowerBound(UInt32(key) + 1))
    }
}
