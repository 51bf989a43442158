import FontFitFontModel
@_spi(Engine) import FontFitText
import Foundation
import TestSupport
import Testing

@testable import FontFitFonts

#if canImport(Glibc)
  import Glibc
#endif

/// What happens to a font file while a process uses it.
enum FontFileChange: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// Cut to its first 1000 bytes in place, as an interrupted copy over it leaves it.
  case truncated
  /// Overwritten in place with as many zero bytes.
  case zeroed
  /// Overwritten in place with another font (DejaVu Sans Mono), as a careless upgrade does.
  case replaced
  /// Removed.
  case deleted
  /// Replaced by another font (DejaVu Sans Mono) renamed over it, as a package upgrade does.
  case movedOver

  var testDescription: String { rawValue }

  /// Applies the change to the file at `path`, keeping its inode (and so any mapping of it)
  /// except when deleting it or moving another file over it.
  func apply(to path: String) throws {
    switch self {
    case .truncated:
      try #require(truncate(path, 1000) == 0, "truncate \(path): errno \(errno)")
    case .zeroed:
      let size = try #require(
        FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
      try Self.overwrite(path, with: Data(count: size))
    case .replaced:
      let other = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
      try Self.overwrite(path, with: Data(contentsOf: URL(fileURLWithPath: other)))
    case .deleted:
      try FileManager.default.removeItem(atPath: path)
    case .movedOver:
      let other = "/usr/share/fonts/truetype/dejavu/DejaVuSansMono.ttf"
      let staged = path + ".new"
      try FileManager.default.copyItem(atPath: other, toPath: staged)
      try #require(rename(staged, path) == 0, "rename \(staged): errno \(errno)")
    }
  }

  /// Writes `data` over the file at `path` in place, then cuts it to `data`'s length.
  private static func overwrite(_ path: String, with data: Data) throws {
    let handle = try #require(FileHandle(forWritingAtPath: path))
    defer { try? handle.close() }
    try handle.write(contentsOf: data)
    try handle.truncate(atOffset: UInt64(data.count))
  }
}

/// A text and the family it is shaped in.
private struct Sample: Sendable {
  var text: String
  var family: String
}

/// Font files that change under a running process (issue 12).
///
/// Fonts were memory-mapped, so a truncated file crashed the process with SIGBUS and an
/// overwritten one changed results silently. Each scenario runs in the test process itself: a
/// signal would kill the runner.
@Suite("Font files changing while they are used (issue 12)")
struct ChangingFontTests {
  static let dejaVuSans = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
  static let microHei = "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc"

  /// Texts shaped before the change: Latin in DejaVu Sans, Chinese falling back to WenQuanYi
  /// Micro Hei, and Chinese in it directly.
  private static let before = [
    Sample(text: "Hello, wrapped world", family: "DejaVu Sans"),
    Sample(text: "Hello 中文 world", family: "DejaVu Sans"),
    Sample(text: "微米黑字体", family: "WenQuanYi Micro Hei"),
  ]

  /// Texts first shaped after the change, with characters not shaped before, and the other
  /// face of the WenQuanYi collection, first opened after the change.
  private static let after = [
    Sample(text: "Quartz jumps over 2 lazy foxes", family: "DejaVu Sans"),
    Sample(text: "Ζεύς и Дмитрий: 汉字测试", family: "DejaVu Sans"),
    Sample(text: "等宽字体 mono", family: "WenQuanYi Micro Hei Mono"),
  ]

  /// Shapes `sample` in `fonts`, failing the test on an error.
  private static func shape(_ sample: Sample, in fonts: FontSystem) throws -> ShapedText {
    try fonts.shape(sample.text, font: FontDescriptor(family: sample.family))
  }

  /// What measuring `shaped` found, without file paths: per cluster its advance and glyphs
  /// (index and advance), and the names of the fonts.
  private static func measurement(of shaped: ShapedText) -> [String] {
    shaped.fonts.map(\.name)
      + shaped.clusters.map { cluster in
        let glyphs = shaped.glyphs[cluster.glyphs].map { "\($0.id)/\($0.advance)" }
        return "\(cluster.advance) \(cluster.font) \(glyphs.joined(separator: ","))"
      }
  }

  /// Every glyph of `shaped` drawn at 24 pixels per em, as coverage rows, or the error.
  private static func images(of shaped: ShapedText, in fonts: FontSystem) -> [String] {
    shaped.glyphs.map { glyph in
      let font = shaped.fonts[glyph.font]
      guard let file = font.file else { return "no file" }
      do {
        let image = try fonts.glyphImage(
          glyph.id, file: file, index: font.faceIndex, pixelsPerEm: 24, x: 10.25, y: 30.5,
          visible: (0, 0, 100, 100))
        guard let image else { return "nothing" }
        return "\(image.left),\(image.top) \(image.width)×\(image.height) \(image.coverage)"
      } catch {
        return "error: \(error)"
      }
    }
  }

  @Test(
    "A font file truncated, zeroed, replaced or deleted while in use changes no result",
    arguments: FontFileChange.allCases, [dejaVuSans, microHei])
  func changeWhileInUse(change: FontFileChange, font: String) throws {
    let scratch = try ScratchFontDirectory(
      copying: [Self.dejaVuSans, Self.microHei], prefix: "ChangingFontTests")
    let untouched = try ScratchFontDirectory(
      copying: [Self.dejaVuSans, Self.microHei], prefix: "ChangingFontTests")
    let fonts = try FontSystem(sources: .only([scratch.path]))
    let reference = try FontSystem(sources: .only([untouched.path]))
    let shapedBefore = try Self.before.map { try Self.shape($0, in: fonts) }
    let imagesBefore = shapedBefore.map { Self.images(of: $0, in: fonts) }
    #expect(shapedBefore.allSatisfy { $0.missingCharacters.isEmpty })
    #expect(imagesBefore.joined().allSatisfy { !$0.hasPrefix("error") })
    // Shaping again reads the open faces, not the cache of shaped texts.
    fonts.removeCachedTexts()

    try change.apply(to: scratch.file(URL(fileURLWithPath: font).lastPathComponent))

    for (sample, shaped) in zip(Self.before, shapedBefore) {
      #expect(try Self.shape(sample, in: fonts) == shaped, "\(sample.text)")
    }
    for (shaped, images) in zip(shapedBefore, imagesBefore) {
      #expect(Self.images(of: shaped, in: fonts) == images)
    }
    for sample in Self.after {
      let shaped = try Self.shape(sample, in: fonts)
      let expected = try Self.shape(sample, in: reference)
      #expect(shaped.missingCharacters.isEmpty, "\(sample.text)")
      #expect(Self.measurement(of: shaped) == Self.measurement(of: expected), "\(sample.text)")
      #expect(
        Self.images(of: shaped, in: fonts) == Self.images(of: expected, in: reference),
        "\(sample.text)")
    }
  }

  @Test("The faces of one collection share one copy of the file, read when the first opens")
  func collectionSharesBytes() throws {
    let scratch = try ScratchFontDirectory(copying: [Self.microHei], prefix: "ChangingFontTests")
    let fonts = try FontSystem(sources: .only([scratch.path]))
    let file = scratch.file("wqy-microhei.ttc")
    let first = try fonts.face(for: FaceKey(file: file, index: 0))
    try FontFileChange.deleted.apply(to: file)
    let second = try fonts.face(for: FaceKey(file: file, index: 1))
    #expect(first.fileBytes === second.fileBytes)
    #expect(first.fileBytes.count == 5_177_387)
    #expect(second.harfBuzz.glyphCount > 0)
  }

  @Test("Threads asking for one face at once read its file once and share one face")
  func facesOpenedOnceAtOnce() throws {
    let scratch = try ScratchFontDirectory(copying: [Self.microHei], prefix: "ChangingFontTests")
    let fonts = try FontSystem(sources: .only([scratch.path]))
    let file = scratch.file("wqy-microhei.ttc")
    let opened = Lock<[ObjectIdentifier]>([])
    // Every thread asks for one of the collection's two faces, all at once. (On one core the
    // threads may take turns, and the test shows less.)
    runTogether(threads: 16) { thread in
      if let face = try? fonts.face(for: FaceKey(file: file, index: thread % 2)) {
        opened.withLock { $0.append(ObjectIdentifier(face)) }
      }
    }
    let faces = opened.withLock { $0 }
    #expect(faces.count == 16)
    #expect(Set(faces).count == 2)
    #expect(fonts.faceCache.filesRead.withLock { $0 } == 1)
  }

  @Test(
    "A font file damaged, replaced or deleted before a face of it opens gives a FontError naming it",
    arguments: FontFileChange.allCases)
  func damagedBeforeOpening(change: FontFileChange) throws {
    let scratch = try ScratchFontDirectory(
      copying: [Self.dejaVuSans, Self.microHei], prefix: "ChangingFontTests")
    let fonts = try FontSystem(sources: .only([scratch.path]))
    let file = scratch.file("DejaVuSans.ttf")
    // Fontconfig listed the file when it was whole; it changes before any face opens.
    try change.apply(to: file)
    let resolved = try fonts.resolve(FontDescriptor(family: "DejaVu Sans"))
    #expect(resolved.file == file)
    let error = try #require(throws: ShapingError.self) {
      try fonts.shape("Hello", font: FontDescriptor(family: "DejaVu Sans"))
    }
    guard case .font(let fontError) = error else {
      Issue.record("expected a font error, got \(error)")
      return
    }
    #expect(fontError.file == file)
    #expect(fontError.description.contains(file))
    // The other font of the directory still works.
    let chinese = try fonts.shape("中文", font: FontDescriptor(family: "WenQuanYi Micro Hei"))
    #expect(chinese.missingCharacters.isEmpty)
  }

  @Test(
    "A font system on a directory with a damaged font substitutes, or fails naming the file",
    arguments: [FontFileChange.truncated, .zeroed], [false, true])
  func damagedBeforeScanning(change: FontFileChange, scannedBefore: Bool) throws {
    let scratch = try ScratchFontDirectory(
      copying: [Self.dejaVuSans, Self.microHei], prefix: "ChangingFontTests")
    let file = scratch.file("DejaVuSans.ttf")
    if scannedBefore {
      // Fontconfig caches the scan; changing a file in place leaves the directory's time as
      // it was, so the next scan may trust the cache and still list the file.
      _ = try FontSystem(sources: .only([scratch.path]))
    }
    try change.apply(to: file)
    let fonts = try FontSystem(sources: .only([scratch.path]))
    let descriptor = FontDescriptor(family: "DejaVu Sans")
    let resolved = try fonts.resolve(descriptor)
    if resolved.file == file {
      let error = try #require(throws: ShapingError.self) {
        try fonts.shape("Hello", font: descriptor)
      }
      #expect(Self.fontError(error)?.file == file)
    } else {
      #expect(resolved.isSubstitution)
      #expect(resolved.file == scratch.file("wqy-microhei.ttc"))
      let shaped = try fonts.shape("Hello", font: descriptor)
      #expect(shaped.fonts.map(\.file) == [scratch.file("wqy-microhei.ttc")])
    }
  }

  @Test(
    "A directory whose only font is damaged fails with a FontError naming it, or its file",
    arguments: [FontFileChange.truncated, .zeroed])
  func onlyFontDamaged(change: FontFileChange) throws {
    let scratch = try ScratchFontDirectory(copying: [Self.dejaVuSans], prefix: "ChangingFontTests")
    let file = scratch.file("DejaVuSans.ttf")
    try change.apply(to: file)
    do {
      let fonts = try FontSystem(sources: .only([scratch.path]))
      let error = try #require(throws: ShapingError.self) {
        try fonts.shape("Hello", font: FontDescriptor(family: "DejaVu Sans"))
      }
      #expect(Self.fontError(error)?.file == file)
    } catch let error as FontError {
      #expect(error.file == scratch.path)
    }
  }

  @Test(
    "A font file with a damaged table fails to open with a FontError naming the file",
    arguments: FontDamage.allCases)
  func damagedTable(damage: FontDamage) throws {
    let scratch = try ScratchFontDirectory(copying: [Self.dejaVuSans], prefix: "ChangingFontTests")
    let file = scratch.file("DejaVuSans.ttf")
    try damage.apply(to: file)
    let fonts = try FontSystem()
    let error = try #require(throws: FontError.self) {
      try fonts.face(for: FaceKey(file: file, index: 0))
    }
    #expect(error.file == file)
    #expect(error.description.contains(file))
    // Failing again gives the same error; nothing is cached half made.
    #expect(throws: error) { try fonts.face(for: FaceKey(file: file, index: 0)) }
  }

  @Test("A glyph whose outline is damaged is measured from its metrics and fails to draw")
  func damagedOutline() throws {
    let scratch = try ScratchFontDirectory(copying: [Self.dejaVuSans], prefix: "ChangingFontTests")
    let file = scratch.file("DejaVuSans.ttf")
    let reference = try FontSystem(sources: .only([scratch.path]))
    let descriptor = FontDescriptor(family: "DejaVu Sans")
    let expected = try reference.shape("abc", font: descriptor)
    let glyph = try #require(expected.glyphs.dropFirst().first).id
    try FontDamage.corruptOutline(of: glyph, in: file)
    let fonts = try FontSystem(sources: .only([scratch.path]))
    #expect(try fonts.shape("abc", font: descriptor) == expected)
    let error = try #require(throws: FontError.self) {
      try fonts.glyphImage(
        glyph, file: file, index: 0, pixelsPerEm: 24, x: 0, y: 24, visible: (0, 0, 64, 64))
    }
    #expect(error.function == "FT_Load_Glyph")
    #expect(error.file == file)
    #expect(error.message.contains("glyph \(glyph)"))
    let other = try #require(expected.glyphs.first).id
    #expect(
      try fonts.glyphImage(
        other, file: file, index: 0, pixelsPerEm: 24, x: 0, y: 24, visible: (0, 0, 64, 64))
        != nil)
  }

  /// The font error inside `error`, if it is one.
  private static func fontError(_ error: ShapingError) -> FontError? {
    guard case .font(let fontError) = error else { return nil }
    return fontError
  }
}

/// A font file damaged in one table before any face of it opens, as a disk error or an
/// interrupted write leaves it.
enum FontDamage: String, CaseIterable, Sendable, CustomTestStringConvertible {
  /// Cut to its first 1000 bytes: the table directory is whole, every table beyond the end.
  case truncated
  /// Every byte zero.
  case zeroed
  /// The character map zeroed: FreeType then maps characters through the glyph names,
  /// HarfBuzz maps none.
  case characterMapZeroed
  /// The horizontal metrics zeroed: every glyph would measure zero wide.
  case metricsZeroed
  /// The glyph positioning table zeroed: HarfBuzz would ignore it and lose the kerning.
  case positioningZeroed
  /// The horizontal metrics' offset pointing beyond the end of the file.
  case metricsBeyondEnd

  var testDescription: String { rawValue }

  /// Damages the font file at `path` in place.
  func apply(to path: String) throws {
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    switch self {
    case .truncated: bytes = bytes.prefix(1000)
    case .zeroed: bytes = Data(count: bytes.count)
    case .characterMapZeroed: try Self.zero("cmap", in: &bytes)
    case .metricsZeroed: try Self.zero("hmtx", in: &bytes)
    case .positioningZeroed: try Self.zero("GPOS", in: &bytes)
    case .metricsBeyondEnd:
      let record = try Self.record(of: "hmtx", in: bytes)
      Self.write(UInt32(bytes.count + 100), at: record.entry + 8, in: &bytes)
    }
    try bytes.write(to: URL(fileURLWithPath: path))
  }

  /// Makes glyph `glyph`'s outline in the `glyf` table claim 32,767 contours, more than its
  /// data holds.
  static func corruptOutline(of glyph: UInt32, in path: String) throws {
    var bytes = try Data(contentsOf: URL(fileURLWithPath: path))
    let head = try record(of: "head", in: bytes)
    let loca = try record(of: "loca", in: bytes)
    let glyf = try record(of: "glyf", in: bytes)
    // indexToLocFormat: 0 for 16-bit offsets (halved), 1 for 32-bit ones.
    let longOffsets = read16(at: head.offset + 50, in: bytes) == 1
    let offset =
      longOffsets
      ? read32(at: loca.offset + 4 * Int(glyph), in: bytes)
      : 2 * Int(read16(at: loca.offset + 2 * Int(glyph), in: bytes))
    bytes[glyf.offset + offset] = 0x7F
    bytes[glyf.offset + offset + 1] = 0xFF
    try bytes.write(to: URL(fileURLWithPath: path))
  }

  /// The table directory entry of `tag`: where the entry is, and the table's offset and
  /// length.
  private static func record(of tag: String, in bytes: Data) throws -> (
    entry: Int, offset: Int, length: Int
  ) {
    let count = Int(read16(at: 4, in: bytes))
    for index in 0..<count {
      let entry = 12 + 16 * index
      if bytes[entry..<entry + 4].elementsEqual(tag.utf8) {
        return (entry, read32(at: entry + 8, in: bytes), read32(at: entry + 12, in: bytes))
      }
    }
    throw FontDamageError(message: "the font has no \(tag) table")
  }

  /// Overwrites table `tag` with zeros.
  private static func zero(_ tag: String, in bytes: inout Data) throws {
    let table = try record(of: tag, in: bytes)
    bytes.replaceSubrange(
      table.offset..<table.offset + table.length, with: Data(count: table.length))
  }

  private static func read16(at offset: Int, in bytes: Data) -> UInt16 {
    UInt16(bytes[offset]) << 8 | UInt16(bytes[offset + 1])
  }

  private static func read32(at offset: Int, in bytes: Data) -> Int {
    Int(read16(at: offset, in: bytes)) << 16 | Int(read16(at: offset + 2, in: bytes))
  }

  private static func write(_ value: UInt32, at offset: Int, in bytes: inout Data) {
    for index in 0..<4 {
      bytes[offset + index] = UInt8(truncatingIfNeeded: value >> (24 - 8 * index))
    }
  }
}

/// A font file the tests meant to damage lacks what they expected.
struct FontDamageError: Error, CustomStringConvertible {
  var message: String
  var description: String { message }
}

@Suite("A face is the one Fontconfig listed (issue 19, D6)")
struct FaceIdentityTests {
  @Test("A fallback face whose file was replaced is an error naming it, never passed over")
  func replacedFallbackFace() throws {
    let scratch = try ScratchFontDirectory(
      copying: [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
        "/usr/share/fonts/truetype/wqy/wqy-microhei.ttc",
      ], prefix: "FaceIdentityTests")
    let fonts = try FontSystem(sources: .only([scratch.path]))
    let sans = FontDescriptor(family: "DejaVu Sans")
    _ = try fonts.shape("Hello", font: sans)
    let file = scratch.file("wqy-microhei.ttc")
    try FontFileChange.movedOver.apply(to: file)
    let error = try #require(throws: ShapingError.self) {
      try fonts.shape("中文", font: sans)
    }
    guard case .font(let fontError) = error else {
      Issue.record("expected a font error, got \(error)")
      return
    }
    #expect(fontError.isReplacedFile)
    #expect(fontError.file == file)
    #expect(fontError.description.contains("DejaVu Sans Mono"), "\(fontError)")
  }

  @Test("Every installed face names itself by one of the families Fontconfig lists for it")
  func everyInstalledFaceIsRecognised() throws {
    let (status, output) = try runCommand(
      ["fc-list", "--format", "%{file}\\t%{index}\\t%{family}\\n"], input: nil)
    try #require(status == 0, "fc-list failed: \(output)")
    let fonts = try FontSystem()
    var checked = 0
    for line in output.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
      guard fields.count == 3, let index = Int(fields[1]) else { continue }
      let families = fields[2].split(separator: ",").map(String.init)
      do {
        _ = try fonts.face(
          for: FaceKey(file: String(fields[0]), index: index), expectingFamilies: families)
        checked += 1
      } catch  where error.message.contains("no longer holds") {
        Issue.record("\(error)")
      } catch {
        // A face FontFit cannot measure at all (a monochrome bitmap font) is another matter.
      }
    }
    #expect(checked > 10)
  }
}
