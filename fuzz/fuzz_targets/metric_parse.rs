//! `rouge_metric_parse` on any bytes: no abort; a name it accepts is a metric every call
//! takes (the size query accepts it), and parsing is a function of the bytes (twice, same
//! answer). Names of the known spellings are built from the input too, so that the accepting
//! paths are reached.
#![no_main]

mod common;

use common::*;
use libfuzzer_sys::fuzz_target;
use rouge::capi::*;

const PREFIXES: [&str; 6] = [
    "rouge", "ROUGE-", "Rouge", "rougeW-", "ROUGE-W-", "ROUGE-SU",
];
const SUFFIXES: [&str; 10] = [
    "1",
    "L",
    "Lsum",
    "S4",
    "SU*",
    "S*",
    "1.2",
    "4",
    "é",
    "9999999999999999999",
];

fuzz_target!(|data: &[u8]| {
    let mut inp = Input(data);
    let name: Vec<u8> = if inp.bool() {
        let mut n = inp.pick(&PREFIXES).as_bytes().to_vec();
        n.extend_from_slice(inp.pick(&SUFFIXES).as_bytes());
        n.extend_from_slice(inp.bytes(4));
        n
    } else {
        inp.bytes(64).to_vec()
    };
    let mut m = rouge_metric::default();
    let st = unsafe { rouge_metric_parse(name.as_ptr() as *const _, name.len(), &mut m) };
    status_in(st, &[ROUGE_OK, ROUGE_ERR_INVALID_ARGUMENT], "metric_parse");
    let mut again = rouge_metric::default();
    let st2 = unsafe { rouge_metric_parse(name.as_ptr() as *const _, name.len(), &mut again) };
    assert_eq!(st, st2);
    if st != ROUGE_OK {
        assert_eq!(m, rouge_metric::default(), "a refused parse wrote");
        return;
    }
    assert_eq!(m.to_bits(), again.to_bits());
    // Lengths of one token: any ROUGE-W weight is then within range (1^w; the size query
    // refuses weights whose k^w overflows for the lengths given, by design).
    let dims = rouge_dims {
        reference_count: 1,
        candidate_len: 1,
        reference_len: 1,
        candidate_sentence_len: 1,
        reference_sentence_len: 1,
    };
    for flavour in [ROUGE_FLAVOUR_ROUGE_SCORE, ROUGE_FLAVOUR_PERL] {
        let mut o = rouge_options::default();
        assert_eq!(unsafe { rouge_options_init(flavour, &mut o) }, ROUGE_OK);
        let mut words = 0;
        let st = unsafe { rouge_scratch_words(&m, 1, &o, &dims, &mut words) };
        assert_eq!(
            st,
            ROUGE_OK,
            "{:?} parsed from {:?} is refused",
            m,
            String::from_utf8_lossy(&name)
        );
    }
});

trait Bits {
    fn to_bits(&self) -> (u32, u32, i64, u64);
}
impl Bits for rouge_metric {
    fn to_bits(&self) -> (u32, u32, i64, u64) {
        (self.kind, self.n, self.skip, self.weight.to_bits())
    }
}
