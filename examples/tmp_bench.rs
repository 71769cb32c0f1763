fn main() {
    let text = std::fs::read_to_string("/work/wt-perlstem/target/perl-stem/expected.tsv").unwrap();
    let toks: Vec<Vec<u8>> = text
        .lines()
        .map(|l| {
            let h = l.split('\t').next().unwrap();
            (0..h.len())
                .step_by(2)
                .map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap())
                .collect()
        })
        .filter(|t: &Vec<u8>| {
            t.len() > 3 && t.len() < 30 && t.iter().all(|b| b.is_ascii_lowercase())
        })
        .collect();
    let mut out = [0u8; 64];
    let mut sum = 0usize;
    for mode in 0..3 {
        let t = std::time::Instant::now();
        for _ in 0..10 {
            for tok in &toks {
                match mode {
                    0 => sum += rouge::text::perl_words::perl_stem(tok, &mut out),
                    1 => sum += rouge::text::perl_words::is_smart_stopword(tok) as usize,
                    _ => {
                        sum += rouge::text::perl_words::perl_stem(
                            b"zzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzzz",
                            &mut out,
                        )
                    }
                }
            }
        }
        let e = t.elapsed();
        println!(
            "mode {mode}: {:.0} ns/token [{}]",
            e.as_nanos() as f64 / (toks.len() * 10) as f64,
            sum
        );
    }
}
