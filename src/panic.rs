//! The panic handler of the C artifacts (feature `capi`), which are `no_std`. No panic is
//! reachable by design; if one were, the process must stop rather than unwind across the C ABI.
//! Where there is a C library (unix, windows: Linux, Android, macOS, iOS) it calls `abort()`;
//! where there is none it traps: the `unreachable` instruction on wasm32 (the host sees a
//! `WebAssembly.RuntimeError`), an undefined instruction on bare-metal Arm and RISC-V (the
//! HardFault or illegal-instruction handler runs), and a spin on any other bare target.

#[panic_handler]
fn panic(_: &core::panic::PanicInfo) -> ! {
    stop()
}

#[cfg(any(unix, windows))]
fn stop() -> ! {
    // SAFETY: abort() takes no arguments and never returns.
    unsafe { libc::abort() }
}

#[cfg(all(not(any(unix, windows)), target_arch = "wasm32"))]
fn stop() -> ! {
    core::arch::wasm32::unreachable()
}

#[cfg(all(
    not(any(unix, windows)),
    any(target_arch = "arm", target_arch = "aarch64")
))]
fn stop() -> ! {
    // SAFETY: `udf` raises an undefined-instruction exception and does not return.
    unsafe { core::arch::asm!("udf #0", options(noreturn, nomem, nostack)) }
}

#[cfg(all(
    not(any(unix, windows)),
    any(target_arch = "riscv32", target_arch = "riscv64")
))]
fn stop() -> ! {
    // SAFETY: `unimp` raises an illegal-instruction exception and does not return.
    unsafe { core::arch::asm!("unimp", options(noreturn, nomem, nostack)) }
}

#[cfg(not(any(
    unix,
    windows,
    target_arch = "wasm32",
    target_arch = "arm",
    target_arch = "aarch64",
    target_arch = "riscv32",
    target_arch = "riscv64"
)))]
fn stop() -> ! {
    // No trap instruction known here and no C library: halt.
    loop {
        core::hint::spin_loop()
    }
}
