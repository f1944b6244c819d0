"""A faster JSON decoder for many logs: msgspec, when the `fast` extra is
installed (`pip install 'stixxcli[fast]'`).

It stands in for `json.loads` only where it gives the very same value. msgspec
refuses what json refuses, but keeps the last of a key given twice, where we
refuse the log; and a few texts json accepts it refuses (NaN, lone surrogates,
a number of 4,300 digits). So `decode` returns None for all of those, and the
caller parses again with json to give its exact verdict.

msgspec's import costs nearly what Python's own start-up does, more than one
log gains from it: it is imported once this process has parsed QUICK_AFTER
characters of JSON, the size at which it has paid for itself.
"""

from __future__ import annotations

QUICK_AFTER = 1_000_000
COMPARED_UP_TO = 1_000_000  # characters of a text compared with what was read, rather than counted

_parsed = 0
_codec = None  # (decode, encode) once imported; False when not installed
# The last text read that is just as msgspec writes it, and those bytes: what
# gamelog.log_digest hashes for the log without looking at the text again.
written: tuple[str, bytes] | tuple[None, None] = (None, None)


def decode(text: str):
    """The value of a JSON text, or None where json.loads must decide."""
    global _parsed, _codec, written
    if _codec is None:
        _parsed += len(text)
        if _parsed < QUICK_AFTER:
            return None
        _codec = _load()
    if not _codec or ("\\" in text and "\\u" in text):  # a lone "\\" is quick to look for
        return None
    decode, encode = _codec
    try:
        value = decode(text)
    except Exception:  # msgspec refuses it: json's own message (or value) decides
        return None
    read = encode(value)
    # Written again as it was read, between blanks: no key was given twice,
    # as what is written holds each key once. A log that stixx wrote reads
    # back so. (Not for a text of megabytes: no log is, and a copy would cost.)
    if len(text) <= COMPARED_UP_TO and read == text.encode().strip():
        written = (text, read)
        return value
    # A key given twice leaves one ":" fewer in what was read than in the text.
    # This counts true: without a \\u escape, a ":" in read text stood as
    # itself in the text, so neither count can make up for the other.
    if text.count(":") != read.count(b":"):
        return None
    return value


def json_of(value) -> bytes | None:
    """The JSON msgspec writes of `value`, once msgspec is in use (None before,
    or for what it cannot write). Of a value read from JSON (no NaN, set or
    tuple) a fingerprint as gamelog.fingerprint's marshal makes, telling true
    from 1 and 1 from 1.0 too, at twice the speed."""
    if _codec:
        try:
            return _codec[1](value)
        except Exception:  # not JSON: the caller's slower way decides
            pass
    return None


def at_once() -> None:
    """msgspec from the first log on, for a process that only reads logs (a
    `validate --jobs` worker): it would otherwise parse a megabyte with json
    first, once in every worker."""
    global QUICK_AFTER
    QUICK_AFTER = 0


def _load():
    try:
        import msgspec
    except ImportError:
        return False
    return msgspec.json.Decoder().decode, msgspec.json.Encoder().encode
