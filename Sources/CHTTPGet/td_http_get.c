#include "td_http_get.h"
#include <curl/curl.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static pthread_once_t once = PTHREAD_ONCE_INIT;
static void global_init(void) { curl_global_init(CURL_GLOBAL_DEFAULT); }

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
                size_t maxBytes, td_http_result *out) {
    memset(out, 0, sizeof *out);
    pthread_once(&once, global_init);
    CURL *curl = curl_easy_init();
    if (!curl) {
        out->curlCode = CURLE_FAILED_INIT;
        strncpy(out->error, "cannot start libcurl", sizeof out->error - 1);
        return -1;
    }
    sink s = { out, maxBytes };
    char error[CURL_ERROR_SIZE] = "";
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_USERAGENT, userAgent);
    curl_easy_setopt(curl, CURLOPT_HTTPGET, 1L);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT_MS, timeoutMilliseconds);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT_MS, timeoutMilliseconds);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)maxBytes);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, take);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, &s);
    curl_easy_setopt(curl, CURLOPT_ERRORBUFFER, error);
    curl_easy_setopt(curl, CURLOPT_ACCEPT_ENCODING, "");
    struct curl_slist *headers = curl_slist_append(NULL, "Accept: application/json");
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    CURLcode code = curl_easy_perform(curl);
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, &out->status);
    curl_slist_free_all(headers);
    curl_easy_cleanup(curl);
    out->curlCode = (int)code;
    if (code == CURLE_FILESIZE_EXCEEDED) out->tooLarge = 1;
    out->timedOut = code == CURLE_OPERATION_TIMEDOUT;
    strncpy(out->error, error[0] ? error : curl_easy_strerror(code), sizeof out->error - 1);
    return code == CURLE_OK ? 0 : -1;
}

void td_http_free(td_http_result *result) {
    free(result->body);
    result->body = NULL;
    result->length = 0;
}
