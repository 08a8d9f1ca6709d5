// The system SQLite: Debian libsqlite3-dev, the macOS SDK. For reading a result
// bundle's database.sqlite3 read-only and immutable (ExhibitIO/ResultDatabase.swift).
#include <sqlite3.h>
