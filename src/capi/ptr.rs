//! Pointer plumbing: C pointers and lengths checked and turned into references, the one
//! place where the C layer's raw pointers become slices.
//!
//! `(NULL, 0)` is an empty array (Go's nil slices produce it; `slice::from_raw_parts` would
//! be undefined behaviour on NULL, which is why rustls-ffi's `try_slice!` refuses it); NULL
//! with a length is `ROUGE_ERR_NULL_POINTER`; a misaligned pointer or a size above
//! `isize::MAX` bytes is refused, so every `from_raw_parts` here is sound given the caller's
//! contract that the memory is valid for the call.

use core::mem::{align_of, size_of};

use super::status::{
    rouge_status, ROUGE_ERR_INPUT_TOO_LONG, ROUGE_ERR_INVALID_ARGUMENT, ROUGE_ERR_NULL_POINTER,
    ROUGE_ERR_SCRATCH_MISALIGNED, ROUGE_OK,
};

/// The status of a call's body: `ROUGE_OK` or its error.
pub(crate) fn code(r: Result<(), rouge_status>) -> rouge_status {
    match r {
        Ok(()) => ROUGE_OK,
        Err(s) => s,
    }
}

/// Checks `(ptr, len)` before a slice is made of it: `(NULL, 0)` passes (and makes no slice);
/// NULL with a length, misalignment and sizes above `isize::MAX` are errors. Only the address
/// is read, so the check holds for any pointer and creates no reference.
fn check<T>(ptr: *const T, len: usize) -> Result<(), rouge_status> {
    if len == 0 {
        return Ok(());
    }
    if ptr.is_null() {
        return Err(ROUGE_ERR_NULL_POINTER);
    }
    if !(ptr as usize).is_multiple_of(align_of::<T>()) {
        return Err(ROUGE_ERR_INVALID_ARGUMENT);
    }
    if len
        .checked_mul(size_of::<T>())
        .is_none_or(|b| b > isize::MAX as usize)
    {
        return Err(ROUGE_ERR_INPUT_TOO_LONG);
    }
    Ok(())
}

/// `(ptr, len)` as a slice: `(NULL, 0)` is empty; NULL with a length, misalignment and sizes
/// above `isize::MAX` are errors, so `from_raw_parts` is sound.
///
/// # Safety
/// When `ptr` is not NULL it must point to `len` initialised elements valid for the call.
pub(crate) unsafe fn slice<'a, T>(ptr: *const T, len: usize) -> Result<&'a [T], rouge_status> {
    check(ptr, len)?;
    if len == 0 {
        return Ok(&[]);
    }
    // SAFETY: non-null, aligned, size checked; validity is the caller's contract.
    Ok(unsafe { core::slice::from_raw_parts(ptr, len) })
}

/// As [`slice`], mutable. The reference is made once, from the caller's pointer itself: one
/// derived from a shared slice of the same memory would keep that slice's read-only
/// permission (a `&mut` from a `&`, undefined behaviour under Stacked and Tree Borrows).
///
/// # Safety
/// When `ptr` is not NULL it must point to `len` writable elements valid for the call and not
/// aliased by any other argument.
pub(crate) unsafe fn slice_mut<'a, T>(
    ptr: *mut T,
    len: usize,
) -> Result<&'a mut [T], rouge_status> {
    check(ptr, len)?;
    if len == 0 {
        return Ok(&mut []);
    }
    // SAFETY: non-null, aligned, size checked; validity and exclusivity are the caller's
    // contract.
    Ok(unsafe { core::slice::from_raw_parts_mut(ptr, len) })
}

/// The caller's scratch: NULL with a size, or a misaligned pointer, are errors.
///
/// # Safety
/// As [`slice_mut`].
pub(crate) unsafe fn scratch<'a>(
    ptr: *mut u64,
    words: usize,
) -> Result<&'a mut [u64], rouge_status> {
    if words > 0 && !ptr.is_null() && !(ptr as usize).is_multiple_of(align_of::<u64>()) {
        return Err(ROUGE_ERR_SCRATCH_MISALIGNED);
    }
    // SAFETY: forwarded contract.
    unsafe { slice_mut(ptr, words) }
}

/// Reads the struct `*p`.
///
/// # Safety
/// `p` is NULL or points to a valid `T`.
pub(crate) unsafe fn read<T: Copy>(p: *const T) -> Result<T, rouge_status> {
    if p.is_null() {
        return Err(ROUGE_ERR_NULL_POINTER);
    }
    if !(p as usize).is_multiple_of(align_of::<T>()) {
        return Err(ROUGE_ERR_INVALID_ARGUMENT);
    }
    // SAFETY: non-null and aligned; validity is the caller's contract.
    Ok(unsafe { p.read() })
}

/// Checks an output pointer before anything is computed.
pub(crate) fn out_ptr<T>(p: *mut T) -> Result<*mut T, rouge_status> {
    if p.is_null() {
        Err(ROUGE_ERR_NULL_POINTER)
    } else if !(p as usize).is_multiple_of(align_of::<T>()) {
        Err(ROUGE_ERR_INVALID_ARGUMENT)
    } else {
        Ok(p)
    }
}

/// `out` as a writable array of `len` elements, checked before anything is computed; NULL is
/// allowed when `len` is 0.
///
/// # Safety
/// As [`slice_mut`].
pub(crate) unsafe fn out_array<'a, T>(
    out: *mut T,
    len: usize,
) -> Result<&'a mut [T], rouge_status> {
    let out = if len == 0 { out } else { out_ptr(out)? };
    // SAFETY: forwarded contract.
    unsafe { slice_mut(out, len) }
}
