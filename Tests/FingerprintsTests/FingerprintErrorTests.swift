import Testing
@testable import Fingerprints

/// The radio-map compiler's one error type tells the caller's mistakes from a survey that cannot
/// make a map, by case.
@Suite struct FingerprintErrorTests {
    @Test func parametersNoReaderAcceptsAreTheCallersMistake() {
        var compiler = RadioMapCompiler()
        compiler.parameters.position.neighbours = 0
        let scans = [RadioMapCompilerTests.scan([("WAP1", -60)])]
        #expect(throws: FingerprintError.invalidParameters(compiler.parameters)) { try compiler.compile(scans) }
    }

    @Test func aSurveyThatLeavesNothingIsTheDatas() {
        var report = RadioMapCompiler.Report()
        report.cleaning = ScanCleaner.Report(scansIn: 1, silentScans: 1, duplicateScans: 0, implausibleReadings: 0, scansOut: 0)
        #expect(throws: FingerprintError.emptyRadioMap(report)) { try RadioMapCompiler().compile([RadioMapCompilerTests.scan([])]) }
        #expect(FingerprintError.emptyRadioMap(report).description
            == "no radio map: of 1 scans, 0 survived cleaning, and 0 of 0 access points passed filtering")
    }
}
