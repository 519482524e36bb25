/* The physical limit for a key's timestamp through a terminal: a minimal
 * tty reader that sleeps in poll(2) on stdin, reads CLOCK_REALTIME the
 * moment poll returns, then reads the byte, and prints the stamp of each
 * space it gets. scripts/mark-latency.py --reference builds and runs it
 * beside timedeck (same pty, same harness) to compare key -> timestamp.
 *
 *   cc -O2 -o /tmp/tty-stamp scripts/tty-stamp.c && /tmp/tty-stamp   (q quits)
 */
#include <poll.h>
#include <stdio.h>
#include <termios.h>
#include <time.h>
#include <unistd.h>

int main(void) {
    struct termios saved, raw;
    int tty = tcgetattr(0, &saved) == 0;
    if (tty) {
        raw = saved;
        cfmakeraw(&raw);
        tcsetattr(0, TCSANOW, &raw);
    }
    printf("ready\r\n");
    fflush(stdout);
    for (;;) {
        struct pollfd p = {.fd = 0, .events = POLLIN};
        if (poll(&p, 1, -1) < 0) continue;
        struct timespec ts;
        clock_gettime(CLOCK_REALTIME, &ts);
        char buf[64];
        ssize_t n = read(0, buf, sizeof buf);
        if (n <= 0) break;
        int quit = 0;
        for (ssize_t i = 0; i < n; i++) {
            if (buf[i] == ' ') printf("stamp %lld\r\n", (long long)ts.tv_sec * 1000000000LL + ts.tv_nsec);
            if (buf[i] == 'q') quit = 1;
        }
        fflush(stdout);
        if (quit) break;
    }
    if (tty) tcsetattr(0, TCSANOW, &saved);
    return 0;
}
