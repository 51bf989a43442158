// FontFit: a headless widget layer whose text fits every screen. Importing this module brings
// in every public module of the package, so an app needs only `import FontFit`:
//
// - FontFitText: geometry, shaped text, wrapping, truncation and fitting (pure Swift);
// - FontFitFontModel: font names, descriptors, languages, and the measuring and drawing seams
//   (`TextShaping`, `GlyphRasterizing`), with no C library;
// - FontFitEngine: `TextEngine`, which fits a `TextRequest` with no widget;
// - FontFitFonts: Fontconfig resolution, FreeType measuring, HarfBuzz shaping, fallback, ICU
//   line breaking: the one module that links C;
// - FontFitWidgets: screens, adaptation, the widgets and their explicit layout pass;
// - FontFitDescription: description files and screen catalogs;
// - FontFitSnapshot: snapshots of laid-out trees, and the text and JSON dumps;
// - FontFitRender: laid-out trees drawn into RGBA pixels, and PNG files;
// - and here, `Project`: a layout file in its locales on the screens asked for, dumped,
//   checked and laid out, as the demo CLI and other front ends use it.

@_exported import FontFitDescription
@_exported import FontFitEngine
@_exported import FontFitFontModel
@_exported import FontFitFonts
@_exported import FontFitRender
@_exported import FontFitSnapshot
@_exported import FontFitText
@_exported import FontFitWidgets
