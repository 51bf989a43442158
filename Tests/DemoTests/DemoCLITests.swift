// End-to-end tests of the built `demo` command: each test runs the binary as a subprocess
// and checks its exit status, standard output and standard error.

import Foundation
import Testing

/// What one run of `demo` produced.
private struct DemoRun {
  var status: Int32
  var stdout: String
  var stderr: String
  var stdoutData: Data
}

/// A fresh temporary directory; call `remove()` when done (tests use `defer`).
private struct ScratchDirectory {
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
private func demoExecutable() throws -> URL {
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
private struct DemoNotFound: Error, CustomStringConvertible {
  var searched: [String]

  var description: String {
    "the built demo executable was not found; searched "
      + searched.joined(separator: ", ")
      + ". Build it with `swift build`, or set DEMO_BINARY to its path."
  }
}

/// Runs `demo` with `arguments`, capturing its output through files so that large outputs
/// cannot fill a pipe and block the child.
private func runDemo(_ arguments: [String]) throws -> DemoRun {
  let executable = try demoExecutable()
  let scratch = try ScratchDirectory()
  defer { scratch.remove() }
  let outURL = scratch.url.appendingPathComponent("stdout")
  let errURL = scratch.url.appendingPathComponent("stderr")
  let fileManager = FileManager.default
  #expect(fileManager.createFile(atPath: outURL.path, contents: nil))
  #expect(fileManager.createFile(atPath: errURL.path, contents: nil))
  let outHandle = try FileHandle(forWritingTo: outURL)
  let errHandle = try FileHandle(forWritingTo: errURL)
  let process = Process()
  process.executableURL = executable
  process.arguments = arguments
  process.standardInput = FileHandle.nullDevice
  process.standardOutput = outHandle
  process.standardError = errHandle
  try process.run()
  process.waitUntilExit()
  try outHandle.close()
  try errHandle.close()
  let outData = try Data(contentsOf: outURL)
  let errData = try Data(contentsOf: errURL)
  return DemoRun(
    status: process.terminationStatus,
    stdout: String(decoding: outData, as: UTF8.self),
    stderr: String(decoding: errData, as: UTF8.self),
    stdoutData: outData)
}

/// The bundled catalog's screens, in catalog order.
private let catalogScreens = [
  "iPhone 4s", "iPhone 5", "iPhone 6", "iPhone 6 Plus", "iPhone X", "iPhone 14",
  "iPhone 14 Pro Max", "iPad", "Panel 800x480", "HD 1280x720", "Full HD 1920x1080",
]

/// The screen heading lines of a text dump: the lines that start in column 1.
private func headings(_ text: String) -> [String] {
  text.split(separator: "\n", omittingEmptySubsequences: true)
    .filter { !$0.hasPrefix(" ") }
    .map(String.init)
}

/// The name part of a heading such as `iPhone 6 375×667 @2x`.
private func headingName(_ heading: String) -> String {
  var words = heading.split(separator: " ")
  if words.count >= 2 { words.removeLast(2) }
  return words.joined(separator: " ")
}

/// Every widget of a JSON dump's tree, depth first.
private func widgets(in node: [String: Any]) -> [[String: Any]] {
  var result = [node]
  for child in node["children"] as? [[String: Any]] ?? [] {
    result += widgets(in: child)
  }
  return result
}

/// A number of a JSON object, as decoded by `JSONSerialization`.
private func number(_ object: [String: Any]?, _ key: String) -> Double? {
  (object?[key] as? NSNumber)?.doubleValue
}

/// The screens of a JSON dump.
private func jsonScreens(_ run: DemoRun) throws -> [[String: Any]] {
  let top = try #require(
    try JSONSerialization.jsonObject(with: run.stdoutData) as? [String: Any],
    "stdout is not a JSON object")
  #expect(Array(top.keys) == ["screens"])
  return try #require(top["screens"] as? [[String: Any]], "\"screens\" is not an array of objects")
}

@Suite("demo command line")
struct DemoCLITests {
  // MARK: Default run

  @Test("Without arguments, demo prints one block per catalog screen and nothing on stderr")
  func defaultRunCoversCatalog() throws {
    let run = try runDemo([])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    let blocks = run.stdout.split(separator: "\n\n")
    #expect(blocks.count == catalogScreens.count)
    #expect(headings(run.stdout).map(headingName) == catalogScreens)
    for (block, name) in zip(blocks, catalogScreens) {
      #expect(block.hasPrefix(name + " "), "block does not start with \(name): \(block.prefix(40))")
      #expect(block.contains("\n  View root ["), "block \(name) has no root view")
    }
    #expect(headings(run.stdout).first == "iPhone 4s 320×480 @2x")
    #expect(headings(run.stdout).last == "Full HD 1920x1080 1920×1080 @1x")
  }

  @Test("The default run shows every widget type")
  func defaultRunShowsEveryWidgetType() throws {
    let run = try runDemo([])
    #expect(run.status == 0)
    let widgetLines = run.stdout.split(separator: "\n").filter { $0.hasPrefix("  ") }
    let types = Set(widgetLines.compactMap { $0.split(separator: " ").first.map(String.init) })
    #expect(types == ["View", "Label", "Button", "TextField", "TextView"])
  }

  @Test("Two runs print byte-identical output", arguments: ["text", "json"])
  func outputIsDeterministic(format: String) throws {
    let first = try runDemo(["--format", format])
    let second = try runDemo(["--format", format])
    #expect(first.status == 0)
    #expect(second.status == 0)
    #expect(!first.stdoutData.isEmpty)
    #expect(first.stdoutData == second.stdoutData)
  }

  // MARK: Screen selection

  @Test("--screen matches a name case-insensitively and prints only that block")
  func screenIsCaseInsensitive() throws {
    let run = try runDemo(["--screen", "IPHONE 6"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    #expect(headings(run.stdout) == ["iPhone 6 375×667 @2x"])
    #expect(!run.stdout.contains("\n\n"))
  }

  @Test("Repeated --screen options give their blocks in the order given")
  func repeatedScreensKeepOrder() throws {
    let run = try runDemo(["--screen", "ipad", "--screen", "iPhone 4s", "--screen", "hd 1280x720"])
    #expect(run.status == 0)
    let expected = ["iPad 768×1024 @2x", "iPhone 4s 320×480 @2x", "HD 1280x720 1280×720 @1x"]
    #expect(headings(run.stdout) == expected)
    #expect(run.stdout.split(separator: "\n\n").count == 3)
  }

  // MARK: JSON output

  @Test("--format json prints every screen with its size and a widget tree of the full shape")
  func jsonShape() throws {
    let run = try runDemo(["--format", "json"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    let screens = try jsonScreens(run)
    #expect(screens.compactMap { $0["name"] as? String } == catalogScreens)
    for screen in screens {
      #expect(Set(screen.keys) == ["name", "width", "height", "scale", "root"])
      #expect(number(screen, "width") != nil)
      #expect(number(screen, "height") != nil)
      #expect(number(screen, "scale") != nil)
      #expect(screen["root"] is [String: Any])
    }
    let iPhone6 = try #require(screens.first { $0["name"] as? String == "iPhone 6" })
    #expect(number(iPhone6, "width") == 375)
    #expect(number(iPhone6, "height") == 667)
    #expect(number(iPhone6, "scale") == 2)

    let root = try #require(iPhone6["root"] as? [String: Any])
    #expect(root["type"] as? String == "View")
    let label = try #require(widgets(in: root).first { $0["id"] as? String == "short" })
    for key in ["type", "id", "frame", "font", "text", "lines", "textSize", "fits", "children"] {
      #expect(label[key] != nil, "the label has no \(key)")
    }
    #expect(label["type"] as? String == "Label")
    #expect(label["text"] as? String == "A short text keeps its full size.")
    #expect(label["lines"] as? [String] == ["A short text keeps its full size."])
    #expect(label["fits"] as? Bool == true)
    #expect(label["children"] as? [Any] != nil)
    let frame = try #require(label["frame"] as? [String: Any])
    for key in ["x", "y", "width", "height"] {
      #expect(number(frame, key) != nil, "frame has no numeric \(key)")
    }
    let font = try #require(label["font"] as? [String: Any])
    for key in ["requested", "family", "style", "file"] {
      #expect(font[key] is String, "font has no string \(key)")
    }
    for key in ["designSize", "adaptedSize", "size"] {
      #expect(number(font, key) != nil, "font has no numeric \(key)")
    }
    #expect(font["requested"] as? String == "DejaVu Serif 17")
    #expect(font["family"] as? String == "DejaVu Serif")
    let textSize = try #require(label["textSize"] as? [String: Any])
    #expect(number(textSize, "width") != nil)
    #expect(number(textSize, "height") != nil)
  }

  @Test("Every widget that fits has its text inside its frame and a size ≤ the adapted size")
  func fittedTextStaysInsideFrames() throws {
    let run = try runDemo(["--format", "json"])
    #expect(run.status == 0)
    let screens = try jsonScreens(run)
    #expect(screens.count == catalogScreens.count)
    var fittingWidgets = 0
    for screen in screens {
      let name = screen["name"] as? String ?? "?"
      let root = try #require(screen["root"] as? [String: Any])
      for widget in widgets(in: root) where widget["fits"] as? Bool == true {
        fittingWidgets += 1
        let id = "\(name)/\(widget["id"] as? String ?? "?")"
        let frame = try #require(widget["frame"] as? [String: Any], "\(id) has no frame")
        let textSize = try #require(widget["textSize"] as? [String: Any], "\(id) has no textSize")
        let font = try #require(widget["font"] as? [String: Any], "\(id) has no font")
        let frameWidth = try #require(number(frame, "width"))
        let frameHeight = try #require(number(frame, "height"))
        let textWidth = try #require(number(textSize, "width"))
        let textHeight = try #require(number(textSize, "height"))
        let size = try #require(number(font, "size"), "\(id) has no fitted size")
        let adapted = try #require(number(font, "adaptedSize"))
        #expect(textWidth <= frameWidth + 0.001, "\(id): text \(textWidth) wide in \(frameWidth)")
        #expect(
          textHeight <= frameHeight + 0.001, "\(id): text \(textHeight) high in \(frameHeight)")
        #expect(size <= adapted, "\(id): fitted \(size)pt > adapted \(adapted)pt")
      }
    }
    // The sample has 9 text widgets per screen and most of them fit.
    #expect(fittingWidgets > screens.count * 5)
  }

  @Test(
    "The seed increments adapt the 17pt design font of label short",
    arguments: [
      ("iPhone 4s", 17.0), ("iPhone 5", 17.0), ("iPhone 6", 19.0), ("iPhone 6 Plus", 20.0),
    ])
  func seedIncrements(screenName: String, adaptedSize: Double) throws {
    let run = try runDemo(["--format", "json", "--screen", screenName])
    #expect(run.status == 0)
    let screens = try jsonScreens(run)
    #expect(screens.count == 1)
    let screen = try #require(screens.first)
    #expect(screen["name"] as? String == screenName)
    let root = try #require(screen["root"] as? [String: Any])
    let label = try #require(widgets(in: root).first { $0["id"] as? String == "short" })
    let font = try #require(label["font"] as? [String: Any])
    #expect(font["family"] as? String == "DejaVu Serif")
    #expect(number(font, "designSize") == 17)
    #expect(number(font, "adaptedSize") == adaptedSize)
  }

  // MARK: Usage errors and bad input

  @Test("--help prints the usage on stdout and succeeds")
  func helpPrintsUsage() throws {
    for flag in ["--help", "-h"] {
      let run = try runDemo([flag])
      #expect(run.status == 0)
      #expect(run.stdout.contains("USAGE: demo"))
      #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    }
  }

  @Test("An unknown option exits 2 and names the option on stderr")
  func unknownOption() throws {
    let run = try runDemo(["--frobnicate"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--frobnicate"))
    #expect(run.stdout.isEmpty)
  }

  @Test("--format xml exits 2")
  func unknownFormat() throws {
    let run = try runDemo(["--format", "xml"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("xml"))
    #expect(run.stdout.isEmpty)
  }

  @Test("An unknown --screen exits 2 and lists the known screens")
  func unknownScreen() throws {
    let run = try runDemo(["--screen", "No Such Phone"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("No Such Phone"))
    for name in catalogScreens {
      #expect(run.stderr.contains(name), "stderr does not list \(name): \(run.stderr)")
    }
    #expect(run.stdout.isEmpty)
  }

  @Test("A missing layout file exits 2 and names the file")
  func missingFile() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = scratch.url.appendingPathComponent("absent.json").path
    let run = try runDemo([path])
    #expect(run.status == 2)
    #expect(run.stderr.contains(path), "stderr: \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("A layout with a JSON syntax error exits 2 and reports file:line:column")
  func syntaxError() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "broken.json",
      """
      {
        "designScreen": "iPhone 5",
        "root": { "type": "View", "id": "root", },
      }
      """)
    let run = try runDemo([path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(path):3:43: "), "stderr: \(run.stderr)")
    #expect(run.stdout.isEmpty)
  }

  @Test("A layout with an unknown widget type exits 2 and reports the key path")
  func unknownWidgetType() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "slider.json",
      """
      {
        "designScreen": "iPhone 5",
        "root": {
          "type": "View", "id": "root", "frame": [0, 0, 320, 568],
          "children": [
            { "type": "Slider", "id": "volume", "frame": [20, 20, 280, 30] }
          ]
        }
      }
      """)
    let run = try runDemo([path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("\(path):6:17: root.children[0].type: "), "stderr: \(run.stderr)")
    #expect(run.stderr.contains("Slider"))
    #expect(run.stdout.isEmpty)
  }

  @Test("--screens adds a custom screen that --screen can pick")
  func customScreenCatalog() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let catalog = try scratch.write(
      "catalog.json",
      """
      {"screens":[{"name":"Kiosk","width":1024,"height":600,"scale":1}]}
      """)
    let run = try runDemo(["--screens", catalog, "--screen", "kiosk"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    #expect(headings(run.stdout) == ["Kiosk 1024×600 @1x"])
    #expect(run.stdout.contains("\n  View root [0, 0, 1024, 600]"))
  }

  // MARK: Fitting in the text dump

  @Test("A long text in a small label is reported with a fitted size below the adapted size")
  func longTextShrinks() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "crowded.json",
      """
      {
        "designScreen": "iPhone 5",
        "root": {
          "type": "View", "id": "root", "frame": [0, 0, 320, 568],
          "children": [
            { "type": "Label", "id": "crowded", "frame": [20, 20, 120, 40],
              "font": "DejaVu Sans 17", "numberOfLines": 0,
              "autoFit": { "minimumSize": 6, "step": 0.5 },
              "text": "A rather long sentence that cannot possibly fit at seventeen points." }
          ]
        }
      }
      """)
    let run = try runDemo([path, "--screen", "iPhone 5"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    let line = try #require(
      run.stdout.split(separator: "\n").first { $0.hasPrefix("    Label crowded ") },
      "no line for the label in: \(run.stdout)")
    // `… DejaVu Sans Book 17→17→9.5pt · 4 lines · fits · "…"`
    let sizes = try #require(
      line.split(separator: " ").first { $0.contains("→") && $0.hasSuffix("pt") },
      "no design→adapted→fitted sizes in: \(line)")
    let values = sizes.dropLast(2).split(separator: "→").compactMap { Double($0) }
    try #require(values.count == 3, "cannot read sizes \(sizes)")
    #expect(values[0] == 17)
    #expect(values[1] == 17)
    #expect(values[2] < values[1], "not shrunk: \(line)")
    #expect(values[2] >= 6)
    #expect(line.contains(" · fits · "), "\(line)")
  }

  // MARK: Golden dumps

  /// The committed dump of the bundled sample in `format`; `scripts/update-golden` rewrites it.
  private func golden(_ format: String) throws -> String {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden/sample.\(format)")
    return try String(contentsOf: url, encoding: .utf8)
  }

  @Test(
    "The bundled sample dumps exactly as the committed golden files on every screen (issue 6)",
    arguments: ["txt", "json"])
  func goldenDumps(format: String) throws {
    let run = try runDemo(["--format", format == "txt" ? "text" : "json"])
    #expect(run.status == 0)
    #expect(run.stderr.isEmpty, "stderr: \(run.stderr)")
    let expected = try golden(format)
    let actual = run.stdout
    if actual != expected {
      let actualLines = actual.split(separator: "\n", omittingEmptySubsequences: false)
      let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
      let first = zip(actualLines, expectedLines).enumerated().first {
        $0.element.0 != $0.element.1
      }
      Issue.record(
        """
        the \(format) dump differs from Tests/DemoTests/Golden/sample.\(format) \
        (\(actualLines.count) lines, golden \(expectedLines.count)); first difference at line \
        \((first?.offset ?? min(actualLines.count, expectedLines.count)) + 1):
          got:      \(first.map { String($0.element.0) } ?? "")
          expected: \(first.map { String($0.element.1) } ?? "")
        If the change is intended, run scripts/update-golden and review the diff.
        """)
    }
  }

  @Test("The README's text excerpt is part of the golden text dump")
  func readmeExcerpt() throws {
    let readme = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(
          "README.md"),
      encoding: .utf8)
    let dump = try golden("txt")
    let marker = "```\niPhone 6 Plus 414×736 @3x\n"
    let start = try #require(readme.range(of: marker), "README shows no iPhone 6 Plus excerpt")
    let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
    let excerpt = readme[start.upperBound..<end.lowerBound].split(separator: "\n")
    #expect(excerpt.count >= 3)
    for line in excerpt {
      #expect(dump.contains(line), "README line not in the dump: \(line)")
    }
  }

  @Test("JSON failures are objects a machine can switch on: kind, needed, available (issue 6)")
  func jsonFailureObjects() throws {
    let run = try runDemo(["--format", "json", "--screen", "iPhone 5"])
    #expect(run.status == 0)
    let root = try #require(try jsonScreens(run).first?["root"] as? [String: Any])
    let all = widgets(in: root)
    let legal = try #require(all.first { $0["id"] as? String == "legal" })
    let failure = try #require(legal["failure"] as? [String: Any], "legal has no failure object")
    #expect(failure["kind"] as? String == "tooManyLines")
    #expect(number(failure, "needed") == 4)
    #expect(number(failure, "available") == 2)
    let status = try #require(all.first { $0["id"] as? String == "status" })
    let refusal = try #require(status["rejectionFailure"] as? [String: Any])
    #expect(refusal["kind"] as? String == "tooManyLines")
    #expect(status["rejectedText"] as? String != nil)
    let notes = try #require(all.first { $0["id"] as? String == "notes" })
    #expect(number(notes, "contentHeight") != nil, "a text view reports its content height")
    let fits = try #require(all.first { $0["id"] as? String == "short" })
    #expect(fits["failure"] is NSNull)
  }

  @Test("A widget whose layout fails exits 1 and the dump says why")
  func layoutFailureExitsOne() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "huge.json",
      """
      { "designScreen": "iPhone 5",
        "adaptation": { "policy": "proportional", "exponent": 10 },
        "root": { "type": "Label", "id": "huge", "frame": [0, 0, 320, 100], "text": "Hi" } }
      """)
    let run = try runDemo([path, "--screen", "Full HD 1920x1080"])
    #expect(run.status == 1)
    #expect(run.stdout.contains("Label huge"), "stdout: \(run.stdout)")
    #expect(run.stdout.contains("layout failed: font size"), "stdout: \(run.stdout)")
    #expect(run.stderr.contains("1 widget(s) could not be laid out; first: Label huge: "))
  }
}
