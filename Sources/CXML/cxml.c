// The SAX glue between libxml2 and FontFit's XML reader. The declarations below are the part
// of libxml2 2.9's API (parser.h, SAX2.h, entities.h, xmlerror.h) that this file uses, copied
// here so that the build needs only the runtime library. libxml2 keeps its ABI stable within
// soname 2; define FONTFIT_CXML_CHECK_AGAINST_LIBXML2 and add -I/usr/include/libxml2 to
// compile the layouts against the real headers.

#include "cxml.h"

#include <limits.h>
#include <pthread.h>

typedef unsigned char xmlChar;
typedef struct _xmlParserCtxt xmlParserCtxt;
typedef struct _xmlEntity xmlEntity;

typedef struct cxml_xmlError {
  int domain;
  int code;
  char *message;
  int level;
  char *file;
  int line;
  char *str1;
  char *str2;
  char *str3;
  int int1;
  int int2;
  void *ctxt;
  void *node;
} cxml_xmlError;

typedef void (*cxml_unused_fn)(void);

typedef struct cxml_xmlSAXHandler {
  cxml_unused_fn internalSubset;
  cxml_unused_fn isStandalone;
  cxml_unused_fn hasInternalSubset;
  cxml_unused_fn hasExternalSubset;
  cxml_unused_fn resolveEntity;
  xmlEntity *(*getEntity)(void *ctx, const xmlChar *name);
  cxml_unused_fn entityDecl;
  cxml_unused_fn notationDecl;
  cxml_unused_fn attributeDecl;
  cxml_unused_fn elementDecl;
  cxml_unused_fn unparsedEntityDecl;
  cxml_unused_fn setDocumentLocator;
  void (*startDocument)(void *ctx);
  void (*endDocument)(void *ctx);
  cxml_unused_fn startElement;
  cxml_unused_fn endElement;
  cxml_unused_fn reference;
  void (*characters)(void *ctx, const xmlChar *ch, int len);
  cxml_unused_fn ignorableWhitespace;
  void (*processingInstruction)(void *ctx, const xmlChar *target, const xmlChar *data);
  void (*comment)(void *ctx, const xmlChar *value);
  cxml_unused_fn warning;
  cxml_unused_fn error;
  cxml_unused_fn fatalError;
  cxml_unused_fn getParameterEntity;
  void (*cdataBlock)(void *ctx, const xmlChar *value, int len);
  cxml_unused_fn externalSubset;
  unsigned int initialized;
  void *_private;
  void (*startElementNs)(
      void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI,
      int nb_namespaces, const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
      const xmlChar **attributes);
  void (*endElementNs)(
      void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI);
  // libxml2 passes an xmlError *, declared as cxml_xmlError.
  void (*serror)(void *userData, void *error);
} cxml_xmlSAXHandler;

#define CXML_SAX2_MAGIC 0xDEEDBEAFu
#define CXML_PARSE_RECOVER (1 << 0)
#define CXML_PARSE_NOENT (1 << 1)
#define CXML_PARSE_NONET (1 << 11)

#ifndef FONTFIT_CXML_CHECK_AGAINST_LIBXML2
void xmlInitParser(void);
xmlParserCtxt *xmlCreatePushParserCtxt(
    cxml_xmlSAXHandler *sax, void *user_data, const char *chunk, int size, const char *filename);
int xmlCtxtUseOptions(xmlParserCtxt *ctxt, int options);
int xmlParseChunk(xmlParserCtxt *ctxt, const char *chunk, int size, int terminate);
void xmlStopParser(xmlParserCtxt *ctxt);
void xmlFreeParserCtxt(xmlParserCtxt *ctxt);
int xmlSAX2GetLineNumber(void *ctx);
int xmlSAX2GetColumnNumber(void *ctx);
xmlEntity *xmlGetPredefinedEntity(const xmlChar *name);
#else
// The real declarations, and the layouts of the structures above compared with them.
#include <libxml/entities.h>
#include <libxml/SAX2.h>
#include <libxml/parser.h>
#include <libxml/xmlerror.h>
#include <stddef.h>
#define CXML_SAME_OFFSET(ours, theirs, field) \
  _Static_assert(offsetof(ours, field) == offsetof(theirs, field), #field)
CXML_SAME_OFFSET(cxml_xmlSAXHandler, xmlSAXHandler, getEntity);
CXML_SAME_OFFSET(cxml_xmlSAXHandler, xmlSAXHandler, startDocument);
CXML_SAME_OFFSET(cxml_xmlSAXHandler, xmlSAXHandler, characters);
CXML_SAME_OFFSET(cxml_xmlSAXHandler, xmlSAXHandler, processingInstruction);
CXML_SAME_OFFSET(cxml_xmlSAXHandler, xmlSAXHandler, comment);
CXML_SAME_OFFSET(cxml_xmlSAXHandler, xmlSAXHandler, cdataBlock);
CXML_SAME_OFFSET(cxml_xmlSAXHandler, xmlSAXHandler, initialized);
CXML_SAME_OFFSET(cxml_xmlSAXHandler, xmlSAXHandler, startElementNs);
CXML_SAME_OFFSET(cxml_xmlSAXHandler, xmlSAXHandler, endElementNs);
CXML_SAME_OFFSET(cxml_xmlSAXHandler, xmlSAXHandler, serror);
_Static_assert(sizeof(cxml_xmlSAXHandler) == sizeof(xmlSAXHandler), "xmlSAXHandler");
CXML_SAME_OFFSET(cxml_xmlError, xmlError, code);
CXML_SAME_OFFSET(cxml_xmlError, xmlError, level);
_Static_assert(CXML_SAX2_MAGIC == XML_SAX2_MAGIC, "XML_SAX2_MAGIC");
_Static_assert(CXML_PARSE_RECOVER == (int)XML_PARSE_RECOVER, "XML_PARSE_RECOVER");
_Static_assert(CXML_PARSE_NOENT == (int)XML_PARSE_NOENT, "XML_PARSE_NOENT");
_Static_assert(CXML_PARSE_NONET == (int)XML_PARSE_NONET, "XML_PARSE_NONET");
#endif

/// One parse: the caller's handlers and context, and libxml2's parser once it exists.
typedef struct cxml_state {
  xmlParserCtxt *parser;
  const cxml_handlers *handlers;
  void *context;
  int stopped;
} cxml_state;

static void cxml_stop(cxml_state *state) {
  if (state->parser != NULL && !state->stopped) {
    xmlStopParser(state->parser);
    state->stopped = 1;
  }
}

static int cxml_line(cxml_state *state) {
  return state->parser == NULL ? 0 : xmlSAX2GetLineNumber(state->parser);
}

static int cxml_column(cxml_state *state) {
  return state->parser == NULL ? 0 : xmlSAX2GetColumnNumber(state->parser);
}

static void cxml_start_element(
    void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI,
    int nb_namespaces, const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
    const xmlChar **attributes) {
  (void)URI;
  (void)nb_defaulted;
  cxml_state *state = user;
  if (state->handlers->start_element(
          state->context, localname, prefix, nb_namespaces, namespaces, nb_attributes,
          attributes, cxml_line(state), cxml_column(state)) != 0) {
    cxml_stop(state);
  }
}

static void cxml_end_element(
    void *user, const xmlChar *localname, const xmlChar *prefix, const xmlChar *URI) {
  (void)URI;
  cxml_state *state = user;
  state->handlers->end_element(state->context, localname, prefix);
}

static void cxml_error(void *user, void *error) {
  cxml_state *state = user;
  const cxml_xmlError *details = error;
  if (details == NULL) return;
  if (state->handlers->error(
          state->context, details->code, (int)details->level, cxml_line(state),
          cxml_column(state)) != 0) {
    cxml_stop(state);
  }
}

// Only XML's five entities exist: no DTD is read and no declaration is recorded.
static xmlEntity *cxml_get_entity(void *user, const xmlChar *name) {
  (void)user;
  return xmlGetPredefinedEntity(name);
}

// The handlers are set, as XMLParser sets them, so that libxml2 takes the same paths; only
// text content is passed on.
static void cxml_document(void *user) { (void)user; }
static void cxml_characters(void *user, const xmlChar *ch, int len) {
  cxml_state *state = user;
  if (state->handlers->characters != NULL && !state->stopped)
    state->handlers->characters(state->context, ch, len);
}
static void cxml_instruction(void *user, const xmlChar *target, const xmlChar *data) {
  (void)user;
  (void)target;
  (void)data;
}
static void cxml_comment(void *user, const xmlChar *value) {
  (void)user;
  (void)value;
}

static pthread_once_t cxml_initialized = PTHREAD_ONCE_INIT;

int cxml_parse(
    const unsigned char *bytes, size_t count, const cxml_handlers *handlers, void *context) {
  pthread_once(&cxml_initialized, xmlInitParser);
  // XMLParser waits for four bytes to create its parser; with fewer it never parses.
  if (count < 4) return 0;
  cxml_xmlSAXHandler sax = {0};
  sax.getEntity = cxml_get_entity;
  sax.startDocument = cxml_document;
  sax.endDocument = cxml_document;
  sax.characters = cxml_characters;
  sax.processingInstruction = cxml_instruction;
  sax.comment = cxml_comment;
  sax.cdataBlock = cxml_characters;
  sax.initialized = CXML_SAX2_MAGIC;
  sax.startElementNs = cxml_start_element;
  sax.endElementNs = cxml_end_element;
  sax.serror = cxml_error;
  cxml_state state = {NULL, handlers, context, 0};
  // libxml2 copies the handler into the parser.
  xmlParserCtxt *parser =
      xmlCreatePushParserCtxt((void *)&sax, &state, (const char *)bytes, 4, NULL);
  if (parser == NULL) return -1;
  state.parser = parser;
  xmlCtxtUseOptions(parser, CXML_PARSE_RECOVER | CXML_PARSE_NOENT | CXML_PARSE_NONET);
  const char *rest = (const char *)bytes + 4;
  size_t left = count - 4;
  // xmlParseChunk takes an int; a larger input goes in pieces, the last one terminating.
  while (left > (size_t)INT_MAX / 2 && !state.stopped) {
    xmlParseChunk(parser, rest, INT_MAX / 2, 0);
    rest += INT_MAX / 2;
    left -= INT_MAX / 2;
  }
  if (!state.stopped) xmlParseChunk(parser, rest, (int)left, 1);
  xmlFreeParserCtxt(parser);
  return 0;
}
