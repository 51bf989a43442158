/// Text measured once in em units, ready to be laid out at any point size.
///
/// Unhinted advances scale linearly with the point size, so a shaper measures a text once, in
/// fractions of an em, and every layout at every candidate size is arithmetic on these numbers.
/// A `ShapedText` holds one cluster per grapheme cluster (`Character`) of the text: wrapping,
/// truncation and fitting move in whole clusters, so they never split an emoji sequence or a
/// letter from its combining accent.
public struct ShapedText: Hashable, Sendable {
  /// The source text.
  public let text: String
  /// One entry per grapheme cluster of `text`, in order.
  public let clusters: [ShapedCluster]
  /// The fonts the clusters refer to through ``ShapedCluster/font``.
  public let fonts: [ShapedFont]
  /// Characters no available font could draw, in order of first appearance; they are
  /// measured with the `.notdef` glyph.
  public let missingCharacters: [Unicode.Scalar]

  /// Creates shaped text from measured clusters.
  ///
  /// - Parameters:
  ///   - text: The source text.
  ///   - clusters: One entry per grapheme cluster of `text`.
  ///   - fonts: The fonts used; every cluster's `font` must index into it, and an empty text
  ///     still names the font whose line height an empty line would have.
  ///   - missingCharacters: Characters no font could draw.
  public init(
    text: String, clusters: [ShapedCluster], fonts: [ShapedFont],
    missingCharacters: [Unicode.Scalar] = []
  ) {
    self.text = text
    self.clusters = clusters
    self.fonts = fonts
    self.missingCharacters = missingCharacters
  }

  /// The number of grapheme clusters.
  public var count: Int { clusters.count }

  /// The text of the clusters in `range`, as written in the source.
  public func string(_ range: Range<Int>) -> Substring {
    guard !range.isEmpty else { return text[text.endIndex..<text.endIndex] }
    return text[
      clusters[range.lowerBound].range
        .lowerBound..<clusters[range.upperBound - 1]
        .range.upperBound]
  }
}

/// One grapheme cluster with its measured advance, in em units.
public struct ShapedCluster: Hashable, Sendable {
  /// Where the cluster lies in the source text.
  public var range: Range<String.Index>
  /// The advance width at 1pt, in points (that is, in ems).
  public var advance: Double
  /// The kerning adjustment between the previous cluster and this one, in ems; applied only
  /// when both are on the same line.
  public var kerning: Double
  /// Whether a line may, must or must not break before this cluster.
  public var breakBefore: LineBreakOpportunity
  /// How the cluster behaves at line ends.
  public var kind: ClusterKind
  /// Index into ``ShapedText/fonts`` of the font that measured this cluster.
  public var font: Int

  /// Creates a cluster.
  public init(
    range: Range<String.Index>, advance: Double, kerning: Double = 0,
    breakBefore: LineBreakOpportunity, kind: ClusterKind, font: Int = 0
  ) {
    self.range = range
    self.advance = advance
    self.kerning = kerning
    self.breakBefore = breakBefore
    self.kind = kind
    self.font = font
  }
}

/// Whether a line break may occur before a cluster.
public enum LineBreakOpportunity: UInt8, Hashable, Sendable {
  /// The cluster must stay on the same line as the one before it.
  case prohibited
  /// A line may break before the cluster.
  case allowed
  /// A line must break before the cluster (it follows a line separator).
  case mandatory
}

/// How a cluster takes part in line layout.
public enum ClusterKind: UInt8, Hashable, Sendable {
  /// Drawn ink: counts towards the width of its line.
  case visible
  /// White space: hangs past the end of a line, so it never makes a line too wide and is not
  /// part of the measured line width, as in every renderer.
  case space
  /// A line separator (LF, CR LF, U+2028, …): ends its line and is not drawn.
  case lineSeparator
}

/// A font as the layout engine sees it: a name to report and its vertical metrics.
public struct ShapedFont: Hashable, Sendable {
  /// A human-readable name such as `DejaVu Sans Bold`.
  public var name: String
  /// Vertical metrics in ems.
  public var metrics: LineMetrics

  /// Creates a font description for layout.
  public init(name: String, metrics: LineMetrics) {
    self.name = name
    self.metrics = metrics
  }
}

/// Vertical font metrics in ems (at 1pt), all non-negative.
public struct LineMetrics: Hashable, Sendable {
  /// Distance from the baseline to the top of the line box.
  public var ascent: Double
  /// Distance from the baseline to the bottom of the line box (positive downwards).
  public var descent: Double
  /// Extra space the font asks for between lines.
  public var lineGap: Double

  /// Creates line metrics.
  public init(ascent: Double, descent: Double, lineGap: Double) {
    self.ascent = ascent
    self.descent = descent
    self.lineGap = lineGap
  }

  /// The natural line height: ascent + descent + line gap.
  public var height: Double { ascent + descent + lineGap }

  /// The metrics of a line that mixes both fonts: the union of their line boxes on a shared
  /// baseline, as Pango stacks runs of different fonts.
  public func union(_ other: LineMetrics) -> LineMetrics {
    LineMetrics(
      ascent: max(ascent, other.ascent), descent: max(descent, other.descent),
      lineGap: max(lineGap, other.lineGap))
  }
}

/// A width and a height in points.
public struct Size: Hashable, Sendable, CustomStringConvertible {
  /// The horizontal extent.
  public var width: Double
  /// The vertical extent.
  public var height: Double

  /// Creates a size.
  public init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The empty size.
  public static let zero = Size(width: 0, height: 0)

  /// `width×height`.
  public var description: String { "\(width)×\(height)" }
}
