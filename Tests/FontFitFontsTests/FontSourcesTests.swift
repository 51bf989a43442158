import FontFitText
import Foundation
import Testing

@testable import FontFitFonts

@Suite struct FontSourcesTests {
  @Test func scratch() throws {
    let start = Date()
    let fonts = try FontSystem(sources: .only(["/tmp/h11f-scratch/only"]))
    print("load", Date().timeIntervalSince(start))
    for name in ["DejaVu Sans", "sans-serif", "serif", "monospace", "Noto Sans CJK SC"] {
      print(try fonts.explain(FontDescriptor(family: name), language: try Language("zh-CN")))
    }
    let shaped = try fonts.shape("Hi 中文", font: FontDescriptor(family: "sans-serif"))
    print(shaped.missingCharacters, shaped.fonts.map { $0.file })
    let s2 = Date()
    let big = try FontSystem(sources: .only(["/tmp/h11f-scratch/big"]))
    print("big load", Date().timeIntervalSince(s2))
    for name in ["DejaVu Sans", "sans-serif", "serif", "monospace"] {
      print(try big.explain(FontDescriptor(family: name)))
    }
    let s3 = Date()
    let sys = try FontSystem(sources: FontSources(directories: ["/tmp/h11f-scratch/only"]))
    print("sys load", Date().timeIntervalSince(s3))
    print(try sys.explain(FontDescriptor(family: "DejaVu Sans Mono")))
  }
}
