import FontFitEngine
import FontFitFontModel
import FontFitFonts
@_spi(Engine) import FontFitText
import Foundation
import TestSupport
import Testing

/// Dictionary hyphenation, the fit ladder, spacing and balanced lines on real fonts
/// (issue 23).
@Suite("Typography: hyphenation, tracking, spacing, balanced lines (issue 23)")
struct TypographyTests {
  let fonts: FontSystem
  let engine: TextEngine
  let sans = FontDescriptor(family: "DejaVu Sans")

  init() throws {
    fonts = try FontSystem.shared()
    engine = TextEngine(shaper: fonts)
  }

  static let germanCompounds = [
    "Donaudampfschifffahrtsgesellschaftskapitän", "Bundesausbildungsförderungsgesetz",
    "Rechtsschutzversicherungsgesellschaften", "Kraftfahrzeughaftpflichtversicherung",
    "Geschwindigkeitsbegrenzung", "Datenschutzgrundverordnung", "Benutzeroberfläche",
    "Einstellungen", "Sicherheitsüberprüfung", "Übersichtsdarstellung",
  ]
  static let englishWords = [
    "internationalization", "accessibility", "notifications", "configuration",
    "preferences", "hyphenation", "typography", "incomprehensibilities", "representation",
  ]

  /// libhyphen's own answer for `words` (lower-cased) with the pattern file `path`: the
  /// character offsets after which it allows a standard break.
  static func libhyphenPoints(_ words: [String], dictionary path: String) throws -> [String: [Int]]
  {
    let harness = try buildHarness("hyphen_points", linking: "-lhyphen")
    let (status, output) = try runCommand(
      [harness.path, path], input: words.map { $0.lowercased() }.joined(separator: "\n") + "\n")
    #expect(status == 0, "\(output)")
    var points: [String: [Int]] = [:]
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 2 else { continue }
      points[String(fields[0])] = fields[1].split(separator: ",").compactMap { Int($0) }
    }
    return points
  }

  /// The dictionary's LEFTHYPHENMIN and RIGHTHYPHENMIN, as its header states them.
  static func dictionaryMinimums(_ path: String) throws -> (left: Int, right: Int) {
    let header = try String(contentsOfFile: path, encoding: .isoLatin1).split(separator: "\n")
      .prefix(8)
    func value(_ name: String) -> Int {
      header.first { $0.hasPrefix(name + " ") }.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
    }
    return (value("LEFTHYPHENMIN"), value("RIGHTHYPHENMIN"))
  }

  func request(
    _ text: String, box: Size, language: String? = nil, hyphenation: Hyphenation = .none,
    minimum: Double = 10, maximum: Double = 17
  ) throws -> TextRequest {
    var request = TextRequest(
      text: text, font: sans, fontSize: maximum,
      fitSizes: try FontSizeRange(minimum: minimum, maximum: maximum, step: 0.5), box: box,
      language: try language.map { try Language($0) })
    request.keepsWordsWhole = true
    request.hyphenation = hyphenation
    return request
  }

  @Test("The hyphenator's points are libhyphen's own, within the limits, for German and English")
  func pointsAreLibhyphens() throws {
    for (tag, words) in [("de-DE", Self.germanCompounds), ("en-US", Self.englishWords)] {
      let language = try Language(tag)
      let path = try #require(Hyphenator.shared.dictionaryPath(for: language), "\(tag)")
      let reference = try Self.libhyphenPoints(words, dictionary: path)
      let minimums = try Self.dictionaryMinimums(path)
      let limits = HyphenationLimits.standard
      for word in words {
        let shaped = try fonts.shape(word, font: sans, options: ShapingOptions(language: language))
        let points = Hyphenator.shared.hyphenationPoints(
          in: shaped, language: language, limits: limits)
        let expected = try #require(reference[word.lowercased()], "\(word)").filter {
          $0 >= max(limits.minimumBefore, minimums.left)
            && word.count - $0 >= max(limits.minimumAfter, minimums.right)
        }
        #expect(points.breaks == expected, "\(word) in \(tag)")
        #expect(points.dictionary == path)
        #expect(!expected.isEmpty || word.count < 8, "\(word) has points")
      }
    }
  }

  @Test("With hyphenation auto, German compounds break only at libhyphen's points, and fit")
  func germanCompoundBreaksAtDictionaryPoints() throws {
    let language = try Language("de-DE")
    let path = try #require(Hyphenator.shared.dictionaryPath(for: language))
    let reference = try Self.libhyphenPoints(Self.germanCompounds, dictionary: path)
    var hyphenatedFits = 0
    for word in Self.germanCompounds {
      for width in stride(from: 90.0, through: 200, by: 22) {
        let text = word + " fährt heute"
        let box = Size(width: width, height: 200)
        let fit = try engine.fit(request(text, box: box, language: "de-DE", hyphenation: .auto))
        guard case .hyphenation(let words) = fit.result.lever else {
          // The size lever kept every word whole: no word is broken at all.
          #expect(!fit.result.block.breaksWords, "\(text) at \(width)")
          #expect(!fit.result.lines.contains { $0.endsWithInsertedHyphen })
          continue
        }
        hyphenatedFits += 1
        #expect(fit.fits, "\(text) at \(width)")
        #expect(fit.size.width <= width + 1e-6)
        #expect(!fit.result.block.breaksWords, "no emergency break in \(text) at \(width)")
        // Every line that ends with a hyphen ends at one of libhyphen's points of the word.
        let allowed = Set(try #require(reference[word.lowercased()]))
        var offset = 0
        for line in fit.result.lines {
          let shown = line.endsWithInsertedHyphen ? String(line.text.dropLast()) : line.text
          offset += shown.count
          if line.endsWithInsertedHyphen {
            #expect(allowed.contains(offset), "\(text) broken after \(offset) at \(width)")
          }
          offset += text.dropFirst(offset).prefix { $0 == " " }.count
        }
        #expect(words.first?.replacingOccurrences(of: "-", with: "") == word)
      }
    }
    #expect(hyphenatedFits > 10)
  }

  @Test("The compound of the issue: whole words first, then libhyphen's breaks at a larger size")
  func issueExample() throws {
    let text = "Donaudampfschifffahrtsgesellschaftskapitän fährt"
    let box = Size(width: 120, height: 200)
    let none = try engine.fit(request(text, box: box, language: "de-DE"))
    #expect(none.result.lever == .size)
    #expect(none.pointSize == 10, "no size keeps the compound whole: the smallest, broken")
    let auto = try engine.fit(request(text, box: box, language: "de-DE", hyphenation: .auto))
    #expect(auto.fits)
    #expect(auto.pointSize > none.pointSize)
    #expect(
      auto.result.lines.map(\.text) == [
        "Donaudampf‐", "schifffahrts‐", "gesellschafts‐", "kapitän fährt",
      ])
    #expect(auto.result.lever == .hyphenation(["Donaudampf-schifffahrts-gesellschafts-kapitän"]))
    #expect(
      auto.result.hyphenationDictionary
        == .some(Hyphenator.shared.dictionaryPath(for: try Language("de-DE"))))
  }

  @Test(
    "With hyphenation none, no word breaks inside while some size on the grid keeps words whole")
  func noneKeepsWordsWhole() throws {
    var random = SplitMix64(seed: 23)
    let words = Self.germanCompounds + ["und", "die", "Fahrt", "geht", "weiter", "heute"]
    var checked = 0
    for _ in 0..<120 {
      let text = (0..<Int.random(in: 1...6, using: &random)).map { _ in
        words[Int.random(in: 0..<words.count, using: &random)]
      }.joined(separator: " ")
      let box = Size(
        width: Double.random(in: 60...260, using: &random),
        height: Double.random(in: 20...160, using: &random))
      let request = try request(text, box: box, language: "de-DE")
      let fit = try engine.fit(request)
      #expect(
        !fit.result.lines.contains { $0.endsWithInsertedHyphen } || fit.result.block.breaksWords)
      let layouter = TextLayouter(shaped: try fonts.shape(text, font: sans), truncationToken: nil)
      let options = try LayoutOptions(box: box)
      let someSizeKeepsWhole = try #require(request.fitSizes).contains { size in
        layouter.fits(pointSize: size, options: options, keepingWordsWhole: true)
      }
      if someSizeKeepsWhole {
        checked += 1
        #expect(!fit.result.block.breaksWords, "\(text) in \(box)")
      }
    }
    #expect(checked > 20)
  }

  @Test("Soft hyphens are honoured in every mode: a line broken at one ends with a hyphen")
  func softHyphens() throws {
    let text = "Ein\u{AD}stel\u{AD}lungen für Be\u{AD}nut\u{AD}zer\u{AD}ober\u{AD}fläche"
    for hyphenation in Hyphenation.allCases {
      for width in stride(from: 60.0, through: 160, by: 10) {
        var request = try request(
          text, box: Size(width: width, height: 400), hyphenation: hyphenation)
        request.fitSizes = nil
        request.fontSize = 14
        let fit = try engine.fit(request)
        #expect(fit.size.width <= width + 1e-6 || fit.result.block.breaksWords)
        for line in fit.result.lines.dropLast() where line.text.hasSuffix("\u{AD}‐") {
          #expect(line.endsWithInsertedHyphen)
        }
        let broken = fit.result.lines.dropLast().filter { $0.text.hasSuffix("\u{AD}‐") }
        if width <= 120 { #expect(!broken.isEmpty, "\(width): \(fit.result.lines.map(\.text))") }
        // Every character is still shown, once.
        let shown = fit.result.lines.map {
          $0.endsWithInsertedHyphen ? String($0.text.dropLast()) : $0.text
        }
        .joined().filter { $0 != " " }
        #expect(shown == text.filter { $0 != " " })
      }
    }
  }

  @Test("A language with no dictionary is reported by the fit, never an error")
  func missingDictionary() throws {
    let text = "Kitabu hiki kinazungumzia mabadilikotabianchi duniani"
    let fit = try engine.fit(
      request(text, box: Size(width: 90, height: 200), language: "sw", hyphenation: .auto))
    #expect(fit.result.hyphenationDictionary == .some(nil))
    #expect(fit.result.lever == .size)
    #expect(fit.result.block.breaksWords, "the fit falls back to breaking the long word")
  }

  @Test("Tracking: the least tightening that fits at the smallest size, reported, within its bound")
  func trackingLever() throws {
    var random = SplitMix64(seed: 2_023)
    let words = ["Settings", "Notifications", "Download", "report", "Privacy", "and", "Security"]
    var tracked = 0
    for _ in 0..<200 {
      let text = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        words[Int.random(in: 0..<words.count, using: &random)]
      }.joined(separator: " ")
      var request = try request(
        text, box: Size(width: Double.random(in: 50...200, using: &random), height: 30),
        minimum: 12, maximum: 17)
      request.maximumLines = 1
      request.fitLadder = FitLadder([.size, .tracking], maximumTightening: 0.05)
      let fit = try engine.fit(request)
      guard case .tracking(let amount) = fit.result.lever else { continue }
      tracked += 1
      #expect(fit.fits && fit.pointSize == 12, "\(text)")
      #expect(amount < 0 && amount >= -0.05)
      #expect(fit.size.width <= request.box.width + 1e-6)
      // Without the tracking, or with a hair less of it, the text does not fit.
      var plain = request
      plain.fitLadder = nil
      let plainFit = try engine.fit(plain)
      #expect(!plainFit.fits || plainFit.result.block.breaksWords)
      var less = plain
      less.spacing.letter = amount + 0.0001
      less.fitSizes = nil
      less.fontSize = 12
      #expect(try engine.fit(less).fits == false, "\(text): \(amount) is the least")
      // The glyphs are placed with the tightening: their advances add up to the line's width.
      let line = try #require(fit.lines.first)
      let advances = line.runs.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
      #expect(abs(advances - line.width) < 1e-6, "\(text)")
    }
    #expect(tracked >= 5)
  }

  @Test(
    "Letter and word spacing are measured exactly: advances plus spacing, none after a line's last")
  func spacingIsExact() throws {
    for text in ["Settings", "Download report", "office affluent", "Übersicht", "مرحبا بالعالم"] {
      var request = TextRequest(
        text: text, font: sans, fontSize: 20, box: Size(width: 1000, height: 100),
        maximumLines: 1)
      let plain = try engine.fit(request)
      request.spacing = TextSpacing(letter: 0.1, word: 0.2)
      let spaced = try engine.fit(request)
      let clusters = text.count
      let spaces = text.filter { $0 == " " }.count
      let expected =
        plain.size.width + Double(clusters - 1) * 0.1 * 20 + Double(spaces) * 0.2 * 20
      #expect(abs(spaced.size.width - expected) < 1e-6, "\(text)")
      let line = try #require(spaced.lines.first)
      let advances = line.runs.flatMap(\.glyphs).reduce(0) { $0 + $1.advance }
      #expect(abs(advances - line.width) < 1e-6, "\(text)")
      // Measuring agrees with laying out.
      let measured = try engine.measure(request, proposal: .unbounded)
      #expect(abs(measured.width - spaced.size.width) < 1e-6)
    }
  }

  @Test("Spacing scales with the fitted size, and extra line spacing is in the fit")
  func spacingInTheFit() throws {
    var request = try request(
      "When the text is longer than its label, the font shrinks", box: Size(width: 200, height: 60))
    let plain = try engine.fit(request)
    request.spacing.letter = 0.05
    let spaced = try engine.fit(request)
    #expect(spaced.pointSize <= plain.pointSize)
    #expect(spaced.size.height <= 60 + 1e-6)
    request.spacing.letter = 0
    request.lineSpacing = 6
    let loose = try engine.fit(request)
    #expect(loose.pointSize < plain.pointSize)
    #expect(loose.size.height <= 60 + 1e-6)
    let lineHeights = loose.result.lines.map(\.height)
    let natural = try fonts.lineMetrics(of: sans).height * loose.pointSize
    for height in lineHeights { #expect(abs(height - natural - 6) < 1e-6) }
  }

  static let headings = [
    "A heading whose last line holds one word", "Settings and preferences for your account",
    "Download the report before the meeting starts", "Notifications from people you follow",
    "Privacy, security and the permissions apps have", "Welcome back to your reading list",
    "Everything you saved, on every device you own", "The quick brown fox jumps over the lazy dog",
    "Terms of service and privacy policy", "Your subscription renews on the first of the month",
    "Einstellungen für Benachrichtigungen und Datenschutz", "Choose a plan that fits your team",
  ]

  @Test("Balanced lines are more even than greedy ones, and never add a line")
  func balancedLines() throws {
    var greedySpread = 0.0
    var balancedSpread = 0.0
    for heading in Self.headings {
      for width in stride(from: 120.0, through: 320, by: 40) {
        var request = TextRequest(
          text: heading, font: sans, fontSize: 20, box: Size(width: width, height: 400))
        let greedy = try engine.fit(request)
        request.lineBreakStrategy = .balanced
        let balanced = try engine.fit(request)
        #expect(balanced.result.lines.count == greedy.result.lines.count, "\(heading) at \(width)")
        #expect(balanced.size.height <= greedy.size.height + 1e-9)
        #expect(balanced.size.width <= greedy.size.width + 1e-9)
        #expect(balanced.fits == greedy.fits)
        func spread(_ fit: TextFit) -> Double {
          let widths = fit.result.lines.map(\.width)
          return (widths.max() ?? 0) - (widths.min() ?? 0)
        }
        #expect(spread(balanced) <= spread(greedy) + 1e-9, "\(heading) at \(width)")
        greedySpread += spread(greedy)
        balancedSpread += spread(balanced)
        // The same words, in the same order.
        #expect(
          balanced.result.lines.map(\.text).joined(separator: " ")
            == greedy.result.lines.map(\.text).joined(separator: " "))
        // Lines are still placed within the box, by its alignment.
        for line in balanced.lines {
          #expect(line.x >= -1e-9 && line.x + line.width <= width + 1e-6)
        }
      }
    }
    #expect(balancedSpread < greedySpread * 0.7, "\(balancedSpread) vs \(greedySpread)")
  }

  @Test("Phrase breaking keeps Japanese phrases whole: fewer break opportunities, all ICU's own")
  func phraseBreaking() throws {
    let text = "日本語の文章を文節で改行すると読みやすくなります。"
    let language = try Language("ja")
    let plain = try fonts.shape(text, font: sans, options: ShapingOptions(language: language))
    let phrases = try fonts.shape(
      text, font: sans, options: ShapingOptions(language: language, breaksBetweenPhrases: true))
    let plainBreaks = Set(
      plain.clusters.indices.filter { plain.clusters[$0].breakBefore == .allowed })
    let phraseBreaks = Set(
      phrases.clusters.indices.filter { phrases.clusters[$0].breakBefore == .allowed })
    #expect(phraseBreaks.isSubset(of: plainBreaks))
    #expect(phraseBreaks.count < plainBreaks.count)
    #expect(!phraseBreaks.isEmpty)
  }
}
