import CLibFuzzer

#if canImport(Glibc)
  import Glibc
#endif

/// A fuzz target's test of one input: the bytes and their number; returns 0.
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32

/// Runs libFuzzer on `test` with the process's arguments, then exits with its status.
///
/// SwiftPM gives every executable target a `main`, so a target's main.swift calls this
/// instead of defining `LLVMFuzzerTestOneInput` for libFuzzer's own `main`. The arguments are
/// libFuzzer's: corpus directories, `-max_total_time=30`, `-merge=1`, a crash file to replay….
///
/// - Parameter test: The target's test of one input.
public func runFuzzer(_ test: FuzzTest) -> Never {
  var argc = CommandLine.argc
  var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
  let status = LLVMFuzzerRunDriver(&argc, &argv, test)
  exit(status)
}
