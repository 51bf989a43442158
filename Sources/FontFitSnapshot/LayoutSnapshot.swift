import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets

/// A laid-out widget tree on several screens, as plain `Codable` values.
///
/// A snapshot only reads the layout that ``FontFitWidgets/View/layoutIfNeeded()`` stored; it
/// never lays out or measures, so taking one twice gives equal values. The text and JSON dumps
/// are written from snapshots, and an app's own golden tests can compare them.
///
/// `Codable` stores and reloads the snapshot's own structure (for an app's golden files);
/// ``json`` is the demo's documented dump format, with its own member order and rounding.
public struct LayoutSnapshot: Hashable, Sendable, Codable {
  /// One entry per screen, in the order given.
  public var screens: [ScreenSnapshot]

  /// Creates a snapshot from screens already taken.
  public init(screens: [ScreenSnapshot]) {
    self.screens = screens
  }

  /// Snapshots laid-out trees, one per screen.
  ///
  /// - Parameter trees: The roots; each must be in an environment and laid out.
  /// - Throws: ``SnapshotError`` when a tree has no environment or a widget needs layout.
  public init(trees: [View]) throws(SnapshotError) {
    var screens: [ScreenSnapshot] = []
    for tree in trees { screens.append(try ScreenSnapshot(tree: tree)) }
    self.init(screens: screens)
  }
}

/// Why a tree cannot be snapshotted.
public enum SnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The tree's root has no environment, so there is no screen.
  case noEnvironment(rootID: String)
  /// A widget changed since it was last laid out, or never was; call `layoutIfNeeded()`.
  case needsLayout(widgetID: String)

  /// A sentence naming the widget.
  public var description: String {
    switch self {
    case .noEnvironment(let id): "the tree \"\(id)\" is not in an environment"
    case .needsLayout(let id):
      "widget \"\(id)\" needs layout; call layoutIfNeeded() before taking a snapshot"
    }
  }
}

/// One screen and the tree laid out on it.
public struct ScreenSnapshot: Hashable, Sendable, Codable {
  /// The screen.
  public var screen: Screen
  /// The locale of the texts, when the layout was localised; the dumps name it.
  public var locale: String?
  /// The root widget.
  public var root: WidgetSnapshot

  /// Snapshots a laid-out tree on its environment's screen.
  ///
  /// - Parameters:
  ///   - tree: The root, in an environment and laid out.
  ///   - includingGlyphs: Whether line boxes carry their glyph runs; without, their `runs`
  ///     are empty and the glyphs are never placed, which makes a text dump much cheaper.
  /// - Throws: ``SnapshotError`` when the tree has no environment or needs layout.
  public init(tree: View, includingGlyphs: Bool = true) throws(SnapshotError) {
    guard let environment = tree.environment else { throw .noEnvironment(rootID: tree.id) }
    screen = environment.screen
    locale = nil
    root = try WidgetSnapshot(tree, includingGlyphs: includingGlyphs)
  }
}

/// One widget: its kind, id and frame on the screen, its text if it shows any, its children.
public struct WidgetSnapshot: Hashable, Sendable, Codable {
  /// The kind of widget.
  public var kind: WidgetKind
  /// The identifier.
  public var id: String
  /// The frame on the screen, in its units.
  public var frame: Rect
  /// The text, its font and its fit, for text widgets.
  public var text: TextSnapshot?
  /// The widgets inside, back to front.
  public var children: [WidgetSnapshot]

  /// Snapshots a laid-out widget and its subtree.
  ///
  /// - Parameters:
  ///   - view: The widget, laid out.
  ///   - includingGlyphs: Whether line boxes carry their glyph runs.
  /// - Throws: ``SnapshotError/needsLayout(widgetID:)`` when a widget needs layout.
  public init(_ view: View, includingGlyphs: Bool = true) throws(SnapshotError) {
    try self.init(leaf: view, includingGlyphs: includingGlyphs)
    let views = view.children
    children.reserveCapacity(views.count)
    for child in views {
      children.append(try WidgetSnapshot(child, includingGlyphs: includingGlyphs))
    }
  }

  /// Snapshots a laid-out widget without its children: what the JSON dump, written widget by
  /// widget, takes, one at a time, rather than the whole tree at once.
  ///
  /// - Throws: ``SnapshotError/needsLayout(widgetID:)`` when the widget needs layout.
  init(leaf view: View, includingGlyphs: Bool) throws(SnapshotError) {
    guard !view.needsLayout else { throw .needsLayout(widgetID: view.id) }
    kind = view.kind
    id = view.id
    if let widget = view as? TextWidget {
      guard let layout = widget.layout else { throw .needsLayout(widgetID: view.id) }
      frame = layout.screenFrame
      text = TextSnapshot(
        widget, layout: layout, includingGlyphs: includingGlyphs)
    } else {
      frame = view.screenFrame
      text = nil
    }
    children = []
  }
}

/// A text widget's text as laid out: font, lines, fit and what was refused or went wrong.
public struct TextSnapshot: Hashable, Sendable, Codable {
  /// The font asked for and the face used.
  public var font: FontSnapshot
  /// A text field's placeholder; nil for other widgets.
  public var placeholder: String?
  /// The colour the shown text is drawn in, `#RRGGBB` or `#RRGGBBAA`: a text field's
  /// placeholder colour while it shows its placeholder.
  public var color: String
  /// A text field's placeholder colour; nil for other widgets.
  public var placeholderColor: String?
  /// The text shown (under `.reject` overflow, the text kept instead of a refused one).
  public var text: String
  /// The Pango markup the text was set from, or nil for a plain text.
  public var markup: String?
  /// The shown text's styled runs; empty for plain text.
  public var runs: [StyleRunSnapshot]
  /// Each line's pieces in their styles, top to bottom (every piece, plain ones too); empty
  /// for plain text.
  public var lineStyles: [[StyleRunSnapshot]]
  /// The lines as laid out, truncation tokens included.
  public var lines: [String]
  /// Where each line sits in the widget, in the same order as ``lines``.
  public var lineBoxes: [LineBoxSnapshot]
  /// How lines sit horizontally.
  public var alignment: TextAlignment
  /// The extent of the lines, in points.
  public var textSize: Size
  /// Whether the text fits its box at the chosen size.
  public var fits: Bool
  /// Why it does not fit, or nil.
  public var failure: FailureSnapshot?
  /// What happens to text that does not fit.
  public var overflow: Overflow
  /// How many drawn characters truncation hides.
  public var hiddenCharacters: Int
  /// The names of the fonts that measured the text, the requested one first.
  public var fonts: [String]
  /// The characters no installed font covers, as `U+XXXX`, in order of first appearance.
  public var missingCharacters: [String]
  /// Whether a line shown whole ends inside a word that was wider than the line.
  public var breaksWords: Bool
  /// The fit group the widget belongs to, or nil.
  public var fitGroup: String?
  /// The text refused under `.reject` overflow, or nil.
  public var rejectedText: String?
  /// Why the refused text did not fit.
  public var rejectionFailure: FailureSnapshot?
  /// Why layout failed, or nil.
  public var error: String?

  /// The snapshot of `widget`'s text as `layout` laid it out: what the text dump's line
  /// reads of it (``LiveTextLine``), and the rest.
  init(_ widget: TextWidget, layout: WidgetLayout, includingGlyphs: Bool) {
    let line = LiveTextLine(widget, layout: layout)
    let fit = line.fit
    font = FontSnapshot(design: widget.font, layout: layout, line: line)
    placeholder = (widget as? TextField)?.placeholder
    color = widget.textColor(showing: layout.shownText).description
    placeholderColor = (widget as? TextField)?.placeholderColor.description
    text = layout.shownText
    markup = widget.markup
    runs = line.styleRuns
    lineStyles = line.lineStyles
    lines = line.lineTexts
    lineBoxes = (includingGlyphs ? layout.lines : layout.lineBoxes).map(LineBoxSnapshot.init)
    alignment = line.alignment
    textSize = fit?.textSize ?? .zero
    fits = fit?.fits ?? false
    failure = line.failure
    overflow = line.overflow
    hiddenCharacters = line.hiddenCharacters
    breaksWords = line.breaksWords
    fitGroup = line.fitGroup
    fonts = line.fonts
    missingCharacters = (fit?.missingCharacters ?? []).map { TextFormat.codePoint($0.value) }
    rejectedText = line.rejectedText
    rejectionFailure = line.rejectionFailure
    error = line.error
  }
}

/// The font of a text widget: the design font, its adaptation and fit, and the face used.
public struct FontSnapshot: Hashable, Sendable, Codable {
  /// The design font in Pango's syntax, such as `DejaVu Sans Bold 17`.
  public var requested: String
  /// The chosen face's family; empty when layout failed.
  public var family: String
  /// The chosen face's style, such as `Book`; empty when layout failed.
  public var style: String
  /// The chosen face's file; empty when layout failed.
  public var file: String
  /// Whether Fontconfig substituted another family for the requested one.
  public var substituted: Bool
  /// The requested families, as written in the font name.
  public var requestedFamilies: String
  /// The design size, in points (a pixel size converted at the design screen's dpi).
  public var designSize: Double
  /// The size entering the fit (adapted to the screen, scaled by the text scale), in points.
  public var adaptedSize: Double
  /// The size the fit chose, in points; nil when layout failed.
  public var size: Double?
  /// The size the fit chose, in the screen's units (``size`` × dpi / 72); nil when layout
  /// failed.
  public var pixelSize: Double?
  /// Each stage from the design size to the size drawn.
  public var pipeline: [SizeStage]
  /// The fit group whose common size capped this widget's, or nil.
  public var cappingGroup: String?

  /// The snapshot of `design` as `layout` adapted and fitted it, read as the text dump's
  /// `line` reads it.
  init(design: Font, layout: WidgetLayout, line: LiveTextLine) {
    requested = design.description
    family = line.faceFamily
    style = line.faceStyle
    file = line.resolved?.file ?? ""
    substituted = line.isSubstituted
    requestedFamilies = line.requestedFamilyList
    designSize = layout.stages.first?.size ?? design.pointSize
    adaptedSize = layout.adaptedFont.pointSize
    pixelSize = line.fittedPixelSize
    size = line.fittedPointSize
    pipeline = line.sizeStages
    cappingGroup = line.cappingGroupName
  }

  /// The face's family and style, as in `DejaVu Sans Bold`.
  public var displayName: String {
    [family, style].filter { !$0.isEmpty }.joined(separator: " ")
  }
}

/// Why a text does not fit, for machines: a kind, what was needed and what was available.
public struct FailureSnapshot: Hashable, Sendable, Codable {
  /// What ran out.
  public enum Kind: String, Hashable, Sendable, Codable {
    /// More lines than the line limit allows; the numbers are line counts.
    case tooManyLines
    /// Taller than the box; the numbers are screen units (points at 72 dpi).
    case tooTall
    /// A single character wider than the box; the numbers are screen units (points at 72 dpi).
    case tooWide
    /// The hard line breaks alone make more lines than the limit; the numbers are line
    /// counts.
    case tooManyLineBreaks
  }

  /// What ran out.
  public var kind: Kind
  /// What the text needs: lines, or screen units.
  public var needed: Double
  /// What the box allows: lines, or screen units.
  public var available: Double

  /// The snapshot of a fit failure.
  public init(_ failure: FitFailure) {
    switch failure {
    case .tooManyLines(let needed, let allowed):
      (kind, self.needed, available) = (.tooManyLines, Double(needed), Double(allowed))
    case .tooTall(let needed, let available):
      (kind, self.needed, self.available) = (.tooTall, needed, available)
    case .tooWide(let needed, let available):
      (kind, self.needed, self.available) = (.tooWide, needed, available)
    case .tooManyLineBreaks(let lines, let allowed):
      (kind, needed, available) = (.tooManyLineBreaks, Double(lines), Double(allowed))
    }
  }
}

/// Where a line sits in its widget, which way it runs, and optionally its glyphs.
public struct LineBoxSnapshot: Hashable, Sendable, Codable {
  /// The left edge of the drawn text, in points from the widget's left edge.
  public var x: Double
  /// The top of the line box, in points from the widget's top edge.
  public var y: Double
  /// The drawn width, in points.
  public var width: Double
  /// The line box height, in points.
  public var height: Double
  /// The baseline, in points from the widget's top edge.
  public var baseline: Double
  /// The paragraph direction the line follows.
  public var direction: TextDirection
  /// The glyph runs in visual order.
  public var runs: [GlyphRunSnapshot]

  init(_ line: PositionedLine) {
    x = line.x
    y = line.y
    width = line.width
    height = line.height
    baseline = line.baseline
    direction = line.direction
    runs = line.runs.map(GlyphRunSnapshot.init)
  }
}

/// Glyphs of one font, in visual order.
public struct GlyphRunSnapshot: Hashable, Sendable, Codable {
  /// The font's family and style.
  public var font: String
  /// The font file; empty when the shaper read none.
  public var file: String
  /// The face index in the file.
  public var faceIndex: Int
  /// The size, in points.
  public var size: Double
  /// The glyphs, left to right.
  public var glyphs: [GlyphSnapshot]

  init(_ run: GlyphRun) {
    font = run.font.name
    file = run.font.file ?? ""
    faceIndex = run.font.faceIndex
    size = run.pointSize
    glyphs = run.glyphs.map {
      GlyphSnapshot(id: $0.id, x: $0.x, y: $0.y, advance: $0.advance, cluster: $0.cluster)
    }
  }
}

/// One glyph: its index, where its origin is, its advance and the text it draws.
public struct GlyphSnapshot: Hashable, Sendable, Codable {
  /// The glyph index in the run's face.
  public var id: UInt32
  /// The origin, in points from the widget's left edge.
  public var x: Double
  /// The origin (on the baseline), in points from the widget's top edge.
  public var y: Double
  /// The advance, in points.
  public var advance: Double
  /// The UTF-8 offset of the source cluster in the widget's text; nil for the truncation token.
  public var cluster: Int?
}
