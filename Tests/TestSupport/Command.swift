import Foundation

/// Runs a command found on `PATH` (through `/usr/bin/env`), with `input` on standard input, in
/// `directory`, and returns its exit status and its standard output and error together.
///
/// Input and output go through files, not pipes, so a large output cannot block the command
/// while the test waits for it.
public func runCommand(
  _ arguments: [String], input: String? = nil, in directory: URL? = nil
) throws -> (status: Int32, output: String) {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("command-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: folder) }
  let inputFile = folder.appendingPathComponent("input")
  let outputFile = folder.appendingPathComponent("output")
  try Data((input ?? "").utf8).write(to: inputFile)
  try Data().write(to: outputFile)
  let output = try FileHandle(forWritingTo: outputFile)
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  process.standardInput = try FileHandle(forReadingFrom: inputFile)
  process.standardOutput = output
  process.standardError = output
  try process.run()
  process.waitUntilExit()
  try output.close()
  return (process.terminationStatus, try String(contentsOf: outputFile, encoding: .utf8))
}

/// Compiles one of the Pango reference harnesses in `Tests/Harness` (`pango_fit`,
/// `pango_items`, `pango_extents`) against Pango's FreeType backend into a new temporary
/// folder, and returns the binary.
///
/// - Parameter name: The harness's name, its source file's without `.c`.
/// - Returns: The compiled binary's location.
/// - Throws: When the compiler fails (libpango1.0-dev missing: `scripts/test` installs it).
public func buildPangoHarness(_ name: String) throws -> URL {
  try buildHarness(name, linking: "$(pkg-config --cflags --libs pangoft2)")
}

/// Compiles the harness `name` in `Tests/Harness` with the compiler flags `linking` (such as
/// `-lhyphen`) into a new temporary folder, and returns the binary.
///
/// - Throws: When the compiler fails (a -dev package missing: `scripts/test` installs them).
public func buildHarness(_ name: String, linking: String) throws -> URL {
  let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().appendingPathComponent("Harness/\(name).c")
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("\(name)-\(UUID().uuidString)")
  try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  let binary = folder.appendingPathComponent(name)
  let (status, log) = try runCommand(
    [
      "sh", "-c",
      "cc -O2 '\(source.path)' -o '\(binary.path)' \(linking)",
    ], input: nil)
  guard status == 0 else { throw HarnessBuildFailure(name: name, log: log) }
  return binary
}

/// A Pango harness that did not compile, with the compiler's output.
public struct HarnessBuildFailure: Error, CustomStringConvertible {
  /// The harness's name.
  public var name: String
  /// What the compiler printed.
  public var log: String

  /// Says which harness failed and why, and what usually fixes it.
  public var description: String {
    "the harness \(name) does not build (are libpango1.0-dev and libhyphen-dev installed? "
      + "scripts/test installs them): \(log)"
  }
}
