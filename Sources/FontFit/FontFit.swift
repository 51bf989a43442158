// FontFit: a headless widget layer whose text fits every screen. Importing this module brings
// in every public module of the package, so an app needs only `import FontFit`:
//
// - FontFitText: geometry, shaped text, wrapping, truncation and fitting (pure Swift);
// - FontFitFonts: font names, Fontconfig resolution, FreeType measuring, fallback, line breaking;
// - FontFitWidgets: screens, adaptation, the widgets and their explicit layout pass;
// - FontFitDescription: description files and screen catalogs;
// - FontFitSnapshot: snapshots of laid-out trees, and the text and JSON dumps;
// - FontFitRender: laid-out trees drawn into RGBA pixels, and PNG files.

@_exported import FontFitDescription
@_exported import FontFitFontModel
@_exported import FontFitFonts
@_exported import FontFitRender
@_exported import FontFitSnapshot
@_exported import FontFitText
@_exported import FontFitWidgets
