// Drawing a laid-out widget tree: backgrounds, the glyphs the layout placed, rasterised by
// FreeType from the same faces at the same sizes and positions, and light frames with the
// problems marked.

import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets

/// Draws laid-out widgets into RGBA pixels.
///
/// It draws what the layout pass computed and nothing else: each text widget's lines with
/// their glyph runs (``FontFitWidgets/WidgetLayout/lines``), unhinted and antialiased, at
/// the layout's fractional positions, in the widget's ``FontFitWidgets/TextWidget/textColor``
/// over its ``FontFitWidgets/View/backgroundColor`` (a scrolling text view's text clipped
/// to its frame). With ``drawsFrames``, every widget's
/// frame is a light grey hairline, a text widget whose text does not fit (or could not be
/// laid out) is outlined in red, and one that refused its text under `.reject` overflow also
/// gets a red corner. The same tree and scale always give the same pixels.
public struct WidgetRenderer: Sendable {
  /// Rasterises the glyphs, from the faces the layout measured with.
  public let fonts: any GlyphRasterizing
  /// Pixels per point.
  public let scale: Double
  /// Whether frames and problems are drawn.
  public var drawsFrames: Bool

  /// The hairline colour of a widget's frame.
  public static let frameColor = Color(red: 200, green: 200, blue: 200)
  /// The outline colour of a widget whose text does not fit.
  public static let problemColor = Color(red: 220, green: 0, blue: 0)

  /// Creates a renderer.
  ///
  /// - Parameters:
  ///   - fonts: What rasterises the glyphs: the font system the tree was laid out with.
  ///   - scale: Pixels per point: the screen's scale for its own pixels.
  ///   - drawsFrames: Whether to draw frames and mark problems.
  /// - Throws: ``RenderError/invalidScale(_:)`` unless `scale` is positive and finite.
  public init(fonts: any GlyphRasterizing, scale: Double, drawsFrames: Bool = true)
    throws(RenderError)
  {
    guard scale.isFinite, scale > 0 else { throw .invalidScale(scale) }
    self.fonts = fonts
    self.scale = scale
    self.drawsFrames = drawsFrames
  }

  /// Draws `widget` and the widgets inside it into `buffer` where they are on the screen:
  /// the buffer's top-left pixel is the screen's top-left corner.
  ///
  /// - Throws: ``RenderError`` when a widget needs layout or a glyph cannot be rasterised.
  public func render(_ widget: View, into buffer: PixelBuffer) throws(RenderError) {
    var x = 0.0
    var y = 0.0
    var ancestor = widget.parent
    while let current = ancestor {
      x += current.screenFrame.x
      y += current.screenFrame.y
      ancestor = current.parent
    }
    try draw(widget, parentX: x, parentY: y, into: buffer)
  }

  /// The screen `tree` is laid out on, drawn: the screen's size times ``scale`` in pixels,
  /// white, with the tree on it.
  ///
  /// - Throws: ``RenderError`` when the tree is in no environment, the image would be too
  ///   large, a widget needs layout or a glyph cannot be rasterised.
  public func renderScreen(_ tree: View) throws(RenderError) -> RGBAImage {
    guard let screen = tree.environment?.screen else { throw .noEnvironment(rootID: tree.id) }
    var image = try RGBAImage(
      width: pixels(screen.width), height: pixels(screen.height), color: .white)
    try image.withPixelBuffer { (buffer) throws(RenderError) in try render(tree, into: buffer) }
    return image
  }

  /// `widget` alone: an image of its frame times ``scale``, transparent where nothing is
  /// drawn, with the widget's top-left corner at the image's.
  ///
  /// - Throws: ``RenderError`` as ``renderScreen(_:)`` does.
  public func renderWidget(_ widget: View) throws(RenderError) -> RGBAImage {
    let frame = widget.screenFrame
    var image = try RGBAImage(width: pixels(frame.width), height: pixels(frame.height))
    try image.withPixelBuffer { (buffer) throws(RenderError) in
      try renderWidget(widget, into: buffer)
    }
    return image
  }

  /// Draws `widget` and the widgets inside it into `buffer` with the widget's top-left corner
  /// at the buffer's top-left pixel, over what is there.
  ///
  /// - Throws: ``RenderError`` when a widget needs layout or a glyph cannot be rasterised.
  public func renderWidget(_ widget: View, into buffer: PixelBuffer) throws(RenderError) {
    let frame = widget.screenFrame
    try draw(widget, parentX: -frame.x, parentY: -frame.y, into: buffer)
  }

  /// The pixels `points` span at ``scale``; never negative.
  private func pixels(_ points: Double) -> Int { max(0, pixelEdge(points, scale: scale)) }

  /// The pixel edge of the coordinate `points` (in points from the buffer's corner).
  private func edge(_ points: Double) -> Int { pixelEdge(points, scale: scale) }

  /// The pixels a widget may draw in: what the scroll views holding it show.
  private typealias Clip = (x0: Int, y0: Int, x1: Int, y1: Int)

  /// No clipping.
  private static let unclipped: Clip = (Int.min, Int.min, Int.max, Int.max)

  /// The pixels both `a` and `b` hold.
  private static func intersect(_ a: Clip, _ b: Clip) -> Clip {
    (max(a.x0, b.x0), max(a.y0, b.y0), min(a.x1, b.x1), min(a.y1, b.y1))
  }

  private func draw(
    _ view: View, parentX: Double, parentY: Double, into buffer: PixelBuffer,
    clip inherited: Clip = WidgetRenderer.unclipped
  ) throws(RenderError) {
    guard !view.needsLayout else { throw .needsLayout(widgetID: view.id) }
    let frame = view.screenFrame
    let x = parentX + frame.x
    let y = parentY + frame.y
    let x0 = edge(x)
    let y0 = edge(y)
    let x1 = edge(x + frame.width)
    let y1 = edge(y + frame.height)
    let visible = Self.intersect((x0, y0, x1, y1), inherited)
    if let background = view.backgroundColor, visible.x1 > visible.x0, visible.y1 > visible.y0 {
      buffer.fill(background, x0: visible.x0, y0: visible.y0, x1: visible.x1, y1: visible.y1)
    }
    var problem = false
    var refused = false
    if let widget = view as? TextWidget, let layout = widget.layout {
      // A scrolling text view shows its text through its frame, as a scroll view clips.
      let clip = widget.overflow == .scroll ? visible : inherited
      let color = widget.textColor(showing: layout.shownText)
      let styles = layout.styles
      let lines = layout.lines
      if styles.isEmpty {
        for line in lines {
          for run in line.runs {
            try draw(run, x: x, y: y, color: color, clip: clip, into: buffer)
          }
        }
      } else {
        try drawRich(lines, styles: styles, x: x, y: y, color: color, clip: clip, into: buffer)
      }
      refused = layout.rejection != nil
      if let fit = layout.fit {
        let scrolls = widget.overflow == .scroll && fit.failure.map(Self.isTooTall) == true
        problem = !fit.fits && !scrolls
      } else {
        problem = true
      }
    }
    if drawsFrames, inherited == Self.unclipped || visible == (x0, y0, x1, y1) {
      // A frame partly scrolled out of view is not outlined: its edge is not where it shows.
      outline(x0: x0, y0: y0, x1: x1, y1: y1, width: 1, color: Self.frameColor, into: buffer)
      if problem || refused {
        let width = max(1, Int(min(scale, 64).rounded()))
        outline(
          x0: x0, y0: y0, x1: x1, y1: y1, width: width, color: Self.problemColor, into: buffer)
      }
      if refused { corner(x1: x1, y0: y0, size: max(4, Int(8 * min(scale, 64))), into: buffer) }
    }
    // A scroll view shows its content through its frame.
    let inside = view is ScrollView ? visible : inherited
    for child in view.children {
      try draw(child, parentX: x, parentY: y, into: buffer, clip: inside)
    }
  }

  /// Draws lines of rich text: each span's background behind its glyphs, the glyphs in their
  /// span's colour, then underlines and strikethroughs at the font's own positions and
  /// thicknesses (``FontFitText/FontDecorations``).
  private func drawRich(
    _ lines: [PositionedLine], styles: [StyleRun], x: Double, y: Double, color: Color,
    clip: Clip, into buffer: PixelBuffer
  ) throws(RenderError) {
    // A glyph outside the text (a truncation token, an inserted hyphen) takes the style of
    // the glyph before it, as the text it stands for.
    func styled(
      _ line: PositionedLine,
      _ body: (GlyphRun, PositionedGlyph, TextStyle) throws(RenderError) -> Void
    ) throws(RenderError) {
      var last = TextStyle()
      for run in line.runs {
        for glyph in run.glyphs {
          if let cluster = glyph.cluster { last = StyledText.style(at: cluster, in: styles) }
          try body(run, glyph, last)
        }
      }
    }
    for line in lines {
      try styled(line) { (_, glyph, style) throws(RenderError) in
        guard let background = style.backgroundColor else { return }
        fill(
          background, x0: x + glyph.x, x1: x + glyph.x + glyph.advance, y0: y + line.y,
          y1: y + line.y + line.height, clip: clip, into: buffer)
      }
    }
    for line in lines {
      for run in line.runs {
        // Glyphs of one colour are drawn together.
        var start = 0
        var last = TextStyle()
        let colors = run.glyphs.map { glyph -> Color in
          if let cluster = glyph.cluster { last = StyledText.style(at: cluster, in: styles) }
          return last.textColor(over: color)
        }
        while start < run.glyphs.count {
          var end = start + 1
          while end < run.glyphs.count, colors[end] == colors[start] { end += 1 }
          var piece = run
          piece.glyphs = Array(run.glyphs[start..<end])
          try draw(piece, x: x, y: y, color: colors[start], clip: clip, into: buffer)
          start = end
        }
      }
    }
    for line in lines {
      try styled(line) { (run, glyph, style) throws(RenderError) in
        guard style.underline != nil || style.strikethrough == true,
          let decorations = run.font.decorations, run.font.scale > 0
        else { return }
        let size = run.pointSize / run.font.scale
        let baseline = y + line.baseline
        let x0 = x + glyph.x
        let x1 = x0 + glyph.advance
        let ink = style.textColor(over: color)
        if let underline = style.underline {
          let thickness = max(decorations.underlineThickness * size, 1 / scale)
          var center = baseline - decorations.underlinePosition * size
          if underline == .low {
            center = baseline + run.font.metrics.descent * size - thickness
          }
          let lineColor = style.underlineColor ?? ink
          if underline == .error {
            // A dotted line, as spelling checkers mark words, in steps of two thicknesses.
            var dot = x0
            while dot < x1 {
              fill(
                lineColor, x0: dot, x1: min(dot + thickness, x1), y0: center,
                y1: center + thickness, clip: clip, into: buffer)
              dot += 2 * thickness
            }
          } else {
            fill(
              lineColor, x0: x0, x1: x1, y0: center - thickness / 2, y1: center + thickness / 2,
              clip: clip, into: buffer)
            if underline == .double {
              let second = center + 2 * thickness
              fill(
                lineColor, x0: x0, x1: x1, y0: second - thickness / 2,
                y1: second + thickness / 2, clip: clip, into: buffer)
            }
          }
        }
        if style.strikethrough == true {
          let thickness = max(decorations.strikethroughThickness * size, 1 / scale)
          let center = baseline - decorations.strikethroughPosition * size
          fill(
            style.strikethroughColor ?? ink, x0: x0, x1: x1, y0: center - thickness / 2,
            y1: center + thickness / 2, clip: clip, into: buffer)
        }
      }
    }
  }

  /// Fills a rectangle given in points, at least one pixel tall, inside `clip`.
  private func fill(
    _ color: Color, x0: Double, x1: Double, y0: Double, y1: Double, clip: Clip,
    into buffer: PixelBuffer
  ) {
    let left = max(edge(x0), clip.x0, 0)
    let right = min(edge(x1), clip.x1, buffer.width)
    let top = max(edge(y0), clip.y0, 0)
    let bottom = min(max(edge(y1), edge(y0) + 1), clip.y1, buffer.height)
    guard right > left, bottom > top else { return }
    for row in top..<bottom {
      for column in left..<right { buffer.blend(color, x: column, y: row) }
    }
  }

  private static func isTooTall(_ failure: FitFailure) -> Bool {
    if case .tooTall = failure { return true }
    return false
  }

  /// Draws a run's glyphs, in the widget whose frame's corner is at (`x`, `y`) points, inside
  /// the pixels of `clip`.
  private func draw(
    _ run: GlyphRun, x: Double, y: Double, color: Color,
    clip: (x0: Int, y0: Int, x1: Int, y1: Int), into buffer: PixelBuffer
  ) throws(RenderError) {
    guard let file = run.font.file else { return }
    let pixelsPerEm = run.pointSize * scale
    guard pixelsPerEm > 0, pixelsPerEm.isFinite else { return }
    for glyph in run.glyphs {
      let image: GlyphImage?
      do {
        image = try fonts.glyphImage(
          glyph.id, file: file, index: run.font.faceIndex, pixelsPerEm: pixelsPerEm,
          x: (x + glyph.x) * scale, y: (y + glyph.y) * scale,
          visible: (
            max(0, clip.x0), max(0, clip.y0), min(buffer.width, clip.x1),
            min(buffer.height, clip.y1)
          ), foreground: (color.red, color.green, color.blue))
      } catch {
        throw .font(error)
      }
      guard let image else { continue }
      if let pixels = image.color {
        draw(colored: image, pixels: pixels, opacity: Int(color.alpha), clip: clip, into: buffer)
        continue
      }
      for row in 0..<image.height {
        let target = image.top + row
        guard target >= max(0, clip.y0), target < min(buffer.height, clip.y1) else { continue }
        for column in 0..<image.width {
          let coverage = image.coverage[row * image.width + column]
          let pixel = image.left + column
          if coverage != 0, pixel >= clip.x0, pixel < clip.x1 {
            buffer.blend(color, coverage: Int(coverage), x: pixel, y: target)
          }
        }
      }
    }
  }

  /// Composites a glyph drawn in its own colours (an emoji's, or a `COLR` glyph's layers, whose
  /// foreground layers the font system drew in the text's colour) inside the pixels of `clip`:
  /// the text's colour does not tint it, only its alpha fades it, as `opacity`.
  private func draw(
    colored image: GlyphImage, pixels: [UInt8], opacity: Int,
    clip: (x0: Int, y0: Int, x1: Int, y1: Int), into buffer: PixelBuffer
  ) {
    for row in 0..<image.height {
      let target = image.top + row
      guard target >= max(0, clip.y0), target < min(buffer.height, clip.y1) else { continue }
      for column in 0..<image.width {
        let index = (row * image.width + column) * 4
        let pixel = image.left + column
        if pixels[index + 3] != 0, pixel >= clip.x0, pixel < clip.x1 {
          buffer.blend(
            premultiplied: pixels[index], pixels[index + 1], pixels[index + 2],
            alpha: pixels[index + 3], opacity: opacity, x: pixel, y: target)
        }
      }
    }
  }

  /// Draws a rectangle's outline `width` pixels wide, inside its edges.
  private func outline(
    x0: Int, y0: Int, x1: Int, y1: Int, width: Int, color: Color, into buffer: PixelBuffer
  ) {
    guard x1 > x0, y1 > y0 else { return }
    let thickness = min(width, (x1 - x0 + 1) / 2, (y1 - y0 + 1) / 2)
    buffer.fill(color, x0: x0, y0: y0, x1: x1, y1: y0 + thickness)
    buffer.fill(color, x0: x0, y0: y1 - thickness, x1: x1, y1: y1)
    buffer.fill(color, x0: x0, y0: y0 + thickness, x1: x0 + thickness, y1: y1 - thickness)
    buffer.fill(color, x0: x1 - thickness, y0: y0 + thickness, x1: x1, y1: y1 - thickness)
  }

  /// A red triangle in the top-right corner: the mark of a refused text.
  private func corner(x1: Int, y0: Int, size: Int, into buffer: PixelBuffer) {
    for row in 0..<size {
      buffer.fill(Self.problemColor, x0: x1 - size + row, y0: y0 + row, x1: x1, y1: y0 + row + 1)
    }
  }
}
