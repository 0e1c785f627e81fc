#ifndef TABLELINT_CLIBXML2_SHIM_H
#define TABLELINT_CLIBXML2_SHIM_H
// Debian's libxml2 is built with ICU, and its encoding header then includes ICU's headers, which clash with
// the copy of ICU inside Foundation. tablelint never uses libxml2's ICU converters.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/tree.h>
#include <libxml/SAX2.h>
#include <libxml/xmlerror.h>

/// A generic error handler that drops the message (Swift cannot write C variadic functions).
static inline void tablelint_ignore_generic_error(void *context, const char *message, ...) {
  (void)context;
  (void)message;
}

/// Sends libxml2's generic error messages of the calling thread nowhere. Parser errors are already
/// silenced by XML_PARSE_NOERROR; this also covers messages raised without a parser context
/// (encoding conversion, tree building), which libxml2 would otherwise print to stderr.
static inline void tablelint_silence_generic_errors(void) {
  xmlSetGenericErrorFunc(NULL, tablelint_ignore_generic_error);
}
#endif
