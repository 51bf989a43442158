import FontFitFontModel
import FontFitSnapshot
import FontFitText
import FontFitWidgets
import TestSupport
import Testing

// `check`'s overlaps come from a sweep along one axis; whichever axis it takes, they must be
// what a comparison of every pair of frames gives.

/// How a test places its labels.
enum OverlapShape: String, CaseIterable, CustomTestStringConvertible {
  /// A column down the screen: gaps, touching edges and overlaps between neighbours.
  case column
  /// A row across the screen.
  case row
  /// A grid of rows and columns, some cells widened into their neighbours.
  case grid
  /// Frames anywhere, of any size.
  case pile
  /// A column under a few wide banners that cross it.
  case columnUnderBanners
  /// Edges within the tolerance of each other, negative and zero sizes, infinities and NaN
  /// (which only the Swift API can give).
  case odd

  var testDescription: String { rawValue }

  /// `count` frames in this shape, on whole points so that touching edges touch exactly.
  func frames(_ count: Int, using random: inout SplitMix64) -> [Rect] {
    func jitter() -> Double { Double(Int.random(in: -2...2, using: &random)) }
    switch self {
    case .column:
      return (0..<count).map { index in
        Rect(x: 10 + jitter(), y: Double(index * 20) + jitter(), width: 300, height: 20)
      }
    case .row:
      return (0..<count).map { index in
        Rect(x: Double(index * 30) + jitter(), y: 10 + jitter(), width: 30, height: 20)
      }
    case .grid:
      let columns = 7
      return (0..<count).map { index in
        let wide = Int.random(in: 0..<5, using: &random) == 0
        return Rect(
          x: Double(index % columns * 40), y: Double(index / columns * 20) + jitter(),
          width: wide ? 60 : 40, height: 20)
      }
    case .pile:
      return (0..<count).map { _ in
        Rect(
          x: Double(Int.random(in: 0...300, using: &random)),
          y: Double(Int.random(in: 0...300, using: &random)),
          width: Double(Int.random(in: 0...120, using: &random)),
          height: Double(Int.random(in: 0...60, using: &random)))
      }
    case .odd:
      let starts = [0, 10, 10.0005, 9.9995, 20, -Double.infinity, .nan]
      let sizes = [10, 10.0005, 0, -5, 30, Double.infinity, .nan]
      return (0..<count).map { _ in
        Rect(
          x: starts[Int.random(in: 0..<starts.count, using: &random)],
          y: starts[Int.random(in: 0..<starts.count, using: &random)],
          width: sizes[Int.random(in: 0..<sizes.count, using: &random)],
          height: sizes[Int.random(in: 0..<sizes.count, using: &random)])
      }
    case .columnUnderBanners:
      return (0..<count).map { index -> Rect in
        let top = Double(index * 20)
        if index % 25 == 0 { return Rect(x: 0, y: top + 5, width: 320, height: 30) }
        return Rect(x: 20 + jitter(), y: top + jitter(), width: 280, height: 20)
      }
    }
  }
}

@Suite("check: overlapping text widgets")
struct OverlapCheckTests {
  /// The overlap message of each label, by a comparison of every pair: the earlier labels
  /// (in the tree's order) whose frames overlap its own by more than 1/1000 point.
  private static func expectedMessages(_ frames: [Rect]) -> [String: String] {
    func overlap(_ a: Rect, _ b: Rect) -> Bool {
      a.x + a.width > b.x + 1e-3 && b.x + b.width > a.x + 1e-3
        && a.y + a.height > b.y + 1e-3 && b.y + b.height > a.y + 1e-3
    }
    var messages: [String: String] = [:]
    for later in frames.indices {
      let earlier = frames.indices.prefix(later).filter { overlap(frames[$0], frames[later]) }
      guard let first = earlier.first else { continue }
      let named = earlier.prefix(3).map { "w\($0)" }
      messages["w\(later)"] =
        earlier.count == 1
        ? "its frame overlaps w\(first)'s"
        : "its frame overlaps \(earlier.count) earlier text widgets: "
          + named.joined(separator: ", ")
          + (earlier.count > 3 ? " and \(earlier.count - 3) more" : "")
    }
    return messages
  }

  @Test(
    "The overlaps check reports are those a comparison of every pair finds",
    arguments: OverlapShape.allCases)
  func overlapsAreEveryPairs(shape: OverlapShape) throws {
    var random = SplitMix64(seed: 0x0E71_A9 &+ UInt64(shape.rawValue.utf8.count))
    for count in [0, 1, 2, 5, 40, 300] {
      let frames = shape.frames(count, using: &random)
      let root = View(id: "root", frame: Rect(x: 0, y: 0, width: 320, height: 568))
      for (index, frame) in frames.enumerated() {
        try root.addChild(
          Label(
            id: "w\(index)", frame: frame, font: Font(family: "Test", pointSize: 10), text: "a"))
      }
      root.environment = WidgetEnvironment(
        screen: TestScreens.iPhone5, designScreen: TestScreens.iPhone5,
        shaper: ArithmeticShaper())
      root.layoutIfNeeded()
      var found: [String: String] = [:]
      for problem in try LayoutProblem.problems(in: root) where problem.kind == .overlap {
        #expect(found.updateValue(problem.message, forKey: problem.id) == nil, "\(problem.id)")
      }
      #expect(found == Self.expectedMessages(frames), "\(shape) of \(count)")
    }
  }
}
