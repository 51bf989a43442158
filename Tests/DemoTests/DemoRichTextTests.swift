// Rich text end to end (issue 24): the built demo on the checkout project, whose texts are
// Pango markup in strings tables, on real fonts.

import Foundation
import Testing

@Suite("Rich text through the demo")
struct DemoRichTextTests {
  static let project = "Demo/Projects/checkout/layout.json"

  @Test("The issue's total fits on every catalog screen, its runs in their styles")
  func totalFitsEverywhere() throws {
    let run = try runDemo([Self.project, "--locale", "en"], in: packageRoot)
    #expect(run.status == 0, "\(run.stderr)")
    let totals = run.stdout.split(separator: "\n").filter { $0.contains("Label total ") }
    let screens = try runDemo(["screens"]).stdout.split(separator: "\n").count
    #expect(totals.count >= 10 && totals.count >= screens - 2, "\(totals.count) screens")
    for total in totals {
      #expect(total.contains("(1 line") && total.contains(") · fits · "), "\(total)")
      #expect(total.contains("fonts: DejaVu Sans Book + DejaVu Sans Bold"), "\(total)")
      #expect(
        total.hasSuffix(#"· styles: 1: [Bold]"42,00 €" [×0.833]"incl. VAT""#), "\(total)")
    }
  }

  @Test("check finds no problem in any locale or screen, pseudo-localisation included")
  func checkPasses() throws {
    for locale in ["all", "pseudo"] {
      let run = try runDemo(["check", Self.project, "--locale", locale], in: packageRoot)
      #expect(run.status == 0, "\(locale): \(run.stdout)\(run.stderr)")
    }
    let pseudo = try runDemo(
      [Self.project, "--locale", "pseudo", "--screen", "iPhone 5"], in: packageRoot)
    let total = try #require(pseudo.stdout.split(separator: "\n").first { $0.contains("total") })
    // The tags survive pseudo-localisation: the bold run is still bold, and accented.
    #expect(total.contains(#"[Bold]"42,00 €""#), "\(total)")
    #expect(total.contains("[×0.833]\"îñçļ. VÅŢ"), "\(total)")
  }

  @Test("The JSON dump lists the markup and each line's runs with their UTF-8 ranges")
  func jsonRuns() throws {
    let run = try runDemo(
      [Self.project, "--locale", "en", "--screen", "iPhone 5", "--format", "json"],
      in: packageRoot)
    #expect(run.status == 0, "\(run.stderr)")
    let json = try #require(
      try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    func widgets(_ node: [String: Any]) -> [[String: Any]] {
      [node] + ((node["children"] as? [[String: Any]]) ?? []).flatMap(widgets)
    }
    let screens = try #require(json["screens"] as? [[String: Any]])
    let root = try #require(screens.first?["root"] as? [String: Any])
    let total = try #require(widgets(root).first { $0["id"] as? String == "total" })
    #expect(total["markup"] as? String == "Total <b>42,00 €</b> <small>incl. VAT</small>")
    #expect(total["text"] as? String == "Total 42,00 € incl. VAT")
    let runs = try #require(total["runs"] as? [[String: Any]])
    #expect(runs.map { $0["start"] as? Int } == [6, 16])
    #expect(runs.map { $0["end"] as? Int } == [15, 25])
    let lines = try #require(total["lineStyles"] as? [[[String: Any]]])
    #expect(lines.count == 1)
    #expect(lines[0].map { $0["text"] as? String } == ["Total ", "42,00 €", " ", "incl. VAT"])
    let styles = lines[0].map { $0["style"] as? [String: Any] ?? [:] }
    #expect(styles[1]["weight"] as? String == "Bold")
    #expect(styles[3]["scale"] as? Double == 0.833333)
  }

  @Test("A bad markup is a located error and exit status 2, naming the offset in the markup")
  func badMarkup() throws {
    let scratch = try ScratchDirectory()
    defer { scratch.remove() }
    let file = scratch.url.appendingPathComponent("bad.json")
    try Data(
      """
      { "designScreen": "iPhone 5",
        "root": { "type": "View", "frame": [0, 0, 320, 568], "children": [
          { "type": "Label", "frame": [20, 20, 200, 40],
            "markup": "Total <b>42,00 € <small>incl. VAT</small>" } ] } }
      """.utf8
    ).write(to: file)
    let run = try runDemo([file.path])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.contains(
        "bad.json:4:17: root.children[0].markup: at offset 6 of the markup: <b> is never "
          + "closed; expected </b> before the end"), "\(run.stderr)")
  }

  @Test("The checkout project dumps as its golden file")
  func golden() throws {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("Golden/checkout.txt")
    let expected = try String(contentsOf: url, encoding: .utf8)
    let run = try runDemo([Self.project, "--locale", "all"], in: packageRoot)
    #expect(run.status == 0, "\(run.stderr)")
    #expect(run.stdout == expected, "differs from Golden/checkout.txt")
  }
}
