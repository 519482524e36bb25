#include "td_kernel_clock.h"
#include <errno.h>
#include <string.h>
#include <sys/timex.h>

int td_read_kernel_clock(td_kernel_clock *out) {
    struct timex tx;
    memset(&tx, 0, sizeof tx);
    memset(out, 0, sizeof *out);
    tx.modes = 0; /* read only */
    int state = adjtimex(&tx);
    if (state == -1) {
        out->clockState = -1;
        out->errnoValue = errno;
        return -1;
    }
    out->clockState = state;
    out->statusBits = tx.status;
    out->estErrorMicros = tx.esterror;
    out->maxErrorMicros = tx.maxerror;
    /* With STA_NANO the offset is in nanoseconds, else microseconds. */
    out->offsetNanos = (tx.status & STA_NANO) ? (int64_t)tx.offset : (int64_t)tx.offset * 1000;
    return 0;
}

int32_t td_sta_unsync(void) { return STA_UNSYNC; }
int32_t td_time_error(void) { return TIME_ERROR; }
