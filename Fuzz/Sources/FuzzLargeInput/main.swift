// Large inputs, built from a short recipe: many widgets (on one frame, so every pair
// overlaps), long texts and truncation tokens, font names of many families, long language
// tags and files padded towards the size limits, in JSON or XML. They are loaded as the demo
// loads them, laid out with the real shaper on a pinned font directory, and checked as
// `demo check` checks them.
//
// What must hold: an input beyond one of the documented bounds is refused with an error that
// names the bound; one within all of them loads (no "unexpected end of file" from a parser's
// own limit); and loading, layout and checking stay within libFuzzer's time and memory limits
// (`-timeout`, `-rss_limit_mb`), which a quadratic blow-up exceeds. The reliability probe's
// D1, D2, D3 and D5 are each one recipe away.

import FontFit
import Foundation
import FuzzSupport

runFuzzer(fuzzLargeInput)

/// What every input shares, made on first use (a global of main.swift would be initialised
/// only when execution reaches it, after the fuzzer has started).
enum Shared {
  /// The font system of the pinned directory (`FUZZ_FONT_DIR`, default DejaVu's).
  static let fonts: FontSystem = {
    let directory =
      ProcessInfo.processInfo.environment["FUZZ_FONT_DIR"] ?? "/usr/share/fonts/truetype/dejavu"
    do {
      return try FontSystem(sources: .only([directory]))
    } catch {
      fail("the pinned font directory \(directory) cannot be used: \(error)")
    }
  }()

  /// The file each XML input is written to, one per process.
  static let xmlPath: String = {
    let directory = ProcessInfo.processInfo.environment["TMPDIR"] ?? "/tmp"
    return "\(directory)/fontfit-fuzz-large-\(ProcessInfo.processInfo.processIdentifier).xml"
  }()
}

/// What one input asks for.
struct Recipe {
  var isXML: Bool
  var sharesOneFrame: Bool
  var widgets: Int
  var textBytes: Int
  var tokenBytes: Int?
  var families: Int?
  var languageBytes: Int?
  var paddingBytes: Int
  var alphabet: [Character]

  init(_ input: inout FuzzBytes) {
    let flags = input.byte()
    isXML = FuzzBytes.isSet(0, in: flags)
    sharesOneFrame = FuzzBytes.isSet(1, in: flags)
    widgets = Int(input.uint16()) % 12_001
    textBytes = Int(input.uint16()) * 2
    let token = Int(input.uint16()) * 80
    tokenBytes = FuzzBytes.isSet(2, in: flags) ? token : nil
    let families = Int(input.uint16())
    self.families = FuzzBytes.isSet(3, in: flags) ? max(1, families) : nil
    let language = Int(input.byte())
    languageBytes = FuzzBytes.isSet(4, in: flags) ? language : nil
    let padding = Int(input.uint16()) * 256
    paddingBytes = FuzzBytes.isSet(5, in: flags) ? padding : 0
    // Letters both syntaxes take as they are: no controls, quotes, backslashes or
    // noncharacters XML refuses.
    let letters = Array(
      input.restAsText().filter { character in
        character != "\"" && character != "\\"
          && character.unicodeScalars.allSatisfy { scalar in
            scalar.properties.generalCategory != .control && scalar.value != 0xFFFE
              && scalar.value != 0xFFFF
          }
      })
    alphabet = letters.isEmpty ? ["a", "b", " ", "中", "ب", "🎉"] : letters
  }

  /// `count` bytes or a few more of text drawn from the alphabet (whole characters).
  func text(_ count: Int, seed: Int) -> String {
    var text = ""
    var index = seed
    while text.utf8.count < count {
      text.append(alphabet[index % alphabet.count])
      index += 1
    }
    return text
  }

  var fontName: String? {
    families.map { count in (0..<count).map { "F\($0)" }.joined(separator: ",") + " 12" }
  }

  var language: String? {
    languageBytes.map { count in
      var tag = "en-x-abcdefgh"
      while tag.utf8.count + 9 <= count { tag += "-abcdefgh" }
      return tag
    }
  }

  /// Whether every value the file holds is within the documented bounds: a file without
  /// labels holds none of them (the text, token, font and language are the first label's).
  var isWithinBounds: Bool {
    guard widgets > 0 else { return true }
    let sample = text(textBytes, seed: 0)
    return sample.utf8.count <= InputLimits.textBytes
      && (tokenBytes.map { text($0, seed: 1).utf8.count <= InputLimits.textBytes } ?? true)
      && (families.map { $0 <= InputLimits.fontFamilies } ?? true)
      && (fontName.map { $0.utf8.count <= InputLimits.nameBytes } ?? true)
      && (language.map { $0.utf8.count <= InputLimits.languageTagBytes } ?? true)
  }

  /// The description file.
  func file() -> String {
    var widgets: [String] = []
    widgets.reserveCapacity(self.widgets)
    for index in 0..<self.widgets {
      let (x, y) = sharesOneFrame ? (0, 0) : ((index * 7) % 270, (index * 13) % 540)
      var attributes: [(String, String)] = [
        ("id", "w\(index)"), ("frame", "\(x),\(y),50,20"),
        ("text", text(index == 0 ? textBytes : min(textBytes, 64), seed: index)),
        ("numberOfLines", "1"),
      ]
      if let tokenBytes, index == 0 {
        attributes.append(("truncationToken", text(tokenBytes, seed: 1)))
      }
      if let fontName, index == 0 { attributes.append(("font", fontName)) }
      if let language, index == 0 { attributes.append(("language", language)) }
      widgets.append(isXML ? xmlLabel(attributes) : jsonLabel(attributes))
    }
    let padding = String(repeating: " ", count: paddingBytes)
    if isXML {
      return "<?xml version=\"1.0\"?><layout designScreen=\"iPhone 5\"><!--" + padding
        + "--><View id=\"root\" frame=\"0,0,320,568\">" + widgets.joined() + "</View></layout>"
    }
    return "{\"designScreen\": \"iPhone 5\"," + padding
      + "\"root\": {\"type\": \"View\", \"id\": \"root\", \"frame\": [0, 0, 320, 568], "
      + "\"children\": [" + widgets.joined(separator: ",") + "]}}"
  }

  private func jsonLabel(_ attributes: [(String, String)]) -> String {
    var members = ["\"type\": \"Label\""]
    for (key, value) in attributes {
      switch key {
      case "frame": members.append("\"frame\": [\(value)]")
      case "numberOfLines": members.append("\"numberOfLines\": \(value)")
      default: members.append("\"\(key)\": \"\(value)\"")
      }
    }
    return "{" + members.joined(separator: ", ") + "}"
  }

  private func xmlLabel(_ attributes: [(String, String)]) -> String {
    func escaped(_ value: String) -> String {
      value.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
    return "<Label " + attributes.map { "\($0.0)=\"\(escaped($0.1))\"" }.joined(separator: " ")
      + "/>"
  }
}

/// The test of one recipe.
func fuzzLargeInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  var input = FuzzBytes(data, count: size)
  let recipe = Recipe(&input)
  let text = recipe.file()
  let limit = recipe.isXML ? 8 << 20 : 16 << 20
  let result = Result { () throws(DescriptionError) -> LayoutDocument in
    if recipe.isXML {
      guard FileManager.default.createFile(atPath: Shared.xmlPath, contents: Data(text.utf8)) else {
        fail("cannot write \(Shared.xmlPath)")
      }
      defer { try? FileManager.default.removeItem(atPath: Shared.xmlPath) }
      return try LayoutDocument.load(path: Shared.xmlPath, catalog: bundledCatalog)
    }
    return try LayoutDocument.parse(text, file: "large.json", catalog: bundledCatalog)
  }
  switch result {
  case .failure(let error):
    let message = error.description
    expect(
      !recipe.isWithinBounds || text.utf8.count > limit,
      "a layout within every bound (\(text.utf8.count) bytes) is refused: \(message.prefix(300))")
    expect(
      message.contains("longer than") || message.contains("more than")
        || message.contains("larger than"),
      "a refusal does not name the bound: \(message.prefix(300))")
  case .success(let document):
    expect(recipe.isWithinBounds, "a value beyond a bound is accepted")
    expect(text.utf8.count <= limit, "a file of \(text.utf8.count) bytes is accepted")
    let tree = document.makeTree(on: document.designScreen, shaper: Shared.fonts)
    tree.layoutIfNeeded()
    var problems = 0
    do {
      try LayoutProblem.forEachProblem(in: tree) { _ in problems += 1 }
    } catch {
      fail("a laid-out tree cannot be checked: \(error)")
    }
    if recipe.sharesOneFrame, recipe.widgets > 1 {
      expect(
        problems >= recipe.widgets - 1,
        "\(recipe.widgets) labels on one frame, \(problems) problems")
    }
  }
  return 0
}
