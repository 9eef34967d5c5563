#!/usr/bin/env python3
"""Runs a command as the reaper of every process it starts, so that the CPU time of all of them
counts in this process's children's time, and so in whatever waits for it (test-lanes.sh's
`times`).

Without it, a process whose parent ends first is handed to init, and its CPU time is lost to the
shell that started the command: browsers' helpers are (Chromium's renderers, WebKit's web
processes), and they are most of a browser lane's CPU time.

    tests/harness/reap-all.py [--print] COMMAND [ARG...]

Exits with the command's status (128 + the signal's number if a signal ended it). SIGINT, SIGTERM
and SIGHUP are passed on to the command. Once the command has ended, whatever it started that has
ended too is reaped, and this exits: a process still running is left to init, as without this.
--print: says on stderr the wall time and the CPU time (user + system) of the command and of every
process it started that ended before it.
"""

import ctypes
import os
import resource
import signal
import sys
import time

PR_SET_CHILD_SUBREAPER = 36


def main(argv):
    report = bool(argv) and argv[0] == "--print"
    if report:
        argv = argv[1:]
    if not argv:
        print("usage: tests/harness/reap-all.py [--print] COMMAND [ARG...]", file=sys.stderr)
        return 64
    libc = ctypes.CDLL(None, use_errno=True)
    if libc.prctl(PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0) != 0:
        print(f"reap-all: prctl: {os.strerror(ctypes.get_errno())}", file=sys.stderr)
        return 70
    start = time.monotonic()
    command = os.fork()
    if command == 0:
        try:
            os.execvp(argv[0], argv)
        except OSError as error:
            print(f"reap-all: {argv[0]}: {error.strerror}", file=sys.stderr)
            os._exit(127)

    def pass_on(signum, _frame):
        try:
            os.kill(command, signum)
        except ProcessLookupError:
            pass

    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        signal.signal(signum, pass_on)

    status = None
    while status is None:
        try:
            pid, wait_status = os.wait()
        except ChildProcessError:
            break
        if pid == command:
            status = wait_status
    # What has ended besides it, without waiting for what still runs.
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            break
        if pid == 0:
            break

    if report:
        used = resource.getrusage(resource.RUSAGE_CHILDREN)
        print(
            f"reap-all: {time.monotonic() - start:.1f} s wall, {used.ru_utime + used.ru_stime:.1f} CPU s"
            " (the command and every process it started that ended before it)",
            file=sys.stderr,
        )
    if status is None:
        return 70
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
