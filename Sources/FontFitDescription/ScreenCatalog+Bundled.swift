import FontFitWidgets

extension ScreenCatalog {
  /// The catalog bundled with the package: the seeds' iPhones, later phones, an iPad and
  /// common Linux panels.
  ///
  /// It is compiled in, not read from a resource file, so a library moved to another folder
  /// (a shared library an app loads from its own directory) still has it.
  public static let bundled = ScreenCatalog(screens: [
    Screen(name: "iPhone 4s", width: 320, height: 480, scale: 2),
    Screen(name: "iPhone 5", width: 320, height: 568, scale: 2),
    Screen(name: "iPhone 6", width: 375, height: 667, scale: 2),
    Screen(name: "iPhone 6 Plus", width: 414, height: 736, scale: 3),
    Screen(name: "iPhone X", width: 375, height: 812, scale: 3),
    Screen(name: "iPhone 14", width: 390, height: 844, scale: 3),
    Screen(name: "iPhone 14 Pro Max", width: 430, height: 932, scale: 3),
    Screen(name: "iPad", width: 768, height: 1024, scale: 2),
    Screen(name: "Panel 800x480", width: 800, height: 480, scale: 1, dpi: 96),
    Screen(name: "HD 1280x720", width: 1280, height: 720, scale: 1, dpi: 96),
    Screen(name: "Full HD 1920x1080", width: 1920, height: 1080, scale: 1, dpi: 96),
  ])
}
