#include "td_libpq.h"
#include <dlfcn.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <string.h>

/* Every libpq function the team log calls: return type, name, parameters
 * (declaration), arguments (the call), and what the forwarder returns if
 * it is called with libpq absent (never, in practice: no PGconn exists
 * without PQconnectStartParams, which reports the absence first). */
#define TD_PQ_FUNCTIONS(X) \
    X(PGconn *, PQconnectStartParams, (const char *const *k, const char *const *v, int e), (k, v, e), NULL) \
    X(PostgresPollingStatusType, PQconnectPoll, (PGconn *c), (c), PGRES_POLLING_FAILED) \
    X(ConnStatusType, PQstatus, (const PGconn *c), (c), CONNECTION_BAD) \
    X(int, PQsocket, (const PGconn *c), (c), -1) \
    X(char *, PQerrorMessage, (const PGconn *c), (c), "libpq is not loaded") \
    X(PQnoticeProcessor, PQsetNoticeProcessor, (PGconn *c, PQnoticeProcessor p, void *a), (c, p, a), NULL) \
    X(PGresult *, PQexecParams, (PGconn *c, const char *q, int n, const Oid *t, const char *const *v, \
                                 const int *l, const int *f, int r), (c, q, n, t, v, l, f, r), NULL) \
    X(ExecStatusType, PQresultStatus, (const PGresult *r), (r), PGRES_FATAL_ERROR) \
    X(int, PQntuples, (const PGresult *r), (r), 0) \
    X(int, PQnfields, (const PGresult *r), (r), 0) \
    X(char *, PQfname, (const PGresult *r, int i), (r, i), NULL) \
    X(int, PQgetisnull, (const PGresult *r, int t, int f), (r, t, f), 1) \
    X(char *, PQgetvalue, (const PGresult *r, int t, int f), (r, t, f), NULL) \
    X(char *, PQresultErrorMessage, (const PGresult *r), (r), "libpq is not loaded") \
    X(char *, PQresultErrorField, (const PGresult *r, int f), (r, f), NULL) \
    X(int, PQconsumeInput, (PGconn *c), (c), 0) \
    X(PGnotify *, PQnotifies, (PGconn *c), (c), NULL) \
    X(int, PQsslInUse, (PGconn *c), (c), 0) \
    X(char *, PQhost, (const PGconn *c), (c), NULL) \
    X(char *, PQport, (const PGconn *c), (c), NULL) \
    X(char *, PQdb, (const PGconn *c), (c), NULL) \
    X(char *, PQuser, (const PGconn *c), (c), NULL)

/* The same for the ones that return nothing. */
#define TD_PQ_PROCEDURES(X) \
    X(PQfinish, (PGconn *c), (c)) \
    X(PQclear, (PGresult *r), (r)) \
    X(PQfreemem, (void *p), (p))

typedef struct {
#define TD_PQ_POINTER(ret, name, params, args, absent) ret (*name) params;
    TD_PQ_FUNCTIONS(TD_PQ_POINTER)
#define TD_PQ_PROCEDURE_POINTER(name, params, args) void (*name) params;
    TD_PQ_PROCEDURES(TD_PQ_PROCEDURE_POINTER)
#undef TD_PQ_PROCEDURE_POINTER
#undef TD_PQ_POINTER
} td_pq_table;

static td_pq_table table;
static _Atomic int loaded;   /* set (release) after table is filled */
static char failure[512];
static pthread_once_t once = PTHREAD_ONCE_INIT;

static void copy_message(char *error, size_t size, const char *message) {
    if (!error || size == 0) return;
    snprintf(error, size, "%s", message);
}

/* dlopen()s soname and resolves every function into t; on failure writes
 * what to install into message and returns -1 (the handle closed). */
static int open_library(const char *soname, td_pq_table *t, void **handle, char *message, size_t size) {
    /* RTLD_LOCAL: libpq's symbols stay out of the global scope. */
    void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(message, size, "the team log needs libpq (apt install %s): %s", TD_LIBPQ_PACKAGE, dlerror());
        return -1;
    }
#define TD_PQ_RESOLVE_NAME(name) \
    *(void **)(&t->name) = dlsym(h, #name); \
    if (!t->name) { \
        snprintf(message, size, "the team log needs a newer libpq (apt install %s): %s has no %s", \
                 TD_LIBPQ_PACKAGE, soname, #name); \
        dlclose(h); \
        return -1; \
    }
#define TD_PQ_RESOLVE(ret, name, params, args, absent) TD_PQ_RESOLVE_NAME(name)
#define TD_PQ_RESOLVE_PROCEDURE(name, params, args) TD_PQ_RESOLVE_NAME(name)
    TD_PQ_FUNCTIONS(TD_PQ_RESOLVE)
    TD_PQ_PROCEDURES(TD_PQ_RESOLVE_PROCEDURE)
#undef TD_PQ_RESOLVE_PROCEDURE
#undef TD_PQ_RESOLVE
#undef TD_PQ_RESOLVE_NAME
    *handle = h;
    return 0;
}

static void load_once(void) {
    void *handle = NULL;
    td_pq_table t;
    memset(&t, 0, sizeof t);
    if (open_library(TD_LIBPQ_SONAME, &t, &handle, failure, sizeof failure) == 0) {
        table = t;   /* kept for the life of the process: never dlclose()d */
        atomic_store_explicit(&loaded, 1, memory_order_release);
    }
}

int td_pq_load(char *error, size_t size) {
    pthread_once(&once, load_once);
    if (atomic_load_explicit(&loaded, memory_order_acquire)) return 0;
    copy_message(error, size, failure);
    return -1;
}

int td_pq_is_loaded(void) {
    return atomic_load_explicit(&loaded, memory_order_acquire);
}

int td_pq_probe(const char *soname, char *error, size_t size) {
    char message[512] = "";
    td_pq_table t;
    void *handle = NULL;
    memset(&t, 0, sizeof t);
    if (open_library(soname, &t, &handle, message, sizeof message) != 0) {
        copy_message(error, size, message);
        return -1;
    }
    dlclose(handle);
    copy_message(error, size, "");
    return 0;
}

/* The forwarders. Hidden: the executable exports its symbols
 * (--export-dynamic), and an exported PQclear would take libpq's own
 * internal calls to PQclear once it is loaded. */
#pragma GCC visibility push(hidden)
#define TD_PQ_FORWARD(ret, name, params, args, absent) \
    ret name params { \
        if (!atomic_load_explicit(&loaded, memory_order_acquire)) return absent; \
        return table.name args; \
    }
#define TD_PQ_FORWARD_PROCEDURE(name, params, args) \
    void name params { \
        if (atomic_load_explicit(&loaded, memory_order_acquire)) table.name args; \
    }
TD_PQ_FUNCTIONS(TD_PQ_FORWARD)
TD_PQ_PROCEDURES(TD_PQ_FORWARD_PROCEDURE)
#undef TD_PQ_FORWARD_PROCEDURE
#undef TD_PQ_FORWARD
#pragma GCC visibility pop
