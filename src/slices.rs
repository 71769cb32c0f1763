//! Slice access that cannot panic, for the scratch regions and id tables whose lengths the
//! layout guarantees but the compiler cannot see through: each plain index there would be a
//! bounds check whose failure aborts the host process (`ffi-tests/panic-sites.sh` counts them).
//! Where the layout holds these do exactly what indexing does, at the same cost (one compare,
//! or none where the compiler sees the bound); where it did not (a bug), a prefix is clamped and
//! a write outside is dropped instead of aborting the caller's process.

/// The first `n` elements of `s` (all of them if it has fewer).
#[inline(always)]
pub(crate) fn head<T>(s: &[T], n: usize) -> &[T] {
    &s[..n.min(s.len())]
}

/// The first `n` elements of `s`, writable (all of them if it has fewer).
#[inline(always)]
pub(crate) fn head_mut<T>(s: &mut [T], n: usize) -> &mut [T] {
    let n = n.min(s.len());
    &mut s[..n]
}

/// Copies `src` to the start of `dst` (as much as fits).
#[inline(always)]
pub(crate) fn copy_to_head<T: Copy>(dst: &mut [T], src: &[T]) {
    let n = src.len().min(dst.len());
    dst[..n].copy_from_slice(&src[..n]);
}

/// Adds `by` to `s[i]` (wrapping, as counts here never reach the width), if `i` is in range.
#[inline(always)]
pub(crate) fn add_at(s: &mut [u32], i: usize, by: u32) {
    if let Some(x) = s.get_mut(i) {
        *x = x.wrapping_add(by);
    }
}

/// Sets `s[i]` to `v`, if `i` is in range.
#[inline(always)]
pub(crate) fn set_at<T>(s: &mut [T], i: usize, v: T) {
    if let Some(x) = s.get_mut(i) {
        *x = v;
    }
}

/// `s[i]`, or `T::default()` (0) past the end.
#[inline(always)]
pub(crate) fn at<T: Copy + Default>(s: &[T], i: usize) -> T {
    s.get(i).copied().unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn test_in_range_as_indexing_out_of_range_clamped_or_dropped() {
        let mut v = [1u32, 2, 3];
        assert_eq!(head(&v, 2), &[1, 2]);
        assert_eq!(head(&v, 9), &[1, 2, 3]);
        head_mut(&mut v, 1)[0] = 7;
        assert_eq!(v, [7, 2, 3]);
        copy_to_head(&mut v, &[4, 5]);
        assert_eq!(v, [4, 5, 3]);
        copy_to_head(&mut v, &[6, 6, 6, 6]);
        assert_eq!(v, [6, 6, 6]);
        add_at(&mut v, 1, 2);
        add_at(&mut v, 3, 2);
        assert_eq!(v, [6, 8, 6]);
        set_at(&mut v, 0, 1);
        set_at(&mut v, 5, 1);
        assert_eq!(v, [1, 8, 6]);
        assert_eq!((at(&v, 2), at(&v, 3)), (6, 0));
    }
}
