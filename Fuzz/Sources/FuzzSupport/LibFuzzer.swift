import CLibFuzzer
import Foundation

/// Hands the process to libFuzzer with `harness` as the function it calls for every input.
///
/// SwiftPM gives an executable its own `main`, so libFuzzer's is never the entry point: each harness's
/// `main.swift` calls this instead, and libFuzzer reads the command line (`-runs=`, corpus folders…) as usual.
public func runLibFuzzer(_ harness: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, harness))
}
