//! The panic handler of the C artifacts (feature `capi`), which are `no_std`. No panic is
//! reachable by design; if one were, the process must stop rather than unwind across the C ABI
//! ([`crate::arch::stop`]: `abort()` where there is a C library, a trap where there is none).

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    crate::arch::stop::stop()
}
