import FontFitEngine
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
  output.append(TextFormat.quoted(shown))
  appendLeftOut(count - limit, to: &output)
}

/// ``appendQuotedExcerpt(of:separator:to:limit:)`` of `block`'s lines joined by
/// ``lineBreakSeparator``, read from the laid-out lines as UTF-8 without making their
/// strings when every scalar is a character of its own (see
/// ``appendPlainExcerpt(of:separator:to:limit:)``), from their strings otherwise.
func appendLinesExcerpt(
  of block: some LineTextPieces, to output: inout TextOutput, limit: Int = 48
) {
  if let separatorCount = lineBreakSeparator.count,
    lineBreakSeparator.utf8.withUnsafeBufferPointer({ separator in
      appendPlainExcerpt(
        separator: separator, separatorCount: separatorCount, limit: limit, to: &output,
        pieces: block.forEachLineTextPiece)
    })
  {
    return
  }
  appendQuotedExcerpt(
    of: block.lineTexts, separator: lineBreakSeparator.text, to: &output, limit: limit)
}

/// Lines whose texts an excerpt reads as UTF-8 pieces: a ``FontFitText/TextBlock``'s, or a fit's
/// (which reads its block's where it keeps them).
protocol LineTextPieces {
  /// The lines' texts.
  var lineTexts: [String] { get }
  /// Calls `body` with the lines' texts as UTF-8 pieces (see
  /// ``FontFitText/TextBlock/forEachLineTextPiece(_:)``).
  func forEachLineTextPiece(
    _ body: (_ utf8: UnsafeBufferPointer<UInt8>, _ startsLine: Bool, _ isPlain: Bool) -> Bool)
}

extension TextBlock: LineTextPieces {}
extension TextFit: LineTextPieces {}

/// A plain excerpt (every scalar a character of its own) written piece by piece: the first
/// `limit` characters copied, the rest only counted.
private struct PlainExcerpt {
  let limit: Int
  /// The characters added so far.
  var count = 0

  init(limit: Int) {
    self.limit = limit
  }

  /// Adds the UTF-8 `piece`, of `characters` characters.
  mutating func add(
    _ piece: UnsafeBufferPointer<UInt8>, characters: Int, to output: inout TextOutput
  ) {
    if count < limit {
      let shown =
        characters <= limit - count ? piece.count : utf8Offset(ofScalar: limit - count, in: piece)
      output.append(UnsafeBufferPointer(rebasing: piece[..<shown]))
    }
    count += characters
  }
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
  var separator = separator
  return separator.withUTF8 { separator in
    appendPlainExcerpt(
      separator: separator, separatorCount: separatorCount, limit: limit, to: &output
    ) { body in
      for part in parts {
        var part = part
        guard part.withUTF8({ body($0, true, false) }) else { return }
      }
    }
  }
}

/// Writes the quoted excerpt of the UTF-8 pieces `pieces` hands its body in turn (as
/// ``FontFitText/TextBlock/forEachLineTextPiece(_:)`` does: a piece that starts a line after
/// the first follows `separator`, of `separatorCount` characters), when every scalar of them
/// is a character of its own: the first `limit` characters copied, the rest only counted.
///
/// - Returns: False, having written nothing, when a piece is not plain (a piece said to be
///   plain is not checked again).
private func appendPlainExcerpt(
  separator: UnsafeBufferPointer<UInt8>, separatorCount: Int, limit: Int,
  to output: inout TextOutput,
  pieces: ((UnsafeBufferPointer<UInt8>, _ startsLine: Bool, _ isPlain: Bool) -> Bool) -> Void
) -> Bool {
  // Written as the pieces are counted, and taken back if one is not plain.
  let start = output.count
  output += "\""
  var excerpt = PlainExcerpt(limit: limit)
  var plain = true
  var first = true
  pieces { utf8, startsLine, isPlain in
    guard let length = isPlain ? scalarCount(utf8) : plainCharacterCount(utf8) else {
      plain = false
      return false
    }
    if startsLine, !first { excerpt.add(separator, characters: separatorCount, to: &output) }
    first = false
    excerpt.add(utf8, characters: length, to: &output)
    return true
  }
  guard plain else {
    output.removeLast(output.count - start)
    return false
  }
  output += "\""
  appendLeftOut(excerpt.count - limit, to: &output)
  return true
}

/// Appends how many characters an excerpt left out, ` [+12 characters]`, when `count` is
/// positive.
private func appendLeftOut(_ count: Int, to output: inout TextOutput) {
  guard count > 0 else { return }
  output += " [+"
  output.append(integer: count)
  output += " characters]"
}

/// The offset of the scalar at `index` (from 0) in the UTF-8 `bytes`, or their count when
/// they have no more scalars.
private func utf8Offset(ofScalar index: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
  var scalars = 0
  for offset in bytes.indices where bytes[offset] & 0xC0 != 0x80 {
    // A byte that is not a continuation byte starts a scalar.
    if scalars == index { return offset }
    scalars += 1
  }
  return bytes.count
}

/// The number of scalars in `text` when each is a character of its own that a quoted string
/// writes as it is (``FontFitText/plainCharacterCount(_:)``); nil otherwise.
private func loneCharacterCount(_ text: String) -> Int? {
  var text = text
  return text.withUTF8(plainCharacterCount)
}

/// The separator the dump joins a text's lines with, its UTF-8, whether it joins its
/// neighbours, and its count of lone characters.
let lineBreakSeparator = (
  text: " ⏎ ", utf8: Array(" ⏎ ".utf8), joins: joinsNeighbours(" ⏎ "),
  count: loneCharacterCount(" ⏎ ")
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
