import FontFitEngine
import FontFitFontModel
import FontFitText
import TestSupport
import Testing

// A resolution and a fit each keep their values behind one reference (issue 25), so that
// handing them on copies one pointer; they must still behave as values.

@Suite("Resolutions and fits are values")
struct ValueSemanticsTests {
  let engine = TextEngine(shaper: ArithmeticShaper())
  let font = FontDescriptor(family: "Test")

  /// A resolution of `family` as a shaper would make it.
  private func resolution(_ family: String) -> ResolvedFont {
    ResolvedFont(
      requested: FontDescriptor(family: family), family: family, style: "Regular",
      file: "/fonts/\(family).ttf", weight: .regular, slant: .roman, isSubstitution: false)
  }

  /// `resolution` with every property set to another value.
  private func everythingChanged(_ resolution: ResolvedFont) -> ResolvedFont {
    var changed = resolution
    changed.family = "Beta"
    changed.style = "Bold"
    changed.file = "/fonts/Beta-Bold.ttf"
    changed.index = 2
    changed.weight = .bold
    changed.slant = .italic
    changed.isSubstitution = true
    changed.requested = FontDescriptor(family: "Beta")
    return changed
  }

  @Test("Setting a resolution's property changes that copy alone, and equality follows it")
  func resolutionSetters() {
    let original = resolution("Alpha")
    let copy = original
    #expect(copy == original)
    let changed = everythingChanged(copy)
    #expect(copy == original)
    #expect(original.family == "Alpha" && original.style == "Regular")
    #expect(original.file == "/fonts/Alpha.ttf" && original.index == 0)
    #expect(original.weight == .regular && original.slant == .roman && !original.isSubstitution)
    #expect(original.requested == FontDescriptor(family: "Alpha"))
    #expect(changed.family == "Beta" && changed.style == "Bold" && changed.index == 2)
    #expect(changed.file == "/fonts/Beta-Bold.ttf")
    #expect(changed.weight == .bold && changed.slant == .italic && changed.isSubstitution)
    #expect(changed.requested == FontDescriptor(family: "Beta"))
    #expect(changed != original)
    // Made again from another resolution, it is equal and hashes alike.
    let rebuilt = everythingChanged(resolution("Gamma"))
    #expect(rebuilt == changed)
    #expect(rebuilt.hashValue == changed.hashValue)
    // The names Fontconfig listed are kept, not compared.
    var listed = original
    listed.familyNames = ["Alpha", "Альфа"]
    #expect(listed == original && listed.hashValue == original.hashValue)
    #expect(listed.familyNames == ["Alpha", "Альфа"] && original.familyNames.isEmpty)
  }

  @Test("A resolution's display name is its family and style, either left out when empty")
  func displayNames() {
    for family in ["", "DejaVu Sans"] {
      for style in ["", "Bold"] {
        var resolved = resolution("Alpha")
        resolved.family = family
        resolved.style = style
        #expect(
          resolved.displayName == [family, style].filter { !$0.isEmpty }.joined(separator: " "))
      }
    }
    // A setter makes the name again.
    var renamed = resolution("Alpha")
    #expect(renamed.displayName == "Alpha Regular")
    renamed.style = "Oblique"
    #expect(renamed.displayName == "Alpha Oblique")
  }

  @Test("A fit's face and result can be set on a copy; the original and its lines stay")
  func fitSetters() throws {
    var random = SplitMix64(seed: 2525)
    for text in TextEngineTests.texts(count: 40, seed: 25) {
      let request = try TextEngineTests.randomRequest(text, font: font, using: &random)
      let fit = try engine.fit(request)
      var narrower = request
      narrower.box.width = request.box.width / 2
      let other = try engine.fit(narrower)
      let lines = fit.lines
      var changed = fit
      #expect(changed == fit && changed.hashValue == fit.hashValue)
      changed.result = other.result
      changed.resolvedFont = resolution("Other")
      #expect(changed.result == other.result && changed.pointSize == other.pointSize)
      #expect(changed.fits == other.fits && changed.size == other.size)
      #expect(changed.resolvedFont.family == "Other")
      // The original is untouched, and both place the lines the fit was made with.
      #expect(fit.result == (try engine.fit(request)).result)
      #expect(fit.resolvedFont.family == "Test")
      #expect(fit.lines == lines && changed.lines == lines)
      #expect(fit.laidOutText == text && changed.laidOutText == text)
    }
  }
}
