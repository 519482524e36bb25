#include "td_http_get.h"
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* libcurl is loaded on first use (issue 31), not linked: the binary has no
 * DT_NEEDED on it, so only a process that fetches a forecast maps libcurl
 * and its ~30 libraries (TLS, Kerberos, LDAP, HTTP/2…). curl.h is still
 * the build-time header (libcurl4-openssl-dev); these are the functions
 * this file calls, resolved by name. Member names differ from curl's:
 * curl.h wraps curl_easy_setopt in a type-checking macro. */
typedef struct {
    CURLcode (*global_init)(long flags);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *curl, CURLoption option, ...);
    CURLcode (*easy_perform)(CURL *curl);
    CURLcode (*easy_getinfo)(CURL *curl, CURLINFO info, ...);
    void (*easy_cleanup)(CURL *curl);
    const char *(*easy_strerror)(CURLcode code);
    struct curl_slist *(*slist_append)(struct curl_slist *list, const char *text);
    void (*slist_free_all)(struct curl_slist *list);
} curl_table;

static curl_table curl_fn;
static int curl_loaded;
static char curl_failure[256];
static pthread_once_t once = PTHREAD_ONCE_INIT;

/* dlopen()s soname and fills t; on failure writes what to install into
 * message and returns -1. */
static int open_curl(const char *soname, curl_table *t, void **handle, char *message, size_t size) {
    void *h = dlopen(soname, RTLD_NOW | RTLD_LOCAL);
    if (!h) {
        snprintf(message, size, "the weather needs libcurl (apt install %s): %s", TD_LIBCURL_PACKAGE, dlerror());
        return -1;
    }
    struct { void **slot; const char *name; } wanted[] = {
        { (void **)&t->global_init, "curl_global_init" },
        { (void **)&t->easy_init, "curl_easy_init" },
        { (void **)&t->easy_setopt, "curl_easy_setopt" },
        { (void **)&t->easy_perform, "curl_easy_perform" },
        { (void **)&t->easy_getinfo, "curl_easy_getinfo" },
        { (void **)&t->easy_cleanup, "curl_easy_cleanup" },
        { (void **)&t->easy_strerror, "curl_easy_strerror" },
        { (void **)&t->slist_append, "curl_slist_append" },
        { (void **)&t->slist_free_all, "curl_slist_free_all" },
    };
    for (size_t i = 0; i < sizeof wanted / sizeof wanted[0]; i++) {
        *wanted[i].slot = dlsym(h, wanted[i].name);
        if (!*wanted[i].slot) {
            snprintf(message, size, "the weather needs a newer libcurl (apt install %s): %s has no %s",
                     TD_LIBCURL_PACKAGE, soname, wanted[i].name);
            dlclose(h);
            return -1;
        }
    }
    *handle = h;
    return 0;
}

static void global_init(void) {
    curl_table t;
    void *handle = NULL;
    memset(&t, 0, sizeof t);
    if (open_curl(TD_LIBCURL_SONAME, &t, &handle, curl_failure, sizeof curl_failure) != 0) return;
    curl_fn = t;   /* kept for the life of the process: never dlclose()d */
    curl_fn.global_init(CURL_GLOBAL_DEFAULT);
    curl_loaded = 1;
}

int td_http_library_loaded(void) {
    pthread_once(&once, global_init);   /* its end is the barrier for curl_loaded */
    return curl_loaded;
}

int td_http_probe(const char *soname, char *error, size_t size) {
    char message[256] = "";
    curl_table t;
    void *handle = NULL;
    memset(&t, 0, sizeof t);
    int status = open_curl(soname, &t, &handle, message, sizeof message);
    if (status == 0) dlclose(handle);
    if (error && size) snprintf(error, size, "%s", message);
    return status;
}

typedef struct {
    td_http_result *out;
    size_t max;
} sink;

static size_t take(char *data, size_t size, size_t count, void *context) {
    sink *s = context;
    size_t n = size * count;
    if (s->out->length + n > s->max) {
        s->out->tooLarge = 1;
        return 0; /* ends the transfer (CURLE_WRITE_ERROR) */
    }
    unsigned char *grown = realloc(s->out->body, s->out->length + n + 1);
    if (!grown) return 0;
    s->out->body = grown;
    memcpy(s->out->body + s->out->length, data, n);
    s->out->length += n;
    return n;
}

int td_http_get(const char *url, const char *userAgent, long timeoutMilliseconds,
                size_t maxBytes, const char *caFile, td_http_result *out) {
    memset(out, 0, sizeof *out);
    pthread_once(&once, global_init);
    if (!curl_loaded) {
        out->curlCode = CURLE_FAILED_INIT;
        out->missingLibrary = 1;
        snprintf(out->error, sizeof out->error, "%s", curl_failure);
        return -1;
    }
    CURL *curl = curl_fn.easy_init();
    if (!curl) {
        out->curlCode = CURLE_FAILED_INIT;
        strncpy(out->error, "cannot start libcurl", sizeof out->error - 1);
        return -1;
    }
    sink s = { out, maxBytes };
    char error[CURL_ERROR_SIZE] = "";
    curl_fn.easy_setopt(curl, CURLOPT_URL, url);
    curl_fn.easy_setopt(curl, CURLOPT_USERAGENT, userAgent);
    curl_fn.easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    curl_fn.easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeoutMilliseconds);
    curl_fn.easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeoutMilliseconds);
    curl_fn.easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_fn.easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_fn.easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_fn.easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)maxBytes);
    curl_fn.easy_setopt(curl, CURLOPT_WRITEFUNCTION, take);
    curl_fn.easy_setopt(curl, CURLOPT_WRITEDATA, &s);
    curl_fn.easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    curl_fn.easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    /* Never off, whatever the build's defaults: the chain and the name. */
    curl_fn.easy_setopt(curl, CURLOPT_SSL_VERIFYPEER, 1L);
    curl_fn.easy_setopt(curl, CURLOPT_SSL_VERIFYHOST, 2L);
    /* CAINFO replaces the default bundle file, but CAPATH is left at the
     * build's default (Debian: /etc/ssl/certs, hashed links to every system
     * CA), and the OpenSSL backend loads both: the user's CAs are trusted
     * beside the system's (docs/DECISIONS.md, weather.ca_file). */
    if (caFile && caFile[0]) curl_fn.easy_setopt(curl, CURLOPT_CAINFO, caFile);
    struct curl_slist *headers = curl_fn.slist_append(NULL, "Accept: application/json");
    curl_fn.easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    CURLcode code = curl_fn.easy_perform(curl);
    curl_fn.easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &out->status);
    curl_fn.easy_getinfo(curl, CURLINFO_SSL_VERIFYRESULT, &out->verifyResult);
    curl_fn.slist_free_all(headers);
    curl_fn.easy_cleanup(curl);
    out->curlCode = (int)code;
    if (code == CURLE_FILESIZE_EXCEEDED) out->tooLarge = 1;
    out->timedOut = code == CURLE_OPERATION_TIMEDOUT;
    strncpy(out->error, error[0] ? error : curl_fn.easy_strerror(code), sizeof out->error - 1);
    return code == CURLE_OK ? 0 : -1;
}

void td_http_free(td_http_result *result) {
    free(result->body);
    result->body = NULL;
    result->length = 0;
}

int td_http_default_ca_path(char *path, size_t size) {
    if (path && size) path[0] = 0;
    pthread_once(&once, global_init);
    if (!curl_loaded || !path || !size) return -1;
    CURL *curl = curl_fn.easy_init();
    if (!curl) return -1;
    char *found = NULL;
    /* CURLINFO_CAPATH is libcurl 7.84's; an older one says so and we say -1. */
    CURLcode code = curl_fn.easy_getinfo(curl, CURLINFO_CAPATH, &found);
    int status = code == CURLE_OK && found && found[0] ? 0 : -1;
    if (status == 0) snprintf(path, size, "%s", found);
    curl_fn.easy_cleanup(curl);
    return status;
}
