// Debian builds libxml2 with ICU; its headers then pull in ICU types that clash with Foundation's
// copy ("'UErrorCode' has different definitions"). navforge never uses libxml2's ICU support.
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#include <libxml/tree.h>
#include <libxml/SAX2.h>

