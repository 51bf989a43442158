// The bundled sample's dumps against committed golden files, and what the JSON dump promises
// machines.

import Foundation
import Testing

@Suite("Golden dumps of the bundled sample")
struct GoldenDumpTests {
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

  @Test("--glyphs adds glyph runs whose advances add up to each line's width (issue 7)")
  func glyphRuns() throws {
    let run = try runDemo(["--format", "json", "--glyphs", "--screen", "iPhone 6"])
    #expect(run.status == 0)
    let root = try #require(try jsonScreens(run).first?["root"] as? [String: Any])
    var checked = 0
    for widget in widgets(in: root) {
      let lines = widget["lines"] as? [String] ?? []
      let boxes = widget["lineBoxes"] as? [[String: Any]] ?? []
      #expect(boxes.count == lines.count)
      for box in boxes {
        let runs = try #require(box["runs"] as? [[String: Any]], "a line box has no runs")
        let glyphs = runs.flatMap { $0["glyphs"] as? [[String: Any]] ?? [] }
        let total = glyphs.compactMap { number($0, "advance") }.reduce(0, +)
        let width = try #require(number(box, "width"))
        #expect(abs(total - width) <= 0.01 * Double(max(glyphs.count, 1)))
        for run in runs { #expect((run["file"] as? String)?.hasPrefix("/") == true) }
        checked += 1
      }
    }
    #expect(checked > 10)
  }

  @Test("--glyphs without --format json is a usage error")
  func glyphsNeedJSON() throws {
    let run = try runDemo(["--glyphs"])
    #expect(run.status == 2)
    #expect(run.stderr.contains("--glyphs needs --format json"))
  }
}
