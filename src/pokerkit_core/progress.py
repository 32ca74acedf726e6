"""Progress of long runs (matches, LBR) on standard error.

On a terminal a run shows a tqdm bar; elsewhere (a log file, a pipe, a CI
job) a bar is unreadable, so :class:`ProgressLines` writes plain lines
instead: one each time another tenth of the run is done, one when
:data:`LINE_EVERY_SECONDS` have passed without one, and a last one at 100%.
:func:`progress_bar` builds what a ``progress`` argument asks for, and
:func:`command_line_progress` is what the command line asks for.  Hands
played in worker processes are counted there and sent to the parent through
a queue (:class:`QueueCounter`), so the progress moves while they play.
"""

from __future__ import annotations

import importlib
import sys
import time
from queue import Empty
from typing import Any, Callable, TextIO

from .errors import InvalidConfigError, shown

__all__ = [
    "LINES",
    "LINE_EVERY_SECONDS",
    "REPORT_SECONDS",
    "REPORTS_PER_TASK",
    "ProgressLines",
    "QueueCounter",
    "command_line_progress",
    "WorkerProgress",
    "progress_bar",
    "report_to",
    "worker_counter",
]

LINES = "lines"
"""The ``progress`` value that asks for plain lines (:class:`ProgressLines`)."""

LINE_EVERY_SECONDS = 30.0
"""Plain progress lines: at most this long without a line while work is done."""

class ProgressLines:
    """Plain progress lines, for a stream that is not a terminal.

    Each line reads ``"<desc>: 40% (400/1000 hands), 12.5 s"``.  A line is
    written each time the count crosses another tenth of ``total``, or when
    ``every`` seconds have passed since the last line and the count moved;
    :meth:`close` writes the 100% line if it is not written yet.

    Args:
        total: The count at the end (hands), at least 1.
        desc: What is counted, e.g. ``"hard vs normal"``.
        unit: The unit's name, plural (``"hands"``).
        file: Where the lines go (default: standard error).
        every: Seconds without a line before one is written anyway.

    Raises:
        InvalidConfigError: ``total`` is not a positive int or ``every`` is
            not positive.
    """

    def __init__(
        self,
        total: int,
        desc: str,
        *,
        unit: str = "hands",
        file: TextIO | None = None,
        every: float = LINE_EVERY_SECONDS,
    ) -> None:
        if total.__class__ is not int or total < 1:
            raise InvalidConfigError(f"total must be a positive int, got {shown(total)}")
        if not every > 0:
            raise InvalidConfigError(f"every must be positive seconds, got {shown(every)}")
        self.total = total
        self.desc = desc
        self.unit = unit
        self.file = file if file is not None else sys.stderr
        self.every = every
        self.n = 0
        """The count so far (as tqdm's ``n``)."""
        self._started = self._last = time.monotonic()
        self._tenths = 0  # tenths of the total written so far
        self._written = -1  # the count of the last line

    def update(self, n: int = 1) -> None:
        """Count ``n`` more; write a line if a tenth was crossed or ``every`` passed.

        Args:
            n: How many more were done.
        """
        self.n += n
        tenths = min(10, 10 * self.n // self.total)
        now = time.monotonic()
        if tenths > self._tenths or now - self._last >= self.every:
            self._tenths = max(self._tenths, tenths)
            self._write(now)

    def close(self) -> None:
        """Write the last line (at 100%) unless it is written already."""
        if self._written != self.n:
            self._write(time.monotonic())

    def _write(self, now: float) -> None:
        self._last = now
        self._written = self.n
        percent = 100 * self.n // self.total
        self.file.write(
            f"{self.desc}: {percent}% ({self.n}/{self.total} {self.unit}), {now - self._started:.1f} s\n"
        )
        self.file.flush()


def progress_bar(progress: bool | str | None, total: int, desc: str) -> Any:
    """What a ``progress`` argument asks for, counting ``total`` hands.

    Args:
        progress: ``True`` (a tqdm bar on standard error), :data:`LINES`
            (:class:`ProgressLines` on standard error), ``False`` (nothing)
            or ``None`` (a bar when standard error is a terminal, else
            nothing).
        total: Hands at the end.
        desc: The label, e.g. ``"hard vs normal"``.

    Returns:
        An object with ``update(n)`` and ``close()``, or ``None`` for no
        progress.

    Raises:
        InvalidConfigError: ``progress`` is none of these values.
    """
    if progress is None:
        progress = sys.stderr.isatty()
    if isinstance(progress, str) and progress == LINES:
        return ProgressLines(total, desc)
    if progress.__class__ is not bool:
        raise InvalidConfigError(
            f"progress must be True, False, None or {LINES!r}, got {shown(progress)}"
        )
    if not progress:
        return None
    tqdm: Any = importlib.import_module("tqdm").tqdm
    return tqdm(total=total, unit="hand", desc=desc, file=sys.stderr)


def command_line_progress() -> bool | str:
    """The command line's ``progress``: a bar on a terminal, else plain lines.

    Returns:
        ``True`` when standard error is a terminal, else :data:`LINES`.
    """
    return True if sys.stderr.isatty() else LINES


# ---------------------------------------------------------------- worker processes
# A run split over worker processes (``run_match(workers=...)``) hears of each
# hand a worker plays through a queue: the pool's initializer hands each
# worker the queue (:func:`report_to`), the worker counts its hands with
# :func:`worker_counter` and sends the count each time another
# 1/REPORTS_PER_TASK of its task is played or REPORT_SECONDS have passed,
# and the parent passes what arrives on (:class:`WorkerProgress`).

REPORT_SECONDS = 0.25
"""A worker process sends its count of hands at least this often while it plays."""

REPORTS_PER_TASK = 20
"""A worker process sends its count each time another 1/20 of its task is played."""

_COUNTER: QueueCounter | None = None  # in a worker process: where its hands are counted


class QueueCounter:
    """A worker process's count of hands, sent to the parent through ``queue``.

    :meth:`begin` a task, then call it with the hands just played
    (``on_deal``); the count is put on the queue each time another
    1/:data:`REPORTS_PER_TASK` of the task is played or
    :data:`REPORT_SECONDS` have passed since the last send, and by
    :meth:`flush`.

    Args:
        queue: A :class:`multiprocessing.Queue` the parent reads.
    """

    def __init__(self, queue: Any) -> None:
        self.queue = queue
        self.pending = 0
        self.step = 1
        self._sent = time.monotonic()

    def begin(self, hands: int) -> None:
        """Start a task of ``hands`` hands (sets how many hands a send waits for)."""
        self.step = max(1, hands // REPORTS_PER_TASK)
        self._sent = time.monotonic()

    def __call__(self, n: int) -> None:
        """Count ``n`` more hands; send the count if it is time."""
        self.pending += n
        if self.pending >= self.step or time.monotonic() - self._sent >= REPORT_SECONDS:
            self.flush()

    def flush(self) -> None:
        """Send the hands counted since the last send (if any)."""
        if self.pending:
            self.queue.put(self.pending)
            self.pending = 0
        self._sent = time.monotonic()


def report_to(queue: Any) -> None:
    """A worker pool's initializer: count this process's hands into ``queue``.

    Args:
        queue: The parent's :class:`multiprocessing.Queue`.
    """
    global _COUNTER
    _COUNTER = QueueCounter(queue)


def worker_counter() -> QueueCounter | None:
    """This worker process's counter (``None`` when its pool reports nothing)."""
    return _COUNTER


class WorkerProgress:
    """The parent's side: the queue its worker processes count hands into.

    Give :meth:`pool_arguments` to the :class:`~concurrent.futures.ProcessPoolExecutor`,
    call :meth:`drain` while waiting for the workers, :meth:`finish` once
    they are done (their last counts may still be on the way), then
    :meth:`close`.

    Args:
        on_deal: Called with each count that arrives (hands).
        context: The multiprocessing context of the pool.
    """

    def __init__(self, on_deal: Callable[[int], None], context: Any) -> None:
        self.queue = context.Queue()
        self.on_deal = on_deal
        self.received = 0
        """Hands counted so far."""

    def pool_arguments(self) -> dict[str, Any]:
        """The pool's ``initializer`` and ``initargs``: each worker counts into the queue."""
        return {"initializer": report_to, "initargs": (self.queue,)}

    def drain(self) -> None:
        """Pass on every count waiting, without waiting for more."""
        while True:
            try:
                count = self.queue.get_nowait()
            except Empty:
                return
            self._take(count)

    def finish(self, hands: int, timeout: float = 2.0) -> None:
        """Pass on counts until ``hands`` hands arrived or ``timeout`` seconds passed.

        Args:
            hands: Hands the workers played in all.
            timeout: Seconds to wait for counts still on their way.
        """
        deadline = time.monotonic() + timeout
        while self.received < hands:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            try:
                count = self.queue.get(timeout=left)
            except Empty:
                return
            self._take(count)

    def close(self) -> None:
        """Release the queue."""
        self.queue.close()

    def _take(self, count: int) -> None:
        self.received += count
        self.on_deal(count)
