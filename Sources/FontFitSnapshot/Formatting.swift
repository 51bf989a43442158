import FontFitText
import FontFitWidgets

// How snapshots read in prose: the text dump and the demo's messages.

extension Screen {
  /// `iPhone 6 375×667 @2x`, and the dpi when it is not 72: `HD 1280×720 @1x 96dpi`.
  var summary: String {
    "\(TextFormat.printable(name)) \(TextFormat.string(width, fractionDigits: 3))×"
      + "\(TextFormat.string(height, fractionDigits: 3)) @\(TextFormat.string(scale, fractionDigits: 3))x"
      + (dpi == Screen.pointsPerInch ? "" : " \(TextFormat.string(dpi, fractionDigits: 3))dpi")
  }
}

extension Rect {
  /// `[x, y, width, height]`, rounded to 1/1000 point.
  var summary: String {
    var output = TextOutput()
    appendSummary(to: &output)
    return output.string
  }

  /// Appends ``summary``.
  func appendSummary(to output: inout TextOutput) {
    output += "["
    output.append(x, fractionDigits: 3)
    output += ", "
    output.append(y, fractionDigits: 3)
    output += ", "
    output.append(width, fractionDigits: 3)
    output += ", "
    output.append(height, fractionDigits: 3)
    output += "]"
  }
}

extension Screen {
  /// The name of this screen's unit in messages: `pt` on a 72 dpi screen, whose units are
  /// points (iOS), `px` on any other, whose units are logical pixels (GTK at 96 dpi).
  var unitName: String { dpi == Screen.pointsPerInch ? "pt" : "px" }
}

extension FailureSnapshot {
  /// A sentence saying why, sizes in screen units: `needs 3 lines, 2 allowed`,
  /// `needs 61.5pt of height, 40pt available`.
  ///
  /// - Parameter unit: The screen's unit name (``Screen/unitName``).
  /// - Returns: The sentence, without a final period.
  func summary(unit: String) -> String {
    switch kind {
    case .tooManyLines:
      "needs \(TextFormat.string(needed)) lines, \(TextFormat.string(available)) allowed"
    case .tooTall:
      "needs \(Self.length(needed, unit)) of height, \(Self.length(available, unit)) available"
    case .tooWide:
      "a character needs \(Self.length(needed, unit)) of width, "
        + "\(Self.length(available, unit)) available"
    case .tooManyLineBreaks:
      "its line breaks make \(TextFormat.string(needed)) lines, "
        + "\(TextFormat.string(available)) allowed"
    }
  }

  private static func length(_ value: Double, _ unit: String) -> String {
    TextFormat.string(value, fractionDigits: 2) + unit
  }
}

/// `text` in quotes, cut to its first `limit` characters with the rest counted outside the
/// quotes (`"Text that fits…" [+12 characters]`), so a cut excerpt never looks like
/// truncation in the layout.
func quotedExcerpt(_ text: String, limit: Int = 48) -> String {
  var output = TextOutput()
  appendQuotedExcerpt(of: [text], separator: "", to: &output, limit: limit)
  return output.string
}

/// Appends ``quotedExcerpt(_:limit:)`` of `parts` joined by `separator`, without joining them:
/// only the characters shown are copied, the rest are only counted.
func appendQuotedExcerpt(
  of parts: [String], separator: String, to output: inout TextOutput, limit: Int = 48
) {
  if appendPlainExcerpt(of: parts, separator: separator, to: &output, limit: limit) { return }
  // A part that starts with a combining mark, or ends with a prepended one, joins the
  // separator next to it into one grapheme, and so does a separator that joins whatever is
  // next to it; only the joined text counts those right. Only a non-ASCII character at a
  // part's edge can join a separator that does not.
  let separatorJoins =
    separator == lineBreakSeparator.text
    ? lineBreakSeparator.joins : joinsNeighbours(separator)
  func joinsSeparator(_ part: String) -> Bool {
    // With no separator the parts meet each other: any non-ASCII edge may join, and a
    // carriage return joins a line feed.
    if separator.isEmpty {
      return (part.utf8.first ?? 0) >= 0x80 || (part.utf8.last ?? 0) >= 0x80
        || part.utf8.first == 0x0A || part.utf8.last == 0x0D
    }
    if (part.utf8.first ?? 0) >= 0x80, let first = part.first, let before = separator.last,
      (String(before) + String(first)).count < 2
    {
      return true
    }
    if (part.utf8.last ?? 0) >= 0x80, let last = part.last, let after = separator.first,
      (String(last) + String(after)).count < 2
    {
      return true
    }
    return false
  }
  if parts.count > 1, separatorJoins || parts.contains(where: joinsSeparator) {
    appendQuotedExcerpt(
      of: [parts.joined(separator: separator)], separator: "", to: &output,
      limit: limit)
    return
  }
  var shown = ""
  var count = 0
  func add(_ piece: Substring) {
    guard count < limit else {
      count += characterCount(piece)
      return
    }
    // Find where the shown characters end, then copy them at once. Over ASCII other than CR
    // (which joins a following LF) a character is a byte, which needs no grapheme rules.
    var index = piece.startIndex
    let bytes = piece.utf8
    while index < piece.endIndex, count < limit {
      let byte = bytes[index]
      guard byte < 0x80, byte != 0x0D else { break }
      let next = bytes.index(after: index)
      // A combining mark after this byte would join it: leave that to the grapheme rules.
      if next < piece.endIndex, bytes[next] >= 0x80 { break }
      index = next
      count += 1
    }
    while index < piece.endIndex, count < limit {
      index = piece.index(after: index)
      count += 1
    }
    shown += piece[..<index]
    if index < piece.endIndex { count += characterCount(piece[index...]) }
  }
  for (position, part) in parts.enumerated() {
    if position > 0 { add(separator[...]) }
    add(part[...])
  }
  output += TextFormat.quoted(shown)
  if count > limit { output += " [+\(count - limit) characters]" }
}

/// ``appendQuotedExcerpt(of:separator:to:limit:)`` of text whose every scalar is a character
/// of its own, cut by counting scalars.
///
/// When every scalar of the parts and the separator is printable ASCII that needs no escaping
/// (no control character, quote or backslash) or a ``isLoneCharacter(_:)`` scalar (a letter,
/// ideograph or symbol that no grapheme rule joins to a neighbour of that kind), each scalar
/// is a character: the excerpt is cut with no grapheme rules and no string built to be quoted.
/// Returns false, having written nothing, for any other text.
private func appendPlainExcerpt(
  of parts: [String], separator: String, to output: inout TextOutput, limit: Int
) -> Bool {
  guard
    let separatorCount = separator == lineBreakSeparator.text
      ? lineBreakSeparator.count : loneCharacterCount(separator)
  else { return false }
  // Written as the parts are counted, and taken back if one is not plain.
  let start = output.count
  output += "\""
  var count = 0
  func add(_ text: String, count length: Int) {
    if count < limit {
      let shown =
        length <= limit - count ? text.utf8.count : utf8Offset(ofScalar: limit - count, in: text)
      output.append(utf8Prefix: shown, of: text)
    }
    count += length
  }
  for (position, part) in parts.enumerated() {
    guard let partCount = loneCharacterCount(part) else {
      output.removeLast(output.count - start)
      return false
    }
    if position > 0 { add(separator, count: separatorCount) }
    add(part, count: partCount)
  }
  output += "\""
  if count > limit { output += " [+\(count - limit) characters]" }
  return true
}

/// The number of scalars in `text` when each is a character of its own that a quoted string
/// writes as it is: printable ASCII but `"` and `\`, or a ``isLoneCharacter(_:)`` scalar; nil
/// otherwise.
private func loneCharacterCount(_ text: String) -> Int? {
  var text = text
  return text.withUTF8 { bytes in
    guard let base = bytes.baseAddress else { return 0 }
    var count = 0
    var index = 0
    while index < bytes.count {
      // Eight bytes of plain ASCII at a time, the usual case, are eight characters.
      if index + 8 <= bytes.count,
        allPlainQuoted(UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
      {
        count += 8
        index += 8
        continue
      }
      let byte = bytes[index]
      count += 1
      if byte < 0x80 {
        guard isPlainQuoted(byte) else { return nil }
        index += 1
        continue
      }
      // A valid string's leading byte says how many continuation bytes follow.
      let length = byte < 0xE0 ? 2 : byte < 0xF0 ? 3 : 4
      guard index + length <= bytes.count else { return nil }
      var value = UInt32(byte) & (0x7F >> length)
      for offset in 1..<length { value = value << 6 | UInt32(bytes[index + offset] & 0x3F) }
      guard isLoneCharacter(value) else { return nil }
      index += length
    }
    return count
  }
}

/// Whether each of the eight bytes of `word` is ``isPlainQuoted(_:)``: ASCII, no control
/// character, quote, backslash or DEL.
///
/// The tests for a byte below a bound or equal to a value are the exact word-at-a-time ones
/// (a byte's subtraction borrows into the next byte only when the byte was flagged already).
func allPlainQuoted(_ word: UInt64) -> Bool {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let highs: UInt64 = 0x8080_8080_8080_8080
  func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
  guard word & highs == 0 else { return false }
  // With every byte below 0x80, a byte below 0x20 borrows into its own high bit.
  if (word &- ones &* 0x20) & ~word & highs != 0 { return false }
  return !hasZero(word ^ (ones &* 0x22)) && !hasZero(word ^ (ones &* 0x5C))
    && !hasZero(word ^ (ones &* 0x7F))
}

/// The UTF-8 offset of the scalar at `index` (from 0) in `text`, or its length when it has
/// no more scalars.
private func utf8Offset(ofScalar index: Int, in text: String) -> Int {
  var text = text
  return text.withUTF8 { bytes in
    var scalars = 0
    for offset in bytes.indices where bytes[offset] & 0xC0 != 0x80 {
      // A byte that is not a continuation byte starts a scalar.
      if scalars == index { return offset }
      scalars += 1
    }
    return bytes.count
  }
}

/// Whether the non-ASCII scalar `value` is a character on its own beside any other such
/// scalar or printable ASCII: its grapheme cluster break property is Other (or LV or LVT, a
/// precomposed Hangul syllable, which joins only conjoining jamo) and it is no control, bidi
/// control, regional indicator or emoji modifier.
///
/// The ranges are letters, digits, punctuation and symbols of the scripts user interfaces
/// show most, without the combining marks, prepended marks and joiners among them; the
/// excerpt tests check every scalar of them against Swift's grapheme rules.
func isLoneCharacter(_ value: UInt32) -> Bool {
  switch value {
  case 0xA0...0xAC, 0xAE...0x2FF,  // Latin-1, Latin Extended-A and -B, IPA, modifier letters
    0x370...0x3FF, 0x400...0x482, 0x48A...0x52F,  // Greek, Cyrillic
    0x5D0...0x5EA,  // Hebrew letters
    0x60C, 0x61B, 0x61F, 0x621...0x64A, 0x660...0x66F, 0x671...0x6D3,  // Arabic
    0x1E00...0x1FFF,  // Latin Extended Additional, Greek Extended
    0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20C0,  // punctuation, currency
    0x2100...0x2BFF,  // letterlike, arrows, mathematical, technical, shapes, symbols
    0x2E80...0x2FDF, 0x3000...0x3029, 0x3030...0x303F,  // CJK radicals and punctuation
    0x3041...0x3096, 0x309B...0x30FF, 0x3105...0x312F,  // kana, bopomofo
    0x31F0...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,  // CJK
    0xAC00...0xD7A3,  // Hangul syllables
    0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF01...0xFF9D,  // compatibility, full and half width
    0x20000...0x2A6DF:  // CJK Extension B
    return true
  default:
    return false
  }
}

/// The separator the dump joins a text's lines with, whether it joins its neighbours, and its
/// count of lone characters.
private let lineBreakSeparator = (
  text: " ⏎ ", joins: joinsNeighbours(" ⏎ "), count: loneCharacterCount(" ⏎ ")
)

/// Whether the non-empty `separator` joins a character next to it into one grapheme,
/// whatever that character is: it starts with a combining or spacing mark, a joiner or a
/// line feed, or ends with a prepended mark or a carriage return (or joins a copy of itself).
///
/// Whether a mark joins the character before or after it does not depend on which printable
/// ASCII character that is, so one letter stands for every neighbour.
private func joinsNeighbours(_ separator: String) -> Bool {
  guard !separator.isEmpty else { return false }
  let count = separator.count
  return ("a" + separator + "a").count != count + 2 || (separator + separator).count != 2 * count
    || separator.utf8.first == 0x0A || separator.utf8.last == 0x0D
}

/// The number of characters (grapheme clusters) in `text`, without Unicode's grapheme rules
/// for ASCII text other than CR LF.
private func characterCount(_ text: Substring) -> Int {
  var previous: UInt8 = 0
  for byte in text.utf8 {
    if byte >= 0x80 || (previous == 0x0D && byte == 0x0A) { return text.count }
    previous = byte
  }
  return text.utf8.count
}
