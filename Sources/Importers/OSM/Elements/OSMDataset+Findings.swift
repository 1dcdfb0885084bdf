public import VenueModel

extension OSMDataset {
    /// Findings about reading itself, beside the interpreter's about tags: deleted elements the
    /// file held (`deleted-elements`), an Overpass API answer's remarks (`overpass-remark`, or
    /// `overpass-error` when the query failed and the file is incomplete), and what clipping to
    /// an area left out (`outside-within`).
    public func readingIssues(file: String) -> [Issue] {
        var issues: [Issue] = []
        if let first = skipped.examples.first {
            issues.append(Issue(code: .deletedElements, message: deletedMessage,
                                location: SourceLocation(file: file, line: first.line, feature: first.reference)))
        }
        for remark in remarks {
            let location = SourceLocation(file: file, line: remark.line)
            if remark.isError {
                issues.append(Issue(code: .overpassError,
                                    message: "the Overpass API query failed, so this file holds only part of what it asked for: "
                                        + "\"\(remark.text)\"; run it again with a larger [timeout:] or [maxsize:], or over a smaller area",
                                    location: location))
            } else {
                issues.append(Issue(code: .overpassRemark,
                                    message: "the Overpass API answer has a remark: \"\(remark.text)\"", location: location))
            }
        }
        if let clipping {
            let feature: String? = if case .box = clipping.area { nil } else { clipping.area.description }
            let kept = Self.phrase([(clipping.keptNodes, "node"), (clipping.keptWays, "way"), (clipping.keptRelations, "relation")])
            let leftOut = Self.phrase([(clipping.leftOutNodes, "node"), (clipping.leftOutWays, "way"),
                                       (clipping.leftOutRelations, "relation")])
            issues.append(Issue(code: .outsideWithin,
                                message: "within \(clipping.area) keeps \(kept); left out \(leftOut) outside it",
                                location: SourceLocation(file: file, feature: feature)))
        }
        return issues
    }

    private var deletedMessage: String {
        let kinds = Self.phrase([(skipped.nodes, "node"), (skipped.ways, "way"), (skipped.relations, "relation")].filter { $0.0 > 0 })
        var names = skipped.examples.map(\.reference).joined(separator: ", ")
        if skipped.count > skipped.examples.count { names += " and \(skipped.count - skipped.examples.count) more" }
        return "skipped \(kinds) the file marks as deleted (action=delete or visible=false): \(names)"
    }

    /// `2 nodes, 1 way and 0 relations`.
    static func phrase(_ counts: [(Int, String)]) -> String {
        let parts = counts.map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        guard parts.count > 1 else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " and " + parts[parts.count - 1]
    }
}
