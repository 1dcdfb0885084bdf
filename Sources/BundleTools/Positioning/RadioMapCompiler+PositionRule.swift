public import Fingerprints
public import NavFormat
public import VenueModel

extension RadioMapCompiler {
    /// Compiles `scans` into a radio map whose position rule is the one that located the survey's
    /// own held-out spots (or devices) best (``CrossValidation/positionRules(_:inventory:compiler:)``).
    ///
    /// Surveys differ in what makes a good position: one with many scans per spot is best served
    /// by the spots' averages, one whose spots lie far apart by the nearest scans. The survey
    /// itself tells which, without a test file; a survey too small to split keeps the compiler's
    /// rule.
    ///
    /// - Throws: ``BundleToolsError/radioMap(_:)`` when the survey cannot be compiled.
    public func compileChoosingPositionRule(_ scans: [SurveyScan], inventory: [AccessPoint] = [], venueLevels: [VenueLevel] = [],
                                            venueArea: BoundingBox? = nil, folds: Int = 4) throws(BundleToolsError)
        -> (map: RadioMap, report: Report, rules: [CrossValidation.RuleScore]) {
        var compiled: (map: RadioMap, report: Report)
        do {
            compiled = try compile(scans, inventory: inventory, venueLevels: venueLevels, venueArea: venueArea)
        } catch {
            throw .radioMap(error)
        }
        var validation = CrossValidation()
        validation.folds = folds
        let rules = try validation.positionRules(scans, inventory: inventory, compiler: self)
        compiled.map.parameters.position = rules[0].rule
        return (compiled.map, compiled.report, rules)
    }
}
