"""The attacks of issue 42 on ``roads serve``, the readers and the workers, for ``bench/attack.py``.

4. SIGKILLs under load: ``roads serve`` killed (SIGKILL, no drain) KILLS times under POSTERS
   clients posting coups with idempotency keys; a key left without a reply is sent again to the
   next server. Every acknowledged coup must be in the journal once, and no line torn.
5. Raw HTTP: RAW requests, each a valid head mutated (a byte changed, inserted or deleted, a
   header doubled or folded, a hostile Host) or one of the heads RFC 9112 says to refuse, sent
   as they are (then the sending side closed). No answer may be a 500, the server must log no
   traceback, and each of the must-refuse heads must get 400 ("none": closed without an
   answer, a request whose head never ended).
6. The journal under the server: an edit in place that keeps size and time is on the board
   within a second; a journal replaced under a key never answers "repeated" for it; a journal
   deleted is said missing on the page and the next write starts it again with its table.
7. Fuzzed reader inputs: FUZZ mutations of a journal, notation, CSV and JSON Lines read by
   ``parse_shoes`` and ``replay`` in this process: any exception but a RoadsError (or a warning)
   is a failure.
8. Workers: ``roads simulate --tally`` and ``roads study`` with ``--jobs 2`` killed (SIGKILL)
   and interrupted (SIGINT) after a second: seconds until every process is gone (bar 2 s).
"""

from __future__ import annotations

import contextlib
import http.client
import json
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
import warnings
from collections.abc import Callable
from pathlib import Path

from attack import post, server

KILLS = 100
RAW = 3000
FUZZ = 20000
POSTERS = 4
WITHIN = 2.0
_RNG = random.Random(42)


serving = server
"""``roads serve`` on a free port: the process, its port and its write token."""


def _post(port: int, token: str, key: str) -> dict[str, object]:
    return post(port, token, key, timeout=10)


# -- 4. SIGKILLs under load ------------------------------------------------------------------------


class _Clients:
    """POSTERS clients posting keyed coups; a key left without a reply waits in ``pending``
    for the next server, before any new key."""

    def __init__(self) -> None:
        self.acknowledged: dict[str, int] = {}
        self.pending: list[str] = []
        self.resent = 0
        self._keys = iter(f"x{n}" for n in range(10**9))
        self._lock = threading.Lock()

    def run(self, port: int, token: str, stop: threading.Event) -> list[threading.Thread]:
        threads = [
            threading.Thread(target=self._client, args=(port, token, stop)) for _ in range(POSTERS)
        ]
        for thread in threads:
            thread.start()
        return threads

    def _client(self, port: int, token: str, stop: threading.Event) -> None:
        while True:
            with self._lock:
                if self.pending:
                    key, again = self.pending.pop(0), True
                elif stop.is_set():
                    return
                else:
                    key, again = next(self._keys), False
            try:
                _post(port, token, key)
            except (OSError, http.client.HTTPException):
                with self._lock:
                    self.pending.append(key)
                return
            with self._lock:
                self.acknowledged[key] = self.acknowledged.get(key, 0) + 1
                self.resent += again


def kills_under_load(path: Path) -> bool:
    clients = _Clients()
    acknowledged, pending = clients.acknowledged, clients.pending
    for _ in range(KILLS):
        with serving(path) as (process, port, token):
            stop = threading.Event()
            threads = clients.run(port, token, stop)
            time.sleep(_RNG.uniform(0.05, 0.4))  # a bench may wait: it is not a test
            process.kill()
            stop.set()
            for thread in threads:
                thread.join(timeout=30)
    resent = clients.resent
    with serving(path) as (_, port, token):  # the last retries
        for key in pending:
            _post(port, token, key)
            acknowledged[key] = acknowledged.get(key, 0) + 1
    lines = path.read_bytes().split(b"\n")
    torn = sum(1 for line in lines[:-1] if line and not line.startswith(b"{"))
    logged: dict[str, int] = {}
    for line in lines[1:]:
        if line.strip():
            event = json.loads(line)
            if event.get("event") == "coup" and str(event.get("id", "")).startswith("x"):
                logged[event["id"]] = logged.get(event["id"], 0) + 1
    twice = sum(count > 1 for count in logged.values())
    lost = [key for key in acknowledged if key not in logged]
    print(
        f"4. {KILLS} SIGKILLs under {POSTERS} posting clients: {len(acknowledged)} coups "
        f"acknowledged, {sum(logged.values())} keyed coups in the journal, {resent} sent again "
        f"after a kill; lost {len(lost)}, logged twice {twice}, torn lines {torn}"
    )
    return not lost and not twice and not torn


# -- 5. raw HTTP -----------------------------------------------------------------------------------


def _must_refuse(port: int) -> list[bytes]:
    host = f"Host: 127.0.0.1:{port}\r\n"
    return [
        f"GET / HTTP/1.1\r\n{host}{host}\r\n".encode(),
        f"GET / HTTP/1.1\r\nHost: evil.example@127.0.0.1:{port}\r\n\r\n".encode(),
        f"GET / HTTP/1.1\r\n{host}X-A: 1\r\n continued\r\n\r\n".encode(),
        f"POST /api/coup HTTP/1.1\r\n{host}Content-Length:\r\n 12\r\n\r\n".encode(),
        f"GET / HTTP/1.1\r\n{host}Bad Name: 1\r\n\r\n".encode(),
        b"GET / HTTP/1.1\r\nAccept: */*\r\n\r\n",
        f"POST /api/coup HTTP/1.1\r\n{host}Content-Length: 1\r\nContent-Length: 2\r\n\r\n".encode(),
    ]


def _mutated(port: int, token: str) -> bytes:
    body = b'{"hand": "B"}'
    lines = [
        b"POST /api/coup HTTP/1.1",
        f"Host: 127.0.0.1:{port}".encode(),
        f"X-Roads-Token: {token}".encode(),
        b"Content-Type: application/json",
        f"Content-Length: {len(body)}".encode(),
    ]
    choice = _RNG.randrange(5)
    if choice == 0:  # a header doubled
        lines.insert(_RNG.randrange(1, len(lines) + 1), _RNG.choice(lines[1:]))
    elif choice == 1:  # a line folded
        at = _RNG.randrange(1, len(lines))
        lines[at] = b" " + lines[at]
    elif choice == 2:  # a hostile Host
        lines[1] = b"Host: " + _RNG.choice(
            [b"evil.example@127.0.0.1", b"a b", b"[::1", b"127.0.0.1:99999", b"\xff", b""]
        )
    data = bytearray(b"\r\n".join(lines) + b"\r\n\r\n" + body)
    for _ in range(_RNG.randrange(1, 4) if choice >= 3 else 0):  # bytes changed
        at = _RNG.randrange(len(data))
        kind = _RNG.randrange(3)
        if kind == 0:
            data[at] = _RNG.randrange(256)
        elif kind == 1:
            data.insert(at, _RNG.randrange(256))
        else:
            del data[at]
    return bytes(data)


def _send(port: int, data: bytes) -> bytes:
    with socket.create_connection(("127.0.0.1", port), timeout=WITHIN) as client:
        with contextlib.suppress(OSError):
            client.sendall(data)
            client.shutdown(socket.SHUT_WR)
        answer = b""
        with contextlib.suppress(OSError):
            while chunk := client.recv(65536):
                answer += chunk
    return answer


def raw_http(path: Path) -> bool:
    statuses: dict[str, int] = {}
    silent = refused_right = 0
    with serving(path) as (process, port, token):
        refuse = _must_refuse(port)
        for data in refuse:
            refused_right += _send(port, data).startswith(b"HTTP/1.1 400 ")
        for _ in range(RAW):
            answer = _send(port, _mutated(port, token))
            status = answer[9:12].decode("latin-1") if answer.startswith(b"HTTP/1.") else "none"
            statuses[status] = statuses.get(status, 0) + 1
            silent += not answer
        process.terminate()
        assert process.stderr is not None
        log = process.stderr.read()
    tracebacks = log.count("Traceback") + log.count("internal error")
    print(
        f"5. {RAW + len(refuse)} raw HTTP requests: statuses {dict(sorted(statuses.items()))}; "
        f"{refused_right} of {len(refuse)} heads RFC 9112 says to refuse answered 400; "
        f"errors 500: {statuses.get('500', 0)}, tracebacks or internal errors logged: "
        f"{tracebacks}"
    )
    return refused_right == len(refuse) and not statuses.get("500") and not tracebacks


# -- 6. the journal under the server ---------------------------------------------------------------


def _until(condition: Callable[[], bool], seconds: float) -> float | None:
    began = time.monotonic()
    while not condition():
        if time.monotonic() - began > seconds:
            return None
        time.sleep(0.01)
    return time.monotonic() - began


def _state(port: int) -> dict[str, object]:
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=WITHIN)
    try:
        connection.request("GET", "/state")
        found: dict[str, object] = json.loads(connection.getresponse().read())
        return found
    finally:
        connection.close()


def journal_under_the_server(folder: Path) -> bool:
    from roads.hands.journal import Journal
    from roads.hands.notation import parse_notation

    path = folder / "edits.jsonl"
    journal = Journal(path)
    for hand in parse_notation("BPBBPTPBPPB"):
        journal.add(hand)
    with serving(path) as (_, port, token):
        status = path.stat()
        data = path.read_bytes()
        at = data.rindex(b'"outcome": "B"') + len(b'"outcome": "')
        with path.open("r+b") as file:
            file.seek(at)
            file.write(b"P")
        os.utime(path, ns=(status.st_atime_ns, status.st_mtime_ns))
        edited = _until(lambda: "Player" in json.dumps(_state(port)["text"]), 5)
        _post(port, token, "t1")
        other = folder / "other.jsonl"
        Journal(other).add(parse_notation("B")[0])
        os.replace(other, path)
        repeated = bool(_post(port, token, "t1").get("repeated"))
        path.unlink()
        missing = _until(lambda: "missing" in str(_state(port).get("error")), 5)
        try:
            restarted = "restarted" in _post(port, token, "t2")
        except (OSError, http.client.HTTPException) as error:
            restarted = False
            print(f"   the write after the deletion: {error}")
    print(
        "6. the journal under the server: an edit in place (same size and time) on the board "
        + (f"after {edited:.2f} s" if edited is not None else "NOT within 5 s")
        + f"; a replaced journal answered 'repeated' for a key it lacks: {repeated}; deleted: "
        + (f"said missing after {missing:.2f} s" if missing is not None else "NOT said missing")
        + f", the next write started it again: {restarted}"
    )
    return edited is not None and edited <= 1 and not repeated and missing is not None and restarted


# -- 7. fuzzed reader inputs -----------------------------------------------------------------------


def fuzzed_readers() -> bool:
    from roads.errors import RoadsError
    from roads.hands.journal import replay
    from roads.hands.readers import parse_shoes

    seeds = {
        "journal": '{"roads": "journal", "version": 1}\n{"event": "bankroll", "amount": "100"}\n'
        '{"event": "bet", "on": "banker", "stake": "10"}\n{"event": "coup", "outcome": "B"}\n'
        '{"event": "shoe"}\n{"event": "coup", "outcome": "P", "player_total": 9}\n',
        "notation": "# shoe 1\nBPBTnPbBp\n# shoe 2\nPPBT\n",
        "csv": "shoe,outcome,player_total,banker_total\n1,B,3,7\n1,P,9,2\n2,T,5,5\n",
        "jsonl": '{"outcome": "B", "shoe": 1}\n{"outcome": "P", "player_pair": true}\n',
    }
    alphabet = '{}[]":,\n\x00\xff0123456789BPTbpn-.eE "\\'
    failures: dict[str, int] = {}
    first: str | None = None
    for number in range(FUZZ):
        kind = list(seeds)[number % len(seeds)]
        text = list(seeds[kind])
        for _ in range(_RNG.randrange(1, 5)):
            at = _RNG.randrange(len(text) + 1)
            action = _RNG.randrange(3)
            if action == 0 and text:
                del text[min(at, len(text) - 1)]
            elif action == 1:
                text.insert(at, _RNG.choice(alphabet))
            elif text:
                text[min(at, len(text) - 1)] = _RNG.choice(alphabet)
        mutated = "".join(text)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                if kind == "journal":
                    replay(mutated, "fuzz.jsonl")
                else:
                    parse_shoes(mutated, f"fuzz.{kind}")
        except RoadsError:
            pass
        except Exception as error:
            name = f"{kind}: {type(error).__name__}"
            failures[name] = failures.get(name, 0) + 1
            first = first or f"{name}: {error} on {mutated!r}"
    print(
        f"7. {FUZZ} fuzzed reader inputs (journal, notation, CSV, JSON Lines): exceptions other "
        f"than a refusal: {sum(failures.values())} {failures or ''}"
        + (f"\n   first: {first[:300]}" if first else "")
    )
    return not failures


# -- 8. workers ------------------------------------------------------------------------------------


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


def _children(pid: int) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                fields = Path(f"/proc/{name}/stat").read_text().rpartition(")")[2].split()
            except OSError:
                continue
            if int(fields[1]) == pid and fields[0] not in ("Z", "X"):
                found.append(int(name))
    return found


def _stopped_after(args: list[str], *, workers: int, how: signal.Signals) -> float | None:
    """Seconds until every process of ``roads ARGS`` is gone after ``how``, sent a second
    after its workers started (None: not within 10 s)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "roads", *args],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    _until(lambda: len(_children(process.pid)) >= workers, 60)
    pids = [process.pid, *_children(process.pid)]
    time.sleep(1)
    process.send_signal(how)
    gone = _until(lambda: process.poll() is not None and not any(map(_alive, pids)), 10)
    for pid in pids:
        if _alive(pid):
            os.kill(pid, signal.SIGKILL)
    process.wait()
    return gone


def workers_stop(folder: Path) -> bool:
    if not sys.platform.startswith("linux"):
        print("8. workers: skipped (reads /proc)")
        return True
    commands = {
        "simulate --tally": (["simulate", "--shoes", "1000000000", "--tally"], 2, "t.txt"),
        "study": (["study", "--shoes", "300000000"], 1, "s.json"),
    }
    figures, held = [], True
    # Ctrl-C reaches the commands as from a terminal, even where this bench was started with it
    # ignored (a shell's background job): its disposition is passed on to every child.
    signal.signal(signal.SIGINT, signal.default_int_handler)
    for name, (args, workers, out) in commands.items():
        for how in (signal.SIGINT, signal.SIGKILL):
            gone = _stopped_after(
                [*args, "--jobs", "2", "-o", str(folder / out)], workers=workers, how=how
            )
            figures.append(
                f"{name} {how.name}: "
                + (f"{gone:.2f} s" if gone is not None else "NOT gone after 10 s")
            )
            held = held and gone is not None and gone <= WITHIN
    print("8. every process of a stopped command gone: " + "; ".join(figures))
    return held


def more(folder: Path, path: Path) -> list[bool]:
    """Run parts 4 to 8 (``path``: the attacked journal; ``folder``: room for other files)."""
    return [
        kills_under_load(path),
        raw_http(path),
        journal_under_the_server(folder),
        fuzzed_readers(),
        workers_stop(folder),
    ]
