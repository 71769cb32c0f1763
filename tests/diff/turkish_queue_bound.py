#!/usr/bin/env python3
"""How long can TurkishStemmer 1.3's transition deque get? (src/stem/turkish/machines.rs,
QUEUE_CAPACITY.) An exhaustive exploration of an over-approximation of `_genericSuffixStripper`:
a queue entry keeps its start and next state, its suffix, its `marked` flag and only what is known
of its word's ending (the suffix alternative it matched; the letters before it are free, and so are
vowel harmony, protected words and optional letters), and every outcome the real code could have
is followed (the stem kept, the suffix removed with or without the optional letter, the batch of
transitions of the next state for every ending the stem could have). Every queue the real code
reaches is reached here, so the longest queue found bounds the real one when the exploration ends.

It ends for the nominal verb machine (longest queue 3) and the derivational one (1). The noun
machine's cycles through its non-final states (D -nDA-> F -ki-> D) let the abstract queue grow
without end, so for it the script stops after --cap states and prints the longest queue so far,
which bounds nothing. Needs TurkishStemmer 1.3 (the venv of tests/diff/stems_other.sh):
  target/venv-stems-other/bin/python tests/diff/turkish_queue_bound.py [--cap N]
"""
import argparse

from TurkishStemmer.states import DerivationalState, NominalVerbState, NounState


def alts(suffix):
    return suffix.pattern.pattern[1:-2].split("|")


def optional(suffix):
    p = suffix._optionalLetterPattern
    return p.pattern[1:-2].split("|") if p else []


def explore(module, names, cap):
    states = [getattr(module, k) for k in names]
    index = {id(s): i for i, s in enumerate(states)}

    def endings(state, known):
        """The endings a word known to end with `known` can show `state`'s suffixes."""
        out = {known}
        for x in state.suffixes:
            out.update(a for a in alts(x) if a.endswith(known))
        return out

    def batch(state, ending):
        return tuple((index[id(state)], index[id(state.NextState(x))], i, False, ending)
                     for i, x in enumerate(state.suffixes) if any(ending.endswith(a) for a in alts(x)))

    def stems(state, i, ending):
        """What is known of the stems a transition can produce (when it changes the word)."""
        x = states[state].suffixes[i]
        a = next(a for a in alts(x) if ending.endswith(a))
        out = set()
        for removed in (0, len(a)):
            rest = ending[:len(ending) - removed] if len(ending) >= removed else ""
            drops = {removed}
            if optional(x) and (not rest or rest[-1] in optional(x)):
                drops.add(removed + 1)
            out.update(ending[:len(ending) - r] if len(ending) >= r else "" for r in drops if r)
        return out

    frontier = {batch(states[0], e) for e in endings(states[0], "")}
    seen, longest = set(frontier), 0
    while frontier:
        successors = set()
        for queue in frontier:
            longest = max(longest, len(queue))
            if not queue:
                continue
            (x, y, i, _, ending), rest = queue[0], queue[1:]
            successors.add(rest)
            target = states[y]
            for known in stems(x, i, ending):
                if target.finalState:
                    kept = tuple(t for t in rest if not ((t[0] == x and t[1] == y) or t[3]))
                else:
                    kept = tuple((a, b, c, d or (a == x and b == y), e) for a, b, c, d, e in rest)
                for e in endings(target, known):
                    successors.add(kept + batch(target, e))
        frontier = successors - seen
        seen |= frontier
        if len(seen) > cap:
            print(f"{module.__name__}: stopped at {len(seen)} queues, the longest so far {longest} (no bound)")
            return
    print(f"{module.__name__}: all {len(seen)} reachable queues explored, the longest {longest}")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--cap", type=int, default=300_000)
    args = ap.parse_args()
    explore(NominalVerbState, "ABCDEFGH", args.cap)
    explore(DerivationalState, "AB", args.cap)
    explore(NounState, "ABCDEFGHKLM", args.cap)


if __name__ == "__main__":
    main()
