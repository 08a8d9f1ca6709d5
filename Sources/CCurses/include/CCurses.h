#ifndef CCURSES_H
#define CCURSES_H
/* The only curses surface of exhibit. Plain C types only: no WINDOW *, no macros,
 * no globals cross into Swift (see DECISIONS.md and the terminal UI reference).
 * Everything here runs on the one thread that drives the UI. */

#include <stddef.h>

/* What cc_read_key reports. */
enum {
    CC_INPUT_NONE = 0,      /* timeout, or an interrupted read */
    CC_INPUT_CHAR = 1,      /* *code is a Unicode scalar (control characters included) */
    CC_INPUT_KEY = 2,       /* *code is one of CC_KEY_* below */
    CC_INPUT_RESIZE = 3,    /* the terminal changed size; cc_rows/cc_cols are current */
    CC_INPUT_LOST = 4       /* reads fail at once, again and again: the TTY is gone */
};

/* Function keys, mapped from ncurses' KEY_* in the .c file (never seen in Swift). */
enum {
    CC_KEY_UP = 1, CC_KEY_DOWN, CC_KEY_LEFT, CC_KEY_RIGHT,
    CC_KEY_PAGE_UP, CC_KEY_PAGE_DOWN, CC_KEY_HOME, CC_KEY_END,
    CC_KEY_ENTER, CC_KEY_BACKSPACE, CC_KEY_DELETE, CC_KEY_BACK_TAB, CC_KEY_F1
};

/* cc_start results. */
enum { CC_START_OK = 0, CC_START_FALLBACK = 1, CC_START_FAILED = -1 };

/* Style attribute flags for cc_define_style. */
enum { CC_ATTR_BOLD = 1, CC_ATTR_REVERSE = 2, CC_ATTR_UNDERLINE = 4, CC_ATTR_DIM = 8 };

/* Opens the terminal: setlocale, newterm (never initscr, which exits on an unknown
 * TERM), retrying with `fallback_term`; raw, noecho, keypad, nonl, no cursor, no
 * mouse, a 25 ms escape delay, colours when the terminal has them. */
int cc_start(const char *fallback_term);
/* Gives the terminal back. Idempotent; also called from the fatal-signal path. */
void cc_stop(void);
int cc_is_started(void);

/* Whether stdin and stdout are both terminals. */
int cc_stdio_is_tty(void);
/* Whether the locale chosen by cc_start (or setlocale) uses UTF-8. */
int cc_locale_is_utf8(void);
int cc_has_colors(void);

int cc_rows(void);
int cc_cols(void);

/* Style `index` (0..63) gets colours (-1 = terminal default; ignored without colour
 * support) and CC_ATTR_* flags. */
void cc_define_style(int index, int foreground, int background, int flags);
/* Draws one cell: `utf8` holds one grapheme (a base character and up to four
 * combining marks). Nothing wraps; the caller passes safe, escaped text. */
void cc_put_cell(int row, int col, const char *utf8, int style);
/* Blanks a row from `col` to the right edge with `style`. */
void cc_clear_to_eol(int row, int col, int style);
/* Forgets what the terminal shows, so the next refresh repaints everything (Ctrl-L). */
void cc_clear_all(void);
void cc_refresh(void);

/* Waits up to `timeout_ms` for input. */
int cc_read_key(int timeout_ms, int *code);

/* SIGINT, SIGTERM and SIGHUP only set a flag (read with cc_pending_signal), so the
 * driver can save a draft and restore the terminal itself. */
void cc_install_signal_handlers(void);
int cc_pending_signal(void);
/* SIGILL, SIGTRAP, SIGABRT, SIGBUS, SIGFPE, SIGSEGV: restore the terminal, then let
 * the previous handler (Swift's backtracer) run on a sane screen. */
void cc_install_crash_handler(void);

/* Writes a line to stderr (Swift 6 cannot touch the C `stderr` global). */
void cc_write_stderr(const char *text);

#endif
