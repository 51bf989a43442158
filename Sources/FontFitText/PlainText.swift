// Text a quoted excerpt writes as it is, each scalar a character of its own: what the dumps
// check before they cut a text to a few characters without grapheme rules.

/// The number of scalars in the UTF-8 `bytes` when each is a character of its own that a
/// quoted string writes as it is: printable ASCII but `"` and `\`, or a
/// ``isLoneCharacter(_:)`` scalar; nil otherwise.
///
/// Over such text, characters are scalars: an excerpt is cut and counted with no grapheme
/// rules, and nothing in it needs escaping.
package func plainCharacterCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
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

/// The number of scalars in the UTF-8 `bytes` of valid text: its bytes that are not
/// continuation bytes, counted eight at a time.
package func scalarCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
  guard let base = bytes.baseAddress else { return 0 }
  var continuations = 0
  var index = 0
  while index + 8 <= bytes.count {
    let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
    // A continuation byte is 10xxxxxx: its high bit set and the bit below it clear.
    continuations += (word & ~(word << 1) & 0x8080_8080_8080_8080).nonzeroBitCount
    index += 8
  }
  while index < bytes.count {
    if bytes[index] & 0xC0 == 0x80 { continuations += 1 }
    index += 1
  }
  return bytes.count - continuations
}

/// Whether each of the eight bytes of `word` is ``isPlainQuoted(_:)``: ASCII, no control
/// character, quote, backslash or DEL.
///
/// The tests for a byte below a bound or equal to a value are the exact word-at-a-time ones
/// (a byte's subtraction borrows into the next byte only when the byte was flagged already).
package func allPlainQuoted(_ word: UInt64) -> Bool {
  let ones: UInt64 = 0x0101_0101_0101_0101
  let highs: UInt64 = 0x8080_8080_8080_8080
  func hasZero(_ value: UInt64) -> Bool { (value &- ones) & ~value & highs != 0 }
  guard word & highs == 0 else { return false }
  // With every byte below 0x80, a byte below 0x20 borrows into its own high bit.
  if (word &- ones &* 0x20) & ~word & highs != 0 { return false }
  return !hasZero(word ^ (ones &* 0x22)) && !hasZero(word ^ (ones &* 0x5C))
    && !hasZero(word ^ (ones &* 0x7F))
}

/// Whether `byte` is printable ASCII that a quoted string (``FontFitText/TextFormat/quoted(_:)``)
/// writes as it is: not a control character, a quote or a backslash.
package func isPlainQuoted(_ byte: UInt8) -> Bool {
  byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\")
}

/// Whether the non-ASCII scalar `value` is a character on its own beside any other such
/// scalar or printable ASCII: its grapheme cluster break property is Other (or LV or LVT, a
/// precomposed Hangul syllable, which joins only conjoining jamo) and it is no control, bidi
/// control, regional indicator or emoji modifier.
///
/// The ranges are letters, digits, punctuation and symbols of the scripts user interfaces
/// show most, without the combining marks, prepended marks and joiners among them; the
/// excerpt tests check every scalar of them against Swift's grapheme rules.
package func isLoneCharacter(_ value: UInt32) -> Bool {
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
