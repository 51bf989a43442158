import FontFitText

/// How a widget sizes its font so the text fits its box (the AXAutoSuitLabel behaviour, with
/// the modes of Android's autosizing `TextView` and Flutter's `auto_size_text`).
///
/// Every fit starts from the size that enters the fit stage (the design size adapted to the
/// screen and scaled for accessibility), never from the size a previous fit chose, so a
/// shorter text grows back.
public struct AutoFit: Hashable, Sendable {
  /// Which sizes a fit may choose.
  public enum Mode: Hashable, Sendable {
    /// The largest size from the minimum up to the size entering the fit (capped by
    /// ``AutoFit/maximumPointSize`` when set) that fits: text only ever shrinks.
    case shrink
    /// The largest size from the minimum up to ``AutoFit/maximumPointSize`` (required) that
    /// fits, whatever the design size: a short text grows to fill its box.
    case shrinkAndGrow
    /// The largest of these sizes that fits, or the smallest when none does. They are design
    /// sizes: each is adapted to the screen and scaled for accessibility as the font is.
    case presets([Double])
    /// The largest real size that fits, from the minimum up to ``AutoFit/maximumPointSize``
    /// or, when that is nil, the size entering the fit: not limited to a grid.
    case exact

    /// The mode's name, as description files and dumps write it.
    public var name: String { "\(staticName)" }

    var staticName: StaticString {
      switch self {
      case .shrink: "shrink"
      case .shrinkAndGrow: "shrinkAndGrow"
      case .presets: "presets"
      case .exact: "exact"
      }
    }
  }

  /// Which sizes a fit may choose.
  public var mode: Mode
  /// The smallest size to shrink to, in points (10 by default, as in the seed).
  public var minimumPointSize: Double
  /// The largest size, in points: a cap in `shrink` mode, the top of the range in
  /// `shrinkAndGrow` (where it is required) and `exact` mode; nil for the size entering the
  /// fit.
  public var maximumPointSize: Double?
  /// The distance between candidate sizes, in points (0.5 by default; any positive value).
  public var step: Double
  /// Whether the fit prefers the largest size at which no word is broken inside; only when no
  /// size keeps every word whole does it break words (true by default).
  public var keepsWordsWhole: Bool

  /// Creates an auto-fit policy.
  ///
  /// - Parameters:
  ///   - mode: Which sizes a fit may choose.
  ///   - minimumPointSize: The smallest size to shrink to.
  ///   - maximumPointSize: The largest size; nil for the size entering the fit.
  ///   - step: The distance between candidate sizes.
  ///   - keepsWordsWhole: Whether to prefer sizes at which no word is broken.
  public init(
    mode: Mode = .shrink, minimumPointSize: Double = 10, maximumPointSize: Double? = nil,
    step: Double = 0.5, keepsWordsWhole: Bool = true
  ) {
    self.mode = mode
    self.minimumPointSize = minimumPointSize
    self.maximumPointSize = maximumPointSize
    self.step = step
    self.keepsWordsWhole = keepsWordsWhole
  }

  /// The sizes a fit may choose from for a widget whose size entering the fit is `adapted`,
  /// with presets taken as they are.
  ///
  /// - Throws: ``FitPolicyError`` when a value is out of range or the grid too fine.
  public func sizes(adapted: Double) throws(FitPolicyError) -> FontSizeRange {
    try sizes(entering: adapted, scalingPreset: { $0 }, bounds: nil)
  }

  /// The sizes a fit may choose from.
  ///
  /// - Parameters:
  ///   - size: The size entering the fit stage, in points.
  ///   - scalingPreset: What the earlier stages make of a design size, for presets.
  ///   - bounds: The legibility floor and ceiling of the text scale, which every candidate
  ///     respects; nil for none.
  /// - Returns: The candidates, ascending.
  /// - Throws: ``FitPolicyError`` when a value is out of range or the grid too fine.
  func sizes(
    entering size: Double, scalingPreset: (Double) -> Double, bounds: ClosedRange<Double>?
  ) throws(FitPolicyError) -> FontSizeRange {
    func bounded(_ value: Double) -> Double {
      guard let bounds else { return value }
      return min(max(value, bounds.lowerBound), bounds.upperBound)
    }
    let top: Double
    switch mode {
    case .presets(let presets):
      guard !presets.isEmpty else { throw .noPresetSizes }
      for preset in presets where !(preset.isFinite && preset > 0) {
        throw .invalidPresetSize(preset)
      }
      return try FontSizeRange(presets: presets.map { bounded(scalingPreset($0)) })
    case .shrink: top = min(size, maximumPointSize ?? size)
    case .shrinkAndGrow:
      guard let maximumPointSize else { throw .growWithoutMaximum }
      top = maximumPointSize
    case .exact: top = maximumPointSize ?? size
    }
    return try FontSizeRange(
      minimum: bounded(minimumPointSize), maximum: bounded(top), step: step)
  }
}

/// How design frames become frames on another screen.
public enum FrameScaling: String, CaseIterable, Hashable, Sendable, Codable {
  /// Frames are used as designed.
  case none
  /// x and width scale by the width ratio, y and height by the height ratio, as the seeds'
  /// proportional layouts do.
  case both
  /// x and width scale by the width ratio; y and height stay as designed, so a short or
  /// landscape screen does not squeeze rows.
  case width
  /// Both axes scale by the smaller of the two ratios, keeping shapes.
  case uniform

  /// `frame`, designed on `designScreen`, on `screen`.
  public func scale(_ frame: Rect, from designScreen: Screen, to screen: Screen) -> Rect {
    scale(frame, with: ScreenMeasures(screen: screen, design: designScreen))
  }

  /// `frame`, designed on the design screen of `measures`, on its screen.
  package func scale(_ frame: Rect, with measures: ScreenMeasures) -> Rect {
    guard self != .none, measures.designWidth > 0 else { return frame }
    var sx = measures.width / measures.designWidth
    // A design screen without a height scales heights by 1.
    var sy = measures.designHeight > 0 ? measures.height / measures.designHeight : 1
    switch self {
    case .none, .both: break
    case .width: sy = 1
    case .uniform:
      sx = min(sx, sy)
      sy = sx
    }
    return Rect(
      x: frame.x * sx, y: frame.y * sy, width: frame.width * sx, height: frame.height * sy)
  }
}

/// One stage of a text widget's font size on its way from the design to the size drawn.
public struct SizeStage: Hashable, Sendable, Codable {
  /// The stages, in the order they apply.
  public enum Kind: String, CaseIterable, Hashable, Sendable, Codable {
    /// The design size, as set on the widget.
    case design
    /// Screen adaptation (``AdaptationPolicy``).
    case screen
    /// The accessibility text scale (``TextScale``).
    case textScale
    /// The fit (``AutoFit``), or a group's common size.
    case fit
    /// The fit's tracking lever tightened the letters at the smallest size
    /// (``FitLever/tracking``).
    case tracking
    /// The fit's hyphenation lever broke words at the dictionary's points
    /// (``FitLever/hyphenation``).
    case hyphenation
  }

  /// The size after the stage, in points.
  public var size: Double
  /// What the stage did, kept as values: the text is made only when a dump asks for it.
  private var note: Note
  /// Which stage. (Declared after the note, whose last byte it then shares a word with: a
  /// stage takes 32 bytes rather than 40.)
  public var kind: Kind

  /// What the stage did, as the dump writes it: `design` (or `17px`), `+3 increments`,
  /// `×1.172 proportional`, `not adapted`, `×1.647 AX1`, the fit mode's name or `group NAME`.
  public var detail: String { note.text }

  /// Calls `emit` with the pieces of ``detail``'s UTF-8, in order, without making it: what
  /// the text dump writes for every stage of every widget on every screen.
  package func writeDetail(_ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
    note.write(emit)
  }

  /// Whether ``detail`` ends in `px`, as a design size given in pixels does (`17px`),
  /// answered without making the detail for the notes that are not text.
  package var detailEndsInPixels: Bool {
    switch note {
    case .design(let pixels): pixels != nil
    case .notAdapted, .noAdaptation, .increments, .ratio, .mode, .stackFit, .tracking:
      false
    case .text, .textScale, .group, .hyphenation: detail.hasSuffix("px")
    }
  }

  /// Whether ``detail`` is the default fit mode's name (`shrink`), which the dump leaves out
  /// (`fit 15.5`, not `fit shrink 15.5`).
  package var isDefaultFitMode: Bool {
    let shrink = AutoFit.Mode.shrink.staticName
    switch note {
    case .mode(let name):
      // The same constant, usually: then the same bytes in the same place.
      if name.utf8Start == shrink.utf8Start, name.utf8CodeUnitCount == shrink.utf8CodeUnitCount {
        return true
      }
      return name.withUTF8Buffer { name in shrink.withUTF8Buffer { name.elementsEqual($0) } }
    case .text(let text): return text == "\(shrink)"
    default: return false
    }
  }

  /// Creates a stage.
  public init(kind: Kind, size: Double, detail: String) {
    self.init(kind: kind, size: size, note: .text(detail))
  }

  init(kind: Kind, size: Double, note: Note) {
    self.kind = kind
    self.size = size
    self.note = note
  }

  /// What a stage did.
  enum Note: Hashable, Sendable {
    /// Already written out.
    case text(String)
    /// The design size, with the pixel size it was given in, if it was.
    case design(pixels: Double?)
    /// The widget does not adapt to the screen.
    case notAdapted
    /// The policy is `none`.
    case noAdaptation
    /// Increments added this many points.
    case increments(Double)
    /// A policy multiplied the size by this ratio; the policy's kind.
    case ratio(Double, name: RatioPolicy)
    /// A text scale; boxed, as it is the largest payload and most widgets have none.
    indirect case textScale(TextScale)
    /// A fit mode's name.
    case mode(StaticString)
    /// A group capped the size.
    case group(String)
    /// The outermost stack scaled every text in it by this factor to fit.
    case stackFit(Double)
    /// Tracking of this many ems.
    case tracking(Double)
    /// The words hyphenated, with `-` at their breaks.
    case hyphenation([String])

    var text: String {
      var bytes: [UInt8] = []
      write { bytes.append(contentsOf: $0) }
      return String(decoding: bytes, as: UTF8.self)
    }

    /// Calls `emit` with the pieces of ``text``'s UTF-8, in order.
    func write(_ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
      // The words as constants, read in place (a `String` is copied to be read so).
      func add(_ text: StaticString) {
        text.withUTF8Buffer(emit)
      }
      func add(string text: String) {
        var text = text
        text.withUTF8(emit)
      }
      func add(_ value: Double, fractionDigits: Int? = nil) {
        TextFormat.withUTF8(of: value, fractionDigits: fractionDigits, emit)
      }
      switch self {
      case .text(let text): add(string: text)
      case .design(let pixels):
        if let pixels {
          add(pixels)
          add("px")
        } else {
          add("design")
        }
      case .notAdapted: add("not adapted")
      case .noAdaptation: add("no adaptation")
      case .increments(let change):
        if !(change < 0) { add("+") }
        add(change, fractionDigits: 3)
        add(" increments")
      case .ratio(let ratio, let name):
        if ratio.isFinite {
          add("×")
          add(ratio, fractionDigits: 3)
          add(" ")
        }
        add(string: name.name)
      case .textScale(let scale): add(string: scale.label)
      case .mode(let name): name.withUTF8Buffer(emit)
      case .group(let name):
        add("group ")
        add(string: name)
      case .stackFit(let factor):
        add("stack ×")
        add(factor, fractionDigits: 3)
      case .tracking(let amount):
        add(amount < 0 ? "tracking −" : "tracking +")
        add(abs(amount) * 100, fractionDigits: 2)
        add("%")
      case .hyphenation(let words):
        add("hyphenated ")
        add(string: words.joined(separator: ", "))
      }
    }

    /// The policies that multiply a size, named as the dump names them: a byte, where a name
    /// would make every stage of every widget 24 bytes larger.
    enum RatioPolicy: UInt8, Sendable {
      case proportional
      case adaptation

      var name: String {
        switch self {
        case .proportional: "proportional"
        case .adaptation: "adaptation"
        }
      }
    }

    static func == (lhs: Note, rhs: Note) -> Bool { lhs.text == rhs.text }

    func hash(into hasher: inout Hasher) { hasher.combine(text) }
  }

  private enum CodingKeys: String, CodingKey {
    case kind, size, detail
  }

  /// Reads a stage written by ``encode(to:)``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    kind = try container.decode(Kind.self, forKey: .kind)
    size = try container.decode(Double.self, forKey: .size)
    note = .text(try container.decode(String.self, forKey: .detail))
  }

  /// Writes the kind, the size and the detail.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(kind, forKey: .kind)
    try container.encode(size, forKey: .size)
    try container.encode(detail, forKey: .detail)
  }
}
