import FontFit
import Foundation
import TestSupport
import Testing

// A dump writes each of a screen's many widgets as soon as it is laid out, on the core that
// laid it out (issue 25, target 5), rather than in a second pass over the laid-out tree: the
// bytes and the list of failed widgets must be those of the second pass.

@Suite("A screen written as it is laid out")
struct WrittenAsLaidOutTests {
  let fonts: FontSystem

  init() throws {
    fonts = try Project.fontSystem(sources: FontSources(directories: []))
  }

  /// A layout of `count` labels and stacks in one view, enough to lay out on all cores: Latin,
  /// Chinese and Arabic texts, auto-fit labels, labels whose size grid is too fine for the
  /// larger screens (so their layout fails there), and fit groups when `grouped`.
  static func layoutFile(count: Int, grouped: Bool) throws -> URL {
    let texts = ["Sign in with your account", "字体自适应标签", "مرحبا بالعالم، هذا نص عربي"]
    var children: [String] = []
    for index in 0..<count {
      let text = "\(texts[index % texts.count]) \(index % 7)"
      var members = [
        "\"id\": \"w\(index)\"", "\"frame\": [10, \(index % 500), \(80 + index % 220), 40]",
      ]
      if index % 10 == 9 {
        let label = "{\"type\": \"Label\", \"font\": \"DejaVu Sans 15\", \"text\": \"\(text)\"}"
        members += ["\"type\": \"Stack\"", "\"children\": [\(label), \(label)]"]
      } else {
        members += ["\"type\": \"Label\"", "\"text\": \"\(text)\""]
        if index % 50 == 3 {
          // 19pt of 0.0002pt steps is 95,000 sizes, within the limit of 100,000 on the
          // design screen; on a screen 2pt larger it is 105,000, and layout fails there.
          members += [
            "\"font\": \"DejaVu Sans 29\"", "\"autoFit\": {\"minimumSize\": 10, \"step\": 0.0002}",
          ]
        } else {
          members.append("\"font\": \"DejaVu Sans \(10 + index % 20)\"")
          if index % 3 == 0 { members.append("\"autoFit\": {\"minimumSize\": 10}") }
        }
        if grouped, index % 13 == 0 { members.append("\"fitGroup\": \"g\"") }
      }
      children.append("{" + members.joined(separator: ", ") + "}")
    }
    let document = """
      {"designScreen": "iPhone 5", "root": {"type": "View", "id": "root", \
      "frame": [0, 0, 320, 568], "children": [\(children.joined(separator: ",\n"))]}}
      """
    let file = FileManager.default.temporaryDirectory
      .appendingPathComponent("written-as-laid-out-\(UUID().uuidString).json")
    try Data(document.utf8).write(to: file)
    return file
  }

  @Test(
    "Written as laid out, a dump is the laid-out trees' dump, with the same failed widgets",
    arguments: [DumpFormat.text, .json(includingGlyphs: false), .json(includingGlyphs: true)],
    [false, true])
  func sameAsReadAfterLayout(format: DumpFormat, grouped: Bool) throws {
    let file = try Self.layoutFile(count: 300, grouped: grouped)
    defer { try? FileManager.default.removeItem(at: file) }
    let project = try Project(file: file.path)
    var bytes: [UInt8] = []
    let failures = try project.writeUTF8Dump(format, shaper: fonts) { bytes += $0 }
    // Each screen laid out whole, then read: snapshotted, and its failures listed.
    let glyphs = format == .json(includingGlyphs: true)
    var expectedFailures: [String] = []
    let whole = LayoutSnapshot(
      screens: try project.jobs.map { job in
        let tree = job.layOut(shaper: fonts)
        expectedFailures += tree.layoutFailures
        return try ScreenSnapshot(tree: tree, includingGlyphs: glyphs)
      })
    let expected = format == .text ? whole.text : whole.json(includingGlyphs: glyphs)
    // Compared as a boolean: a failure would otherwise print every byte.
    let same = bytes == Array(expected.utf8)
    #expect(same, "the dump differs from the laid-out trees' dump")
    #expect(failures == expectedFailures)
    // Six of the labels fail on each screen at least 2pt larger than the design screen.
    #expect(failures.count >= 6)
    #expect(failures.allSatisfy { $0.hasPrefix("Label w") && $0.contains("candidate sizes") })
  }

  @Test(
    "A tree that lets go of its layouts as it is written is written and laid out again alike",
    arguments: [DumpFormat.text, .json(includingGlyphs: true)], [false, true])
  func discardingLayouts(format: DumpFormat, grouped: Bool) throws {
    let file = try Self.layoutFile(count: 300, grouped: grouped)
    defer { try? FileManager.default.removeItem(at: file) }
    let project = try Project(file: file.path)
    let document = try #require(project.localizations.first).document
    // One tree moved from screen to screen, written as it is laid out, its layouts let go of
    // (a grouped tree is laid out twice, and read after its groups settle).
    let moved = document.makeTree(on: project.screens[0], shaper: fonts)
    for (position, job) in project.jobs.enumerated() {
      moved.environment = document.environment(on: job.screen, shaper: fonts)
      let part = try format.layOutAndWritePart(
        tree: moved, locale: nil, at: position, discardingLayouts: true)
      var written: [UInt8] = []
      part.withUnsafeBytes { written = Array($0) }
      let fresh = job.layOut(shaper: fonts)
      let expected = try format.utf8Part(forTree: fresh, locale: nil, at: position)
      var expectedBytes: [UInt8] = []
      expected.withUnsafeBytes { expectedBytes = Array($0) }
      let same = written == expectedBytes
      #expect(same, "screen \(job.screen.name) differs")
      #expect(part.failures == fresh.layoutFailures)
      // Let go of unless the tree was read in a second pass.
      #expect(moved.children.allSatisfy(\.needsLayout) == !grouped)
    }
  }
}
