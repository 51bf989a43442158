import FontFit

/// The bundled screen catalog.
public let bundledCatalog = ScreenCatalog.bundled

/// What the description targets check of a file once the loader has answered.
public enum DescriptionChecks {
  /// Checks the loader's answer for `text`: an error must point into the file, and a layout
  /// must build and lay out, with arithmetic metrics, on its design screen and on one more
  /// screen of its catalog, without crashing.
  ///
  /// - Parameters:
  ///   - result: What the loader returned for `text`.
  ///   - text: The file's text.
  public static func check(_ result: Result<LayoutDocument, DescriptionError>, text: String) {
    switch result {
    case .success(let document):
      layOut(document, choosing: text.utf8.count)
    case .failure(let error):
      check(error, text: text)
    }
  }

  /// An error names a line of the file (1 up to one past the last line break) and a
  /// column of at least 1, and its description says both.
  private static func check(_ error: DescriptionError, text: String) {
    let description = error.description
    guard let line = error.line, let column = error.column else { return }
    // Generous: every scalar that may end a line counts, as each reader counts its own.
    let lineEnds = text.unicodeScalars.reduce(0) { count, scalar in
      count + (ClusterKind(scalar: scalar) == .lineSeparator ? 1 : 0)
    }
    expect(
      (1...(lineEnds + 1)).contains(line) && column >= 1,
      "error at line \(line), column \(column) of a file of \(lineEnds + 1) lines: "
        + description)
  }

  /// Lays the document out on its design screen and on the catalog screen `choice` picks.
  private static func layOut(_ document: LayoutDocument, choosing choice: Int) {
    let shaper = FuzzShaper()
    var screens = [document.designScreen]
    let catalog = document.catalog.screens
    if !catalog.isEmpty { screens.append(catalog[choice % catalog.count]) }
    for screen in screens {
      let tree = document.makeTree(on: screen, shaper: shaper)
      tree.layoutIfNeeded()
    }
  }
}
