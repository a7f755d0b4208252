"""Statistics over a corpus of game records on a Dask cluster.

    python -m mjk.corpus DIR|FILE... [--scheduler tcp://HOST:8786] [--batch N] [--workers N] [--json] [--quiet]

Lists the record files (a directory: every file in it, recursively, sorted,
README.md left out: the library's walk, as `mjk log --stats` does; one that
cannot be listed fails the run, status 1), sends them in batches to the
Dask workers, where each batch's partial statistics (plain sums and counts,
the C ABI's mjk_corpus_json) are computed by the native code, merges them
exactly (mjk_corpus_merge_json) and
prints what `mjk log --stats` prints (`--json`: the same object as `mjk log
--stats --json`). The exit status is 0 only when there is no disagreement and
no error.

Without --scheduler: a distributed.LocalCluster of this machine's cores (one
process per core, one thread each). With it: the workers must have the mjk
package installed and see the files at the same paths (a shared file
system). Needs Debian's python3-distributed.

On standard error, unless --quiet: the scheduler's dashboard address, the
records, tasks and workers, then the progress as tasks complete (a bar
redrawn in a terminal; otherwise, for logs, a line when the first task is
done and at each further tenth of the records).
"""
import argparse
import contextlib
import os
import sys

from . import _is_int, _native

MAX_WORKERS = 1024  # LocalCluster processes at most, as mjk log's --threads (99999 once started that many)


def record_files(args):
    """The files named, directories walked as `mjk log` walks them (the library's walk, mjk_corpus_files:
    sorted, README.md left out); ValueError "cannot list DIR: why" for a directory that cannot be listed."""
    return [os.fsdecode(f) for f in _native.record_files([os.fsencode(a) for a in args]).split(b"\0")[:-1]]


def batch_stats(paths):
    """On a worker: the partial statistics of one batch (the native code, one thread)."""
    from mjk import _native as native
    return native.corpus_stats(list(paths))


def batches(files, size):
    return [files[i:i + size] for i in range(0, len(files), size)]


def run(files, *, client, batch=32, progress=None):
    """The merged statistics (a dict of sums, see mjk._native.corpus_stats) of
    `files`, computed in batches on the workers of a distributed.Client."""
    from distributed import as_completed
    parts = batches(list(files), max(1, int(batch)))
    futures = client.map(batch_stats, parts, pure=False)
    size = {f.key: len(part) for f, part in zip(futures, parts)}
    results, done = [], 0
    for future in as_completed(futures):
        results.append(future.result())
        done += size[future.key]
        if progress:
            progress(done, len(files))
    return _native.corpus_merge(results)


def local_client(workers=None):
    """A LocalCluster of `workers` processes (default: every core), one thread each."""
    if workers is not None and (not _is_int(workers) or not 1 <= workers <= MAX_WORKERS):  # 0 once meant every core
        raise ValueError(f"workers must be 1 to {MAX_WORKERS} processes, not {workers!r}")
    from distributed import Client, LocalCluster
    cluster = LocalCluster(n_workers=workers or os.cpu_count() or 1, threads_per_worker=1, processes=True,
                           dashboard_address=":0")  # any free port: never clashes with a running scheduler
    return Client(cluster)


def client_for(scheduler, workers=None):
    """A client of the scheduler at that address, or of a new LocalCluster
    (local_client) when there is none."""
    if scheduler:
        from distributed import Client
        return Client(scheduler)
    return local_client(workers)


def dashboard_link(client):
    """The scheduler's dashboard address, or None when it serves none."""
    try:
        return client.dashboard_link or None
    except (KeyError, AttributeError):  # a remote scheduler without the dashboard service
        return None


class Progress:
    """progress(done, total) for run(), writing to `stream`: in a terminal a
    bar redrawn in place; otherwise (a log, a pipe) a line when the first
    task is done, then each time a further tenth of the records is, the
    last with the time taken."""

    def __init__(self, stream, *, tty=None, what="records", name="mjk.corpus"):
        self.stream = stream
        self.what, self.name = what, name  # "games", "mjk.selfplay" for mjk.selfplay
        self.tty = stream.isatty() if tty is None else tty
        self.tenths = -1
        import time
        self.clock = time.monotonic
        self.start = self.clock()

    def __call__(self, done, total):
        end = done == total
        took = " in %.1f s" % (self.clock() - self.start) if end else ""
        if self.tty:
            width = 40
            filled = width if not total else done * width // total
            self.stream.write("\r[%s%s] %d / %d %s%s" % ("#" * filled, " " * (width - filled), done, total, self.what,
                                                         took))
            if end:
                self.stream.write("\n")
        else:
            tenths = 10 if not total else done * 10 // total
            if tenths <= self.tenths and not end:
                return
            self.tenths = tenths
            percent = 100 if not total else done * 100 // total
            self.stream.write("%s: %d / %d %s (%d%%)%s\n" % (self.name, done, total, self.what, percent, took))
        self.stream.flush()


def announce(client, count, batch, stream, what="record", name="mjk.corpus"):
    """The dashboard's address and the work (count records, or games, in tasks of
    up to batch), as a Dask user looks for them first."""
    link = dashboard_link(client)
    stream.write(f"{name}: dashboard {link}\n" if link else f"{name}: the scheduler serves no dashboard\n")
    workers = len(client.scheduler_info().get("workers", {}))
    tasks = (count + batch - 1) // batch
    stream.write("%s: %d %s%s in %d task%s of up to %d, on %d worker%s\n" % (
        name, count, what, "" if count == 1 else "s", tasks, "" if tasks == 1 else "s", batch,
        workers, "" if workers == 1 else "s"))
    stream.flush()


@contextlib.contextmanager
def session(args, count, what="record", name="mjk.corpus"):
    """(client, progress) for a command line's run (mjk.corpus, mjk.selfplay):
    the client of args.scheduler or of a LocalCluster of args.workers, and
    unless args.quiet the work announced on standard error and its Progress
    (else None); the client, and the LocalCluster made for it, closed after."""
    client = client_for(args.scheduler, args.workers)
    try:
        progress = None
        if not args.quiet:
            announce(client, count, args.batch, sys.stderr, what=what, name=name)
            progress = Progress(sys.stderr, what=what + "s", name=name)
        yield client, progress
    finally:
        cluster = client.cluster if not args.scheduler else None
        client.close()
        if cluster is not None:
            cluster.close()


def check_workers(parser, workers):
    """A command line's --workers (None: every core) checked: 1 to MAX_WORKERS, else parser's usage error."""
    if workers is not None and not 1 <= workers <= MAX_WORKERS:
        parser.error(f"--workers takes 1 to {MAX_WORKERS} processes, not {workers}")


def main(argv=None):
    p = argparse.ArgumentParser(prog="python -m mjk.corpus", description=__doc__.split("\n\n")[0])
    p.add_argument("paths", nargs="+", metavar="DIR|FILE")
    p.add_argument("--scheduler", help="a Dask scheduler's address, tcp://HOST:8786 (default: a LocalCluster)")
    p.add_argument("--batch", type=int, default=32, help="records per task (default 32)")
    p.add_argument("--workers", type=int, help="LocalCluster processes (default: every core)")
    p.add_argument("--json", action="store_true", help="print the object `mjk log --stats --json` prints")
    p.add_argument("--quiet", "-q", action="store_true",
                   help="print neither the dashboard's address nor the progress on standard error")
    a = p.parse_args(argv)
    if a.batch < 1:
        p.error("--batch must be at least 1")
    check_workers(p, a.workers)
    try:
        files = record_files(a.paths)
    except ValueError as e:  # a directory that cannot be listed: the run fails, as `mjk log` does
        sys.exit(f"mjk.corpus: {e}")
    with session(a, len(files)) as (client, progress):
        stats = run(files, client=client, batch=a.batch, progress=progress)
    sys.stdout.write(_native.corpus_json(stats) + "\n" if a.json else _native.corpus_text(stats))
    return 0 if not stats["disagreement_list"] and not stats["error_list"] else 1


if __name__ == "__main__":
    sys.exit(main())
