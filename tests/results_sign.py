#!/usr/bin/env python3
"""results_sign.py - the fingerprints and checks of dlx jobs and results
files, written again from their description in dlx_parallel.h (and
`dlx merge --help`), apart from the C code, so that tests can check
dlx against the format and forge lines whose only fault is the one the
test is about.

    results_sign.py jobs-fingerprint JOBS   print the jobs' fingerprint
    results_sign.py sign RESULTS            give each result line the check
                                            its text calls for (in place)
"""
import re
import sys

MASK = (1 << 64) - 1


def fnv(data, h=0xcbf29ce484222325):
    for b in data:
        h = ((h ^ b) * 0x100000001b3) & MASK
    return h


def jobs_fingerprint(path):
    depth = None
    text = b""
    for line in open(path, "rb").read().split(b"\n"):
        m = re.match(rb"# depth (\d+)$", line)
        if m:
            depth = int(m.group(1))
        elif line and not line.startswith(b"#"):
            text += b" ".join(str(int(w)).encode() for w in line.split()) + b"\n"
    return fnv(b"depth %d\n" % depth + text)


def sign(path):
    keys = {}
    out = []
    for line in open(path, "rb").read().split(b"\n"):
        m = re.match(rb"# (fingerprint|jobs-fingerprint) ([0-9a-f]+)$", line)
        if m:
            keys[m.group(1)] = m.group(2)
        m = re.match(rb"(job .*? (?:complete|partial))(?: check [0-9a-f]*)?(.*)$",
                     line)
        if m:
            h = fnv(keys[b"fingerprint"] + b" " + keys[b"jobs-fingerprint"] +
                    b" " + m.group(1))
            line = m.group(1) + b" check %016x" % h + m.group(2)
        out.append(line)
    open(path, "wb").write(b"\n".join(out))


if __name__ == "__main__":
    if sys.argv[1] == "jobs-fingerprint":
        print("%016x" % jobs_fingerprint(sys.argv[2]))
    else:
        sign(sys.argv[2])
