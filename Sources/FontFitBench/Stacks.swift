// `bench --stacks`: how the time to lay out a tree of nested stacks grows with its widgets
// (issue 22). Trees of 125 to 2,000 labels, four stacks deep, are laid out with real fonts:
// first in full, then again after one deep label's text changes, then in full again after the
// environment is set again. It fails when the first layout's time per widget at the largest
// tree is more than three times that at 250 labels: a layout that is linear in the widgets
// keeps it flat.

import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import Foundation

/// Nested stack trees of growing size, laid out and timed.
enum Stacks {
  /// The numbers of labels in the trees.
  static let sizes = [125, 250, 500, 1_000, 2_000]
  /// The trees built and timed for each size; the table gives medians.
  static let runs = 5
  /// The texts changed, one after another, in each tree.
  static let changes = 9
  /// How much the time per widget may grow from 250 labels to the largest tree (eight times as
  /// many) before the bench calls the layout superlinear.
  static let superlinearFactor = 3.0

  /// A tree and what the bench changes in it.
  struct Tree {
    /// The root stack: a scroll view's content, one screen wide and as tall as it needs.
    var root: Stack
    /// Every widget of the tree, the root included.
    var widgets: Int
    /// The labels of the tree.
    var labels: [Label]
    /// Labels four stacks deep (in a column in a row in a section in the root), evenly spread
    /// over the tree: the ones whose texts change.
    var deepLabels: [Label]
  }

  /// The times of one tree, in nanoseconds.
  struct Times {
    var first: Double
    var changes: [Double]
    var full: Double
  }

  /// The texts of the rows' columns: the corpus's labels, its German texts that can wrap (a
  /// compound wider than its column shrinks its label, by design, which the bench's check
  /// would take for a stack that gave too little) and the sentences of its paragraph.
  private static let texts =
    Corpus.labels + Corpus.german.filter { $0.contains(" ") || $0.contains("-") }
    + Corpus.paragraphs().dropFirst()
  /// The trailing labels of rows.
  private static let amounts = ["42.50 EUR", "3 items", "Today", "12:45", "Free", "−15%"]

  /// A tree of `count` labels.
  ///
  /// The root column holds sections of a bold header and up to eight rows; a row holds a
  /// column of two to four labels, a spacer and, every other row, a short label that keeps its
  /// width. Every text carries its label's number, so no two shape alike.
  static func makeTree(labels count: Int) throws(WidgetTreeError) -> Tree {
    let root = Stack(
      id: "root", frame: Rect(x: 0, y: 0, width: 414, height: 1_000_000), spacing: 16)
    root.padding = EdgeInsets(all: 16)
    var widgets = 1
    var labels: [Label] = []
    var deep: [Label] = []
    func label(_ text: String, _ font: Font) -> Label {
      let label = Label(id: "l\(labels.count)", font: font, text: "\(text) \(labels.count + 1)")
      labels.append(label)
      widgets += 1
      return label
    }
    let body = Font(family: "DejaVu Sans", pointSize: 15)
    let detail = Font(family: "DejaVu Sans", pointSize: 13)
    let header = Font(family: "DejaVu Sans Bold", pointSize: 20)
    var section = 0
    while labels.count < count {
      let sectionStack = Stack(id: "s\(section)", spacing: 8)
      try root.addChild(sectionStack)
      widgets += 1
      try sectionStack.addChild(label("Section", header))
      var row = 0
      while row < 8, labels.count < count {
        let rowStack = Stack(id: "s\(section)r\(row)", axis: .horizontal, spacing: 8)
        rowStack.alignment = .center
        let column = Stack(id: "s\(section)r\(row)c", spacing: 2)
        try sectionStack.addChild(rowStack)
        try rowStack.addChild(column)
        widgets += 2
        let lines = min(2 + (row + section) % 3, count - labels.count)
        for line in 0..<lines {
          let text = texts[(labels.count * 7 + line) % texts.count]
          let added = label(text, line == 0 ? body : detail)
          try column.addChild(added)
          if line == 1 { deep.append(added) }
        }
        try rowStack.addChild(Spacer(minLength: 8))
        widgets += 1
        if row.isMultiple(of: 2), labels.count < count {
          let amount = label(amounts[labels.count % amounts.count], body)
          amount.shrink = 0
          try rowStack.addChild(amount)
        }
        row += 1
      }
      section += 1
    }
    let step = max(1, deep.count / changes)
    let picked = stride(from: step / 2, to: deep.count, by: step).prefix(changes)
    return Tree(root: root, widgets: widgets, labels: labels, deepLabels: picked.map { deep[$0] })
  }

  /// Fails unless every label of `tree` was laid out and fits at its design size.
  private static func check(_ tree: Tree, after step: String) {
    for label in tree.labels {
      guard let fit = label.layout?.fit, fit.fits, !label.needsLayout else {
        fail("\(step): \(label.id) (\(label.text)) did not lay out: \(label.layout as Any)")
      }
      guard fit.pointSize == label.font.pointSize else {
        fail("\(step): \(label.id) shrank to \(fit.pointSize)pt: its stack gave it too little")
      }
    }
  }

  /// Builds a tree of `count` labels and times its layouts.
  @inline(never)
  static func measure(labels count: Int, environment: WidgetEnvironment, fonts: FontSystem)
    -> (tree: Tree, times: Times)
  {
    let tree: Tree
    do {
      tree = try makeTree(labels: count)
    } catch {
      fail("building a tree of \(count) labels: \(error)")
    }
    // Every text is new to the font system, as on a screen shown for the first time.
    fonts.removeCachedTexts()
    tree.root.environment = environment
    let first = time { tree.root.layoutIfNeeded() }
    check(tree, after: "first layout of \(count)")
    var changes: [Double] = []
    for (index, label) in tree.deepLabels.enumerated() {
      // Another number of as many digits (DejaVu's digits are all as wide): the label keeps
      // its lines, so nothing else moves.
      let words = label.text.split(separator: " ")
      let number = Int(words.last ?? "") ?? 0
      label.text = (words.dropLast() + ["\(number ^ 1)"]).joined(separator: " ")
      let marked = [label, label.parent, label.parent?.parent, label.parent?.parent?.parent]
      guard marked.allSatisfy({ $0?.needsLayout == true }), tree.root.needsLayout else {
        fail("change \(index) in \(count): the label's stacks are not marked for layout")
      }
      changes.append(time { tree.root.layoutIfNeeded() })
    }
    check(tree, after: "changed texts in \(count)")
    tree.root.environment = environment
    let full = time { tree.root.layoutIfNeeded() }
    check(tree, after: "full relayout of \(count)")
    return (tree, Times(first: first, changes: changes, full: full))
  }

  /// The median of `values`.
  private static func median(_ values: [Double]) -> Double {
    Report.percentiles(values).median
  }

  /// Times every size ``runs`` times, the sizes taking turns, and prints the medians; exits 1
  /// when the time per widget grows superlinearly.
  static func run(fonts: FontSystem) -> Never {
    let screen = Screen(name: "Bench", width: 414, height: 896, scale: 1)
    let environment = WidgetEnvironment(screen: screen, adaptation: .none, shaper: fonts)
    // Opens the faces and fills the processor's caches; not counted.
    _ = measure(labels: sizes[0], environment: environment, fonts: fonts)
    var times: [Int: [Times]] = [:]
    var widgets: [Int: Int] = [:]
    for _ in 0..<runs {
      for size in sizes {
        let (tree, measured) = measure(labels: size, environment: environment, fonts: fonts)
        times[size, default: []].append(measured)
        widgets[size] = tree.widgets
      }
    }
    print(
      "FontFit stacks bench: nested stack trees (root ▸ section ▸ row ▸ column ▸ label), "
        + "DejaVu Sans, medians of \(runs) trees, 1 core")
    print("")
    print(
      "| labels | widgets | first layout ms | per widget µs | one change µs "
        + "| full relayout ms | per widget µs |")
    print("|---|---|---|---|---|---|---|")
    var perWidget: [Int: (first: Double, full: Double)] = [:]
    for size in sizes {
      let runs = times[size] ?? []
      let count = Double(widgets[size] ?? 1)
      let first = median(runs.map(\.first))
      let full = median(runs.map(\.full))
      let change = median(runs.flatMap(\.changes))
      perWidget[size] = (first / 1000 / count, full / 1000 / count)
      print(
        "| \(size) | \(widgets[size] ?? 0) | \(Report.number(first / 1e6, 1)) "
          + "| \(Report.number(first / 1000 / count, 1)) | \(Report.number(change / 1000, 0)) "
          + "| \(Report.number(full / 1e6, 1)) | \(Report.number(full / 1000 / count, 1)) |")
    }
    guard let largest = sizes.last, let last = perWidget[largest], let base = perWidget[250]
    else { fail("no tree of 250 labels measured") }
    let growth = (first: last.first / base.first, full: last.full / base.full)
    print("")
    print(
      "time per widget from 250 to \(largest) labels: first layout "
        + "\(Report.number(growth.first, 2))×, full relayout \(Report.number(growth.full, 2))× "
        + "(at most \(Report.number(superlinearFactor, 0))× for linear)")
    if growth.first > superlinearFactor {
      fail(
        "the first layout's time per widget grew \(Report.number(growth.first, 1))× from 250 "
          + "to \(largest) labels: not linear")
    }
    exit(0)
  }
}
