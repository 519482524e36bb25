#ifndef TIMEDECK_CLIBPQ_SHIM_H
#define TIMEDECK_CLIBPQ_SHIM_H
/* PostgreSQL's client library (Debian: libpq-dev, headers under
   /usr/include/postgresql). The team log's only C import. */
#include <postgresql/libpq-fe.h>
#endif
