// Pango markup: any input either parses or is a MarkupError at an offset inside it, on a
// character boundary. What parses has runs in order inside its text, on character boundaries;
// its escaped text reads back as itself; mapping its text through the identity gives markup
// that parses to the same styled text; and pseudo-localised markup parses with the same
// styles.

import FontFit
import FuzzSupport

runFuzzer(fuzzMarkup)

/// The test of one input, read as markup.
///
/// - Parameters:
///   - data: The input's bytes, decoded as UTF-8 (invalid sequences become U+FFFD).
///   - size: Their number.
/// - Returns: 0, as libFuzzer requires; a broken property stops the process instead.
func fuzzMarkup(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  let markup = FuzzBytes(data, count: size).text
  let styled: StyledText
  do {
    styled = try Markup.parse(markup)
  } catch {
    let utf8 = markup.utf8
    expect(
      error.offset >= 0 && error.offset <= utf8.count,
      "\(markup.debugDescription): the error's offset \(error.offset) is outside the markup")
    if error.offset < utf8.count {
      let index = utf8.index(utf8.startIndex, offsetBy: error.offset)
      expect(
        index.samePosition(in: markup.unicodeScalars) != nil,
        "\(markup.debugDescription): the error's offset \(error.offset) splits a character")
    }
    expect(error.line >= 1 && error.column >= 1, "\(markup.debugDescription): \(error)")
    return 0
  }
  let count = styled.text.utf8.count
  var end = 0
  for run in styled.runs {
    expect(
      run.range.lowerBound >= end && run.range.upperBound <= count && !run.range.isEmpty,
      "\(markup.debugDescription): run \(run.range) out of order in \(count) bytes")
    end = run.range.upperBound
  }
  expect(
    (try? StyledText(text: styled.text, runs: styled.runs)) == styled,
    "\(markup.debugDescription): its runs do not make a valid styled text")
  let escaped = try? Markup.parse(Markup.escape(styled.text))
  expect(
    escaped?.text == styled.text && escaped?.runs.isEmpty == true,
    "\(markup.debugDescription): the escaped text does not read back as itself")
  let mapped = try? Markup.mapText(markup) { $0 }
  expect(
    mapped.flatMap { try? Markup.parse($0) } == styled,
    "\(markup.debugDescription): mapping its text through the identity changes it: "
      + "\(mapped.debugDescription)")
  let pseudo = Localization.pseudoLocalizedMarkup(markup)
  let pseudoStyled = try? Markup.parse(pseudo)
  expect(
    pseudoStyled?.runs.map(\.style) == styled.runs.map(\.style),
    "\(markup.debugDescription): pseudo-localised as \(pseudo.debugDescription), its styles "
      + "change")
  return 0
}
