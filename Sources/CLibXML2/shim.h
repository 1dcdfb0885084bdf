// Debian builds libxml2 with ICU; its headers then pull in ICU types that clash with Foundation's
// copy ("'UErrorCode' has different definitions"). navforge never uses libxml2's ICU support.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/tree.h>
#include <libxml/SAX2.h>

// libxml2 reports some errors (its encoding layer's, some of xmlParseChunk's) through the
// thread's generic and structured handlers instead of the parser's, and by default those print
// to stderr. The OSM reader swaps them for its own while it parses: the structured one records
// the message like the parser's, the generic one (variadic, so written in C) drops it, since a
// structured report or the parser's own error always accompanies it.
static void navforge_xml_ignore_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/// The thread's libxml2 error handlers, as `navforge_xml_replace_error_handlers` found them.
typedef struct {
    xmlGenericErrorFunc generic;
    void *genericContext;
    xmlStructuredErrorFunc structured;
    void *structuredContext;
} navforge_xml_error_handlers;

/// Sends this thread's libxml2 errors to `structured` (with `context`), silences its generic
/// errors, and returns the handlers to restore.
static inline navforge_xml_error_handlers navforge_xml_replace_error_handlers(xmlStructuredErrorFunc structured,
                                                                             void *context) {
    navforge_xml_error_handlers saved = {xmlGenericError, xmlGenericErrorContext, xmlStructuredError,
                                         xmlStructuredErrorContext};
    xmlSetGenericErrorFunc(NULL, navforge_xml_ignore_generic_error);
    xmlSetStructuredErrorFunc(context, structured);
    return saved;
}

/// Puts back the handlers `navforge_xml_replace_error_handlers` returned.
static inline void navforge_xml_restore_error_handlers(navforge_xml_error_handlers saved) {
    xmlSetGenericErrorFunc(saved.genericContext, saved.generic);
    xmlSetStructuredErrorFunc(saved.structuredContext, saved.structured);
}
