//! The lines of a text as the tokenisers read them: split at `\n`, empty lines dropped, and, for
//! ROUGE-1.5.5's word and byte limits (`-l`, `-b`), cut as its `readText` and `readText_LCS`
//! cut them (see the module documentation of `text`).

/// How a text is cut into segments (sentences) before tokenisation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Limit {
    None,
    /// `-l N`, both readers.
    Words(usize),
    /// `-b N`, `readText`.
    Bytes(usize),
    /// `-b N`, `readText_LCS`.
    LcsBytes(usize),
}

/// The non-empty lines of a text, cut by a limit as ROUGE-1.5.5's readers do.
pub(super) struct Segments<'t> {
    pub(super) rest: Option<&'t [u8]>,
    pub(super) limit: Limit,
    pub(super) count: usize,
}

/// Perl's white space (`\s` on a byte string).
fn perl_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | 0x0B | 0x0C)
}

/// Fields of Perl's `split(/\s+/, line)` and the end of field `k` (1-based; the line's end
/// when it has fewer): a leading empty field when the line starts with white space, none at
/// the end.
fn perl_fields(line: &[u8], k: usize) -> (usize, usize) {
    let mut fields = usize::from(line.first().is_some_and(|&b| perl_space(b)));
    let mut end_of_k = if fields >= k { Some(0) } else { None };
    let mut i = 0;
    let mut words = 0;
    while i < line.len() {
        if perl_space(line[i]) {
            i += 1;
            continue;
        }
        while i < line.len() && !perl_space(line[i]) {
            i += 1;
        }
        words += 1;
        fields += 1;
        if end_of_k.is_none() && fields >= k {
            end_of_k = Some(i);
        }
    }
    // A line of white space only has no fields at all.
    let fields = if words == 0 { 0 } else { fields };
    (fields, end_of_k.unwrap_or(line.len()))
}

impl<'t> Iterator for Segments<'t> {
    type Item = &'t [u8];

    fn next(&mut self) -> Option<&'t [u8]> {
        loop {
            let rest = self.rest?;
            let line = match rest.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.rest = Some(&rest[i + 1..]);
                    &rest[..i]
                }
                None => {
                    self.rest = None;
                    rest
                }
            };
            if line.is_empty() {
                continue;
            }
            let (whole, cut) = match self.limit {
                Limit::None => (true, line.len()),
                Limit::Words(n) => {
                    let (fields, end) = perl_fields(line, n - self.count);
                    self.count += fields;
                    (self.count < n, end)
                }
                Limit::Bytes(n) => {
                    let fits = self.count + line.len() < n;
                    let cut = if fits { line.len() } else { n - self.count };
                    self.count += line.len();
                    (fits, cut)
                }
                Limit::LcsBytes(n) => (line.len() < n, line.len().min(n)),
            };
            if !whole {
                self.rest = None;
            }
            return Some(&line[..cut]);
        }
    }
}
