//! Metrics handed to text scoring in chunks of at most [`CHUNK`], so that the C layer can
//! convert a C array of any length on the stack ([`MetricSource`]), and a Rust slice as one
//! ([`Slice`]). Both text paths (`score` and `short`) take them.

use crate::{Error, Metric};

/// Receives one chunk of metrics and its offset.
pub(crate) type ChunkFn<'f> = dyn FnMut(usize, &[Metric]) -> Result<(), Error> + 'f;

/// Metrics handed over in chunks of at most [`CHUNK`] (the C layer converts them on the stack).
pub(crate) trait MetricSource {
    /// Calls `f(offset, chunk)` for consecutive chunks of at most [`CHUNK`] metrics, in order.
    fn chunks(&self, f: &mut ChunkFn) -> Result<(), Error>;
}

/// Metrics scored per pass over the tokens.
pub(crate) const CHUNK: usize = 32;

/// A slice of metrics as a [`MetricSource`].
pub(crate) struct Slice<'a>(pub(crate) &'a [Metric]);

impl MetricSource for Slice<'_> {
    fn chunks(&self, f: &mut ChunkFn) -> Result<(), Error> {
        for (i, c) in self.0.chunks(CHUNK).enumerate() {
            f(i * CHUNK, c)?;
        }
        Ok(())
    }
}
