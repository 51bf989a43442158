// Running the built `demo` binary and reading its output, for the end-to-end tests.

import Foundation
import Testing

/// What one run of `demo` produced.
struct DemoRun {
  var status: Int32
  var stdout: String
  var stderr: String
  var stdoutData: Data
}

/// A fresh temporary directory; call `remove()` when done (tests use `defer`).
struct ScratchDirectory {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory
      .appendingPathComponent("DemoCLITests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  /// Deletes the directory and everything in it.
  func remove() {
    try? FileManager.default.removeItem(at: url)
  }

  /// Writes `text` to a file called `name` and returns its path.
  func write(_ name: String, _ text: String) throws -> String {
    let file = url.appendingPathComponent(name)
    try Data(text.utf8).write(to: file)
    return file.path
  }
}

/// Finds the built `demo` executable next to the test bundle, or fails saying where it looked.
func demoExecutable() throws -> URL {
  var candidates: [URL] = []
  if let path = ProcessInfo.processInfo.environment["DEMO_BINARY"], !path.isEmpty {
    candidates.append(URL(fileURLWithPath: path))
  }
  let bundle = Bundle.main.bundleURL
  let argumentDirectory = URL(fileURLWithPath: CommandLine.arguments[0])
    .deletingLastPathComponent()
  for directory in [
    bundle, bundle.deletingLastPathComponent(),
    argumentDirectory, argumentDirectory.deletingLastPathComponent(),
  ] {
    candidates.append(directory.appendingPathComponent("demo"))
  }
  let fileManager = FileManager.default
  var seen: Set<String> = []
  candidates = candidates.filter { seen.insert($0.standardizedFileURL.path).inserted }
  for candidate in candidates {
    var isDirectory: ObjCBool = false
    if fileManager.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
      !isDirectory.boolValue, fileManager.isExecutableFile(atPath: candidate.path)
    {
      return candidate
    }
  }
  throw DemoNotFound(searched: candidates.map(\.path))
}

/// The built `demo` executable is not where the tests look for it.
struct DemoNotFound: Error, CustomStringConvertible {
  var searched: [String]

  var description: String {
    "the built demo executable was not found; searched "
      + searched.joined(separator: ", ")
      + ". Build it with `swift build`, or set DEMO_BINARY to its path."
  }
}

/// Runs `demo` with `arguments`, capturing its output through files so that large outputs
/// cannot fill a pipe and block the child.
func runDemo(
  _ arguments: [String], in directory: URL? = nil, standardInput: String? = nil,
  standardOutputPath: String? = nil, standardErrorPath: String? = nil
) throws -> DemoRun {
  let executable = try demoExecutable()
  let scratch = try ScratchDirectory()
  defer { scratch.remove() }
  let outURL = scratch.url.appendingPathComponent("stdout")
  let errURL = scratch.url.appendingPathComponent("stderr")
  let fileManager = FileManager.default
  #expect(fileManager.createFile(atPath: outURL.path, contents: nil))
  #expect(fileManager.createFile(atPath: errURL.path, contents: nil))
  let outHandle = try FileHandle(
    forWritingTo: standardOutputPath.map(URL.init(fileURLWithPath:)) ?? outURL)
  let errHandle = try FileHandle(
    forWritingTo: standardErrorPath.map(URL.init(fileURLWithPath:)) ?? errURL)
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  if let directory { process.currentDirectoryURL = directory }
  if let standardInput {
    let inURL = scratch.url.appendingPathComponent("stdin")
    try Data(standardInput.utf8).write(to: inURL)
    process.standardInput = try FileHandle(forReadingFrom: inURL)
  } else {
    process.standardInput = FileHandle.nullDevice
  }
  process.standardOutput = outHandle
  process.standardError = errHandle
  try process.run()
  process.waitUntilExit()
  try outHandle.close()
  try errHandle.close()
  let outData = try Data(contentsOf: outURL)
  let errData = try Data(contentsOf: errURL)
  #expect(
    process.terminationReason == .exit, "demo was killed by signal \(process.terminationStatus)")
  return DemoRun(
    status: process.terminationStatus,
    stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData, as: UTF8.self),
    stdoutData: outData)
}

/// The bundled catalog's screens, in catalog order.
let catalogScreens = [
  "iPhone 4s", "iPhone 5", "iPhone 6", "iPhone 6 Plus", "iPhone X", "iPhone 14",
  "iPhone 14 Pro Max", "iPad", "Panel 800x480", "HD 1280x720", "Full HD 1920x1080",
]

/// The screen heading lines of a text dump: the lines that start in column 1.
func headings(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: true)
    .filter { !$0.hasPrefix(" ") }
    .map(String.init)
}

/// The name part of a heading such as `iPhone 6 375×667 @2x`.
func headingName(_ heading: String) -> String {
  var words = heading.split(separator: " ")
  if words.last?.hasSuffix("dpi") == true { words.removeLast() }
  if words.count >= 2 { words.removeLast(2) }
  return words.joined(separator: " ")
}

/// Every widget of a JSON dump's tree, depth first.
func widgets(in node: [String: Any]) -> [[String: Any]] {
  var result = [node]
  for child in node["children"] as? [[String: Any]] ?? [] {
    result += widgets(in: child)
  }
  return result
}

/// A number of a JSON object, as decoded by `JSONSerialization`.
func number(_ object: [String: Any]?, _ key: String) -> Double? {
  (object?[key] as? NSNumber)?.doubleValue
}

/// The screens of a JSON dump.
func jsonScreens(_ run: DemoRun) throws -> [[String: Any]] {
  let top = try #require(
    try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any],
    "stdout is not a JSON object")
  #expect(Array(top.keys) == ["screens"])
  return try #require(top["screens"] as? [[String: Any]], "\"screens\" is not an array of objects")
}

/// The package's root directory, where `Demo/Projects` is.
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent()
