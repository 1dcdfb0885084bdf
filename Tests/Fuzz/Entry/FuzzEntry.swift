import Foundation
import FuzzHarnesses

// libFuzzer calls this once per input; NAVFORGE_FUZZ_TARGET names the harness (scripts/fuzz.sh
// sets it). An unknown or missing target stops the run at the first input with the list.
nonisolated(unsafe) private var target: FuzzTarget? = {
    guard let target = FuzzTarget.fromEnvironment() else {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("set NAVFORGE_FUZZ_TARGET to one of: \(names)\n".utf8))
        exit(2)
    }
    return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    target?.run(Data(bytes: data, count: size))
    return 0
}
