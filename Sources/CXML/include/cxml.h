#ifndef FONTFIT_CXML_H
#define FONTFIT_CXML_H

// XML parsing with libxml2's SAX2 push parser, configured as Foundation's XMLParser configures
// it, behind a small interface: cxml.c declares the part of libxml2's API it uses itself, so
// that the package builds against the runtime library alone (`libxml2`, linked by its soname
// `libxml2.so.2`) on machines without `libxml2-dev`.

#include <stddef.h>

/// What `cxml_parse` reports, each with the `context` given to it. A callback that returns
/// nonzero stops the parse.
typedef struct cxml_handlers {
  /// An element starts. `prefix` is NULL without one. `namespaces` holds
  /// `namespace_count` pairs (prefix or NULL, URI); `attributes` holds `attribute_count`
  /// groups of five (local name, prefix or NULL, URI or NULL, value start, value end), values
  /// decoded by libxml2. `line` and `column` are libxml2's position, 1-based (0 if unknown).
  int (*start_element)(
      void *context, const unsigned char *localname, const unsigned char *prefix,
      int namespace_count, const unsigned char *const *namespaces, int attribute_count,
      const unsigned char *const *attributes, int line, int column);
  /// The innermost element ends.
  void (*end_element)(
      void *context, const unsigned char *localname, const unsigned char *prefix);
  /// Text content (or a CDATA section's) of the innermost element, `length` bytes of UTF-8
  /// with entities decoded; it may come in several pieces.
  void (*characters)(void *context, const unsigned char *text, int length);
  /// libxml2 reports an error or a warning: its `xmlParserErrors` code, its level (1 warning,
  /// 2 error, 3 fatal) and the parser's position then (0 before the parser has one).
  int (*error)(void *context, int code, int level, int line, int column);
} cxml_handlers;

/// Parses the `count` bytes at `bytes` as one XML document, reporting to `handlers`.
///
/// As Foundation's XMLParser does: a SAX2 push parser created with the first four bytes (an
/// input shorter than that is not parsed at all), options "recover" and "substitute
/// entities", the rest pushed as the last chunk. External entities and DTDs are never loaded
/// and declared entities are never recorded, so only XML's predefined entities and character
/// references expand. Errors go to this parse's own handler, not a global one; any number of
/// parses may run at once on different threads.
///
/// - Returns: 0, or -1 when libxml2 could not create the parser (out of memory).
int cxml_parse(
    const unsigned char *bytes, size_t count, const cxml_handlers *handlers, void *context);

#endif
