// The sizing contract every widget answers, and the settings a widget gives the stack that
// holds it: the model is SwiftUI's layout protocol (a parent proposes, the child says what it
// needs, the parent places) with flexbox's grow and shrink weights.

import FontFitEngine
import FontFitFontModel
import FontFitText

/// The limits a stack keeps a child's size within, in screen units; nil for no limit.
///
/// A minimum wins over a maximum below it, as in CSS.
public struct SizeLimits: Hashable, Sendable {
  /// The narrowest the widget may be.
  public var minWidth: Double?
  /// The widest the widget may be.
  public var maxWidth: Double?
  /// The shortest the widget may be.
  public var minHeight: Double?
  /// The tallest the widget may be.
  public var maxHeight: Double?

  /// Limits; each nil (the default) for none.
  public init(
    minWidth: Double? = nil, maxWidth: Double? = nil, minHeight: Double? = nil,
    maxHeight: Double? = nil
  ) {
    self.minWidth = minWidth
    self.maxWidth = maxWidth
    self.minHeight = minHeight
    self.maxHeight = maxHeight
  }

  /// No limit on either side.
  public static let none = SizeLimits()

  /// `size` within the limits.
  public func clamp(_ size: Size) -> Size {
    Size(
      width: Self.clamp(size.width, minWidth, maxWidth),
      height: Self.clamp(size.height, minHeight, maxHeight))
  }

  /// `length` along `axis` within that axis's limits.
  func clamp(_ length: Double, along axis: Axis) -> Double {
    switch axis {
    case .horizontal: Self.clamp(length, minWidth, maxWidth)
    case .vertical: Self.clamp(length, minHeight, maxHeight)
    }
  }

  private static func clamp(_ value: Double, _ low: Double?, _ high: Double?) -> Double {
    var value = value
    if let high { value = min(value, high) }
    if let low { value = max(value, low) }
    return value
  }
}

/// A direction widgets are laid out along.
public enum Axis: String, CaseIterable, Hashable, Sendable {
  /// Left to right (right to left in a right-to-left layout).
  case horizontal
  /// Top to bottom.
  case vertical

  /// The other axis.
  public var cross: Axis { self == .horizontal ? .vertical : .horizontal }
}

/// Space kept free inside a widget's edges, in screen units.
///
/// `leading` and `trailing` are the start and end of a line: left and right in a left-to-right
/// layout.
public struct EdgeInsets: Hashable, Sendable {
  /// Space at the top.
  public var top: Double
  /// Space at the start of a line.
  public var leading: Double
  /// Space at the bottom.
  public var bottom: Double
  /// Space at the end of a line.
  public var trailing: Double

  /// Insets, each 0 by default.
  public init(top: Double = 0, leading: Double = 0, bottom: Double = 0, trailing: Double = 0) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }

  /// The same space on every side.
  public init(all length: Double) {
    self.init(top: length, leading: length, bottom: length, trailing: length)
  }

  /// No insets.
  public static let zero = EdgeInsets()

  /// The space along `axis`: leading plus trailing, or top plus bottom.
  func total(along axis: Axis) -> Double {
    axis == .horizontal ? leading + trailing : top + bottom
  }

  /// The space before the content along `axis`: leading or top.
  func start(along axis: Axis) -> Double {
    axis == .horizontal ? leading : top
  }
}

extension Size {
  /// The length along `axis`.
  func length(along axis: Axis) -> Double {
    axis == .horizontal ? width : height
  }

  /// A size from its lengths along `axis` and across it.
  init(_ axis: Axis, main: Double, cross: Double) {
    self =
      axis == .horizontal ? Size(width: main, height: cross) : Size(width: cross, height: main)
  }
}

extension ProposedSize {
  /// The proposal's length along `axis`.
  func length(along axis: Axis) -> Double? {
    axis == .horizontal ? width : height
  }

  /// A proposal from its lengths along `axis` and across it.
  init(_ axis: Axis, main: Double?, cross: Double?) {
    self =
      axis == .horizontal
      ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
  }

  /// The proposal less `insets`, never below 0.
  func inset(by insets: EdgeInsets) -> ProposedSize {
    ProposedSize(
      width: width.map { max(0, $0 - insets.total(along: .horizontal)) },
      height: height.map { max(0, $0 - insets.total(along: .vertical)) })
  }
}

/// The direction lines and rows run in: UIKit's `semanticContentAttribute`, Android's
/// `layoutDirection`.
public enum LayoutDirection: String, CaseIterable, Hashable, Sendable {
  /// Rows run from the left; leading is the left.
  case leftToRight
  /// Rows run from the right; leading is the right, as in Arabic and Hebrew.
  case rightToLeft

  /// The direction `language` is written in: right to left for the languages and scripts
  /// written so (Arabic, Hebrew, Persian, Urdu, Yiddish, Pashto, Sindhi, Uyghur, Dhivehi,
  /// Kurdish in Arabic script; the Arabic, Hebrew, Syriac, Thaana and N'Ko scripts), else left
  /// to right.
  public init(language: Language?) {
    guard let language else {
      self = .leftToRight
      return
    }
    let subtags = language.tag.lowercased().split(separator: "-").map(String.init)
    let scripts: Set<String> = ["arab", "hebr", "syrc", "thaa", "nkoo", "adlm", "rohg"]
    if let script = subtags.dropFirst().first(where: { $0.count == 4 }) {
      self = scripts.contains(script) ? .rightToLeft : .leftToRight
      return
    }
    let languages: Set<String> = [
      "ar", "he", "iw", "fa", "ur", "yi", "ji", "ps", "sd", "ug", "dv", "ckb", "syr", "nqo",
    ]
    self = languages.contains(subtags.first ?? "") ? .rightToLeft : .leftToRight
  }
}
