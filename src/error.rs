//! The one error type of every call, and the input length limit behind `InputTooLong`.

/// Every way a call can fail. Outputs are never written when a call fails.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Error {
    /// The scratch buffer holds fewer words than the call needs (`needed` words).
    ScratchTooSmall {
        /// Words the call needs.
        needed: usize,
    },
    /// An output buffer (token ids, sentence ends, results) is smaller than the input needs.
    OutputTooSmall,
    /// An argument is outside its domain (n = 0, weight < 1, no references, bad sentence ends, ...).
    InvalidArgument,
    /// A length is too large: positions must fit in 32 bits and sizes must not overflow.
    InputTooLong,
    /// A text is not valid UTF-8.
    InvalidUtf8,
    /// A text contains a NUL byte.
    EmbeddedNul,
}

/// Positions and counts inside the kernels are `u32`; longer inputs are refused.
pub const MAX_INPUT_LEN: usize = (u32::MAX - 1) as usize;
