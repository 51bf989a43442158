// The bad-input corpus (issue 12.5): each case of BadInput/manifest.json runs the built `demo`
// end to end and checks that it refuses the input with the exit status and message the case
// names, prints nothing on standard output and is not killed by a signal.

import Foundation
import Testing

/// One case of `BadInput/manifest.json`: a command line the demo must refuse, and how.
///
/// In `arguments` and `stderr`, `{corpus}` stands for the corpus directory and `{scratch}` for
/// a fresh temporary directory holding the case's `generated` files.
struct BadInputCase: Decodable, Sendable, CustomTestStringConvertible {
  /// What the case feeds the demo, in a few words.
  var name: String
  /// The command line, without the program name.
  var arguments: [String]
  /// Standard input; empty when left out.
  var stdin: String?
  /// The files the test writes into `{scratch}` first (see ``BadInputFiles``).
  var generated: [String]
  /// The exit status the demo must end with.
  var status: Int32
  /// Text standard error must contain: a string, or an array of strings that must all appear.
  var stderr: [String]
  /// Why the demo does not behave so yet; the case then runs as a known issue.
  var knownIssue: String?

  var testDescription: String { name }

  private enum CodingKeys: String, CodingKey {
    case name, arguments, stdin, generated, status, stderr, knownIssue
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    arguments = try container.decode([String].self, forKey: .arguments)
    stdin = try container.decodeIfPresent(String.self, forKey: .stdin)
    generated = try container.decodeIfPresent([String].self, forKey: .generated) ?? []
    status = try container.decode(Int32.self, forKey: .status)
    if let fragment = try? container.decode(String.self, forKey: .stderr) {
      stderr = [fragment]
    } else {
      stderr = try container.decode([String].self, forKey: .stderr)
    }
    knownIssue = try container.decodeIfPresent(String.self, forKey: .knownIssue)
  }
}

/// The corpus directory and its manifest.
enum BadInputCorpus {
  /// `Tests/DemoTests/BadInput`, found from this file's path.
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("BadInput", isDirectory: true)

  /// The manifest's cases, or why it could not be read.
  static let loaded: Result<[BadInputCase], any Error> = Result {
    struct Manifest: Decodable { var cases: [BadInputCase] }
    let data = try Data(contentsOf: directory.appendingPathComponent("manifest.json"))
    return try JSONDecoder().decode(Manifest.self, from: data).cases
  }

  /// The manifest's cases; none when it cannot be read (`manifestIsComplete` then fails).
  static var cases: [BadInputCase] { (try? loaded.get()) ?? [] }
}

/// The corpus files written at run time rather than committed: bytes that are not UTF-8 text,
/// files of many megabytes, a symbolic link loop, a directory, a FIFO and a font directory
/// holding one.
enum BadInputFiles {
  /// Writes the generated file `name` into `directory`.
  ///
  /// - Throws: ``UnknownGeneratedFile`` when no generator has that name, or the file
  ///   system's error.
  static func write(_ name: String, into directory: URL) throws {
    let file = directory.appendingPathComponent(name)
    let fileManager = FileManager.default
    switch name {
    case "directory.xml":
      try fileManager.createDirectory(at: file, withIntermediateDirectories: false)
    case "fifo.json":
      guard mkfifo(file.path, 0o600) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
      }
    case "fonts-with-fifo":
      try fileManager.createDirectory(at: file, withIntermediateDirectories: false)
      try fileManager.copyItem(
        atPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        toPath: file.appendingPathComponent("DejaVuSans.ttf").path)
      let fifo = file.appendingPathComponent("x.ttf").path
      guard mkfifo(fifo, 0o600) == 0 else {
        throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: fifo])
      }
    case "loop-a":
      try fileManager.createSymbolicLink(atPath: file.path, withDestinationPath: "loop-b")
      try fileManager.createSymbolicLink(
        atPath: directory.appendingPathComponent("loop-b").path, withDestinationPath: "loop-a")
    default:
      guard let bytes = try contents(of: name) else { throw UnknownGeneratedFile(name: name) }
      try Data(bytes).write(to: file)
    }
  }

  /// The bytes of the generated file `name`; nil when there is no such generator.
  private static func contents(of name: String) throws -> [UInt8]? {
    let json = try corpusFile("valid.json")
    let xml = try corpusFile("valid.xml")
    let quotedHello = Array(#""Hello""#.utf8)
    // `bytes` with the text "Hello" (quoted) replaced by `"Hel`, `middle`, `lo"`.
    func hello(in bytes: [UInt8], around middle: [UInt8]) -> [UInt8] {
      bytes.replacing(quotedHello, with: Array(#""Hel"#.utf8) + middle + Array(#"lo""#.utf8))
    }
    let sixteenMiB = 16 << 20
    switch name {
    case "invalid-utf8.json": return hello(in: json, around: [0xFF])
    case "overlong-utf8.json": return hello(in: json, around: [0xC0, 0xAF])
    case "utf8-encoded-surrogate.json": return hello(in: json, around: [0xED, 0xA0, 0x80])
    case "truncated-utf8.json":
      // Cut after `"Hel`, then the first two bytes of the three of "€".
      guard let start = json.firstRange(of: quotedHello)?.lowerBound else { return nil }
      return Array(json[..<(start + 4)]) + [0xE2, 0x82]
    case "utf16.json":
      let units = String(decoding: json, as: UTF8.self).utf16
      return [0xFF, 0xFE] + units.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8($0 >> 8)] }
    case "raw-nul.json": return hello(in: json, around: [0])
    case "nul-after-value.json": return json + [0]
    case "invalid-utf8.xml": return hello(in: xml, around: [0xFF])
    case "raw-nul.xml": return hello(in: xml, around: [0])
    case "latin1.xml":
      return xml.replacing(Array("UTF-8".utf8), with: Array("ISO-8859-1".utf8))
        .replacing(quotedHello, with: Array(#""H"#.utf8) + [0xE9] + Array(#"llo""#.utf8))
    case "deep-arrays.json": return repeated("[", 100_000)
    case "deep-arrays-closed.json": return repeated("[", 100_000) + repeated("]", 100_000)
    case "deep-objects.json": return repeated(#"{"a":"#, 100_000)
    case "deep-widgets.json":
      return Array(#"{"designScreen": "iPhone 5", "root": "#.utf8)
        + repeated(#"{"type": "View", "children": ["#, 300) + Array(#"{"type": "View"}"#.utf8)
        + repeated("]}", 300) + Array("}".utf8)
    case "deep-elements.xml": return nestedElements(100_000, closed: true)
    case "deep-elements-1000.xml": return nestedElements(1_000, closed: true)
    case "deep-elements-unclosed.xml": return nestedElements(100_000, closed: false)
    case "over-16-mib.json": return spaces(sixteenMiB) + Array("{}".utf8)
    case "exactly-16-mib.json": return spaces(sixteenMiB - 2) + Array("{}".utf8)
    case "over-16-mib.xml": return spaces(sixteenMiB) + Array("<layout/>".utf8)
    case "over-8-mib.xml":
      // Valid XML one byte over the XML limit: libxml2 used to call it truncated.
      let head = Array("<?xml version=\"1.0\"?><layout designScreen=\"iPhone 5\">".utf8)
      let tail = Array("<View id=\"root\" frame=\"0,0,320,568\"/></layout>".utf8)
      return head + spaces(sixteenMiB / 2 + 1 - head.count - tail.count) + tail
    default: return nil
    }
  }

  private static func corpusFile(_ name: String) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: BadInputCorpus.directory.appendingPathComponent(name)))
  }

  private static func repeated(_ text: String, _ count: Int) -> [UInt8] {
    Array(String(repeating: text, count: count).utf8)
  }

  private static func spaces(_ count: Int) -> [UInt8] {
    [UInt8](repeating: UInt8(ascii: " "), count: count)
  }

  /// A layout whose root holds `depth` nested `<View>` elements.
  private static func nestedElements(_ depth: Int, closed: Bool) -> [UInt8] {
    let open = Array(#"<layout designScreen="iPhone 5">"#.utf8) + repeated("<View>", depth)
    return closed ? open + repeated("</View>", depth) + Array("</layout>".utf8) : open
  }
}

/// A case names a generated file that ``BadInputFiles`` cannot make.
struct UnknownGeneratedFile: Error, CustomStringConvertible {
  var name: String

  var description: String { "no generator for the corpus file \(name)" }
}

/// What one run of `demo` on a bad input did.
struct BadInputRun {
  /// The exit status, or the signal's number when a signal ended the process.
  var status: Int32
  /// Whether a signal ended the process.
  var signaled: Bool
  /// Whether the run outlived its time limit and was killed.
  var timedOut: Bool
  var stdout: Data
  var stderr: String
}

@Suite("demo bad-input corpus")
struct BadInputCorpusTests {
  /// The longest a run may take; a hang is a failure, not a stuck test run.
  static let timeLimit: DispatchTimeInterval = .seconds(120)
  /// The most standard error may hold: one message and, for a usage error, the help.
  static let stderrLimit = 8 << 10

  @Test("The manifest lists at least 60 cases with distinct names, and each corpus file is used")
  func manifestIsComplete() throws {
    let cases = try BadInputCorpus.loaded.get()
    #expect(cases.count >= 60)
    let names = cases.map(\.name)
    #expect(Set(names).count == names.count, "two cases share a name")
    let arguments = cases.flatMap(\.arguments)
    let files = try FileManager.default.contentsOfDirectory(atPath: BadInputCorpus.directory.path)
    for file in files.sorted() where file != "manifest.json" {
      let path = "{corpus}/\(file)"
      let used = arguments.contains { $0 == path || $0.hasPrefix(path + "/") }
      #expect(used, "no case uses \(file)")
    }
  }

  @Test(
    "Each bad input exits with its status and message, prints nothing and is not signalled",
    arguments: BadInputCorpus.cases)
  func badInputIsRefused(_ badInput: BadInputCase) throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    for name in badInput.generated {
      try BadInputFiles.write(name, into: scratch.url)
    }
    func expand(_ text: String) -> String {
      text.replacingOccurrences(of: "{corpus}", with: BadInputCorpus.directory.path)
        .replacingOccurrences(of: "{scratch}", with: scratch.url.path)
    }
    let run = try Self.run(
      badInput.arguments.map(expand), stdin: Data((badInput.stdin ?? "").utf8),
      scratch: scratch.url)
    let excerpt = String(run.stderr.prefix(600))
    func check() {
      #expect(!run.timedOut, "no exit within \(Self.timeLimit)")
      #expect(!run.signaled, "killed by signal \(run.status); stderr: \(excerpt)")
      #expect(run.status == badInput.status, "stderr: \(excerpt)")
      let stdout = String(decoding: run.stdout.prefix(600), as: UTF8.self)
      #expect(run.stdout.isEmpty, "stdout: \(stdout)")
      #expect(run.stderr.hasPrefix("demo: "), "stderr: \(excerpt)")
      #expect(run.stderr.utf8.count <= Self.stderrLimit, "stderr of \(run.stderr.utf8.count) bytes")
      for fragment in badInput.stderr.map(expand) {
        #expect(run.stderr.contains(fragment), "stderr: \(excerpt)")
      }
    }
    if let issue = badInput.knownIssue {
      withKnownIssue(Comment(rawValue: issue)) { check() }
    } else {
      check()
    }
  }

  /// Runs `demo` with `arguments` and `stdin`, its output captured through files in `scratch`,
  /// killing it after ``timeLimit``.
  static func run(_ arguments: [String], stdin: Data, scratch: URL) throws -> BadInputRun {
    let fileManager = FileManager.default
    let inURL = scratch.appendingPathComponent("stdin")
    let outURL = scratch.appendingPathComponent("stdout")
    let errURL = scratch.appendingPathComponent("stderr")
    try stdin.write(to: inURL)
    #expect(fileManager.createFile(atPath: outURL.path, contents: nil))
    #expect(fileManager.createFile(atPath: errURL.path, contents: nil))
    let inHandle = try FileHandle(forReadingFrom: inURL)
    let outHandle = try FileHandle(forWritingTo: outURL)
    let errHandle = try FileHandle(forWritingTo: errURL)
    let process = Process()
    process.executableURL = try demoExecutable()
    process.arguments = arguments
    process.standardInput = inHandle
    process.standardOutput = outHandle
    process.standardError = errHandle
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    var timedOut = false
    if exited.wait(timeout: .now() + timeLimit) == .timedOut {
      timedOut = true
      kill(process.processIdentifier, SIGKILL)
      exited.wait()
    }
    try inHandle.close()
    try outHandle.close()
    try errHandle.close()
    return BadInputRun(
      status: process.terminationStatus,
      signaled: process.terminationReason == .uncaughtSignal,
      timedOut: timedOut,
      stdout: try Data(contentsOf: outURL),
      stderr: String(decoding: try Data(contentsOf: errURL), as: UTF8.self))
  }
}
