import Foundation
import Pipeline

/// Pipeline files: YAML from people, checked key by key.
enum PipelineHarness {
    static func yaml(_ data: Data) {
        guard let text = String(data: data, encoding: .utf8) else { return }
        // The input files a pipeline names must exist for it to parse fully: give it two.
        let folder = FuzzScratch.folder
        _ = FuzzScratch.file("b.csv", Data("ref,levels\nA,0\n".utf8))
        _ = FuzzScratch.file("plan.geojson", Data(#"{"type":"FeatureCollection","features":[]}"#.utf8))
        _ = try? PipelineFileParser.parse(text, url: folder.appendingPathComponent("fuzz.yml"))
    }
}
