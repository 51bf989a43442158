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
      let keptLayouts = moved.children.contains { ($0 as? TextWidget)?.layout != nil }
      #expect(keptLayouts == grouped)
    }
  }

  /// A root of `kind` holding `count` widgets: labels in Latin, Chinese and Arabic (some
  /// mirrored in a right-to-left root, some whose grid is too fine for the screen), and small
  /// stacks; a label root holds nothing.
  static func tree(_ kind: String, count: Int) throws -> View {
    let frame = Rect(x: 0, y: 0, width: 320, height: 568)
    let root: View
    switch kind {
    case "stack": root = Stack(id: "root", frame: frame)
    case "scroll": root = ScrollView(id: "root", frame: frame)
    case "label":
      return Label(id: "root", frame: frame, font: try Font("DejaVu Sans 40"), text: "字体 OK")
    default: root = View(id: "root", frame: frame)
    }
    root.layoutDirection = kind == "rtl" ? .rightToLeft : .leftToRight
    let texts = ["Sign in with your account", "字体自适应标签", "مرحبا بالعالم، هذا نص عربي"]
    for index in 0..<count {
      let inStack = kind == "stack" || kind == "scroll"
      let place = Rect(x: 10, y: Double(index % 500), width: Double(80 + index % 220), height: 40)
      if index % 10 == 9 {
        let stack = Stack(id: "s\(index)", frame: inStack ? .zero : place)
        for part in 0..<2 {
          try stack.addChild(
            Label(id: "s\(index)-\(part)", font: try Font("DejaVu Sans 15"), text: texts[part]))
        }
        try root.addChild(stack)
        continue
      }
      let label = Label(
        id: "w\(index)", frame: inStack ? .zero : place,
        font: try Font("DejaVu Sans \(10 + index % 20)"),
        text: "\(texts[index % texts.count]) \(index % 7)")
      label.mirrorsInRightToLeft = index % 11 == 0
      if index % 3 == 0 { label.autoFit = AutoFit(minimumPointSize: 10) }
      if index % 50 == 3 { label.autoFit = AutoFit(minimumPointSize: 10, step: 1e-5) }
      try root.addChild(label)
    }
    return root
  }

  @Test(
    "Whatever its root, on one core, all or all from part way, written as laid out is its dump",
    arguments: ["view", "rtl", "stack", "scroll", "label", "empty"],
    [View.CoreSharing.never, .always, .handingOutAfter(100)])
  func everyRootBothWays(kind: String, sharing: View.CoreSharing) throws {
    for format in [DumpFormat.text, .json(includingGlyphs: false)] {
      let count = kind == "empty" || kind == "label" ? 0 : 300
      let written = try Self.tree(kind, count: count)
      let laidOut = try Self.tree(kind, count: count)
      for tree in [written, laidOut] {
        tree.environment = WidgetEnvironment(screen: TestScreens.iPhone6, shaper: fonts)
      }
      let part = try format.layOutAndWritePart(
        tree: written, locale: "xx", at: 1, sharing: sharing, discardingLayouts: true)
      // Compared with a serial pass.
      laidOut.layoutIfNeeded(sharing: .never)
      let expected = try format.utf8Part(forTree: laidOut, locale: "xx", at: 1)
      var bytes: ([UInt8], [UInt8]) = ([], [])
      part.withUnsafeBytes { bytes.0 = Array($0) }
      expected.withUnsafeBytes { bytes.1 = Array($0) }
      let same = bytes.0 == bytes.1
      #expect(same, "\(kind) root, \(format)")
      #expect(part.failures == laidOut.layoutFailures)
      if count > 0 { #expect(!part.failures.isEmpty) }
      // Every text widget let go of its layout once it was written.
      var kept = 0
      func countKept(_ view: View) {
        if let widget = view as? TextWidget, widget.layout != nil { kept += 1 }
        view.children.forEach(countKept)
      }
      countKept(written)
      #expect(kept == 0, "\(kind) root, \(format): \(kept) layouts kept")
    }
  }
}
