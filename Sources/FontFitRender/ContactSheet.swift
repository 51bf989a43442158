// Every screen side by side at one scale, each labelled with its name and size.

import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets

/// A picture of several screens side by side at one common point-to-pixel scale, each with
/// its name, size and scale written above it.
public struct ContactSheet {
  /// Pixels per point for every screen on the sheet.
  public let scale: Double
  /// The screens, left to right.
  public let screens: [Screen]
  /// The sheet so far.
  public private(set) var image: RGBAImage
  private let fonts: any TextShaping & GlyphRasterizing

  /// Pixels between screens and around the sheet.
  static let gap = 16
  /// Pixels above each screen for its label.
  static let labelHeight = 28
  /// The sheet's colour behind and between the screens.
  public static let backgroundColor = Color(red: 236, green: 236, blue: 236)

  /// An empty sheet for `screens` at `scale` pixels per point, with their labels written.
  ///
  /// - Throws: ``RenderError`` when the sheet would be too large or a label cannot be drawn.
  public init(
    screens: [Screen], scale: Double = 0.5, fonts: any TextShaping & GlyphRasterizing
  ) throws(RenderError) {
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    self.scale = scale
    self.screens = screens
    self.fonts = fonts
    let widths = screens.map { Self.pixels($0.width, scale) }
    let height = screens.map { Self.pixels($0.height, scale) }.max() ?? 0
    let width = widths.reduce(Self.gap) { $0 + $1 + Self.gap }
    image = try RGBAImage(
      width: width, height: Self.gap + Self.labelHeight + height + Self.gap,
      color: Self.backgroundColor)
    for index in screens.indices { try writeLabel(index) }
  }

  /// The pixel size of the sheet for `screens` at `scale`, without making it.
  public static func size(of screens: [Screen], scale: Double = 0.5) -> (width: Int, height: Int) {
    let height = screens.map { pixels($0.height, scale) }.max() ?? 0
    return (
      screens.reduce(gap) { $0 + pixels($1.width, scale) + gap },
      gap + labelHeight + height + gap
    )
  }

  /// Draws `tree`, laid out on screen number `index`, into its place on the sheet.
  ///
  /// - Throws: ``RenderError`` when a widget needs layout or a glyph cannot be drawn.
  public mutating func draw(_ tree: View, onScreen index: Int) throws(RenderError) {
    try place(
      Self.picture(of: tree, on: screens[index], scale: scale, fonts: fonts), onScreen: index)
  }

  /// `tree`, laid out on `screen`, drawn as a sheet at `scale` shows it, in a picture of its
  /// own for ``place(_:onScreen:)``: several screens' pictures can be drawn at once, on
  /// several threads, and placed in turn, with the same pixels as ``draw(_:onScreen:)``.
  ///
  /// - Throws: ``RenderError`` when a widget needs layout or a glyph cannot be drawn.
  public static func picture(
    of tree: View, on screen: Screen, scale: Double = 0.5, fonts: any GlyphRasterizing
  ) throws(RenderError) -> RGBAImage {
    var picture = try RGBAImage(
      width: pixels(screen.width, scale), height: pixels(screen.height, scale), color: .white)
    let renderer = try WidgetRenderer(fonts: fonts, scale: scale)
    try picture.withPixelBuffer { (buffer) throws(RenderError) in
      try renderer.render(tree, into: buffer)
    }
    return picture
  }

  /// Copies `picture`, made by ``picture(of:on:scale:fonts:)`` for screen number `index`,
  /// into its place on the sheet.
  ///
  /// - Throws: ``RenderError/invalidBuffer(_:)`` when the picture is not that screen's size.
  public mutating func place(_ picture: RGBAImage, onScreen index: Int) throws(RenderError) {
    let x = left(index)
    let y = Self.gap + Self.labelHeight
    let width = Self.pixels(screens[index].width, scale)
    let height = Self.pixels(screens[index].height, scale)
    guard picture.width == width, picture.height == height else {
      throw .invalidBuffer(
        "a \(picture.width)×\(picture.height) picture for a \(width)×\(height) place")
    }
    try image.withPixelBuffer { (buffer) throws(RenderError) in
      guard buffer.region(x: x, y: y, width: width, height: height) != nil else { return }
      picture.pixels.withUnsafeBufferPointer { source in
        guard let source = source.baseAddress else { return }
        for row in 0..<height {
          (buffer.base + (y + row) * buffer.bytesPerRow + x * 4).update(
            from: source + row * width * 4, count: width * 4)
        }
      }
    }
  }

  private func left(_ index: Int) -> Int {
    screens[..<index].reduce(Self.gap) { $0 + Self.pixels($1.width, scale) + Self.gap }
  }

  private static func pixels(_ points: Double, _ scale: Double) -> Int {
    max(0, pixelEdge(points, scale: scale))
  }

  /// Writes `iPhone 6 · 375×667 @2x` above screen `index`, shrunk to its width if need be,
  /// with FontFit's own label.
  private mutating func writeLabel(_ index: Int) throws(RenderError) {
    let screen = screens[index]
    let width = Double(Self.pixels(screen.width, scale))
    let sheet = Screen(
      name: "contact sheet", width: Double(image.width), height: Double(image.height), scale: 1)
    let label = Label(
      frame: Rect(
        x: Double(left(index)), y: Double(Self.gap), width: width,
        height: Double(Self.labelHeight - 6)),
      font: Font(family: "DejaVu Sans", pointSize: 14),
      text: "\(screen.name) · \(TextFormat.string(screen.width))×"
        + "\(TextFormat.string(screen.height)) @\(TextFormat.string(screen.scale))x")
    label.numberOfLines = 1
    label.autoFit = AutoFit(minimumPointSize: 6)
    label.textAlignment = .left
    label.environment = WidgetEnvironment(screen: sheet, adaptation: .none, shaper: fonts)
    label.layoutIfNeeded()
    let renderer = try WidgetRenderer(fonts: fonts, scale: 1, drawsFrames: false)
    try image.withPixelBuffer { (buffer) throws(RenderError) in
      try renderer.render(label, into: buffer)
    }
  }
}
