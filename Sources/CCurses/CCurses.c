/* Every curses call of exhibit. Defines, each for one reason:
 * _DEFAULT_SOURCE: sigaction, clock_gettime and friends under glibc;
 * _XOPEN_SOURCE_EXTENDED (on the command line, Package.swift): the wide-character API. */
#define _DEFAULT_SOURCE
#include <errno.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <wchar.h>
#include <curses.h>
#include "CCurses.h"

static SCREEN *screen = NULL;
static int started = 0;
static int colors = 0;
static int utf8_locale = 0;
static attr_t style_attrs[64];
static short style_pairs[64];

int cc_stdio_is_tty(void) { return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO); }

int cc_locale_is_utf8(void) {
    const char *codeset = nl_langinfo(CODESET);
    return codeset != NULL && (strcmp(codeset, "UTF-8") == 0 || strcmp(codeset, "utf8") == 0);
}

int cc_start(const char *fallback_term) {
    setlocale(LC_ALL, "");                       /* before any curses call: wide output */
    if (getenv("ESCDELAY") == NULL) setenv("ESCDELAY", "25", 0); /* older ncurses read it at start */
    utf8_locale = cc_locale_is_utf8();
    int result = CC_START_OK;
    screen = newterm(NULL, stdout, stdin);       /* NULL, not exit(), on an unknown TERM */
    if (screen == NULL && fallback_term != NULL) {
        screen = newterm(fallback_term, stdout, stdin);
        result = CC_START_FALLBACK;
    }
    if (screen == NULL) return CC_START_FAILED;
    set_term(screen);
    started = 1;
    raw();                                       /* Ctrl-C arrives as a key, not ncurses' exit(1) */
    noecho();
    nonl();
    keypad(stdscr, TRUE);
    intrflush(stdscr, FALSE);
    scrollok(stdscr, FALSE);
    leaveok(stdscr, TRUE);
    curs_set(0);
    mousemask(0, NULL);                          /* leave text selection to the terminal */
    set_escdelay(25);                            /* Esc answers at once */
    colors = 0;
    if (has_colors() && start_color() == OK) {
        use_default_colors();                    /* -1 keeps the user's background */
        colors = 1;
    }
    for (int i = 0; i < 64; i++) { style_attrs[i] = A_NORMAL; style_pairs[i] = 0; }
    return result;
}

void cc_stop(void) {
    if (!started) return;
    started = 0;
    curs_set(1);
    endwin();
}

int cc_is_started(void) { return started; }
int cc_has_colors(void) { return colors; }
int cc_rows(void) { return started ? getmaxy(stdscr) : 0; }
int cc_cols(void) { return started ? getmaxx(stdscr) : 0; }

void cc_define_style(int index, int foreground, int background, int flags) {
    if (index < 0 || index >= 64) return;
    attr_t a = A_NORMAL;
    if (flags & CC_ATTR_BOLD) a |= A_BOLD;
    if (flags & CC_ATTR_REVERSE) a |= A_REVERSE;
    if (flags & CC_ATTR_UNDERLINE) a |= A_UNDERLINE;
    if (flags & CC_ATTR_DIM) a |= A_DIM;
    style_attrs[index] = a;
    style_pairs[index] = 0;
    if (colors && (foreground != -1 || background != -1) && index + 1 < COLOR_PAIRS) {
        if (init_pair((short)(index + 1), (short)foreground, (short)background) == OK) style_pairs[index] = (short)(index + 1);
    }
}

/* Decodes one UTF-8 sequence; invalid bytes become U+FFFD. Returns bytes consumed. */
static int decode_utf8(const unsigned char *s, wchar_t *out) {
    unsigned c = s[0];
    int n = c < 0x80 ? 1 : (c >> 5) == 6 ? 2 : (c >> 4) == 14 ? 3 : (c >> 3) == 30 ? 4 : 0;
    if (n == 0) { *out = 0xFFFD; return 1; }
    unsigned v = n == 1 ? c : c & (0x7F >> n);
    for (int i = 1; i < n; i++) {
        if ((s[i] & 0xC0) != 0x80) { *out = 0xFFFD; return i; }
        v = (v << 6) | (s[i] & 0x3F);
    }
    *out = (wchar_t)v;
    return n;
}

void cc_put_cell(int row, int col, const char *utf8, int style) {
    if (!started || utf8 == NULL) return;
    if (style < 0 || style >= 64) style = 0;
    wchar_t chars[CCHARW_MAX + 1];
    int count = 0;
    const unsigned char *p = (const unsigned char *)utf8;
    int ascii_only = !utf8_locale;
    while (*p != 0 && count < CCHARW_MAX) {
        wchar_t w;
        p += decode_utf8(p, &w);
        if (w < 0x20 || w == 0x7F || (w >= 0x80 && w < 0xA0)) w = '?';   /* never a raw control */
        if (ascii_only && w >= 0x80) w = '?';
        chars[count++] = w;
    }
    if (count == 0) chars[count++] = L' ';
    chars[count] = 0;
    cchar_t cell;
    if (setcchar(&cell, chars, style_attrs[style], style_pairs[style], NULL) != OK) {
        wchar_t blank[2] = { L'?', 0 };
        setcchar(&cell, blank, style_attrs[style], style_pairs[style], NULL);
    }
    mvadd_wch(row, col, &cell);                  /* ERR in the bottom-right corner is harmless */
}

void cc_clear_to_eol(int row, int col, int style) {
    if (!started) return;
    if (style < 0 || style >= 64) style = 0;
    int cols = getmaxx(stdscr);
    for (int x = col; x < cols; x++) cc_put_cell(row, x, " ", style);
}

void cc_clear_all(void) { if (started) clearok(curscr, TRUE); }
void cc_refresh(void) { if (started) refresh(); }

static long now_ms(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static int map_key(int key) {
    switch (key) {
    case KEY_UP: return CC_KEY_UP;
    case KEY_DOWN: return CC_KEY_DOWN;
    case KEY_LEFT: return CC_KEY_LEFT;
    case KEY_RIGHT: return CC_KEY_RIGHT;
    case KEY_PPAGE: return CC_KEY_PAGE_UP;
    case KEY_NPAGE: return CC_KEY_PAGE_DOWN;
    case KEY_HOME: case KEY_A1: return CC_KEY_HOME;
    case KEY_END: case KEY_C1: return CC_KEY_END;
    case KEY_ENTER: return CC_KEY_ENTER;
    case KEY_BACKSPACE: return CC_KEY_BACKSPACE;
    case KEY_DC: return CC_KEY_DELETE;
    case KEY_BTAB: return CC_KEY_BACK_TAB;
    case KEY_F(1): return CC_KEY_F1;
    default: return 0;
    }
}

/* ncdu 2's rule: a read that fails at once 100 times in a row means the TTY is gone. */
static int quick_failures = 0;

int cc_read_key(int timeout_ms, int *code) {
    *code = 0;
    if (!started) return CC_INPUT_LOST;
    timeout(timeout_ms);
    long before = now_ms();
    wint_t ch = 0;
    int r = get_wch(&ch);
    if (r == ERR) {
        if (timeout_ms > 0 && now_ms() - before < timeout_ms / 4 && errno != EINTR) {
            if (++quick_failures >= 100) return CC_INPUT_LOST;
        } else if (timeout_ms > 0) {
            /* A look without waiting (timeout 0, for keys ncurses holds) says nothing
               about the TTY: it neither counts nor clears the failures. */
            quick_failures = 0;
        }
        return CC_INPUT_NONE;
    }
    quick_failures = 0;
    if (r == KEY_CODE_YES) {
        if (ch == KEY_RESIZE) return CC_INPUT_RESIZE;
        int mapped = map_key((int)ch);
        if (mapped == 0) return CC_INPUT_NONE;   /* a key exhibit does not use */
        *code = mapped;
        return CC_INPUT_KEY;
    }
    *code = (int)ch;
    return CC_INPUT_CHAR;
}

static volatile sig_atomic_t pending_signal = 0;

static void on_request(int sig) { pending_signal = sig; }

void cc_install_signal_handlers(void) {
    const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_request;
    sigemptyset(&sa.sa_mask);
    /* No SA_RESTART: a blocked read returns, and the loop sees the flag at once. */
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) sigaction(sigs[i], &sa, NULL);
}

int cc_pending_signal(void) { return pending_signal; }

static struct sigaction previous[NSIG];

static void on_fatal(int sig) {
    cc_stop();                                   /* not async-signal-safe: the last act of a dying process */
    sigaction(sig, &previous[sig], NULL);        /* Swift's own handler again */
    raise(sig);                                  /* it prints the backtrace on a sane terminal */
}

void cc_install_crash_handler(void) {
    const int sigs[] = { SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV };
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_fatal;
    sigemptyset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) sigaction(sigs[i], &sa, &previous[sigs[i]]);
}

void cc_write_stderr(const char *text) {
    if (text == NULL) return;
    fputs(text, stderr);
    fputc('\n', stderr);
    fflush(stderr);
}
