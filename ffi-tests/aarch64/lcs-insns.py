#!/usr/bin/env python3
"""Static instruction counts of the long-pattern LCS loops in an aarch64 disassembly.

    aarch64-linux-gnu-objdump -d --no-show-raw-insn librouge.a | lcs-insns.py [WORDS]

Finds, in the functions of `rouge::lcs`, the innermost loops (a backward branch and the code
back to its target, holding no other such loop) that update WORDS words (default 8: one
512-row block; one `bic`, V & !M, per word), and prints per loop its instructions per text token, per 64
DP cells, and the kinds that matter: flag materialisations (`cset`, `csinc`, `ccmp`),
conditional branches beyond the loop's own (bounds checks and, when the compiler broke the
carry chain, per-word carry branches), loads and stores, and whether the loop reads and writes
the carry byte (`ldrb`/`strb`: a block after the first / before the last) and whether it keeps
the columns (the LCS readout's variants: a `memcpy` call, or the words stored with `stp`).
`make -C ffi-tests/aarch64 lcs-insns` runs it on the library it builds.
"""
import re
import sys

words = int(sys.argv[1]) if len(sys.argv) > 1 else 8
funcs, name = {}, None
for line in sys.stdin:
    head = re.match(r"^[0-9a-f]+ <(.*)>:$", line)
    if head:
        name = head.group(1)
        funcs[name] = []
        continue
    insn = re.match(r"^\s*([0-9a-f]+):\s+(\S+)\s*(.*)$", line)
    if insn and name is not None:
        funcs[name].append((int(insn.group(1), 16), insn.group(2), insn.group(3)))

BRANCHES = ("b", "cbz", "cbnz", "tbz", "tbnz")
found = 0
for name, body in funcs.items():
    if "5rouge3lcs" not in name:
        continue
    index = {a: k for k, (a, _, _) in enumerate(body)}
    loops = []
    for k, (addr, op, args) in enumerate(body):
        if not (op in BRANCHES or op.startswith("b.")):
            continue
        target = re.search(r"\b([0-9a-f]+) <", args)
        if target and int(target.group(1), 16) <= addr and int(target.group(1), 16) in index:
            loops.append((index[int(target.group(1), 16)], k))
    inner = [
        (s, e) for s, e in loops if not any((s, e) != (s2, e2) and s <= s2 and e2 <= e for s2, e2 in loops)
    ]
    for s, e in sorted(inner):
        ops = [op for _, op, _ in body[s : e + 1]]
        # One `bic` (V & !M) per word in every variant, even where the carry chain broke up.
        if ops.count("bic") < words:
            continue
        found += 1
        n = len(ops)
        flags = sum(op in ("cset", "csinc", "ccmp") for op in ops)
        branches = sum(op.startswith("b.") or op in ("cbz", "cbnz", "tbz", "tbnz") for op in ops) - 1
        loads = sum(op.startswith("ld") for op in ops)
        stores = sum(op.startswith("st") for op in ops)
        kind = "+".join(
            k
            for k, present in (
                ("carry in", "ldrb" in ops),
                ("carry out", "strb" in ops),
                # Each column's words stored in pairs (`stp`), or copied by a call.
                ("columns kept", "bl" in ops or ops.count("stp") >= words // 2),
            )
            if present
        ) or "first and last block"
        print(
            f"{name.split('17h')[0]} loop at {body[s][0]:#x}: {n} instructions a token "
            f"({n / words:.2f} per 64 cells): {flags} cset/csinc/ccmp, {branches} other "
            f"conditional branches, {loads} loads, {stores} stores [{kind}]"
        )
if not found:
    sys.exit(f"no {words}-word LCS loop found")
