import FontFitFontModel
import FontFitFonts
import FontFitText

/// One fit of the benchmark: a text in a font and a box.
struct BenchCase {
  /// What kind of text it is, for the per-kind rows.
  var kind: String
  var text: String
  /// The face as a Pango description, such as "DejaVu Sans Bold", as description files and
  /// the Pango peer read it.
  var face: String
  var font: Font
  var width: Double
  var height: Double
  var maximumLines: Int
}

/// The benchmark's corpus, made by the package itself so every machine runs the same cases:
/// short labels, paragraphs, CJK, German compounds and Arabic, in several faces, in boxes 80–414pt
/// wide, fitted on the 0.5pt grid from 8pt to the design size.
enum Corpus {
  static let labels = [
    "OK", "Cancel", "Save changes", "Download report", "Search titles and authors",
    "Sign in with your account", "Settings", "Delete this item?", "Try again later",
    "Welcome back, Alexandra!", "Your order has shipped", "Battery low: 5% remaining",
  ]
  static let paragraph = """
    When the text is longer than its label, the font shrinks step by step until the wrapped \
    lines fit the box; on larger screens the design size grows first, so the same words are set \
    larger. Fine print that cannot fit even at the minimum size is truncated with an ellipsis \
    and reported, never dropped.
    """
  static let german = [
    "Donaudampfschifffahrtsgesellschaftskapitän", "Rechtsschutzversicherungsgesellschaften",
    "Kraftfahrzeug-Haftpflichtversicherung", "Grundstücksverkehrsgenehmigungszuständigkeit",
    "Bitte überprüfen Sie Ihre Datenschutzeinstellungen",
  ]
  static let chinese = [
    "在指定大小的文本框中显示文本，当不断增加文本数量时，需要自动调整字体的大小适应文本框大小。",
    "字体自适应标签", "下载报告", "搜索标题和作者", "您的订单已发货",
  ]
  static let arabic = [
    "مرحبا بالعالم، هذا نص عربي للتجربة", "تحميل التقرير", "إعدادات الحساب",
    "بحث في العناوين والمؤلفين", "الخط العربي يتصل حرفا بحرف في الكلمة الواحدة",
  ]
  /// The faces, as Pango descriptions (so "DejaVu Sans Bold" is DejaVu Sans at weight bold).
  static let faces = ["DejaVu Sans", "DejaVu Serif", "DejaVu Sans Bold", "DejaVu Sans Mono"]

  /// `face` at `size`, read as a description file reads it.
  static func font(_ face: String, size: Double) -> Font {
    guard let font = try? Font("\(face) \(size)") else {
      preconditionFailure("the corpus face \(face) is not a font name")
    }
    return font
  }

  /// `count` cases, the same on every run; `round` renumbers their texts, so each round of an
  /// interleaved measurement fits texts new to the font system.
  static func cases(count: Int, round: Int = 0) -> [BenchCase] {
    var random = SplitMix(seed: 2026)
    var result: [BenchCase] = []
    let kinds: [(String, [String])] = [
      ("label", labels), ("paragraph", paragraphs()), ("german", german), ("cjk", chinese),
      ("arabic", arabic),
    ]
    while result.count < count {
      let (kind, texts) = kinds[result.count % kinds.count]
      let text = texts[Int(random.next() % UInt64(texts.count))]
      let face = kind == "arabic" ? "DejaVu Sans" : faces[Int(random.next() % UInt64(faces.count))]
      let size = Double(12 + random.next() % 20)
      let width = Double(80 + random.next() % 335)
      let height = Double(20 + random.next() % 200)
      let lines = kind == "label" ? Int(random.next() % 3) : 0
      // A serial number makes every text new, so a cold fit measures text never seen before.
      result.append(
        BenchCase(
          kind: kind, text: "\(text) \(round * count + result.count + 1)", face: face,
          font: font(face, size: size), width: width,
          height: height, maximumLines: lines))
    }
    return result
  }

  /// The paragraph, and its first sentences, so paragraphs vary in length.
  static func paragraphs() -> [String] {
    let sentences = paragraph.split(separator: ";").map(String.init)
    return [paragraph] + sentences
  }
}

/// SplitMix64: a small deterministic generator, so the corpus is the same on every machine.
struct SplitMix {
  private var state: UInt64

  init(seed: UInt64) {
    state = seed
  }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

extension Corpus {
  /// A layout description with `labels` labels taking the corpus's texts and faces in turn.
  static func demoDescription(labels: Int, cases: [BenchCase]) -> String {
    var children: [String] = []
    for index in 0..<labels {
      let benchCase = cases[index % cases.count]
      let text = benchCase.text.replacingOccurrences(of: "\"", with: "'")
      children.append(
        """
        {"type": "Label", "id": "l\(index)", "frame": [10, \(index % 500), 300, 40], \
        "font": "\(benchCase.face) \(Int(benchCase.font.pointSize))", \
        "text": "\(text)"}
        """)
    }
    return """
      {"designScreen": "iPhone 5", "root": {"type": "View", "id": "root", \
      "frame": [0, 0, 320, 568], "children": [\(children.joined(separator: ",\n"))]}}
      """
  }
}
