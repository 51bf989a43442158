// The one set of bounds every text-like input is held to: a description file, a strings
// table, a screen catalog and a font name given on the command line all stop at the same
// sizes, so no single value can make a layout slow or large.

/// The bounds of text-like inputs, in UTF-8 bytes (and families per font name), checked
/// where the input is read, with an error that names the limit.
public enum InputLimits {
  /// Texts, titles, placeholders, truncation tokens and strings-table values, in UTF-8
  /// bytes; also each text after pseudo-localisation.
  public static let textBytes = 100_000
  /// Ids, fit groups, screen names and font names, in UTF-8 bytes.
  public static let nameBytes = 1_000
  /// Comma-separated families in one font name.
  public static let fontFamilies = 64
  /// A BCP 47 language tag, in bytes; ICU also has to accept it (its locale ID must be
  /// shorter than ICU's 157-byte buffer).
  public static let languageTagBytes = 100

  /// What kind of input a bound is for.
  package enum Kind: Sendable {
    /// A text, title, placeholder, truncation token or strings-table value.
    case text
    /// An id, fit group, screen name or font name.
    case name

    /// The most UTF-8 bytes a value of this kind may have.
    package var byteLimit: Int {
      switch self {
      case .text: InputLimits.textBytes
      case .name: InputLimits.nameBytes
      }
    }

    /// What the kind is called in messages.
    package var noun: String {
      switch self {
      case .text: "a text"
      case .name: "a name"
      }
    }
  }

  /// Why `value` exceeds the bound of `kind`, or nil when it is within it.
  ///
  /// - Returns: `a name of 2048 bytes is longer than 1000, the most a name may be`.
  package static func violation(of kind: Kind, by value: String) -> String? {
    let bytes = value.utf8.count
    guard bytes > kind.byteLimit else { return nil }
    return "\(kind.noun) of \(bytes) bytes is longer than \(kind.byteLimit), the most "
      + "\(kind.noun) may be"
  }
}
