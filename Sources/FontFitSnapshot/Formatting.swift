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
    output += TextFormat.string(x, fractionDigits: 3)
    output += ", "
    output += TextFormat.string(y, fractionDigits: 3)
    output += ", "
    output += TextFormat.string(width, fractionDigits: 3)
    output += ", "
    output += TextFormat.string(height, fractionDigits: 3)
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

/// ``appendQuotedExcerpt(of:separator:to:limit:)`` of printable ASCII, cut by counting bytes.
///
/// When every part is printable ASCII that needs no escaping (no control character, quote or
/// backslash) and the separator needs none either, each byte of a part is a character: the
/// excerpt is cut with no grapheme rules and no string built to be quoted. Returns false,
/// having written nothing, for any other text.
private func appendPlainExcerpt(
  of parts: [String], separator: String, to output: inout TextOutput, limit: Int
) -> Bool {
  guard parts.allSatisfy({ $0.utf8.allSatisfy(isPlainQuoted) }),
    let separatorCount = separator == lineBreakSeparator.text
      ? lineBreakSeparator.count : plainSeparatorCount(separator)
  else { return false }
  output += "\""
  var count = 0
  for (position, part) in parts.enumerated() {
    if position > 0 {
      if count < limit {
        if separatorCount <= limit - count {
          output += separator
        } else {
          output += separator.prefix(limit - count)
        }
      }
      count += separatorCount
    }
    let length = part.utf8.count
    if count < limit {
      output.append(utf8Prefix: min(length, limit - count), of: part)
    }
    count += length
  }
  output += "\""
  if count > limit { output += " [+\(count - limit) characters]" }
  return true
}

/// The separator the dump joins a text's lines with, whether it joins its neighbours, and its
/// count as a plain separator.
private let lineBreakSeparator = (
  text: " ⏎ ", joins: joinsNeighbours(" ⏎ "), count: plainSeparatorCount(" ⏎ ")
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

/// How many characters `separator` is between parts of printable ASCII, when it needs no
/// escaping and joins nothing next to it; nil otherwise.
private func plainSeparatorCount(_ separator: String) -> Int? {
  guard !TextFormat.hasControlCharacters(separator),
    !separator.utf8.contains(where: { $0 < 0x80 && !isPlainQuoted($0) }),
    !joinsNeighbours(separator)
  else { return nil }
  return separator.count
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
