import FontFitText

/// What Fontconfig chose for a requested font.
///
/// A resolution is one reference to fields that are never changed in place (a setter makes new
/// ones): every fit hands its text's resolution on, and a copy is then one retain rather than
/// one for each of its names and its path.
public struct ResolvedFont: Hashable, Sendable, CustomStringConvertible {
  /// The fields, as the public properties read and write them.
  private struct Fields: Sendable {
    var requested: FontDescriptor
    var family: String
    var style: String
    var file: String
    var index: Int
    var weight: FontWeight
    var slant: FontSlant
    var isSubstitution: Bool
    var familyNames: [String] = []
  }

  /// The fields behind one reference, immutable once made, with the display name made from
  /// them once (every shaping of a text names its faces).
  private final class Box: Sendable {
    let fields: Fields
    let displayName: String
    /// The hash of the file and face index, worked out once: every shaping looks its faces
    /// up by them.
    let faceHash: Int

    /// The fields, with `faceHash` when it is known to be theirs.
    init(_ fields: Fields, faceHash: Int? = nil) {
      self.fields = fields
      self.faceHash = faceHash ?? ResolvedFont.faceHash(file: fields.file, index: fields.index)
      displayName =
        fields.style.isEmpty
        ? fields.family
        : fields.family.isEmpty ? fields.style : "\(fields.family) \(fields.style)"
    }
  }

  private var box: Box

  /// The hash of a face's file and index, as ``faceHash`` holds it for a resolution.
  package static func faceHash(file: String, index: Int) -> Int {
    var hasher = Hasher()
    hasher.combine(file)
    hasher.combine(index)
    return hasher.finalize()
  }

  /// ``faceHash(file:index:)`` of the chosen face, worked out when the resolution was made.
  package var faceHash: Int { box.faceHash }

  /// Replaces the fields with a copy changed by `change`.
  private mutating func update(_ change: (inout Fields) -> Void) {
    var fields = box.fields
    change(&fields)
    // The face's hash is kept when the change leaves its file and index alone (Fontconfig's
    // resolutions set the family names after making one).
    let sameFace = fields.index == box.fields.index && fields.file == box.fields.file
    box = Box(fields, faceHash: sameFace ? box.faceHash : nil)
  }

  /// The font as requested.
  public var requested: FontDescriptor {
    get { box.fields.requested }
    set { update { $0.requested = newValue } }
  }
  /// The family of the chosen face, as Fontconfig names it.
  public var family: String {
    get { box.fields.family }
    set { update { $0.family = newValue } }
  }
  /// The style of the chosen face, such as `Bold` or `Book`.
  public var style: String {
    get { box.fields.style }
    set { update { $0.style = newValue } }
  }
  /// The path of the font file.
  public var file: String {
    get { box.fields.file }
    set { update { $0.file = newValue } }
  }
  /// The index of the face in the file (for collections such as `.ttc`).
  public var index: Int {
    get { box.fields.index }
    set { update { $0.index = newValue } }
  }
  /// The weight of the chosen face.
  public var weight: FontWeight {
    get { box.fields.weight }
    set { update { $0.weight = newValue } }
  }
  /// The slant of the chosen face.
  public var slant: FontSlant {
    get { box.fields.slant }
    set { update { $0.slant = newValue } }
  }
  /// Whether Fontconfig substituted another family for the requested one.
  ///
  /// Fontconfig always
  /// returns a font, so this is how a misspelt or missing family shows. Generic families
  /// (`sans-serif`, `serif`, `monospace`, …) are aliases, not substitutions.
  public var isSubstitution: Bool {
    get { box.fields.isSubstitution }
    set { update { $0.isSubstitution = newValue } }
  }
  /// Every family name Fontconfig lists for the face (in all its languages), to check that
  /// the file still holds this face when it opens; empty when unknown.
  package var familyNames: [String] {
    get { box.fields.familyNames }
    set { update { $0.familyNames = newValue } }
  }

  /// `DejaVu Sans Bold (DejaVuSans-Bold.ttf)`, with the request when it was substituted.
  public var description: String {
    let fileName = file.split(separator: "/").last.map(String.init) ?? file
    let chosen = "\(family) \(style) (\(fileName))"
    return isSubstitution ? "\(chosen), substituted for \"\(requested.familyList)\"" : chosen
  }

  /// The family and style, as in `DejaVu Sans Bold`.
  public var displayName: String { box.displayName }

  /// Creates a resolution; a font system makes these, and test shapers may too.
  public init(
    requested: FontDescriptor, family: String, style: String, file: String, index: Int = 0,
    weight: FontWeight, slant: FontSlant, isSubstitution: Bool
  ) {
    box = Box(
      Fields(
        requested: requested, family: family, style: style, file: file, index: index,
        weight: weight, slant: slant, isSubstitution: isSubstitution))
  }

  /// Whether both name the same face, chosen the same way for the same request (the family
  /// names Fontconfig listed, kept to check the file, are not compared).
  public static func == (lhs: ResolvedFont, rhs: ResolvedFont) -> Bool {
    if lhs.box === rhs.box { return true }
    return lhs.requested == rhs.requested && lhs.family == rhs.family && lhs.style == rhs.style
      && lhs.file == rhs.file && lhs.index == rhs.index && lhs.weight == rhs.weight
      && lhs.slant == rhs.slant && lhs.isSubstitution == rhs.isSubstitution
  }

  /// Hashes what ``==(_:_:)`` compares.
  public func hash(into hasher: inout Hasher) {
    hasher.combine(requested)
    hasher.combine(family)
    hasher.combine(style)
    hasher.combine(file)
    hasher.combine(index)
    hasher.combine(weight)
    hasher.combine(slant)
    hasher.combine(isSubstitution)
  }

  /// Families that Fontconfig treats as aliases for a configured default.
  package static let genericFamilies: Set<String> = [
    "sans-serif", "sans", "serif", "monospace", "mono", "system-ui", "cursive", "fantasy",
    "emoji", "math",
  ]
}
