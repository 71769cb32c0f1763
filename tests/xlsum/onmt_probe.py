#!/usr/bin/env python3
"""pyonmttok's answer to each input line: a JSON string in, `Tokenizer("aggressive")
.tokenize(s)[0]` as a JSON list out (tests/xlsum_onmt.rs feeds it). Run with the reference
environment's Python (tests/xlsum/oracle-env.sh)."""
import json, sys

import pyonmttok

assert pyonmttok.__version__ == "1.38.1", pyonmttok.__version__
tok = pyonmttok.Tokenizer("aggressive").tokenize
out = sys.stdout
for line in sys.stdin:
    out.write(json.dumps(tok(json.loads(line))[0], ensure_ascii=False))
    out.write("\n")
