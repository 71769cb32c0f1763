//! The versions a host checks against its header: the ABI's and the library's.

use core::ffi::c_char;

/// Version of this ABI: changes whenever a signature or a struct layout changes.
pub const ROUGE_ABI_VERSION: u32 = 2;

/// The ABI version this library implements (`ROUGE_ABI_VERSION` of its header).
#[no_mangle]
pub extern "C" fn rouge_abi_version() -> u32 {
    ROUGE_ABI_VERSION
}

/// The library version as a static NUL-terminated string ("MAJOR.MINOR.PATCH"); never NULL.
#[no_mangle]
pub extern "C" fn rouge_version() -> *const c_char {
    concat!(env!("CARGO_PKG_VERSION"), "\0").as_ptr() as *const c_char
}
