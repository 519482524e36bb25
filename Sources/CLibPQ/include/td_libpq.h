#ifndef TIMEDECK_LIBPQ_H
#define TIMEDECK_LIBPQ_H
/* PostgreSQL's client library, loaded on first use (issue 31).
 *
 * The types and the PQ* declarations come from libpq-fe.h (Debian:
 * libpq-dev, at build time only). The binary has no DT_NEEDED on libpq:
 * td_libpq.c dlopen()s libpq.so.5 the first time td_pq_load() is called
 * and defines the PQ* functions the team log uses as forwarders (hidden,
 * so libpq's own calls never land in them). A PQ* function not listed
 * there fails at link time, so the list cannot drift from the code. */
#include <stddef.h>
#include <postgresql/libpq-fe.h>

/* The soname loaded, and what to install when it is missing. */
#define TD_LIBPQ_SONAME "libpq.so.5"
#define TD_LIBPQ_PACKAGE "libpq5"

/* Loads libpq once per process (thread-safe). Returns 0 when every
 * function is resolved; otherwise -1 with a message that names the
 * package to install written into error (always NUL-terminated). A
 * failure is remembered: later calls fail the same way, cheaply. */
int td_pq_load(char *error, size_t size);

/* Whether libpq is loaded in this process (for tests and `doctor`). */
int td_pq_is_loaded(void);

/* Tries soname the same way without touching the process's libpq (the
 * library is closed again): 0 when it loads with every function, else -1
 * and the message td_pq_load would give. */
int td_pq_probe(const char *soname, char *error, size_t size);

#endif
