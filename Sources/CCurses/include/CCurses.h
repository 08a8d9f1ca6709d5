#ifndef CCURSES_H
#define CCURSES_H
/* The only curses surface of exhibit. Plain C types only: no WINDOW *, no macros,
 * no globals cross into Swift (see DECISIONS.md and the terminal UI reference). */
int cc_start(const char *fallback_term);
void cc_stop(void);
#endif
