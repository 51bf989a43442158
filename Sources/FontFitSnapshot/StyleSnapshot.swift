// Rich text in dumps: the styled runs of a text and of each line, with what each style
// changes, as plain values.

import FontFitFontModel
import FontFitText

/// One styled piece of a text: its UTF-8 range in the shown text, the text, and its style.
public struct StyleRunSnapshot: Hashable, Sendable, Codable {
  /// The first UTF-8 offset, in the shown text.
  public var start: Int
  /// The UTF-8 offset after the last.
  public var end: Int
  /// The piece's text.
  public var text: String
  /// What the piece changes of the widget's font and colour.
  public var style: StyleSnapshot

  init(_ run: StyleRun, in text: String) {
    start = run.range.lowerBound
    end = run.range.upperBound
    let utf8 = text.utf8
    let lower = utf8.index(utf8.startIndex, offsetBy: min(start, utf8.count))
    let upper = utf8.index(utf8.startIndex, offsetBy: min(end, utf8.count))
    self.text = String(text[lower..<upper])
    style = StyleSnapshot(run.style)
  }
}

/// What a style changes, each field nil when it changes nothing there.
public struct StyleSnapshot: Hashable, Sendable, Codable {
  /// Families replacing the widget's, comma-separated.
  public var families: String?
  /// The weight's name (`Bold`).
  public var weight: String?
  /// The slant (`italic`, `oblique`, `roman`).
  public var slant: String?
  /// The size as a multiple of the widget's size (`<small>` is 0.833333).
  public var scale: Double?
  /// An absolute size in points at the design size.
  public var points: Double?
  /// Super- and subscripts, outermost first (`superscript`, `subscript`).
  public var scripts: [String]?
  /// The rise in points at the design size.
  public var rise: Double?
  /// The language tag.
  public var language: String?
  /// The text colour.
  public var color: String?
  /// The text's opacity, 0–255, over its colour (Pango's `alpha`).
  public var opacity: Int?
  /// The background colour.
  public var background: String?
  /// The underline (`single`, `double`, `low`, `error`).
  public var underline: String?
  /// The underline colour.
  public var underlineColor: String?
  /// Whether struck through.
  public var strikethrough: Bool?
  /// The strikethrough colour.
  public var strikethroughColor: String?

  init(_ style: TextStyle) {
    families = style.families?.joined(separator: ", ")
    weight = style.weight?.name
    slant = style.slant?.rawValue
    switch style.size {
    case .relative(let factor)?: scale = TextFormat.rounded(factor, fractionDigits: 6)
    case .points(let value)?: points = value
    case nil: break
    }
    var scripts = style.fontScales.map(\.rawValue)
    for shift in style.baselineShifts {
      switch shift {
      case .superscript where !style.fontScales.contains(.superscript):
        scripts.append("raised")
      case .subscript where !style.fontScales.contains(.subscript): scripts.append("lowered")
      case .points(let value): rise = (rise ?? 0) + value
      default: break
      }
    }
    self.scripts = scripts.isEmpty ? nil : scripts
    if let value = style.rise { rise = (rise ?? 0) + value }
    language = style.language?.tag
    color = style.foreground?.description
    opacity = style.foregroundAlpha.map(Int.init)
    background = style.backgroundColor?.description
    underline = style.underline?.rawValue
    underlineColor = style.underlineColor?.description
    strikethrough = style.strikethrough
    strikethroughColor = style.strikethroughColor?.description
  }

  /// Whether the style changes nothing.
  public var isPlain: Bool { self == StyleSnapshot(TextStyle()) }

  /// A few words for the text dump: `Bold ×0.833 #C00000 underline`.
  public var summary: String {
    var words: [String] = []
    if let families { words.append(families) }
    if let weight { words.append(weight) }
    if let slant { words.append(slant.prefix(1).uppercased() + slant.dropFirst()) }
    if let scale { words.append("×" + TextFormat.string(scale, fractionDigits: 3)) }
    if let points { words.append(TextFormat.string(points, fractionDigits: 3) + "pt") }
    if let scripts { words += scripts }
    if let rise { words.append("rise " + TextFormat.string(rise, fractionDigits: 3) + "pt") }
    if let language { words.append("lang " + language) }
    if let color { words.append(color) }
    if let opacity { words.append("opacity \(opacity)") }
    if let background { words.append("on " + background) }
    if let underline {
      words.append(
        (underline == "single" ? "underline" : underline + " underline")
          + (underlineColor.map { " " + $0 } ?? ""))
    }
    if strikethrough == true {
      words.append("strikethrough" + (strikethroughColor.map { " " + $0 } ?? ""))
    }
    return words.joined(separator: " ")
  }
}
