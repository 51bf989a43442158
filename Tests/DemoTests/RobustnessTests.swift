import Foundation
import Testing

/// A small valid layout.
private let tinyLayout = """
  { "designScreen": "iPhone 5",
    "root": { "type": "Label", "id": "hello", "frame": [0, 0, 200, 40], "text": "Hello" } }
  """

@Suite("Robust command line (issue 12)")
struct RobustnessTests {
  @Test("An error exit stays an exit when standard error cannot be written (was a trap)")
  func errorExitWhenStandardErrorIsFull() throws {
    let run = try runDemo(["/nonexistent.json"], standardErrorPath: "/dev/full")
    #expect(run.status == 2)
  }

  @Test("Output that cannot be written is exit 1, never a success with the output lost")
  func lostOutputIsExitOne() throws {
    let run = try runDemo(["--screen", "iPhone 5"], standardOutputPath: "/dev/full")
    #expect(run.status == 1)
    #expect(run.stderr.contains("cannot write the output"), "\(run.stderr)")
  }

  @Test("- reads the layout from standard input, named <stdin> in errors")
  func dashReadsStandardInput() throws {
    let good = try runDemo(["-", "--screen", "iPhone 5"], standardInput: tinyLayout)
    #expect(good.status == 0, "\(good.stderr)")
    #expect(good.stdout.contains("Label hello"))
    let bad = try runDemo(["check", "-"], standardInput: "{ \"designScreen\": 3 }")
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("<stdin>:1:19: designScreen: expected a string"), "\(bad.stderr)")
  }

  @Test("A file that cannot be read says why: directory, symlink loop, missing, empty")
  func readErrorsNameTheCause() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let loopA = scratch.url.appendingPathComponent("a.json").path
    let loopB = scratch.url.appendingPathComponent("b.json").path
    try FileManager.default.createSymbolicLink(atPath: loopA, withDestinationPath: loopB)
    try FileManager.default.createSymbolicLink(atPath: loopB, withDestinationPath: loopA)
    for (path, message) in [
      (scratch.url.path, "cannot be read: is a directory, not a file"),
      (loopA, "cannot be read: too many levels of symbolic links"),
      (scratch.url.appendingPathComponent("missing.json").path, "cannot be read: no such file"),
      ("/dev/null", "/dev/null:1:1: expected a value, found end of input"),
    ] {
      let run = try runDemo([path])
      #expect(run.status == 2, "\(path)")
      #expect(run.stderr.contains(message), "\(path): \(run.stderr)")
      #expect(!run.stderr.contains("NSCocoaErrorDomain"))
    }
  }

  @Test("A screen narrower than one unit is refused (it made NaN and infinite frames)")
  func tinyScreenIsRefused() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "tiny.json",
      """
      { "designScreen": "Tiny",
        "screens": [{ "name": "Tiny", "width": 5e-324, "height": 667 }],
        "root": { "type": "View", "frame": [0, 0, 10, 10] } }
      """)
    let run = try runDemo([path])
    #expect(run.status == 2)
    #expect(
      run.stderr.contains("tiny.json:2:42: screens[0].width: expected at least 1 unit"),
      "\(run.stderr)")
  }

  @Test(
    "Deeply nested widgets among hundreds of children load (read on a worker, they overflowed its stack)"
  )
  func deepChildrenAmongManyLoad() throws {
    // 300 children, read on all cores when shallow; every 20th is a chain of 240 views, which
    // must be read on the calling thread, whose stack grows: on a worker's 2 MiB it crashed.
    func chain(_ depth: Int, _ id: String) -> String {
      var json =
        "{\"type\": \"Label\", \"id\": \"\(id)-leaf\", \"frame\": [0, 0, 100, 20], "
        + "\"text\": \"deep\"}"
      for level in stride(from: depth, to: 0, by: -1) {
        json =
          "{\"type\": \"View\", \"id\": \"\(id)-\(level)\", \"frame\": [0, 0, 100, 20], "
          + "\"children\": [\(json)]}"
      }
      return json
    }
    let children = (0..<300).map { index in
      index % 20 == 0
        ? chain(240, "c\(index)")
        : "{\"type\": \"Label\", \"id\": \"l\(index)\", \"frame\": [0, 0, 100, 20], "
          + "\"text\": \"Item \(index)\"}"
    }
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "deep.json",
      "{\"designScreen\": \"iPhone 5\", \"root\": {\"type\": \"View\", \"id\": \"root\", "
        + "\"frame\": [0, 0, 320, 568], \"children\": [\n" + children.joined(separator: ",\n")
        + "]}}")
    // With no limit on the stack, glibc gives threads 2 MiB: the case that crashed.
    let output = scratch.url.appendingPathComponent("dump.txt").path
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = [
      "-c", "ulimit -s unlimited 2>/dev/null; exec \"$0\" dump \"$1\" --screen 'iPhone 5' > \"$2\"",
      try demoExecutable().path, path, output,
    ]
    try shell.run()
    shell.waitUntilExit()
    #expect(shell.terminationStatus == 0)
    let dumped = try String(contentsOfFile: output, encoding: .utf8)
    #expect(dumped.contains("Label c280-leaf"))
    #expect(dumped.contains("Label l299"))
  }

  @Test("A NUL in a font name is refused (C libraries read \"12\\0junk\" as 12)")
  func nulInFontNameIsRefused() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "nul.json",
      """
      { "designScreen": "iPhone 5",
        "root": { "type": "Label", "font": "DejaVu Sans 12\\u0000junk", "text": "x" } }
      """)
    let run = try runDemo([path])
    #expect(run.status == 2)
    #expect(run.stderr.contains("control character U+0000"), "\(run.stderr)")
    #expect(!run.stderr.utf8.contains(0), "a NUL reached the terminal")
  }

  @Test("Control characters in ids and texts are escaped in the dump and check, never raw")
  func controlCharactersAreEscaped() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let path = try scratch.write(
      "escape.json",
      """
      { "designScreen": "iPhone 5",
        "root": { "type": "View", "id": "root", "frame": [0, 0, 320, 568], "children": [
          { "type": "Label", "id": "red\\u001B[31m", "frame": [0, 0, 100, 20],
            "text": "bell\\u0007 and del\\u007F and csi\\u009B" },
          { "type": "Label", "id": "red\\u001B[31m", "frame": [0, 30, 100, 20], "text": "x" }
        ] } }
      """)
    for arguments in [[path, "--screen", "iPhone 5"], ["check", path, "--screen", "iPhone 5"]] {
      let run = try runDemo(arguments)
      let controls = run.stdout.unicodeScalars.filter {
        ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value)
      }
      #expect(controls.isEmpty, "\(arguments): \(run.stdout.debugDescription)")
      #expect(run.stdout.contains("\"red\\u001b[31m\""), "\(run.stdout)")
    }
  }

  @Test("A catalog of 20,000 screens loads (loading was quadratic: 8,000 took 78 s)")
  func manyScreensLoad() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    var screens: [String] = []
    for index in 0..<20_000 {
      screens.append("{\"name\": \"S\(index)\", \"width\": 320, \"height\": 568}")
    }
    let path = try scratch.write(
      "many.json",
      "{ \"designScreen\": \"S0\", \"screens\": [\(screens.joined(separator: ","))],"
        + " \"root\": { \"type\": \"View\", \"frame\": [0, 0, 10, 10] } }")
    let run = try runDemo([path, "--screen", "S19999"])
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout.hasPrefix("S19999 320×568"))
  }
}
