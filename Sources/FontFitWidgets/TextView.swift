import FontFitEngine
import FontFitFontModel
import FontFitText

/// A scrolling multi-line text view: its font adapts but does not shrink by default, and it
/// reports the height of its content.
public final class TextView: TextWidget {
  /// Creates a text view.
  public override init(id: String = "", frame: Rect = .zero, font: Font, text: String = "") {
    super.init(id: id, frame: frame, font: font, text: text)
    numberOfLines = 0
    lineBreakMode = .wordWrap
    overflow = .scroll
  }

  /// The height of the text as the last layout set it, which may exceed the frame (the view
  /// scrolls); nil before a layout or when it failed.
  public var contentHeight: Double? { layout?.fit?.textSize.height }

  /// At the top: a text view scrolls from its first line.
  public override var verticalPlacement: VerticalPlacement { .top }

  /// ``WidgetKind/textView``.
  public override var kind: WidgetKind { .textView }
}
