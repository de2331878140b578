#!/usr/bin/env python3
"""SQLite FTS5 beside our index, in the same window (issue 51's yardstick).

Builds an FTS5 table (unicode61, prefix indexes, ranked by bm25) of the names of the
foods in the database bench/search.sh seeded, once, then runs the same queries
(bench/search-queries.txt) in process, without HTTP:
  1. one query at a time, 10 s      -> p50 per query
  2. as many threads as cores, 10 s -> queries a second
Each query's words are prefix terms ("peanut"* "butter"*), as a search box needs.

    python3 bench/fts5.py [~/.cache/calorie-tracker/bench-foods-1000000.db]
"""
import os
import sqlite3
import statistics
import sys
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DB = sys.argv[1] if len(sys.argv) > 1 else os.path.expanduser(
    "~/.cache/calorie-tracker/bench-foods-1000000.db")
FTS = DB + ".fts5"


def build():
    if os.path.exists(FTS):
        return
    started = time.time()
    tmp = FTS + ".tmp"
    if os.path.exists(tmp):
        os.remove(tmp)
    out = sqlite3.connect(tmp)
    out.execute("create virtual table names using fts5(name, name_zh, brand, "
                "tokenize = 'unicode61', prefix = '2 3')")
    src = sqlite3.connect(f"file:{DB}?mode=ro", uri=True)
    rows = src.execute("select name, coalesce(name_zh, ''), coalesce(brand, '') from food "
                       "where deleted_at is null")
    while True:
        page = rows.fetchmany(50_000)
        if not page:
            break
        out.executemany("insert into names values (?, ?, ?)", page)
    out.commit()
    out.execute("insert into names(names) values ('optimize')")
    out.commit()
    out.close()
    os.rename(tmp, FTS)
    print(f"FTS5 table built in {time.time() - started:.1f} s")


def match_of(query):
    words = [w for w in query.replace('"', " ").split() if w]
    return " ".join(f'"{w}"*' for w in words)


SQL = "select rowid from names where names match ? order by bm25(names) limit 20"


def main():
    build()
    queries = [match_of(q) for q in open(os.path.join(HERE, "search-queries.txt"),
                                         encoding="utf-8").read().splitlines() if q.strip()]
    db = sqlite3.connect(f"file:{FTS}?mode=ro", uri=True, check_same_thread=False)
    for q in queries:  # warm the page cache
        db.execute(SQL, (q,)).fetchall()
    times = []
    end = time.time() + 10
    i = 0
    while time.time() < end:
        t = time.perf_counter()
        db.execute(SQL, (queries[i % len(queries)],)).fetchall()
        times.append((time.perf_counter() - t) * 1000)
        i += 1
    print(f"1. one at a time: p50 {statistics.median(times):.2f} ms, "
          f"p99 {sorted(times)[int(len(times) * 0.99)]:.2f} ms, {len(times) / 10:.0f} /s")
    threads = os.cpu_count() or 2
    done = [0] * threads

    def run(n):
        conn = sqlite3.connect(f"file:{FTS}?mode=ro", uri=True)
        k = n
        while time.time() < stop:
            conn.execute(SQL, (queries[k % len(queries)],)).fetchall()
            k += 1
            done[n] += 1

    stop = time.time() + 10
    workers = [threading.Thread(target=run, args=(n,)) for n in range(threads)]
    for w in workers:
        w.start()
    for w in workers:
        w.join()
    print(f"2. {threads} threads: {sum(done) / 10:.0f} /s")


if __name__ == "__main__":
    main()
