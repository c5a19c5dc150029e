#ifndef CARTELERA_CLIBXML2_SHIM_H
#define CARTELERA_CLIBXML2_SHIM_H

#include <libxml/parser.h>
#include <libxml/HTMLparser.h>
#include <libxml/tree.h>
#include <libxml/xpath.h>
#include <libxml/xpathInternals.h>
#include <libxml/xmlerror.h>
#include <libxml/xmlsave.h>
#include <libxml/encoding.h>

#endif
