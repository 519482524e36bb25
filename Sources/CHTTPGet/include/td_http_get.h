#ifndef TIMEDECK_HTTP_GET_H
#define TIMEDECK_HTTP_GET_H
/* One HTTP(S) GET with libcurl's easy interface, synchronous on the calling
 * thread: no threads, timers or event loops of its own, so nothing wakes
 * once it returns (Foundation's URLSession kept a dispatch thread waking
 * once a second). curl_easy_setopt is variadic, which Swift cannot call,
 * hence this shim. libcurl itself is loaded with dlopen on the first GET
 * (issue 31): absent, the GET fails with missingLibrary set and an error
 * that names the package to install. */
#include <stddef.h>

/* The soname loaded, and what to install when it is missing. */
#define TD_LIBCURL_SONAME "libcurl.so.4"
#define TD_LIBCURL_PACKAGE "libcurl4"

typedef struct {
    long status;            /* HTTP status, 0 when there was no answer */
    int curlCode;           /* CURLE_OK (0) or why the transfer failed */
    int tooLarge;           /* the body passed maxBytes and was cut off */
    int timedOut;           /* the time limit ended it */
    int missingLibrary;     /* libcurl could not be loaded; error says why */
    char error[256];        /* libcurl's words for curlCode */
    unsigned char *body;    /* malloc'd; free with td_http_free */
    size_t length;
} td_http_result;

/* GETs url (http or https only, no redirects) with the User-Agent given,
 * giving up after timeoutMilliseconds and past maxBytes of body. Returns
 * 0 when an answer (any status) arrived. */
int td_http_get(const char *url, const char *userAgent, long timeoutMilliseconds,
                size_t maxBytes, td_http_result *out);

void td_http_free(td_http_result *result);

/* Loads libcurl if not yet tried (once per process); 1 when loaded. */
int td_http_library_loaded(void);

/* Tries soname without touching the process's libcurl (closed again):
 * 0 when it loads with every function, else -1 and the message a GET
 * would give. */
int td_http_probe(const char *soname, char *error, size_t size);

#endif
