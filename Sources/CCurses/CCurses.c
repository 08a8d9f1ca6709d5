#define _DEFAULT_SOURCE
#include <locale.h>
#include <curses.h>
#include "CCurses.h"

int cc_start(const char *fallback_term) {
    setlocale(LC_ALL, "");
    SCREEN *s = newterm(NULL, stdout, stdin);
    if (s == NULL && fallback_term != NULL) s = newterm(fallback_term, stdout, stdin);
    return s == NULL ? -1 : 0;
}

void cc_stop(void) { endwin(); }
