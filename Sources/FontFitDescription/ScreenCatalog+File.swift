import FontFitWidgets

extension ScreenCatalog {
  /// Adds the screens listed in a JSON catalog file, replacing same-named ones:
  /// `{"screens": [{"name": "Kiosk", "width": 1024, "height": 600, "scale": 1}]}`.
  ///
  /// - Throws: ``DescriptionError`` naming the file and the place that is wrong.
  public mutating func addScreens(fromFile path: String) throws(DescriptionError) {
    let document = try DescriptionReader(path: path)
    let root = try document.object(document.root, at: "")
    try document.checkKeys(root, allowed: ["screens"], at: "")
    guard let list = root.member("screens") else {
      throw document.error(at: document.root, path: "", "expected a \"screens\" array")
    }
    add(try document.screens(list, at: "screens"))
  }

  /// `unknown screen "…"; known screens: …`, the message for a name not in the catalog.
  public func unknownScreenMessage(_ name: String) -> String {
    "unknown screen \"\(name)\"; known screens: \(nameList)"
  }
}
