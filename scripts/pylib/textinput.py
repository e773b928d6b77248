"""Line input for the converters: plain or gzip files (recognised by their bytes) or stdin.

lines(paths) yields (name, line_number, text) with the line ending removed; "-" or no path
means stdin. ConvertError carries FILE:LINE and a reason; run(main) prints
"TOOL: FILE:LINE: reason" on stderr and exits 1 (2 for usage errors, from argparse).
"""
import gzip
import io
import os
import sys


class ConvertError(Exception):
    def __init__(self, name, line, reason):
        super().__init__(f"{name}:{line}: {reason}")


def _open(path):
    if path == "-":
        return "<stdin>", io.TextIOWrapper(sys.stdin.buffer, encoding="utf-8", newline="\n")
    raw = open(path, "rb")
    if raw.peek(2)[:2] == b"\x1f\x8b":
        raw = gzip.GzipFile(fileobj=raw)
    return path, io.TextIOWrapper(raw, encoding="utf-8", newline="\n")


def lines(paths):
    for path in paths or ["-"]:
        name, stream = _open(path)
        with stream:
            number = 0
            try:
                for number, text in enumerate(stream, 1):
                    yield name, number, text.rstrip("\n").rstrip("\r")
            except (OSError, EOFError, UnicodeDecodeError) as e:
                raise ConvertError(name, number + 1, f"unreadable: {e}") from None


def run(main):
    tool = os.path.basename(sys.argv[0])
    try:
        main(sys.argv[1:])
        sys.stdout.flush()
    except BrokenPipeError:  # the reader stopped early (e.g. head): quiet, like cat
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        sys.exit(1)
    except (ConvertError, OSError) as e:
        print(f"{tool}: {e}", file=sys.stderr)
        sys.exit(1)
