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
    long verifyResult;      /* OpenSSL's X509_V_* code for the server's
                               certificate chain (0 when it verified or
                               was never checked): says why CURLE 60 came */
    char error[256];        /* libcurl's words for curlCode */
    unsigned char *body;    /* malloc'd; free with td_http_free */
    size_t length;
} td_http_result;

/* GETs url (http or https only, no redirects) with the User-Agent given,
 * giving up after timeoutMilliseconds and past maxBytes of body. Returns
 * 0 when an answer (any status) arrived. The server's certificate and
 * host name are always verified; caFile (NULL for none) is a PEM file of
 * extra CAs to trust beside the system's (weather.ca_file). */
int td_http_get(const char *url, const char *userAgent, long timeoutMilliseconds,
                size_t maxBytes, const char *caFile, td_http_result *out);

void td_http_free(td_http_result *result);

/* The folder of CA certificates libcurl reads by default (its build's
 * CAPATH; Debian: /etc/ssl/certs) into path: 0, or -1 when it has none or
 * cannot say (libcurl older than 7.84). weather.ca_file replaces only the
 * default bundle file, so this folder is what keeps the system's CAs
 * trusted beside it. */
int td_http_default_ca_path(char *path, size_t size);

/* Loads libcurl if not yet tried (once per process); 1 when loaded. */
int td_http_library_loaded(void);

/* Tries soname without touching the process's libcurl (closed again):
 * 0 when it loads with every function, else -1 and the message a GET
 * would give. */
int td_http_probe(const char *soname, char *error, size_t size);

#endif
