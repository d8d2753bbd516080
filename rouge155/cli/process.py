"""The command's process: signals and standard streams, as the Perl script behaves (measured).

- SIGINT (Ctrl-C): the workers are killed and this process dies of SIGINT at once, as the Perl does
  (a shell shows status 130); nothing is printed. A SIGINT ignored at start (a background job)
  stays ignored.
- SIGTERM, SIGHUP, SIGKILL: the default, death by the signal, as the Perl; the workers die with us
  (see :mod:`rouge155.engine.executors.worker`).
- stdout a broken pipe (``| head -1``): this process dies of SIGPIPE, silently, as the Perl does.
  stdout closed (``>&-``) or failing otherwise (``>/dev/full``): the run goes on and ends with one
  line ("unable to flush stdout: ...") and status 1, as the Perl's ``Unable to flush stdout``.
- stderr closed or broken: what would go there is dropped; the report is still written.

Only the command line uses this module (:func:`rouge155.cli.entry_point`); the API leaves the
process's signals and streams alone.
"""
from __future__ import annotations

import os
import sys

TYPE_CHECKING = False  # typing is not imported at run time (start-up cost)
if TYPE_CHECKING:
    import signal  # the checker knows `signal` (no stubs for `_signal`): the same functions and constants
    from typing import Optional
else:
    try:  # the C module that `signal` wraps: `signal`'s enum classes cost a small run ~1 ms
        import _signal as signal
    except ImportError:  # not CPython
        import signal

_stdout_error: Optional[OSError] = None  # the first failure writing stdout (reported at exit)


def die_of(signum: int) -> None:
    """Kill the workers, then die of ``signum`` with the default action (no clean-up, no output)."""
    processes = sys.modules.get("rouge155.engine.executors.processes")  # loaded once workers start
    if processes is not None:
        processes.kill_all()
    try:
        signal.signal(signum, signal.SIG_DFL)
        os.kill(os.getpid(), signum)
    except Exception:
        pass
    os._exit(128 + signum)  # where the signal could not end us


def _on_sigint(_signum, _frame) -> None:  # a signal handler
    die_of(signal.SIGINT)


def _reopen_closed_std_fds() -> None:
    """Put /dev/null on closed descriptors 0-2, so that no file this process opens takes their place
    (and reaches a worker as its stdout). ``sys.stdout`` stays None: the closing is still known."""
    for fd in (0, 1, 2):
        try:
            os.fstat(fd)
        except OSError:
            try:
                got = os.open(os.devnull, os.O_RDWR)
                if got != fd:  # a lower descriptor was free after all
                    os.close(got)
            except OSError:
                pass


def install() -> None:
    """Signal handling for the command (call once, first thing)."""
    if signal.getsignal(signal.SIGINT) is signal.default_int_handler:
        signal.signal(signal.SIGINT, _on_sigint)
    if os.name == "posix":
        _reopen_closed_std_fds()


class _Stdout:
    """The report's stream, buffered as the Perl's (8 KiB blocks, whatever PYTHONUNBUFFERED says;
    at once on a terminal). A broken pipe kills us silently (SIGPIPE); other failures are kept for
    :func:`exit`."""

    BLOCK = 8192  # PerlIO's buffer: what a reader such as `head -1` gets at a time

    def __init__(self, raw):
        self._raw = raw
        self._buf = bytearray()
        try:
            self._tty = raw is not None and raw.isatty()
        except (OSError, ValueError):
            self._tty = False

    def _failed(self, exc: OSError) -> None:
        global _stdout_error
        if isinstance(exc, BrokenPipeError) and hasattr(signal, "SIGPIPE"):
            die_of(signal.SIGPIPE)  # Perl: killed by SIGPIPE, nothing printed
        if _stdout_error is None:
            _stdout_error = exc

    def _put(self, data) -> None:
        view = memoryview(data)
        while len(view):
            n = self._raw.write(view)
            view = view[n if n else len(view):]
        self._raw.flush()

    def write(self, data: bytes) -> None:
        if self._raw is None:
            self._failed(OSError(9, os.strerror(9)))  # EBADF: stdout was closed
            return
        self._buf += data
        if len(self._buf) < self.BLOCK and not self._tty:
            return
        cut = len(self._buf) if self._tty else len(self._buf) - len(self._buf) % self.BLOCK
        chunk, self._buf = self._buf[:cut], self._buf[cut:]
        try:
            self._put(chunk)
        except OSError as exc:
            self._failed(exc)

    def flush(self) -> None:
        if self._raw is None or not self._buf:
            return
        chunk, self._buf = self._buf, bytearray()
        try:
            self._put(chunk)
        except OSError as exc:
            self._failed(exc)


class _Stderr:
    """Messages: written at once (the Perl's stderr is unbuffered); dropped if stderr is unusable."""

    def __init__(self, raw):
        self._raw = raw

    def write(self, data: bytes) -> None:
        if self._raw is None:
            return
        try:
            self._raw.write(data)
            self._raw.flush()
        except (OSError, ValueError):
            self._raw = None

    def flush(self) -> None:
        pass


_the_stdout: Optional[_Stdout] = None


def stdout() -> _Stdout:
    """Binary stdout for the report (one buffer for the process)."""
    global _the_stdout
    if _the_stdout is None:
        _the_stdout = _Stdout(sys.stdout.buffer if sys.stdout is not None else None)
    return _the_stdout


def stderr() -> _Stderr:
    """Binary stderr for messages."""
    return _Stderr(sys.stderr.buffer if sys.stderr is not None else None)


def finish(code: int) -> None:
    """Flush the streams and end the process at once (the interpreter's tear-down is pure waiting
    on large runs). A report that could not be written costs status 1 and one line, as the Perl."""
    stdout().flush()
    for stream in (sys.stdout, sys.stderr):
        try:
            if stream is not None:
                stream.flush()
        except BrokenPipeError:
            if stream is sys.stdout and hasattr(signal, "SIGPIPE"):
                die_of(signal.SIGPIPE)
        except (OSError, ValueError):
            pass
    if _stdout_error is not None:
        stderr().write(f"rouge155: unable to flush stdout: {_stdout_error.strerror}\n".encode())
        code = code or 1
    os._exit(code)
