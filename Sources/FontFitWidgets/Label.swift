import FontFitEngine
import FontFitFontModel
import FontFitText

/// A multi-line label that shrinks its font until the wrapped text fits its box.
///
/// Defaults follow the seed's AXAutoSuitLabel: unlimited lines, word wrapping with the tail
/// truncated, auto-fit from the adapted design size down to 10pt in 0.5pt steps.
public final class Label: TextWidget {
  /// Creates a label.
  public override init(id: String = "", frame: Rect = .zero, font: Font, text: String = "") {
    super.init(id: id, frame: frame, font: font, text: text)
    numberOfLines = 0
    autoFit = AutoFit()
  }

  /// ``WidgetKind/label``.
  public override var kind: WidgetKind { .label }
}
