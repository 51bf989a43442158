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
