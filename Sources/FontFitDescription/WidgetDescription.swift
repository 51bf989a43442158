import FontFitEngine
import FontFitFontModel
import FontFitText
import FontFitWidgets

/// One widget of a description file, validated, ready to be built on any screen.
public struct WidgetDescription: Hashable, Sendable {
  /// The kind of widget.
  public var kind: WidgetKind
  /// The identifier.
  public var id: String
  /// The frame in design points.
  public var frame: Rect
  /// The design font; text widgets default to `sans-serif 17`.
  public var font: Font?
  /// The text (a button's title).
  public var text: String?
  /// The text as Pango markup, checked when read; exclusive with ``text``.
  public var markup: String?
  /// A text field's placeholder.
  public var placeholder: String?
  /// The alignment, when set.
  public var textAlignment: TextAlignment?
  /// The line limit, when set.
  public var numberOfLines: Int?
  /// The line break mode, when set.
  public var lineBreakMode: LineBreakMode?
  /// The auto-fit policy: nil keeps the widget's default, `.some(nil)` turns fitting off.
  public var autoFit: AutoFit??
  /// The overflow behaviour, when set.
  public var overflow: Overflow?
  /// The line height multiple, when set.
  public var lineHeightMultiple: Double?
  /// The truncation token, when set.
  public var truncationToken: String?
  /// The text's language, when set; else the document's.
  public var language: Language?
  /// The paragraph direction, when set.
  public var writingDirection: WritingDirection?
  /// The fill behind the widget, or nil for none.
  public var backgroundColor: Color?
  /// The text colour of a text widget, or nil for black.
  public var textColor: Color?
  /// A text field's placeholder colour, or nil for its default.
  public var placeholderColor: Color?
  /// A text widget's content insets, or nil for its default.
  public var contentInsets: EdgeInsets?
  /// Whether the widget's frame mirrors in a right-to-left parent.
  public var mirrorsInRightToLeft = false
  /// The fit group of a text widget, or nil for none.
  public var fitGroup: String?
  /// Whether this widget or one inside it belongs to a fit group.
  package var containsFitGroupMember: Bool {
    // Through a pointer, so each child is read in place rather than copied (a description
    // has some forty fields, each retained by a copy).
    fitGroup != nil
      || children.withUnsafeBufferPointer { children in
        children.indices.contains { children[$0].containsFitGroupMember }
      }
  }
  /// Whether a text widget follows the text scale, when set.
  public var scalesWithText: Bool?
  /// Whether a text widget's font adapts to the screen, when set.
  public var adaptsToScreen: Bool?
  /// A text widget's own adaptation policy, or nil for the document's.
  public var adaptation: AdaptationPolicy?
  /// How the widget's frame scales, or nil for the document's.
  public var frameScaling: FrameScaling?
  /// A text widget's spacing, hyphenation, fit ladder and line break strategy.
  public var typography = Typography.standard
  /// The widgets inside, back to front.
  public var children: [WidgetDescription]
  /// A stack's settings; used when ``kind`` is ``WidgetKind/stack`` or
  /// ``WidgetKind/scrollView``.
  public var stack = StackSettings()
  /// The widget's share of a stack's spare length, or nil for its default.
  public var grow: Double?
  /// How much of a stack's missing length the widget gives up, or nil for its default.
  public var shrink: Double?
  /// The limits a stack keeps the widget's size within.
  public var sizeLimits = SizeLimits.none
  /// The direction rows run in inside the widget, or nil for its parent's.
  public var layoutDirection: LayoutDirection?

  /// Creates a description; every setting left nil keeps the widget's default.
  public init(
    kind: WidgetKind, id: String = "", frame: Rect = .zero, font: Font? = nil,
    text: String? = nil, placeholder: String? = nil, textAlignment: TextAlignment? = nil,
    numberOfLines: Int? = nil, lineBreakMode: LineBreakMode? = nil, autoFit: AutoFit?? = nil,
    overflow: Overflow? = nil, lineHeightMultiple: Double? = nil, truncationToken: String? = nil,
    language: Language? = nil, writingDirection: WritingDirection? = nil,
    backgroundColor: Color? = nil, textColor: Color? = nil, fitGroup: String? = nil,
    scalesWithText: Bool? = nil, adaptsToScreen: Bool? = nil,
    adaptation: AdaptationPolicy? = nil, frameScaling: FrameScaling? = nil,
    children: [WidgetDescription] = []
  ) {
    self.kind = kind
    self.id = id
    self.frame = frame
    self.font = font
    self.text = text
    self.placeholder = placeholder
    self.textAlignment = textAlignment
    self.numberOfLines = numberOfLines
    self.lineBreakMode = lineBreakMode
    self.autoFit = autoFit
    self.overflow = overflow
    self.lineHeightMultiple = lineHeightMultiple
    self.truncationToken = truncationToken
    self.language = language
    self.writingDirection = writingDirection
    self.backgroundColor = backgroundColor
    self.textColor = textColor
    self.fitGroup = fitGroup
    self.scalesWithText = scalesWithText
    self.adaptsToScreen = adaptsToScreen
    self.adaptation = adaptation
    self.frameScaling = frameScaling
    self.children = children
  }

  /// The font of a text widget that names none: `sans-serif 17`.
  public static let defaultFont = Font(family: "sans-serif", pointSize: 17)

  /// Builds the widget and its subtree, applying the description's settings; the design font
  /// goes through the font setter, and is adapted when the tree is laid out in an environment.
  public func makeWidget() -> View {
    let view: View
    let font = font ?? Self.defaultFont
    switch kind {
    case .view: view = View(id: id, frame: frame)
    case .label: view = Label(id: id, frame: frame, font: font)
    case .button: view = Button(id: id, frame: frame, font: font)
    case .textField: view = TextField(id: id, frame: frame, font: font)
    case .textView: view = TextView(id: id, frame: frame, font: font)
    case .stack: view = Stack(id: id, frame: frame)
    case .spacer: view = Spacer(id: id)
    case .scrollView: view = ScrollView(id: id, frame: frame)
    }
    view.backgroundColor = backgroundColor
    view.frameScaling = frameScaling
    view.layoutDirection = layoutDirection
    view.mirrorsInRightToLeft = mirrorsInRightToLeft
    if let grow { view.grow = grow }
    if let shrink { view.shrink = shrink }
    if sizeLimits != .none { view.sizeLimits = sizeLimits }
    if let stack = view as? Stack { self.stack.apply(to: stack) }
    if let widget = view as? TextWidget {
      if let fitGroup { widget.fitGroup = fitGroup }
      if let scalesWithText { widget.scalesWithText = scalesWithText }
      if let adaptsToScreen { widget.adaptsToScreen = adaptsToScreen }
      widget.adaptation = adaptation
      if let textColor { widget.textColor = textColor }
      if let contentInsets { widget.contentInsets = contentInsets }
      if let textAlignment { widget.textAlignment = textAlignment }
      if let numberOfLines { widget.numberOfLines = numberOfLines }
      if let lineBreakMode { widget.lineBreakMode = lineBreakMode }
      if let autoFit { widget.autoFit = autoFit }
      if let overflow { widget.overflow = overflow }
      if let lineHeightMultiple { widget.lineHeightMultiple = lineHeightMultiple }
      if let truncationToken { widget.truncationToken = truncationToken }
      if let language { widget.language = language }
      if let writingDirection { widget.writingDirection = writingDirection }
      widget.typography = typography
      if let field = widget as? TextField {
        if let placeholder { field.placeholder = placeholder }
        if let placeholderColor { field.placeholderColor = placeholderColor }
      }
      widget.font = font
      if let text { widget.text = text }
      // Checked when the description was read, so it cannot fail here.
      if let markup { try? widget.setMarkup(markup) }
    }
    // Widgets just made cannot be ancestors of one another, so adding them cannot fail.
    // Through a pointer, so each child's description is read in place rather than copied.
    children.withUnsafeBufferPointer { children in
      for index in children.indices { view.adopt(children[index].makeWidget()) }
    }
    return view
  }
}

/// How a ``Stack`` of a description file places its children.
public struct StackSettings: Hashable, Sendable {
  /// A column or a row.
  public var axis: Axis = .vertical
  /// The space between children, in screen units.
  public var spacing: Double = 0
  /// Where children sit across the axis.
  public var alignment: StackAlignment = .fill
  /// How the length along the axis is shared.
  public var distribution: StackDistribution = .fill
  /// The space inside the stack's edges, in screen units.
  public var padding: EdgeInsets = .zero
  /// Whether children go on to a new line when a line is full.
  public var wraps = false

  /// The defaults: a column with no spacing, children filling its width, no padding.
  public init() {}

  /// Sets `stack`'s settings to these.
  func apply(to stack: Stack) {
    stack.axis = axis
    stack.spacing = spacing
    stack.alignment = alignment
    stack.distribution = distribution
    stack.padding = padding
    stack.wraps = wraps
  }
}
