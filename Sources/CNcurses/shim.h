#ifndef TIMEDECK_CNCURSES_SHIM_H
#define TIMEDECK_CNCURSES_SHIM_H
/* SwiftPM drops -D_XOPEN_SOURCE for ncursesw; this brings back the wide API. */
#define NCURSES_WIDECHAR 1
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* Swift 6 rejects C globals and does not import these macros: wrap them. */
static inline WINDOW *td_stdscr(void) { return stdscr; }
static inline int td_colors(void) { return COLORS; }
static inline int td_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t td_a_bold(void) { return A_BOLD; }
static inline attr_t td_a_reverse(void) { return A_REVERSE; }
static inline attr_t td_a_dim(void) { return A_DIM; }
static inline attr_t td_a_underline(void) { return A_UNDERLINE; }
static inline attr_t td_a_normal(void) { return A_NORMAL; }
static inline int td_has_cup(void) {
    const char *cup = tigetstr("cup");
    return cup != NULL && cup != (char *)-1;
}
/* terminfo for the frame writer: NULL when the terminal lacks the string. */
static inline const char *td_tigetstr(const char *name) {
    const char *s = tigetstr(name);
    return (s == NULL || s == (char *)-1) ? NULL : s;
}
static inline int td_tigetflag(const char *name) { return tigetflag(name) > 0; }
/* tiparm is variadic, which Swift cannot call. */
static inline const char *td_tiparm1(const char *cap, int a) { return tiparm(cap, a); }
static inline const char *td_tiparm2(const char *cap, int a, int b) { return tiparm(cap, a, b); }
#endif
