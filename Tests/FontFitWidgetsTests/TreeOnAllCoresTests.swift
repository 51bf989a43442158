import FontFitFontModel
import FontFitFonts
import FontFitSnapshot
@_spi(Engine) import FontFitText
import FontFitWidgets
import Foundation
import Synchronization
import TestSupport
import Testing

// A screen's widgets are laid out on all cores (issue 25, target 5): a widget with many
// children lays their subtrees out in runs on every core, and every widget ends with the
// layout a serial pass gives it.

@Suite("A screen's widgets on all cores")
struct TreeOnAllCoresTests {
  /// The real font system, noting the threads that ask it for a fit's inputs.
  struct ThreadNotingShaper: TextShaping {
    let system: FontSystem
    let threads = Lock<Set<UInt>>([])

    func shape(_ text: String, font: FontDescriptor, options: ShapingOptions)
      throws(ShapingError) -> ShapedText
    {
      try system.shape(text, font: font, options: options)
    }

    func resolve(_ font: FontDescriptor, language: Language?) throws(FontError) -> ResolvedFont {
      try system.resolve(font, language: language)
    }

    func shapeForFit(_ text: String, token: String, font: FontDescriptor, options: ShapingOptions)
      throws(ShapingError) -> ShapedForFit
    {
      threads.withLock { _ = $0.insert(UInt(bitPattern: Int(pthread_self()))) }
      return try system.shapeForFit(text, token: token, font: font, options: options)
    }

    // Nothing kept, so every fit asks the shaper.
    var fitInputsIdentity: (any AnyObject & Sendable)? { nil }
  }

  /// 600 widgets of every sort a screen has: labels in Latin, Chinese and Arabic, texts that
  /// overflow, fit groups, mirrored frames, and stacks that fit their labels together.
  static func widgets() throws -> [View] {
    var random = SplitMix64(seed: 25)
    let texts = [
      "Sign in with your account", "字体自适应标签", "مرحبا بالعالم، هذا نص عربي",
      "When the text is longer than its label, the font shrinks until every word fits",
      "Donaudampfschifffahrtsgesellschaftskapitän", "OK",
    ]
    var widgets: [View] = []
    for index in 0..<600 {
      let y = Double(index % 500)
      let font = try Font("DejaVu Sans \(10 + random.next() % 20)")
      let text = "\(texts[Int(random.next() % UInt64(texts.count))]) \(index % 40)"
      if index % 10 == 9 {
        let stack = Stack(id: "s\(index)", frame: Rect(x: 10, y: y, width: 200, height: 50))
        for part in 0..<2 {
          let label = Label(id: "s\(index)-\(part)", font: font, text: text)
          label.numberOfLines = 1
          try stack.addChild(label)
        }
        widgets.append(stack)
        continue
      }
      let label = Label(
        id: "l\(index)", frame: Rect(x: 10, y: y, width: Double(80 + index % 220), height: 40),
        font: font, text: text)
      if index % 7 == 0 { label.fitGroup = "g\(index % 3)" }
      label.mirrorsInRightToLeft = index % 11 == 0
      widgets.append(label)
    }
    return widgets
  }

  /// Each label's and stack's dump line by its id, from the whole tree's dump.
  static func lines(of root: View) throws -> [String: String] {
    var lines: [String: String] = [:]
    for line in try ScreenSnapshot(tree: root).text.split(separator: "\n") {
      let words = line.split(separator: " ", omittingEmptySubsequences: true)
      guard words.count > 2, words[0] == "Label" || words[0] == "Stack" else { continue }
      lines[String(words[1])] = line.trimmingCharacters(in: .whitespaces)
    }
    return lines
  }

  @Test(
    "A widget with many children lays them out on all cores as a serial pass does",
    arguments: [LayoutDirection.leftToRight, .rightToLeft])
  func manyChildrenLikeSerial(direction: LayoutDirection) throws {
    let system = try FontSystem()
    let screen = TestScreens.iPhone6
    let frame = Rect(x: 0, y: 0, width: 320, height: 568)
    // All 600 in one view: laid out on all cores.
    let shaper = ThreadNotingShaper(system: system)
    let wide = View(id: "root", frame: frame)
    wide.layoutDirection = direction
    wide.environment = WidgetEnvironment(screen: screen, shaper: shaper)
    for widget in try Self.widgets() { try wide.addChild(widget) }
    wide.layoutIfNeeded(sharing: .always)
    // The same widgets in views of 100, each too few to share out: laid out one by one.
    let serial = ThreadNotingShaper(system: system)
    let grouped = View(id: "root", frame: frame)
    grouped.layoutDirection = direction
    grouped.environment = WidgetEnvironment(screen: screen, shaper: serial)
    let widgets = try Self.widgets()
    for part in 0..<6 {
      let view = View(id: "part\(part)", frame: frame)
      for widget in widgets[part * 100..<(part + 1) * 100] { try view.addChild(widget) }
      try grouped.addChild(view)
    }
    grouped.layoutIfNeeded()
    var expected = try Self.lines(of: grouped)
    for part in 0..<6 { expected["part\(part)"] = nil }
    #expect(try Self.lines(of: wide) == expected)
    #expect(expected.count == 600 + 60 * 2)
    #expect(wide.sharesChildrenOut)
    #expect(!grouped.sharesChildrenOut)
    #expect(serial.threads.withLock { $0.count } == 1)
    // Laid out again on another screen, on all cores again, still alike.
    let other = TestScreens.iPhone4s
    wide.environment = WidgetEnvironment(screen: other, shaper: shaper)
    grouped.environment = WidgetEnvironment(screen: other, shaper: serial)
    wide.layoutIfNeeded(sharing: .always)
    grouped.layoutIfNeeded()
    expected = try Self.lines(of: grouped)
    for part in 0..<6 { expected["part\(part)"] = nil }
    #expect(try Self.lines(of: wide) == expected)
    // New texts in a few labels (laid out on this thread), then in many (shared out again).
    for every in [97, 2] {
      for root in [wide, grouped] {
        for (index, label) in Self.labels(of: root).enumerated() where index % every == 0 {
          label.text = "Edited \(index) 字体 \(label.text)"
        }
      }
      wide.layoutIfNeeded(sharing: .always)
      grouped.layoutIfNeeded()
      expected = try Self.lines(of: grouped)
      for part in 0..<6 { expected["part\(part)"] = nil }
      #expect(try Self.lines(of: wide) == expected, "every \(every)th label edited")
    }
  }

  @Test(
    "A serial layout that hands its other children out part way lays out as a serial pass",
    arguments: [0, 1, 250, 472])
  func handedOutPartWay(after count: Int) throws {
    let system = try FontSystem()
    let frame = Rect(x: 0, y: 0, width: 320, height: 568)
    let trees = try (0..<2).map { _ in
      let root = View(id: "root", frame: frame)
      root.environment = WidgetEnvironment(screen: TestScreens.iPhone6, shaper: system)
      for widget in try Self.widgets() { try root.addChild(widget) }
      return root
    }
    for screen in [TestScreens.iPhone6, TestScreens.iPhone4s] {
      for tree in trees { tree.environment = WidgetEnvironment(screen: screen, shaper: system) }
      trees[0].layoutIfNeeded(sharing: .handingOutAfter(count))
      trees[1].layoutIfNeeded(sharing: .never)
      let lines = try trees.map(Self.lines(of:))
      #expect(lines[0] == lines[1], "after \(count), \(screen.name)")
      #expect(lines[0].count == 600 + 60 * 2)
    }
    // Read as laid out (no fit groups, so the reading stands): the first `count` children in
    // one run on this thread, the rest in runs of their own, every child once, in order.
    for label in Self.labels(of: trees[0]) { label.fitGroup = nil }
    trees[0].layoutIfNeeded(sharing: .never)
    trees[0].environment = WidgetEnvironment(screen: TestScreens.iPhone6Plus, shaper: system)
    let runs = try #require(
      trees[0].layoutIfNeeded(sharing: .handingOutAfter(count), start: { [Int]() }) {
        _, position, read in read.append(position)
      })
    #expect(runs.first?.count == count)
    #expect(runs.count == 1 + min(600 - count, ParallelLayout.processorCount * 4))
    #expect(runs.joined().elementsEqual(0..<600))
  }

  /// The labels of a tree, in tree order.
  static func labels(of root: View) -> [Label] {
    var labels: [Label] = []
    func visit(_ view: View) {
      if let label = view as? Label { labels.append(label) }
      view.children.forEach(visit)
    }
    visit(root)
    return labels
  }

  @Test("Only a view of many children, all the package's own widgets, shares them out")
  func whoSharesChildrenOut() throws {
    // An app's subclass may keep state its layout shares with other widgets, or size to its
    // children.
    final class AppLabel: TextWidget {}
    final class AppColumn: View {
      override var sizesToChildren: Bool { true }
    }
    final class AppScreen: View {}
    func filled(_ view: View, count: Int) throws -> View {
      for index in 0..<count {
        try view.addChild(Label(id: "l\(index)", font: try Font("DejaVu Sans 12"), text: "Item"))
      }
      return view
    }
    if ParallelLayout.processorCount > 1 {
      #expect(try filled(View(), count: View.parallelLayoutThreshold).sharesChildrenOut)
      #expect(try filled(Stack(), count: 600).sharesChildrenOut)
      let nested = try filled(View(), count: 300)
      try nested.children[7].addChild(try filled(Stack(), count: 3))
      #expect(nested.sharesChildrenOut)
    }
    #expect(try !filled(View(), count: View.parallelLayoutThreshold - 1).sharesChildrenOut)
    #expect(try !filled(AppColumn(), count: 600).sharesChildrenOut)
    #expect(try !filled(AppScreen(), count: 600).sharesChildrenOut)
    let withApp = try filled(View(), count: 600)
    try withApp.addChild(AppLabel(id: "app", font: try Font("DejaVu Sans 12"), text: "Item"))
    #expect(!withApp.sharesChildrenOut)
    let deep = try filled(View(), count: 600)
    try deep.children[300].addChild(AppLabel(id: "app", font: try Font("DejaVu Sans 12")))
    #expect(!deep.sharesChildrenOut)
    // The answer is kept, and worked out again when a widget joins or leaves the tree, however
    // deep: the app's widget taken out, moved into a package widget's subtree, put back in.
    guard ParallelLayout.processorCount > 1 else { return }
    let app = deep.children[300].children[0]
    app.removeFromParent()
    #expect(deep.sharesChildrenOut)
    let holder = View(id: "holder")
    try holder.addChild(View(id: "inner"))
    try deep.children[5].addChild(holder)
    #expect(deep.sharesChildrenOut)
    try holder.children[0].addChild(app)
    #expect(!deep.sharesChildrenOut)
    try deep.children[9].addChild(app)
    #expect(!deep.sharesChildrenOut)
    app.removeFromParent()
    #expect(deep.sharesChildrenOut)
    #expect(!holder.children[0].children.contains { $0 === app })
  }

  @Test("Trees let go of on all cores are freed, and a tree held elsewhere is kept")
  func releaseOnAllCores() throws {
    final class Watch {
      weak var view: View?
    }
    /// A tree of 300 children, with its middle child watched.
    func tree(_ name: String, watching watch: Watch) throws -> View {
      let root = View(id: name)
      for index in 0..<300 { try root.addChild(View(id: "\(name)\(index)")) }
      watch.view = root.children[150]
      return root
    }
    let freed = Watch()
    let kept = Watch()
    let held = try tree("held", watching: kept)
    View.releaseOnAllCores([try tree("freed", watching: freed), held])
    #expect(freed.view == nil)
    #expect(kept.view?.parent === held)
    #expect(held.children.count == 300)
    // A tree let go of, one of whose children an app still holds: the child outlives it, and
    // is told its parent went, as the parent's deinitialiser tells it.
    let outliving = Watch()
    let outlivingTree = try tree("outliving", watching: outliving)
    let child = try #require(outlivingTree.children.last)
    outlivingTree.environment = WidgetEnvironment(
      screen: TestScreens.iPhone5, shaper: ArithmeticShaper())
    #expect(child.environment != nil)
    // Consumed, so the call holds the tree's only reference.
    View.releaseOnAllCores([consume outlivingTree])
    #expect(outliving.view == nil)
    #expect(child.parent == nil)
    #expect(child.environment == nil)
  }
}
