import FontFitFontModel
import TestSupport
import Testing

/// Pango markup read into styled text (issue 24): tags, sizes as Pango steps them, entities,
/// and located errors.
@Suite("Pango markup")
struct MarkupTests {
  @Test("The issue's label: plain text, a bold run and a small run at 1/1.2")
  func issueExample() throws {
    let styled = try Markup.parse("Total <b>42,00 €</b> <small>incl. VAT</small>")
    #expect(styled.text == "Total 42,00 € incl. VAT")
    #expect(styled.runs.count == 2)
    var bold = TextStyle()
    bold.weight = .bold
    var small = TextStyle()
    small.size = .relative(1 / 1.2)
    // "Total " is 6 bytes, "42,00 €" 9 (the euro sign is 3), " " 1, "incl. VAT" 9.
    #expect(styled.runs[0] == StyleRun(range: 6..<15, style: bold))
    #expect(styled.runs[1] == StyleRun(range: 16..<25, style: small))
    #expect(styled.style(at: 0).isPlain)
    #expect(styled.style(at: 15).isPlain)
    #expect(styled.style(at: 20) == small)
  }

  /// Markups and the size Pango gives their text.
  static let nestedSizes: [(String, SpanSize)] = [
    ("<big><big>x</big></big>", .relative(1.2 * 1.2)),
    ("<small><small><small>x</small></small></small>", .relative(1 / (1.2 * 1.2 * 1.2))),
    // A named size is relative to the text's size, not to the tags around it.
    ("<small><span size=\"x-large\">x</span></small>", .relative(1.2 * 1.2)),
    ("<span size=\"x-large\"><small>x</small></span>", .relative(1.2)),
    ("<span size=\"150%\"><big>x</big></span>", .relative(1.5 * 1.2)),
    ("<span size=\"12pt\"><small>x</small></span>", .points(12 / 1.2)),
    ("<span size=\"12288\">x</span>", .points(12)),
    ("<span font_size=\"larger\">x</span>", .relative(1.2)),
    ("<span font=\"DejaVu Serif Bold 9\"><big>x</big></span>", .points(9 * 1.2)),
    // An absolute size and a scale are two attributes, the innermost of each multiplied.
    ("<big><span size=\"14pt\">x</span></big>", .points(14 * 1.2)),
    ("<span size=\"14pt\"><span size=\"x-large\">x</span></span>", .points(14 * 1.44)),
    ("<span font=\"Sans 20\" size=\"x-large\">x</span>", .points(20 * 1.44)),
    // A tag's own size wins over the one its steps make.
    ("<span font=\"Sans 14\" size=\"larger\">x</span>", .points(14)),
    ("<span font=\"12\">x</span>", .points(12)),
  ]

  @Test("Sizes nest as Pango's markup parser nests them", arguments: nestedSizes)
  func sizes(_ markup: String, _ expected: SpanSize) throws {
    let styled = try Markup.parse(markup)
    let size = try #require(styled.runs.first?.style.size)
    switch (size, expected) {
    case (.relative(let ours), .relative(let wanted)), (.points(let ours), .points(let wanted)):
      #expect(abs(ours - wanted) < 1e-12, "\(markup): \(size)")
    default:
      Issue.record("\(markup): \(size), expected \(expected)")
    }
  }

  @Test("Every simple tag sets what Pango's does")
  func simpleTags() throws {
    let styled = try Markup.parse(
      "<b>b</b><i>i</i><s>s</s><u>u</u><tt>t</tt><sub>1</sub><sup>2</sup>")
    let styles = styled.runs.map(\.style)
    #expect(styles.count == 7)
    #expect(styles[0].weight == .bold)
    #expect(styles[1].slant == .italic)
    #expect(styles[2].strikethrough == true)
    #expect(styles[3].underline == .single)
    #expect(styles[4].families == ["Monospace"])
    #expect(styles[5].fontScales == [.subscript] && styles[5].baselineShifts == [.subscript])
    #expect(styles[6].fontScales == [.superscript] && styles[6].baselineShifts == [.superscript])
  }

  @Test("Span attributes: font, colours, decorations, rise, spacing, language")
  func spanAttributes() throws {
    let styled = try Markup.parse(
      ##"<span font_family="DejaVu Serif" weight="600" style="oblique" foreground="#336699" "##
        + ##"background="yellow" bgalpha="50%" underline="double" underline_color="#f00" "##
        + ##"strikethrough="true" rise="2pt" letter_spacing="1024" lang="de">Text</span>"##)
    let style = try #require(styled.runs.first?.style)
    #expect(style.families == ["DejaVu Serif"])
    #expect(style.weight == FontWeight(600))
    #expect(style.slant == .oblique)
    #expect(style.foreground == Color(red: 0x33, green: 0x66, blue: 0x99))
    #expect(style.backgroundColor == Color(red: 255, green: 255, blue: 0, alpha: 128))
    #expect(style.underline == .double)
    #expect(style.underlineColor == Color(red: 255, green: 0, blue: 0))
    #expect(style.strikethrough == true)
    #expect(style.rise == 2)
    #expect(style.letterSpacing == 1)
    #expect(style.language?.tag == "de")
  }

  @Test("Opacity is kept apart from the colour, so it fades the widget's colour too")
  func alpha() throws {
    let faded = try #require(Markup.parse(#"<span alpha="50%">x</span>"#).runs.first?.style)
    #expect(faded.foreground == nil && faded.foregroundAlpha == 128)
    #expect(faded.textColor(over: .white) == Color(red: 255, green: 255, blue: 255, alpha: 128))
    let red = try #require(
      Markup.parse(#"<span alpha="50%"><span foreground="red">x</span></span>"#).runs.first?.style)
    #expect(red.textColor(over: .black) == Color(red: 255, green: 0, blue: 0, alpha: 128))
  }

  @Test("Entities, character references, CDATA and comments read as Pango reads them")
  func entities() throws {
    let styled = try Markup.parse(
      "a &amp; b &lt;c&gt; &quot;d&apos; &#8364; &#x1F600;<!-- note --><![CDATA[<raw>]]>")
    #expect(styled.text == "a & b <c> \"d' € 😀<raw>")
    #expect(styled.runs.isEmpty)
  }

  @Test("Escaped text reads back as itself with no styles, for any text")
  func escapeRoundTrip() throws {
    var random = SplitMix64(seed: 24)
    // A combining mark after `<` makes one Character of them (the fuzzer found it).
    let pieces = [
      "<", ">", "&", "\"", "'", "a", "é", "€", " ", "\n", "<b>", "&amp;", "😀", "ب", "\u{59E}",
      "\u{301}",
    ]
    for _ in 0..<300 {
      let text = (0..<Int.random(in: 0...12, using: &random)).map { _ in
        pieces[Int.random(in: 0..<pieces.count, using: &random)]
      }.joined()
      let styled = try Markup.parse(Markup.escape(text))
      #expect(styled.text == text)
      #expect(styled.runs.isEmpty)
    }
  }

  @Test("Mapping a markup's text keeps its tags, and its entities escaped")
  func mapText() throws {
    let mapped = try Markup.mapText("Total <b>42 &amp; €</b> <small>incl.</small>") {
      $0.uppercased()
    }
    #expect(mapped == "TOTAL <b>42 &amp; €</b> <small>INCL.</small>")
    let styles = try Markup.parse(mapped).runs.map(\.style)
    #expect(styles.map(\.weight) == [.bold, nil])
    #expect(styles.map(\.size) == [nil, .relative(1 / 1.2)])
  }

  /// A bad markup, the offset its error must name, and a fragment of its message.
  struct Bad: Sendable, CustomTestStringConvertible {
    var markup: String
    var offset: Int
    var message: String
    var testDescription: String { markup }
  }

  @Test(
    "A bad markup is an error at the offset of what is wrong, saying what was expected",
    arguments: [
      Bad(markup: "Total <b>42", offset: 6, message: "<b> is never closed"),
      Bad(markup: "<b>x</i>", offset: 4, message: "expected </b>"),
      Bad(markup: "x</b>", offset: 1, message: "closes nothing"),
      Bad(markup: "a <blink>b</blink>", offset: 2, message: "unknown tag <blink>"),
      Bad(markup: #"<span colour="red">x</span>"#, offset: 6, message: "unknown attribute colour"),
      Bad(markup: #"<span size="huge">x</span>"#, offset: 11, message: "xx-small to xx-large"),
      Bad(markup: #"<span size="12">x</span>"#, offset: 11, message: "write it as 12pt"),
      Bad(markup: #"<span weight="fat">x</span>"#, offset: 13, message: "is not a weight"),
      Bad(markup: ##"<span foreground="#12">x</span>"##, offset: 17, message: "is not a colour"),
      Bad(markup: #"<span underline="wavy">x</span>"#, offset: 16, message: "single"),
      Bad(markup: #"<span lang="">x</span>"#, offset: 11, message: "lang:"),
      Bad(markup: #"<b weight="bold">x</b>"#, offset: 3, message: "takes no attributes"),
      Bad(markup: #"<span size="1pt" font_size="2pt">x</span>"#, offset: 17, message: "already"),
      Bad(markup: #"<span size="1pt" size="2pt">x</span>"#, offset: 17, message: "twice"),
      Bad(markup: #"<span fallback="false">x</span>"#, offset: 6, message: "does not lay it out"),
      Bad(markup: #"<span letter_spacing="wide">x</span>"#, offset: 21, message: "not a length"),
      Bad(markup: "fish & chips", offset: 5, message: "write a lone & as &amp;"),
      Bad(markup: "a < b", offset: 2, message: "write a lone < as &lt;"),
      Bad(markup: "<b", offset: 0, message: "is never ended"),
      Bad(markup: #"<span size="2pt>x</span>"#, offset: 17, message: "closing quote missing"),
      Bad(markup: #"<span size="2pt"#, offset: 11, message: "never closed by its quote"),
      Bad(markup: "line\n  <q>x</q>", offset: 7, message: "unknown tag <q>"),
      Bad(
        markup: String(repeating: "<big>", count: 40) + "x"
          + String(repeating: "</big>", count: 40),
        offset: 185, message: "sizes nest to at most 1000×"),
      Bad(markup: #"<span size="1e300%">x</span>"#, offset: 0, message: "at most 1000×"),
      Bad(markup: #"<span strikethrough="TRUE">x</span>"#, offset: 20, message: "not a boolean"),
    ])
  func located(_ bad: Bad) {
    #expect {
      try Markup.parse(bad.markup)
    } throws: { error in
      guard let error = error as? MarkupError else { return false }
      return error.offset == bad.offset && error.message.contains(bad.message)
    }
  }

  @Test("An error names the line and column inside a markup of several lines")
  func lineAndColumn() throws {
    let thrown = #expect(throws: MarkupError.self) { try Markup.parse("line\n  é<q>x</q>") }
    let error = try #require(thrown)
    #expect(error.line == 2)
    #expect(error.column == 4)
    #expect(error.description.contains("line 2:4"))
  }
}
