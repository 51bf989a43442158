import FontFitFontModel
import FontFitFonts
import FontFitText
import FontFitWidgets
import Foundation
import TestSupport
import Testing

/// Self-sizing labels against Pango itself (issue 22): a label in a column is as tall as its
/// text wrapped at the label's width, and the reference for that height is Pango's layout of
/// the same text, font and size at that width (Tests/Harness/pango_extents.c with `--wrap`:
/// Pango 1.50 over HarfBuzz and FreeType at 72 dpi, unhinted, word wrapping).
@Suite("Self-sizing labels agree with Pango (issue 22)")
struct StackPangoTests {
  /// Latin texts of one to four lines at the widest column (up to twelve at the narrowest and
  /// largest), with no word wider than the narrowest column at the largest size: Pango's word
  /// wrapping lets such a word overflow, where FontFit breaks it.
  static let texts = [
    "Order summary", "Total 42.50 EUR", "Shipping to 221B Baker Street, London",
    "Three items, shipped together in one parcel within two working days.",
    "Your order has shipped and will arrive on Monday.",
    "Sign in with your account to see past orders, saved items and the cards you pay with.",
    "Tap here to try again later.",
    "We will send a code by text to the phone number you gave us when you signed up.",
  ]
  /// The design sizes, in points (one point is one unit at 72 dpi).
  static let sizes = [11.0, 14, 17.5, 24]
  /// The columns' widths, in screen units.
  static let widths = [120.0, 200, 280, 360]

  @Test("A self-sizing label's height is Pango's layout height at its width, within 0.01pt")
  func heightsAgreeWithPango() throws {
    let screen = Screen(name: "Pango", width: 1_200, height: 20_000, scale: 1, dpi: 72)
    let environment = Fixture.environment(
      on: screen, design: screen, adaptation: .none, scalesFrames: false,
      shaper: try FontSystem.shared())
    let root = View(id: "root", frame: Fixture.frame(screen.width, screen.height))
    var labels: [Label] = []
    var x = 0.0
    for (column, width) in Self.widths.enumerated() {
      let stack = Stack(
        id: "column\(column)", frame: Rect(x: x, y: 0, width: width, height: screen.height),
        spacing: 4)
      for size in Self.sizes {
        for text in Self.texts {
          let label = Label(
            id: "label\(labels.count)", font: Font(family: "DejaVu Sans", pointSize: size),
            text: text)
          label.numberOfLines = 0
          try stack.addChild(label)
          labels.append(label)
        }
      }
      try root.addChild(stack)
      x += width + 10
    }
    root.environment = environment
    root.layoutIfNeeded()

    let input = labels.map { label in
      "DejaVu Sans \(label.font.pointSize)\t\(label.screenFrame.width)\t\(label.text)"
    }
    let binary = try buildPangoHarness("pango_extents")
    let (status, output) = try runCommand(
      [binary.path, "--wrap"], input: input.joined(separator: "\n") + "\n")
    try #require(status == 0, "the harness failed: \(output)")
    let answers = output.split(separator: "\n").map {
      $0.split(separator: "\t").compactMap { Double($0) }
    }
    try #require(answers.count == labels.count, "the harness answered \(answers.count) cases")

    var compared = 0
    var largest = 0.0
    var lineCounts: Set<Int> = []
    for (label, answer) in zip(labels, answers) {
      let pango = try #require(answer.count == 3 ? answer[1] : nil, "harness: \(answer)")
      let fit = try #require(label.layout?.fit, "\(label.id) has no layout")
      #expect(fit.pointSize == label.font.pointSize, "\(label.id) shrank: it was given too little")
      lineCounts.insert(label.layout?.lines.count ?? 0)
      let difference = label.screenFrame.height - pango
      largest = max(largest, abs(difference))
      #expect(
        abs(difference) <= 0.01,
        """
        \(label.font.pointSize)pt at \(label.screenFrame.width): ours \
        \(label.screenFrame.height), Pango \(pango) — \(label.text)
        """)
      compared += 1
    }
    print(
      "Pango heights: \(compared) labels compared, \(lineCounts.sorted()) lines, largest "
        + "difference \(String(format: "%.6f", largest))pt")
    try #require(compared > 0, "nothing was compared")
    #expect(compared == Self.widths.count * Self.sizes.count * Self.texts.count)
    // The cases must wrap, or agreement would say nothing of line breaking.
    #expect(lineCounts.count >= 4, "lines per label: \(lineCounts.sorted())")
  }
}
