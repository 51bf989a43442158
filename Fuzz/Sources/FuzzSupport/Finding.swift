#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The prefix of every finding's message, which `scripts/fuzz` and the README refer to.
public let findingPrefix = "FONTFIT-FUZZ PROPERTY FAILED"

/// Stops the run when a property the target checks does not hold.
///
/// The message goes to standard error, then the process aborts: libFuzzer reports the abort as
/// a crash and saves the input as a `crash-…` file, which reproduces the finding when passed to
/// the target again.
///
/// - Parameters:
///   - condition: The property.
///   - message: What was expected and what happened, built only on failure.
public func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
  guard !condition else { return }
  fail(message())
}

/// Stops the run with a finding: see ``expect(_:_:)``.
///
/// - Parameter message: What was expected and what happened.
public func fail(_ message: String) -> Never {
  let line = "\(findingPrefix): \(message)\n"
  _ = line.utf8CString.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count - 1) }
  abort()
}
