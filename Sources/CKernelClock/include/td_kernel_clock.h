#ifndef TIMEDECK_KERNEL_CLOCK_H
#define TIMEDECK_KERNEL_CLOCK_H
/* The kernel's NTP discipline state, read with adjtimex(2) (modes = 0, so it
 * changes nothing and needs no privilege). Glibc's Swift module does not
 * export <sys/timex.h>, hence this shim. */
#include <stdint.h>

typedef struct {
    int32_t clockState;      /* adjtimex return: TIME_OK 0 ... TIME_ERROR 5, -1 on failure */
    int32_t statusBits;      /* timex.status (STA_* bits) */
    int64_t estErrorMicros;  /* timex.esterror, microseconds */
    int64_t maxErrorMicros;  /* timex.maxerror, microseconds */
    int64_t offsetNanos;     /* timex.offset, converted to nanoseconds */
    int32_t errnoValue;      /* errno when clockState == -1 */
} td_kernel_clock;

/* Fills *out; returns 0 on success, -1 when adjtimex failed (errnoValue set). */
int td_read_kernel_clock(td_kernel_clock *out);

/* STA_UNSYNC, the "clock not synchronized" status bit (0x0040). */
int32_t td_sta_unsync(void);
/* TIME_ERROR, the adjtimex state meaning "clock not synchronized" (5). */
int32_t td_time_error(void);

#endif
