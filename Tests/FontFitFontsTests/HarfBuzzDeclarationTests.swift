import FontFitFontModel
import Foundation
import TestSupport
import Testing

@testable import FontFitFonts

/// FontFit declares the part of HarfBuzz's API it uses (Sources/CHarfBuzz/include/charfbuzz.h)
/// so that it builds against the runtime library alone; these tests hold the declarations to
/// the real <hb.h> from libharfbuzz-dev, which `scripts/test` installs (issue 7).
@Suite("HarfBuzz declarations")
struct HarfBuzzDeclarationTests {
  /// The folder of charfbuzz.h.
  static let headerFolder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Sources/CHarfBuzz/include").path

  /// A C program that prints the size, field offsets and constants of every type we declare.
  static let layoutProgram = """
    #include <stddef.h>
    #include <stdio.h>
    #include "charfbuzz.h"
    #define SIZE(t) printf(#t " %zu\\n", sizeof(t))
    #define FIELD(t, f) printf(#t "." #f " %zu\\n", offsetof(t, f))
    #define VALUE(v) printf(#v " %lld\\n", (long long)(v))
    int main(void) {
      SIZE(hb_bool_t); SIZE(hb_codepoint_t); SIZE(hb_position_t); SIZE(hb_mask_t);
      SIZE(hb_tag_t); SIZE(hb_var_int_t); SIZE(hb_direction_t); SIZE(hb_script_t);
      SIZE(hb_buffer_cluster_level_t); SIZE(hb_language_t);
      SIZE(hb_glyph_info_t); FIELD(hb_glyph_info_t, codepoint); FIELD(hb_glyph_info_t, mask);
      FIELD(hb_glyph_info_t, cluster); FIELD(hb_glyph_info_t, var1);
      FIELD(hb_glyph_info_t, var2);
      SIZE(hb_glyph_position_t); FIELD(hb_glyph_position_t, x_advance);
      FIELD(hb_glyph_position_t, y_advance); FIELD(hb_glyph_position_t, x_offset);
      FIELD(hb_glyph_position_t, y_offset); FIELD(hb_glyph_position_t, var);
      SIZE(hb_feature_t); FIELD(hb_feature_t, tag); FIELD(hb_feature_t, value);
      FIELD(hb_feature_t, start); FIELD(hb_feature_t, end);
      VALUE(HB_DIRECTION_INVALID); VALUE(HB_DIRECTION_LTR); VALUE(HB_DIRECTION_RTL);
      VALUE(HB_DIRECTION_TTB); VALUE(HB_DIRECTION_BTT); VALUE(HB_SCRIPT_INVALID);
      VALUE(HB_BUFFER_CLUSTER_LEVEL_MONOTONE_GRAPHEMES);
      VALUE(HB_BUFFER_CLUSTER_LEVEL_MONOTONE_CHARACTERS);
      VALUE(HB_BUFFER_CLUSTER_LEVEL_CHARACTERS); VALUE(HB_GLYPH_FLAG_UNSAFE_TO_BREAK);
      SIZE(hb_glyph_flags_t);
      return 0;
    }
    """

  /// The layout printout of the declarations, compiled with `flags`.
  static func layout(flags: [String], in folder: URL, name: String) throws -> String {
    let source = folder.appendingPathComponent("\(name).c")
    try Data(layoutProgram.utf8).write(to: source)
    let binary = folder.appendingPathComponent(name).path
    let (compiled, log) = try runCommand(
      ["cc", "-std=c11", "-Wall", "-Werror", "-I", headerFolder] + flags
        + [source.path, "-o", binary], in: folder)
    try #require(compiled == 0, "\(name).c does not compile:\n\(log)")
    let (status, output) = try runCommand([binary], in: folder)
    try #require(status == 0, "\(name) failed: \(output)")
    return output
  }

  @Test("The declarations compile against <hb.h> and lay out every type and constant the same")
  func declarationsMatchHeader() throws {
    let (found, cflags) = try runCommand(["pkg-config", "--cflags", "harfbuzz"])
    try #require(
      found == 0,
      """
      libharfbuzz-dev is not installed (pkg-config harfbuzz: \(cflags)); run scripts/test, \
      which installs it, to check the declarations
      """)
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("hb-declarations-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let flags = cflags.split(whereSeparator: \.isWhitespace).map(String.init)
    // With the flag, charfbuzz.h includes <hb.h> for the types and redeclares every function
    // after it: a prototype that differs from HarfBuzz's is a compile error.
    let real = try Self.layout(
      flags: flags + ["-DFONTFIT_HB_CHECK_AGAINST_HB_H"], in: folder, name: "real")
    let ours = try Self.layout(flags: [], in: folder, name: "ours")
    #expect(real.split(separator: "\n").count >= 30)
    #expect(ours == real)
  }

  @Test("The runtime library is loaded and new enough for the functions declared")
  func runtimeVersion() throws {
    let parts = HarfBuzzFace.version.split(separator: ".").compactMap { Int($0) }
    try #require(parts.count == 3, "unexpected version \(HarfBuzzFace.version)")
    // hb_blob_create_from_file arrived in HarfBuzz 1.7.7, the newest function declared.
    #expect(parts.lexicographicallyPrecedes([1, 7, 7]) == false)
  }

  @Test("HarfBuzz is given every language tag whole, the longest a language may have too")
  func languageTagsReachHarfBuzzWhole() throws {
    // Tags from 2 bytes to the 100 a language may have, around the 63 bytes HarfBuzz keeps of
    // a tag given with a length; each is checked to be a language FontFit accepts.
    let long = "tr-TR-u-ca-gregory-co-standard-nu-latn-hc-h23-fw-mon-ms-metric-x-hbotaze"
    var tags = ["en", "de-CH", "zh-Hans-CN", "sr-Latn", long]
    for length in [62, 63, 64, 65, 99, 100] {
      var tag = "en-x"
      while tag.utf8.count < length {
        let piece = String("abcdefgh".prefix(min(8, length - tag.utf8.count - 1)))
        tag += piece.isEmpty ? "" : "-" + piece
        if piece.isEmpty { break }
      }
      tags.append(tag)
    }
    for tag in tags {
      let language = try Language(tag)
      #expect(
        HarfBuzzFace.languageName(language.tag) == tag.lowercased(),
        "\(tag.utf8.count) bytes: \(tag)")
    }
    #expect(tags.contains { $0.utf8.count == 100 } && tags.contains { $0.utf8.count == 64 })
  }
}
